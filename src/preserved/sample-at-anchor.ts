/**
 * SamplePreservedForEpisode from the anchor-seeded shuffle on, for one anchor of a prepared episode
 * (prepare-episode.ts): the reference path with traces (`sampleAtAnchor`) and the fast snapshot through
 * the episode's anchor index (`sampleSnapshotAtAnchor`), and the chain's PreservedNodesSnapshot shape.
 */
import { sortedGoStrings } from "../go/bytes.js";
import { anchorIndex, eligibleCountsAt, roundRobinCounts, type ModelAnchorIndex } from "./anchor-index.js";
import { NonVotingCap, sampleModelAtAnchor, type ModelFilterAtAnchor, type ModelFilterPrep } from "./filter-eligible-ml-nodes.js";
import type { PreparedEpisode } from "./prepare-episode.js";
import { allocationQueue, roundRobin, type ModelAllocation } from "./sample-preserved-for-model.js";
import type { MLNodeInfo } from "./state.js";

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
  const cache = new Map<string, { alloc: ModelAllocation; participants: string[]; prep: ModelFilterPrep | undefined }>();
  for (const modelId of prepared.sortedModelIds) {
    let filled = cache.get(modelId);
    if (!filled) {
      const eligible = byModel.get(modelId)?.eligible ?? new Map<string, MLNodeInfo[]>();
      const prep = prepared.modelPrepByModel.get(modelId);
      // The eligible participants are candidates, so the model's sorted candidates picked in turn are
      // them in byte order (no sort).
      const participants: string[] = [];
      if (prep && eligible.size > 0) for (const a of prep.filteredParticipantAddrs) if (eligible.has(a)) participants.push(a);
      // Eligible lists are weight-then-id sorted prefixes of the filtered nodes: with unique ids that is
      // already the order in which getSmallestUnallocatedMLNode takes them.
      const queues = participants.map((a) => {
        const l = eligible.get(a)!;
        return prep?.candidates.get(a)?.uniqueIds === true ? l : allocationQueue(l);
      });
      const a = roundRobin(modelId, prepared.totalWeights.get(modelId) ?? 0n, prepared.targetWeights.get(modelId) ?? 0n, participants, queues);
      cache.set(modelId, (filled = { alloc: a, participants, prep }));
    }
    samplePreservedCalls.push(filled.alloc);
    const entry = preservedEntry(modelId, filled.alloc, filled.participants, filled.prep);
    if (entry) modelPreservedNodes.push(entry);
  }
  return { snapshot: { episodeAnchorHeight: anchorHeight, modelPreservedNodes }, perModelFilter, samplePreservedCalls };
}

/**
 * One model's entry of the snapshot (null when nothing is preserved): participants and node ids in
 * byte order. `participants` are the fill's (sorted), so the preserved ones are them in turn; a
 * candidate with unique ids was filled with a prefix of its filtered nodes, whose id order it keeps.
 */
function preservedEntry(modelId: string, alloc: ModelAllocation, participants: readonly string[], prep: ModelFilterPrep | undefined): ModelPreservedNodes | null {
  if (alloc.allocated.size === 0) return null;
  const out: ParticipantPreservedNodes[] = [];
  for (const a of participants) {
    const ids = alloc.allocated.get(a);
    if (!ids) continue;
    const c = prep?.candidates.get(a);
    if (c?.uniqueIds !== true) {
      out.push({ participantId: a, nodeIds: sortedGoStrings(ids) });
      continue;
    }
    const nodeIds: string[] = [];
    for (const j of c.idOrder) if (j < ids.size) nodeIds.push(c.filteredNodes[j]!.nodeId);
    out.push({ participantId: a, nodeIds });
  }
  return { modelId, participants: out };
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
