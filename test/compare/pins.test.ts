// The comparison's parts on hand-built inputs, every value pinned (issue 30 item 13): the proposal
// format's boundaries, who gains and loses and in which order, what the headline lists, the miss-test
// and vote sides, the resolved values and how they read.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareProposals } from "../../src/compare/build.js";
import { modelChanges, operatorChanges } from "../../src/compare/changes.js";
import { curveTotals, missCurves } from "../../src/compare/curves.js";
import { defaultEngines } from "../../src/compare/default-engines.js";
import { differences } from "../../src/compare/differences.js";
import type { Engines, MissTestEngine, PreservedModelRun } from "../../src/compare/engines.js";
import { aToB, expectedNodes, expectedWeight, inputsText, probability, refusalLines, resolved, shortAddress } from "../../src/compare/format.js";
import { compareMissTest } from "../../src/compare/miss-side.js";
import type { ComparisonModel, ModelSide, PreservationChange, RealProposalB } from "../../src/compare/model.js";
import { parseProposal, canonicalProposalKey, integerParam } from "../../src/compare/params.js";
import { emptySide, modelDelta, modelSide, type NodeWeights } from "../../src/compare/preserved-side.js";
import { resolveProposal, snapshotGroupSize, snapshotVoteThresholdFactor, withSlotAllocation } from "../../src/compare/resolve.js";
import { renderCompareText } from "../../src/compare/text.js";
import { textTable } from "../../src/compare/table.js";
import { voteThresholdRows } from "../../src/compare/vote-side.js";
import { Decimal } from "../../src/go/decimal.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { loadSnapshot, type Snapshot } from "../../src/snapshot/snapshot.js";
import { refusal } from "../helpers/refusal.js";

const snapshot = loadSnapshot(join(import.meta.dirname, "..", "..", "examples", "mainnet-like.snapshot.json"));
const state = parsePreservedState(snapshot.preserved, "snapshot: preserved");
const p = (doc: object) => parseProposal(doc as never, "p.json");

describe("the proposal format's boundaries", () => {
  it("PocSlotAllocation 0 and 1 are taken, above 1 or past int64 digits not", () => {
    expect([p({ name: "x", PocSlotAllocation: "1" }).pocSlotAllocation!.toString(), p({ name: "x", PocSlotAllocation: "0" }).pocSlotAllocation!.toString(), p({ name: "x", PocSlotAllocation: "1.0" }).pocSlotAllocation!.toString()]).toEqual(["1", "0", "1"]);
    expect(refusal(() => p({ name: "x", PocSlotAllocation: "1.000000001" }))).toBe('p.json: PocSlotAllocation: must be between 0 and 1, got "1.000000001"');
    expect(refusal(() => p({ name: "x", PocSlotAllocation: "0.9223372036854775808" }))).toBe('p.json: PocSlotAllocation: "0.9223372036854775808" has more significant digits than the chain\'s Decimal holds (an int64 coefficient: 19 digits)');
    expect(p({ name: "x", PocSlotAllocation: "0.9223372036854775807" }).pocSlotAllocation!.toString()).toBe("0.9223372036854775807");
  });

  it("vote_threshold_factor 1 and 100 are taken, 0 and 101 not; BinomTestP0 strictly inside (0, 1)", () => {
    expect([p({ name: "x", vote_threshold_factor: 1 }).voteThresholdFactor, p({ name: "x", vote_threshold_factor: "100" }).voteThresholdFactor]).toEqual([1n, 100n]);
    expect(refusal(() => p({ name: "x", vote_threshold_factor: -1 }))).toMatch(/must be an integer in 1\.\.100/);
    expect([p({ name: "x", BinomTestP0: "0.000001" }).binomTestP0!.toString(), p({ name: "x", BinomTestP0: "0.999999" }).binomTestP0!.toString()]).toEqual(["0.000001", "0.999999"]);
    expect(refusal(() => p({ name: "x", BinomTestP0: "0.9223372036854775808" }))).toBe('p.json: BinomTestP0: "0.9223372036854775808" has more significant digits than the chain\'s Decimal holds (an int64 coefficient: 19 digits)');
  });

  it("the rate: 1 up to int64's largest", () => {
    expect([p({ name: "x", PoCMaxConcurrentPer10000Weight: 1 }).pocMaxConcurrentPer10000Weight, p({ name: "x", PoCMaxConcurrentPer10000Weight: "9223372036854775807" }).pocMaxConcurrentPer10000Weight]).toEqual([1n, 9_223_372_036_854_775_807n]);
    expect(refusal(() => p({ name: "x", PoCMaxConcurrentPer10000Weight: "9223372036854775808" }))).toBe('p.json: PoCMaxConcurrentPer10000Weight: does not fit in int64: "9223372036854775808"');
    expect(refusal(() => p({ name: "x", PoCMaxConcurrentPer10000Weight: -3 }))).toMatch(/must be a positive integer/);
    expect([integerParam(5n, "w"), integerParam(" 7 ", "w"), integerParam("-2", "w")]).toEqual([5n, 7n, -2n]);
    expect(refusal(() => integerParam(2 ** 53, "w"))).toBe("w: expected an integer, got 9007199254740992");
  });

  it("every spelling of a parameter, once; the names the chain and Go use", () => {
    expect(["poc_slot_allocation", "epochParams.pocSlotAllocation", "VoteThresholdFactor", "validation_params.binom_test_p0", "preservedRule", "poc_max_concurrent_per_10000_weight", "name", "demand", "nope"].map(canonicalProposalKey)).toEqual([
      "PocSlotAllocation",
      "PocSlotAllocation",
      "vote_threshold_factor",
      "BinomTestP0",
      "preserved_rule",
      "PoCMaxConcurrentPer10000Weight",
      "name",
      "demand",
      undefined,
    ]);
    expect(refusal(() => p({ name: "x", poc_slot_allocation: "0.2", PocSlotAllocation: "0.3" }))).toBe('p.json: PocSlotAllocation: "PocSlotAllocation" and "poc_slot_allocation" name the same parameter; give it once');
    expect(p({ name: "  padded  ", description: "d", preserved_rule: "demand", demand: { peak: 1 } })).toEqual({ name: "padded", description: "d", preservedRule: "demand", demand: { source: "inline", json: { peak: 1 } } });
  });
});

/** A change of one operator in one model with the given weights gained and lost. */
const change = (address: string, modelId: string, gained: bigint, lost: bigint, nodes: [number, number] = [1, 1]): PreservationChange => ({
  modelId,
  address,
  change: "changes",
  weightA: lost,
  weightB: gained,
  nodesA: [],
  nodesB: [],
  nodesGained: Array.from({ length: nodes[0] }, (_, i) => `g${i}`),
  nodesLost: Array.from({ length: nodes[1] }, (_, i) => `l${i}`),
  weightGained: gained,
  weightLost: lost,
});

describe("who gains and loses", () => {
  it("per operator over models: the largest net weight change first (a loss as large as a gain), then the address in byte order", () => {
    const ops = operatorChanges([change("gonka1b", "m1", 10n, 0n), change("gonka1c", "m1", 0n, 7n), change("gonka1a", "m1", 3n, 0n), change("gonka1a", "m2", 4n, 0n, [2, 0]), change("gonka1d", "m1", 7n, 0n), change("gonka1B", "m1", 0n, 10n)]);
    expect(ops).toEqual([
      { address: "gonka1B", models: ["m1"], nodesGained: 1, nodesLost: 1, weightGained: 0n, weightLost: 10n },
      { address: "gonka1b", models: ["m1"], nodesGained: 1, nodesLost: 1, weightGained: 10n, weightLost: 0n },
      { address: "gonka1a", models: ["m1", "m2"], nodesGained: 3, nodesLost: 1, weightGained: 7n, weightLost: 0n },
      { address: "gonka1c", models: ["m1"], nodesGained: 1, nodesLost: 1, weightGained: 0n, weightLost: 7n },
      { address: "gonka1d", models: ["m1"], nodesGained: 1, nodesLost: 1, weightGained: 7n, weightLost: 0n },
    ]);
    expect(operatorChanges([])).toEqual([]);
  });

  it("per model: gains, loses and changes, nodes sorted, weights from the index", () => {
    const index: NodeWeights = new Map([["m", new Map([["gonka1x", new Map([["n1", 5n], ["n2", 7n], ["n3", 11n]])], ["gonka1y", new Map([["n9", 2n]])], ["gonka1z", new Map([["n4", 3n]])]])]]);
    const run = (nodes: [string, string][]): PreservedModelRun => ({ modelId: "m", totalWeight: 0n, targetWeight: 0n, achievedWeight: 0n, nodes: nodes.map(([participant, nodeId]) => ({ participant, nodeId })) });
    const a = run([["gonka1x", "n2"], ["gonka1x", "n1"], ["gonka1y", "n9"], ["gonka1w", "n0"]]);
    const b = run([["gonka1x", "n3"], ["gonka1x", "n1"], ["gonka1z", "n4"], ["gonka1w", "n0"]]);
    expect(modelChanges("m", a, b, index)).toEqual([
      { modelId: "m", address: "gonka1x", change: "changes", weightA: 12n, weightB: 16n, nodesA: ["n1", "n2"], nodesB: ["n1", "n3"], nodesGained: ["n3"], nodesLost: ["n2"], weightGained: 11n, weightLost: 7n },
      { modelId: "m", address: "gonka1y", change: "loses", weightA: 2n, weightB: 0n, nodesA: ["n9"], nodesB: [], nodesGained: [], nodesLost: ["n9"], weightGained: 0n, weightLost: 2n },
      { modelId: "m", address: "gonka1z", change: "gains", weightA: 0n, weightB: 3n, nodesA: [], nodesB: ["n4"], nodesGained: ["n4"], nodesLost: [], weightGained: 3n, weightLost: 0n },
    ]);
    expect(modelChanges("m", undefined, undefined, index)).toEqual([]);
  });

  it("one model's side: the smallest node by weight, then participant, then node id; capacity against demand", () => {
    const index: NodeWeights = new Map([["m", new Map([["gonka1b", new Map([["n2", 5n], ["n1", 5n]])], ["gonka1a", new Map([["n3", 5n], ["n4", 9n]])]])]]);
    const run: PreservedModelRun = { modelId: "m", totalWeight: 100n, targetWeight: 30n, achievedWeight: 24n, nodes: [{ participant: "gonka1b", nodeId: "n2" }, { participant: "gonka1b", nodeId: "n1" }, { participant: "gonka1a", nodeId: "n4" }, { participant: "gonka1a", nodeId: "n3" }] };
    const s = modelSide(run, index, 5000n, 3n);
    expect(s).toEqual({
      totalWeight: 100n,
      targetWeight: 30n,
      achievedWeight: 24n,
      shortfallWeight: 6n,
      nodeCount: 4,
      participantCount: 2,
      smallestNode: { participant: "gonka1a", nodeId: "n3", pocWeight: 5n },
      capacityRequests: 12n,
      demandRequests: 3n,
      capacityOverDemand: "4.00",
      nodeWeights: [5n, 5n, 5n, 9n],
    });
    expect(modelSide({ ...run, achievedWeight: 30n }, index, 1n, 0n)).toMatchObject({ shortfallWeight: 0n, capacityRequests: 0n, capacityOverDemand: null });
    expect(modelSide({ ...run, achievedWeight: 31n }, index, 1n, null)).toMatchObject({ shortfallWeight: 0n, capacityOverDemand: null });
    expect([emptySide(null).capacityOverDemand, emptySide(0n).capacityOverDemand, emptySide(4n).capacityOverDemand]).toEqual([null, null, "0.00"]);
    expect(modelDelta(emptySide(null), s)).toEqual({ targetWeight: 30n, achievedWeight: 24n, nodeCount: 4, participantCount: 2, smallestNodeWeight: null, capacityRequests: 12n });
    expect(modelDelta(s, { ...s, smallestNode: { participant: "p", nodeId: "n", pocWeight: 2n } }).smallestNodeWeight).toBe(-3n);
  });
});

/** A model body around the given models, changes and real proposal. */
function body(part: Partial<ComparisonModel>): Omit<ComparisonModel, "differences" | "notes"> {
  const m = compareProposals({ snapshot, a: { name: "a" }, b: { name: "b" }, state }, defaultEngines(), { anchors: 0, simulate: false });
  return { ...m, models: [], changes: [], missTest: null, voteThreshold: [], simulation: null, ...part };
}
const side = (s: Partial<ModelSide>): ModelSide => ({ ...emptySide(null), ...s });

describe("what changes", () => {
  it("a change of the target weight alone is reported, and so is one of the node count alone", () => {
    const models = [
      { modelId: "t", a: side({ targetWeight: 10n, achievedWeight: 5n, nodeCount: 1 }), b: side({ targetWeight: 12n, achievedWeight: 5n, nodeCount: 1 }) },
      { modelId: "n", a: side({ achievedWeight: 5n, nodeCount: 1 }), b: side({ achievedWeight: 5n, nodeCount: 2 }) },
      { modelId: "same", a: side({ achievedWeight: 5n }), b: side({ achievedWeight: 5n }) },
    ].map((x) => ({ ...x, delta: modelDelta(x.a, x.b) }));
    expect(differences(body({ models }))).toEqual([
      { what: "t: preserved weight", a: "5 of target 10, 1 nodes", b: "5 of target 12, 1 nodes" },
      { what: "n: preserved weight", a: "5 of target 0, 1 nodes", b: "5 of target 0, 2 nodes" },
    ]);
  });

  it("the operators whose nodes move, the miss test, the vote slots and the replay", () => {
    const d = differences(
      body({
        changes: [change("gonka1a", "m", 3n, 0n, [1, 0]), change("gonka1b", "m", 0n, 2n, [0, 2]), change("gonka1a", "n", 1n, 1n, [1, 1])],
        missTest: {
          a: { governanceP0: "0.1", settlementP0: "0.1", skipped: false, reason: "" },
          b: { governanceP0: "0.1", settlementP0: "0.1", skipped: true, reason: "" },
          participants: [{ address: "x", missed: 1n, total: 2n, passedA: true, passedB: false, rewardAtStake: null }],
          zeroedA: 0,
          zeroedB: 1,
          rewardZeroedA: 0n,
          rewardZeroedB: 0n,
          rewardUnit: "ngonka",
        },
        voteThreshold: [
          { groupSize: 16, note: "", thresholdA: 8, neededA: 9, thresholdB: 8, neededB: 9 },
          { groupSize: 12, note: "", thresholdA: 6, neededA: 7, thresholdB: 7, neededB: 8 },
        ],
        simulation: { scenario: "s", a: { rate: 1n, policy: "per-host-cap", host: "h", served: 1n, refusedBeforeReceipt: 2n, misses: 3n, total: 4n, passed: true }, b: { rate: 2n, policy: "per-host-cap", host: "h", served: 1n, refusedBeforeReceipt: 5n, misses: 3n, total: 4n, passed: true } },
      }),
    );
    expect(d).toEqual([
      { what: "preserved nodes only under this proposal", a: "3 nodes (3 weight) of 2 operators", b: "2 nodes (4 weight) of 1 operators" },
      { what: "settlement p0", a: "0.1", b: "0.1 (skipped)" },
      { what: "participants zeroed by the miss test", a: "0", b: "1" },
      { what: "slots a resolution needs (N = 12)", a: "7", b: "8" },
      { what: "s: misses (refused before receipt)", a: "3 (2)", b: "3 (5)" },
    ]);
  });

  it("a real proposal: its changes first by treatment, then the other parameters, none listed twice", () => {
    const view: RealProposalB = {
      id: 3n,
      title: "t",
      inForce: "the params answer P",
      validateVersion: "v0.2.14",
      refused: [],
      changes: [
        { path: "epoch_params.poc_slot_allocation", unit: "u", old: "0.1", new: "0.25", treatment: "modelled", modelled: "PocSlotAllocation", readBy: "r", oldText: "0.1 u", newText: "0.25 u" },
        { path: "validation_params.binom_test_p0", unit: "p", old: "0.1", new: "0", treatment: "not-runnable", why: "BinomTestP0 must be …", modelled: "BinomTestP0", readBy: "r", oldText: "0.1 p", newText: "0 p" },
        { path: "epoch_params.epoch_length", unit: "blocks", old: "5", new: "0", treatment: "not-modelled", modelled: null, readBy: "heights", oldText: "5 blocks", newText: "0 blocks" },
        { path: "x.y", unit: "", old: "1", new: "2", treatment: "not-modelled", modelled: null, readBy: null, oldText: "1", newText: "2" },
        { path: "devshard_escrow_params.vote_threshold_factor", unit: "percent", old: null, new: "0", treatment: "not-recorded", modelled: "vote_threshold_factor", readBy: "v", oldText: "(not recorded)", newText: "0 percent" },
        { path: "a.b", unit: "", old: null, new: "1", treatment: "not-recorded", modelled: null, readBy: null, oldText: "(not recorded)", newText: "1" },
      ],
    };
    const m = body({ bProposal: view });
    const a = { ...m.a, pocSlotAllocation: { value: "0.1", source: "snapshot" as const }, voteThresholdFactor: { value: 40n, source: "snapshot" as const } };
    const b = { ...m.b, pocSlotAllocation: { value: "0.25", source: "proposal" as const }, voteThresholdFactor: { value: 50n, source: "default" as const } };
    expect(differences({ ...m, a, b })).toEqual([
      { what: "PocSlotAllocation (epoch_params.poc_slot_allocation)", a: "0.1 u", b: "0.25 u" },
      { what: "BinomTestP0 (validation_params.binom_test_p0; not compared: BinomTestP0 must be …)", a: "0.1 p", b: "0 p" },
      { what: "epoch_params.epoch_length (not modelled: read by heights; compare runs A and B with the value in force)", a: "5 blocks", b: "0 blocks" },
      { what: "x.y (not modelled: no rule of the port reads it)", a: "1", b: "2" },
      { what: "vote_threshold_factor (devshard_escrow_params.vote_threshold_factor; not compared: the params in force do not record it)", a: "(not recorded)", b: "0 percent" },
      { what: "1 other parameter the params in force (the params answer P) do not record, so whether B changes them is unknown (not modelled; --json lists them under bProposal)", a: "(not recorded)", b: "set by B" },
      { what: "vote_threshold_factor", a: "40", b: "50" },
    ]);
    // with A from another file, the slot allocation row is A's, not the params in force's
    expect(differences({ ...m, a: { ...a, pocSlotAllocation: { value: "0.2", source: "proposal" } }, b }).find((d) => d.what === "PocSlotAllocation")).toEqual({ what: "PocSlotAllocation", a: "0.2", b: "0.25" });
    const two = { ...view, changes: [view.changes[5]!, { ...view.changes[5]!, path: "a.c" }] };
    expect(differences({ ...m, bProposal: two })[0]!.what).toMatch(/^2 other parameters the params in force/);
  });
});

describe("the warning and the inputs", () => {
  const view: RealProposalB = { id: 9n, title: "t", inForce: "f", validateVersion: "v0.2.13", changes: [], refused: [] };
  it("names every refused value, left-out ones and kept ones", () => {
    const m = { ...body({}), differences: [], notes: [] } as ComparisonModel;
    expect(refusalLines(m)).toEqual([]);
    expect(refusalLines({ ...m, bProposal: view })).toEqual([]);
    const refused = { ...m, bProposal: { ...view, refused: [{ path: "e", value: "0", rule: "r1", kept: false }, { path: "v", value: null, rule: "r2", kept: true }, { path: "l", value: "", rule: "r3", kept: false }] } };
    expect(refusalLines(refused)).toEqual([
      "WARNING: the chain would refuse B: Params.Validate (v0.2.13) refuses 3 values of proposal 9's Params, so its MsgUpdateParams fails when executed and nothing changes (the proposal ends failed); what follows is what B's values would do if they took effect:",
      "e 0: r1",
      "v (left out): r2 (the value in force too)",
      'l "": r3',
    ]);
    expect(refusalLines({ ...m, bProposal: { ...view, refused: [{ path: "e", value: "0", rule: "r1", kept: false }] } })[0]).toMatch(/refuses a value of proposal 9's Params/);
    const text = renderCompareText(refused);
    expect(text.split("\n").slice(1, 10)).toEqual([expect.stringMatching(/^Inputs: /), "", expect.stringMatching(/^WARNING: /), "  e 0: r1", "  v (left out): r2 (the value in force too)", '  l "": r3', "", expect.stringMatching(/^parameter +A: a +B: b$/), expect.stringMatching(/^-+ +-+ +-+$/)]);
  });

  it("the inputs of each part, by source", () => {
    const m = { ...body({}), differences: [], notes: [] } as ComparisonModel;
    const withDemand = (a: string | null, b: string | null) => ({ ...m, a: { ...m.a, demandSource: a }, b: { ...m.b, demandSource: b } });
    expect(inputsText(withDemand(null, null))).toBe("the snapshot's preserved state, no demand input, the miss test on no settlement slice");
    expect(inputsText(withDemand("snapshot", "snapshot"))).toBe("the snapshot's preserved state, demand from snapshot, the miss test on no settlement slice");
    expect(inputsText(withDemand("f.json", null))).toBe("the snapshot's preserved state, demand A from f.json, B from none, the miss test on no settlement slice");
    expect(inputsText(withDemand(null, "f.json"))).toBe("the snapshot's preserved state, demand A from none, B from f.json, the miss test on no settlement slice");
    const t = { a: { governanceP0: "", settlementP0: "", skipped: false, reason: "" }, b: { governanceP0: "", settlementP0: "", skipped: false, reason: "" }, participants: [], zeroedA: 0, zeroedB: 0, rewardZeroedA: 0n, rewardZeroedB: 0n, rewardUnit: "ngonka" as const };
    const dump = { ...withDemand(null, null), snapshot: { ...m.snapshot, source: "rest-dump" }, missTest: t };
    expect(inputsText(dump)).toBe("the preserved state rebuilt from the REST dump, no demand input, the miss test on the dump's settled epoch");
    expect(inputsText({ ...dump, snapshot: { ...m.snapshot, source: "rpc" } })).toBe("the snapshot's preserved state, no demand input, the miss test on the snapshot's settlement slice");
    const sim = { scenario: "s", a: { rate: 1n, policy: "per-host-cap", host: "h", served: 1n, refusedBeforeReceipt: 2n, misses: 3n, total: 4n, passed: true }, b: { rate: 1n, policy: "per-host-cap", host: "h", served: 1n, refusedBeforeReceipt: 2n, misses: 3n, total: 4n, passed: null } } as ComparisonModel["simulation"];
    expect(inputsText({ ...dump, simulation: sim })).toMatch(/, the epoch-433 replay on the built-in scenario$/);
    // without the replay the text has no replay section; with it, the section and its rows
    expect(renderCompareText(dump)).not.toContain("Epoch-433");
    expect(renderCompareText({ ...dump, simulation: sim })).toMatch(/Epoch-433 replay \(s, built-in scenario\)[^]*B: per-host cap at B's rate 1\s+1\s+2\s+3 of 4\s+n\/a/);
  });
});

describe("the resolved values and how they read", () => {
  it("a real proposal's value beside the one compare runs", () => {
    const r = resolveProposal({ name: "b", sets: { PocSlotAllocation: "0.1", BinomTestP0: "0.3", vote_threshold_factor: "0" } }, "B", snapshot, state, defaultEngines());
    expect([r.params.pocSlotAllocation, r.params.binomTestP0, r.params.voteThresholdFactor]).toEqual([
      { value: "0.1", source: "proposal" },
      { value: "0.1", source: "snapshot", proposed: "0.3" },
      { value: 50n, source: "default", proposed: "0" },
    ]);
    const set = resolveProposal({ name: "b", pocSlotAllocation: Decimal.fromString("0.2"), sets: { PocSlotAllocation: "0.2" } }, "B", snapshot, state, defaultEngines());
    expect(set.params.pocSlotAllocation).toEqual({ value: "0.2", source: "proposal" });
    expect([resolved({ value: null, source: "default" }), resolved({ value: 50n, source: "default", proposed: "0" }), resolved({ value: "0.2", source: "proposal" }), resolved({ value: 10n, source: "snapshot" })]).toEqual([
      "(unset: chain default) (default)",
      "50 (default; the proposal sets 0: not compared)",
      "0.2",
      "10 (snapshot)",
    ]);
  });

  it("the snapshot's factor and group size within the chain's ranges, found one level down", () => {
    const at = (chain: object): Snapshot => ({ ...snapshot, chain: chain as never });
    expect([0, 1, 100, 101, "7", "x"].map((f) => snapshotVoteThresholdFactor(at({ params: { devshardEscrowParams: { voteThresholdFactor: f } } })))).toEqual([undefined, 1n, 100n, undefined, 7n, undefined]);
    expect([0, 1, 4096, 4097, 12n].map((g) => snapshotGroupSize(at({ devshard_escrow_params: { group_size: g } })))).toEqual([undefined, 1, 4096, undefined, 12]);
    expect(snapshotGroupSize(at({ params: { escrowParams: { groupSize: 3 } } }))).toBe(3);
    expect(snapshotGroupSize(snapshot)).toBeUndefined();
    expect(withSlotAllocation(state, null)).toBe(state);
    expect(withSlotAllocation(state, Decimal.fromString("0.3")).params.epochParams.pocSlotAllocation).toEqual({ value: 3n, exponent: -1 });
    expect(state.params.epochParams.pocSlotAllocation).toEqual({ value: 1n, exponent: -1 });
  });

  it("the demand rule without demand is refused, naming the proposal", () => {
    const bare = { ...snapshot, demand: undefined };
    expect(refusal(() => resolveProposal({ name: "b", preservedRule: "demand" }, "B.json", bare, state, defaultEngines()))).toMatch(/^B\.json: preserved_rule: the demand rule needs peak in-flight PoC requests per model/);
  });

  it("shares, expectations and addresses for people, computed on integers", () => {
    expect([probability(undefined), probability({ preserved: 0, anchors: 0 }), probability({ preserved: 75, anchors: 200 }), probability({ preserved: 1, anchors: 3 }), probability({ preserved: 2, anchors: 3 })]).toEqual(["n/a", "n/a", "37.5% (75/200)", "33.3% (1/3)", "66.7% (2/3)"]);
    expect([expectedNodes(undefined), expectedNodes({ preserved: 1, anchors: 3 }), expectedNodes({ preserved: 1, anchors: 3, nodeSum: 7 }), expectedNodes({ preserved: 1, anchors: 200, nodeSum: 1 })]).toEqual(["n/a", "n/a", "2.33", "0.01"]);
    expect([expectedWeight(undefined), expectedWeight({ preserved: 1, anchors: 2, weightSum: 3n }), expectedWeight({ preserved: 1, anchors: 4, weightSum: 4509n * 4n + 1n }), expectedWeight({ preserved: 1, anchors: 0, weightSum: 1n })]).toEqual(["n/a", "2", "4,509", "n/a"]);
    expect(aToB("1", "2")).toBe("1 → 2");
    expect([shortAddress("gonka1234567890123456"), shortAddress("gonka12345678901234")]).toEqual(["gonka12345…123456", "gonka12345678901234"]);
    expect(textTable(["a", "bb"], [["x", "1"], ["yy", "22"]], ["left", "right"])).toBe("a   bb\n--  --\nx    1\nyy  22");
  });
});

describe("the miss test and vote sides", () => {
  const engine = (rows: Record<string, { address: string; passed: boolean; rewardAtStake: bigint | null }[]>): MissTestEngine => ({
    governanceP0: () => undefined,
    settle: (_s, p0) => ({ side: { governanceP0: p0.toString(), settlementP0: p0.toString(), skipped: false, reason: "r" }, rows: rows[p0.toString()]!.map((r) => ({ ...r, missed: 1n, total: 2n })) }),
    settlementP0: (p0) => p0,
    allowedMisses: (total, p0, rule) => (rule === "exact" ? total : BigInt(p0.toString().length)),
  });

  it("participants sorted by address, B's verdict taken where B lists it, the reward a failed test takes summed", () => {
    const e = engine({
      "0.1": [{ address: "gonka1z", passed: false, rewardAtStake: 5n }, { address: "gonka1a", passed: true, rewardAtStake: 3n }, { address: "gonka1m", passed: false, rewardAtStake: null }],
      "0.2": [{ address: "gonka1a", passed: false, rewardAtStake: 3n }],
    });
    const t = compareMissTest(e, {}, Decimal.fromString("0.1"), Decimal.fromString("0.2"));
    expect(t.participants.map((x) => [x.address, x.passedA, x.passedB])).toEqual([
      ["gonka1a", true, false],
      ["gonka1m", false, false],
      ["gonka1z", false, false],
    ]);
    expect([t.zeroedA, t.rewardZeroedA, t.zeroedB, t.rewardZeroedB, t.rewardUnit]).toEqual([2, 5n, 1, 3n, "reward weight"]);
  });

  it("the curves: one set when A and B share the settlement p0, each rule's points", () => {
    expect(curveTotals({ step: 10n, max: 30n })).toEqual([10n, 20n, 30n]);
    expect(curveTotals({ step: 10n, max: 29n })).toEqual([10n, 20n]);
    const e = engine({});
    const same = missCurves(e, Decimal.fromString("0.1"), Decimal.fromString("0.10"), { step: 5n, max: 10n });
    expect(same).toEqual([
      { label: "A = B", p0: "0.1", rule: "on-chain", points: [{ total: 5n, allowed: 3n }, { total: 10n, allowed: 3n }] },
      { label: "A = B", p0: "0.1", rule: "exact", points: [{ total: 5n, allowed: 5n }, { total: 10n, allowed: 10n }] },
    ]);
    expect(missCurves(e, Decimal.fromString("0.1"), Decimal.fromString("0.25"), { step: 5n, max: 5n }).map((c) => [c.label, c.p0, c.rule])).toEqual([
      ["A", "0.1", "on-chain"],
      ["A", "0.1", "exact"],
      ["B", "0.25", "on-chain"],
      ["B", "0.25", "exact"],
    ]);
  });

  it("vote rows: one per distinct group size, T + 1 slots needed", () => {
    const rows = voteThresholdRows((n, f) => Number((BigInt(n) * f) / 100n), 50n, 75n, [{ n: 16, note: "default" }, { n: 16, note: "again" }, { n: 10, note: "snapshot" }]);
    expect(rows).toEqual([
      { groupSize: 16, note: "default", thresholdA: 8, neededA: 9, thresholdB: 12, neededB: 13 },
      { groupSize: 10, note: "snapshot", thresholdA: 5, neededA: 6, thresholdB: 7, neededB: 8 },
    ]);
  });

  it("compare takes the snapshot's group size as a second row, and no simulation without a simulator", () => {
    const engines: Engines = { ...defaultEngines(), simulate: undefined };
    const s: Snapshot = { ...snapshot, chain: { params: { devshardEscrowParams: { groupSize: 16 } } } as never };
    const m = compareProposals({ snapshot: s, a: { name: "a" }, b: { name: "b", voteThresholdFactor: 100n } }, engines, { anchors: 0 });
    expect(m.voteThreshold.map((r) => [r.groupSize, r.neededA, r.neededB])).toEqual([[16, 9, 17]]);
    expect(m.simulation).toBeNull();
    expect(m.notes).toContain("The epoch-433 simulation is not available in this build, so it is not part of the comparison.");
    expect(m.bProposal).toBeNull();
  });
});
