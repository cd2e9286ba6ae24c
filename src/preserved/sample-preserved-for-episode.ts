/**
 * SamplePreservedForEpisode: the preserved-node snapshot of one PoC episode, from the state object
 * of state.ts. Split for speed when many anchors are evaluated on one state:
 * - `prepareEpisode(state)` (prepare-episode.ts): everything before the anchor-seeded shuffle (done once);
 * - `sampleAtAnchor(prepared, anchor)` (sample-at-anchor.ts): the draw, the 34 % cap and the fill.
 * `samplePreservedForEpisode(state, anchor)` does both and adds intermediates and explanations.
 */
import { sortedGoStrings } from "../go/bytes.js";
import { Decimal } from "../go/decimal.js";
import { EpochMLNodeData } from "./epoch-ml-node-data.js";
import { explainEpisode, type NodeExplanation } from "./explanations.js";
import type { ModelFilterAtAnchor, ModelFilterPrep } from "./filter-eligible-ml-nodes.js";
import { prepareEpisode, type GuardianConversion, type PreparedEpisode } from "./prepare-episode.js";
import { sampleAtAnchor, type AnchorResult, type PreservedNodesSnapshot } from "./sample-at-anchor.js";
import type { ModelAllocation } from "./sample-preserved-for-model.js";
import type { ChainDecimal, MLNodeInfo, PreservedState } from "./state.js";
import type { PreservedRules } from "./preserved-rules.js";

export type { NodeExplanation, NodeReasonCode } from "./explanations.js";
export type { ModelAllocation } from "./sample-preserved-for-model.js";
export {
  guardianSetOf, modelCoefficients, prepareEpisode, prepareEpisodeShared, sumLiveRootTotalWeight,
  type GuardianConversion, type PreparedEpisode, type SubGroupEntry,
} from "./prepare-episode.js";
export {
  sampleAtAnchor, sampleSnapshotAtAnchor, type AnchorResult, type ModelFill, type ModelPreservedNodes,
  type ParticipantPreservedNodes, type PreservedNodesSnapshot, type SampleOptions,
} from "./sample-at-anchor.js";

/** Everything the sampler computed on the way (the vectors' `intermediates`). */
export interface EpisodeIntermediates {
  rootUnavailable: boolean;
  subGroupsUnavailable: boolean;
  allocationFraction: ChainDecimal & { decimalString: string };
  defaultFraction: boolean;
  liveRootTotalWeight: bigint;
  guardianConversions: GuardianConversion[];
  /** Converted guardian account addresses, sorted. */
  guardianSet: string[];
  sortedModelIds: string[];
  currentEpochData: EpochMLNodeData;
  previousEpochData: EpochMLNodeData;
  participantVotingPowers: Map<string, Map<string, bigint>>;
  allParticipantsHash: string;
  maxNonVotingVP: bigint;
  /** Per model of the current data: anchor-independent preparation and the anchor's draw. */
  perModelFilter: (ModelFilterAtAnchor & { prep: ModelFilterPrep })[];
  eligibleNodesData: EpochMLNodeData;
  samplePreservedCalls: ModelAllocation[];
}

export interface PreservedResult {
  snapshot: PreservedNodesSnapshot;
  intermediates: EpisodeIntermediates;
  /** Per model, participant and node: why it is or is not preserved (empty unless asked for). */
  explanations: NodeExplanation[];
  /** Odd input Go accepted silently (from parsing and from the run). */
  warnings: string[];
}

export interface EpisodeOptions {
  /** Compute explanations (default true). */
  explain?: boolean;
  /** The chain version's sampler rules (default: the newest, LATEST_PRESERVED_RULES). */
  rules?: PreservedRules;
}

/** Mirrors ModelAssigner.SamplePreservedForEpisode (model_assignment.go@17808620; v0.2.12 @d8b8e907 through `options.rules`). Throws GoError when GetParams fails. */
export function samplePreservedForEpisode(state: PreservedState, anchorHeight: bigint, options: EpisodeOptions = {}): PreservedResult {
  const prepared = prepareEpisode(state, options.rules);
  const at = sampleAtAnchor(prepared, anchorHeight);
  return assembleResult(prepared, at, options.explain ?? true);
}

/** What Go does silently with this input that a reader should know (defaults, wrap-around). */
export function runWarnings(prepared: PreparedEpisode): string[] {
  const out: string[] = [];
  if (prepared.rootUnavailable) return ["rootGroup: the root epoch group could not be read; the chain stores an empty snapshot"];
  if (prepared.subGroupsUnavailable) out.push("liveSubGroups: the model subgroups could not be read; nothing is preserved for any model");
  const f = prepared.allocationFraction;
  if (prepared.defaultFraction) out.push("params.epochParams.pocSlotAllocation: nil or zero, the default 0.5 is used");
  else {
    const d = Decimal.new(f.value, f.exponent);
    if (d.isNegative() || d.greaterThan(Decimal.fromInt(1))) out.push(`params.epochParams.pocSlotAllocation: ${d.toString()} is outside [0, 1]; the chain does not validate it and uses it as is`);
  }
  // v0.2.12 reads no live root weight (its 75 % line is on raw model PoC weight): nothing to wrap.
  if (!prepared.rules.liveMemberFilter) return out;
  const w = prepared.liveRootTotalWeight;
  if (w * 75n !== BigInt.asIntN(64, w * 75n)) out.push(`rootGroup: live root weight ${w} × 75 overflows int64; Go's 75% line wraps`);
  // When the magnitudes of all root weights sum below 2^53 (as exact doubles), no int64 sum of them wraps.
  const vws = prepared.state.rootGroup.validationWeights;
  const trust = prepared.trustWeights;
  const weightOf = (vw: { memberAddress: string; weight: bigint }): bigint => trust?.get(vw.memberAddress) ?? vw.weight;
  let magnitude = 0;
  for (let i = 0; i < vws.length; i++) {
    const vw = vws[i];
    if (!vw) continue;
    const x = Number(weightOf(vw));
    magnitude += x < 0 ? -x : x;
  }
  if (magnitude <= Number.MAX_SAFE_INTEGER) return out;
  let exact = 0n;
  for (const vw of vws) {
    if (vw && (prepared.state.rootGroup.liveMembers === null || prepared.state.rootGroup.liveMembers.has(vw.memberAddress))) exact += weightOf(vw);
  }
  if (exact !== w) out.push(`rootGroup: the live root weight sum ${exact} overflows int64; Go uses the wrapped ${w}`);
  return out;
}

/** Build the full result (intermediates, optional explanations) from a prepared episode and one anchor's draw. */
export function assembleResult(prepared: PreparedEpisode, at: AnchorResult, explain: boolean): PreservedResult {
  const eligibleNodesData = new EpochMLNodeData();
  prepared.modelPreps.forEach((p, i) => {
    // EpochMLNodeData.Append of each eligible node in turn: the models are distinct and so are a model's
    // participants, so each participant's list is a copy of its eligible list (a map per model with any).
    const eligible = at.perModelFilter[i]!.eligible;
    if (eligible.size === 0) return;
    const m = new Map<string, MLNodeInfo[]>();
    for (const [addr, nodes] of eligible) m.set(addr, nodes.slice());
    eligibleNodesData.data.set(p.modelId, m);
  });
  const f = prepared.allocationFraction;
  const intermediates: EpisodeIntermediates = {
    rootUnavailable: prepared.rootUnavailable,
    subGroupsUnavailable: prepared.subGroupsUnavailable,
    allocationFraction: { ...f, decimalString: Decimal.new(f.value, f.exponent).toString() },
    defaultFraction: prepared.defaultFraction,
    liveRootTotalWeight: prepared.liveRootTotalWeight,
    guardianConversions: prepared.guardianConversions,
    guardianSet: sortedGoStrings(prepared.guardianSet),
    sortedModelIds: prepared.sortedModelIds,
    currentEpochData: prepared.currentEpochData,
    previousEpochData: prepared.previousEpochData,
    participantVotingPowers: prepared.participantVotingPowers,
    allParticipantsHash: prepared.allParticipantsHash,
    maxNonVotingVP: prepared.maxNonVotingVP,
    perModelFilter: prepared.modelPreps.map((prep, i) => ({ prep, ...at.perModelFilter[i]! })),
    eligibleNodesData,
    samplePreservedCalls: at.samplePreservedCalls,
  };
  const warnings = [...prepared.state.warnings, ...runWarnings(prepared)];
  return { snapshot: at.snapshot, intermediates, explanations: explain ? explainEpisode(prepared, at) : [], warnings };
}
