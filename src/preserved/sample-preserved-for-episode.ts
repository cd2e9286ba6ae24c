/**
 * SamplePreservedForEpisode: the preserved-node snapshot of one PoC episode (stub; being ported).
 */
import type { PreservedState } from "./state.js";

export interface ParticipantPreservedNodes {
  participantId: string;
  nodeIds: string[];
}

export interface ModelPreservedNodes {
  modelId: string;
  participants: ParticipantPreservedNodes[];
}

/** The chain's PreservedNodesSnapshot. */
export interface PreservedNodesSnapshot {
  episodeAnchorHeight: bigint;
  modelPreservedNodes: ModelPreservedNodes[];
}

/** Why a node is or is not preserved. */
export type NodeReasonCode =
  | "preserved"
  | "not_live"
  | "duplicate_node_id"
  | "guardian"
  | "no_history"
  | "not_sampled"
  | "kept_for_voting"
  | "above_outlier_cap"
  | "count_cut"
  | "voting_cap"
  | "target_met"
  | "no_subgroup_data"
  | "root_unavailable";

export interface NodeExplanation {
  modelId: string;
  participant: string;
  nodeId: string;
  pocWeight: bigint;
  preserved: boolean;
  code: NodeReasonCode;
  /** 1-based round of the round-robin fill in which the node was taken (preserved nodes only). */
  round?: number;
  text: string;
}

/** Per-model allocation summary (samplePreservedForModel). */
export interface ModelAllocation {
  modelId: string;
  totalWeight: bigint;
  targetWeight: bigint;
  achievedWeight: bigint;
}

export interface EpisodeIntermediates {
  samplePreservedCalls: ModelAllocation[];
}

export interface PreservedResult {
  snapshot: PreservedNodesSnapshot;
  intermediates: EpisodeIntermediates;
  explanations: NodeExplanation[];
}

/** Mirrors ModelAssigner.SamplePreservedForEpisode (stub: returns an empty snapshot). */
export function samplePreservedForEpisode(state: PreservedState, anchorHeight: bigint): PreservedResult {
  void state;
  return { snapshot: { episodeAnchorHeight: anchorHeight, modelPreservedNodes: [] }, intermediates: { samplePreservedCalls: [] }, explanations: [] };
}
