/**
 * Boundaries the random audit never landed on, against compiled Go (fixtures/go-boundaries.json.gz,
 * README beside it): GetBitcoinSettleAmounts at bb2de824 (v0.2.10), bd1fd508 (v0.2.11, with
 * SettleAccounts' collateral condition), d8b8e907 (v0.2.12), 17808620 (v0.2.13) and
 * GetBitcoinSettleAmountsWithTransfers at ee730031 (v0.2.14), each boundary with one step on each side,
 * plus SettleAccounts' decision to write a SettleAmount (the checked add of v0.2.14).
 */
import { describe, expect, it } from "vitest";
import { settleAccounts } from "../../src/settlement/settle-accounts.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";
import { divergences, portOutput, readGoFixture, toInput, type GoOutput } from "./go-fixture.js";

const { cases } = readGoFixture("go-boundaries.json.gz");
const byName = (name: string) => {
  const c = cases.find((x) => x.name === name);
  if (c === undefined) throw new Error(`no fixture case ${name}`);
  return c;
};
/** The port's reward coins for a named case, checked equal to Go's first. */
function rewards(name: string, version: ChainVersion): string[] {
  const c = byName(name);
  const ts = portOutput(c.input, version, true) as GoOutput;
  expect(ts.results, `${name} ${version}`).toEqual(c.outputs[version]!.results);
  return ts.results.map((r) => r.rewardCoins);
}
const out = (name: string, version: ChainVersion) => portOutput(byName(name).input, version, true) as GoOutput;

/** The versions the Go harness was compiled at (bb2de824, bd1fd508, d8b8e907, 17808620, ee730031). */
const GO_VERSIONS = ["v0.2.10", "v0.2.11", "v0.2.12", "v0.2.13", "v0.2.14"] as const satisfies readonly ChainVersion[];

describe("settlement boundaries vs compiled Go", () => {
  it("the fixture holds Go's outputs at exactly the five compiled versions", () => {
    const held = new Set(cases.flatMap((c) => Object.keys(c.outputs)));
    expect([...held].sort()).toEqual([...GO_VERSIONS].sort());
  });

  for (const version of GO_VERSIONS) {
    it(`${version}: every case pays what Go paid, with the same error rows and SettleAmount writes`, () => {
      expect(cases.filter((c) => c.outputs[version] !== undefined).length).toBeGreaterThan(20);
      expect(divergences(cases, version, true)).toEqual([]);
    });
  }

  it("v0.2.15 (settlement code unchanged but for ToLegacyDec's exponent bound, which no case reaches) pays every case as Go's v0.2.14", () => {
    const asV15 = cases.map((c) => ({ ...c, outputs: { "v0.2.15": c.outputs["v0.2.14"]! } }));
    expect(asV15.filter((c) => c.outputs["v0.2.15"] !== undefined).length).toBeGreaterThan(20);
    expect(divergences(asV15, "v0.2.15", true)).toEqual([]);
  });

  it("v0.2.11 collateral adjustment starts after the grace end epoch, not at it", () => {
    expect(rewards("collateral-grace epoch 199, grace end 200", "v0.2.11")).toEqual(["500000", "500000"]);
    expect(rewards("collateral-grace epoch 200, grace end 200", "v0.2.11")).toEqual(["500000", "500000"]);
    expect(rewards("collateral-grace epoch 201, grace end 200", "v0.2.11")).toEqual(["400000", "400000"]);
    expect(out("collateral-grace epoch 201, grace end 200", "v0.2.11").governanceAmount).toBe("200000");
    expect(rewards("collateral-grace no collateral params, epoch 201", "v0.2.11")).toEqual(["500000", "500000"]);
    // v0.2.10 never rescales
    expect(rewards("collateral-grace epoch 201, grace end 200", "v0.2.10")).toEqual(["500000", "500000"]);
  });

  it("a negative confirmation weight counts as 0 (v0.2.12 and v0.2.13+), from −1,000,000 to +1", () => {
    for (const v of ["v0.2.12", "v0.2.13", "v0.2.14"] as const) {
      expect(rewards("confirmation-weight -1000000 among six", v)).toEqual([...Array(5).fill("166666"), "0"]);
      expect(rewards("confirmation-weight -1 among six", v)).toEqual([...Array(5).fill("166666"), "0"]);
      expect(rewards("confirmation-weight 1 among six", v)).toEqual([...Array(5).fill("166666"), "1666"]);
      expect(rewards("confirmation-weight -1000000 among six, rescaled (weight < node total)", v)).toEqual([...Array(5).fill("83333"), "0"]);
    }
  });

  it("supply cap: paid + amount equal to the supply is still under the cap (no scaling, remainder once)", () => {
    const at = (paid: number) => `supply-cap paid ${paid} + 1000000 vs supply 5000000`;
    for (const v of GO_VERSIONS) {
      expect(out(at(3_999_999), v).governanceAmount).toBe("333334");
      expect(out(at(4_000_000), v).governanceAmount).toBe("333334");
      expect(out(at(4_000_000), v).amount).toBe("1000000");
      expect(out(at(4_000_001), v).amount).toBe("999999");
      expect(rewards(at(4_000_001), v)).toEqual(["333332", "333332", "0"]);
      expect(out(at(5_000_000), v).amount).toBe("0");
    }
    const s = (paid: number) => settleAccounts(toInput(byName(at(paid)).input), "v0.2.14").supplyCap;
    expect([s(3_999_999), s(4_000_000), s(4_000_001), s(4_999_999), s(5_000_000), s(5_000_001)]).toEqual(["under-cap", "under-cap", "scaled-to-cap", "scaled-to-cap", "cap-reached", "cap-reached"]);
  });

  it("a debt exactly equal to the reward is repaid without ErrNegativeCoinBalance; one more is the error", () => {
    for (const v of GO_VERSIONS) {
      const flags = (bal: number) => out(`debt balance ${bal} vs reward 500000`, v).results[0]!;
      expect(flags(-499_999)).toMatchObject({ rewardCoins: "1", error: false, settleAmountWritten: true });
      expect(flags(-500_000)).toMatchObject({ rewardCoins: "0", error: false, settleAmountWritten: false });
      expect(flags(-500_001)).toMatchObject({ rewardCoins: "0", error: true, settleAmountWritten: false });
    }
  });

  it("a reward beyond uint64: MaxUint64 before v0.2.14, MaxInt64 from v0.2.14; exactly MaxUint64 is kept", () => {
    const above = "reward-above-uint64: MaxInt64 weight, total wrapped to 1, reward 3";
    expect(rewards(above, "v0.2.13")[0]).toBe("18446744073709551615");
    expect(rewards(above, "v0.2.14")[0]).toBe("9223372036854775807");
    expect(rewards("reward-below-uint64: MaxInt64 weight, total wrapped to 1, reward 2", "v0.2.14")[0]).toBe("18446744073709551614");
    expect(rewards("reward exactly MaxUint64, work coins 0", "v0.2.14")[0]).toBe("18446744073709551615");
    expect(rewards("reward one step above MaxUint64, work coins 0", "v0.2.14")[0]).toBe("9223372036854775807");
  });

  it("work + reward = 2^64: no SettleAmount before v0.2.14 (the sum wraps to 0), written from v0.2.14 (checked add)", () => {
    const c = "reward exactly MaxUint64, work coins 1";
    expect(out(c, "v0.2.13").results[0]!.settleAmountWritten).toBe(false);
    expect(out(c, "v0.2.14").results[0]!.settleAmountWritten).toBe(true);
    expect(settleAccounts(toInput(byName(c).input), "v0.2.13").participants[0]!.settleAmountWritten).toBe(false);
    expect(settleAccounts(toInput(byName(c).input), "v0.2.14").participants[0]!.settleAmountWritten).toBe(true);
  });

  it("v0.2.14 delegation penalty on a weight of exactly MaxInt64 still applies (only a weight above MaxInt64 is skipped)", () => {
    const at = (w: string) => out(`delegation penalty on weight ${w}`, "v0.2.14").results[0]!;
    expect(at("9223372036854775807")).toMatchObject({ rewardCoins: "499999999", rewardWeight: "4611686018427387904" });
    expect(at("9223372036854775806")).toMatchObject({ rewardCoins: "499999999", rewardWeight: "4611686018427387903" });
  });

  it("v0.2.10/11 nodes: the root's when no subgroup lists the participant; nil nodes and short allocations skipped; a negative sum counts 0", () => {
    expect(rewards("root nodes when no subgroup lists the participant, collateral None", "v0.2.10")).toEqual(["50000", "50000"]);
    expect(rewards("root nodes (total 100) for a weight of 50, collateral 10", "v0.2.11")[0]).not.toBe(rewards("root nodes (total 100) for a weight of 50, collateral 10", "v0.2.10")[0]);
    expect(rewards("nil nodes and short timeslot allocations, collateral 10", "v0.2.11")).toEqual(["40000", "40000"]);
    expect(rewards("nil nodes and short timeslot allocations, collateral None", "v0.2.11")).toEqual(["266666", "266666"]);
    expect(rewards("v0.2.10 preserved 30 + confirmation -50", "v0.2.10")[0]).toBe("0");
    expect(rewards("v0.2.10 preserved 60 + confirmation -50", "v0.2.10")[0]).toBe("16666");
  });

  it("the circuit breaker skips the punishment (everyone paid); a total full weight wrapped to 0 pays nobody instead of dividing by it", () => {
    expect(rewards("circuit breaker: every participant missed 60,000 of 100,000", "v0.2.13")).toEqual(Array(5).fill("200000"));
    expect(rewards("total full weight wrapped to 0", "v0.2.14")).toEqual(["0", "0", "0"]);
    expect(out("total full weight wrapped to 0", "v0.2.14").governanceAmount).toBe("1000000");
  });
});
