/**
 * The integer threshold rules of model_assignment.go: the 25 % node rule with its count, the
 * weight cutoff for a target, the 75 % participant line, the IQR outlier cap and how the participant
 * and global thresholds combine. All arithmetic is Go int64 (wraps on overflow).
 */
import { addInt64, divInt64, Int64Sum, mulInt64, subInt64 } from "../go/int64.js";
import type { MLNodeInfo } from "./state.js";

const desc = (a: bigint, b: bigint): number => (a > b ? -1 : a < b ? 1 : 0);

/**
 * `weights` sorted ascending as exact doubles (the engine's numeric sort of a Float64Array), or null
 * when one lies beyond ±(2^53 − 1) (then the bigints are sorted).
 */
function sortedSafe(weights: readonly bigint[]): Float64Array | null {
  const out = new Float64Array(weights.length);
  for (let i = 0; i < weights.length; i++) {
    // Number() rounds monotonically and 2^53 is a double: beyond ±(2^53 − 1) it gives beyond too.
    const x = Number(weights[i]!);
    if (x > Number.MAX_SAFE_INTEGER || x < -Number.MAX_SAFE_INTEGER) return null;
    out[i] = x;
  }
  return out.sort();
}

/**
 * The `i1`-th and `i3`-th smallest of `weights` (i1 ≤ i3), as exact doubles, or null when one lies beyond
 * ±(2^53 − 1): what `sortedSafe(weights)[i1]` and `[i3]` are, by selection instead of a full sort
 * (introselect: a bounded number of partition rounds, then a sort of what is left).
 */
function quartilesSafe(weights: readonly bigint[], i1: number, i3: number): [number, number] | null {
  const n = weights.length;
  if (n < 64) {
    const s = sortedSafe(weights);
    return s === null ? null : [s[i1]!, s[i3]!];
  }
  const a = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = Number(weights[i]!); // beyond ±(2^53 − 1) gives beyond too (see sortedSafe)
    if (x > Number.MAX_SAFE_INTEGER || x < -Number.MAX_SAFE_INTEGER) return null;
    a[i] = x;
  }
  select(a, i3, 0, n - 1);
  // a[0, i3) now holds the i3 smallest: the i1-th smallest of all is the i1-th smallest of them
  if (i1 < i3) select(a, i1, 0, i3 - 1);
  return [a[i1]!, a[i3]!];
}

/** Moves the k-th smallest of a[lo..hi] to a[k], smaller or equal ones before it, larger or equal after. */
function select(a: Float64Array, k: number, lo: number, hi: number): void {
  let rounds = 2 * (32 - Math.clz32(hi - lo + 1)) + 4;
  while (hi > lo) {
    if (rounds-- === 0) {
      a.subarray(lo, hi + 1).sort();
      return;
    }
    const x = a[lo]!;
    const y = a[(lo + hi) >>> 1]!;
    const z = a[hi]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    // a[lo..j] ≤ pivot, a[i..hi] ≥ pivot, and a[j+1..i-1] = pivot
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/**
 * `weights` as doubles sorted ascending when the sum of their magnitudes is at most 2^53 − 1 (then
 * every partial sum, in any order, is exact as a double and within int64: nothing wraps), else null.
 */
function sortedSmall(weights: readonly bigint[]): Float64Array | number[] | null {
  const n = weights.length;
  // A participant's few node weights: an insertion sort of a plain array (no typed array to allocate).
  const out = n <= 16 ? new Array<number>(n) : new Float64Array(n);
  let magnitude = 0;
  for (let i = 0; i < n; i++) {
    const x = Number(weights[i]!); // beyond ±(2^53 − 1) gives beyond too (see sortedSafe)
    magnitude += x < 0 ? -x : x;
    if (magnitude > Number.MAX_SAFE_INTEGER) return null;
    if (n > 16) {
      out[i] = x;
      continue;
    }
    let j = i;
    for (; j > 0 && out[j - 1]! > x; j--) out[j] = out[j - 1]!;
    out[j] = x;
  }
  return n > 16 ? (out as Float64Array).sort() : out;
}

/** `cutoff` on the ascending doubles of sortedSmall, read from the heaviest (exact: see sortedSmall). */
function cutoffSmall(asc: ArrayLike<number>, target: number | bigint): { w: number; count: number; uniform: boolean } | null {
  let sum = 0;
  for (let i = asc.length - 1; i >= 0; i--) {
    const w = asc[i]!;
    sum += w;
    if (sum >= target) return { w, count: asc.length - i, uniform: asc[0]! >= w };
  }
  return null;
}

/** Go's int64 `x * percent / 100` for an exact double `x` with |x · percent| ≤ 2^53 − 1 (truncating division, done exactly); else null. */
function percentOfSmall(x: number, percent: number): number | null {
  const y = x * percent;
  if (y > Number.MAX_SAFE_INTEGER || y < -Number.MAX_SAFE_INTEGER) return null;
  return (y - (y % 100)) / 100;
}

function sumInt64(ws: readonly bigint[]): bigint {
  const s = new Int64Sum();
  for (const w of ws) s.add(w);
  return s.value;
}

/** Cutoff scan shared by both rules: the first index where the descending cumulative sum reaches `target`. */
function cutoff(sorted: readonly bigint[], target: bigint): { w: bigint; count: number; uniform: boolean } | null {
  let sum = 0n;
  for (let i = 0; i < sorted.length; i++) {
    const w = sorted[i]!;
    sum = addInt64(sum, w);
    if (sum >= target) {
      let uniform = true;
      for (let j = i + 1; j < sorted.length; j++) {
        if (sorted[j]! < w) {
          uniform = false;
          break;
        }
      }
      return { w, count: i + 1, uniform };
    }
  }
  return null;
}

/** Mirrors inference.calculateWeightThresholdWithCount: (threshold, count) for the top `targetPercent` of weight. */
export function calculateWeightThresholdWithCount(weights: readonly bigint[], targetPercent: number): { threshold: bigint; count: number } {
  if (weights.length === 0) return { threshold: 0n, count: 0 };
  if (weights.length === 1) return { threshold: subInt64(weights[0]!, 1n), count: 0 };
  const small = sortedSmall(weights);
  if (small !== null) {
    let sum = 0;
    for (let i = 0; i < small.length; i++) sum += small[i]!;
    const t = percentOfSmall(sum, targetPercent);
    if (t !== null) return thresholdOfCutoff(cutoffSmall(small, t), weights.length);
  }
  const target = divInt64(mulInt64(sumInt64(weights), BigInt(targetPercent)), 100n);
  const c = cutoff([...weights].sort(desc), target);
  if (c === null) return { threshold: 0n, count: weights.length };
  return c.uniform ? { threshold: c.w, count: c.count } : { threshold: subInt64(c.w, 1n), count: 0 };
}

/**
 * Mirrors inference.calculateWeightThresholdWithCount on the weights of `nodes` (one participant's few
 * nodes): the same result, with no list of weights built when the nodes are few and their weights small.
 */
export function calculateWeightThresholdWithCountOfNodes(nodes: readonly MLNodeInfo[], targetPercent: number): { threshold: bigint; count: number } {
  const n = nodes.length;
  if (n === 0) return { threshold: 0n, count: 0 };
  if (n === 1) return { threshold: subInt64(nodes[0]!.pocWeight, 1n), count: 0 };
  if (n > 16) return calculateWeightThresholdWithCount(nodes.map((x) => x.pocWeight), targetPercent);
  const asc = new Array<number>(n);
  let magnitude = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const x = Number(nodes[i]!.pocWeight); // beyond ±(2^53 − 1) gives beyond too (see sortedSafe)
    magnitude += x < 0 ? -x : x;
    if (magnitude > Number.MAX_SAFE_INTEGER) return calculateWeightThresholdWithCount(nodes.map((y) => y.pocWeight), targetPercent);
    sum += x;
    let j = i;
    for (; j > 0 && asc[j - 1]! > x; j--) asc[j] = asc[j - 1]!;
    asc[j] = x;
  }
  const t = percentOfSmall(sum, targetPercent);
  if (t === null) return calculateWeightThresholdWithCount(nodes.map((y) => y.pocWeight), targetPercent);
  return thresholdOfCutoff(cutoffSmall(asc, t), n);
}

/** The (threshold, count) of calculateWeightThresholdWithCount from its cutoff on exact doubles. */
function thresholdOfCutoff(c: { w: number; count: number; uniform: boolean } | null, n: number): { threshold: bigint; count: number } {
  if (c === null) return { threshold: 0n, count: n };
  return c.uniform ? { threshold: BigInt(c.w), count: c.count } : { threshold: BigInt(c.w - 1), count: 0 };
}

/** Mirrors inference.weightThresholdForTarget: the weight cutoff at which the descending sum reaches the target. */
export function weightThresholdForTarget(weights: readonly bigint[], targetWeight: bigint): bigint {
  const small = sortedSmall(weights);
  if (small !== null) {
    const c = cutoffSmall(small, targetWeight);
    if (c === null) return 0n;
    return BigInt(c.uniform ? c.w : c.w - 1);
  }
  const c = cutoff([...weights].sort(desc), targetWeight);
  if (c === null) return 0n;
  return c.uniform ? c.w : subInt64(c.w, 1n);
}

/** Mirrors inference.calculateWeightThreshold (the v0.2.12 75 % line, model_assignment.go@d8b8e907; unused from v0.2.13). */
export function calculateWeightThreshold(weights: readonly bigint[], targetPercent: number): bigint {
  if (weights.length === 0) return 0n;
  if (weights.length === 1) return subInt64(weights[0]!, 1n);
  return weightThresholdForTarget(weights, divInt64(mulInt64(sumInt64(weights), BigInt(targetPercent)), 100n));
}

/** Mirrors inference.calculateParticipantWeightThreshold75Percent: VP line against 75 % of live root weight. */
export function calculateParticipantWeightThreshold75Percent(weights: readonly bigint[], liveRootTotalWeight: bigint): bigint {
  if (weights.length === 0 || liveRootTotalWeight <= 0n) return 0n;
  const target = divInt64(mulInt64(liveRootTotalWeight, 75n), 100n);
  if (weights.length === 1) return weights[0]! < target ? 0n : subInt64(weights[0]!, 1n);
  if (sumInt64(weights) < target) return 0n;
  return weightThresholdForTarget(weights, target);
}

/** Mirrors inference.calculateNodeWeightThresholdIQR: q3 + 1.5·iqr + 1, or 0 (no cap) when iqr is 0. */
export function calculateNodeWeightThresholdIQR(weights: readonly bigint[]): bigint {
  if (weights.length === 0) return 0n;
  if (weights.length === 1) return weights[0]!;
  const n = weights.length;
  const i1 = Math.floor(n / 4);
  const i3 = Math.min(Math.floor((n * 3) / 4), n - 1);
  let q1: bigint;
  let q3: bigint;
  const safe = quartilesSafe(weights, i1, i3);
  if (safe !== null) {
    q1 = BigInt(safe[0]);
    q3 = BigInt(safe[1]);
  } else {
    const s = [...weights].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    q1 = s[i1]!;
    q3 = s[i3]!;
  }
  const iqr = subInt64(q3, q1);
  if (iqr === 0n) return 0n;
  return addInt64(addInt64(addInt64(q3, iqr), divInt64(iqr, 2n)), 1n);
}

/** Mirrors inference.calculateEffectiveNodeThreshold: 0 means "no threshold" on either side. */
export function calculateEffectiveNodeThreshold(participantThreshold: bigint, globalThreshold: bigint): bigint {
  if (participantThreshold === 0n) return globalThreshold;
  if (globalThreshold === 0n) return participantThreshold;
  return participantThreshold < globalThreshold ? participantThreshold : globalThreshold;
}
