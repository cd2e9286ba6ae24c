/**
 * The devshard transactions (DevshardTx oneof, proto/devshard/v1/tx.proto) as plain data.
 * Signatures are modelled: `signer` is the address the signature recovers to (null: a signature
 * from which no address can be recovered). The slot's cold address or its authorised warm key pass.
 */

export const TimeoutReason = { Unspecified: 0, Refused: 1, Execution: 2 } as const;

/** The protobuf enum name Go prints with %v (unknown values print as their number). */
export function timeoutReasonString(r: number): string {
  switch (r) {
    case 0:
      return "TIMEOUT_REASON_UNSPECIFIED";
    case 1:
      return "TIMEOUT_REASON_REFUSED";
    case 2:
      return "TIMEOUT_REASON_EXECUTION";
    default:
      return String(r);
  }
}

export interface MsgStartInference {
  type: "start";
  inferenceId: bigint;
  promptHash: Uint8Array;
  model: string;
  inputLength: bigint;
  maxTokens: bigint;
  startedAt: bigint;
}

export interface MsgConfirmStart {
  type: "confirm";
  inferenceId: bigint;
  confirmedAt: bigint;
  /** Who signed the executor receipt. */
  signer: string | null;
}

export interface MsgFinishInference {
  type: "finish";
  inferenceId: bigint;
  responseHash: Uint8Array;
  inputTokens: bigint;
  outputTokens: bigint;
  executorSlot: number;
  signer: string | null;
  escrowId: string;
}

export interface TimeoutVote {
  voterSlot: number;
  accept: boolean;
  signer: string | null;
}

export interface MsgTimeoutInference {
  type: "timeout";
  inferenceId: bigint;
  reason: number;
  votes: TimeoutVote[];
  /**
   * Proposal #2078 only (ignored by today's rule): the prompt token count the verifiers measured,
   * the evidence for a context-length refusal.
   */
  promptTokens?: bigint;
}

/** ErrorMissVote (v5 tx.proto): `signer` recovers from a signature over ErrorMissVoteContent. */
export interface ErrorMissVote {
  voterSlot: number;
  accept: boolean;
  signer: string | null;
}

/**
 * MsgErrorMiss (devshard v5, DevshardTx field 14, PR #1652): the group's votes that a finished
 * inference's signed body was an error stream, to be counted as a miss.
 */
export interface MsgErrorMiss {
  type: "error_miss";
  inferenceId: bigint;
  votes: ErrorMissVote[];
}

export interface MsgValidation {
  type: "validation";
  inferenceId: bigint;
  validatorSlot: number;
  valid: boolean;
  signer: string | null;
  escrowId: string;
}

export interface MsgValidationVote {
  type: "vote";
  inferenceId: bigint;
  voterSlot: number;
  voteValid: boolean;
  signer: string | null;
  escrowId: string;
}

export interface MsgRevealSeed {
  type: "reveal_seed";
  slotId: number;
  signer: string | null;
  escrowId: string;
}

export interface MsgFinalizeRound {
  type: "finalize_round";
}

export type DevshardTx =
  | MsgStartInference
  | MsgConfirmStart
  | MsgFinishInference
  | MsgTimeoutInference
  | MsgErrorMiss
  | MsgValidation
  | MsgValidationVote
  | MsgRevealSeed
  | MsgFinalizeRound;

export const TX_TYPES = ["start", "confirm", "finish", "timeout", "error_miss", "validation", "vote", "reveal_seed", "finalize_round"] as const;
