/** types.EffectiveConfirmedWeight (v0.2.16, #1588): a weight scaled by the confirmed fraction, within [0, weight]. */

/**
 * Mirrors types.EffectiveConfirmedWeight (weight.go at zpoken/gonka@ef1a5efd): 0 for a weight or a raw
 * confirmation total ≤ 0; a negative confirmation counts as 0; confirmation ≥ raw total gives the whole
 * weight (before multiplying, so nothing wraps); else floor(confirmation × weight ÷ raw total), exact.
 */
export function effectiveConfirmedWeight(weight: bigint, confirmationWeight: bigint, rawConfirmationTotal: bigint): bigint {
  if (weight <= 0n || rawConfirmationTotal <= 0n) return 0n;
  const confirmed = confirmationWeight < 0n ? 0n : confirmationWeight;
  if (confirmed >= rawConfirmationTotal) return weight;
  return (confirmed * weight) / rawConfirmationTotal;
}
