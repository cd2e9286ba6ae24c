/**
 * Per (model, operator) over anchors: how many nodes and how much PoC weight the operator keeps
 * preserved, summed over the anchors (÷ anchors = the expected nodes and weight of one PoC). Unlike the
 * share of anchors with at least one node, these move whenever a proposal moves the operator's
 * preserved weight. The same per-anchor fast path as the probabilities (src/preserved/anchor-index.ts):
 * today's round robin counts (roundRobinCounts, the nodes each candidate gives, lightest first) or
 * the demand rule's largest-first walk; test/compare/expectations.test.ts checks both against full runs.
 */
import { anchorIndex, eligibleCountsAt, roundRobinCounts, type ModelAnchorIndex } from "../preserved/anchor-index.js";
import { demandTarget, demandWeight } from "../preserved/demand-rule.js";
import { forEachLargestFirst, largestFirstOrder } from "../preserved/largest-first-order.js";
import { prepareEpisodeShared } from "../preserved/sample-preserved-for-episode.js";
import type { PreservedRules } from "../preserved/preserved-rules.js";
import type { PreservedState } from "../preserved/state.js";
import type { PreservedSettings } from "./engines.js";

/** Sums over the anchors evaluated. */
export interface PreservedTally {
  /** Preserved nodes of the operator in the model, summed over the anchors. */
  nodes: number;
  /** Their PoC weight, summed over the anchors. */
  weight: bigint;
}

/**
 * The tallies of each (model, address) of `who` over `anchors` anchors from `s.anchor` (key
 * `${modelId}\u0000${address}`; absent = nothing preserved at any anchor). Null when a candidate lists
 * a node id twice (the fast path needs unique ids; the probabilities then fall back to full runs).
 */
export function preservedTallies(state: PreservedState, s: PreservedSettings, who: { modelId: string; address: string }[], anchors: number, rules?: PreservedRules): Map<string, PreservedTally> | null {
  const prepared = prepareEpisodeShared(state, rules);
  const ix = anchorIndex(prepared);
  if (ix.models.some((m) => !m.uniqueIds)) return null;
  const inRoot = new Set(prepared.sortedModelIds);
  const wanted = new Map<string, { m: ModelAnchorIndex; nodes: Int32Array; weight: bigint[]; prefix: bigint[][]; demandTarget: bigint }>();
  for (const w of who) {
    const m = inRoot.has(w.modelId) ? ix.byModel.get(w.modelId) : undefined;
    if (m === undefined || !m.indexOf.has(w.address) || wanted.has(w.modelId)) continue;
    const today = prepared.targetWeights.get(w.modelId) ?? 0n;
    const peak = s.demand?.peakInFlight.get(w.modelId);
    // Today's round robin takes each candidate's lightest nodes first: the weight of k nodes is a prefix sum.
    const prefix = m.addrs.map((a) => {
      const sums = [0n];
      for (const n of m.prep.candidates.get(a)!.filteredNodes) sums.push(sums[sums.length - 1]! + n.pocWeight);
      return sums;
    });
    wanted.set(w.modelId, { m, nodes: new Int32Array(m.addrs.length), weight: m.addrs.map(() => 0n), prefix, demandTarget: demandTarget(today, peak === undefined ? undefined : demandWeight(peak, s.rate)) });
  }
  const only = new Set(wanted.keys());
  for (let k = 0; k < anchors && (only.size > 0 || ix.globalCap); k++) {
    eligibleCountsAt(ix, s.anchor + BigInt(k), only);
    for (const e of wanted.values()) {
      if (s.rule === "current") {
        const { taken } = roundRobinCounts(e.m);
        for (let c = 0; c < taken.length; c++) {
          if (taken[c] === 0) continue;
          e.nodes[c]! += taken[c]!;
          e.weight[c] = e.weight[c]! + e.prefix[c]![taken[c]!]!;
        }
        continue;
      }
      const order = largestFirstOrder(e.m);
      forEachLargestFirst(e.m, e.demandTarget, (c, entry) => {
        e.nodes[c]!++;
        e.weight[c] = e.weight[c]! + order.weight[entry]!;
      });
    }
  }
  const out = new Map<string, PreservedTally>();
  for (const w of who) {
    const e = wanted.get(w.modelId);
    const i = e?.m.indexOf.get(w.address);
    if (e !== undefined && i !== undefined && e.nodes[i]! > 0) out.set(`${w.modelId}\u0000${w.address}`, { nodes: e.nodes[i]!, weight: e.weight[i]! });
  }
  return out;
}
