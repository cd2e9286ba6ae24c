/** The 30 % power cap applied to the reward weights, with higher limits for networks of 1–3 participants. */
import type { ChainDecimal } from "../go/chain-decimal.js";
import { Decimal } from "../go/decimal.js";
import { addInt64 } from "../go/int64.js";
import { atLeast, type ChainVersion } from "../versions/chain-version.js";
import { calculateOptimalCap, type OptimalCapResult, type WeightEntry } from "./calculate-optimal-cap.js";

/** types.DecimalFromFloat(0.30): shopspring's shortest representation, {3, -1}. */
export const STANDARD_CAP: ChainDecimal = Object.freeze({ value: 3n, exponent: -1 });

/** Mirrors keeper.getSmallNetworkLimit: 100 % for 1, 50 % for 2, 40 % for 3, else 30 %. */
export function getSmallNetworkLimit(participantCount: number): ChainDecimal {
  switch (participantCount) {
    case 1:
      return { value: 1n, exponent: 0 };
    case 2:
      return { value: 5n, exponent: -1 };
    case 3:
      return { value: 4n, exponent: -1 };
    default:
      return STANDARD_CAP;
  }
}

export interface PowerCappingResult extends OptimalCapResult {
  /** The share limit used (0.30, or the small-network limit). */
  maxPercentage: ChainDecimal;
}

/**
 * Mirrors keeper.ApplyPowerCappingForWeights (bitcoin_rewards.go@d8b8e907). From v0.2.14 (ee730031)
 * only positive weights count: in the total, in the participant count that picks the small-network
 * limit, and one or zero positive weights are never capped.
 */
export function applyPowerCappingForWeights(participants: readonly WeightEntry[], version: ChainVersion): PowerCappingResult {
  const positiveOnly = atLeast(version, "v0.2.14");
  const none = (): PowerCappingResult => ({ participants: participants.map((x) => ({ ...x })), totalPower: 0n, wasCapped: false, cap: null, maxPercentage: STANDARD_CAP });
  if (participants.length <= 1) return none();
  let total = 0n;
  let count = 0;
  for (const x of participants) {
    if (!positiveOnly || x.weight > 0n) {
      total = addInt64(total, x.weight);
      count++;
    }
  }
  if (positiveOnly && count <= 1) return none();
  let maxPercentage = STANDARD_CAP;
  if (count < 4) {
    const adjusted = getSmallNetworkLimit(count);
    if (Decimal.fromChain(adjusted).greaterThan(Decimal.fromChain(maxPercentage))) maxPercentage = adjusted;
  }
  return { ...calculateOptimalCap(participants, total, maxPercentage, version), maxPercentage };
}
