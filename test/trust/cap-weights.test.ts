// Trusted weight (v0.2.16, #1588/#1694): CapWeight = min(Weight, P_N) with the chain's fallbacks, on the
// cases module/previous_epoch_cap.go's own tests describe at zpoken/gonka@ef1a5efd, and its invariants.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GoError, GoPanic } from "../../src/go/errors.js";
import { resolveTrustWeights } from "../../src/preserved/resolve-trust-weights.js";
import { applyPreviousConfirmedWeightCap } from "../../src/trust/apply-previous-confirmed-weight-cap.js";
import { applyZeroTrustFallback } from "../../src/trust/apply-zero-trust-fallback.js";
import { buildPreviousConfirmedWeightCaps, getPreviousConfirmedWeights, type PreviousRoot } from "../../src/trust/build-previous-confirmed-weight-caps.js";
import { capWeightsAtFormation } from "../../src/trust/cap-weights-at-formation.js";
import type { PreviousConfirmedWeights, TrustParticipant } from "../../src/trust/trust-types.js";
import { zeroFailedMissRateWeights } from "../../src/trust/zero-failed-miss-rate-weights.js";
import type { SettlementMLNode } from "../../src/settlement/settlement-types.js";
import { propertyRuns } from "../helpers/property-runs.js";

const P = (index: string, weight: number): TrustParticipant => ({ index, weight: BigInt(weight), capWeight: 0n });
const prev = (o: Record<string, number>): PreviousConfirmedWeights => {
  const weights = new Map(Object.entries(o).map(([k, v]) => [k, BigInt(v)]));
  return { epochIndex: 7n, weights, totalWeight: [...weights.values()].reduce((a, b) => a + b, 0n) };
};
const caps = (ps: (TrustParticipant | null)[]) => ps.map((p) => (p === null ? null : Number(p.capWeight)));
const THIRTY = { value: 3n, exponent: -1 };

describe("CapWeight at epoch formation", () => {
  it("the concentration cap applies to the final trust vector: real 400/350/250, P_N 400/70/0 → 70/70/0", () => {
    const r = capWeightsAtFormation({ participants: [P("a", 400), P("b", 350), P("c", 250)], previous: prev({ a: 400, b: 70, c: 0 }), failed: null, usedFallback: false, maxIndividualPowerPercentage: THIRTY });
    expect(caps(r.participants)).toEqual([70, 70, 0]);
    expect(r.trustPowerCapped).toBe(true);
    expect(r.participants.map((p) => p!.weight)).toEqual([400n, 350n, 250n]);
  });

  it("a new or returning participant (no baseline) holds 0; a known one at most its baseline", () => {
    const r = applyPreviousConfirmedWeightCap([P("old", 500), P("grew", 900), P("new", 300)], prev({ old: 600, grew: 400 }));
    expect(caps(r)).toEqual([500, 400, 0]);
  });

  it("no previous epoch (genesis): CapWeight = Weight", () => {
    expect(caps(applyPreviousConfirmedWeightCap([P("a", 5), null, P("b", -3)], null))).toEqual([5, null, -3]);
  });

  it("a failed miss test zeroes the baseline, unless the seating fell back to the carried participants", () => {
    const input = { participants: [P("a", 100), P("b", 100), P("c", 100), P("d", 100)], previous: prev({ a: 100, b: 100, c: 100, d: 100 }), failed: new Set(["b", "z"]), maxIndividualPowerPercentage: null };
    const fresh = capWeightsAtFormation({ ...input, usedFallback: false });
    expect(caps(fresh.participants)).toEqual([100, 0, 100, 100]);
    expect(fresh.pipelinePrevious!.totalWeight).toBe(300n);
    expect(caps(capWeightsAtFormation({ ...input, usedFallback: true }).participants)).toEqual([100, 100, 100, 100]);
    // the input baseline is not changed
    expect(input.previous.weights.get("b")).toBe(100n);
  });

  it("zeroing returns the same baseline when nothing failed, and ignores failures without a baseline", () => {
    const p = prev({ a: 1 });
    expect(zeroFailedMissRateWeights(p, null)).toBe(p);
    expect(zeroFailedMissRateWeights(p, new Set())).toBe(p);
    expect(zeroFailedMissRateWeights(null, new Set(["a"]))).toBeNull();
    expect(zeroFailedMissRateWeights(p, new Set(["x"]))).toEqual(p);
  });

  it("every trust weight 0 with some real weight: the real weights come back (negative ones as 0), and are then capped", () => {
    const r = capWeightsAtFormation({ participants: [P("a", 600), P("b", 300), P("c", -5), null], previous: prev({}), failed: null, usedFallback: false, maxIndividualPowerPercentage: THIRTY });
    expect(r.zeroTrustFallbackApplied).toBe(true);
    // two positive holders: 50 % limit → 300/300
    expect(caps(r.participants)).toEqual([300, 300, 0, null]);
    expect(applyZeroTrustFallback([P("a", 0)]).applied).toBe(false);
    expect(applyZeroTrustFallback([{ index: "a", weight: 5n, capWeight: 1n }, P("b", 9)]).applied).toBe(false);
  });

  it("no trust power cap for one holder, or when max_individual_power_percentage is nil or zero", () => {
    const ps = [P("a", 900), P("b", 100), P("c", 100), P("d", 100)];
    const p = prev({ a: 900, b: 100, c: 100, d: 100 });
    const none = capWeightsAtFormation({ participants: ps, previous: p, failed: null, usedFallback: false, maxIndividualPowerPercentage: null });
    expect(caps(none.participants)).toEqual([900, 100, 100, 100]);
    expect(none.trustPowerCapped).toBe(false);
    expect(caps(capWeightsAtFormation({ participants: ps, previous: p, failed: null, usedFallback: false, maxIndividualPowerPercentage: { value: 0n, exponent: 0 } }).participants)).toEqual([900, 100, 100, 100]);
    expect(caps(capWeightsAtFormation({ participants: ps, previous: p, failed: null, usedFallback: false, maxIndividualPowerPercentage: THIRTY }).participants)[0]).toBeLessThan(900);
  });
});

describe("resolveTrustWeights", () => {
  const stored = [{ index: "a", weight: 10n, capWeight: 0n }, { index: "b", weight: 20n, capWeight: 0n }];
  it("an epoch formed before v0.2.16 (no flag, every CapWeight 0) counts real weights; with the flag, CapWeight even at 0", () => {
    expect(resolveTrustWeights(stored, false)).toEqual(new Map([["a", 10n], ["b", 20n]]));
    expect(resolveTrustWeights(stored, true)).toEqual(new Map([["a", 0n], ["b", 0n]]));
    expect(resolveTrustWeights([...stored, { index: "c", weight: 5n, capWeight: 1n }], false)).toEqual(new Map([["a", 0n], ["b", 0n], ["c", 1n]]));
  });
});

describe("P_N from the ending epoch's root group", () => {
  const node = (w: number): SettlementMLNode => ({ nodeId: "", pocWeight: BigInt(w), throughput: 0n, timeslotAllocation: [] });
  const root = (scales: { modelId: string; weightScaleFactor: null; effectiveCoefficient?: { value: bigint; exponent: number } | null; excludeFromConfirmation?: boolean }[]) => ({
    epochIndex: 9n,
    validationWeights: [
      { memberAddress: "a", weight: 100n, confirmationWeight: 50n, mlNodes: [] },
      { memberAddress: "b", weight: -4n, confirmationWeight: 0n, mlNodes: [] },
      { memberAddress: "gone", weight: 70n, confirmationWeight: 70n, mlNodes: [] },
    ],
    liveMembers: new Set(["a", "b"]),
    confirmationWeightScales: scales,
    subgroups: [{ modelId: "m", validationWeights: [{ memberAddress: "a", mlNodes: [node(40), null, node(60)] }] }],
  });
  it("live members only; confirmed weight × weight ÷ raw total by the epoch's coefficients; a negative weight is 0", () => {
    const r = buildPreviousConfirmedWeightCaps(root([{ modelId: "m", weightScaleFactor: null, effectiveCoefficient: { value: 5n, exponent: -1 } }]));
    // raw = trunc(0.5 × 100) = 50; confirmation 50 ≥ 50 → the whole weight
    expect(r.weights).toEqual(new Map([["a", 100n], ["b", 0n]]));
    expect(r.totalWeight).toBe(100n);
    const full = buildPreviousConfirmedWeightCaps(root([{ modelId: "m", weightScaleFactor: null }]));
    expect(full.weights.get("a")).toBe(50n); // coefficient 1: 50 × 100 ÷ 100
  });
  it("an excluded model or a {0,0} coefficient leaves a raw total of 0: baseline 0; no scales at all: the weight", () => {
    expect(buildPreviousConfirmedWeightCaps(root([{ modelId: "m", weightScaleFactor: null, excludeFromConfirmation: true }])).weights.get("a")).toBe(0n);
    expect(buildPreviousConfirmedWeightCaps(root([{ modelId: "m", weightScaleFactor: null, effectiveCoefficient: { value: 0n, exponent: 0 } }])).weights.get("a")).toBe(0n);
    expect(buildPreviousConfirmedWeightCaps(root([])).weights.get("a")).toBe(100n);
  });
  it("a nil root entry panics as Go's node aggregation does", () => {
    const r = root([]);
    expect(() => buildPreviousConfirmedWeightCaps({ ...r, validationWeights: [...r.validationWeights, null] })).toThrow(GoPanic);
  });

  it("a nil subgroup entry panics only where Go's scan for a member meets it (not after the member, not in a group without a model)", () => {
    const r = root([]);
    const a = { memberAddress: "a", mlNodes: [node(1)] };
    const withGroups = (subgroups: PreviousRoot["subgroups"]) => () => buildPreviousConfirmedWeightCaps({ ...r, validationWeights: r.validationWeights.slice(0, 1), subgroups });
    expect(withGroups([{ modelId: "m", validationWeights: [null, a] }])).toThrow(GoPanic);
    expect(withGroups([{ modelId: "m", validationWeights: [a, null] }])()).toMatchObject({ weights: new Map([["a", 100n]]) });
    expect(withGroups([{ modelId: "", validationWeights: [null] }])()).toMatchObject({ weights: new Map([["a", 100n]]) });
    // a member the group does not hold scans the whole group: past another member's entry into the nil one
    const other = { memberAddress: "b", mlNodes: [node(1)] };
    expect(withGroups([{ modelId: "m", validationWeights: [other, null] }])).toThrow(GoPanic);
  });

  it("P_N is read from the effective epoch's root only: none before any epoch, Go's error on another epoch's root", () => {
    expect(getPreviousConfirmedWeights(null, root([]))).toBeNull();
    expect(() => getPreviousConfirmedWeights(8n, root([]))).toThrow(new GoError("previous-confirmed-weight epoch mismatch: effective=8 group=9"));
    expect(getPreviousConfirmedWeights(9n, root([]))!.epochIndex).toBe(9n);
  });
});

describe("invariants", () => {
  // one entry per address, as on chain (a repeated address shares Go's by-address map: see the next test)
  const participants = fc.uniqueArray(fc.record({ index: fc.constantFrom("a", "b", "c", "d", "e"), weight: fc.bigInt({ min: -10n, max: 1000n }), capWeight: fc.constant(0n) }), { maxLength: 5, selector: (p) => p.index });
  const baseline = fc.option(fc.dictionary(fc.constantFrom("a", "b", "c", "d"), fc.bigInt({ min: 0n, max: 1000n })), { nil: null });
  it("CapWeight never exceeds max(Weight, 0) once a baseline exists, and never exceeds the baseline unless the zero-trust fallback restored real weights", () => {
    fc.assert(
      fc.property(participants, baseline, fc.boolean(), (ps, b, cap) => {
        const previous = b === null ? null : prev(Object.fromEntries(Object.entries(b).map(([k, v]) => [k, Number(v)])));
        const r = capWeightsAtFormation({ participants: ps, previous, failed: null, usedFallback: false, maxIndividualPowerPercentage: cap ? THIRTY : null });
        r.participants.forEach((p, i) => {
          const w = ps[i]!.weight;
          if (previous !== null) expect(p!.capWeight <= (w > 0n ? w : 0n)).toBe(true);
          if (previous !== null && !r.zeroTrustFallbackApplied) expect(p!.capWeight <= (previous.weights.get(p!.index) ?? 0n)).toBe(true);
          expect(p!.weight).toBe(w);
        });
      }),
      propertyRuns(300),
    );
  });

  it("a repeated address takes its last entry's trust weight everywhere, as Go's map by address does", () => {
    const r = capWeightsAtFormation({ participants: [P("a", 0), P("a", 1)], previous: prev({}), failed: null, usedFallback: false, maxIndividualPowerPercentage: null });
    expect(r.zeroTrustFallbackApplied).toBe(true);
    expect(caps(r.participants)).toEqual([1, 1]);
  });
});
