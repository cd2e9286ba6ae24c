/**
 * SamplePreservedForEpisode: the preserved-node snapshot of one PoC episode, from the state object
 * of state.ts. Split for speed when many anchors are evaluated on one state:
 * - `prepareEpisode(state)`: everything before the anchor-seeded shuffle (done once);
 * - `sampleAtAnchor(prepared, anchor)`: the draw, the 34 % cap and the round-robin fill.
 * `samplePreservedForEpisode(state, anchor)` does both and adds intermediates and explanations.
 */
import { compareGoStrings, sortedGoStrings } from "../go/bytes.js";
import { Decimal } from "../go/decimal.js";
import { GoError, GoPanic } from "../go/errors.js";
import { addInt64 } from "../go/int64.js";
import { operatorAddressToAccAddress } from "./bech32.js";
import { EpochMLNodeData } from "./epoch-ml-node-data.js";
import { explainEpisode, type NodeExplanation } from "./explanations.js";
import {
  maxNonVotingVotingPower,
  NonVotingCap,
  prepareModelFilter,
  sampleModelAtAnchor,
  type ModelFilterAtAnchor,
  type ModelFilterPrep,
} from "./filter-eligible-ml-nodes.js";
import { anchorIndex, eligibleCountsAt, roundRobinCounts, type ModelAnchorIndex } from "./anchor-index.js";
import { dedupMLNodesById, type DedupResult } from "./ml-node.js";
import { allocationQueue, roundRobin, targetPoCWeight, type ModelAllocation } from "./sample-preserved-for-model.js";
import type { ChainDecimal, MLNodeInfo, PreservedState, ValidationWeight } from "./state.js";
import { InputError } from "../errors.js";
import { LegacyDec } from "../go/legacy-dec.js";
import { legacyDecOrOne } from "./coefficient-adjusted-weight.js";
import { LATEST_PRESERVED_RULES, type PreservedRules } from "./preserved-rules.js";

export type { NodeExplanation, NodeReasonCode } from "./explanations.js";
export type { ModelAllocation } from "./sample-preserved-for-model.js";

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

/** One genesis guardian address and its conversion (account address, or why it failed and was skipped). */
export interface GuardianConversion {
  operatorAddress: string;
  accAddress?: string;
  error?: string;
}

/** How one subgroup entry was read (for explanations): live or not, and its dedup decisions. */
export interface SubGroupEntry {
  index: number;
  vw: ValidationWeight;
  live: boolean;
  dedup: DedupResult | undefined;
}

/** The anchor-independent part of the episode. */
export interface PreparedEpisode {
  /** The chain version's switches this episode was prepared with. */
  rules: PreservedRules;
  epochIndex: bigint;
  /** True when GetRootGroupDataWithLiveMembers failed: the snapshot is empty whatever the anchor. */
  rootUnavailable: boolean;
  /** True when GetLiveSubGroupsForCurrentEpoch failed: no current data, empty snapshot. */
  subGroupsUnavailable: boolean;
  allocationFraction: ChainDecimal;
  /** True when pocSlotAllocation was nil or zero and the default 0.5 was used. */
  defaultFraction: boolean;
  liveRootTotalWeight: bigint;
  guardianConversions: GuardianConversion[];
  guardianSet: Set<string>;
  /** Root subGroupModels sorted (duplicates kept). */
  sortedModelIds: string[];
  currentEpochData: EpochMLNodeData;
  previousEpochData: EpochMLNodeData;
  participantVotingPowers: Map<string, Map<string, bigint>>;
  allParticipantsHash: string;
  /**
   * The 34 % cap: 34 % of the live root weight (v0.2.13), or of the raw current weight summed over
   * models (v0.2.12's maxAllowedNonVotingWeight, then `capBaseWeight`).
   */
  maxNonVotingVP: bigint;
  /** The weight the 34 % cap is taken of (the live root weight from v0.2.13). */
  capBaseWeight: bigint;
  /** Model weight scale factors as LegacyDec (v0.2.12's ModelCoefficients; empty from v0.2.13). */
  coefficients: Map<string, LegacyDec>;
  /** Per model of the current data (sorted, unique). */
  modelPreps: ModelFilterPrep[];
  modelPrepByModel: Map<string, ModelFilterPrep>;
  totalWeights: Map<string, bigint>;
  targetWeights: Map<string, bigint>;
  /** Subgroup entries per model as read (for explanations). */
  subGroupEntries: Map<string, SubGroupEntry[]>;
  state: PreservedState;
}

/** Mirrors inference.sumLiveRootTotalWeight: root weights of live members (nil set = everyone), int64 sum. */
export function sumLiveRootTotalWeight(validationWeights: readonly (ValidationWeight | null)[], liveRootSet: ReadonlySet<string> | null): bigint {
  let total = 0n;
  for (const vw of validationWeights) {
    if (vw === null || (liveRootSet !== null && !liveRootSet.has(vw.memberAddress))) continue;
    total = addInt64(total, vw.weight);
  }
  return total;
}

/** Mirrors the guardian-set step of SamplePreservedForEpisode (OperatorAddressToAccAddress; failures skipped). */
export function guardianSetOf(addresses: readonly string[]): { conversions: GuardianConversion[]; set: Set<string> } {
  const conversions: GuardianConversion[] = [];
  const set = new Set<string>();
  for (const a of addresses) {
    const r = operatorAddressToAccAddress(a);
    if (typeof r === "string") {
      conversions.push({ operatorAddress: a, accAddress: r });
      set.add(r);
    } else conversions.push({ operatorAddress: a, error: r.error });
  }
  return { conversions, set };
}

/** Mirrors inference.ModelCoefficients (aggregation.go@d8b8e907): model id → weight scale factor, later configs win. */
export function modelCoefficients(configs: readonly { modelId: string; weightScaleFactor: ChainDecimal | null }[]): Map<string, LegacyDec> {
  const out = new Map<string, LegacyDec>();
  for (const c of configs) if (c.modelId !== "") out.set(c.modelId, legacyDecOrOne(c.weightScaleFactor));
  return out;
}

const DEFAULT_FRACTION: ChainDecimal = { value: 5n, exponent: -1 };
const NIL_DEREFERENCE = "runtime error: invalid memory address or nil pointer dereference";

/**
 * Mirrors SamplePreservedForEpisode up to the shuffle (anchor-independent), under `rules` (default: the
 * newest version's). Throws GoError when GetParams fails.
 */
export function prepareEpisode(state: PreservedState, rules: PreservedRules = LATEST_PRESERVED_RULES): PreparedEpisode {
  if (state.params.error) throw new GoError("params unavailable");
  const psa = state.params.epochParams.pocSlotAllocation;
  const defaultFraction = psa === null || psa.value === 0n;
  const allocationFraction = defaultFraction ? DEFAULT_FRACTION : psa!;
  // v0.2.12 reads no guardian list; v0.2.13 excludes the converted genesis guardians.
  const guardians = rules.excludeGenesisGuardians ? guardianSetOf(state.genesisGuardianAddresses) : { conversions: [], set: new Set<string>() };
  let coefficients = new Map<string, LegacyDec>();
  if (rules.nonVotingCap === "globalScaledWeight") {
    if (!state.pocModelConfigs) {
      throw new InputError(
        `the ${rules.version} sampler weighs its 34 % cap by each model's weight scale factor, and this state records none: add params.pocParams.models (or, in a schema-v1 snapshot, chain.weightScaleFactors)`,
        "params.pocParams",
      );
    }
    coefficients = modelCoefficients(state.pocModelConfigs.models);
  }
  if (!rules.liveMemberFilter && state.liveSubGroups.error) {
    throw new InputError(
      `the ${rules.version} sampler reads each model's subgroup by itself (no live x/group read that can fail as a whole); record the subgroups that exist in byModel and leave "error" unset`,
      "liveSubGroups.error",
    );
  }
  const epochIndex = state.epoch.index;
  const currentEpochData = new EpochMLNodeData();
  const previousEpochData = new EpochMLNodeData();
  const participantVotingPowers = new Map<string, Map<string, bigint>>();
  const base = {
    rules,
    coefficients,
    epochIndex,
    allocationFraction,
    defaultFraction,
    guardianConversions: guardians.conversions,
    guardianSet: guardians.set,
    currentEpochData,
    previousEpochData,
    participantVotingPowers,
    modelPreps: [] as ModelFilterPrep[],
    modelPrepByModel: new Map<string, ModelFilterPrep>(),
    totalWeights: new Map<string, bigint>(),
    targetWeights: new Map<string, bigint>(),
    subGroupEntries: new Map<string, SubGroupEntry[]>(),
    state,
  };
  if (state.rootGroup.error) {
    return { ...base, rootUnavailable: true, subGroupsUnavailable: false, liveRootTotalWeight: 0n, sortedModelIds: [], allParticipantsHash: "", maxNonVotingVP: 0n, capBaseWeight: 0n };
  }
  // v0.2.12 never sums root weights (reported as 0).
  const liveRootTotalWeight = rules.liveMemberFilter ? sumLiveRootTotalWeight(state.rootGroup.validationWeights, state.rootGroup.liveMembers) : 0n;
  const readsVotingPower = rules.participantLine === "votingPower" || rules.nonVotingCap === "perModelVotingPower";
  const sortedModelIds = [...state.rootGroup.subGroupModels].sort(compareGoStrings);
  const subErr = state.liveSubGroups.error;
  const uniqueModels = [...new Set(sortedModelIds)];
  for (const modelId of uniqueModels) {
    const sub = subErr ? undefined : state.liveSubGroups.byModel.get(modelId);
    // Go ranges over the group's []*ValidationWeight and reads vw.MemberAddress / vw.MlNodes unchecked.
    if (sub?.nilEntries) throw new GoPanic(NIL_DEREFERENCE);
    const entries: SubGroupEntry[] = [];
    if (sub) {
      sub.validationWeights.forEach((vw, index) => {
        const live = !rules.liveMemberFilter || sub.liveMembers === null || sub.liveMembers.has(vw.memberAddress);
        if (!live) {
          entries.push({ index, vw, live, dedup: undefined });
          return;
        }
        const dedup = dedupMLNodesById(vw.mlNodes);
        entries.push({ index, vw, live, dedup });
        currentEpochData.set(modelId, vw.memberAddress, dedup.deduped);
        if (readsVotingPower && vw.votingPower > 0n) {
          let m = participantVotingPowers.get(modelId);
          if (!m) participantVotingPowers.set(modelId, (m = new Map()));
          m.set(vw.memberAddress, vw.votingPower);
        }
      });
    }
    base.subGroupEntries.set(modelId, entries);
    if (epochIndex > 0n) {
      const prev = state.previousEpochGroupData.get(modelId);
      // Same unchecked loop (GetEpochPerformanceSummary(ctx, previousEpochIndex, vw.MemberAddress)).
      if (prev?.nilEntries) throw new GoPanic(NIL_DEREFERENCE);
      for (const vw of prev?.validationWeights ?? []) {
        const summary = state.previousEpochPerformanceSummaries.get(vw.memberAddress);
        if (summary === undefined || summary.rewardedCoins === 0n) continue;
        previousEpochData.set(modelId, vw.memberAddress, dedupMLNodesById(vw.mlNodes).deduped);
      }
    }
  }
  const allParticipantsHash = currentEpochData.getAllParticipantsHash();
  let capBaseWeight = liveRootTotalWeight;
  if (rules.nonVotingCap === "globalScaledWeight") {
    // v0.2.12's totalCurrentEpochWeight: the raw current weight of every model, whatever its name says.
    capBaseWeight = 0n;
    for (const m of currentEpochData.models()) capBaseWeight = addInt64(capBaseWeight, currentEpochData.getTotalWeightForModel(m));
  }
  const maxNonVotingVP = maxNonVotingVotingPower(capBaseWeight);
  const modelPreps = currentEpochData
    .models()
    .map((m) => prepareModelFilter(m, currentEpochData, previousEpochData, participantVotingPowers.get(m), liveRootTotalWeight, guardians.set, rules, coefficients));
  for (const m of uniqueModels) {
    const total = currentEpochData.getTotalWeightForModel(m);
    base.totalWeights.set(m, total);
    base.targetWeights.set(m, targetPoCWeight(allocationFraction, total));
  }
  const modelPrepByModel = new Map(modelPreps.map((p) => [p.modelId, p]));
  return { ...base, rootUnavailable: false, subGroupsUnavailable: subErr, liveRootTotalWeight, sortedModelIds, allParticipantsHash, maxNonVotingVP, capBaseWeight, modelPreps, modelPrepByModel };
}

/** Everything prepareEpisode reads except the slot allocation (compared by identity). */
function sameButFraction(a: PreservedState, b: PreservedState): boolean {
  return (
    a.rootGroup === b.rootGroup &&
    a.liveSubGroups === b.liveSubGroups &&
    a.previousEpochGroupData === b.previousEpochGroupData &&
    a.previousEpochPerformanceSummaries === b.previousEpochPerformanceSummaries &&
    a.genesisGuardianAddresses === b.genesisGuardianAddresses &&
    a.epoch === b.epoch &&
    a.pocModelConfigs === b.pocModelConfigs &&
    a.params.error === b.params.error
  );
}

const rulesKey = (r: PreservedRules): string => `${r.version}|${r.liveMemberFilter}|${r.excludeGenesisGuardians}|${r.participantLine}|${r.nonVotingCap}`;
const preparedEpisodes = new WeakMap<object, { state: PreservedState; key: string; prepared: PreparedEpisode }[]>();

/**
 * `prepareEpisode`, shared: a state prepared before (the same object, or a copy that differs only in
 * `params.epochParams.pocSlotAllocation`, as compare's two proposals are) reuses the anchor-independent
 * work, and only the fraction and the per-model targets are recomputed. States are values: a state must
 * not be changed in place after it was prepared.
 */
export function prepareEpisodeShared(state: PreservedState, rules: PreservedRules = LATEST_PRESERVED_RULES): PreparedEpisode {
  if (state.params.error) return prepareEpisode(state, rules);
  const key = rulesKey(rules);
  let list = preparedEpisodes.get(state.liveSubGroups);
  if (!list) preparedEpisodes.set(state.liveSubGroups, (list = []));
  const same = list.find((e) => e.key === key && e.state === state);
  if (same) return same.prepared;
  const base = list.find((e) => e.key === key && sameButFraction(e.state, state));
  let prepared: PreparedEpisode;
  if (!base) prepared = prepareEpisode(state, rules);
  else {
    const psa = state.params.epochParams.pocSlotAllocation;
    const defaultFraction = psa === null || psa.value === 0n;
    const allocationFraction = defaultFraction ? DEFAULT_FRACTION : psa!;
    const targetWeights = new Map<string, bigint>();
    for (const [m, total] of base.prepared.totalWeights) targetWeights.set(m, targetPoCWeight(allocationFraction, total));
    prepared = { ...base.prepared, allocationFraction, defaultFraction, targetWeights, state };
  }
  list.push({ state, key, prepared });
  return prepared;
}

export interface AnchorResult {
  snapshot: PreservedNodesSnapshot;
  /** Per model of the current data (sorted, unique): the draw, the cap decisions and the eligible nodes. */
  perModelFilter: ModelFilterAtAnchor[];
  /** One entry per processed model id (sorted root models, duplicates kept). */
  samplePreservedCalls: ModelAllocation[];
}

export interface SampleOptions {
  /** Record every canAllocateParticipantNode decision (default true). */
  traceDecisions?: boolean;
}

/** Mirrors SamplePreservedForEpisode from the shuffle on (draw, 34 % cap, fill, output), with traces. */
export function sampleAtAnchor(prepared: PreparedEpisode, anchorHeight: bigint, options: SampleOptions = {}): AnchorResult {
  if (prepared.rootUnavailable) return { snapshot: { episodeAnchorHeight: anchorHeight, modelPreservedNodes: [] }, perModelFilter: [], samplePreservedCalls: [] };
  // One counter for the whole run, in model order (v0.2.12 carries it across models; v0.2.13 resets it).
  const cap = new NonVotingCap(prepared.rules, prepared.coefficients);
  const perModelFilter = prepared.modelPreps.map((prep) =>
    sampleModelAtAnchor(prep, prepared.epochIndex, prepared.allParticipantsHash, anchorHeight, prepared.maxNonVotingVP, options.traceDecisions ?? true, cap),
  );
  const byModel = new Map<string, ModelFilterAtAnchor>();
  prepared.modelPreps.forEach((p, i) => byModel.set(p.modelId, perModelFilter[i]!));
  const samplePreservedCalls: ModelAllocation[] = [];
  const modelPreservedNodes: ModelPreservedNodes[] = [];
  const cache = new Map<string, ModelAllocation>();
  for (const modelId of prepared.sortedModelIds) {
    let alloc = cache.get(modelId);
    if (!alloc) {
      const eligible = byModel.get(modelId)?.eligible ?? new Map<string, MLNodeInfo[]>();
      const participants = sortedGoStrings(eligible.keys());
      // Eligible lists are weight-then-id sorted prefixes of the filtered nodes: with unique ids that is
      // already the order in which getSmallestUnallocatedMLNode takes them.
      const prep = prepared.modelPrepByModel.get(modelId);
      const queues = participants.map((a) => {
        const l = eligible.get(a)!;
        return prep?.candidates.get(a)?.uniqueIds === true ? l : allocationQueue(l);
      });
      alloc = roundRobin(modelId, prepared.totalWeights.get(modelId) ?? 0n, prepared.targetWeights.get(modelId) ?? 0n, participants, queues);
      cache.set(modelId, alloc);
    }
    samplePreservedCalls.push(alloc);
    if (alloc.allocated.size === 0) continue;
    modelPreservedNodes.push({
      modelId,
      participants: sortedGoStrings(alloc.allocated.keys()).map((a) => ({ participantId: a, nodeIds: sortedGoStrings(alloc!.allocated.get(a)!) })),
    });
  }
  return { snapshot: { episodeAnchorHeight: anchorHeight, modelPreservedNodes }, perModelFilter, samplePreservedCalls };
}

/** Per-model totals of one anchor's fill. */
export interface ModelFill {
  modelId: string;
  totalWeight: bigint;
  targetWeight: bigint;
  achievedWeight: bigint;
}

/**
 * The snapshot at one anchor, fast: no traces, no explanations (for evaluating many anchors), through
 * the episode's anchor index (anchor-index.ts). Same snapshot and fills as `sampleAtAnchor`.
 */
export function sampleSnapshotAtAnchor(prepared: PreparedEpisode, anchorHeight: bigint): { snapshot: PreservedNodesSnapshot; fills: ModelFill[] } {
  const modelPreservedNodes: ModelPreservedNodes[] = [];
  const fills: ModelFill[] = [];
  if (prepared.rootUnavailable) return { snapshot: { episodeAnchorHeight: anchorHeight, modelPreservedNodes }, fills };
  const ix = anchorIndex(prepared);
  if (ix.models.some((m) => !m.uniqueIds)) {
    // Duplicate node ids within a participant's filtered list (the current data is deduplicated, so
    // never in practice): the reference path, which takes each id once.
    const at = sampleAtAnchor(prepared, anchorHeight, { traceDecisions: false });
    return {
      snapshot: at.snapshot,
      fills: at.samplePreservedCalls.map((c) => ({ modelId: c.modelId, totalWeight: c.totalWeight, targetWeight: c.targetWeight, achievedWeight: c.achievedWeight })),
    };
  }
  eligibleCountsAt(ix, anchorHeight);
  const done = new Map<string, { entry: ModelPreservedNodes | null; fill: ModelFill }>();
  for (const modelId of prepared.sortedModelIds) {
    let r = done.get(modelId);
    if (!r) {
      r = fillModel(prepared, ix.byModel.get(modelId), modelId);
      done.set(modelId, r);
    }
    fills.push(r.fill);
    if (r.entry) modelPreservedNodes.push(r.entry);
  }
  return { snapshot: { episodeAnchorHeight: anchorHeight, modelPreservedNodes }, fills };
}

function fillModel(prepared: PreparedEpisode, m: ModelAnchorIndex | undefined, modelId: string): { entry: ModelPreservedNodes | null; fill: ModelFill } {
  const totalWeight = prepared.totalWeights.get(modelId) ?? 0n;
  const targetWeight = prepared.targetWeights.get(modelId) ?? 0n;
  if (!m) return { entry: null, fill: { modelId, totalWeight, targetWeight, achievedWeight: 0n } };
  const { taken, achievedWeight } = roundRobinCounts(m);
  const participants: ParticipantPreservedNodes[] = [];
  for (let i = 0; i < taken.length; i++) {
    const t = taken[i]!;
    if (t === 0) continue;
    const c = m.prep.candidates.get(m.addrs[i]!)!;
    const nodeIds: string[] = [];
    for (const j of c.idOrder) if (j < t) nodeIds.push(c.filteredNodes[j]!.nodeId);
    participants.push({ participantId: m.addrs[i]!, nodeIds });
  }
  return {
    entry: participants.length > 0 ? { modelId, participants } : null,
    fill: { modelId, totalWeight, targetWeight, achievedWeight },
  };
}

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
  let exact = 0n;
  for (const vw of prepared.state.rootGroup.validationWeights) {
    if (vw && (prepared.state.rootGroup.liveMembers === null || prepared.state.rootGroup.liveMembers.has(vw.memberAddress))) exact += vw.weight;
  }
  if (exact !== w) out.push(`rootGroup: the live root weight sum ${exact} overflows int64; Go uses the wrapped ${w}`);
  return out;
}

/** Build the full result (intermediates, optional explanations) from a prepared episode and one anchor's draw. */
export function assembleResult(prepared: PreparedEpisode, at: AnchorResult, explain: boolean): PreservedResult {
  const eligibleNodesData = new EpochMLNodeData();
  prepared.modelPreps.forEach((p, i) => {
    for (const [addr, nodes] of at.perModelFilter[i]!.eligible) for (const n of nodes) eligibleNodesData.append(p.modelId, addr, n);
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
