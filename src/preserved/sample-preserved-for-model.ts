/**
 * samplePreservedForModel: the round-robin, smallest-node-first fill of one model up to
 * trunc(fraction × total model weight).
 */
import { Decimal } from "../go/decimal.js";
import { addInt64 } from "../go/int64.js";
import type { EpochMLNodeData } from "./epoch-ml-node-data.js";
import { sortedKeys } from "./epoch-ml-node-data.js";
import { sortMLNodesByNodeId } from "./ml-node.js";
import type { ChainDecimal, MLNodeInfo } from "./state.js";

/** Mirrors inference.getSmallestUnallocatedMLNode: the first node with the strictly smallest weight whose id is not taken. */
export function getSmallestUnallocatedMLNode(nodes: readonly (MLNodeInfo | null)[], allocated: ReadonlySet<string> | undefined): { node: MLNodeInfo; index: number } | null {
  let best = -1;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    if (!n || allocated?.has(n.nodeId)) continue;
    if (best < 0 || n.pocWeight < nodes[best]!.pocWeight) best = i;
  }
  return best < 0 ? null : { node: nodes[best]!, index: best };
}

/**
 * The order in which repeated getSmallestUnallocatedMLNode calls take a participant's nodes: a stable
 * sort by weight of the id-sorted list, skipping ids already taken (taking an id excludes its duplicates).
 */
export function allocationQueue(nodes: readonly MLNodeInfo[]): MLNodeInfo[] {
  const byId = sortMLNodesByNodeId(nodes);
  const order = byId.map((n, i) => ({ n, i })).sort((a, b) => (a.n.pocWeight < b.n.pocWeight ? -1 : a.n.pocWeight > b.n.pocWeight ? 1 : a.i - b.i));
  const seen = new Set<string>();
  const out: MLNodeInfo[] = [];
  for (const { n } of order) {
    if (seen.has(n.nodeId)) continue;
    seen.add(n.nodeId);
    out.push(n);
  }
  return out;
}

/** Mirrors the target: decimal(fraction) × total, IntPart (truncation toward zero). */
export function targetPoCWeight(fraction: ChainDecimal, totalWeight: bigint): bigint {
  return Decimal.new(fraction.value, fraction.exponent).mul(Decimal.fromInt(totalWeight)).intPart();
}

export interface AllocationStep {
  participant: string;
  node: MLNodeInfo;
  cumulativeWeight: bigint;
  /** 1-based round of the round robin. */
  round: number;
}

export interface ModelAllocation {
  modelId: string;
  totalWeight: bigint;
  targetWeight: bigint;
  achievedWeight: bigint;
  numPreserved: number;
  /** Whether Go reaches its final log line (false when no participant is eligible). */
  logged: boolean;
  allocationOrder: AllocationStep[];
  /** Preserved node ids per participant. */
  allocated: Map<string, Set<string>>;
}

/** Mirrors the round-robin loop of samplePreservedForModel over prepared queues (participants sorted). */
export function roundRobin(modelId: string, totalWeight: bigint, targetWeight: bigint, participants: readonly string[], queues: readonly (readonly MLNodeInfo[])[]): ModelAllocation {
  const allocated = new Map<string, Set<string>>();
  const allocationOrder: AllocationStep[] = [];
  if (participants.length === 0) {
    return { modelId, totalWeight, targetWeight, achievedWeight: 0n, numPreserved: 0, logged: false, allocationOrder, allocated };
  }
  const pos = new Array<number>(participants.length).fill(0);
  let current = 0n;
  let idx = 0;
  let round = 1;
  let allocatedInRound = false;
  while (current < targetWeight) {
    const q = queues[idx]!;
    const p = pos[idx]!;
    if (p >= q.length) {
      idx = (idx + 1) % participants.length;
      if (idx === 0) {
        round++;
        if (!allocatedInRound) break;
        allocatedInRound = false;
      }
      continue;
    }
    const node = q[p]!;
    pos[idx] = p + 1;
    const addr = participants[idx]!;
    let set = allocated.get(addr);
    if (!set) allocated.set(addr, (set = new Set()));
    set.add(node.nodeId);
    current = addInt64(current, node.pocWeight);
    allocationOrder.push({ participant: addr, node, cumulativeWeight: current, round });
    allocatedInRound = true;
    idx = (idx + 1) % participants.length;
    if (idx === 0) {
      round++;
      allocatedInRound = false;
    }
  }
  return { modelId, totalWeight, targetWeight, achievedWeight: current, numPreserved: allocationOrder.length, logged: true, allocationOrder, allocated };
}

/** Mirrors ModelAssigner.samplePreservedForModel. */
export function samplePreservedForModel(modelId: string, currentEpochData: EpochMLNodeData, eligibleNodesData: EpochMLNodeData, fraction: ChainDecimal): ModelAllocation {
  const totalWeight = currentEpochData.getTotalWeightForModel(modelId);
  const targetWeight = targetPoCWeight(fraction, totalWeight);
  const participants = sortedKeys(eligibleNodesData.getForModel(modelId));
  const queues = participants.map((a) => allocationQueue(eligibleNodesData.getForParticipant(modelId, a) ?? []));
  return roundRobin(modelId, totalWeight, targetWeight, participants, queues);
}
