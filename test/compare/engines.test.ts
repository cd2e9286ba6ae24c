/** The comparison's adapters agree with the rule families' own functions. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareProposals } from "../../src/compare/build.js";
import { defaultEngines, missTestEngine, preservedEngine, runPrepared } from "../../src/compare/default-engines.js";
import type { PreservedSettings } from "../../src/compare/engines.js";
import { withSlotAllocation } from "../../src/compare/resolve.js";
import { Decimal } from "../../src/go/decimal.js";
import { preservationProbability } from "../../src/preserved/check-probability.js";
import { parseDemand } from "../../src/preserved/demand.js";
import { prepareEpisode } from "../../src/preserved/sample-preserved-for-episode.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { missedStatTest } from "../../src/misstest/missed-stat-test.js";
import { loadSnapshot } from "../../src/snapshot/snapshot.js";

const snapshot = loadSnapshot(join(import.meta.dirname, "..", "..", "examples", "mainnet-like.snapshot.json"));
const state = parsePreservedState(snapshot.preserved, "snapshot: preserved");
const demand = parseDemand(snapshot.demand!, "demand");
const anchor = state.anchorHeight!;

describe("preserved engine", () => {
  it.each([
    ["current", "0.1"],
    ["current", "0.5"],
    ["demand", "0.25"],
    ["demand", "0.01"],
  ] as const)("the %s rule at %s: the per-anchor loop gives runPreservedRules' result", (rule, psa) => {
    const s = withSlotAllocation(state, Decimal.fromString(psa));
    const settings: PreservedSettings = { anchor, rule, rate: 10n, demand };
    const viaFamily = preservedEngine.run(s, settings);
    const viaLoop = runPrepared(prepareEpisode(s), settings, anchor);
    const norm = (runs: typeof viaFamily) => runs.map((r) => ({ ...r, nodes: [...r.nodes].sort((x, y) => `${x.participant}/${x.nodeId}`.localeCompare(`${y.participant}/${y.nodeId}`)) }));
    expect(norm(viaLoop)).toEqual(norm(viaFamily));
    expect(viaFamily.length).toBe(4);
  });

  it("a model the root group lists twice runs once under either rule; the demand rule without demand figures keeps today's targets", () => {
    const j = structuredClone(snapshot.preserved) as { rootGroup: { subGroupModels: string[] } };
    j.rootGroup.subGroupModels.push(j.rootGroup.subGroupModels[0]!);
    const twice = parsePreservedState(j as never, "snapshot: preserved");
    const noPeaks = { peakInFlight: new Map<string, bigint>() };
    for (const rule of ["current", "demand"] as const) {
      const settings: PreservedSettings = { anchor, rule, rate: 10n, demand: noPeaks };
      const viaLoop = runPrepared(prepareEpisode(twice), settings, anchor);
      expect(viaLoop.map((r) => r.modelId)).toEqual(["Qwen/QwQ-32B", "Qwen/Qwen2.5-7B-Instruct", "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8", "Qwen/Qwen3-32B-FP8"]);
      expect(viaLoop.map((r) => r.achievedWeight)).toEqual(preservedEngine.run(twice, settings).map((r) => r.achievedWeight));
    }
    const none: PreservedSettings = { anchor, rule: "demand", rate: 10n, demand: undefined };
    expect(runPrepared(prepareEpisode(state), none, anchor)).toEqual(runPrepared(prepareEpisode(state), { ...none, demand: noPeaks }, anchor));
  });

  it("counts anchors exactly as the operator check's preservationProbability", () => {
    const s = withSlotAllocation(state, Decimal.fromString("0.01"));
    const m = compareProposals({ snapshot, a: { name: "a", pocSlotAllocation: Decimal.fromString("0.01") }, b: { name: "b" } }, defaultEngines(), { anchors: 0, simulate: false });
    const who = m.changes.filter((_, i) => i % 20 === 0).map((c) => ({ modelId: c.modelId, address: c.address }));
    expect(who.length).toBeGreaterThan(3);
    const anchors = 25;
    const batch = preservedEngine.probabilities(s, { anchor, rule: "current", rate: 10n, demand }, who, anchors);
    for (const w of who) {
      const p = preservationProbability(s, w.address, { first: anchor, count: anchors });
      const model = p.models.find((x) => x.modelId === w.modelId)!;
      expect(batch.get(`${w.modelId}\u0000${w.address}`) ?? 0).toBe(model.preservedCount);
    }
  });
});

describe("miss-test engine", () => {
  it("the on-chain curve: every count up to it passes missedStatTest and the next fails (brute force)", () => {
    for (const p0 of ["0.1", "0.4", "0.6", "0.15"]) {
      const d = Decimal.fromString(p0);
      for (const n of [1n, 5n, 10n, 55n, 100n, 990n, 991n, 1500n]) {
        let allowed = -1n;
        while (allowed < n && missedStatTest(allowed + 1n, n, d)) allowed++;
        expect(missTestEngine.allowedMisses(n, d, "on-chain")).toBe(allowed);
      }
    }
  });

  it("no count passes a total Go refuses (below 0): the allowed maximum is -1", () => {
    expect(missTestEngine.allowedMisses(-1n, Decimal.fromString("0.1"), "on-chain")).toBe(-1n);
  });

  it("the exact curve is the exact test's critical value", () => {
    const d = Decimal.fromString("0.1");
    expect([10n, 100n, 1000n].map((n) => missTestEngine.allowedMisses(n, d, "exact"))).toEqual([3n, 15n, 116n]);
  });

  it("settlement p0 on a healthy network: rounded up to a table; above 0.5 passed through", () => {
    const sp = (x: string) => missTestEngine.settlementP0(Decimal.fromString(x)).toString();
    expect([sp("0.1"), sp("0.10"), sp("0.25"), sp("0.4"), sp("0.45"), sp("0.6")]).toEqual(["0.1", "0.1", "0.3", "0.4", "0.5", "0.6"]);
  });
});
