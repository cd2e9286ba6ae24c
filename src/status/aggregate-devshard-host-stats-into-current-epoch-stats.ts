/** Mirrors keeper.AggregateDevshardHostStatsIntoCurrentEpochStats (keeper/devshard_host_stats.go at redstartechno/gonka@d8b8e907, v0.2.12+; unchanged through 89ff8bdb). */
import { GoError } from "../go/errors.js";
import { EMPTY_EPOCH_STATS, type EpochStats } from "./status-types.js";

const UINT64_MAX = (1n << 64n) - 1n;

/**
 * One slot's devshard host stats (uint32 missed and invalid) merged into a participant's counters in
 * MsgSettleDevshardEscrow: completed = assigned − missed, validated = completed − invalid; missed >
 * assigned, invalid > completed or a uint64 overflow of a counter is a GoError (the message fails).
 * The handler merges every slot of a host, then saves the participant once: one status update per
 * batch (per host per message). Nil stats start empty (ensureParticipantEpochStats).
 */
export function aggregateDevshardHostStatsIntoCurrentEpochStats(stats: EpochStats | null, missed: bigint, invalid: bigint, assignedPerSlot: bigint): EpochStats {
  const s = stats ?? EMPTY_EPOCH_STATS;
  if (missed > assignedPerSlot) throw new GoError(`missed requests (${missed}) exceeds assigned per slot (${assignedPerSlot})`);
  const completed = assignedPerSlot - missed;
  if (invalid > completed) throw new GoError(`invalid inferences (${invalid}) exceeds completed requests (${completed})`);
  const add = (a: bigint, b: bigint, what: string): bigint => {
    if (a + b > UINT64_MAX) throw new GoError(`participant ${what} overflow`);
    return a + b;
  };
  return {
    ...s,
    missedRequests: add(s.missedRequests, missed, "missed requests"),
    invalidatedInferences: add(s.invalidatedInferences, invalid, "invalidated inferences"),
    inferenceCount: add(s.inferenceCount, completed, "inference count"),
    validatedInferences: add(s.validatedInferences, completed - invalid, "validated inferences"),
  };
}
