/**
 * The two SPRTs over an epoch's final counts (a performance summary), taken as one batch from a fresh
 * record. NOT the chain's path: the chain decides at every stats update, and a performance summary
 * holds no update. Because each SPRT's statistic is exactly additive over batches, the final value is
 * what the chain's stored LLR would be had no test fired before the end: a value at or beyond H means
 * the test fired at some update (unless another test fired first, which stops the LLRs), a value under
 * H does not mean it never fired (the statistic can cross H and come back down). Pure.
 */
import { getInactiveStatus, getInvalidationStatus, precomputedForParams, type StatusValidationParams } from "../status/index.js";
import type { SprtTest } from "../status/sprt-test.js";
import type { StatusRules } from "../status/status-rules.js";
import { EMPTY_EPOCH_STATS, type EpochStats } from "../status/status-types.js";
import type { StepCounts } from "./replay-status.js";

export interface FinalCountsStatistics {
  invalidation: SprtTest;
  downtime: SprtTest;
}

const ZERO = { value: 0n, exponent: 0 };

/** Both SPRTs over `counts` from a record with zero counters and zero LLRs (types.NewCurrentEpochStats), with `params`. */
export function finalCountsStatistics(rules: StatusRules, params: StatusValidationParams, counts: StepCounts): FinalCountsStatistics {
  const before: EpochStats = { ...EMPTY_EPOCH_STATS, invalidLlr: ZERO, inactiveLlr: ZERO };
  const after: EpochStats = { ...before, validatedInferences: counts.validated, invalidatedInferences: counts.invalidated, missedRequests: counts.missed, inferenceCount: counts.inferences };
  const pre = precomputedForParams(params);
  return { invalidation: getInvalidationStatus(rules, after, before, params, pre).test, downtime: getInactiveStatus(rules, after, before, params, pre).test };
}
