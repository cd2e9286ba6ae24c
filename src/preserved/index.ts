/** The exact preserved-set sampler's public API (issue 3 §1–2). */
export { parsePreservedState, type PreservedState, type ParsePreservedStateOptions, type MLNodeInfo, type ValidationWeight } from "./state.js";
export { preservedStateJson } from "./state-json.js";
export {
  samplePreservedForEpisode,
  prepareEpisode,
  sampleAtAnchor,
  sampleSnapshotAtAnchor,
  assembleResult,
  sumLiveRootTotalWeight,
  type PreservedResult,
  type PreservedNodesSnapshot,
  type ModelPreservedNodes,
  type ParticipantPreservedNodes,
  type PreparedEpisode,
  type AnchorResult,
  type EpisodeIntermediates,
  type ModelFill,
} from "./sample-preserved-for-episode.js";
export { explainEpisode, type NodeExplanation, type NodeReasonCode } from "./explanations.js";
export { samplePreservedForModel, getSmallestUnallocatedMLNode, type ModelAllocation } from "./sample-preserved-for-model.js";
export { filterEligibleMLNodes, canAllocateParticipantNode } from "./filter-eligible-ml-nodes.js";
export { sampleEligibleParticipantsWithHistory } from "./sample-eligible-participants.js";
export { calculateThresholds, filterNodesByWeightAndCount } from "./thresholds.js";
export {
  calculateWeightThresholdWithCount,
  weightThresholdForTarget,
  calculateParticipantWeightThreshold75Percent,
  calculateNodeWeightThresholdIQR,
  calculateEffectiveNodeThreshold,
} from "./weight-threshold.js";
export { dedupMLNodesById, compareMLNodePreference, sortMLNodesByNodeId } from "./ml-node.js";
export { EpochMLNodeData } from "./epoch-ml-node-data.js";
export { coefficientAdjustedWeight, legacyDecOrOne } from "./coefficient-adjusted-weight.js";
export { operatorAddressToAccAddress, bech32Decode, bech32Encode } from "./bech32.js";
export {
  preservedRulesFor,
  preservedRulesForChoice,
  LATEST_PRESERVED_RULES,
  PRESERVED_VERSION_OPTIONS,
  type PreservedRules,
} from "./preserved-rules.js";
export { modelCoefficients } from "./sample-preserved-for-episode.js";
export { calculateWeightThreshold } from "./weight-threshold.js";
export { preservedStateOfSnapshot } from "./snapshot-state.js";
export { parseStoredPreservedSnapshot, nodeSetOf, nodeCount, diffPreserved, type Difference as PreservedDifference, type NodeSet } from "./stored-snapshot.js";
