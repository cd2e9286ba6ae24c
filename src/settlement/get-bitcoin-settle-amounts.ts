/** The supply cap on top of the distribution: no minting past the subsidy supply, proportional cut when close. */
import { Decimal } from "../go/decimal.js";
import { GoError } from "../go/errors.js";
import { INT64_MAX, wrapInt64, wrapUint64 } from "../go/int64.js";
import type { ValidationParams } from "../misstest/get-dynamic-p0.js";
import type { ChainVersion } from "../versions/chain-version.js";
import { calculateParticipantBitcoinRewards, type RewardDistribution } from "./calculate-participant-bitcoin-rewards.js";
import type { SettlementInput } from "./settlement-types.js";

export type SupplyCapOutcome =
  /** The supply cap was not reached (or SettleParameters unknown: assumed so). */
  | "under-cap"
  /** Already reached: nothing is minted and every reward is 0. */
  | "cap-reached"
  /** This epoch would pass the cap: rewards scaled down to what is left. */
  | "scaled-to-cap";

export interface SettleAmounts extends RewardDistribution {
  supplyCap: SupplyCapOutcome;
}

/** Mirrors keeper.saturatingAddUint64Max (bitcoin_rewards.go@17808620; the ≥ vs == change of v0.2.13 is unobservable for int64). */
function saturatingAddUint64Max(a: bigint, b: bigint): bigint {
  if (a >= INT64_MAX) return INT64_MAX;
  const headroom = INT64_MAX - a;
  return b >= headroom ? INT64_MAX : a + b;
}

/**
 * Mirrors keeper.GetBitcoinSettleAmounts (bitcoin_rewards.go@d8b8e907; ee730031's
 * GetBitcoinSettleAmountsWithTransfers passes the delegation lists through): the distribution, then
 * the supply cap. `input.settleParameters` null means unknown and is treated as under the cap.
 */
export function getBitcoinSettleAmounts(input: SettlementInput, validationParams: ValidationParams, version: ChainVersion): SettleAmounts {
  // Go refuses a nil list; SettleAccounts gets it from GetParticipants, which is nil exactly when empty.
  if (input.participants.length === 0) throw new GoError("participants cannot be nil");
  if (input.bitcoinRewardParams === null) throw new GoError("bitcoinParams cannot be nil");
  const d = calculateParticipantBitcoinRewards(input, validationParams, version);
  const sp = input.settleParameters;
  if (sp === null) return { ...d, supplyCap: "under-cap" };
  const result = { ...d.result };
  if (sp.totalSubsidyPaid >= sp.totalSubsidySupply) {
    result.amount = 0n;
    result.governanceAmount = 0n;
    const participants = d.participants.map((p) => ({ ...p, rewardCoins: 0n }));
    return { ...d, participants, result, supplyCap: "cap-reached" };
  }
  if (wrapInt64(sp.totalSubsidyPaid + result.amount) <= sp.totalSubsidySupply) return { ...d, supplyCap: "under-cap" };
  const original = result.amount;
  result.amount = wrapInt64(sp.totalSubsidySupply - sp.totalSubsidyPaid);
  let participants = d.participants;
  if (original > 0n) {
    let totalDistributed = 0n;
    const remaining = Decimal.fromInt(result.amount);
    const originalDec = Decimal.fromInt(original);
    participants = d.participants.map((p) => {
      if (p.negativeBalanceError) return p; // Go skips results carrying an error
      const reduced = wrapUint64(Decimal.fromInt(p.rewardCoins).mul(remaining).div(originalDec).intPart());
      totalDistributed = wrapUint64(totalDistributed + reduced);
      return { ...p, rewardCoins: reduced };
    });
    const amountU = wrapUint64(result.amount);
    const remainder = amountU < totalDistributed ? 0n : wrapUint64(amountU - totalDistributed);
    result.governanceAmount = saturatingAddUint64Max(result.governanceAmount, remainder);
  }
  return { ...d, participants, result, supplyCap: "scaled-to-cap" };
}
