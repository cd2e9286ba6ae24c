/** Go golden-vector suites implemented by this rule family (suite name → adapter). */
import { sortedGoStrings } from "../go/bytes.js";
import { checkedInt64, checkedUint64, toBigInt } from "../go/int64.js";
import type { Json } from "../go/json.js";
import type { SuiteTable } from "../vectors/types.js";
import { coefficientAdjustedWeight, legacyDecOrOne } from "./coefficient-adjusted-weight.js";
import { EpochMLNodeData, participantsHash } from "./epoch-ml-node-data.js";
import { canAllocateParticipantNode, filterEligibleMLNodes, type ModelFilterAtAnchor, type ModelFilterPrep } from "./filter-eligible-ml-nodes.js";
import { compareBoolSlices, compareMLNodePreference, dedupMLNodesById, mlNodeThroughput, mlNodeWeight, sortMLNodesByNodeId } from "./ml-node.js";
import { sampleEligibleParticipantsWithHistory } from "./sample-eligible-participants.js";
import { samplePreservedForEpisode, sumLiveRootTotalWeight, type EpisodeIntermediates } from "./sample-preserved-for-episode.js";
import { preservedRulesFor } from "./preserved-rules.js";
import { stripChallengeSkipFromPreserved } from "./strip-challenge-skip-from-preserved.js";
import { getSmallestUnallocatedMLNode, samplePreservedForModel, type ModelAllocation } from "./sample-preserved-for-model.js";
import { parsePreservedState, type MLNodeInfo, type ValidationWeight } from "./state.js";
import { calculatePerParticipantThreshold, calculateThresholds, filterNodesByWeightAndCount, getParticipantWeightsForThreshold } from "./thresholds.js";
import { parseChainDecimal } from "../go/chain-decimal.js";
import {
  calculateEffectiveNodeThreshold,
  calculateNodeWeightThresholdIQR,
  calculateParticipantWeightThreshold75Percent,
  calculateWeightThreshold,
  calculateWeightThresholdWithCount,
  weightThresholdForTarget,
} from "./weight-threshold.js";

type Obj = { [k: string]: Json };
const o = (v: Json | undefined): Obj => (v ?? {}) as Obj;
const arr = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
const i64 = (v: Json | undefined, p = "input"): bigint => checkedInt64(v, p);
const num = (v: Json | undefined): number => Number(toBigInt(v, "input"));
const ints = (v: Json | undefined): bigint[] => arr(v).map((x) => i64(x));
const strs = (v: Json | undefined): string[] => arr(v).map((x) => x as string);

function node(v: Json | undefined): MLNodeInfo | null {
  if (v === null || v === undefined) return null;
  const n = o(v);
  return {
    nodeId: n.nodeId as string,
    pocWeight: i64(n.pocWeight),
    throughput: n.throughput === undefined ? 0n : i64(n.throughput),
    timeslotAllocation: arr(n.timeslotAllocation).map((b) => b === true),
  };
}
const nodes = (v: Json | undefined): (MLNodeInfo | null)[] => arr(v).map(node);
const nodeList = (v: Json | undefined): MLNodeInfo[] | null => (v === null || v === undefined ? null : (nodes(v) as MLNodeInfo[]));

function epochData(v: Json | undefined): EpochMLNodeData {
  const d = new EpochMLNodeData();
  for (const [m, parts] of Object.entries(o(v))) {
    if (parts === null) continue;
    for (const [a, list] of Object.entries(o(parts))) d.set(m, a, nodeList(list));
  }
  return d;
}

function vpMap(v: Json | undefined): Map<string, bigint> | undefined {
  if (v === null || v === undefined) return undefined;
  return new Map(Object.entries(o(v)).map(([a, w]) => [a, i64(w)]));
}

function vpMaps(v: Json | undefined): Map<string, Map<string, bigint>> {
  return new Map(Object.entries(o(v)).map(([m, x]) => [m, vpMap(x) ?? new Map()]));
}

const nodeOut = (n: MLNodeInfo | null): unknown =>
  n === null ? null : { nodeId: n.nodeId, pocWeight: n.pocWeight, throughput: n.throughput, timeslotAllocation: n.timeslotAllocation };
const nodesOut = (l: readonly (MLNodeInfo | null)[] | null): unknown => (l === null ? null : l.map(nodeOut));
const shortNode = (n: MLNodeInfo) => ({ nodeId: n.nodeId, pocWeight: n.pocWeight });

function mapOut<V>(m: ReadonlyMap<string, V> | undefined, f: (v: V) => unknown = (v) => v): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of m ?? []) out[k] = f(v);
  return out;
}

function epochDataOut(d: EpochMLNodeData): Record<string, unknown> {
  return mapOut(d.data, (pm) => mapOut(pm, nodesOut));
}

const sortedInts = (xs: bigint[]): bigint[] => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));


function perModelOut(p: ModelFilterAtAnchor & { prep: ModelFilterPrep }): Record<string, unknown> {
  const t = p.prep.thresholds;
  const s = p.sample;
  return {
    modelId: p.prep.modelId,
    participantWeights: t.participantWeights,
    participantWeightThreshold: t.participantWeightThreshold,
    participantMinNodeWeights: mapOut(t.participantMinNodeWeights),
    participantNodeCounts: mapOut(t.participantNodeCounts),
    globalMaxNodeWeight: t.globalMaxNodeWeight,
    filteredParticipantAddrs: p.prep.filteredParticipantAddrs,
    participantsWithHistory: s.participantsWithHistory,
    ...(s.seedString !== undefined ? { seedString: s.seedString, seedInt: String(s.seedInt), shuffled: s.shuffled, numEligible: s.numEligible } : {}),
    eligibleParticipants: s.eligible,
    nodeDecisions: p.nodeDecisions.map((d) => ({ ...d, node: shortNode(d.node) })),
    nonVotingVPForModelFinal: p.nonVotingVPForModelFinal,
  };
}

function allocationOut(a: ModelAllocation): Record<string, unknown> {
  return {
    achievedWeight: a.achievedWeight,
    allocationOrder: a.allocationOrder.map((s) => ({ participant: s.participant, node: shortNode(s.node), cumulativeWeight: s.cumulativeWeight })),
    logged: a.logged,
    targetWeight: a.targetWeight,
    totalWeight: a.totalWeight,
  };
}

function intermediatesOut(i: EpisodeIntermediates): Record<string, unknown> {
  if (i.rootUnavailable) return { guardianConversions: i.guardianConversions };
  return {
    allParticipantsHash: i.allParticipantsHash,
    allocationFraction: i.allocationFraction,
    currentEpochData: epochDataOut(i.currentEpochData),
    eligibleNodesData: epochDataOut(i.eligibleNodesData),
    guardianConversions: i.guardianConversions,
    guardianSet: i.guardianSet,
    liveRootTotalWeight: i.liveRootTotalWeight,
    maxNonVotingVP: i.maxNonVotingVP,
    participantVotingPowers: mapOut(i.participantVotingPowers, (m) => mapOut(m)),
    perModelFilter: i.perModelFilter.map(perModelOut),
    previousEpochData: epochDataOut(i.previousEpochData),
    samplePreservedCalls: i.samplePreservedCalls.map((a) => ({ modelId: a.modelId, ...allocationOut(a) })),
    sortedModelIds: i.sortedModelIds,
  };
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The vectors write integers beyond ±(2^53 − 1) as decimal strings; do the same for the port's output. */
function wideAsString(v: unknown): unknown {
  if (typeof v === "bigint") return v > SAFE || v < -SAFE ? v.toString() : v;
  if (Array.isArray(v)) return v.map(wideAsString);
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = wideAsString(x);
    return out;
  }
  return v;
}

const table: SuiteTable = {
  calculate_effective_node_threshold: {
    run: (x) => ({ threshold: calculateEffectiveNodeThreshold(i64(o(x).participantThreshold), i64(o(x).globalThreshold)) }),
  },
  calculate_node_weight_threshold_iqr: { run: (x) => ({ threshold: calculateNodeWeightThresholdIQR(ints(o(x).weights)) }) },
  calculate_participant_weight_threshold_75_percent: {
    run: (x) => ({ threshold: calculateParticipantWeightThreshold75Percent(ints(o(x).weights), i64(o(x).liveRootTotalWeight)) }),
  },
  calculate_weight_threshold: { run: (x) => ({ threshold: calculateWeightThreshold(ints(o(x).weights), num(o(x).targetPercent)) }) },
  calculate_weight_threshold_with_count: {
    run: (x) => {
      const r = calculateWeightThresholdWithCount(ints(o(x).weights), num(o(x).targetPercent));
      return { count: r.count, threshold: r.threshold };
    },
  },
  weight_threshold_for_target: { run: (x) => ({ threshold: weightThresholdForTarget(ints(o(x).weights), i64(o(x).targetWeight)) }) },
  can_allocate_participant_node: {
    run: (x) => {
      const i = o(x);
      return canAllocateParticipantNode(i64(i.eligibleParticipantModelWeight), i64(i.participantModelWeight), i64(i.nonVotingVPForModel), i64(i.participantVP), i64(i.maxNonVotingVP));
    },
  },
  calculate_per_participant_threshold: {
    run: (x) => {
      const i = o(x);
      const r = calculatePerParticipantThreshold(epochData(i.epochData), i64(i.participantWeightThreshold), vpMap(i.participantVotingPowers));
      return { counts: mapOut(r.counts), thresholds: mapOut(r.thresholds) };
    },
  },
  calculate_thresholds: {
    run: (x) => {
      const i = o(x);
      const d = epochData(i.epochData);
      const t = calculateThresholds(d, vpMap(i.participantVotingPowers), i64(i.liveRootTotalWeight));
      return {
        allNodeWeightsSorted: sortedInts(d.getAllIndividualNodeWeights()),
        globalMaxNodeWeight: t.globalMaxNodeWeight,
        participantMinNodeWeights: mapOut(t.participantMinNodeWeights),
        participantNodeCounts: mapOut(t.participantNodeCounts),
        participantWeightThreshold: t.participantWeightThreshold,
        participantWeights: t.participantWeights,
      };
    },
  },
  get_participant_weights_for_threshold: {
    run: (x) => ({ weights: getParticipantWeightsForThreshold(epochData(o(x).epochData), vpMap(o(x).participantVotingPowers)) }),
  },
  coefficient_adjusted_weight: {
    run: (x) => {
      const i = o(x);
      const coeffs = new Map(Object.entries(o(i.coefficients)).map(([m, d]) => [m, legacyDecOrOne(d === null ? null : parseChainDecimal({ value: o(d).value!, exponent: o(d).exponent! }, `coefficients.${m}`))]));
      const modelNodes = new Map(Object.entries(o(i.modelNodes)).map(([m, l]) => [m, l === null ? null : nodes(l)]));
      const f = i.filter === null || i.filter === undefined ? null : new Set(strs(o(i.filter).includeNodeIds));
      return { total: coefficientAdjustedWeight(modelNodes, coeffs, f === null ? null : (n) => f.has(n.nodeId)) };
    },
  },
  compare_ml_node_preference: {
    run: (x) => {
      const a = node(o(x).a);
      const b = node(o(x).b);
      return {
        compareBoolSlicesOfTimeslotAllocation: compareBoolSlices(a?.timeslotAllocation ?? [], b?.timeslotAllocation ?? []),
        compareMLNodePreference: compareMLNodePreference(a, b),
      };
    },
  },
  dedup_ml_nodes_by_id: {
    run: (x) => {
      const r = dedupMLNodesById(nodes(o(x).nodes));
      return { deduped: nodesOut(r.deduped), dedupedIndices: r.dedupedIndices, stats: r.stats === null ? null : mapOut(r.stats) };
    },
  },
  ml_node_weight_throughput: {
    run: (x) => {
      const n = node(o(x).node);
      return { mlNodeThroughput: mlNodeThroughput(n), mlNodeWeight: mlNodeWeight(n) };
    },
  },
  sort_ml_nodes_by_node_id: {
    run: (x) => {
      const sorted = sortMLNodesByNodeId(nodes(o(x).nodes) as MLNodeInfo[]);
      const ids = sorted.map((n) => n.nodeId);
      const uniqueIds = new Set(ids).size === ids.length;
      return { nodeIds: ids, ...(uniqueIds ? { nodes: sorted.map(nodeOut) } : {}), uniqueIds };
    },
  },
  filter_nodes_by_weight_and_count: {
    run: (x) => ({ nodes: filterNodesByWeightAndCount(nodes(o(x).nodes) as MLNodeInfo[], i64(o(x).threshold), num(o(x).targetCount)).map(nodeOut) }),
  },
  get_smallest_unallocated_ml_node: {
    run: (x) => {
      const r = getSmallestUnallocatedMLNode(nodes(o(x).nodes), new Set(strs(o(x).allocatedNodeIds)));
      return { index: r === null ? null : r.index, node: r === null ? null : nodeOut(r.node) };
    },
  },
  epoch_ml_node_data_methods: {
    run: (x) => {
      const i = o(x);
      const d = epochData(i.epochData);
      const models = strs(i.queryModels);
      const parts = strs(i.queryParticipants);
      const forParticipantNodeIds: Record<string, unknown> = {};
      const totalWeightForModel: Record<string, unknown> = {};
      for (const m of models) {
        totalWeightForModel[m] = d.getTotalWeightForModel(m);
        const per: Record<string, unknown> = {};
        for (const p of parts) per[p] = d.getForParticipant(m, p)?.map((n) => n.nodeId) ?? null;
        forParticipantNodeIds[m] = per;
      }
      const participantModelNodes: Record<string, unknown> = {};
      const participantWeight: Record<string, unknown> = {};
      for (const p of parts) {
        participantModelNodes[p] = mapOut(d.getParticipantModelNodes(p), nodesOut);
        participantWeight[p] = d.getParticipantWeight(p);
      }
      return {
        allIndividualNodeWeightsSorted: sortedInts(d.getAllIndividualNodeWeights()),
        allParticipantWeightsSorted: sortedInts(d.getAllParticipantWeights()),
        allParticipantsHash: d.getAllParticipantsHash(),
        forParticipantNodeIds,
        models: d.models(),
        participantModelNodes,
        participantWeight,
        totalWeightForModel,
      };
    },
  },
  participants_hash: {
    run: (x) => {
      const sorted = epochData(o(x).epochData).allParticipants();
      return { ...participantsHash(sorted), sortedParticipants: sorted };
    },
  },
  sum_live_root_total_weight: {
    run: (x) => {
      const i = o(x);
      const vws = arr(i.validationWeights).map((v): ValidationWeight | null =>
        v === null ? null : { memberAddress: o(v).memberAddress as string, weight: i64(o(v).weight), votingPower: 0n, mlNodes: [] },
      );
      const live = i.liveRootSet === null || i.liveRootSet === undefined ? null : new Set(strs(i.liveRootSet));
      return { total: sumLiveRootTotalWeight(vws, live) };
    },
  },
  sample_eligible_participants: {
    run: (x) => {
      const i = o(x);
      const s = sampleEligibleParticipantsWithHistory(
        strs(i.sortedParticipantAddrs),
        epochData(i.previousEpochData),
        i.modelId as string,
        checkedUint64(i.upcomingEpochIndex, "upcomingEpochIndex"),
        i.allParticipantsHashStr as string,
        i64(i.anchorHeight),
      );
      return {
        eligible: s.eligible,
        participantsWithHistory: s.participantsWithHistory,
        ...(s.seedString !== undefined ? { seedString: s.seedString, seedInt: String(s.seedInt), shuffled: s.shuffled, numEligible: s.numEligible } : {}),
      };
    },
  },
  sample_preserved_for_model: {
    run: (x) => {
      const i = o(x);
      const a = samplePreservedForModel(i.modelId as string, epochData(i.currentEpochData), epochData(i.eligibleNodesData), parseChainDecimal(i.fraction, "fraction"));
      return { ...allocationOut(a), allocated: mapOut(a.allocated, (s) => sortedGoStrings(s)), numPreserved: a.numPreserved };
    },
  },
  filter_eligible_ml_nodes: {
    run: (x) => {
      const i = o(x);
      const cur = epochData(i.currentEpochData);
      const r = filterEligibleMLNodes(
        checkedUint64(o(i.upcomingEpoch).index, "upcomingEpoch.index"),
        epochData(i.previousEpochData),
        cur,
        i64(i.liveRootTotalWeight),
        i64(i.anchorHeight),
        new Set(Array.isArray(i.guardianSet) ? strs(i.guardianSet) : Object.keys(o(i.guardianSet))),
        vpMaps(i.participantVotingPowers),
      );
      return {
        allParticipantsHash: r.allParticipantsHash,
        allParticipantsHashInput: participantsHash(cur.allParticipants()).hashedString,
        eligibleNodesData: epochDataOut(r.eligibleNodesData),
        maxNonVotingVP: r.maxNonVotingVP,
        perModel: r.perModel.map(perModelOut),
      };
    },
  },
  sample_preserved_for_episode: {
    run: (x) => {
      const state = parsePreservedState(x, "input", { lenient: true });
      const r = samplePreservedForEpisode(state, state.anchorHeight ?? 0n, { explain: true });
      return { intermediates: intermediatesOut(r.intermediates), snapshot: r.snapshot };
    },
  },
  // v0.2.16 (compiled from zpoken/gonka@ef1a5efd): the same input with the epoch's ActiveParticipants
  // (trust weights) and, for a confirmation PoC, its challenge targets stripped from the snapshot.
  v0216_sample_preserved_for_episode: {
    run: (x) => {
      const state = parsePreservedState(x, "input", { lenient: true });
      const r = samplePreservedForEpisode(state, state.anchorHeight ?? 0n, { explain: false, rules: preservedRulesFor("v0.2.16") });
      const skip = o(x).challengeSkipTargets;
      const snapshot = skip === null || skip === undefined ? r.snapshot : stripChallengeSkipFromPreserved(r.snapshot, new Set(strs(skip)));
      return { intermediates: { liveRootTotalWeight: r.intermediates.rootUnavailable ? null : r.intermediates.liveRootTotalWeight }, snapshot };
    },
  },
};

export const suites: SuiteTable = Object.fromEntries(
  Object.entries(table).map(([name, suite]) => [name, { ...suite, run: (input: Json, caseName: string) => wideAsString(suite.run(input, caseName)) }]),
);
