/** When every trust weight is 0 but some real weight is not, the real weights are restored (applyZeroTrustFallback). */
import type { TrustParticipant } from "./trust-types.js";

/**
 * Mirrors AppModule.applyZeroTrustFallback (epoch_fallback.go at zpoken/gonka@ef1a5efd): nothing when any
 * CapWeight is positive or no Weight is; else every CapWeight := max(Weight, 0). `applied` is whether the
 * chain emitted zero_trust_fallback_applied.
 */
export function applyZeroTrustFallback(participants: readonly (TrustParticipant | null)[]): { participants: (TrustParticipant | null)[]; applied: boolean } {
  let hasRealWeight = false;
  for (const p of participants) {
    if (p === null) continue;
    if (p.capWeight > 0n) return { participants: [...participants], applied: false };
    if (p.weight > 0n) hasRealWeight = true;
  }
  if (!hasRealWeight) return { participants: [...participants], applied: false };
  return { participants: participants.map((p) => (p === null ? null : { ...p, capWeight: p.weight > 0n ? p.weight : 0n })), applied: true };
}
