/**
 * Explanations of a preserved-set result: for every node listed in a model subgroup, whether it is
 * preserved and the first rule (in the sampler's order) that decided it, as a code and a sentence.
 */
import { calculateEffectiveNodeThreshold } from "./weight-threshold.js";
import type { PreparedEpisode, SubGroupEntry } from "./prepare-episode.js";
import type { AnchorResult } from "./sample-at-anchor.js";
import type { MLNodeInfo } from "./state.js";

export type NodeReasonCode =
  /** Taken by the round-robin fill. */
  | "preserved"
  /** Root group unreadable: the chain stores an empty snapshot. */
  | "root_unavailable"
  /** Subgroups unreadable: nothing is preserved for any model. */
  | "no_subgroup_data"
  /** Listed in the subgroup but no longer a live x/group member. */
  | "not_live"
  /** A later entry for the same member replaced this one. */
  | "duplicate_member_entry"
  /** Another node with the same id won the duplicate resolution. */
  | "duplicate_node_id"
  /** Genesis guardians are never preserved. */
  | "guardian"
  /** Heavier than the participant's 25 % threshold (top-75 % participants keep their heaviest nodes voting). */
  | "kept_for_voting"
  /** The uniform-weight count rule keeps this node voting. */
  | "count_cut"
  /** Heavier than the model's IQR outlier cap. */
  | "above_outlier_cap"
  /** Epoch 0 has no previous epoch: nobody can be sampled. */
  | "epoch_zero"
  /** Not rewarded, or absent, in the previous epoch for this model. */
  | "no_history"
  /** The anchor's shuffle did not draw the participant. */
  | "not_sampled"
  /** Preserving it would make the participant fully non-voting beyond the 34 % cap. */
  | "voting_cap"
  /** The fill reached the target before this node's turn. */
  | "target_met"
  /** v0.2.16 confirmation PoC (#1811): sampled, then left out with every node of its host, a PoC challenge target (check-address.ts). */
  | "challenge_target";

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

/**
 * What explainNode reads about a node's participant (the same for each of its nodes), looked up on
 * first need and kept for the participant's other nodes (`undefined`: not looked up yet; `null`: absent).
 */
interface ParticipantFacts {
  guardian: boolean | undefined;
  pThr: bigint | undefined;
  pThrText: string | undefined;
  filtered: readonly MLNodeInfo[] | null | undefined;
  history: boolean | undefined;
  drawn: boolean | undefined;
  eligible: readonly MLNodeInfo[] | null | undefined;
}

/** Explain every node of every subgroup entry of every processed model (`only`: of that participant alone). */
export function explainEpisode(prepared: PreparedEpisode, at: AnchorResult, only?: string): NodeExplanation[] {
  const out: NodeExplanation[] = [];
  const state = prepared.state;
  const models = [...new Set(prepared.rootUnavailable ? [...state.rootGroup.subGroupModels] : prepared.sortedModelIds)];
  for (const modelId of models) {
    const push = (participant: string, nodeId: string, pocWeight: bigint, code: NodeReasonCode, text: string, round?: number): void => {
      out.push(
        round === undefined
          ? { modelId, participant, nodeId, pocWeight, preserved: code === "preserved", code, text }
          : { modelId, participant, nodeId, pocWeight, preserved: code === "preserved", code, round, text },
      );
    };
    const sub = state.liveSubGroups.byModel.get(modelId);
    if (prepared.rootUnavailable || prepared.subGroupsUnavailable) {
      const [code, text]: [NodeReasonCode, string] = prepared.rootUnavailable
        ? ["root_unavailable", "the root epoch group could not be read: the chain stores an empty snapshot"]
        : ["no_subgroup_data", "the model subgroups could not be read: nothing is preserved for any model"];
      for (const vw of sub?.validationWeights ?? []) if (only === undefined || vw.memberAddress === only) for (const n of vw.mlNodes) if (n) push(vw.memberAddress, n.nodeId, n.pocWeight, code, text);
      continue;
    }
    const entries = prepared.subGroupEntries.get(modelId) ?? [];
    // A member's last live entry is the one read; when no member has two live entries (as many live
    // entries as the model's current participants), each live entry is its member's last.
    let liveEntries = 0;
    for (const e of entries) if (e.live) liveEntries++;
    let lastLive: Map<string, number> | null = null;
    if (liveEntries !== (prepared.currentEpochData.data.get(modelId)?.size ?? 0)) {
      lastLive = new Map<string, number>();
      for (const e of entries) if (e.live) lastLive.set(e.vw.memberAddress, e.index);
    }
    const prepIdx = prepared.modelPreps.findIndex((p) => p.modelId === modelId);
    const prep = prepared.modelPreps[prepIdx];
    const draw = at.perModelFilter[prepIdx];
    const alloc = at.samplePreservedCalls.find((c) => c.modelId === modelId);
    // By node: the fill takes the very node objects of the subgroup entries (dedup, filter and queue
    // keep them), and a node reaching the lookup is its participant's only node with that id.
    const rounds = new Map<object, number>();
    for (const s of alloc?.allocationOrder ?? []) if (only === undefined || s.participant === only) rounds.set(s.node, s.round);
    // A candidate has history when the previous epoch's data lists nodes (even none) for it: no set.
    const previous = prepared.previousEpochData.data.get(modelId);
    const drawn = new Set(draw?.sample.eligible ?? []);
    // A node's own participant's (short) lists are searched: no set of every node of the model.
    const eligibleNodes = draw?.eligible;
    const candidates = prep?.candidates;
    const notSampled = `participant not sampled at this anchor (${draw?.sample.numEligible} of ${prep?.participantsWithHistory.length} participants with history drawn)`;
    const globalCapText = String(prep?.thresholds.globalMaxNodeWeight);
    const targetMet = `not reached: target met (${alloc?.achievedWeight ?? 0n} of target ${alloc?.targetWeight ?? 0n} preserved first)`;
    for (const e of entries) if (only === undefined || e.vw.memberAddress === only) explainEntry(e);

    function explainEntry(e: SubGroupEntry): void {
      const addr = e.vw.memberAddress;
      const nodes = e.vw.mlNodes;
      if (!e.live || (lastLive !== null && lastLive.get(addr) !== e.index)) {
        const [code, text]: [NodeReasonCode, string] = !e.live
          ? ["not_live", "the participant is no longer a live member of the model subgroup"]
          : ["duplicate_member_entry", "a later subgroup entry for the same participant replaces this one"];
        for (const n of nodes) if (n) push(addr, n.nodeId, n.pocWeight, code, text);
        return;
      }
      const indices = e.dedup?.dedupedIndices ?? [];
      // Dedup keeps distinct positions: as many as the entry has, and it kept every one.
      let kept: Uint8Array | null = null;
      if (indices.length !== nodes.length) {
        kept = new Uint8Array(nodes.length);
        for (const i of indices) kept[i] = 1;
      }
      // What depends on the participant alone, read once per entry (not per node), when first needed.
      const participant: ParticipantFacts = { guardian: undefined, pThr: undefined, pThrText: undefined, filtered: undefined, history: undefined, drawn: undefined, eligible: undefined };
      for (let i = 0; i < nodes.length; i++) explainNode(participant, addr, kept === null || kept[i] === 1, nodes[i]!);
    }

    function explainNode(pf: ParticipantFacts, addr: string, kept: boolean, n: MLNodeInfo | null): void {
      if (!n) return;
      if (!kept) {
        return push(addr, n.nodeId, n.pocWeight, "duplicate_node_id", "another entry with the same node id is kept (heavier, or higher throughput, or listed first)");
      }
      const round = rounds.get(n);
      if (round !== undefined) return push(addr, n.nodeId, n.pocWeight, "preserved", `preserved in round ${round} of the smallest-node-first fill`, round);
      if ((pf.guardian ??= prepared.guardianSet.has(addr))) return push(addr, n.nodeId, n.pocWeight, "guardian", "guardian: genesis guardians are never preserved");
      if (!prep || !draw) return;
      const t = prep.thresholds;
      const pThr = (pf.pThr ??= t.participantMinNodeWeights.get(addr) ?? 0n);
      const eff = calculateEffectiveNodeThreshold(pThr, t.globalMaxNodeWeight);
      if (eff !== 0n && n.pocWeight > eff) {
        if (pThr !== 0n && n.pocWeight > pThr) {
          pf.pThrText ??= String(pThr);
          return push(addr, n.nodeId, n.pocWeight, "kept_for_voting", `kept for voting (top 25% of a top-75% participant): weight ${n.pocWeight} is above the participant's threshold ${pf.pThrText}`);
        }
        return push(addr, n.nodeId, n.pocWeight, "above_outlier_cap", `above the outlier cap: weight ${n.pocWeight} exceeds the model's IQR cap ${globalCapText}`);
      }
      if (pf.filtered === undefined) pf.filtered = candidates?.get(addr)?.filteredNodes ?? null;
      if (pf.filtered?.includes(n) !== true) {
        const count = t.participantNodeCounts.get(addr) ?? 0;
        return push(addr, n.nodeId, n.pocWeight, "count_cut", `kept for voting (uniform node weights: only the ${count} lightest may be preserved)`);
      }
      if (prepared.epochIndex === 0n) return push(addr, n.nodeId, n.pocWeight, "epoch_zero", "epoch 0 has no previous epoch, so nobody can be sampled");
      if (pf.history === undefined) {
        const prevNodes = previous?.get(addr);
        pf.history = prevNodes !== undefined && prevNodes !== null;
      }
      if (!pf.history) {
        const s = state.previousEpochPerformanceSummaries.get(addr);
        const why = s === undefined ? "no performance summary" : s.rewardedCoins === 0n ? "rewarded 0 coins" : "no nodes for this model in the previous epoch";
        return push(addr, n.nodeId, n.pocWeight, "no_history", `no reward in epoch ${prepared.epochIndex - 1n} (the previous epoch) for this model (${why})`);
      }
      if (!(pf.drawn ??= drawn.has(addr))) return push(addr, n.nodeId, n.pocWeight, "not_sampled", notSampled);
      if (pf.eligible === undefined) pf.eligible = eligibleNodes?.get(addr) ?? null;
      if (pf.eligible?.includes(n) !== true) {
        return push(addr, n.nodeId, n.pocWeight, "voting_cap", "stopped by the 34% cap: preserving all of the participant's nodes would exceed 34% non-voting power");
      }
      push(addr, n.nodeId, n.pocWeight, "target_met", targetMet);
    }
  }
  return out;
}
