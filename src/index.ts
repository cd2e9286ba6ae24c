/**
 * gonka-spec library entry point: the rule functions (named after their Go originals in
 * lowerCamelCase), the snapshot type and loader, and the Go-compatible primitives.
 */
// Go-compatible primitives
export { Decimal, DIVISION_PRECISION } from "./go/decimal.js";
export { LegacyDec } from "./go/legacy-dec.js";
export { GoRand } from "./go/math-rand.js";
export { GoError, GoPanic } from "./go/errors.js";
export { parseJson, stringifyJson, type Json } from "./go/json.js";
export { compareGoStrings } from "./go/bytes.js";
export { InputError } from "./errors.js";
// Snapshot
export { loadSnapshot, parseSnapshot, serializeSnapshot, type Snapshot } from "./snapshot/snapshot.js";
// Vectors
export { checkVectorFile } from "./vectors/check.js";
export { exportVectors, EXPORT_SUITES, renderSuiteFile, renderExportReadme, type ExportedFile } from "./vectors/export-registry.js"; // vectors export (issue 7 §4)
export type { ExportSuite } from "./vectors/export-types.js";
// Preserved set: the demand proposal beside today's rule, and the operator check (issue 3)
export { runPreservedRules, applyOverrides, parseOverrides, type PreservedRulesOptions, type PreservedRulesResult, type RuleModelResult } from "./preserved/compare-rules.js";
export { checkAddressAtAnchor, resolveParticipantAddress, type AddressCheck } from "./preserved/check-address.js";
export { preservationProbability, type PreservationProbability } from "./preserved/check-probability.js";
export { parseDemand, DEFAULT_POC_RATE, type DemandInput } from "./preserved/demand.js";
export { demandWeight, demandTarget, capacityRequests, fillLargestFirst, demandRuleFill } from "./preserved/demand-rule.js";
export { simulatePoc, loadScenario as loadPocScenario, parseScenario as parsePocScenario, formatSimulation as formatPocSimulation, type Scenario as PocScenario, type SimulateOptions as SimulatePocOptions, type SimulationResult as PocSimulationResult } from "./gateway/index.js";
export { computeVoteThreshold, applyChainSessionBindParams, applyLiveSessionParams, sessionConfigFromEscrow, newEscrowState, applyTx, applyLocal, applyLocalBestEffort, sealInference, computeStateRoot, buildSettlement, verifySettlement, contextLengthFault, contextLengthScenario, parseTallyFile, replayTally, type EscrowState, type DevshardTx, type TallyRule, type SessionConfig } from "./votes/index.js"; // vote tally (issue 5)
export { missedStatTest, missedStatTestLookupWithP0, binomialPValue, decimalToPermille, decimalToPermilleCeil, ceilToSupportedP0Permille, permilleToP0Decimal, getDynamicP0, explainDynamicP0, checkAndPunishForDowntime, checkAndPunishForDowntimeForParticipants, downtimeStep, settlementValidationParams, hasSignificantMissedValidations, explainMissedStatTest, exactUpperTail, exactCriticalValue, exactTestPasses, parseEpochInput, evaluateEpoch, type EpochInput, type EpochEvaluation, type MissTestVerdict, type ChainDecimal } from "./misstest/index.js"; // miss test (issue 2)
export * from "./preserved/index.js"; // exact preserved-set sampler (issue 3 §1–2)
export { snapshotFromRpc, readSnapshot, loadSnapshotFromArgs, openPinned, buildSnapshot, writeFileAtomic, parseHeight, ChainClient, PinnedReader, ChainError, DecodeError, FixtureServer, fixtureFromPreserved, GONKA_MAINNET, type SnapshotFromRpcOptions, type SnapshotArgs, type ChainClientOptions, type Progress, type ChainErrorKind, type FixtureChainState } from "./chain/index.js"; // chain client (issue 4)
export { compareProposals, defaultEngines as defaultCompareEngines, loadProposal, parseProposal, renderCompareText, renderReport, type ComparisonModel, type ProposalParams, type CompareOptions, type ReportOptions } from "./compare/index.js"; // governance compare and HTML report (issue 7)
