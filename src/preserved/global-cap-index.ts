/**
 * v0.2.12's 34 % cap across models on the per-anchor fast path (anchor-index.ts): the counter runs over
 * every model with coefficient-adjusted weights, on precomputed adjusted prefixes in numbers when they
 * are exact; otherwise anchor-index.ts runs the reference loop (`sampleModelAtAnchor`).
 */
import { LegacyDec } from "../go/legacy-dec.js";
import type { PreparedEpisode } from "./prepare-episode.js";
import type { GoRand } from "../go/math-rand.js";
import { SAFE, bound, drawInto, type ModelAnchorIndex } from "./model-anchor-index.js";

/**
 * v0.2.12's 34 % cap in numbers. The test weighs, for a drawn participant at its j-th filtered node of
 * model m, the truncated coefficient-adjusted raw weight of its eligible nodes so far in every model
 * (one truncation per model) plus the node's own adjusted weight; per candidate the adjusted prefixes
 * and node weights are precomputed, per anchor only the sum over earlier models (`base`) is kept.
 * Built only when every value is a non-negative integer whose every possible sum stays below 2^53 (no
 * int64 wrap, no LegacyDec panic possible); otherwise null.
 */
export interface GlobalCapIndex {
  /** Per model (the anchor index's model order), per candidate: a participant number shared across models. */
  gid: Int32Array[];
  /** trunc(coefficient × raw weight of the first j filtered nodes), j = 0 … n. */
  adjBefore: Float64Array[][];
  /** trunc(coefficient × weight of filtered node j). */
  adjNode: Float64Array[][];
  capTotal: Float64Array[];
  capCharge: Float64Array[];
  /** Per candidate: adjBefore[n − 1] + adjNode[n − 1] (the last node's tested weight without `base`) and adjBefore[n]. */
  lastTested: Float64Array[];
  adjAll: Float64Array[];
  max: number;
  /** Scratch: per participant, the adjusted eligible weight of the models drawn so far at this anchor. */
  base: Float64Array;
}

export function globalCapIndex(prepared: PreparedEpisode, models: readonly ModelAnchorIndex[]): GlobalCapIndex | null {
  const ids = new Map<string, number>();
  const perParticipant: bigint[] = [];
  let chargeSum = 0n;
  const out: GlobalCapIndex = { gid: [], adjBefore: [], adjNode: [], capTotal: [], capCharge: [], lastTested: [], adjAll: [], max: bound(prepared.maxNonVotingVP), base: new Float64Array(0) };
  const one = LegacyDec.fromInt(1);
  const safe = (x: bigint): boolean => x >= 0n && x <= SAFE;
  try {
    for (const m of models) {
      const coeff = prepared.coefficients.get(m.modelId) ?? one;
      if (coeff.isNegative()) return null;
      const gid = new Int32Array(m.addrs.length);
      const before: Float64Array[] = [];
      const node: Float64Array[] = [];
      const capTotal = new Float64Array(m.addrs.length);
      const capCharge = new Float64Array(m.addrs.length);
      const lastTested = new Float64Array(m.addrs.length);
      const adjAll = new Float64Array(m.addrs.length);
      for (let i = 0; i < m.addrs.length; i++) {
        const addr = m.addrs[i]!;
        const c = m.prep.candidates.get(addr)!;
        if (c.capError !== undefined || !safe(c.capCharge)) return null;
        let g = ids.get(addr);
        if (g === undefined) {
          ids.set(addr, (g = perParticipant.length));
          perParticipant.push(0n);
        }
        gid[i] = g;
        const n = c.filteredNodes.length;
        const b = new Float64Array(n + 1);
        const a = new Float64Array(n);
        let maxNode = 0n;
        for (let j = 0; j < n; j++) {
          if (c.filteredNodes[j]!.pocWeight < 0n) return null;
          const adjB = coeff.mulInt64(c.prefix[j]!).truncateInt64();
          const adjN = coeff.mulInt64(c.filteredNodes[j]!.pocWeight).truncateInt64();
          if (!safe(adjB) || !safe(adjN)) return null;
          b[j + 1] = Number(adjB);
          a[j] = Number(adjN);
          if (adjN > maxNode) maxNode = adjN;
        }
        perParticipant[g]! += (n > 0 ? BigInt(b[n]!) : 0n) + maxNode;
        chargeSum += c.capCharge * BigInt(n);
        capTotal[i] = bound(c.capTotal);
        capCharge[i] = Number(c.capCharge);
        lastTested[i] = n > 0 ? b[n - 1]! + a[n - 1]! : -Infinity;
        adjAll[i] = b[n]!;
        before.push(b);
        node.push(a);
      }
      out.gid.push(gid);
      out.adjBefore.push(before);
      out.adjNode.push(node);
      out.capTotal.push(capTotal);
      out.capCharge.push(capCharge);
      out.lastTested.push(lastTested);
      out.adjAll.push(adjAll);
    }
  } catch {
    // A LegacyDec panic: the reference loop raises it when (and if) the draw reaches it, as Go does.
    return null;
  }
  if (chargeSum > SAFE || perParticipant.some((x) => x > SAFE)) return null;
  out.base = new Float64Array(perParticipant.length);
  return out;
}

/** Mirrors v0.2.12's 34 % cap loop of filterEligibleMLNodes (one counter over all models) into each model's counts. */
export function globalCapInto(prepared: PreparedEpisode, rand: GoRand, models: readonly ModelAnchorIndex[], gi: GlobalCapIndex, anchorHeight: bigint): void {
  gi.base.fill(0);
  const max = gi.max;
  let counter = 0;
  for (let k = 0; k < models.length; k++) {
    const m = models[k]!;
    drawInto(prepared, rand, m, anchorHeight);
    const { count, work, nodeCount } = m;
    count.fill(0);
    const gid = gi.gid[k]!;
    const before = gi.adjBefore[k]!;
    const node = gi.adjNode[k]!;
    const capTotal = gi.capTotal[k]!;
    const capCharge = gi.capCharge[k]!;
    const lastTested = gi.lastTested[k]!;
    const adjAll = gi.adjAll[k]!;
    for (let s = 0; s < m.numEligible; s++) {
      const i = work[s]!;
      const g = gid[i]!;
      const base = gi.base[g]!;
      const n = nodeCount[i]!;
      // The tested weight never decreases along the nodes (weights ascending, coefficient ≥ 0): when
      // the last node's stays below the total, no node charges the counter and all are eligible.
      if (base + lastTested[i]! < capTotal[i]!) {
        count[i] = n;
        gi.base[g] = base + adjAll[i]!;
        continue;
      }
      const b = before[i]!;
      const a = node[i]!;
      let j = 0;
      for (; j < n; j++) {
        if (base + b[j]! + a[j]! < capTotal[i]!) continue;
        const after = counter + capCharge[i]!;
        if (!(after < max)) break;
        counter = after;
      }
      count[i] = j;
      gi.base[g] = base + b[j]!;
    }
  }
}
