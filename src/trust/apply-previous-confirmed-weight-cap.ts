/** CapWeight = min(Weight, P_N), 0 for a participant without a baseline (applyPreviousConfirmedWeightCap, #1588). */
import type { PreviousConfirmedWeights, TrustParticipant } from "./trust-types.js";

/**
 * Mirrors AppModule.applyPreviousConfirmedWeightCap (the v0.2.16 form taking P_N as an argument): every
 * participant's CapWeight starts at its Weight; with no previous epoch (genesis) it stays there; else a
 * participant absent from P_N gets 0 and one present at most its P_N. Returns new records (nil entries kept).
 */
export function applyPreviousConfirmedWeightCap(participants: readonly (TrustParticipant | null)[], previous: PreviousConfirmedWeights | null): (TrustParticipant | null)[] {
  return participants.map((p) => {
    if (p === null) return null;
    let capWeight = p.weight;
    if (previous !== null) {
      const cap = previous.weights.get(p.index);
      if (cap === undefined) capWeight = 0n;
      else if (capWeight > cap) capWeight = cap;
    }
    return { ...p, capWeight };
  });
}
