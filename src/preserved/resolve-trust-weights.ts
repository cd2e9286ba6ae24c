/**
 * resolveTrustWeights (v0.2.16, #1588; module/previous_epoch_cap.go at zpoken/gonka@ef1a5efd): the weight
 * each participant counts with where consensus is concerned, read from an epoch's stored ActiveParticipants.
 */

/** The ActiveParticipants fields the trust weight reads (ActiveParticipant.index 1, weight 3, cap_weight 9). */
export interface StoredTrustWeight {
  index: string;
  weight: bigint;
  capWeight: bigint;
}

/**
 * Mirrors resolveTrustWeights: CapWeight for everyone when the epoch records cap_weight_applied (even if
 * every value is 0) or, without the flag, when any CapWeight is positive; else Weight (an epoch formed
 * before v0.2.16). A repeated address keeps its last entry; nil entries are skipped.
 */
export function resolveTrustWeights(participants: readonly (StoredTrustWeight | null)[], capApplied: boolean): Map<string, bigint> {
  const useCap = capApplied || participants.some((p) => p !== null && p.capWeight > 0n);
  const out = new Map<string, bigint>();
  for (const p of participants) if (p !== null) out.set(p.index, useCap ? p.capWeight : p.weight);
  return out;
}
