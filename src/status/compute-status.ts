/** Mirrors calculations.ComputeStatus (status.go at redstartechno/gonka@bb2de824, bd1fd508 and zpoken/gonka@ef1a5efd). */
import { Decimal } from "../go/decimal.js";
import { confirmationPocStatus } from "./confirmation-poc-status.js";
import { getInactiveStatus } from "./get-inactive-status.js";
import { getInvalidationStatus } from "./get-invalidation-status.js";
import { getStats } from "./get-stats.js";
import { probabilityOfConsecutiveFailures } from "./probability-of-consecutive-failures.js";
import type { SprtTest } from "./sprt-test.js";
import type { StatusRules } from "./status-rules.js";
import type {
  Decision,
  EpochStats,
  SprtPrecomputedValues,
  StatusConfirmationPoCParams,
  StatusName,
  StatusParticipant,
  StatusReason,
  StatusValidationParams,
} from "./status-types.js";

export interface ComputeStatusInput {
  /** The params in force (null: Go's nil ValidationParams, genesis only: ACTIVE, no test runs). */
  validationParams: StatusValidationParams | null;
  confirmationPocParams: StatusConfirmationPoCParams | null;
  /** The participant record with its new counters (Go's newValue). */
  participant: StatusParticipant;
  /** The counters (and LLRs) of the record before this update (Go's oldStats): the deltas are new − old. */
  oldStats: EpochStats;
  /** v0.2.11+: the block's precomputed SPRT logs (precomputedForParams); v0.2.10 ignores them. */
  precomputed: SprtPrecomputedValues;
}

/** The quick-failure rule: P(consecutive failures | good) = rate^N against the cutoff. */
export interface ConsecutiveTest {
  consecutive: bigint;
  falsePositiveRate: Decimal;
  probability: Decimal;
  cutoff: Decimal;
  /** probability < cutoff. */
  fired: boolean;
}

export interface ConfirmationTest {
  ratio: Decimal | null;
  alpha: Decimal | null;
  decision: Decision;
}

export interface ComputeStatusResult {
  status: StatusName;
  reason: StatusReason;
  /** The stats ComputeStatus returns (the new LLRs as stored). */
  stats: EpochStats;
  /** Each test in Go's order; null where Go returned before reaching it. */
  tests: {
    consecutive: ConsecutiveTest | null;
    invalidation: SprtTest | null;
    downtime: SprtTest | null;
    confirmation: ConfirmationTest | null;
  };
}

/**
 * The participant's status after one stats update, in Go's order: nil params → ACTIVE; INVALID or
 * INACTIVE stays (already_set); rate^N below the quick-failure cutoff → INVALID consecutive_failures;
 * the invalidation SPRT (Fail → INVALID statistical_invalidations, Error → ACTIVE algorithm_error);
 * the downtime SPRT (Fail → INACTIVE downtime, Error → ACTIVE algorithm_error); a confirmation-PoC
 * ratio below alpha → INACTIVE failed_confirmation_poc; else ACTIVE. Any other status (RAMPING, …) that
 * passes every test comes back ACTIVE, as in Go.
 */
export function computeStatus(rules: StatusRules, input: ComputeStatusInput): ComputeStatusResult {
  let stats = getStats(input.participant);
  const tests: ComputeStatusResult["tests"] = { consecutive: null, invalidation: null, downtime: null, confirmation: null };
  const done = (status: StatusName, reason: StatusReason): ComputeStatusResult => ({ status, reason, stats, tests });
  const vp = input.validationParams;
  if (vp === null || vp.falsePositiveRate === null || vp.quickFailureThreshold === null) return done("ACTIVE", "");
  const status = input.participant.status;
  if (status === "INVALID" || status === "INACTIVE") return done(status, "already_set");

  const falsePositiveRate = Decimal.fromChain(vp.falsePositiveRate);
  const cutoff = Decimal.fromChain(vp.quickFailureThreshold);
  const consecutive = input.participant.consecutiveInvalidInferences;
  const probability = probabilityOfConsecutiveFailures(falsePositiveRate, consecutive);
  tests.consecutive = { consecutive, falsePositiveRate, probability, cutoff, fired: probability.lessThan(cutoff) };
  if (tests.consecutive.fired) return done("INVALID", "consecutive_failures");

  const invalidation = getInvalidationStatus(rules, stats, input.oldStats, vp, input.precomputed);
  stats = invalidation.stats;
  tests.invalidation = invalidation.test;
  if (invalidation.test.decision === "Fail") return done("INVALID", "statistical_invalidations");
  if (invalidation.test.decision === "Error") return done("ACTIVE", "algorithm_error");

  const downtime = getInactiveStatus(rules, stats, input.oldStats, vp, input.precomputed);
  stats = downtime.stats;
  tests.downtime = downtime.test;
  if (downtime.test.decision === "Fail") return done("INACTIVE", "downtime");
  if (downtime.test.decision === "Error") return done("ACTIVE", "algorithm_error");

  const cp = input.confirmationPocParams;
  const ratio = stats.confirmationPoCRatio;
  const alpha = cp?.alphaThreshold ?? null;
  tests.confirmation = {
    ratio: ratio === null ? null : Decimal.fromChain(ratio),
    alpha: alpha === null ? null : Decimal.fromChain(alpha),
    decision: confirmationPocStatus(stats, cp),
  };
  // ConfirmationPoCStatus answers Pass or Fail only (Go's Error branch after it is unreachable)
  if (tests.confirmation.decision === "Fail") return done("INACTIVE", "failed_confirmation_poc");
  return done("ACTIVE", "");
}
