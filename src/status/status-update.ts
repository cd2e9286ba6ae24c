/**
 * The family's entry point per stats update (no Go function of its own: the chain runs it as
 * SetParticipant → UpdateParticipantStatus → ComputeStatus): the params in force, the record before the
 * update and its new counters in; the status, the reason, the new LLRs and each test's statistic against
 * its threshold out, ready for an explanation, replay or counterfactual (change a param, call again).
 */
import type { ChainDecimal } from "../go/chain-decimal.js";
import type { Decimal } from "../go/decimal.js";
import { precomputedForParams } from "./get-precomputed-sprt-values.js";
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
import { updateParticipantStatus, type StatusTransition } from "./update-participant-status.js";

export interface StatusUpdateInput {
  validationParams: StatusValidationParams | null;
  confirmationPocParams: StatusConfirmationPoCParams | null;
  /** The block's precomputed logs (v0.2.11+); default: what BeginBlock computes from `validationParams`. */
  precomputed?: SprtPrecomputedValues;
  /** The stored record before the update (null: not stored yet). */
  before: StatusParticipant | null;
  /** The record's counters after the update (the LLRs stored in them are the ones before it). */
  stats: EpochStats;
  /** The consecutive-invalid count after the update (default: the record's before it). */
  consecutiveInvalidInferences?: bigint;
}

/** One test of the update: its statistic against its threshold, as Go compares them. */
export interface StatusTestLine {
  test: "consecutive_failures" | "invalidation_sprt" | "downtime_sprt" | "confirmation_poc";
  /** rate^N; the LLR after the update; the confirmation ratio (null: none recorded, or the test could not run). */
  statistic: Decimal | null;
  /** The quick-failure cutoff (fires when statistic < it); H (fires at LLR ≥ H, passes at LLR ≤ −H); alpha (fires when ratio < it). */
  threshold: Decimal | null;
  decision: Decision;
  /** Why the test could not run (decision Error). */
  error: string | null;
}

export interface StatusUpdateResult {
  status: StatusName;
  reason: StatusReason;
  /** False when the chain skipped the tests (v0.2.11+: the counters did not change). */
  computed: boolean;
  /** The stored LLRs after the update (chain decimals, as the next update reads them). */
  invalidLlr: ChainDecimal | null;
  inactiveLlr: ChainDecimal | null;
  /** The tests Go ran, in its order (it stops at the first that fires or errs). */
  tests: StatusTestLine[];
  transition: StatusTransition | null;
  /** The record as stored after the update. */
  participant: StatusParticipant;
}

export function statusUpdate(rules: StatusRules, input: StatusUpdateInput): StatusUpdateResult {
  const base: StatusParticipant = input.before ?? { status: "ACTIVE", consecutiveInvalidInferences: 0n, epochsCompleted: 0, currentEpochStats: null };
  const r = updateParticipantStatus(rules, {
    validationParams: input.validationParams,
    confirmationPocParams: input.confirmationPocParams,
    precomputed: input.precomputed ?? precomputedForParams(input.validationParams),
    stored: input.before,
    participant: { ...base, consecutiveInvalidInferences: input.consecutiveInvalidInferences ?? base.consecutiveInvalidInferences, currentEpochStats: input.stats },
  });
  const c = r.computed;
  const tests: StatusTestLine[] = [];
  if (c !== null) {
    const t = c.tests;
    if (t.consecutive !== null) tests.push({ test: "consecutive_failures", statistic: t.consecutive.probability, threshold: t.consecutive.cutoff, decision: t.consecutive.fired ? "Fail" : "Pass", error: null });
    for (const [name, s] of [["invalidation_sprt", t.invalidation], ["downtime_sprt", t.downtime]] as const) {
      if (s !== null) tests.push({ test: name, statistic: s.llr, threshold: s.h, decision: s.decision, error: s.error });
    }
    if (t.confirmation !== null) tests.push({ test: "confirmation_poc", statistic: t.confirmation.ratio, threshold: t.confirmation.alpha, decision: t.confirmation.decision, error: null });
  }
  const stats = r.participant.currentEpochStats!;
  return {
    status: r.participant.status,
    reason: c?.reason ?? "",
    computed: c !== null,
    invalidLlr: stats.invalidLlr,
    inactiveLlr: stats.inactiveLlr,
    tests,
    transition: r.transition,
    participant: r.participant,
  };
}
