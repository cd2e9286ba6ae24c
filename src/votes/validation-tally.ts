/** Validations and validation votes: the tally that validates or invalidates a finished inference. */
import { wrapUint64 } from "../go/int64.js";
import { bitmapSet } from "./bitmap128.js";
import { sentinelError, wrapSentinel } from "./devshard-errors.js";
import type { MsgValidation, MsgValidationVote } from "./devshard-tx.js";
import { Status, type InferenceRecord } from "./inference-record.js";
import { STATUS_WORD, type Draft } from "./draft.js";
import { wrapU32 } from "./escrow-state.js";

/** Mirrors StateMachine.applyValidation. */
export function applyValidation(d: Draft, msg: MsgValidation): string {
  const rec = d.liveOrSealedError(msg.inferenceId);
  const addr = d.slotAddress(msg.validatorSlot);
  if (addr === undefined) throw wrapSentinel("ErrSlotNotInGroup", `slot ${msg.validatorSlot}`);
  if (msg.validatorSlot === rec.executorSlot) throw sentinelError("ErrSelfValidation");
  const already = d.addressHasValidated(rec, msg.validatorSlot);
  if (already !== undefined) {
    return `no-op: address ${addr} already participated via slot ${already} (checked before status and signature)`;
  }
  switch (rec.status) {
    case Status.Finished:
    case Status.Challenged:
    case Status.Validated:
    case Status.Invalidated:
      break;
    default:
      throw wrapSentinel("ErrInvalidTransition", `expected finished or later, got ${rec.status}`);
  }
  d.verifyProposerSig(msg.signer, addr, msg.validatorSlot);
  d.checkEscrowId(msg.escrowId);
  let next: InferenceRecord = { ...rec, validatedBy: bitmapSet(rec.validatedBy, msg.validatorSlot) };
  let note: string;
  if (rec.status === Status.Finished) {
    const w = d.s.addressToSlotCount.get(addr) ?? 0;
    if (msg.valid) {
      next = { ...next, votesValid: wrapU32(next.votesValid + w) };
      note = `valid validation from slot ${msg.validatorSlot} (${addr}, weight ${w}): VotesValid = ${next.votesValid}, stays finished`;
    } else {
      next = { ...next, votesInvalid: wrapU32(next.votesInvalid + w), status: Status.Challenged };
      note = `invalid validation from slot ${msg.validatorSlot} (${addr}, weight ${w}): VotesInvalid = ${next.votesInvalid}, challenged (no threshold check here)`;
    }
  } else {
    note = `late validation from slot ${msg.validatorSlot} on a ${STATUS_WORD[rec.status]} record: bit set, weight lost (the address can no longer vote)`;
  }
  d.inferences.set(msg.inferenceId, next);
  return note;
}

/** Mirrors StateMachine.applyValidationVote, with the resolution (invalid checked first, strict >). */
export function applyValidationVote(d: Draft, msg: MsgValidationVote): string {
  const rec = d.liveOrSealedError(msg.inferenceId);
  const voterAddr = d.slotAddress(msg.voterSlot);
  if (voterAddr === undefined) throw wrapSentinel("ErrSlotNotInGroup", `slot ${msg.voterSlot}`);
  if (rec.status === Status.Validated || rec.status === Status.Invalidated) {
    return `no-op: record already ${STATUS_WORD[rec.status]} (checked before dedup and signature)`;
  }
  if (rec.status !== Status.Challenged) throw wrapSentinel("ErrInvalidTransition", `expected challenged, got ${rec.status}`);
  const existing = d.addressHasValidated(rec, msg.voterSlot);
  if (existing !== undefined) {
    throw wrapSentinel("ErrDuplicateVote", `slot ${msg.voterSlot} (address ${voterAddr} already participated via slot ${existing})`);
  }
  d.verifyProposerSig(msg.signer, voterAddr, msg.voterSlot);
  d.checkEscrowId(msg.escrowId);
  const w = d.s.addressToSlotCount.get(voterAddr) ?? 0;
  let validatedBy = rec.validatedBy;
  for (const s of d.s.addressToSlots.get(voterAddr) ?? []) validatedBy = bitmapSet(validatedBy, s);
  let next: InferenceRecord = msg.voteValid
    ? { ...rec, validatedBy, votesValid: wrapU32(rec.votesValid + w) }
    : { ...rec, validatedBy, votesInvalid: wrapU32(rec.votesInvalid + w) };
  const t = d.s.config.voteThreshold;
  let note = `${msg.voteValid ? "valid" : "invalid"} vote from slot ${msg.voterSlot} (${voterAddr}, weight ${w}): valid ${next.votesValid}, invalid ${next.votesInvalid}, threshold ${t}`;
  if (next.votesInvalid > t) {
    next = { ...next, status: Status.Invalidated };
    const actual = rec.actualCost;
    d.updateHostStats(rec.executorSlot, (h) => ({
      ...h,
      invalid: wrapU32(h.invalid + 1),
      cost: h.cost < actual ? 0n : h.cost - actual,
    }));
    d.balance = wrapUint64(d.balance + actual);
    note += `; invalid ${next.votesInvalid} > ${t}: invalidated, slot ${rec.executorSlot} Invalid++, Cost -= ${actual}, Balance += ${actual}`;
  } else if (next.votesValid > t) {
    next = { ...next, status: Status.Validated };
    note += `; invalid ${next.votesInvalid} ≤ ${t}, valid ${next.votesValid} > ${t}: validated`;
  } else {
    note += `; neither tally > ${t}: stays challenged`;
  }
  d.inferences.set(msg.inferenceId, next);
  return note;
}
