/**
 * Adapter between the exact sampler (sample-preserved-for-episode.ts, owned by the sampler port) and
 * the operator/governance views built on it (check, preserved --rule demand, compare): run it at one
 * or many anchors, and read the eligible set and per-model allocation out of its result.
 */
import { compareGoStrings } from "../go/bytes.js";
import type { FillNode } from "./demand-rule.js";
import { assembleResult, prepareEpisodeShared, sampleAtAnchor, type PreservedResult } from "./sample-preserved-for-episode.js";
import type { PreservedRules } from "./preserved-rules.js";
import type { PreservedState } from "./state.js";

/** The sampler bound to one state, callable at any anchor. */
export type AnchorSampler = (anchorHeight: bigint) => PreservedResult;

/**
 * Bind the sampler to `state` (the anchor only changes the shuffle seed): prepared once
 * (prepareEpisodeShared); no explanations and no per-node cap decisions (`nodeDecisions` is empty).
 */
export function anchorSampler(state: PreservedState, rules?: PreservedRules): AnchorSampler {
  const prepared = prepareEpisodeShared(state, rules);
  return (anchorHeight) => assembleResult(prepared, sampleAtAnchor(prepared, anchorHeight, { traceDecisions: false }), false);
}

/** Model ids as the chain processes them (sorted, byte order), without duplicates. */
export function modelIds(state: PreservedState): string[] {
  return [...new Set(state.rootGroup.subGroupModels)].sort(compareGoStrings);
}

/** samplePreservedForModel's W_m and target for `modelId` (zeros when the sampler did not process it). */
export function modelAllocation(result: PreservedResult, modelId: string): { totalWeight: bigint; targetWeight: bigint } {
  const c = result.intermediates.samplePreservedCalls.find((x) => x.modelId === modelId);
  return c ? { totalWeight: c.totalWeight, targetWeight: c.targetWeight } : { totalWeight: 0n, targetWeight: 0n };
}

/**
 * The eligible set of one model at the result's anchor (what survived thresholds, guardian
 * exclusion, history sampling and the 34 % cap), per participant; empty when nobody is eligible.
 */
export function eligibleNodes(result: PreservedResult, modelId: string): Map<string, FillNode[]> {
  const f = result.intermediates.perModelFilter.find((p) => p.prep.modelId === modelId);
  return new Map([...(f?.eligible ?? new Map<string, FillNode[]>()).entries()].map(([a, ns]) => [a, ns.map((n) => ({ nodeId: n.nodeId, pocWeight: n.pocWeight }))]));
}
