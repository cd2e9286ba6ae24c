/** Timeouts: a refused or execution timeout accepted by the group's votes. */
import { wrapUint64 } from "../go/int64.js";
import { contextLengthFault } from "./context-length-rule.js";
import { wrapSentinel } from "./devshard-errors.js";
import { TimeoutReason, timeoutReasonString, type MsgTimeoutInference, type TimeoutVote } from "./devshard-tx.js";
import { Status } from "./inference-record.js";
import type { Draft } from "./draft.js";
import { wrapU32 } from "./escrow-state.js";

/**
 * The vote loop shared by applyTimeout and (v5) applyErrorMiss: group membership, one vote per address,
 * the recovered signer (cold key or warm key), accept weight = slots of the address (uint32), then
 * `accept <= VoteThreshold ⇒ ErrInsufficientVotes`. Returns the accept weight.
 */
export function tallyAcceptVotes(d: Draft, votes: readonly TimeoutVote[]): number {
  let accept = 0;
  const seen = new Set<string>();
  for (const v of votes) {
    const addr = d.slotAddress(v.voterSlot);
    if (addr === undefined) throw wrapSentinel("ErrSlotNotInGroup", `slot ${v.voterSlot}`);
    if (seen.has(addr)) throw wrapSentinel("ErrDuplicateVote", `slot ${v.voterSlot}`);
    seen.add(addr);
    if (v.signer === null) throw wrapSentinel("ErrInvalidVoteSig", `vote from slot ${v.voterSlot}: signature does not recover to an address`);
    if (v.signer !== addr && !d.resolveWarmKey(v.voterSlot, v.signer, addr)) {
      throw wrapSentinel("ErrInvalidVoteSig", `vote from slot ${v.voterSlot}: expected ${addr}, got ${v.signer}`);
    }
    if (v.accept) accept = wrapU32(accept + (d.s.addressToSlotCount.get(addr) ?? 0));
  }
  const t = d.s.config.voteThreshold;
  if (accept <= t) throw wrapSentinel("ErrInsufficientVotes", `need >${t} accept votes, got ${accept}`);
  return accept;
}

/** Mirrors StateMachine.applyTimeout (plus the #2078 fault decision when that rule is selected). */
export function applyTimeout(d: Draft, msg: MsgTimeoutInference): string {
  const rec = d.liveOrTransitionError(msg.inferenceId);
  if (msg.reason === TimeoutReason.Refused) {
    if (rec.status !== Status.Pending) throw wrapSentinel("ErrInvalidTimeoutReason", `reason=refused requires pending, got ${rec.status}`);
  } else if (msg.reason === TimeoutReason.Execution) {
    if (rec.status !== Status.Started) throw wrapSentinel("ErrInvalidTimeoutReason", `reason=execution requires started, got ${rec.status}`);
  } else {
    throw wrapSentinel("ErrInvalidTimeoutReason", `unknown reason ${timeoutReasonString(msg.reason)}`);
  }
  const accept = tallyAcceptVotes(d, msg.votes);
  const t = d.s.config.voteThreshold;
  const verdict = contextLengthFault(d.s.rule, msg.inferenceId, rec, msg.promptTokens, d.inferences);
  d.inferences.set(msg.inferenceId, { ...rec, status: Status.TimedOut });
  if (verdict.atFault) d.updateHostStats(rec.executorSlot, (h) => ({ ...h, missed: wrapU32(h.missed + 1) }));
  d.balance = wrapUint64(d.balance + rec.reservedCost);
  const reason = msg.reason === TimeoutReason.Refused ? "refused" : "execution";
  return (
    `${reason} timeout: accept weight ${accept} > ${t}: timed out, reserve ${rec.reservedCost} back to the escrow; ` +
    (verdict.atFault ? `slot ${rec.executorSlot} Missed++ (${verdict.reason})` : `slot ${rec.executorSlot} not charged (${verdict.reason})`)
  );
}
