/** Mirrors calculations.StatsHaveChanged (status.go at redstartechno/gonka@bd1fd508, v0.2.11+). */
import type { EpochStats } from "./status-types.js";

/**
 * True when the old record is nil (Go also answers true for a nil new one, which UpdateParticipantStatus
 * never passes: it makes nil stats empty first), a counter differs, or either holds a ConfirmationPoCRatio. Go
 * compares the two ratio *pointers*; the old record is always a fresh store decode, so its pointer
 * never equals the new record's, and the ratios count as changed whenever one is set (both nil: same).
 */
export function statsHaveChanged(oldStats: EpochStats | null, newStats: EpochStats): boolean {
  if (oldStats === null) return true;
  return (
    oldStats.invalidatedInferences !== newStats.invalidatedInferences ||
    oldStats.validatedInferences !== newStats.validatedInferences ||
    oldStats.inferenceCount !== newStats.inferenceCount ||
    oldStats.missedRequests !== newStats.missedRequests ||
    oldStats.confirmationPoCRatio !== null ||
    newStats.confirmationPoCRatio !== null
  );
}
