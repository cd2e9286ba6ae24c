// The threshold rules' shortcuts (exact doubles for small weights, selection for the IQR quartiles) against
// a plain bigint reading of the rule on the same inputs: long lists, ties, negatives, weights past 2^53.
import { describe, expect, it } from "vitest";
import { addInt64, divInt64, mulInt64, subInt64 } from "../../src/go/int64.js";
import { calculateNodeWeightThresholdIQR, calculateWeightThresholdWithCount, calculateWeightThresholdWithCountOfNodes, weightThresholdForTarget } from "../../src/preserved/weight-threshold.js";

const asc = (ws: readonly bigint[]): bigint[] => [...ws].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** The IQR rule read plainly: a full bigint sort, q1 = s[n/4], q3 = s[3n/4] (capped), q3 + iqr + iqr/2 + 1. */
function iqrReference(ws: readonly bigint[]): bigint {
  if (ws.length === 0) return 0n;
  if (ws.length === 1) return ws[0]!;
  const s = asc(ws);
  const n = s.length;
  const q1 = s[Math.floor(n / 4)]!;
  const q3 = s[Math.min(Math.floor((n * 3) / 4), n - 1)]!;
  const iqr = subInt64(q3, q1);
  return iqr === 0n ? 0n : addInt64(addInt64(addInt64(q3, iqr), divInt64(iqr, 2n)), 1n);
}

/** The 25 % rule read plainly: descending bigint sort, int64 sums, the first index reaching the target. */
function withCountReference(ws: readonly bigint[], pct: number): { threshold: bigint; count: number } {
  if (ws.length === 0) return { threshold: 0n, count: 0 };
  if (ws.length === 1) return { threshold: subInt64(ws[0]!, 1n), count: 0 };
  let total = 0n;
  for (const w of ws) total = addInt64(total, w);
  const target = divInt64(mulInt64(total, BigInt(pct)), 100n);
  const d = asc(ws).reverse();
  let sum = 0n;
  for (let i = 0; i < d.length; i++) {
    sum = addInt64(sum, d[i]!);
    if (sum >= target) return d.slice(i + 1).every((x) => x >= d[i]!) ? { threshold: d[i]!, count: i + 1 } : { threshold: subInt64(d[i]!, 1n), count: 0 };
  }
  return { threshold: 0n, count: ws.length };
}

let seed = 1;
const rnd = (): number => (seed = (seed * 48271) % 2147483647) / 2147483647;
const lists = (): bigint[][] => {
  const out: bigint[][] = [];
  for (const n of [2, 3, 15, 16, 17, 63, 64, 65, 200, 1000, 2500]) {
    out.push(Array.from({ length: n }, () => BigInt(Math.floor(rnd() * 5000))));
    out.push(Array.from({ length: n }, () => BigInt(Math.floor(rnd() * 3)) - 1n));
    out.push(Array.from({ length: n }, (_, i) => BigInt(i)));
    out.push(Array.from({ length: n }, (_, i) => BigInt(n - i)));
    out.push(Array.from({ length: n }, () => 9n));
    out.push(Array.from({ length: n }, (_, i) => (i % 2 ? 1n : 1000n)));
    out.push(Array.from({ length: n }, (_, i) => (i === 0 ? 1n << 62n : BigInt(Math.floor(rnd() * 100)))));
    out.push(Array.from({ length: n }, () => (BigInt(Math.floor(rnd() * 2 ** 40)) << 12n) * (rnd() < 0.5 ? 1n : -1n)));
  }
  return out;
};

/**
 * 0..63 in an order that makes the IQR's selection of the 49th smallest (q3 of 64) use more partition
 * rounds than its bound (2·7 + 4 = 18), so its fallback sort of the range left is reached: found by a
 * hill-climb over permutations, swapping two entries while the rounds used did not drop.
 */
const EXHAUSTS_ROUNDS = [16, 45, 48, 37, 22, 62, 44, 39, 21, 7, 6, 40, 11, 31, 28, 52, 18, 54, 26, 53, 29, 12, 50, 42, 24, 0, 2, 36, 4, 10, 1, 34, 43, 8, 55, 20, 41, 30, 32, 38, 23, 15, 57, 58, 60, 5, 51, 63, 27, 47, 19, 25, 46, 14, 3, 49, 33, 17, 56, 61, 9, 35, 59, 13];

/** weightThresholdForTarget read plainly: descending bigint sort, int64 sums, the first index reaching the target. */
function forTargetReference(ws: readonly bigint[], target: bigint): bigint {
  const d = asc(ws).reverse();
  let sum = 0n;
  for (let i = 0; i < d.length; i++) {
    sum = addInt64(sum, d[i]!);
    if (sum >= target) return d.slice(i + 1).every((x) => x >= d[i]!) ? d[i]! : subInt64(d[i]!, 1n);
  }
  return 0n;
}

/** Short lists past ±2^53 where a double rounds (2^53 + 1 is not one), negatives among them. */
const P = 2n ** 53n;
const HUGE: bigint[][] = [
  [-(P + 1n), 1n, 2n],
  [-(P + 3n), -(P + 1n), 5n, 7n, 9n],
  [P + 1n, -(P + 1n), 3n],
  [-(P + 1n), P + 1n, 3n], // a magnitude that only the negative one pushes past 2^53 first
  [-(P + 1n), -(P + 1n), -(P + 3n), 1n],
  [3n * 2n ** 55n, 2n ** 55n],
  [2n ** 55n, 3n * 2n ** 55n, 2n ** 55n],
];

describe("weight thresholds", () => {
  it("the shortcuts leave lists past ±2^53 (negative ones too) to the bigint reading", () => {
    for (const ws of HUGE) {
      expect(calculateNodeWeightThresholdIQR(ws), String(ws)).toBe(iqrReference(ws));
      for (const pct of [25, 75]) expect(calculateWeightThresholdWithCount(ws, pct), String(ws)).toEqual(withCountReference(ws, pct));
      const nodes = ws.map((pocWeight, i) => ({ nodeId: `n${i}`, pocWeight, throughput: 0n, timeslotAllocation: [] }));
      expect(calculateWeightThresholdWithCountOfNodes(nodes, 25), String(ws)).toEqual(withCountReference(ws, 25));
      for (const target of [...ws, 1n, 0n, -(P + 1n), 3n * 2n ** 55n, 4n * 2n ** 55n]) expect(weightThresholdForTarget(ws, target), `${ws} ${target}`).toBe(forTargetReference(ws, target));
    }
    // the target met exactly by the heaviest: its weight less one, as the lighter one is below it
    expect(weightThresholdForTarget([2n ** 55n, 3n * 2n ** 55n], 3n * 2n ** 55n)).toBe(3n * 2n ** 55n - 1n);
  });

  it("the IQR cap is exact when the selection falls back to sorting (rounds exhausted)", () => {
    for (const scale of [1n, 7n, -3n]) {
      const ws = EXHAUSTS_ROUNDS.map((x) => BigInt(x) * scale);
      expect(calculateNodeWeightThresholdIQR(ws)).toBe(iqrReference(ws));
      expect(calculateNodeWeightThresholdIQR([...ws, 100n * scale])).toBe(iqrReference([...ws, 100n * scale]));
    }
    expect(calculateNodeWeightThresholdIQR(EXHAUSTS_ROUNDS.map(BigInt))).toBe(48n + 32n + 16n + 1n);
  });

  it("the IQR cap equals a full bigint sort's quartiles on long, tied, negative and huge lists", () => {
    for (const ws of lists()) expect(calculateNodeWeightThresholdIQR(ws)).toBe(iqrReference(ws));
  });

  it("the 25 % rule with its count equals the plain bigint reading, wrap included", () => {
    for (const ws of lists()) for (const pct of [25, 75]) expect(calculateWeightThresholdWithCount(ws, pct)).toEqual(withCountReference(ws, pct));
  });

  it("the 25 % rule read off a participant's nodes equals it on their weights (0 to 20 nodes)", () => {
    for (const ws of lists()) {
      for (const k of [0, 1, 2, 3, 5, 16, 17, 20]) {
        const part = ws.slice(0, k);
        const nodes = part.map((pocWeight, i) => ({ nodeId: `n${i}`, pocWeight, throughput: 0n, timeslotAllocation: [] }));
        expect(calculateWeightThresholdWithCountOfNodes(nodes, 25)).toEqual(withCountReference(part, 25));
      }
    }
  });
});
