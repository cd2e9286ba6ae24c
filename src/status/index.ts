/** The participant-status family (in-epoch tests): its public API. */
export { statusRulesFor, LATEST_STATUS_RULES, type StatusRules } from "./status-rules.js";
export { statusUpdate, type StatusUpdateInput, type StatusUpdateResult, type StatusTestLine } from "./status-update.js";
export { computeStatus, type ComputeStatusInput, type ComputeStatusResult, type ConsecutiveTest, type ConfirmationTest } from "./compute-status.js";
export {
  updateParticipantStatus, type UpdateParticipantStatusInput, type UpdateParticipantStatusResult, type StatusTransition,
} from "./update-participant-status.js";
export { getInvalidationStatus } from "./get-invalidation-status.js";
export { getInactiveStatus } from "./get-inactive-status.js";
export { confirmationPocStatus } from "./confirmation-poc-status.js";
export { probabilityOfConsecutiveFailures } from "./probability-of-consecutive-failures.js";
export { statsHaveChanged } from "./stats-have-changed.js";
export { getStats } from "./get-stats.js";
export { updateCounts } from "./update-counts.js";
export { decision } from "./decision.js";
export { newSprt } from "./new-sprt.js";
export { calculateLogLlr, SPRT_LOG_PRECISION } from "./calculate-log-llr.js";
export { precomputeSprtValues } from "./precompute-sprt-values.js";
export { getPrecomputedSprtValues, precomputedForParams, ZERO_SPRT_VALUES } from "./get-precomputed-sprt-values.js";
export { DEFAULT_STATUS_VALIDATION_PARAMS } from "./default-validation-params.js";
export { multiply } from "./multiply.js";
export { aggregateDevshardHostStatsIntoCurrentEpochStats } from "./aggregate-devshard-host-stats-into-current-epoch-stats.js";
export type { SprtTest } from "./sprt-test.js";
export {
  STATUS_NAMES, STATUS_REASONS, EMPTY_EPOCH_STATS,
  type StatusName, type StatusReason, type Decision, type StatusValidationParams, type StatusConfirmationPoCParams,
  type EpochStats, type StatusParticipant, type SprtPrecomputedValues, type Sprt,
} from "./status-types.js";
export { devshardAssignedUpperBoundForSlot } from "./devshard-assigned-upper-bound-for-slot.js";
export { waiveDevshardMissesForActiveChallenge, type SlotCounts } from "./waive-devshard-misses-for-active-challenge.js";
export {
  settleDevshardEscrow, type HostStatsEntry, type SettleHostState, type SettleDevshardEscrowInput, type SettledHost, type SettleDevshardEscrowResult,
} from "./settle-devshard-escrow.js";
