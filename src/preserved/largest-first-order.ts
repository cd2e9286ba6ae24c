/**
 * The demand rule's largest-first fill on the per-anchor fast path (anchor-index.ts): every filtered
 * node of a model in fill order, built once per model index, and the fill at one anchor's counts.
 */
import { compareGoStrings } from "../go/bytes.js";
import { goSortFunc } from "../go/slices-sort.js";
import { bound, type ModelAnchorIndex } from "./model-anchor-index.js";

/** A model's eligible nodes in the demand rule's order (heaviest first; ties by node id, then address). */
export interface LargestFirstOrder {
  candidate: Int32Array;
  position: Int32Array;
  weight: bigint[];
  /** Weights as numbers when every weight is non-negative and their sum is below 2^53 (else null). */
  weightNum: Float64Array | null;
}

const largestFirstOrders = new WeakMap<ModelAnchorIndex, LargestFirstOrder>();

/** Every filtered node of the model in the demand rule's fill order (built once per model index). */
export function largestFirstOrder(m: ModelAnchorIndex): LargestFirstOrder {
  let o = largestFirstOrders.get(m);
  if (o) return o;
  const entries: { c: number; p: number; w: bigint; id: string }[] = [];
  m.addrs.forEach((a, c) => m.prep.candidates.get(a)!.filteredNodes.forEach((n, p) => entries.push({ c, p, w: n.pocWeight, id: n.nodeId })));
  const sorted = goSortFunc(entries, (x, y) => {
    if (x.w !== y.w) return x.w > y.w ? -1 : 1;
    return compareGoStrings(x.id, y.id) || compareGoStrings(m.addrs[x.c]!, m.addrs[y.c]!);
  });
  o = {
    candidate: Int32Array.from(sorted, (e) => e.c),
    position: Int32Array.from(sorted, (e) => e.p),
    weight: sorted.map((e) => e.w),
    weightNum: m.weightNum !== null ? Float64Array.from(sorted, (e) => Number(e.w)) : null,
  };
  largestFirstOrders.set(m, o);
  return o;
}

/**
 * The demand rule's largest-first fill at the current counts (same as fillLargestFirst over the
 * eligible set): calls `visit(candidate, entry)` for each taken node (`entry` indexes largestFirstOrder(m)'s arrays), in fill order. Requires unique ids.
 */
export function forEachLargestFirst(m: ModelAnchorIndex, target: bigint, visit: (candidate: number, entry: number) => void): void {
  const o = largestFirstOrder(m);
  const { count } = m;
  const { candidate, position } = o;
  if (o.weightNum !== null) {
    const w = o.weightNum;
    const t = bound(target);
    let cw = 0;
    for (let e = 0; e < candidate.length; e++) {
      const c = candidate[e]!;
      if (position[e]! >= count[c]!) continue;
      if (!(cw < t)) return;
      cw += w[e]!;
      visit(c, e);
    }
    return;
  }
  let cw = 0n;
  for (let e = 0; e < candidate.length; e++) {
    const c = candidate[e]!;
    if (position[e]! >= count[c]!) continue;
    if (!(cw < target)) return;
    cw += o.weight[e]!;
    visit(c, e);
  }
}
