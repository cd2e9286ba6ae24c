/** compare's expected preserved nodes and weight over anchors equal what full runs preserve, and move when the proposal moves an operator's weight. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareProposals } from "../../src/compare/build.js";
import { defaultEngines, preservedEngine, runPrepared } from "../../src/compare/default-engines.js";
import type { PreservedSettings } from "../../src/compare/engines.js";
import { preservedTallies } from "../../src/compare/preserved-expectations.js";
import { expectedNodes, expectedWeight } from "../../src/compare/format.js";
import { loadProposal } from "../../src/compare/params.js";
import { withSlotAllocation } from "../../src/compare/resolve.js";
import { Decimal } from "../../src/go/decimal.js";
import { parseDemand } from "../../src/preserved/demand.js";
import { anchorIndex } from "../../src/preserved/anchor-index.js";
import { prepareEpisode, prepareEpisodeShared } from "../../src/preserved/sample-preserved-for-episode.js";
import { parsePreservedState, type PreservedState } from "../../src/preserved/state.js";
import { loadSnapshot } from "../../src/snapshot/snapshot.js";

const ROOT = join(import.meta.dirname, "..", "..");
const snapshot = loadSnapshot(join(ROOT, "examples", "mainnet-like.snapshot.json"));
const state = parsePreservedState(snapshot.preserved, "snapshot: preserved");
const demand = parseDemand(snapshot.demand!, "demand");
const anchor = state.anchorHeight!;

/** The nodes and weight each (model, operator) keeps over `anchors` full runs from the anchor (the reference). */
function fullRunTallies(s: PreservedState, settings: PreservedSettings, anchors: number): Map<string, { nodes: number; weight: bigint }> {
  const prepared = prepareEpisode(s);
  const weightOf = new Map<string, bigint>();
  for (const m of prepared.modelPreps) for (const [addr, c] of m.candidates) for (const n of c.filteredNodes) weightOf.set(`${m.modelId}\u0000${addr}\u0000${n.nodeId}`, n.pocWeight);
  const ref = new Map<string, { nodes: number; weight: bigint }>();
  for (let k = 0; k < anchors; k++) {
    for (const run of runPrepared(prepared, settings, settings.anchor + BigInt(k))) {
      for (const n of run.nodes) {
        const key = `${run.modelId}\u0000${n.participant}`;
        const t = ref.get(key) ?? { nodes: 0, weight: 0n };
        t.nodes++;
        t.weight += weightOf.get(`${key}\u0000${n.nodeId}`)!;
        ref.set(key, t);
      }
    }
  }
  return ref;
}

describe("preserved tallies over anchors", () => {
  it.each([
    ["current", "0.1"],
    ["demand", "0.25"],
  ] as const)("the %s rule at %s: the nodes and weight summed over anchors are those of full runs at each anchor", (rule, psa) => {
    const s = withSlotAllocation(state, Decimal.fromString(psa));
    const settings: PreservedSettings = { anchor, rule, rate: 10n, demand };
    const anchors = 12;
    const ref = fullRunTallies(s, settings, anchors);
    const who = [...ref.keys()].filter((_, i) => i % 3 === 0).map((k) => ({ modelId: k.split("\u0000")[0]!, address: k.split("\u0000")[1]! }));
    expect(who.length).toBeGreaterThan(10);
    const fast = preservedTallies(s, settings, who, anchors)!;
    for (const w of who) expect(fast.get(`${w.modelId}\u0000${w.address}`), w.address).toEqual(ref.get(`${w.modelId}\u0000${w.address}`));
  });

  it("no tally for a model the state lacks, an address the model lacks, or an operator of the model never preserved; none at all without the root group", () => {
    const s = withSlotAllocation(state, Decimal.fromString("0.01"));
    const settings: PreservedSettings = { anchor, rule: "current", rate: 10n, demand: undefined };
    const anchors = 3;
    const ref = fullRunTallies(s, settings, anchors);
    const model = "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8";
    const kept = "gonka12zd97vgdmzz4xuuutn39qcjx4w2edlfep4gqwn";
    // a candidate of the model (in the per-anchor index) that none of the 3 anchors preserves
    const never = "gonka10un64fafph4vvw78ckcwm55357l0cgks8vhgvh";
    expect(anchorIndex(prepareEpisodeShared(s)).byModel.get(model)!.indexOf.has(never)).toBe(true);
    expect([ref.has(`${model}\u0000${kept}`), ref.has(`${model}\u0000${never}`)]).toEqual([true, false]);
    const who = [
      { modelId: "no/such-model", address: kept },
      { modelId: model, address: "gonka1notacandidate" },
      { modelId: model, address: never },
      { modelId: model, address: kept },
    ];
    expect([...preservedTallies(s, settings, who, anchors)!]).toEqual([[`${model}\u0000${kept}`, ref.get(`${model}\u0000${kept}`)]]);
    // the same operators asked for the share of anchors: kept is preserved at each of the 3, the other three left out
    expect([...preservedEngine.probabilities(s, settings, who, anchors)]).toEqual([[`${model}\u0000${kept}`, 3]]);
    // no root group: no candidate anywhere, an empty tally (not the null of the full-run fallback)
    const rootless = { ...s, rootGroup: { ...s.rootGroup, error: true } };
    expect(preservedTallies(rootless, settings, who, anchors)).toEqual(new Map());
  });

  it("on the README's compare, an operator with the same share of anchors under A and B gains expected nodes and weight", () => {
    const m = compareProposals({ snapshot, a: loadProposal(join(ROOT, "examples", "proposal-a.json")), b: loadProposal(join(ROOT, "examples", "proposal-b.json")) }, defaultEngines(), { anchors: 40, simulate: false });
    const c = m.changes.find((x) => x.address === "gonka1hfeteppsyswuxz9vkq455cca8vxpuv5c7hy8nz" && x.modelId === "Qwen/QwQ-32B")!;
    expect(c.probabilityA!.preserved).toBe(c.probabilityB!.preserved);
    expect(c.probabilityB!.nodeSum!).toBeGreaterThan(c.probabilityA!.nodeSum!);
    expect(c.probabilityB!.weightSum!).toBeGreaterThan(c.probabilityA!.weightSum!);
    expect(expectedNodes(c.probabilityA)).not.toBe(expectedNodes(c.probabilityB));
    expect(expectedWeight(c.probabilityA)).toMatch(/^\d{1,3}(,\d{3})*$/);
  });

  it("formats the expectations on integers", () => {
    expect(expectedNodes({ preserved: 1, anchors: 3, nodeSum: 7, weightSum: 10n })).toBe("2.33");
    expect(expectedNodes({ preserved: 1, anchors: 200, nodeSum: 1, weightSum: 1n })).toBe("0.01");
    expect(expectedWeight({ preserved: 1, anchors: 2, nodeSum: 1, weightSum: 3n })).toBe("2");
    expect(expectedWeight({ preserved: 1, anchors: 200, nodeSum: 1, weightSum: 1_351_200n })).toBe("6,756");
    expect(expectedNodes({ preserved: 0, anchors: 4 })).toBe("n/a");
  });
});
