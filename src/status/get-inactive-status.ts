/** Mirrors calculations.getInactiveStatus (status.go at redstartechno/gonka@bb2de824 and bd1fd508; unchanged through ef1a5efd). */
import { countDelta, runSprtTest, type SprtTest } from "./sprt-test.js";
import type { StatusRules } from "./status-rules.js";
import type { EpochStats, SprtPrecomputedValues, StatusValidationParams } from "./status-types.js";

/**
 * The downtime SPRT over one update: failures = new − old missed requests, passes = new − old
 * inference count (int64, wrapping), P0 = downtime_good_percentage, P1 = downtime_bad_percentage,
 * H = downtime_h_threshold. Returns the decision, the stats with the new InactiveLLR (unchanged on
 * Error), and the explanation.
 */
export function getInactiveStatus(
  rules: StatusRules,
  newStats: EpochStats,
  oldStats: EpochStats,
  params: StatusValidationParams,
  precomputed: SprtPrecomputedValues,
): { stats: EpochStats; test: SprtTest } {
  const test = runSprtTest(
    rules,
    {
      params: [
        ["downtime_good_percentage", params.downtimeGoodPercentage],
        ["downtime_bad_percentage", params.downtimeBadPercentage],
        ["downtime_h_threshold", params.downtimeHThreshold],
      ],
      h: params.downtimeHThreshold,
      p0: params.downtimeGoodPercentage,
      p1: params.downtimeBadPercentage,
      logFail: ["inactive_log_fail", precomputed.inactiveLogFail],
      logPass: ["inactive_log_pass", precomputed.inactiveLogPass],
    },
    newStats.inactiveLlr!,
    countDelta(newStats.missedRequests, oldStats.missedRequests),
    countDelta(newStats.inferenceCount, oldStats.inferenceCount),
  );
  return { stats: { ...newStats, inactiveLlr: test.stored }, test }; // on Error `stored` is the LLR as read
}
