/**
 * v0.2.15's one settlement switch (zpoken/gonka@89ff8bdb types/params.go: ToLegacyDec rejects exponents
 * outside ±18): on the boundary and one step each side, through the functions that read it.
 */
import { describe, expect, it } from "vitest";
import { chainDecimalToLegacyDec } from "../../src/go/chain-decimal.js";
import { GoError } from "../../src/go/errors.js";
import { legacyDecOrOne } from "../../src/preserved/coefficient-adjusted-weight.js";
import { delegationShareOfWeight } from "../../src/settlement/delegation-reward-transfers.js";
import { toLegacyDecExponentBound } from "../../src/settlement/to-legacy-dec-exponent-bound.js";
import { settleAccounts } from "../../src/settlement/settle-accounts.js";
import type { SettlementInput } from "../../src/settlement/settlement-types.js";

const ONE = 10n ** 18n;

describe("ToLegacyDec's exponent bound (v0.2.15)", () => {
  it("is 18 from v0.2.15 and absent before", () => {
    expect(toLegacyDecExponentBound("v0.2.14")).toBeNull();
    expect(toLegacyDecExponentBound("v0.2.15")).toBe(18);
  });

  it("exponents -18 and 18 convert under both; -19 and 19 only before v0.2.15", () => {
    for (const bound of [null, 18]) {
      expect(chainDecimalToLegacyDec({ value: 1n, exponent: -18 }, bound).i).toBe(1n);
      expect(chainDecimalToLegacyDec({ value: 1n, exponent: 18 }, bound).i).toBe(10n ** 18n * ONE);
    }
    expect(chainDecimalToLegacyDec({ value: 10n, exponent: -19 }, null).i).toBe(1n);
    expect(chainDecimalToLegacyDec({ value: 1n, exponent: 19 }, null).i).toBe(10n ** 19n * ONE);
    expect(() => chainDecimalToLegacyDec({ value: 10n, exponent: -19 }, 18)).toThrow(GoError);
    expect(() => chainDecimalToLegacyDec({ value: 1n, exponent: 19 }, 18)).toThrow(GoError);
  });

  it("LegacyDecOrOne falls back to 1 and delegationShareOfWeight to 0 on a rejected exponent", () => {
    expect(legacyDecOrOne({ value: 10n, exponent: -19 }, null).i).toBe(1n);
    expect(legacyDecOrOne({ value: 10n, exponent: -19 }, 18).i).toBe(ONE);
    expect(delegationShareOfWeight({ value: 10n, exponent: -19 }, ONE, null)).toBe(1n);
    expect(delegationShareOfWeight({ value: 10n, exponent: -19 }, ONE, 18)).toBe(0n);
    expect(delegationShareOfWeight({ value: 1n, exponent: -18 }, ONE, 18)).toBe(1n);
  });

  it("settles one epoch differently under v0.2.14 and v0.2.15 only when a confirmation scale's exponent is past ±18", () => {
    const epoch = (scale: { value: bigint; exponent: number }): SettlementInput => ({
      epoch: 300n,
      participants: ["a", "b"].map((x) => ({ address: `gonka1${x}`, status: "ACTIVE" as const, coinBalance: 0n, currentEpochStats: { inferenceCount: 100n, missedRequests: 0n } })),
      validationWeights: [
        { memberAddress: "gonka1a", weight: 1000n, confirmationWeight: 600n, mlNodes: [] },
        { memberAddress: "gonka1b", weight: 1000n, confirmationWeight: 1000n, mlNodes: [] },
      ],
      subgroups: [{ modelId: "m", validationWeights: ["a", "b"].map((x) => ({ memberAddress: `gonka1${x}`, mlNodes: [{ nodeId: "n", pocWeight: 1000n, throughput: 0n, timeslotAllocation: [true, false] }] })) }],
      confirmationWeightScales: [{ modelId: "m", weightScaleFactor: scale }],
      pocModelScales: [],
      collateralGracePeriodEndEpoch: 0n,
      bitcoinRewardParams: { initialEpochReward: 1_000_000n, decayRate: { value: 0n, exponent: 0 }, genesisEpoch: 1n, useBitcoinRewards: true },
      validationParams: { binomTestP0: { value: 1n, exponent: -1 } },
      graceEpoch: null,
      settleParameters: null,
      delegationRewardTransfers: [],
      delegationRewardPenalties: [],
      exclusions: [],
    });
    const coins = (v: "v0.2.14" | "v0.2.15", scale: { value: bigint; exponent: number }) => settleAccounts(epoch(scale), v).participants.map((p) => p.rewardCoins);
    // 1.0 written with exponent 0: both versions rescale a's weight to 600 of 1,000.
    expect(coins("v0.2.14", { value: 1n, exponent: 0 })).toEqual(coins("v0.2.15", { value: 1n, exponent: 0 }));
    // 1e-18 written as 10e-19: v0.2.14 reads it (node total trunc(1e-18 × 1,000) = 0: the full weight),
    // v0.2.15 rejects the exponent and takes 1 (node total 1,000: a is rescaled to 600).
    const old = coins("v0.2.14", { value: 10n, exponent: -19 });
    const now = coins("v0.2.15", { value: 10n, exponent: -19 });
    expect(now).toEqual(coins("v0.2.15", { value: 1n, exponent: 0 }));
    expect(old).not.toEqual(now);
    expect(old[0]).toBe(old[1]);
  });
});
