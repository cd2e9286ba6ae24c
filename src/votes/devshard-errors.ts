/**
 * The devshard state machine's error sentinels (devshard/types/errors.go). A `DevshardError` is a Go
 * returned error: `sentinel` is the Go variable matched by errors.Is, `message` is err.Error().
 */
import { GoError } from "../go/errors.js";

/** Go sentinel name → its base message. */
export const SENTINELS = {
  ErrInvalidNonce: "invalid nonce: must be sequential",
  ErrInvalidProposerSig: "invalid proposer signature: not a group member",
  ErrInvalidExecutorSig: "invalid executor signature",
  ErrInsufficientBalance: "insufficient escrow balance",
  ErrMultipleStartMsgs: "at most one MsgStartInference per diff",
  ErrSessionFinalizing: "session is finalizing: no new inferences",
  ErrInferenceNotFound: "inference not found",
  ErrInferenceSealed: "inference sealed: late validation not accepted",
  ErrInvalidTransition: "invalid status transition",
  ErrSelfValidation: "validator cannot be the executor",
  ErrWrongExecutorSlot: "executor_slot does not match assigned executor",
  ErrInsufficientVotes: "insufficient votes for timeout",
  ErrInvalidTimeoutReason: "timeout reason does not match inference status",
  ErrDuplicateVote: "duplicate vote from slot",
  ErrAlreadyFinalizing: "session is already finalizing",
  ErrEmptyTx: "devshard tx has no message set",
  ErrDuplicateInferenceID: "duplicate inference ID",
  ErrInvalidVoteSig: "invalid vote signature",
  ErrInvalidInferenceID: "inference_id must equal diff nonce",
  ErrCostOverflow: "cost calculation overflows uint64",
  ErrSlotNotInGroup: "slot not in group",
  ErrEscrowIDMismatch: "escrow_id does not match session",
  // devshard v5 (zpoken@86cff503 types/errors.go)
  ErrMaxTokensBelowFloor: "max_tokens below min_tokens floor",
} as const;

export type Sentinel = keyof typeof SENTINELS;

/** A Go error wrapping a devshard sentinel, with Go's exact err.Error() text. */
export class DevshardError extends GoError {
  readonly sentinel: Sentinel;
  constructor(sentinel: Sentinel, message: string) {
    super(message);
    this.name = "DevshardError";
    this.sentinel = sentinel;
  }
}

/** The bare sentinel, as Go returns `types.ErrX`. */
export function sentinelError(s: Sentinel): DevshardError {
  return new DevshardError(s, SENTINELS[s]);
}

/** Go's fmt.Errorf("%w: <detail>", types.ErrX). */
export function wrapSentinel(s: Sentinel, detail: string): DevshardError {
  return new DevshardError(s, `${SENTINELS[s]}: ${detail}`);
}

/** Go's fmt.Errorf("<prefix>: %w", err): same sentinel, prefixed text. */
export function prefixError(prefix: string, e: DevshardError): DevshardError {
  return new DevshardError(e.sentinel, `${prefix}: ${e.message}`);
}
