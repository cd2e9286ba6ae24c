/**
 * The per-model threshold set of model_assignment.go (75 % participant line, per-participant 25 %
 * node thresholds with counts, IQR cap) and the node filter that applies it.
 */
import { compareGoStrings } from "../go/bytes.js";
import { goSortFunc } from "../go/slices-sort.js";
import { EpochMLNodeData, sortedKeys, type NodeList } from "./epoch-ml-node-data.js";
import type { MLNodeInfo } from "./state.js";
import {
  calculateEffectiveNodeThreshold,
  calculateWeightThresholdWithCountOfNodes,
  calculateNodeWeightThresholdIQR,
  calculateParticipantWeightThreshold75Percent,
  calculateWeightThreshold,
  calculateWeightThresholdWithCount,
} from "./weight-threshold.js";
import { Int64Sum } from "../go/int64.js";
import type { PreservedRules } from "./preserved-rules.js";

/** Mirrors inference.thresholdSet, plus the 75 % line and the weights it was computed from. */
export interface ThresholdSet {
  participantWeights: bigint[];
  participantWeightThreshold: bigint;
  participantMinNodeWeights: Map<string, bigint>;
  participantNodeCounts: Map<string, number>;
  globalMaxNodeWeight: bigint;
}

function uniqueParticipants(epochData: EpochMLNodeData): string[] {
  return epochData.allParticipants();
}

/** Every node weight of `epochData`, in map order. */
function allNodeWeights(epochData: EpochMLNodeData): bigint[] {
  const out: bigint[] = [];
  for (const md of epochData.data.values()) for (const nodes of md.values()) for (const n of nodes ?? []) out.push(n.pocWeight);
  return out;
}

/** Mirrors inference.getParticipantWeightsForThreshold: VP (0 when missing) per participant, sorted by address. */
export function getParticipantWeightsForThreshold(
  epochData: EpochMLNodeData,
  participantVotingPowers: ReadonlyMap<string, bigint> | undefined,
  participants: readonly string[] = uniqueParticipants(epochData),
): bigint[] {
  return participants.map((a) => participantVotingPowers?.get(a) ?? 0n);
}

/**
 * A single model's participants read once, aligned with its sorted participant list: each one's node
 * list (as stored) and its per-model voting power (0 when missing). Given to the threshold rules of a
 * one-model view so that they, and prepareModelFilter after them, look each participant up once.
 */
export interface ModelColumns {
  nodes: readonly (readonly MLNodeInfo[] | null | undefined)[];
  votingPowers: readonly bigint[];
}

/** The columns of one model's participant map for `participants` (its sorted participants). */
export function modelColumns(participantNodes: ReadonlyMap<string, NodeList> | undefined, votingPowers: ReadonlyMap<string, bigint> | undefined, participants: readonly string[]): ModelColumns {
  const nodes = new Array<NodeList | undefined>(participants.length);
  const vps = new Array<bigint>(participants.length);
  for (let p = 0; p < participants.length; p++) {
    const a = participants[p]!;
    nodes[p] = participantNodes?.get(a);
    vps[p] = votingPowers?.get(a) ?? 0n;
  }
  return { nodes, votingPowers: vps };
}

/**
 * Mirrors inference.calculatePerParticipantThreshold: 25 % rule for participants with VP ≥ the 75 % line.
 * `columns`: `participantVotingPowers` and `epochData`'s only model read for `participants` (modelColumns).
 */
export function calculatePerParticipantThreshold(
  epochData: EpochMLNodeData,
  participantWeightThreshold: bigint,
  participantVotingPowers: ReadonlyMap<string, bigint> | undefined,
  participants: readonly string[] = uniqueParticipants(epochData),
  columns?: ModelColumns,
): { thresholds: Map<string, bigint>; counts: Map<string, number> } {
  const thresholds = new Map<string, bigint>();
  const counts = new Map<string, number>();
  const modelMaps = columns ? [] : sortedKeys(epochData.data).map((m) => epochData.data.get(m)!);
  for (let p = 0; p < participants.length; p++) {
    const addr = participants[p]!;
    const vp = columns ? columns.votingPowers[p]! : (participantVotingPowers?.get(addr) ?? 0n);
    if (vp < participantWeightThreshold) continue;
    if (columns) {
      const r = calculateWeightThresholdWithCountOfNodes(columns.nodes[p] ?? [], 25);
      thresholds.set(addr, r.threshold);
      counts.set(addr, r.count);
      continue;
    }
    const nodeWeights: bigint[] = [];
    for (let k = 0; k < modelMaps.length; k++) {
      const list = modelMaps[k]!.get(addr);
      if (list) for (let i = 0; i < list.length; i++) nodeWeights.push(list[i]!.pocWeight);
    }
    const r = calculateWeightThresholdWithCount(nodeWeights, 25);
    thresholds.set(addr, r.threshold);
    counts.set(addr, r.count);
  }
  return { thresholds, counts };
}

/**
 * The v0.2.12 line weights (EpochMLNodeData.GetParticipantWeight on the model view): each participant's raw
 * PoC weight in the model (0 without nodes), and the list GetAllParticipantWeights ranks, which leaves out
 * participants without nodes.
 */
export function rawParticipantLineWeights(epochData: EpochMLNodeData, participants: readonly string[] = uniqueParticipants(epochData)): { byParticipant: Map<string, bigint>; ranked: bigint[] } {
  const byParticipant = new Map<string, bigint>();
  const ranked: bigint[] = [];
  for (const addr of participants) {
    const sum = new Int64Sum();
    let nodes = 0;
    for (const md of epochData.data.values()) {
      for (const n of md.get(addr) ?? []) {
        sum.add(n.pocWeight);
        nodes++;
      }
    }
    const w = sum.value;
    byParticipant.set(addr, w);
    if (nodes > 0) ranked.push(w);
  }
  return { byParticipant, ranked };
}

/**
 * Mirrors ModelAssigner.calculateThresholds. `participantLine` (PreservedRules) picks what the 75 % line
 * ranks: per-model voting power against 75 % of the live root weight (v0.2.13, model_assignment.go@17808620),
 * or raw model PoC weight against 75 % of the model's own total (v0.2.12, model_assignment.go@d8b8e907,
 * where `participantVotingPowersPerModel` is not read). `participants`: the sorted participants of
 * `epochData`, when the caller has them; `columns`: for a one-model view, its map read for them (modelColumns).
 */
export function calculateThresholds(
  epochData: EpochMLNodeData,
  participantVotingPowersPerModel: ReadonlyMap<string, bigint> | undefined,
  liveRootTotalWeight: bigint,
  participantLine: PreservedRules["participantLine"] = "votingPower",
  participants: readonly string[] = uniqueParticipants(epochData),
  columns?: ModelColumns,
): ThresholdSet {
  let participantWeights: bigint[];
  let participantWeightThreshold: bigint;
  let lineWeights: ReadonlyMap<string, bigint> | undefined;
  let lineColumns: ModelColumns | undefined;
  if (participantLine === "votingPower") {
    participantWeights = columns ? columns.votingPowers.slice() : getParticipantWeightsForThreshold(epochData, participantVotingPowersPerModel, participants);
    participantWeightThreshold = calculateParticipantWeightThreshold75Percent(participantWeights, liveRootTotalWeight);
    lineWeights = participantVotingPowersPerModel;
    lineColumns = columns;
  } else {
    const raw = rawParticipantLineWeights(epochData, participants);
    participantWeights = raw.ranked;
    participantWeightThreshold = calculateWeightThreshold(participantWeights, 75);
    lineWeights = raw.byParticipant;
  }
  const per = calculatePerParticipantThreshold(epochData, participantWeightThreshold, lineWeights, participants, lineColumns);
  return {
    participantWeights,
    participantWeightThreshold,
    participantMinNodeWeights: per.thresholds,
    participantNodeCounts: per.counts,
    // GetAllIndividualNodeWeights, in map order: the IQR sorts them, so their order does not matter.
    globalMaxNodeWeight: calculateNodeWeightThresholdIQR(allNodeWeights(epochData)),
  };
}

/** The filter's sort key: weight ascending, then node id in byte order. */
export function compareWeightThenId(a: MLNodeInfo, b: MLNodeInfo): number {
  if (a.pocWeight !== b.pocWeight) return a.pocWeight < b.pocWeight ? -1 : 1;
  return compareGoStrings(a.nodeId, b.nodeId);
}

/** Mirrors inference.filterNodesByWeightAndCount: keep weight ≤ threshold (0 = all), lightest first, at most `targetCount` (0 = all). */
export function filterNodesByWeightAndCount(nodes: readonly MLNodeInfo[], threshold: bigint, targetCount: number): MLNodeInfo[] {
  const filtered = threshold === 0n ? [...nodes] : nodes.filter((n) => n.pocWeight <= threshold);
  goSortFunc(filtered, compareWeightThenId);
  if (targetCount > 0 && filtered.length > targetCount) filtered.length = targetCount;
  return filtered;
}

/** Mirrors inference.filterNodesByThresholds: the effective threshold and count of one participant. */
export function filterNodesByThresholds(nodes: readonly MLNodeInfo[], participantAddr: string, t: ThresholdSet): MLNodeInfo[] {
  const threshold = calculateEffectiveNodeThreshold(t.participantMinNodeWeights.get(participantAddr) ?? 0n, t.globalMaxNodeWeight);
  return filterNodesByWeightAndCount(nodes, threshold, t.participantNodeCounts.get(participantAddr) ?? 0);
}
