// The edges of what the headline lists and how the tables read (issue 30 item 13, mutation testing):
// each outcome that differs alone, a real proposal's change listed once only when its key, treatment
// and values all match, an operator both gaining and losing, a short row, a 20-character address.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareProposals } from "../../src/compare/build.js";
import { modelChanges, operatorChanges } from "../../src/compare/changes.js";
import { defaultEngines } from "../../src/compare/default-engines.js";
import { differences } from "../../src/compare/differences.js";
import type { PreservedModelRun } from "../../src/compare/engines.js";
import { expectedNodes, parameterRows, shortAddress } from "../../src/compare/format.js";
import type { ComparisonModel, ModelSide, PreservationChange, ProposalParamChange, RealProposalB } from "../../src/compare/model.js";
import { emptySide, modelDelta } from "../../src/compare/preserved-side.js";
import { textTable } from "../../src/compare/table.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { loadSnapshot } from "../../src/snapshot/snapshot.js";

const snapshot = loadSnapshot(join(import.meta.dirname, "..", "..", "examples", "mainnet-like.snapshot.json"));
const state = parsePreservedState(snapshot.preserved, "snapshot: preserved");
const base = compareProposals({ snapshot, a: { name: "a" }, b: { name: "b" }, state }, defaultEngines(), { anchors: 0, simulate: false });
function body(part: Partial<ComparisonModel>): Omit<ComparisonModel, "differences" | "notes"> {
  return { ...base, models: [], changes: [], missTest: null, voteThreshold: [], simulation: null, ...part };
}
const side = (s: Partial<ModelSide>): ModelSide => ({ ...emptySide(null), ...s });
const missSide = (p0: string, skipped = false) => ({ governanceP0: p0, settlementP0: p0, skipped, reason: "" });
const miss = (a: ReturnType<typeof missSide>, b: ReturnType<typeof missSide>, verdicts: [boolean, boolean][]): ComparisonModel["missTest"] => ({
  a,
  b,
  participants: verdicts.map(([passedA, passedB], i) => ({ address: `p${i}`, missed: 1n, total: 2n, passedA, passedB, rewardAtStake: null })),
  zeroedA: verdicts.filter(([x]) => !x).length,
  zeroedB: verdicts.filter(([, y]) => !y).length,
  rewardZeroedA: 0n,
  rewardZeroedB: 0n,
  rewardUnit: "ngonka",
});
const sim = (misses: [bigint, bigint], refused: [bigint, bigint]): ComparisonModel["simulation"] => ({
  scenario: "s",
  a: { rate: 1n, policy: "per-host-cap", host: "h", served: 1n, refusedBeforeReceipt: refused[0], misses: misses[0], total: 9n, passed: true },
  b: { rate: 1n, policy: "per-host-cap", host: "h", served: 1n, refusedBeforeReceipt: refused[1], misses: misses[1], total: 9n, passed: true },
});

describe("each outcome that differs alone", () => {
  it("the achieved weight alone", () => {
    const models = [{ modelId: "w", a: side({ targetWeight: 9n, achievedWeight: 5n, nodeCount: 1 }), b: side({ targetWeight: 9n, achievedWeight: 6n, nodeCount: 1 }) }].map((x) => ({ ...x, delta: modelDelta(x.a, x.b) }));
    expect(differences(body({ models }))).toEqual([{ what: "w: preserved weight", a: "5 of target 9, 1 nodes", b: "6 of target 9, 1 nodes" }]);
  });

  it("the settlement p0 alone, a skipped A, and verdicts of which only some differ", () => {
    expect(differences(body({ missTest: miss(missSide("0.1"), missSide("0.2"), [[true, true]]) }))).toEqual([{ what: "settlement p0", a: "0.1", b: "0.2" }]);
    expect(differences(body({ missTest: miss(missSide("0.1", true), missSide("0.1"), []) }))).toEqual([{ what: "settlement p0", a: "0.1 (skipped)", b: "0.1" }]);
    expect(differences(body({ missTest: miss(missSide("0.1"), missSide("0.1"), [[true, true], [true, false], [false, false]]) }))).toEqual([{ what: "participants zeroed by the miss test", a: "1", b: "2" }]);
    expect(differences(body({ missTest: miss(missSide("0.1"), missSide("0.1"), [[false, false]]) }))).toEqual([]);
  });

  it("the replay's misses alone, or its refusals alone", () => {
    expect(differences(body({ simulation: sim([3n, 4n], [2n, 2n]) }))).toEqual([{ what: "s: misses (refused before receipt)", a: "3 (2)", b: "4 (2)" }]);
    expect(differences(body({ simulation: sim([3n, 3n], [2n, 5n]) }))).toEqual([{ what: "s: misses (refused before receipt)", a: "3 (2)", b: "3 (5)" }]);
    expect(differences(body({ simulation: sim([3n, 3n], [2n, 2n]) }))).toEqual([]);
  });
});

describe("the parameters that differ, each by its name", () => {
  const rs = (over: Partial<ComparisonModel["a"]>) => ({ ...base.a, ...over });
  it("an unset slot allocation, the rate, p0, the factor, the rule and the demand input", () => {
    const a = rs({ pocSlotAllocation: { value: null, source: "default" }, demandSource: null });
    const b = rs({
      pocSlotAllocation: { value: "0.25", source: "proposal" },
      pocMaxConcurrentPer10000Weight: { value: 20n, source: "proposal" },
      binomTestP0: { value: "0.3", source: "proposal" },
      voteThresholdFactor: { value: 67n, source: "proposal" },
      preservedRule: { value: "demand", source: "proposal" },
      demandSource: "d.json",
    });
    expect(differences({ ...body({}), a, b })).toEqual([
      { what: "PocSlotAllocation", a: "(unset)", b: "0.25" },
      { what: "PoCMaxConcurrentPer10000Weight", a: "10", b: "20" },
      { what: "BinomTestP0", a: "0.1", b: "0.3" },
      { what: "vote_threshold_factor", a: "50", b: "67" },
      { what: "preserved rule", a: "current", b: "demand" },
      { what: "demand input", a: "(unset)", b: "d.json" },
    ]);
    expect(parameterRows({ ...base, a, b }).at(-1)).toEqual(["demand input", "none", "d.json"]);
    expect(parameterRows({ ...base, a: b, b: a }).at(-1)).toEqual(["demand input", "d.json", "none"]);
  });

  it("a real proposal's change hides the parameter's row only when its key, treatment and both values match", () => {
    const change = (c: Partial<ProposalParamChange>): ProposalParamChange => ({ path: "validation_params.binom_test_p0", unit: "", old: "0.1", new: "0.3", treatment: "modelled", modelled: "BinomTestP0", readBy: "r", oldText: "0.1", newText: "0.3", ...c });
    const view = (changes: ProposalParamChange[]): RealProposalB => ({ id: 1n, title: "t", inForce: "f", validateVersion: "v0.2.14", refused: [], changes });
    const a = { ...base.a, binomTestP0: { value: "0.1", source: "snapshot" as const }, voteThresholdFactor: { value: 50n, source: "snapshot" as const } };
    const b = { ...base.b, binomTestP0: { value: "0.3", source: "proposal" as const }, voteThresholdFactor: { value: 60n, source: "proposal" as const } };
    const rows = (changes: ProposalParamChange[]) => differences({ ...body({ bProposal: view(changes) }), a, b }).map((d) => d.what);
    // listed: p0's row is not repeated; the factor's change listed by its own key hides the factor's row
    expect(rows([change({}), change({ path: "devshard_escrow_params.vote_threshold_factor", modelled: "vote_threshold_factor", old: "50", new: "60" })])).toEqual([
      "BinomTestP0 (validation_params.binom_test_p0)",
      "vote_threshold_factor (devshard_escrow_params.vote_threshold_factor)",
    ]);
    // not runnable: B does not run it, so the row stays
    expect(rows([change({ treatment: "not-runnable", why: "w" })])).toEqual(["BinomTestP0 (validation_params.binom_test_p0; not compared: w)", "BinomTestP0", "vote_threshold_factor"]);
    // another key with the same values does not hide p0's row
    expect(rows([change({ path: "epoch_params.poc_slot_allocation", modelled: "PocSlotAllocation" })])).toEqual(["PocSlotAllocation (epoch_params.poc_slot_allocation)", "BinomTestP0", "vote_threshold_factor"]);
    // the same key with another new value (B from another file) does not either, nor with another old value
    expect(rows([change({ new: "0.2", newText: "0.2" })])).toEqual(["BinomTestP0 (validation_params.binom_test_p0)", "BinomTestP0", "vote_threshold_factor"]);
    expect(rows([change({ old: "0.2", oldText: "0.2" })])).toEqual(["BinomTestP0 (validation_params.binom_test_p0)", "BinomTestP0", "vote_threshold_factor"]);
  });
});

describe("who gains and loses, and the tables' edges", () => {
  const ch = (address: string, modelId: string, gained: bigint, lost: bigint): PreservationChange => ({ modelId, address, change: "changes", weightA: lost, weightB: gained, nodesA: [], nodesB: [], nodesGained: ["g"], nodesLost: ["l"], weightGained: gained, weightLost: lost });
  it("an operator that gains and loses is ordered by its net change; a net of zero sorts last; one model listed once", () => {
    const ops = operatorChanges([ch("gonka1a", "m", 10n, 9n), ch("gonka1b", "m", 5n, 0n), ch("gonka1c", "m", 0n, 3n), ch("gonka1z", "m", 0n, 0n), ch("gonka1c", "m", 0n, 1n), ch("gonka1y", "m", 2n, 4n)]);
    expect(ops.map((o) => [o.address, o.models, o.weightGained - o.weightLost])).toEqual([
      ["gonka1b", ["m"], 5n],
      ["gonka1c", ["m"], -4n],
      ["gonka1y", ["m"], -2n],
      ["gonka1a", ["m"], 1n],
      ["gonka1z", ["m"], 0n],
    ]);
    // a gain of 0 net beside a loss of 1: the loss first
    expect(operatorChanges([ch("gonka1a", "m", 0n, 0n), ch("gonka1b", "m", 0n, 1n)]).map((o) => o.address)).toEqual(["gonka1b", "gonka1a"]);
  });

  it("a model only B runs: every node of it gained", () => {
    const run: PreservedModelRun = { modelId: "m", totalWeight: 0n, targetWeight: 0n, achievedWeight: 0n, nodes: [{ participant: "gonka1x", nodeId: "n1" }] };
    const index = new Map([["m", new Map([["gonka1x", new Map([["n1", 4n]])]])]]);
    expect(modelChanges("m", undefined, run, index)).toEqual([{ modelId: "m", address: "gonka1x", change: "gains", weightA: 0n, weightB: 4n, nodesA: [], nodesB: ["n1"], nodesGained: ["n1"], nodesLost: [], weightGained: 4n, weightLost: 0n }]);
    expect(modelChanges("m", run, undefined, index)).toEqual([{ modelId: "m", address: "gonka1x", change: "loses", weightA: 4n, weightB: 0n, nodesA: ["n1"], nodesB: [], nodesGained: [], nodesLost: ["n1"], weightGained: 0n, weightLost: 4n }]);
  });

  it("a short row, the default alignment, an address of exactly 20 characters, nodes over no anchors", () => {
    expect(textTable(["a", "b"], [["x"]])).toBe("a  b\n-  -\nx");
    expect(textTable(["name", "n"], [["x", "10"], ["yy", "2"]])).toBe("name   n\n----  --\nx     10\nyy     2");
    expect([shortAddress("gonka123456789012345"), shortAddress("gonka1234567890123456")]).toEqual(["gonka123456789012345", "gonka12345…123456"]);
    expect([expectedNodes({ preserved: 0, anchors: 0, nodeSum: 3 }), expectedNodes({ preserved: 0, anchors: 4, nodeSum: 0 })]).toEqual(["n/a", "0.00"]);
  });
});
