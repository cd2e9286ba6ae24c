// The dynamic-coefficient controller (#1566) on the cases the chain's own tests pin at zpoken/gonka@ef1a5efd
// (coefficients_test.go: same inputs, same expected values), and on the boundaries between its branches.
import { describe, expect, it } from "vitest";
import type { ChainDecimal } from "../../src/go/chain-decimal.js";
import { GoError } from "../../src/go/errors.js";
import { LegacyDec } from "../../src/go/legacy-dec.js";
import { adjust } from "../../src/coefficients/adjust.js";
import { calculate, scalesByModel } from "../../src/coefficients/calculate.js";
import { cloneParams, legacyScale, type ConfirmationWeightScale, type DynamicCoefficientModelConfig } from "../../src/coefficients/confirmation-weight-scale.js";
import { diluted } from "../../src/coefficients/diluted.js";
import { encodeDecimal } from "../../src/coefficients/encode-decimal.js";
import { freeze, type CoefficientPocParams } from "../../src/coefficients/freeze.js";
import { canonicalMigrationDecimal, scaleMigrationDecimal } from "../../src/coefficients/initial-dynamic-coefficient-config.js";
import { governanceCoefficients } from "../../src/coefficients/governance-coefficients.js";

const dec = (value: bigint, exponent: number): ChainDecimal => ({ value, exponent });
const L = (s: string) => LegacyDec.fromString(s);
const cfg = (min: ChainDecimal, max: ChainDecimal, difficulty: ChainDecimal, target: bigint): DynamicCoefficientModelConfig => ({ coeffMin: min, coeffMax: max, relativeDifficulty: difficulty, targetShareBps: target });
const model = (modelId: string, c: DynamicCoefficientModelConfig | null, weightScaleFactor: ChainDecimal | null = null) => ({ modelId, weightScaleFactor, dynamicCoefficient: c });
const params = (...models: ReturnType<typeof model>[]): CoefficientPocParams => ({
  models,
  dynamicCoefficientParams: { targetZoneBps: 500n, stepMin: dec(5n, -3), stepMax: dec(5n, -2), bootstrapStepMax: dec(25n, -2), bootstrapShareBps: 100n },
});
const state = (modelId: string, base: ChainDecimal, step: ChainDecimal, sign: number): ConfirmationWeightScale => ({ ...legacyScale(modelId, null), baseCoefficient: base, adaptiveStep: step, prevSign: sign });
const raw = (o: Record<string, number>) => new Map(Object.entries(o).map(([k, v]) => [k, BigInt(v)]));

function run(p: CoefficientPocParams, previous: ConfirmationWeightScale[], previousRaw: Record<string, number>, currentRaw: Record<string, number>, ids: string[], hasPrior: boolean) {
  const f = freeze(p);
  return calculate({ params: f.params, frozenScales: f.scales, previousScales: previous, previousRawTotals: raw(previousRaw), currentRawTotals: raw(currentRaw), participantModelIds: ids, hasPriorTotals: hasPrior });
}

describe("the controller on the chain's own test cases (coefficients_test.go at ef1a5efd)", () => {
  it("governance coefficients: coeff_min of a configured model, 0 for one without a config", () => {
    const p = params(model("enabled", cfg(dec(2n, 0), dec(3n, 0), dec(1n, 0), 10000n), dec(9n, 0)), model("disabled", null, dec(9n, 0)));
    const g = governanceCoefficients(p);
    expect(g.get("enabled")!.toString()).toBe("2.000000000000000000");
    expect(g.get("disabled")!.isZero()).toBe(true);
    // legacy params: the weight scale factor, 1 without one
    expect(governanceCoefficients({ dynamicCoefficientParams: null, models: [model("a", null, dec(9n, -1)), model("b", null)] })).toEqual(new Map([["a", L("0.9")], ["b", L("1")]]));
  });

  it("a legacy epoch carries the weight scale factor as the effective coefficient, exactly as stored", () => {
    const r = run({ dynamicCoefficientParams: null, models: [model("legacy", null, dec(1234567890123n, -13))] }, [], {}, { legacy: 100 }, ["legacy"], false);
    expect(r.effective.get("legacy")!.toString()).toBe("0.123456789012300000");
    expect(r.scales[0]!.effectiveCoefficient).toEqual(dec(1234567890123n, -13));
    // no controller ran: nothing clamped, no model explained
    expect(r.clampedModels).toEqual([]);
    expect(r.models).toEqual([]);
  });

  it("the previous scales by model: nil entries and entries without a model id are skipped, a later entry wins", () => {
    const byModel = scalesByModel([null, legacyScale("", dec(2n, 0)), legacyScale("a", dec(1n, 0)), null, legacyScale("a", dec(3n, 0))]);
    expect([...byModel.keys()]).toEqual(["a"]);
    expect(byModel.get("a")!.weightScaleFactor).toEqual(dec(3n, 0));
  });

  it("freezing no PoC params gives no params and no scales; cloning no controller params gives none", () => {
    expect(freeze(null)).toEqual({ params: null, scales: [] });
    expect(cloneParams(null)).toBeNull();
  });

  it("a previous scale holding only a weight scale factor is no controller state: the base starts at coeff_min", () => {
    const f = freeze(params(model("a", cfg(dec(5n, -1), dec(2n, 0), dec(1n, 0), 10000n))));
    const r = calculate({ params: f.params, frozenScales: f.scales, previousScales: [legacyScale("a", dec(15n, -1))], previousRawTotals: raw({ a: 100 }), currentRawTotals: raw({ a: 100 }), participantModelIds: ["a"], hasPriorTotals: true });
    expect(r.scales[0]!.baseCoefficient).toEqual(dec(5n, -1));
    expect(r.models[0]).toMatchObject({ hadState: false, move: "held" });
  });

  it("uses the config frozen at PoC start, not the params changed since", () => {
    const live = params(model("a", cfg(dec(5n, -1), dec(2n, 0), dec(1n, 0), 10000n)));
    const f = freeze(live);
    live.models![0]!.dynamicCoefficient!.coeffMin = dec(15n, -1);
    live.models![0]!.dynamicCoefficient!.targetShareBps = 9000n;
    const r = calculate({ params: f.params, frozenScales: f.scales, previousScales: [], previousRawTotals: new Map(), currentRawTotals: raw({ a: 100 }), participantModelIds: ["a"], hasPriorTotals: false });
    expect(r.scales[0]!.baseCoefficient).toEqual(dec(5n, -1));
    expect(r.scales[0]!.config!.targetShareBps).toBe(10000n);
  });

  it("moves each model toward its target and dilutes the one above it; an unconfigured model gets 0; scales in model order", () => {
    const p = params(model("under", cfg(dec(5n, -1), dec(2n, 0), dec(1n, 0), 5000n)), model("over", cfg(dec(5n, -1), dec(2n, 0), dec(1n, 0), 5000n)));
    const prev = [state("under", dec(1n, 0), dec(25n, -3), 0), state("over", dec(1n, 0), dec(25n, -3), 0)];
    const r = run(p, prev, { under: 100, over: 900 }, { under: 100, over: 900 }, ["under", "over", "unknown"], true);
    expect(r.effective.get("under")!.toString()).toBe("1.050000000000000000");
    expect(r.effective.get("over")!.toString()).toBe("0.750000000000000000");
    expect(r.effective.get("unknown")!.isZero()).toBe(true);
    expect(r.scales.map((s) => s.modelId)).toEqual(["over", "under"]);
    // under: up by the doubled step 0.05; over: down by 0.05 to 0.95, then diluted: 0.5 + 0.45 × 5000/9000
    expect(r.scales[1]).toMatchObject({ baseCoefficient: dec(105n, -2), adaptiveStep: dec(5n, -2), prevSign: 1 });
    expect(r.scales[0]).toMatchObject({ baseCoefficient: dec(95n, -2), adaptiveStep: dec(5n, -2), prevSign: -1, effectiveCoefficient: dec(75n, -2) });
  });

  it("weighs compute by relative difficulty", () => {
    const p = params(model("hard", cfg(dec(5n, -1), dec(2n, 0), dec(2n, 0), 5000n)), model("base", cfg(dec(5n, -1), dec(2n, 0), dec(1n, 0), 5000n)));
    const prev = [state("hard", dec(1n, 0), dec(25n, -3), 0), state("base", dec(1n, 0), dec(25n, -3), 0)];
    const r = run(p, prev, { hard: 100, base: 100 }, { hard: 100, base: 100 }, ["hard", "base"], true);
    expect(r.effective.get("hard")!.toString()).toBe("0.837500000000000000");
    expect(r.effective.get("base")!.toString()).toBe("1.050000000000000000");
  });

  it("a new model starts at coeff_min with half step_max and no direction", () => {
    const p = params(model("new", cfg(dec(5n, -1), dec(2n, 0), dec(1n, 0), 5000n)), model("existing", cfg(dec(1n, 0), dec(1n, 0), dec(1n, 0), 5000n)));
    const r = run(p, [state("existing", dec(1n, 0), dec(25n, -3), 0)], { existing: 100 }, { existing: 100 }, ["new", "existing"], true);
    expect(r.scales.find((s) => s.modelId === "new")).toMatchObject({ baseCoefficient: dec(5n, -1), adaptiveStep: dec(25n, -3), prevSign: 0 });
  });

  it("a zero target resets the state to coeff_min", () => {
    const p = params(model("zero", cfg(dec(5n, -1), dec(2n, 0), dec(1n, 0), 0n)), model("all", cfg(dec(1n, 0), dec(1n, 0), dec(1n, 0), 10000n)));
    const prev = [state("zero", dec(15n, -1), dec(2n, -1), -1), state("all", dec(1n, 0), dec(25n, -3), 0)];
    const r = run(p, prev, { zero: 500, all: 500 }, { zero: 500, all: 500 }, ["zero", "all"], true);
    expect(r.scales.find((s) => s.modelId === "zero")).toMatchObject({ baseCoefficient: dec(5n, -1), adaptiveStep: dec(25n, -3), prevSign: 0 });
    expect(r.models.find((m) => m.modelId === "zero")!.move).toBe("no-target");
  });

  it("pinned bounds (coeff_min = coeff_max) keep the coefficient whatever the shares", () => {
    const p = params(model("a", cfg(dec(2n, 0), dec(2n, 0), dec(1n, 0), 5000n)), model("b", cfg(dec(3n, 0), dec(3n, 0), dec(1n, 0), 5000n)));
    const r = run(p, [], { a: 1, b: 999 }, { a: 1, b: 999 }, ["a", "b"], true);
    expect(r.effective.get("a")!.toString()).toBe("2.000000000000000000");
    expect(r.effective.get("b")!.toString()).toBe("3.000000000000000000");
  });

  it("both ends of the zone are inside: no move, step back to step_max / 2, no direction", () => {
    for (const normalized of [4500, 5500]) {
      const r = adjust({
        base: L("1"), step: L("0.1"), prevSign: 1, normalized: LegacyDec.fromInt(normalized), total: LegacyDec.fromInt(10000),
        targetBps: 5000n, zoneBps: 500n, bootstrapShareBps: 100n, coeffMin: L("0.5"), coeffMax: L("2"), stepMin: L("0.005"), stepMax: L("0.05"), bootstrapStepMax: L("0.25"),
      });
      expect(r.base.toString()).toBe("1.000000000000000000");
      expect(r.step.toString()).toBe("0.025000000000000000");
      expect(r.sign).toBe(0);
    }
  });

  it("encodes at most 18 places and cuts (does not round) what an int64 coefficient cannot hold", () => {
    expect(encodeDecimal(L("1.123456789012999999"))).toEqual({ encoded: dec(1123456789012999999n, -18), value: L("1.123456789012999999") });
    const e = encodeDecimal(L("12.123456789012345678"));
    expect(e.encoded).toEqual(dec(1212345678901234567n, -17));
    expect(e.value.toString()).toBe("12.123456789012345670");
  });
});

describe("the controller's branches, one boundary each", () => {
  const base = { base: L("1"), step: L("0.025"), prevSign: 0, targetBps: 5000n, zoneBps: 500n, bootstrapShareBps: 100n, coeffMin: L("0.5"), coeffMax: L("2"), stepMin: L("0.005"), stepMax: L("0.05"), bootstrapStepMax: L("0.25") };
  const share = (n: number) => ({ normalized: LegacyDec.fromInt(n), total: LegacyDec.fromInt(10000) });

  it("one unit outside the zone moves: below goes up, above goes down", () => {
    expect(adjust({ ...base, ...share(4499) })).toMatchObject({ sign: 1, move: "up" });
    expect(adjust({ ...base, ...share(5501) })).toMatchObject({ sign: -1, move: "down" });
    expect(adjust({ ...base, ...share(4499) }).base.toString()).toBe("1.050000000000000000");
  });

  it("no compute at all is never inside the zone: up, with the bootstrap cap", () => {
    const r = adjust({ ...base, step: L("0.2"), normalized: LegacyDec.fromInt(0), total: LegacyDec.fromInt(0) });
    expect(r).toMatchObject({ sign: 1, move: "up" });
    expect(r.step.toString()).toBe("0.250000000000000000"); // 0.4 capped at bootstrap_step_max, not step_max
  });

  it("below the bootstrap share the cap is bootstrap_step_max; at it, step_max", () => {
    expect(adjust({ ...base, step: L("0.1"), ...share(99) }).step.toString()).toBe("0.200000000000000000");
    expect(adjust({ ...base, step: L("0.1"), ...share(100) }).step.toString()).toBe("0.050000000000000000");
  });

  it("the step doubles while the direction holds and halves (not below step_min) when it flips", () => {
    expect(adjust({ ...base, prevSign: 1, step: L("0.02"), ...share(4000) }).step.toString()).toBe("0.040000000000000000");
    expect(adjust({ ...base, prevSign: -1, step: L("0.02"), ...share(4000) }).step.toString()).toBe("0.010000000000000000");
    expect(adjust({ ...base, prevSign: -1, step: L("0.006"), ...share(4000) }).step.toString()).toBe("0.005000000000000000");
  });

  it("the new base is clamped to the range, the step is kept even when the clamp stops the base", () => {
    const r = adjust({ ...base, base: L("1.99"), step: L("0.025"), ...share(1000) });
    expect(r.base.toString()).toBe("2.000000000000000000");
    expect(r.step.toString()).toBe("0.050000000000000000");
  });

  it("dilution: at the target the base; one unit above it, below the base", () => {
    expect(diluted(L("1"), L("0.5"), 5000n, LegacyDec.fromInt(5000), LegacyDec.fromInt(10000)).toString()).toBe("1.000000000000000000");
    expect(diluted(L("1"), L("0.5"), 5000n, LegacyDec.fromInt(5001), LegacyDec.fromInt(10000)).cmp(L("1"))).toBe(-1);
    expect(diluted(L("1"), L("0.5"), 5000n, LegacyDec.fromInt(0), LegacyDec.fromInt(10000)).toString()).toBe("1.000000000000000000");
  });

  it("a bad frozen config is Go's error naming the field", () => {
    const p = params(model("a", cfg(dec(5n, -1), dec(2n, 0), dec(0n, 0), 10000n)));
    expect(() => run(p, [], {}, { a: 1 }, ["a"], false)).toThrow(new GoError('relative difficulty for model "a" must be positive'));
    const q = params(model("a", cfg(dec(5n, -1), dec(2n, 0), dec(1n, 0), 10000n)));
    expect(() => run(q, [state("a", dec(1n, 0), dec(1n, -2), 2)], { a: 1 }, { a: 1 }, ["a"], true)).toThrow(new GoError('previous sign for model "a" must be -1, 0, or 1'));
    expect(() => run(q, [state("a", dec(1n, 0), dec(1n, -19), 0)], { a: 1 }, { a: 1 }, ["a"], true)).toThrow(new GoError(`previous adaptive step for model "a": decimal exponent must be between -18 and 18: -19`));
    expect(() => encodeDecimal(L("-1"))).toThrow(new GoError("value cannot be negative"));
  });
});

describe("encodeDecimal and the migration's decimal helpers at their edges", () => {
  it("trailing zeros stop at the units: 10 is {10, 0}, 0.5 is {5, -1}; an int64 coefficient is kept whole, one digit more is cut", () => {
    expect(encodeDecimal(L("10")).encoded).toEqual(dec(10n, 0));
    expect(encodeDecimal(L("0.5")).encoded).toEqual(dec(5n, -1));
    expect(encodeDecimal(L("9.223372036854775807")).encoded).toEqual(dec(9223372036854775807n, -18));
    expect(encodeDecimal(L("9.223372036854775808")).encoded).toEqual(dec(922337203685477580n, -17));
    expect(encodeDecimal(L("0")).encoded).toEqual(dec(0n, 0));
  });

  it("a value past 10^37 needs an exponent above 18: Go's error", () => {
    expect(encodeDecimal(L(`1${"0".repeat(36)}`)).encoded).toEqual(dec(1000000000000000000n, 18));
    expect(() => encodeDecimal(L(`1${"0".repeat(37)}`))).toThrow(new GoError(`decimal 1${"0".repeat(37)}.000000000000000000 exceeds storage range`));
  });

  it("scaleMigrationDecimal strips the zeros its product gains and refuses what int64 cannot hold; canonicalMigrationDecimal reads nil as 1", () => {
    expect(scaleMigrationDecimal(dec(10n, 0), 9n)).toEqual(dec(9n, 0));
    expect(scaleMigrationDecimal(dec(62n, -2), 11n)).toEqual(dec(682n, -3));
    expect(scaleMigrationDecimal(dec(0n, 3), 9n)).toEqual(dec(0n, 2));
    expect(scaleMigrationDecimal(dec(838488366986797800n, 0), 11n)).toEqual(dec(92233720368547758n, 1));
    expect(scaleMigrationDecimal(dec(838488366986797801n, 1), 9n)).toEqual(dec(7546395302881180209n, 0));
    expect(() => scaleMigrationDecimal(dec(838488366986797801n, 0), 11n)).toThrow(new GoError("scaled coefficient does not fit int64"));
    expect(canonicalMigrationDecimal(null)).toEqual(dec(1n, 0));
    expect(canonicalMigrationDecimal(dec(3000n, -4))).toEqual(dec(3n, -1));
    expect(canonicalMigrationDecimal(dec(0n, -30))).toEqual(dec(0n, -30));
  });

  it("the explanation of each model: clamped start, the move, and whether current compute diluted it", () => {
    const p = params(model("a", cfg(dec(5n, -1), dec(2n, 0), dec(1n, 0), 5000n)), model("b", cfg(dec(5n, -1), dec(2n, 0), dec(1n, 0), 5000n)));
    const r = run(p, [state("a", dec(3n, 0), dec(25n, -3), 0), state("b", dec(1n, 0), dec(25n, -3), 0)], { a: 5000, b: 5000 }, { a: 100, b: 900 }, ["a", "b"], true);
    expect(r.clampedModels).toEqual(["a"]);
    expect(r.models.map((m) => [m.modelId, m.clamped, m.move, m.dilutedBelowBase])).toEqual([
      ["a", true, "zone", false],
      ["b", false, "zone", true],
    ]);
  });
});
