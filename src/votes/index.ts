/** Public API of the validation vote tally (devshard state machine port and proposal #2078). */
export {
  computeVoteThreshold,
  defaultSessionConfig,
  normalizeSessionConfig,
  sessionConfigFromEscrow,
  sessionConfigAtBind,
  applyLiveSessionParams,
  applyChainSessionBindParams,
  type SessionConfig,
  type EscrowSessionFields,
  type EscrowRowSessionFields,
  type LiveSessionBindParams,
} from "./session-config.js";
export { Status as InferenceStatus, statusName, type InferenceRecord, type HostStats } from "./inference-record.js";
export { DevshardError, type Sentinel } from "./devshard-errors.js";
export type { DevshardTx } from "./devshard-tx.js";
export {
  newEscrowState,
  applyTx,
  applyLocal,
  applyLocalBestEffort,
  applyLocalPersisted,
  sealInference,
  computeStateRoot,
  lookupInference,
  Phase as SessionPhase,
  type EscrowState,
  type Session as DevshardSession,
  type TxOutcome,
  type DiffOutcome,
} from "./state-machine.js";
export { buildSettlement, verifySettlement, type SettlementPayload, type SettlementVerdict } from "./settlement.js";
export { contextLengthFault, type TallyRule, type FaultVerdict } from "./context-length-rule.js";
export { contextLengthScenario, type ContextLengthScenarioOptions, type ScenarioResult, type ScenarioRow } from "./context-length-scenario.js";
export { parseTallyFile, type TallyFile, type TallyStep } from "./tally-file.js";
export { replayTally, type StepResult } from "./tally-replay.js";
export {
  DEVSHARD_RULES,
  KNOWN_DEVSHARD_TAGS,
  devshardRulesFor,
  chooseDevshardRules,
  type DevshardRules,
  type DevshardRulesName,
  type RulesChoice,
} from "./devshard-rules.js";
