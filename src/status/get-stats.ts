/** Mirrors calculations.getStats (status.go, every version v0.2.10–v0.2.16). */
import { EMPTY_EPOCH_STATS, type EpochStats, type StatusParticipant } from "./status-types.js";

/** A copy of the participant's CurrentEpochStats (empty when nil), each nil LLR made {0, 0}. */
export function getStats(participant: StatusParticipant): EpochStats {
  const s = participant.currentEpochStats ?? EMPTY_EPOCH_STATS;
  return {
    ...s,
    invalidLlr: s.invalidLlr ?? { value: 0n, exponent: 0 },
    inactiveLlr: s.inactiveLlr ?? { value: 0n, exponent: 0 },
  };
}
