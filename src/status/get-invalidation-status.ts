/** Mirrors calculations.getInvalidationStatus (status.go at redstartechno/gonka@bb2de824 and bd1fd508; unchanged through ef1a5efd). */
import type { ChainDecimal } from "../go/chain-decimal.js";
import { countDelta, runSprtTest, type SprtTest } from "./sprt-test.js";
import type { StatusRules } from "./status-rules.js";
import type { EpochStats, SprtPrecomputedValues, StatusValidationParams } from "./status-types.js";

/**
 * The invalidation SPRT over one update: failures = new − old invalidated, passes = new − old
 * validated (int64, wrapping), P0 = false_positive_rate, P1 = bad_participant_invalidation_rate,
 * H = invalidation_h_threshold. Returns the decision, the stats with the new InvalidLLR (unchanged on
 * Error), and the explanation. v0.2.10 checks only the bad rate and H for nil (a nil false-positive
 * rate would be dereferenced; ComputeStatus never lets one through); v0.2.11+ checks all three, then the
 * two precomputed logs.
 */
export function getInvalidationStatus(
  rules: StatusRules,
  newStats: EpochStats,
  oldStats: EpochStats,
  params: StatusValidationParams,
  precomputed: SprtPrecomputedValues,
): { stats: EpochStats; test: SprtTest } {
  const named: [string, ChainDecimal | null][] = [
    ["false_positive_rate", params.falsePositiveRate],
    ["bad_participant_invalidation_rate", params.badParticipantInvalidationRate],
    ["invalidation_h_threshold", params.invalidationHThreshold],
  ];
  const test = runSprtTest(
    rules,
    {
      params: rules.sprtLogs === "per-call" ? named.slice(1) : named,
      h: params.invalidationHThreshold,
      p0: params.falsePositiveRate,
      p1: params.badParticipantInvalidationRate,
      logFail: ["invalidation_log_fail", precomputed.invalidationLogFail],
      logPass: ["invalidation_log_pass", precomputed.invalidationLogPass],
    },
    newStats.invalidLlr!,
    countDelta(newStats.invalidatedInferences, oldStats.invalidatedInferences),
    countDelta(newStats.validatedInferences, oldStats.validatedInferences),
  );
  return { stats: { ...newStats, invalidLlr: test.stored }, test }; // on Error `stored` is the LLR as read
}
