/**
 * MLNodeInfo helpers of model_assignment.go: node ordering, preference between two entries with the
 * same node id, and duplicate-id resolution.
 */
import { compareGoStrings } from "../go/bytes.js";
import { goSortFunc } from "../go/slices-sort.js";
import type { MLNodeInfo } from "./state.js";

const byNodeId = (a: MLNodeInfo, b: MLNodeInfo): number => compareGoStrings(a.nodeId, b.nodeId);

/** Mirrors inference.sortMLNodesByNodeId: Go's unstable sort by node id in byte order (returns a sorted copy). */
export function sortMLNodesByNodeId(nodes: readonly MLNodeInfo[]): MLNodeInfo[] {
  return goSortFunc([...nodes], byNodeId);
}

/** Mirrors inference.compareBoolSlices: first differing index (true > false), then the longer slice. */
export function compareBoolSlices(a: readonly boolean[], b: readonly boolean[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) continue;
    return a[i] ? 1 : -1;
  }
  return a.length > b.length ? 1 : a.length < b.length ? -1 : 0;
}

/** Mirrors inference.compareMLNodePreference: nil < node; then pocWeight, throughput, timeslot allocation. */
export function compareMLNodePreference(a: MLNodeInfo | null, b: MLNodeInfo | null): number {
  if (a === null && b === null) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (a.pocWeight !== b.pocWeight) return a.pocWeight > b.pocWeight ? 1 : -1;
  if (a.throughput !== b.throughput) return a.throughput > b.throughput ? 1 : -1;
  return compareBoolSlices(a.timeslotAllocation, b.timeslotAllocation);
}

/** One resolved duplicate id: positions (in the input list) of the kept entry and of the dropped ones, in drop order. */
export interface MLNodeDedupDecision {
  kept: number;
  dropped: number[];
}

export interface DedupResult {
  /** Unique by node id, sorted by node id; `null` (Go nil) when nothing is left. */
  deduped: MLNodeInfo[] | null;
  /** Input positions of the `deduped` entries. */
  dedupedIndices: number[] | null;
  /** Decisions for ids seen more than once; `null` for an empty input (Go returns a nil map). */
  stats: Map<string, MLNodeDedupDecision> | null;
}

/** Lists up to this length take the no-duplicate shortcut of dedupMLNodesById (an insertion sort). */
const SMALL = 32;

/**
 * Input positions sorted by node id when no entry is nil and every id is distinct (then dedup keeps
 * every entry and only sorts: the same result as the general path, with no map); else null.
 */
function distinctSortedIndices(nodes: readonly (MLNodeInfo | null)[]): number[] | null {
  const idx = new Array<number>(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    if (n === null || n === undefined) return null;
    const id = n.nodeId;
    let j = i;
    for (; j > 0; j--) {
      const prev = idx[j - 1]!;
      const c = compareGoStrings(nodes[prev]!.nodeId, id);
      if (c === 0) return null;
      if (c < 0) break;
      idx[j] = prev;
    }
    idx[j] = i;
  }
  return idx;
}

/** Mirrors inference.dedupMLNodesById: keep the preferred entry per node id (first on a full tie), sorted by id. */
export function dedupMLNodesById(nodes: readonly (MLNodeInfo | null)[]): DedupResult {
  if (nodes.length === 0) return { deduped: null, dedupedIndices: null, stats: null };
  if (nodes.length <= SMALL) {
    const sorted = distinctSortedIndices(nodes);
    if (sorted !== null) return { deduped: nodesAt(nodes, sorted), dedupedIndices: sorted, stats: new Map() };
  }
  // No nil entry and the ids strictly increasing (each once, in byte order): the list as it is.
  let inOrder = nodes[0] !== null;
  for (let i = 1; inOrder && i < nodes.length; i++) inOrder = nodes[i] !== null && compareGoStrings(nodes[i - 1]!.nodeId, nodes[i]!.nodeId) < 0;
  if (inOrder) {
    const indices = new Array<number>(nodes.length);
    for (let i = 0; i < nodes.length; i++) indices[i] = i;
    return { deduped: nodes.slice() as MLNodeInfo[], dedupedIndices: indices, stats: new Map() };
  }
  const best = new Map<string, number>();
  const stats = new Map<string, MLNodeDedupDecision>();
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (!node) continue;
    const existing = best.get(node.nodeId);
    if (existing === undefined) {
      best.set(node.nodeId, i);
      continue;
    }
    const decision = stats.get(node.nodeId) ?? { kept: existing, dropped: [] };
    if (compareMLNodePreference(node, nodes[existing]!) > 0) {
      decision.dropped.push(existing);
      best.set(node.nodeId, i);
      decision.kept = i;
    } else {
      decision.kept = existing;
      decision.dropped.push(i);
    }
    stats.set(node.nodeId, decision);
  }
  if (best.size === 0) return { deduped: null, dedupedIndices: null, stats };
  const idx = [...best.entries()].sort((x, y) => compareGoStrings(x[0], y[0])).map((e) => e[1]);
  return { deduped: idx.map((i) => nodes[i]!), dedupedIndices: idx, stats };
}

/** The `deduped` list alone of dedupMLNodesById (for callers that read no decisions: the previous epoch's data). */
export function dedupedMLNodes(nodes: readonly (MLNodeInfo | null)[]): MLNodeInfo[] | null {
  if (nodes.length === 0) return null;
  if (nodes.length <= SMALL) {
    const sorted = distinctSortedIndices(nodes);
    if (sorted !== null) return nodesAt(nodes, sorted);
  }
  return dedupMLNodesById(nodes).deduped;
}

/** The entries of `nodes` at `indices`, in that order (none of them nil). */
function nodesAt(nodes: readonly (MLNodeInfo | null)[], indices: readonly number[]): MLNodeInfo[] {
  const out = new Array<MLNodeInfo>(indices.length);
  for (let i = 0; i < indices.length; i++) out[i] = nodes[indices[i]!]!;
  return out;
}

/** Mirrors inference.mlNodeWeight: 0 for a nil node. */
export function mlNodeWeight(node: MLNodeInfo | null): bigint {
  return node === null ? 0n : node.pocWeight;
}

/** Mirrors inference.mlNodeThroughput: 0 for a nil node. */
export function mlNodeThroughput(node: MLNodeInfo | null): bigint {
  return node === null ? 0n : node.throughput;
}
