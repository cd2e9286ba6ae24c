/**
 * What settle shows beside the coins: each participant's weight path (the rule that made the
 * effective weight, whether it was rescaled or lowered to the full weight), the exclusion record, the
 * miss test, and the epoch's flags; and the two ways settlement stops instead of paying.
 */
import { describe, expect, it } from "vitest";
import { GoError } from "../../src/go/errors.js";
import { InputError } from "../../src/errors.js";
import { calculateParticipantBitcoinRewards } from "../../src/settlement/calculate-participant-bitcoin-rewards.js";
import { calculateFixedEpochReward } from "../../src/settlement/calculate-fixed-epoch-reward.js";
import { getBitcoinSettleAmounts } from "../../src/settlement/get-bitcoin-settle-amounts.js";
import { settleAccounts } from "../../src/settlement/settle-accounts.js";
import type { SettlementInput } from "../../src/settlement/settlement-types.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";
import { epoch, type P } from "./epoch-builder.js";

/** a (weight 100, confirmation 80, node 100), b (weight 50, confirmation 200, node 100), c and d (weight 100 = node, confirmation 100); every node POC_SLOT, collateral grace end 10. */
const ROWS: P[] = [
  { address: "gonka1a", weight: 100n, cw: 80n, nodes: [100n], preserved: true },
  { address: "gonka1b", weight: 50n, cw: 200n, nodes: [100n], preserved: true },
  { address: "gonka1c", weight: 100n, cw: 100n, nodes: [100n], preserved: true },
  { address: "gonka1d", weight: 100n, cw: 100n, nodes: [100n], preserved: true },
];
const trace = (more: Partial<SettlementInput> = {}) => epoch(ROWS, { collateralGracePeriodEndEpoch: 10n, ...more });
const path = (v: ChainVersion, more: Partial<SettlementInput> = {}) =>
  calculateParticipantBitcoinRewards(trace(more), { binomTestP0: { value: 1n, exponent: -1 } }, v).participants.map((p) => ({ rule: p.effective!.rule, weight: p.effective!.weight, rescaled: p.effective!.rescaled, cappedAtFull: p.effective!.cappedAtFull }));

describe("the weight path settle prints", () => {
  it("each version's rule, whether the node total rescaled it, whether it was lowered to the full weight", () => {
    expect(path("v0.2.10")).toEqual([
      { rule: "preserved-plus-confirmation", weight: 180n, rescaled: false, cappedAtFull: false },
      { rule: "preserved-plus-confirmation", weight: 300n, rescaled: false, cappedAtFull: false },
      { rule: "preserved-plus-confirmation", weight: 200n, rescaled: false, cappedAtFull: false },
      { rule: "preserved-plus-confirmation", weight: 200n, rescaled: false, cappedAtFull: false },
    ]);
    expect(path("v0.2.11").map((p) => [p.rule, p.weight, p.rescaled, p.cappedAtFull])).toEqual([
      ["preserved-plus-confirmation-collateral", 180n, false, false],
      ["preserved-plus-confirmation-collateral", 150n, true, false],
      ["preserved-plus-confirmation-collateral", 200n, false, false],
      ["preserved-plus-confirmation-collateral", 200n, false, false],
    ]);
    expect(path("v0.2.12")).toEqual([
      { rule: "confirmation-rescaled-poc-coefficients", weight: 80n, rescaled: false, cappedAtFull: false },
      { rule: "confirmation-rescaled-poc-coefficients", weight: 50n, rescaled: true, cappedAtFull: true },
      { rule: "confirmation-rescaled-poc-coefficients", weight: 100n, rescaled: false, cappedAtFull: false },
      { rule: "confirmation-rescaled-poc-coefficients", weight: 100n, rescaled: false, cappedAtFull: false },
    ]);
    expect(path("v0.2.13")).toEqual([
      { rule: "confirmation-weight-scales", weight: 80n, rescaled: true, cappedAtFull: false },
      { rule: "confirmation-weight-scales", weight: 50n, rescaled: true, cappedAtFull: true },
      { rule: "confirmation-weight-scales", weight: 100n, rescaled: true, cappedAtFull: false },
      { rule: "confirmation-weight-scales", weight: 100n, rescaled: true, cappedAtFull: false },
    ]);
    expect(path("v0.2.13", { confirmationWeightScales: [] })[0]).toEqual({ rule: "no-confirmation-scales", weight: 100n, rescaled: false, cappedAtFull: false });
    // no node total under v0.2.13's scales (the model has no scale): not rescaled, weight 0
    expect(path("v0.2.13", { confirmationWeightScales: [{ modelId: "other", weightScaleFactor: null }] })[0]).toEqual({ rule: "confirmation-weight-scales", weight: 0n, rescaled: false, cappedAtFull: false });
  });

  it("the weight before the miss test is the capped weight; the exclusion record, the confirmation weight, a passed test", () => {
    const d = calculateParticipantBitcoinRewards(trace(), { binomTestP0: { value: 1n, exponent: -1 } }, "v0.2.13");
    expect(d.participants.map((p) => p.weightBeforeDowntime)).toEqual(d.participants.map((p) => p.cappedWeight));
    const ex = { address: "gonka1d", reason: "invalidated", exclusionBlockHeight: 7n };
    const s = settleAccounts(trace({ exclusions: [ex] }), "v0.2.13");
    expect(s.participants[3]!.exclusion).toEqual(ex);
    expect(s.participants[0]!.exclusion).toBeNull();
    expect(s.participants[0]!.weights.confirmationWeight).toBe(80n);
    expect(s.participants[0]!.missTest).toEqual({ missed: 0n, total: 100n, passed: true, maxAllowed: null, skipped: false, verdict: null });
  });

  it("the epoch's flags: use_bitcoin_rewards as set; a grace entry without p0 is not applied", () => {
    expect(settleAccounts(trace(), "v0.2.14").useBitcoinRewards).toBe(true);
    const off = trace();
    off.bitcoinRewardParams = { ...off.bitcoinRewardParams!, useBitcoinRewards: false };
    expect(settleAccounts(off, "v0.2.14").useBitcoinRewards).toBe(false);
    expect(settleAccounts(trace({ graceEpoch: { binomTestP0: null } }), "v0.2.14").graceEpochApplied).toBe(false);
    expect(settleAccounts(trace({ graceEpoch: { binomTestP0: { value: 5n, exponent: -1 } } }), "v0.2.14").graceEpochApplied).toBe(true);
  });
});

describe("where settlement stops instead of paying", () => {
  it("no bitcoin reward params: Go's error, not a crash", () => {
    expect(() => settleAccounts(trace({ bitcoinRewardParams: null }), "v0.2.14")).toThrow(
      new GoError(`the chain refuses to settle epoch ${trace().epoch}: GetBitcoinSettleAmounts: bitcoinParams cannot be nil; nothing is minted and nobody is paid`),
    );
    expect(() => calculateParticipantBitcoinRewards(trace({ bitcoinRewardParams: null }), { binomTestP0: null }, "v0.2.14")).toThrow(new GoError("bitcoin parameters cannot be nil"));
  });

  // Found by compiled Go on the spec_settle_amounts suite: Go refuses a nil participant list, and
  // SettleAccounts' list (GetParticipants) is nil exactly when no active address resolves.
  it("no participants: Go's error at every version, nothing minted (not the whole reward to governance)", () => {
    for (const v of ["v0.2.10", "v0.2.11", "v0.2.12", "v0.2.13", "v0.2.14", "v0.2.15"] as const) {
      const empty = trace({ participants: [] });
      expect(() => getBitcoinSettleAmounts(empty, { binomTestP0: null }, v), v).toThrow(new GoError("participants cannot be nil"));
      expect(() => calculateParticipantBitcoinRewards(empty, { binomTestP0: null }, v), v).toThrow(new GoError("participants cannot be nil"));
      expect(() => settleAccounts(empty, v), v).toThrow(
        new GoError(`the chain refuses to settle epoch ${empty.epoch}: GetBitcoinSettleAmounts: participants cannot be nil; nothing is minted and nobody is paid`),
      );
      // one participant is enough to settle
      expect(settleAccounts(trace({ participants: trace().participants.slice(0, 1) }), v).minted, v).toBeGreaterThan(0n);
    }
  });

  it("a decay the port refuses to compute (past 100,000 epochs, not provably 0) is one clear line, not a reward of 0", () => {
    const far = trace({ epoch: 200_000n, bitcoinRewardParams: { initialEpochReward: 1_000_000n, decayRate: { value: 1n, exponent: -4 }, genesisEpoch: 0n, useBitcoinRewards: true } });
    let err: unknown;
    try {
      settleAccounts(far, "v0.2.14");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).path).toBe("epochs since genesis");
  });

  it("an initial reward of 0 is 0 before the decay rate is read (an unsupported rate is then no error)", () => {
    expect(calculateFixedEpochReward(5n, 0n, { value: -5n, exponent: -1 })).toBe(0n);
    expect(() => calculateFixedEpochReward(5n, 1n, { value: -5n, exponent: -1 })).toThrow(GoError);
  });
});
