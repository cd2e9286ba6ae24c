// Today's rule and the demand proposal side by side on one state (runPreservedRules).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseJson } from "../../src/go/json.js";
import { parseSnapshot } from "../../src/snapshot/snapshot.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { samplePreservedForEpisode } from "../../src/preserved/sample-preserved-for-episode.js";
import { applyOverrides, parseOverrides, parseSlotAllocation, runPreservedRules } from "../../src/preserved/compare-rules.js";
import { capacityRequests } from "../../src/preserved/demand-rule.js";
import type { DemandInput } from "../../src/preserved/demand.js";
import { InputError } from "../../src/errors.js";

const FILE = join(import.meta.dirname, "..", "..", "examples", "mainnet-like.snapshot.json");
const snap = parseSnapshot(parseJson(readFileSync(FILE, "utf8"), FILE), FILE);
const state = parsePreservedState(snap.preserved, "preserved");
const models = [...new Set(state.rootGroup.subGroupModels)];
const demandOf = (peaks: bigint[]): DemandInput => ({ rate: undefined, peakInFlight: new Map(models.map((m, i) => [m, peaks[i % peaks.length]!])) });
const nodeKeys = (r: { participants: { address: string; nodeIds: string[] }[] }) => r.participants.flatMap((p) => p.nodeIds.map((n) => `${p.address}/${n}`));

describe("runPreservedRules", () => {
  it("'current' is the sampler's own snapshot", () => {
    const r = runPreservedRules(state, { rule: "current" });
    const s = samplePreservedForEpisode(state, state.anchorHeight!, { explain: false });
    for (const m of r.current!.models) {
      const entry = s.snapshot.modelPreservedNodes.find((x) => x.modelId === m.modelId);
      expect(m.participants).toEqual((entry?.participants ?? []).map((p) => ({ address: p.participantId, nodeIds: p.nodeIds })));
      const call = s.intermediates.samplePreservedCalls.find((c) => c.modelId === m.modelId)!;
      expect(m.targetWeight).toBe(call.targetWeight);
      expect(m.achievedWeight).toBe(call.achievedWeight);
      expect(m.nodeCount).toBe(call.numPreserved);
    }
    expect(r.demand).toBeUndefined();
  });

  it("without a demand input only the current rule can run", () => {
    expect(() => runPreservedRules(state, { rule: "demand" })).toThrow(InputError);
    expect(() => runPreservedRules(state, { rule: "both" })).toThrow(/needs peak in-flight requests/);
  });

  it("demand targets are never below today's; achieved ≥ target unless the eligible set is exhausted; preserved ⊆ eligible", () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 800n }), { minLength: 4, maxLength: 4 }),
        fc.bigInt({ min: 1n, max: 100n }),
        fc.constantFrom("0.05", "0.1", "0.25", "0.5", "1"),
        fc.bigInt({ min: 0n, max: 5000n }),
        (peaks, rate, fraction, anchorOffset) => {
          const r = runPreservedRules(state, { rule: "both", demand: demandOf(peaks), rate, overrides: { "epoch_params.poc_slot_allocation": fraction }, anchor: state.anchorHeight! + anchorOffset });
          r.current!.models.forEach((c, i) => {
            const d = r.demand!.models[i]!;
            expect(d.modelId).toBe(c.modelId);
            expect(d.targetWeight >= c.targetWeight).toBe(true);
            expect(d.targetWeight >= (d.demandWeight ?? 0n)).toBe(true);
            for (const m of [c, d]) {
              if (m.cappedByEligibility) expect(m.achievedWeight).toBe(m.eligibleWeight);
              else expect(m.achievedWeight >= m.targetWeight).toBe(true);
              expect(m.achievedWeight <= m.eligibleWeight).toBe(true);
              expect(m.capacityRequests).toBe(capacityRequests(m.achievedWeight, rate));
              expect(m.shortfallWeight).toBe(m.cappedByEligibility ? m.targetWeight - m.achievedWeight : 0n);
            }
            // same eligible set under both rules: what demand preserves is preserved-or-eligible today
            expect(d.eligibleWeight).toBe(c.eligibleWeight);
            const today = new Set(nodeKeys(c));
            if (c.cappedByEligibility) for (const k of nodeKeys(d)) expect(today.has(k)).toBe(true);
          });
        },
      ),
      { numRuns: 12 },
    );
  });

  it("with a reachable target the proposal preserves larger nodes with no more nodes than today", () => {
    const r = runPreservedRules(state, { rule: "both", demand: demandOf([1n]), rate: 10n, overrides: { "epoch_params.poc_slot_allocation": "0.1" } });
    for (const [i, c] of r.current!.models.entries()) {
      const d = r.demand!.models[i]!;
      expect(d.targetWeight).toBe(c.targetWeight); // demand of 1 request is below 10 % of W
      expect(d.nodeCount).toBeLessThanOrEqual(c.nodeCount);
      if (!c.cappedByEligibility && c.smallestNode && d.smallestNode) expect(d.smallestNode.pocWeight >= c.smallestNode.pocWeight).toBe(true);
    }
  });

  it("reports the shortfall in weight and in requests when eligibility caps the demand target", () => {
    const big = demandOf([10_000n]);
    const r = runPreservedRules(state, { rule: "demand", demand: big, rate: 10n });
    for (const m of r.demand!.models) {
      expect(m.demandWeight).toBe(10_000_000n);
      expect(m.targetWeight).toBe(10_000_000n);
      expect(m.cappedByEligibility).toBe(true);
      expect(m.shortfallWeight).toBe(10_000_000n - m.achievedWeight);
      expect(m.shortfallRequests).toBe(10_000n - m.capacityRequests);
      expect(m.capacityToDemand).toMatch(/^0\.\d\d$/);
    }
  });

  it("warns about models missing from the demand input and about unknown models", () => {
    const d: DemandInput = { rate: 7n, peakInFlight: new Map([[models[0]!, 5n], ["no/such-model", 3n]]) };
    const r = runPreservedRules(state, { rule: "demand", demand: d });
    expect(r.rate).toBe(7n);
    expect(r.warnings.some((w) => w.includes("no peak in-flight figure"))).toBe(true);
    expect(r.warnings.some((w) => w.includes('"no/such-model"'))).toBe(true);
  });
});

describe("parameter overrides", () => {
  it("set the slot allocation as a chain Decimal", () => {
    expect(parseSlotAllocation("0.25", "x")).toEqual({ value: 25n, exponent: -2 });
    expect(parseSlotAllocation("1", "x")).toEqual({ value: 1n, exponent: 0 });
    const { state: s } = applyOverrides(state, { "epoch_params.poc_slot_allocation": "0" });
    expect(s.params.epochParams.pocSlotAllocation).toEqual({ value: 0n, exponent: 0 });
    const zero = runPreservedRules(state, { rule: "current", overrides: { "epoch_params.poc_slot_allocation": "0" } });
    expect(zero.pocSlotAllocation).toBe("0.5"); // the chain reads zero as unset
    expect(zero.warnings.some((w) => /default 0\.5/.test(w))).toBe(true);
    expect(state.params.epochParams.pocSlotAllocation).toEqual({ value: 1n, exponent: -1 }); // input untouched
    expect(runPreservedRules(state, { rule: "current", overrides: { "epoch_params.poc_slot_allocation": "0.25" } }).pocSlotAllocation).toBe("0.25");
  });

  it("reject bad values and unknown keys with the key and the value", () => {
    expect(() => parseOverrides(["novalue"])).toThrow(/expected KEY=VALUE .* got "novalue"/);
    expect(() => applyOverrides(state, { "epoch_params.poc_slot_alloc": "0.2" })).toThrow(/unknown parameter "epoch_params.poc_slot_alloc"/);
    for (const bad of ["abc", "1.5", "-0.1", "", "0x10", "1e400000000000"]) {
      expect(() => applyOverrides(state, { "epoch_params.poc_slot_allocation": bad })).toThrow(InputError);
    }
    expect(() => applyOverrides(state, { "epoch_params.poc_slot_allocation": "1.5" })).toThrow(/between 0 and 1, got "1\.5"/);
  });
});

describe("on every sample_preserved_for_episode vector state", () => {
  it("runs both rules without error where Go does not fail, with the invariants of the proposal", async () => {
    const { readVectorFile } = await import("../../src/vectors/check.js");
    const doc = readVectorFile(join(import.meta.dirname, "..", "vectors", "go", "sample_preserved_for_episode.json.gz")) as { cases: { name: string; input: never; output: { error?: string } }[] };
    let ran = 0;
    for (const c of doc.cases) {
      const s = parsePreservedState(c.input, c.name, { lenient: true });
      const ids = [...new Set(s.rootGroup.subGroupModels)];
      const demand: DemandInput = { rate: undefined, peakInFlight: new Map(ids.map((m, i) => [m, BigInt((i * 37) % 11)])) };
      if (c.output.error !== undefined) {
        expect(() => runPreservedRules(s, { rule: "both", demand })).toThrow();
        continue;
      }
      const r = runPreservedRules(s, { rule: "both", demand });
      r.current!.models.forEach((cur, i) => {
        const d = r.demand!.models[i]!;
        expect(d.targetWeight >= cur.targetWeight).toBe(true);
        if (!d.cappedByEligibility) expect(d.achievedWeight >= d.targetWeight).toBe(true);
        if (d.targetWeight === cur.targetWeight) expect(d.nodeCount).toBeLessThanOrEqual(cur.nodeCount);
      });
      ran++;
    }
    expect(ran).toBeGreaterThan(140);
  });
});
