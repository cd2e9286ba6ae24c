// compareProposals' assembly on a hand-made preserved engine (issue 30 item 13, mutation testing): the
// models of either run, the share and tallies over the default 200 anchors (none at 0 anchors or
// without a change), the anchor it falls back to, the notes, the replay's parts, and the names its
// refusals carry.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareProposals, DEFAULT_ANCHORS } from "../../src/compare/build.js";
import { DEFAULT_CURVES } from "../../src/compare/curves.js";
import { defaultEngines } from "../../src/compare/default-engines.js";
import type { Engines, PreservedEngine, PreservedModelRun } from "../../src/compare/engines.js";
import type { ProposalParams } from "../../src/compare/params.js";
import type { SimulationSide } from "../../src/compare/model.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { loadSnapshot, type Snapshot } from "../../src/snapshot/snapshot.js";
import { refusal } from "../helpers/refusal.js";

const example = loadSnapshot(join(import.meta.dirname, "..", "..", "examples", "mainnet-like.snapshot.json"));
const snapshot: Snapshot = { ...example, settlement: undefined };
const state = parsePreservedState(example.preserved, "snapshot: preserved");
const real = defaultEngines();
const run = (modelId: string, participant: string, nodeId: string): PreservedModelRun => ({ modelId, totalWeight: 100n, targetWeight: 10n, achievedWeight: 10n, nodes: [{ participant, nodeId }] });

/**
 * A preserved engine that tells A (rate 1) from B (rate 2): A keeps gonka1a's n1 in m1; B keeps gonka1c's
 * n3 in m2 and gonka1b's n2 in m1. Over the anchors A keeps gonka1a at every one and B at one; the tallies
 * (when given) count 7 nodes of weight 70 for gonka1b under A and nothing under B.
 */
function preserved(withTallies: boolean, calls: number[]): PreservedEngine {
  return {
    run: (_st, s) => (s.rate === 1n ? [run("m1", "gonka1a", "n1")] : [run("m2", "gonka1c", "n3"), run("m1", "gonka1b", "n2")]),
    probabilities: (_st, s, _who, anchors) => {
      calls.push(anchors);
      return new Map([["m1\u0000gonka1a", s.rate === 1n ? anchors : 1]]);
    },
    ...(withTallies ? { tallies: (_st: unknown, s: { rate: bigint }) => new Map(s.rate === 1n ? [["m1\u0000gonka1b", { nodes: 7, weight: 70n }]] : []) } : {}),
    parseDemand: real.preserved.parseDemand,
  };
}
const a: ProposalParams = { name: "a", pocMaxConcurrentPer10000Weight: 1n };
const b: ProposalParams = { name: "b", pocMaxConcurrentPer10000Weight: 2n };
const engines = (p: PreservedEngine, simulate?: Engines["simulate"]): Engines => ({ ...real, preserved: p, simulate });
const NO_SETTLEMENT = "The snapshot has no settlement slice, so there is no per-participant miss-test verdict; the boundary curves still apply.";
const NO_REPLAY = "The epoch-433 simulation is not available in this build, so it is not part of the comparison.";

describe("compareProposals' assembly", () => {
  it("every model of either run, A's first; each change's share and tallies over the default 200 anchors", () => {
    const calls: number[] = [];
    const m = compareProposals({ snapshot, a, b, state }, engines(preserved(true, calls)), { simulate: false });
    expect(m.models.map((x) => [x.modelId, x.a.nodeCount, x.b.nodeCount])).toEqual([["m1", 1, 1], ["m2", 0, 1]]);
    expect([m.anchor, m.anchorsEvaluated, DEFAULT_ANCHORS, calls]).toEqual([state.anchorHeight, 200, 200, [200, 200]]);
    expect(m.changes.map((c) => [c.modelId, c.address, c.change, c.probabilityA, c.probabilityB])).toEqual([
      ["m1", "gonka1a", "loses", { preserved: 200, anchors: 200, nodeSum: 0, weightSum: 0n }, { preserved: 1, anchors: 200, nodeSum: 0, weightSum: 0n }],
      ["m1", "gonka1b", "gains", { preserved: 0, anchors: 200, nodeSum: 7, weightSum: 70n }, { preserved: 0, anchors: 200, nodeSum: 0, weightSum: 0n }],
      ["m2", "gonka1c", "gains", { preserved: 0, anchors: 200, nodeSum: 0, weightSum: 0n }, { preserved: 0, anchors: 200, nodeSum: 0, weightSum: 0n }],
    ]);
    expect([m.missTest, m.simulation, m.notes, m.bProposal]).toEqual([null, null, [NO_SETTLEMENT], null]);
    expect(m.curves.map((c) => c.points.length)).toEqual(m.curves.map(() => Number(DEFAULT_CURVES.max / DEFAULT_CURVES.step)));
    expect(m.snapshot).toEqual({ chainId: snapshot.chainId, height: snapshot.height, source: snapshot.source });
    expect("source" in compareProposals({ snapshot: { ...snapshot, source: undefined }, a, b: a, state }, engines(preserved(true, [])), { simulate: false }).snapshot).toBe(false);
  });

  it("without tallies the share alone; no anchor counted at --anchors 0 or when nothing changes", () => {
    const calls: number[] = [];
    const m = compareProposals({ snapshot, a, b, state }, engines(preserved(false, calls)), { simulate: false, anchors: 3 });
    expect(m.changes.map((c) => [c.probabilityA, c.probabilityB])[0]).toStrictEqual([{ preserved: 3, anchors: 3 }, { preserved: 1, anchors: 3 }]);
    expect([m.anchorsEvaluated, calls]).toEqual([3, [3, 3]]);
    const none = compareProposals({ snapshot, a, b, state }, engines(preserved(true, calls)), { simulate: false, anchors: 0 });
    expect([none.anchorsEvaluated, none.changes.length, none.changes.some((c) => "probabilityA" in c || "probabilityB" in c), calls.length]).toEqual([0, 3, false, 2]);
    const same = compareProposals({ snapshot, a, b: { ...a, name: "a again" }, state }, engines(preserved(true, calls)), { simulate: false });
    expect([same.anchorsEvaluated, same.changes, calls.length]).toEqual([0, [], 2]);
  });

  it("the anchor and curves: the options, else the state's anchor, else the snapshot's height; the state's warnings first among the notes", () => {
    const p = engines(preserved(true, []));
    const told = compareProposals({ snapshot, a, b, state }, p, { simulate: false, anchor: 5n, anchors: 0, curves: { step: 500n, max: 1000n } });
    expect([told.anchor, told.curves[0]!.points.map((x) => x.total)]).toEqual([5n, [500n, 1000n]]);
    expect(compareProposals({ snapshot, a, b, state: { ...state, anchorHeight: undefined } }, p, { simulate: false, anchors: 0 }).anchor).toBe(BigInt(snapshot.height));
    expect(compareProposals({ snapshot, a, b, state: { ...state, warnings: ["w1", "w2"] } }, p, { simulate: false, anchors: 0 }).notes).toEqual(["snapshot warning: w1", "snapshot warning: w2", NO_SETTLEMENT]);
  });

  it("the replay: today's gateway when the simulator gives it, none (and a note) when either proposal has no replay", () => {
    const side = (rate: bigint, policy: "today" | "per-host-cap"): SimulationSide => ({ rate, policy, host: "h", served: 1n, refusedBeforeReceipt: 0n, misses: 0n, total: 1n, passed: true });
    const p = preserved(true, []);
    const full = compareProposals({ snapshot, a, b, state }, engines(p, (rate, _p0, policy) => side(rate, policy)), { anchors: 0 });
    expect([full.simulation, full.notes]).toEqual([{ scenario: "epoch-433", today: side(1n, "today"), a: side(1n, "per-host-cap"), b: side(2n, "per-host-cap") }, [NO_SETTLEMENT]]);
    const noToday = compareProposals({ snapshot, a, b, state }, engines(p, (rate, _p0, policy) => (policy === "today" ? undefined : side(rate, policy))), { anchors: 0 });
    expect(noToday.simulation).toStrictEqual({ scenario: "epoch-433", a: side(1n, "per-host-cap"), b: side(2n, "per-host-cap") });
    for (const only of [1n, 2n]) {
      const half = compareProposals({ snapshot, a, b, state }, engines(p, (rate, _p0, policy) => (rate === only ? side(rate, policy) : undefined)), { anchors: 0 });
      expect([half.simulation, half.notes]).toEqual([null, [NO_SETTLEMENT, NO_REPLAY]]);
    }
  });

  it("a refusal names the proposal (A and B unless told) and the snapshot's preserved slice", () => {
    const bare = { ...snapshot, demand: undefined };
    const demand: ProposalParams = { name: "d", preservedRule: "demand" };
    const p = engines(preserved(true, []));
    expect(refusal(() => compareProposals({ snapshot: bare, a: demand, b, state }, p))).toMatch(/^A: preserved_rule: the demand rule needs peak in-flight PoC requests per model/);
    expect(refusal(() => compareProposals({ snapshot: bare, a, b: demand, state }, p))).toMatch(/^B: preserved_rule: /);
    expect(refusal(() => compareProposals({ snapshot: bare, a: demand, b, state }, p, { whereA: "a.json" }))).toMatch(/^a\.json: preserved_rule: /);
    expect(refusal(() => compareProposals({ snapshot: bare, a, b: demand, state }, p, { whereB: "b.json" }))).toMatch(/^b\.json: preserved_rule: /);
    expect(refusal(() => compareProposals({ snapshot: { ...snapshot, preserved: { epoch: 1 } }, a, b }, p))).toMatch(/^snapshot: preserved/);
  });
});
