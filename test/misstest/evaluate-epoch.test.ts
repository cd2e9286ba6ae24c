// evaluateEpoch's per-row view and its exact column, on hand-made epochs: each row's reward before and
// after as Go's loop reads and writes it (a repeated address sees its updated value), the outcome, the
// exact test beside the chain's verdict and whether they differ, the epoch's exact-test budget, and
// where the governance p0 came from. (The rewards themselves are held to the downtime step by
// test/misstest/settlement.test.ts.)
import { describe, expect, it } from "vitest";
import { type ChainDecimal } from "../../src/go/chain-decimal.js";
import { Decimal } from "../../src/go/decimal.js";
import { type EpochInput } from "../../src/misstest/epoch-input.js";
import { evaluateEpoch, exactTestFor } from "../../src/misstest/evaluate-epoch.js";
import { EXACT_MAX_TOTAL } from "../../src/misstest/exact-binomial.js";
import { explainMissedStatTest } from "../../src/misstest/missed-stat-verdict.js";
import type { Participant } from "../../src/misstest/get-dynamic-p0.js";

const dec = (value: bigint, exponent: number): ChainDecimal => ({ value, exponent });
const row = (address: string, ic: bigint, missed: bigint): Participant => ({ address, currentEpochStats: { inferenceCount: ic, missedRequests: missed } });
const U64 = (1n << 64n) - 1n;

/** At p0 0.1 a total of 1497 allows 149 missed by the chain's ratio rule and 169 by the exact test. */
const epoch = (): EpochInput => ({
  epoch: 9n,
  validationParams: { binomTestP0: dec(1n, -1) },
  graceEpoch: null,
  participants: [
    row("big", 200_000n, 0n),
    row("a", 749n, 748n), // zeroed by both
    row("none", 0n, 0n), // no requests
    row("c", 990n, 10n), // kept by both
    row("f", 1337n, 160n), // zeroed by the chain, passed by the exact test
    row("w", U64, 2n), // ic + missed wraps to total 1 < missed 2: the test errs, the reward kept
    row("a", 100n, 0n), // a again: reads the 0 written at its first row
  ],
  rewards: new Map([["a", 1000n], ["c", 500n], ["f", 40n], ["w", 7n], ["big", 3n]]),
});

describe("evaluateEpoch's rows", () => {
  it("each row: reward before and after as the loop reads them, the outcome, the verdict and the exact test beside it", () => {
    const e = evaluateEpoch(epoch());
    expect(Decimal.fromChain(e.p0).toString()).toBe("0.1");
    expect(e.skipPunishment).toBe(false);
    expect(Object.keys(e)).not.toContain("exactSkipped");
    const view = e.participants.map((p) => [p.address, p.rewardBefore, p.rewardAfter, p.outcome]);
    expect(view).toEqual([
      ["big", 3n, 3n, "kept"],
      ["a", 1000n, 0n, "zeroed"],
      ["none", 0n, 0n, "kept-no-requests"],
      ["c", 500n, 500n, "kept"],
      ["f", 40n, 0n, "zeroed"],
      ["w", 7n, 7n, "kept-error"],
      ["a", 0n, 0n, "kept"],
    ]);
    expect([...e.rewards!]).toEqual([["a", 0n], ["c", 500n], ["f", 0n], ["w", 7n], ["big", 3n], ["none", 0n]]);
    expect(e.zeroed).toEqual(["a", "f"]);
    const p0 = Decimal.fromChain(e.p0);
    for (const r of e.participants) {
      if (r.total === 0n) {
        expect(r.verdict).toBeUndefined();
        expect(r.exact).toBeUndefined();
        continue;
      }
      expect(r.verdict).toEqual(explainMissedStatTest(BigInt.asIntN(64, r.missed!), BigInt.asIntN(64, r.total!), p0));
      expect(r.exact).toEqual(exactTestFor(r.missed!, r.total!, e.p0));
    }
    const [big, a, , c, f, w] = e.participants;
    expect([big!.verdictsDiffer, a!.verdictsDiffer, c!.verdictsDiffer, f!.verdictsDiffer]).toEqual([false, false, false, true]);
    expect(f!.exact).toMatchObject({ passed: true, criticalValue: 169n });
    expect(w!.total).toBe(1n);
    expect(w!.verdict!.error).toBeDefined();
    expect(w!.exact).toEqual({ unavailable: "missed outside 0..total" });
    expect(w!.verdictsDiffer).toBeUndefined();
  });

  it("without exact tests: the same rows, none with an exact test", () => {
    const e = evaluateEpoch(epoch(), { exact: false });
    expect(e.participants.map((p) => p.outcome)).toEqual(evaluateEpoch(epoch()).participants.map((p) => p.outcome));
    expect(e.participants.every((p) => p.exact === undefined && p.verdictsDiffer === undefined)).toBe(true);
  });

  it("without reward weights: the verdicts only, no reward before or after, no rewards", () => {
    const e = evaluateEpoch({ ...epoch(), rewards: null });
    expect(e.rewards).toBeNull();
    expect(e.participants.every((p) => p.rewardBefore === null && p.rewardAfter === null)).toBe(true);
    expect(e.participants.map((p) => p.outcome)).toEqual(["kept", "zeroed", "kept-no-requests", "kept", "zeroed", "kept-error", "kept"]);
    expect(e.zeroed).toEqual(["a", "f"]);
  });

  it("the circuit breaker: no row tested, every weight kept", () => {
    const input: EpochInput = { ...epoch(), participants: Array.from({ length: 5 }, (_, i) => row(`o${i}`, 104n, 96n)), rewards: new Map([["o1", 9n]]) };
    const e = evaluateEpoch(input);
    expect(e.skipPunishment).toBe(true);
    expect(e.participants.map((p) => [p.rewardBefore, p.rewardAfter, p.outcome, p.verdict, p.exact])).toEqual(
      Array.from({ length: 5 }, (_, i) => [i === 1 ? 9n : 0n, i === 1 ? 9n : 0n, "not-tested", undefined, undefined]),
    );
    expect([...e.rewards!]).toEqual([["o1", 9n]]);
    expect(e.zeroed).toEqual([]);
  });

  it("past the epoch's exact-test budget: none computed, the reason names the participants and requests it counted", () => {
    // 12 totals of exactly 10^6 at p0 0.1 are past the budget; a row without requests and one above the
    // exact test's limit are not counted
    const ps = [...Array.from({ length: 12 }, (_, i) => row(`m${i}`, 999_000n, 1000n)), row("zero", 0n, 0n), row("huge", 2n * EXACT_MAX_TOTAL, 0n)];
    const e = evaluateEpoch({ ...epoch(), participants: ps, rewards: null });
    expect(Decimal.fromChain(e.p0).toString()).toBe("0.1");
    expect(e.exactSkipped).toMatch(/^the exact tests of this epoch \(12 participants, 12,000,000 requests at p0 0\.1\) are past their budget/);
    expect(e.participants.filter((p) => p.total !== 0n).every((p) => JSON.stringify(p.exact) === '{"unavailable":"past the epoch\'s exact-test budget"}')).toBe(true);
    expect(e.participants.find((p) => p.address === "zero")!.exact).toBeUndefined();
    // an unavailable exact test is no disagreement
    expect(e.participants.every((p) => p.verdictsDiffer === undefined)).toBe(true);
    // without exact tests there is no budget to be past
    expect(Object.keys(evaluateEpoch({ ...epoch(), participants: ps, rewards: null }, { exact: false }))).not.toContain("exactSkipped");
    // nor at a p0 outside (0, 1) (one whose denominator would put these totals past it), where no exact test exists: each row says so
    const outside = evaluateEpoch({ ...epoch(), validationParams: { binomTestP0: dec(1000001n, -6) }, participants: ps, rewards: null });
    expect(Decimal.fromChain(outside.p0).toString()).toBe("1.000001");
    expect(Object.keys(outside)).not.toContain("exactSkipped");
    expect(outside.participants[0]!.exact).toEqual({ unavailable: "p0 1.000001 outside (0, 1)" });
  });
});

describe("exactTestFor's limits", () => {
  const p = dec(1n, -1);
  it("a total above 10^6 is refused by its own words; 10^6 itself reaches the size check", () => {
    expect(exactTestFor(1n, EXACT_MAX_TOTAL + 1n, p)).toEqual({ unavailable: "total 1,000,001 requests is above the exact test's limit of 1,000,000" });
    const long = exactTestFor(1n, EXACT_MAX_TOTAL, dec(123456789012345678n, -18));
    expect("unavailable" in long && long.unavailable).toMatch(/more than its limit of 10000000/);
  });

  it("a p0 outside (0, 1) has no exact test", () => {
    expect(exactTestFor(1n, 10n, dec(0n, 0))).toEqual({ unavailable: "p0 0 outside (0, 1)" });
    expect(exactTestFor(1n, 10n, dec(1n, 0))).toEqual({ unavailable: "p0 1 outside (0, 1)" });
    expect(exactTestFor(1n, 10n, dec(-1n, -1))).toEqual({ unavailable: "p0 -0.1 outside (0, 1)" });
  });

  it("missed within 0..total: the ends are tested, outside them not", () => {
    expect(exactTestFor(-1n, 10n, p)).toEqual({ unavailable: "missed outside 0..total" });
    expect(exactTestFor(11n, 10n, p)).toEqual({ unavailable: "missed outside 0..total" });
    expect(exactTestFor(0n, 10n, p)).toMatchObject({ passed: true, pValueText: "1" });
    expect(exactTestFor(10n, 10n, p)).toMatchObject({ passed: false });
  });

  it("the critical value kept by total is the one computed", () => {
    const cache = new Map<bigint, bigint>();
    const first = exactTestFor(160n, 1497n, p, cache);
    expect(cache.get(1497n)).toBe(169n);
    expect(exactTestFor(170n, 1497n, p, cache)).toMatchObject({ passed: false, criticalValue: 169n });
    expect(first).toEqual(exactTestFor(160n, 1497n, p));
  });
});

describe("the governance p0's source", () => {
  const gov = (validationParams: EpochInput["validationParams"], graceEpoch: EpochInput["graceEpoch"]) => evaluateEpoch({ ...epoch(), validationParams, graceEpoch }, { exact: false }).governance;
  it("grace epoch, validation params, the defaults, unset", () => {
    expect(gov({ binomTestP0: dec(2n, -1) }, { binomTestP0: dec(5n, -1) })).toEqual({ source: "grace-epoch", binomTestP0: dec(5n, -1) });
    expect(gov({ binomTestP0: dec(2n, -1) }, { binomTestP0: null })).toEqual({ source: "validation-params", binomTestP0: dec(2n, -1) });
    expect(gov(null, { binomTestP0: null })).toEqual({ source: "default-params", binomTestP0: dec(1n, -1) });
    expect(gov(null, null)).toEqual({ source: "default-params", binomTestP0: dec(1n, -1) });
    expect(gov({ binomTestP0: null }, null)).toEqual({ source: "unset", binomTestP0: null });
  });
});
