/** Properties of the backtest over the real epochs 247-249, for any governance p0. */
import fc from "fast-check";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runBacktest, type BacktestEpoch, type BacktestResult } from "../../src/backtest/backtest.js";
import { epochsFromRestDump } from "../../src/sources/epochs.js";
import { proposalInForce, type BacktestSide } from "../../src/backtest/proposal-in-force.js";
import { Decimal } from "../../src/go/decimal.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";
import { REALDATA_DIR } from "../realdata/load.js";

const VERSIONS: Record<string, ChainVersion> = { "247": "v0.2.11", "248": "v0.2.12", "249": "v0.2.12" };
const EPOCHS: BacktestEpoch[] = epochsFromRestDump(join(REALDATA_DIR, "rest")).map((e) => ({ ...e, version: { version: VERSIONS[String(e.epoch)]!, source: "flag", detail: "test" } }));
const today = (side: "A" | "B"): BacktestSide => ({ side, name: "today", file: null, proposal: null });
const p0Side = (side: "A" | "B", permille: number): BacktestSide => {
  const text = (permille / 1000).toFixed(3);
  return { side, name: `p0 ${text}`, file: `p0-${permille}.json`, proposal: { name: `p0 ${text}`, binomTestP0: Decimal.fromString(text) } };
};
const permille = fc.integer({ min: 1, max: 999 });
const missZeroed = (r: BacktestResult, k: "zeroCausesA" | "zeroCausesB"): Set<string> =>
  new Set(r.epochs.flatMap((e) => e.participants.filter((p) => p[k].some((c) => c.code === "failed-miss-test")).map((p) => `${e.epoch}/${p.address}`)));

describe("backtest properties on the real epochs", () => {
  it("the same proposal on both sides moves nothing; coins are conserved on each side", () => {
    fc.assert(
      fc.property(permille, (m) => {
        const r = runBacktest(EPOCHS, p0Side("A", m), p0Side("B", m));
        expect(r.totals.changed).toBe(0);
        for (const e of r.epochs) {
          for (const s of [e.a, e.b]) expect(s.distributed + s.notDistributed).toBe(s.fixedEpochReward);
          expect(e.participants.reduce((x, p) => x + p.delta, 0n)).toBe(e.b.distributed - e.a.distributed);
        }
        expect(r.statusQuo.ok).toBe(true); // the status quo does not depend on the proposals
      }),
      { numRuns: 12 },
    );
  });

  it("swapping A and B negates every delta and swaps winners and losers", () => {
    fc.assert(
      fc.property(permille, (m) => {
        const ab = runBacktest(EPOCHS, today("A"), p0Side("B", m));
        const ba = runBacktest(EPOCHS, p0Side("A", m), today("B"));
        expect(ba.addresses.map((x) => [x.address, -x.delta])).toEqual(ab.addresses.map((x) => [x.address, x.delta]));
        expect(ba.winners.map((x) => x.address)).toEqual(ab.losers.map((x) => x.address));
        expect(ba.totals.gained).toBe(ab.totals.lost);
      }),
      { numRuns: 10 },
    );
  });

  it("up to 0.5, a higher governance p0 never fails more miss tests (the tables are monotone in p0)", () => {
    const tablePermille = fc.integer({ min: 1, max: 500 });
    fc.assert(
      fc.property(tablePermille, tablePermille, (x, y) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        const r = runBacktest(EPOCHS, p0Side("A", lo), p0Side("B", hi));
        const atLo = missZeroed(r, "zeroCausesA");
        for (const k of missZeroed(r, "zeroCausesB")) expect(atLo.has(k), k).toBe(true);
        for (const e of r.epochs) for (const p of e.participants) expect(p.delta >= 0n, `${e.epoch} ${p.address}`).toBe(true);
      }),
      { numRuns: 10 },
    );
  });

  it("above 0.5 governance p0 passes through to Go's direct p-value path, which fails almost everyone (pinned)", () => {
    // 0.501 is not a table: BinomialPValue's direct path returns 0 for 11 missed of 3,764 (the exact test
    // gives p = 0.999999). A voter raising p0 "to be lenient" past 0.5 would zero 23 more participants of 247.
    const r = runBacktest([EPOCHS[0]!], today("A"), p0Side("B", 501));
    const e = r.epochs[0]!;
    expect(e.b.p0Reason).toBe("governance-pass-through");
    expect(e.b.p0).toBe("0.501");
    expect(e.b.zeroed - e.a.zeroed).toBe(23);
    const p = e.participants.find((x) => x.address === "gonka1q5xt54wncgzk7dxv9x64uln68455g83wu9tugg")!;
    expect([p.missed, p.total, p.coinsB]).toEqual([11n, 3764n, 0n]);
    expect(p.zeroCausesB[0]!.detail).toBe("failed the miss test: missed 11 of 3,764 requests; at most 0 allowed at p0 0.501");
  });

  it("a grace-epoch p0 overrides the proposal's BinomTestP0, and says so", () => {
    const e = EPOCHS[2]!;
    const graced = { ...e, input: { ...e.input, graceEpoch: { binomTestP0: { value: 5n, exponent: -1 } } } };
    const f = proposalInForce(p0Side("B", 50), graced.input, "v0.2.12");
    expect(f.notes.join("\n")).toContain("punishment grace epoch p0, which replaces the governance p0");
    const r = runBacktest([graced], today("A"), p0Side("B", 50));
    expect(r.totals.changed).toBe(0);
    expect(r.epochs[0]!.b.graceEpochApplied).toBe(true);
  });

  it("vote_threshold_factor is refused before v0.2.14 and only noted from v0.2.14", () => {
    const side: BacktestSide = { side: "B", name: "f", file: "f.json", proposal: { name: "f", voteThresholdFactor: 67n } };
    expect(() => proposalInForce(side, EPOCHS[0]!.input, "v0.2.13")).toThrow(/f\.json: vote_threshold_factor: epoch 247 settled on chain v0\.2\.13 rules, which have no vote_threshold_factor/);
    const ok = proposalInForce(side, EPOCHS[0]!.input, "v0.2.14");
    expect(ok.input).toBe(EPOCHS[0]!.input);
    expect(ok.notes).toEqual(["B: vote_threshold_factor 67 changes neither settlement nor preservation (it is the devshard vote tally's): no effect here"]);
  });
});
