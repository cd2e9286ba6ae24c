/**
 * Second audit of the settlement port against compiled Go (fixtures/go-audit-settle.json.gz, README
 * beside it): GetBitcoinSettleAmounts at d8b8e907 (v0.2.12) and 17808620 (v0.2.13), and
 * GetBitcoinSettleAmountsWithTransfers at ee730031 (v0.2.14), run on the same inputs. Every
 * participant's work coins, reward coins and debt error, the minted amount, the governance remainder
 * and (v0.2.14) each reward/full weight must be the Go values; where Go panicked, the port throws.
 */
import { describe, expect, it } from "vitest";
import type { SettleAmounts } from "../../src/settlement/get-bitcoin-settle-amounts.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";
import { divergences, portOutput, readGoFixture, settleRegimes, type GoOutput } from "./go-fixture.js";

const doc = readGoFixture("go-audit-settle.json.gz");

const VERSIONS: ChainVersion[] = ["v0.2.12", "v0.2.13", "v0.2.14"];

// The regimes the port itself entered on cases where it agreed with Go, counted by the runs below.
const seen = new Map<string, number>();
const hit = (k: string) => seen.set(k, (seen.get(k) ?? 0) + 1);
const regimes = (s: SettleAmounts): void => settleRegimes(s).forEach(hit);

describe("settlement vs compiled Go (second audit)", () => {
  for (const version of VERSIONS) {
    it(`${version}: every case pays what Go paid (or throws where Go panicked)`, () => {
      expect(divergences(doc.cases, version, false, (s) => regimes(s), () => hit("throws where Go panicked"))).toEqual([]);
    });
  }

  it("the port itself entered every risky regime on cases where it agreed with Go (after the runs above)", () => {
    // Counted from the port's own answers, not from the fixture's tags: a port that never capped, never
    // scaled to the supply cap, never flagged a debt or never moved delegated weight fails here.
    for (const k of ["throws where Go panicked", "power capped", "scaled-to-cap", "cap-reached", "debt beyond the reward", "debt repaid", "delegation moved weight", "fixed reward error", "miss test punished", "effective weight lowered to the full weight", "reward above int64", "total full weight wrapped"]) {
      expect(seen.get(k) ?? 0, k).toBeGreaterThan(0);
    }
  });

  it("the divergences found by the audit stay fixed (repeated address in debt; LegacyDec text out of range)", () => {
    const c = doc.cases.find((x) => x.name === "divergence-repeated-address-debt-flag")!;
    const ts = portOutput(c.input, "v0.2.14") as GoOutput;
    // Go: the second row of gonka1a carries no debt error, so the supply cap scales it like gonka1b.
    expect(ts.results.map((r) => [r.rewardCoins, r.error])).toEqual([["0", true], ["250", false], ["250", false]]);
    const d = doc.cases.find((x) => x.name === "divergence-scale-factor-out-of-legacydec-range")!;
    expect((portOutput(d.input, "v0.2.13") as GoOutput).results.map((r) => r.rewardCoins)).toEqual(d.outputs["v0.2.13"]!.results.map((r) => r.rewardCoins));
  });
});
