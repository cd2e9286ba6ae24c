// dedupMLNodesById's shortcuts (an insertion sort of up to 32 distinct ids, a list already in id order)
// against a plain reading of the rule: one map from id to the preferred entry (the first on a full tie),
// the decisions of each repeated id, the survivors sorted by id. Lists of every length around the
// shortcuts' bounds, with repeated ids, nil entries, ids already in order and ids out of order.
import { describe, expect, it } from "vitest";
import { compareGoStrings } from "../../src/go/bytes.js";
import { compareMLNodePreference, dedupedMLNodes, dedupMLNodesById } from "../../src/preserved/ml-node.js";
import type { MLNodeInfo } from "../../src/preserved/state.js";

function reference(nodes: readonly (MLNodeInfo | null)[]) {
  if (nodes.length === 0) return { deduped: null, dedupedIndices: null, stats: null };
  const best = new Map<string, number>();
  const stats = new Map<string, { kept: number; dropped: number[] }>();
  nodes.forEach((n, i) => {
    if (n === null) return;
    const e = best.get(n.nodeId);
    if (e === undefined) return void best.set(n.nodeId, i);
    const d = stats.get(n.nodeId) ?? { kept: e, dropped: [] };
    if (compareMLNodePreference(n, nodes[e]!) > 0) {
      d.dropped.push(e);
      d.kept = i;
      best.set(n.nodeId, i);
    } else d.dropped.push(i);
    stats.set(n.nodeId, d);
  });
  if (best.size === 0) return { deduped: null, dedupedIndices: null, stats };
  const idx = [...best].sort((a, b) => compareGoStrings(a[0], b[0])).map((e) => e[1]);
  return { deduped: idx.map((i) => nodes[i]!), dedupedIndices: idx, stats };
}

let seed = 7;
const rnd = (k: number): number => Math.floor(((seed = (seed * 48271) % 2147483647) / 2147483647) * k);
const node = (id: string, w = rnd(4)): MLNodeInfo => ({ nodeId: id, pocWeight: BigInt(w), throughput: BigInt(rnd(2)), timeslotAllocation: [rnd(2) === 1] });
// ids whose byte order is not their UTF-16 order (an astral character against U+FFFD) among plain ones
const id = (i: number): string => (i % 7 === 3 ? `n\u{1F600}${i}` : i % 7 === 5 ? `n\uFFFD${i}` : `n${String(i).padStart(3, "0")}`);

function lists(): (MLNodeInfo | null)[][] {
  const out: (MLNodeInfo | null)[][] = [];
  for (const n of [1, 2, 3, 31, 32, 33, 34, 64, 100]) {
    const inOrder = Array.from({ length: n }, (_, i) => node(`n${String(i).padStart(3, "0")}`));
    out.push(inOrder);
    out.push([...inOrder].reverse());
    out.push(Array.from({ length: n }, (_, i) => node(id(i))));
    out.push(Array.from({ length: n }, () => node(`n${rnd(n)}`))); // repeated ids
    out.push(Array.from({ length: n }, (_, i) => (i === n - 1 ? null : node(`n${String(i).padStart(3, "0")}`)))); // in order, then a nil
    out.push(Array.from({ length: n }, (_, i) => (i === 0 ? null : node(`n${String(i).padStart(3, "0")}`)))); // a nil first
    out.push(Array.from({ length: n }, (_, i) => node(`n${String(i === n - 1 && n > 1 ? n - 2 : i).padStart(3, "0")}`))); // in order but the last repeats
    out.push(Array.from({ length: n }, (_, i) => node(`n${String(i === 1 ? 0 : i).padStart(3, "0")}`))); // the second repeats the first
    out.push(Array.from({ length: n }, () => null));
  }
  return out;
}

describe("dedupMLNodesById", () => {
  it("equals the plain map reading on lists around the shortcuts' bounds", () => {
    for (const ns of lists()) {
      const r = reference(ns);
      const got = dedupMLNodesById(ns);
      expect(got.deduped).toEqual(r.deduped);
      expect(got.dedupedIndices).toEqual(r.dedupedIndices);
      expect(got.stats === null ? null : [...got.stats]).toEqual(r.stats === null ? null : [...r.stats]);
      expect(dedupedMLNodes(ns)).toEqual(r.deduped);
    }
  });
});
