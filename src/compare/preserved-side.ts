/**
 * One model under one proposal, summarised from the preserved-set run: weights, node count, the
 * smallest preserved node, and PoC capacity against the expected demand.
 */
import { compareGoStrings } from "../go/bytes.js";
import { capacityRequests, ratioString } from "../preserved/demand-rule.js";
import type { PreservedState } from "../preserved/state.js";
import type { PreservedModelRun } from "./engines.js";
import type { ModelDelta, ModelSide, PreservedNodeRef } from "./model.js";

/** pocWeight per model → participant → node id, from the live subgroups (the heaviest duplicate, as Go keeps it). */
export type NodeWeights = Map<string, Map<string, Map<string, bigint>>>;

export function nodeWeightIndex(state: PreservedState): NodeWeights {
  const out: NodeWeights = new Map();
  for (const [modelId, sub] of state.liveSubGroups.byModel) {
    const byP = new Map<string, Map<string, bigint>>();
    for (const vw of sub.validationWeights) {
      const nodes = byP.get(vw.memberAddress) ?? new Map<string, bigint>();
      for (const n of vw.mlNodes) {
        if (!n) continue;
        const prev = nodes.get(n.nodeId);
        if (prev === undefined || n.pocWeight > prev) nodes.set(n.nodeId, n.pocWeight);
      }
      byP.set(vw.memberAddress, nodes);
    }
    out.set(modelId, byP);
  }
  return out;
}

/** The weight of a preserved node (0 when the state does not list it, which the sampler never does). */
export function nodeWeight(index: NodeWeights, modelId: string, participant: string, nodeId: string): bigint {
  return index.get(modelId)?.get(participant)?.get(nodeId) ?? 0n;
}

function smaller(a: PreservedNodeRef, b: PreservedNodeRef): boolean {
  if (a.pocWeight !== b.pocWeight) return a.pocWeight < b.pocWeight;
  const p = compareGoStrings(a.participant, b.participant);
  return p !== 0 ? p < 0 : compareGoStrings(a.nodeId, b.nodeId) < 0;
}

/** An empty side, for a model that one proposal's run does not list. */
export function emptySide(demand: bigint | null): ModelSide {
  return {
    totalWeight: 0n,
    targetWeight: 0n,
    achievedWeight: 0n,
    shortfallWeight: 0n,
    nodeCount: 0,
    participantCount: 0,
    smallestNode: null,
    capacityRequests: 0n,
    demandRequests: demand,
    capacityOverDemand: demand === null || demand === 0n ? null : "0.00",
    nodeWeights: [],
  };
}

/** Summarise one model's run under a rate and an expected demand. */
export function modelSide(run: PreservedModelRun, index: NodeWeights, rate: bigint, demand: bigint | null): ModelSide {
  const refs: PreservedNodeRef[] = run.nodes.map((n) => ({ participant: n.participant, nodeId: n.nodeId, pocWeight: nodeWeight(index, run.modelId, n.participant, n.nodeId) }));
  let smallest: PreservedNodeRef | null = null;
  for (const r of refs) if (smallest === null || smaller(r, smallest)) smallest = r;
  const capacity = capacityRequests(run.achievedWeight, rate);
  return {
    totalWeight: run.totalWeight,
    targetWeight: run.targetWeight,
    achievedWeight: run.achievedWeight,
    shortfallWeight: run.achievedWeight < run.targetWeight ? run.targetWeight - run.achievedWeight : 0n,
    nodeCount: refs.length,
    participantCount: new Set(refs.map((r) => r.participant)).size,
    smallestNode: smallest,
    capacityRequests: capacity,
    demandRequests: demand,
    capacityOverDemand: demand === null || demand === 0n ? null : ratioString(capacity, demand, 2),
    nodeWeights: refs.map((r) => r.pocWeight).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)),
  };
}

/** B − A for every numeric field of a model. */
export function modelDelta(a: ModelSide, b: ModelSide): ModelDelta {
  return {
    targetWeight: b.targetWeight - a.targetWeight,
    achievedWeight: b.achievedWeight - a.achievedWeight,
    nodeCount: b.nodeCount - a.nodeCount,
    participantCount: b.participantCount - a.participantCount,
    smallestNodeWeight: a.smallestNode && b.smallestNode ? b.smallestNode.pocWeight - a.smallestNode.pocWeight : null,
    capacityRequests: b.capacityRequests - a.capacityRequests,
  };
}
