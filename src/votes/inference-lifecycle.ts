/** An inference's life on the executor's side: start (reserve), confirm (receipt), finish (actual cost). */
import { wrapUint64 } from "../go/int64.js";
import { sentinelError, wrapSentinel } from "./devshard-errors.js";
import type { MsgConfirmStart, MsgFinishInference, MsgStartInference } from "./devshard-tx.js";
import { Status } from "./inference-record.js";
import type { Draft } from "./draft.js";
import { Phase, tokenCost } from "./escrow-state.js";

/** Mirrors StateMachine.applyStartInference (v5: the max_tokens floor, completionapi.MinTokensFloor = 64). */
export function applyStartInference(d: Draft, msg: MsgStartInference): string {
  if (d.phase !== Phase.Active) throw sentinelError("ErrSessionFinalizing");
  const floor = d.s.rules.maxTokensFloor;
  if (floor > 0n && !d.replayingPersisted && msg.maxTokens < floor) {
    throw wrapSentinel("ErrMaxTokensBelowFloor", `max_tokens ${msg.maxTokens}, floor ${floor}`);
  }
  if (d.isDuplicateInferenceID(msg.inferenceId)) throw sentinelError("ErrDuplicateInferenceID");
  const n = BigInt(d.s.group.length);
  const executorSlot = Number(msg.inferenceId % n);
  const reservedCost = tokenCost(msg.inputLength, msg.maxTokens, d.s.config.tokenPrice);
  if (d.balance < reservedCost) throw sentinelError("ErrInsufficientBalance");
  d.balance -= reservedCost;
  d.inferences.set(msg.inferenceId, {
    status: Status.Pending,
    executorSlot,
    model: msg.model,
    promptHash: msg.promptHash,
    responseHash: new Uint8Array(0),
    inputLength: msg.inputLength,
    maxTokens: msg.maxTokens,
    inputTokens: 0n,
    outputTokens: 0n,
    reservedCost,
    actualCost: 0n,
    startedAt: msg.startedAt,
    confirmedAt: 0n,
    votesValid: 0,
    votesInvalid: 0,
    validatedBy: 0n,
  });
  return `inference ${msg.inferenceId} pending: executor slot ${executorSlot} (= id mod ${n}), reserved ${reservedCost}`;
}

/** Mirrors StateMachine.applyConfirmStart. */
export function applyConfirmStart(d: Draft, msg: MsgConfirmStart): string {
  const rec = d.liveOrTransitionError(msg.inferenceId);
  if (rec.status !== Status.Pending) throw wrapSentinel("ErrInvalidTransition", `expected pending, got ${rec.status}`);
  if (msg.signer === null) throw wrapSentinel("ErrInvalidExecutorSig", "signature does not recover to an address");
  const expected = d.slotAddress(rec.executorSlot)!;
  if (msg.signer !== expected && !d.resolveWarmKey(rec.executorSlot, msg.signer, expected)) {
    throw wrapSentinel("ErrInvalidExecutorSig", `expected executor ${expected} (slot ${rec.executorSlot}), got ${msg.signer}`);
  }
  d.inferences.set(msg.inferenceId, { ...rec, status: Status.Started, confirmedAt: msg.confirmedAt });
  return `inference ${msg.inferenceId} started: executor slot ${rec.executorSlot} signed the receipt`;
}

/** Mirrors StateMachine.applyFinishInference. */
export function applyFinishInference(d: Draft, msg: MsgFinishInference): string {
  const rec = d.liveOrTransitionError(msg.inferenceId);
  if (rec.status !== Status.Started) throw wrapSentinel("ErrInvalidTransition", `expected started, got ${rec.status}`);
  if (msg.executorSlot !== rec.executorSlot) {
    throw wrapSentinel("ErrWrongExecutorSlot", `expected ${rec.executorSlot}, got ${msg.executorSlot}`);
  }
  d.verifyProposerSig(msg.signer, d.slotAddress(rec.executorSlot)!, rec.executorSlot);
  d.checkEscrowId(msg.escrowId);
  let actualCost = tokenCost(msg.inputTokens, msg.outputTokens, d.s.config.tokenPrice);
  if (actualCost > rec.reservedCost) actualCost = rec.reservedCost;
  const surplus = rec.reservedCost - actualCost;
  d.balance = wrapUint64(d.balance + surplus);
  d.inferences.set(msg.inferenceId, {
    ...rec,
    status: Status.Finished,
    responseHash: msg.responseHash,
    inputTokens: msg.inputTokens,
    outputTokens: msg.outputTokens,
    actualCost,
  });
  d.updateHostStats(rec.executorSlot, (h) => ({ ...h, cost: wrapUint64(h.cost + actualCost) }));
  return `inference ${msg.inferenceId} finished: actual cost ${actualCost} (surplus ${surplus} back to the escrow), slot ${rec.executorSlot} Cost += ${actualCost}`;
}
