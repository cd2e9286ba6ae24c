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
// Chain versions: which version's rules ran at a height (docs/versions.md)
export { CHAIN_VERSIONS, LATEST_CHAIN_VERSION, atLeast, parseChainVersion, versionOrdinal, type ChainVersion, type VersionChoice, type VersionSource } from "./versions/chain-version.js";
export { MAINNET_CHAIN_ID, MAINNET_UPGRADES, mainnetVersionAt, versionForHeight, type UpgradeRow, type RecordedVersion } from "./versions/upgrade-table.js";
export { FAMILY_COVERAGE, checkFamilyFrontier, familyKnows, type RuleFamily, type FamilyCoverage } from "./versions/rule-families.js";
export { recordedVersion, versionLine, versionJson } from "./versions/resolve.js";
// Snapshot
export { loadSnapshot, parseSnapshot, serializeSnapshot, type Snapshot } from "./snapshot/snapshot.js";
// Vectors: check, and export for other languages
export { checkVectorFile } from "./vectors/check.js";
export {
  exportVectors, EXPORT_SUITES, renderSuiteFile, renderExportReadme, type ExportedFile,
} from "./vectors/export-registry.js";
export type { ExportSuite } from "./vectors/export-types.js";
// Preserved set: today's rule and the demand proposal side by side
export {
  runPreservedRules, applyOverrides, parseOverrides, type PreservedRulesOptions, type PreservedRulesResult,
  type RuleModelResult,
} from "./preserved/compare-rules.js";
// Preserved set: the operator check
export {
  checkAddressAtAnchor, resolveParticipantAddress, type AddressCheck,
} from "./preserved/check-address.js";
export { preservationProbability, type PreservationProbability } from "./preserved/check-probability.js";
export { parseDemand, DEFAULT_POC_RATE, type DemandInput } from "./preserved/demand.js";
// Preserved set: the demand-based proposal
export {
  demandWeight, demandTarget, capacityRequests, fillLargestFirst, demandRuleFill,
} from "./preserved/demand-rule.js";
// PoC routing simulator
export {
  simulatePoc, loadScenario as loadPocScenario, parseScenario as parsePocScenario,
  formatSimulation as formatPocSimulation, type Scenario as PocScenario,
  type SimulateOptions as SimulatePocOptions, type SimulationResult as PocSimulationResult,
} from "./gateway/index.js";
// Validation vote tally (devshard record state machine)
export {
  computeVoteThreshold, applyChainSessionBindParams, applyLiveSessionParams, sessionConfigFromEscrow,
  sessionConfigAtBind, newEscrowState, applyTx, applyLocal, applyLocalBestEffort, applyLocalPersisted, sealInference,
  computeStateRoot, buildSettlement, verifySettlement, contextLengthFault, contextLengthScenario, parseTallyFile, replayTally,
  DEVSHARD_RULES, devshardRulesFor, type DevshardRules, type DevshardRulesName,
  type EscrowState, type DevshardTx, type TallyRule, type SessionConfig,
} from "./votes/index.js";
// Participant status: the in-epoch tests (invalidation and downtime SPRTs, consecutive failures, confirmation PoC)
export {
  statusRulesFor, statusUpdate, computeStatus, updateParticipantStatus, precomputeSprtValues, precomputedForParams,
  calculateLogLlr, probabilityOfConsecutiveFailures, aggregateDevshardHostStatsIntoCurrentEpochStats,
  type StatusRules, type StatusUpdateInput, type StatusUpdateResult, type StatusTestLine, type ComputeStatusResult,
  type StatusTransition, type EpochStats, type StatusParticipant, type StatusValidationParams, type SprtPrecomputedValues,
} from "./status/index.js";
// Miss test and settlement downtime step
export {
  missedStatTest, missedStatTestLookupWithP0, binomialPValue, decimalToPermille, decimalToPermilleCeil,
  ceilToSupportedP0Permille, permilleToP0Decimal, getDynamicP0, explainDynamicP0, checkAndPunishForDowntime,
  checkAndPunishForDowntimeForParticipants, downtimeStep, settlementValidationParams,
  hasSignificantMissedValidations, explainMissedStatTest, exactUpperTail, exactCriticalValue,
  exactTestPasses, parseEpochInput, evaluateEpoch, type EpochInput, type EpochEvaluation,
  type MissTestVerdict, type ChainDecimal,
} from "./misstest/index.js";
// Preserved set: exact SamplePreservedForEpisode
export * from "./preserved/index.js";
// Chain client (CosmJS, height-pinned)
export {
  snapshotFromRpc, readSnapshot, loadSnapshotFromArgs, openPinned, buildSnapshot, writeFileAtomic,
  parseHeight, ChainClient, PinnedReader, ChainError, DecodeError,
  GONKA_MAINNET, type SnapshotFromRpcOptions, type SnapshotArgs, type ChainClientOptions, type Progress,
  type ChainErrorKind,
} from "./chain/index.js";
// Epoch settlement to the coin (keeper.SettleAccounts / GetBitcoinSettleAmounts, per chain version)
export { settleAccounts, type Settlement, type SettledParticipant } from "./settlement/settle-accounts.js";
export { calculateParticipantBitcoinRewards } from "./settlement/calculate-participant-bitcoin-rewards.js";
export { getBitcoinSettleAmounts } from "./settlement/get-bitcoin-settle-amounts.js";
export { calculateFixedEpochReward } from "./settlement/calculate-fixed-epoch-reward.js";
export { applyPowerCappingForWeights } from "./settlement/apply-power-capping-for-weights.js";
export { calculateOptimalCap } from "./settlement/calculate-optimal-cap.js";
export { parseSettlementInput, settlementInputToJson } from "./settlement/settlement-input.js";
export type { SettlementInput, SettlementParticipant } from "./settlement/settlement-types.js";
export type { ZeroCause, ZeroCauseCode } from "./settlement/zero-causes.js";
// Sources: a snapshot file, saved REST answers or a node, read once into the rule families' inputs
export { readSnapshotFileSource, readRestDumpSource, readNodeSource, type Source, type SourceKind } from "./sources/source.js";
export { preservedInputs, storedSetCheck, type PreservedInputs, type PreservedInputsOptions } from "./sources/preserved-inputs.js";
export { settlementInputsOf, settlementFromSnapshot, settlementFromRestDumps, type SettlementInputs } from "./sources/settlement-inputs.js";
export { missTestEpochOf, epochInputOfSettlement } from "./sources/miss-test-inputs.js";
export { resolveEpisodeAnchor, type EpisodeAnchor, type AnchorSource } from "./sources/episode-anchor.js";
// REST dumps (saved LCD answers): the reader and the slices built from them
export { readRestDump, readRestDumps, mergeRestDumps, type RestDump } from "./sources/rest-dump/read-rest-dump.js";
export { settlementFromRestDump, type DumpGap } from "./sources/rest-dump/settlement-from-rest.js";
export { preservedFromRestDump, type RestPreserved, type RestPreservedOptions } from "./sources/rest-dump/preserved-from-rest.js";
export { snapshotFromRestDump, snapshotFromRestDumps } from "./sources/rest-dump/snapshot-from-rest.js";
// Governance compare and the HTML report
export {
  compareProposals, defaultEngines as defaultCompareEngines, loadProposal, parseProposal, renderCompareText,
  renderReport, type ComparisonModel, type ProposalParams, type CompareOptions, type ReportOptions,
} from "./compare/index.js";
// Backtest: a proposal over real past epochs, per participant in coins
export { runBacktest, backtestEpoch, BACKTEST_DENOM, type BacktestEpoch, type BacktestResult, type EpochOutcome, type SideOutcome } from "./backtest/backtest.js";
export { proposalInForce, KEY_SINCE as PROPOSAL_KEY_SINCE, type BacktestSide, type ProposalInForce } from "./backtest/proposal-in-force.js";
export { epochsFromRestDump, epochsFromRestDumps, epochFromSnapshot, epochFromSnapshotFile, parseEpochRange, selectEpochs, type EpochSource } from "./sources/epochs.js";
export { backtestText } from "./backtest/text.js";
export { renderBacktestReport } from "./backtest/report-html.js";
// Governance proposals as they are on chain (x/gov): decoded through a proto-signing Registry, and judged
export { loadProposalFile, proposalFromDocument, proposalFromNode, decodeProposalAnswer } from "./gov/proposal-source.js";
export { judgeProposal, type ProposalJudgement, type MessageJudgement, type SettledPayouts } from "./gov/judge.js";
export { paramsFromBytes, paramsFromJson, diffParams, type ParamSet, type ParamChange } from "./gov/param-values.js";
export { PARAMS_CATALOG, type ParamField } from "./gov/params-catalog.js";
export { govRegistry, MESSAGE_TYPES } from "./gov/registry.js";
export { realProposalSide } from "./gov/proposal-side.js";
export { proposalText } from "./gov/proposal-text.js";
export type { GovProposal, ProposalMessage } from "./gov/proposal.js";
