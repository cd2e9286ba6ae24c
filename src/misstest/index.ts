/** The miss-test family's public API (re-exported by the library entry point). */
export { missedStatTest, ALPHA } from "./missed-stat-test.js";
export { missedStatTestLookupWithP0 } from "./missed-stat-test-lookup.js";
export { binomialPValue } from "./binomial-p-value.js";
export { decimalToPermille } from "./decimal-to-permille.js";
export { decimalToPermilleCeil } from "./decimal-to-permille-ceil.js";
export { ceilToSupportedP0Permille } from "./ceil-to-supported-p0-permille.js";
export { permilleToP0Decimal } from "./permille-to-p0-decimal.js";
export { getDynamicP0, explainDynamicP0 } from "./get-dynamic-p0.js";
export type { Participant, CurrentEpochStats, ValidationParams, DynamicP0Explanation } from "./get-dynamic-p0.js";
export { checkAndPunishForDowntime, checkAndPunishForDowntimeForParticipant, checkAndPunishForDowntimeForParticipants } from "./check-and-punish-for-downtime.js";
export { downtimeStep } from "./downtime-step.js";
export { settlementValidationParams, type GraceEpochParams } from "./grace-epoch.js";
export { hasSignificantMissedValidations } from "./has-significant-missed-validations.js";
export { explainMissedStatTest, type MissTestVerdict } from "./missed-stat-verdict.js";
export { exactUpperTail, exactCriticalValue, exactTestPasses, type Fraction } from "./exact-binomial.js";
export { parseEpochInput, type EpochInput } from "./epoch-input.js";
export { evaluateEpoch, type EpochEvaluation } from "./evaluate-epoch.js";
export type { ChainDecimal } from "../go/chain-decimal.js";
