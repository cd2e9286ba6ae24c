/** A failed miss test costs the next epoch's trust: P_N = 0 (zeroFailedMissRateWeights, #1588). */
import { subInt64 } from "../go/int64.js";
import type { PreviousConfirmedWeights } from "./trust-types.js";

/**
 * Mirrors zeroFailedMissRateWeights: each failed address that has a baseline gets 0 and leaves the
 * total; an address without one is ignored; no baseline or no failure returns the input itself (a copy
 * otherwise: the input is not changed).
 */
export function zeroFailedMissRateWeights(previous: PreviousConfirmedWeights | null, failed: ReadonlySet<string> | null): PreviousConfirmedWeights | null {
  if (previous === null || failed === null || failed.size === 0) return previous;
  const weights = new Map(previous.weights);
  let totalWeight = previous.totalWeight;
  for (const address of failed) {
    const w = weights.get(address);
    if (w === undefined) continue;
    weights.set(address, 0n);
    totalWeight = subInt64(totalWeight, w);
  }
  return { epochIndex: previous.epochIndex, weights, totalWeight };
}
