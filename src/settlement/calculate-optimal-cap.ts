/** Power capping: the largest weight one participant may hold so that no one exceeds a share of the total. */
import { Decimal } from "../go/decimal.js";
import { addInt64, mulInt64 } from "../go/int64.js";
import type { ChainDecimal } from "../go/chain-decimal.js";
import { atLeast, type ChainVersion } from "../versions/chain-version.js";

/** types.ActiveParticipant as the capping reads it: an id and an int64 weight. */
export interface WeightEntry {
  index: string;
  weight: bigint;
}

export interface OptimalCapResult {
  participants: WeightEntry[];
  totalPower: bigint;
  wasCapped: boolean;
  /** The cap applied (null when none). */
  cap: bigint | null;
}

const ONE = Decimal.fromInt(1);

/**
 * Mirrors keeper.CalculateOptimalCap (bitcoin_rewards.go@d8b8e907; v0.2.14 ee730031 ignores
 * non-positive weights in the scan and refuses a non-positive cap). Sorted ascending, the first k with
 * power_k > p·(Σ_{<k} + power_k·(n−k)) gives cap = IntPart(p·Σ_{<k} ÷ (1 − p·(n−k))), or power_k when
 * that denominator is ≤ 0. int64 sums wrap as in Go.
 */
export function calculateOptimalCap(
  participants: readonly WeightEntry[],
  totalPower: bigint,
  maxPercentage: ChainDecimal,
  version: ChainVersion,
): OptimalCapResult {
  const positiveOnly = atLeast(version, "v0.2.14");
  const p = Decimal.fromChain(maxPercentage);
  // The order of equal powers does not change the cap: only the sorted values are read.
  const powers = participants.map((x) => x.weight).filter((w) => !positiveOnly || w > 0n);
  powers.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const n = powers.length;
  const unchanged = { participants: participants.map((x) => ({ ...x })), totalPower, wasCapped: false, cap: null };
  if (positiveOnly && n <= 1) return unchanged;

  let cap = -1n;
  let sumPrev = 0n;
  for (let k = 0; k < n; k++) {
    const current = powers[k]!;
    const weightedTotal = addInt64(sumPrev, mulInt64(current, BigInt(n - k)));
    const threshold = p.mul(Decimal.fromInt(weightedTotal));
    if (Decimal.fromInt(current).greaterThan(threshold)) {
      const numerator = p.mul(Decimal.fromInt(sumPrev));
      const denominator = ONE.sub(p.mul(Decimal.fromInt(BigInt(n - k))));
      if (denominator.lessThanOrEqual(Decimal.fromInt(0))) {
        cap = current;
        break;
      }
      cap = numerator.div(denominator).intPart();
      break;
    }
    sumPrev = addInt64(sumPrev, current);
  }
  if (cap === -1n) return unchanged;
  if (positiveOnly && cap <= 0n) return unchanged;

  let finalTotal = 0n;
  const capped = participants.map((x) => {
    const weight = x.weight > cap ? cap : x.weight;
    finalTotal = addInt64(finalTotal, weight);
    return { index: x.index, weight };
  });
  return { participants: capped, totalPower: finalTotal, wasCapped: true, cap };
}
