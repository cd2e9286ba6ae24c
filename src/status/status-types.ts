/**
 * The records the status family reads and writes, as the chain holds them: the SPRT fields of
 * types.ValidationParams and types.ConfirmationPoCParams, types.CurrentEpochStats with its stored LLRs,
 * the participant fields ComputeStatus and UpdateParticipantStatus touch, types.SPRTPrecomputedValues,
 * and the names Go gives statuses, reasons and SPRT decisions. `null` is Go's nil pointer throughout.
 */
import type { ChainDecimal } from "../go/chain-decimal.js";
import type { Decimal } from "../go/decimal.js";

/** types.ParticipantStatus names (the enum of x/inference). */
export const STATUS_NAMES = ["UNSPECIFIED", "ACTIVE", "INACTIVE", "INVALID", "RAMPING", "UNCONFIRMED"] as const;
export type StatusName = (typeof STATUS_NAMES)[number];

/** calculations.ParticipantStatusReason values ("" is NoReason). */
export const STATUS_REASONS = ["", "consecutive_failures", "statistical_invalidations", "algorithm_error", "already_set", "downtime", "failed_confirmation_poc"] as const;
export type StatusReason = (typeof STATUS_REASONS)[number];

/** calculations.Decision: the SPRT's verdict (Error: a parameter or precomputed log is missing). */
export type Decision = "Undetermined" | "Pass" | "Fail" | "Error";

/** The fields of types.ValidationParams the status family reads (null = a nil *Decimal). */
export interface StatusValidationParams {
  falsePositiveRate: ChainDecimal | null;
  badParticipantInvalidationRate: ChainDecimal | null;
  invalidationHThreshold: ChainDecimal | null;
  downtimeGoodPercentage: ChainDecimal | null;
  downtimeBadPercentage: ChainDecimal | null;
  downtimeHThreshold: ChainDecimal | null;
  quickFailureThreshold: ChainDecimal | null;
  /** The share of EpochsCompleted kept on a turn to INVALID (UpdateParticipantStatus). */
  invalidReputationPreserve: ChainDecimal | null;
  /** The share kept on a turn to INACTIVE. */
  downtimeReputationPreserve: ChainDecimal | null;
}

/** types.ConfirmationPoCParams: the field ComputeStatus reads. */
export interface StatusConfirmationPoCParams {
  alphaThreshold: ChainDecimal | null;
}

/** types.CurrentEpochStats as the status family reads it (uint64 counters as bigint). */
export interface EpochStats {
  inferenceCount: bigint;
  missedRequests: bigint;
  validatedInferences: bigint;
  invalidatedInferences: bigint;
  confirmationPoCRatio: ChainDecimal | null;
  /** The invalidation SPRT's running log-likelihood ratio (null before the first update). */
  invalidLlr: ChainDecimal | null;
  /** The downtime SPRT's running log-likelihood ratio. */
  inactiveLlr: ChainDecimal | null;
}

/** The types.Participant fields the status family reads and writes. */
export interface StatusParticipant {
  status: StatusName;
  /** int64: invalidations since the last valid validation. */
  consecutiveInvalidInferences: bigint;
  /** uint32: the reputation counter the turn to INVALID or INACTIVE multiplies down. */
  epochsCompleted: number;
  currentEpochStats: EpochStats | null;
}

/** types.SPRTPrecomputedValues: ln(P1/P0) and ln((1−P1)/(1−P0)) of both tests (v0.2.11+). */
export interface SprtPrecomputedValues {
  invalidationLogFail: ChainDecimal | null;
  invalidationLogPass: ChainDecimal | null;
  inactiveLogFail: ChainDecimal | null;
  inactiveLogPass: ChainDecimal | null;
}

/** calculations.SPRT: a symmetric sequential probability ratio test at ±H. */
export interface Sprt {
  h: Decimal;
  llr: Decimal;
  /** ln(P1/P0), added per failure. */
  logFail: Decimal;
  /** ln((1−P1)/(1−P0)), added per pass. */
  logPass: Decimal;
}

/** Empty CurrentEpochStats (Go's &types.CurrentEpochStats{}). */
export const EMPTY_EPOCH_STATS: EpochStats = {
  inferenceCount: 0n,
  missedRequests: 0n,
  validatedInferences: 0n,
  invalidatedInferences: 0n,
  confirmationPoCRatio: null,
  invalidLlr: null,
  inactiveLlr: null,
};
