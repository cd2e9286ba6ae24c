/** Devshard v5 error misses: the group votes that a finished inference streamed an error, and it counts as a miss. */
import { wrapUint64 } from "../go/int64.js";
import { wrapSentinel } from "./devshard-errors.js";
import type { MsgErrorMiss } from "./devshard-tx.js";
import { Status } from "./inference-record.js";
import type { Draft } from "./draft.js";
import { wrapU32 } from "./escrow-state.js";
import { tallyAcceptVotes } from "./timeout-tally.js";

/**
 * Mirrors StateMachine.applyErrorMiss (zpoken@86cff503, PR #1652). Votes sign ErrorMissVoteContent
 * {escrow_id, inference_id, accept, response_hash = the record's}; modelled here by their recovered
 * signer, so a vote over another hash or inference is a vote whose signer is not the slot's address.
 * Accepted: TimedOut, Missed++, the actual cost back to the escrow and off the executor's Cost
 * (floored at 0); the record keeps its actual cost, tokens and response hash.
 */
export function applyErrorMiss(d: Draft, msg: MsgErrorMiss): string {
  const rec = d.liveOrTransitionError(msg.inferenceId);
  if (rec.status !== Status.Finished) throw wrapSentinel("ErrInvalidTransition", `error-miss requires finished, got ${rec.status}`);
  const accept = tallyAcceptVotes(d, msg.votes);
  const t = d.s.config.voteThreshold;
  const actual = rec.actualCost;
  d.inferences.set(msg.inferenceId, { ...rec, status: Status.TimedOut });
  d.updateHostStats(rec.executorSlot, (h) => ({ ...h, missed: wrapU32(h.missed + 1), cost: h.cost < actual ? 0n : h.cost - actual }));
  d.balance = wrapUint64(d.balance + actual);
  return `error miss: accept weight ${accept} > ${t}: timed out, slot ${rec.executorSlot} Missed++, actual cost ${actual} back to the escrow and off its Cost`;
}
