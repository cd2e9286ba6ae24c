/**
 * filterEligibleMLNodes: per model, the nodes that may be preserved. Split in two so that callers
 * evaluating many anchors compute the anchor-independent part once:
 * - `prepareModelFilter`: thresholds, candidates, history, filtered nodes (no anchor);
 * - `sampleModelAtAnchor`: the seeded draw and the 34 % non-voting cap.
 */
import { compareGoStrings } from "../go/bytes.js";
import { Decimal } from "../go/decimal.js";
import { goSortFunc } from "../go/slices-sort.js";
import { addInt64 } from "../go/int64.js";
import { EpochMLNodeData, sortedKeys } from "./epoch-ml-node-data.js";
import { drawFromHistory, participantsWithHistory, type EligibleSample } from "./sample-eligible-participants.js";
import type { MLNodeInfo } from "./state.js";
import { calculateThresholds, filterNodesByThresholds, type ThresholdSet } from "./thresholds.js";

/** Mirrors inference.canAllocateParticipantNode: a node that completes the participant costs its VP against the cap. */
export function canAllocateParticipantNode(
  eligibleParticipantModelWeight: bigint,
  participantModelWeight: bigint,
  nonVotingVPForModel: bigint,
  participantVP: bigint,
  maxNonVotingVP: bigint,
): { canAllocate: boolean; updatedNonVotingVP: bigint } {
  if (eligibleParticipantModelWeight < participantModelWeight) return { canAllocate: true, updatedNonVotingVP: nonVotingVPForModel };
  const after = addInt64(nonVotingVPForModel, participantVP);
  if (after < maxNonVotingVP) return { canAllocate: true, updatedNonVotingVP: after };
  return { canAllocate: false, updatedNonVotingVP: nonVotingVPForModel };
}

/** Mirrors maxNonVotingVP in filterEligibleMLNodes: decimal 34/100 × live root weight, IntPart. */
export function maxNonVotingVotingPower(liveRootTotalWeight: bigint): bigint {
  return Decimal.fromInt(34).div(Decimal.fromInt(100)).mul(Decimal.fromInt(liveRootTotalWeight)).intPart();
}

/** A candidate's anchor-independent data. */
export interface CandidateData {
  /** Its nodes after the effective threshold and count cut (weight asc, id asc). */
  filteredNodes: MLNodeInfo[];
  /** Sum of all its current nodes' weight for the model (before filtering). */
  participantModelWeight: bigint;
  participantVP: bigint;
  /** Cumulative int64 weight of `filteredNodes` (what the cap loop compares with the total). */
  prefix: bigint[];
  /** Positions in `filteredNodes` ordered by node id (byte order), for sorted output without sorting. */
  idOrder: number[];
  /** Whether the filtered node ids are distinct (always, after dedup); then the fill takes them in order. */
  uniqueIds: boolean;
}

/** Everything about one model that does not depend on the anchor. */
export interface ModelFilterPrep {
  modelId: string;
  thresholds: ThresholdSet;
  /** Every participant of the model, sorted. */
  sortedParticipantAddrs: string[];
  /** Non-guardian participants with at least one node left after filtering, sorted (the draw's N). */
  filteredParticipantAddrs: string[];
  /** Candidates with previous-epoch history for the model, in candidate order. */
  participantsWithHistory: string[];
  candidates: Map<string, CandidateData>;
}

/** Mirrors the anchor-independent half of filterEligibleMLNodes for one model (thresholds, candidates, history). */
export function prepareModelFilter(
  modelId: string,
  currentEpochData: EpochMLNodeData,
  previousEpochData: EpochMLNodeData,
  participantVotingPowersPerModel: ReadonlyMap<string, bigint> | undefined,
  liveRootTotalWeight: bigint,
  guardianSet: ReadonlySet<string>,
): ModelFilterPrep {
  const thresholds = calculateThresholds(currentEpochData.forModel(modelId), participantVotingPowersPerModel, liveRootTotalWeight);
  const participantNodes = currentEpochData.getForModel(modelId);
  const sortedParticipantAddrs = sortedKeys(participantNodes);
  const filteredParticipantAddrs: string[] = [];
  const candidates = new Map<string, CandidateData>();
  for (const addr of sortedParticipantAddrs) {
    if (guardianSet.has(addr)) continue;
    const current = participantNodes!.get(addr) ?? [];
    const filteredNodes = filterNodesByThresholds(current, addr, thresholds);
    if (filteredNodes.length === 0) continue;
    filteredParticipantAddrs.push(addr);
    let participantModelWeight = 0n;
    for (const n of current) participantModelWeight = addInt64(participantModelWeight, n.pocWeight);
    const prefix: bigint[] = [];
    let acc = 0n;
    for (const n of filteredNodes) prefix.push((acc = addInt64(acc, n.pocWeight)));
    const idOrder = goSortFunc(
      filteredNodes.map((_, i) => i),
      (x, y) => compareGoStrings(filteredNodes[x]!.nodeId, filteredNodes[y]!.nodeId),
    );
    let uniqueIds = true;
    for (let i = 1; i < idOrder.length; i++) if (filteredNodes[idOrder[i - 1]!]!.nodeId === filteredNodes[idOrder[i]!]!.nodeId) uniqueIds = false;
    candidates.set(addr, { filteredNodes, participantModelWeight, participantVP: participantVotingPowersPerModel?.get(addr) ?? 0n, prefix, idOrder, uniqueIds });
  }
  return {
    modelId,
    thresholds,
    sortedParticipantAddrs,
    filteredParticipantAddrs,
    participantsWithHistory: participantsWithHistory(filteredParticipantAddrs, previousEpochData, modelId),
    candidates,
  };
}

/** One canAllocateParticipantNode call of the filter loop. */
export interface NodeDecision {
  participant: string;
  node: MLNodeInfo;
  eligibleParticipantModelWeight: bigint;
  participantModelWeight: bigint;
  participantVP: bigint;
  nonVotingVPBefore: bigint;
  canAllocate: boolean;
  nonVotingVPAfter: bigint;
}

export interface ModelFilterAtAnchor {
  sample: EligibleSample;
  nodeDecisions: NodeDecision[];
  /** Eligible nodes per selected participant, in append order (selection order, then weight asc). */
  eligible: Map<string, MLNodeInfo[]>;
  nonVotingVPForModelFinal: bigint;
}

/** Mirrors the anchor-dependent half of filterEligibleMLNodes for one model (draw and 34 % cap loop). */
export function sampleModelAtAnchor(
  prep: ModelFilterPrep,
  upcomingEpochIndex: bigint,
  allParticipantsHash: string,
  anchorHeight: bigint,
  maxNonVotingVP: bigint,
  traceDecisions = true,
): ModelFilterAtAnchor {
  const sample = drawFromHistory(prep.filteredParticipantAddrs.length, prep.participantsWithHistory, prep.modelId, upcomingEpochIndex, allParticipantsHash, anchorHeight);
  const nodeDecisions: NodeDecision[] = [];
  const eligible = new Map<string, MLNodeInfo[]>();
  let nonVoting = 0n;
  for (const addr of sample.eligible) {
    const c = prep.candidates.get(addr)!;
    let acc = 0n;
    for (const node of c.filteredNodes) {
      acc = addInt64(acc, node.pocWeight);
      const r = canAllocateParticipantNode(acc, c.participantModelWeight, nonVoting, c.participantVP, maxNonVotingVP);
      if (traceDecisions) {
        nodeDecisions.push({
          participant: addr,
          node,
          eligibleParticipantModelWeight: acc,
          participantModelWeight: c.participantModelWeight,
          participantVP: c.participantVP,
          nonVotingVPBefore: nonVoting,
          canAllocate: r.canAllocate,
          nonVotingVPAfter: r.updatedNonVotingVP,
        });
      }
      if (!r.canAllocate) break;
      nonVoting = r.updatedNonVotingVP;
      const list = eligible.get(addr);
      if (list) list.push(node);
      else eligible.set(addr, [node]);
    }
  }
  return { sample, nodeDecisions, eligible, nonVotingVPForModelFinal: nonVoting };
}

/**
 * The cap loop of `sampleModelAtAnchor` without traces: how many of each selected participant's
 * filtered nodes are eligible (always a prefix of them), in selection order.
 */
export function eligibleCountsAtAnchor(
  prep: ModelFilterPrep,
  upcomingEpochIndex: bigint,
  allParticipantsHash: string,
  anchorHeight: bigint,
  maxNonVotingVP: bigint,
): Map<string, number> {
  const sample = drawFromHistory(prep.filteredParticipantAddrs.length, prep.participantsWithHistory, prep.modelId, upcomingEpochIndex, allParticipantsHash, anchorHeight);
  const counts = new Map<string, number>();
  let nonVoting = 0n;
  for (const addr of sample.eligible) {
    const c = prep.candidates.get(addr)!;
    const n = c.prefix.length;
    let k = 0;
    for (; k < n; k++) {
      if (c.prefix[k]! < c.participantModelWeight) continue;
      const after = addInt64(nonVoting, c.participantVP);
      if (!(after < maxNonVotingVP)) break;
      nonVoting = after;
    }
    if (k > 0) counts.set(addr, k);
  }
  return counts;
}

/** Per-model trace of filterEligibleMLNodes. */
export interface ModelFilterTrace extends ModelFilterAtAnchor {
  prep: ModelFilterPrep;
}

export interface FilterEligibleResult {
  eligibleNodesData: EpochMLNodeData;
  allParticipantsHash: string;
  maxNonVotingVP: bigint;
  perModel: ModelFilterTrace[];
}

/** Mirrors ModelAssigner.filterEligibleMLNodes. */
export function filterEligibleMLNodes(
  upcomingEpochIndex: bigint,
  previousEpochData: EpochMLNodeData,
  currentEpochData: EpochMLNodeData,
  liveRootTotalWeight: bigint,
  anchorHeight: bigint,
  guardianSet: ReadonlySet<string>,
  participantVotingPowers: ReadonlyMap<string, ReadonlyMap<string, bigint>>,
): FilterEligibleResult {
  const allParticipantsHash = currentEpochData.getAllParticipantsHash();
  const maxNonVotingVP = maxNonVotingVotingPower(liveRootTotalWeight);
  const eligibleNodesData = new EpochMLNodeData();
  const perModel: ModelFilterTrace[] = [];
  for (const modelId of currentEpochData.models()) {
    const prep = prepareModelFilter(modelId, currentEpochData, previousEpochData, participantVotingPowers.get(modelId), liveRootTotalWeight, guardianSet);
    const at = sampleModelAtAnchor(prep, upcomingEpochIndex, allParticipantsHash, anchorHeight, maxNonVotingVP);
    for (const [addr, nodes] of at.eligible) for (const n of nodes) eligibleNodesData.append(modelId, addr, n);
    perModel.push({ prep, ...at });
  }
  return { eligibleNodesData, allParticipantsHash, maxNonVotingVP, perModel };
}
