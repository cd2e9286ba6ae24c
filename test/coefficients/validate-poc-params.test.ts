// The PocParams checks the v0.2.16 upgrade runs on the params it builds (types/params.go at
// zpoken/gonka@ef1a5efd): each branch, at its boundary, in Go's words.
import { describe, expect, it } from "vitest";
import type { CoefficientParams, DynamicCoefficientModelConfig, DynamicCoefficientParams } from "../../src/coefficients/confirmation-weight-scale.js";
import {
  validateCoefficientParams,
  validateDecimal,
  validateDynamicCoefficientParams,
  validateParamDecimalExponents,
  validatePocParams,
  validatePositiveDecimal,
} from "../../src/coefficients/validate-poc-params.js";
import type { ChainDecimal } from "../../src/go/chain-decimal.js";
import { GoError } from "../../src/go/errors.js";

const dec = (value: bigint, exponent: number): ChainDecimal => ({ value, exponent });
const P: DynamicCoefficientParams = { targetZoneBps: 500n, stepMin: dec(5n, -3), stepMax: dec(5n, -2), bootstrapStepMax: dec(25n, -2), bootstrapShareBps: 100n };
const cfg = (over: Partial<DynamicCoefficientModelConfig> = {}): DynamicCoefficientModelConfig => ({ coeffMin: dec(5n, -1), coeffMax: dec(2n, 0), relativeDifficulty: dec(1n, 0), targetShareBps: 5000n, ...over });
const params = (models: CoefficientParams["models"], p: DynamicCoefficientParams | null = P): CoefficientParams => ({ dynamicCoefficientParams: p, models });
const two = (a: Partial<DynamicCoefficientModelConfig> = {}, b: Partial<DynamicCoefficientModelConfig> = {}) =>
  params([{ modelId: "a", weightScaleFactor: null, dynamicCoefficient: cfg(a) }, { modelId: "b", weightScaleFactor: null, dynamicCoefficient: cfg(b) }]);
const err = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(GoError);
    return (e as Error).message;
  }
  return "accepted";
};

describe("the decimal checks", () => {
  it("an exponent of ±18 passes, ±19 is refused; nil passes", () => {
    expect(err(() => validateDecimal(dec(1n, 18)))).toBe("accepted");
    expect(err(() => validateDecimal(dec(1n, -18)))).toBe("accepted");
    expect(err(() => validateDecimal(null))).toBe("accepted");
    expect(err(() => validateDecimal(dec(1n, 19)))).toBe("decimal exponent must be between -18 and 18: 19");
    expect(err(() => validateDecimal(dec(1n, -19)))).toBe("decimal exponent must be between -18 and 18: -19");
  });

  it("a positive decimal: set, a valid exponent, above zero", () => {
    expect(validatePositiveDecimal("x", dec(1n, -18)).toString()).toBe("0.000000000000000001");
    expect(err(() => validatePositiveDecimal("x", null))).toBe("x cannot be nil");
    expect(err(() => validatePositiveDecimal("x", dec(1n, 19)))).toBe("x: decimal exponent must be between -18 and 18: 19");
    expect(err(() => validatePositiveDecimal("x", dec(0n, 0)))).toBe("x must be positive");
    expect(err(() => validatePositiveDecimal("x", dec(-1n, 0)))).toBe("x must be positive");
  });

  it("the exponents of each model's config and of the steps, named by index (nil models and configs skipped)", () => {
    const m = (c: DynamicCoefficientModelConfig | null) => ({ modelId: "a", weightScaleFactor: null, dynamicCoefficient: c });
    expect(err(() => validateParamDecimalExponents(params([null, m(null), m(cfg({ coeffMin: dec(1n, 19) }))])))).toBe("poc_params.models[2].dynamic_coefficient.coeff_min: decimal exponent must be between -18 and 18: 19");
    expect(err(() => validateParamDecimalExponents(params([m(cfg({ coeffMax: dec(1n, -19) }))])))).toBe("poc_params.models[0].dynamic_coefficient.coeff_max: decimal exponent must be between -18 and 18: -19");
    expect(err(() => validateParamDecimalExponents(params([m(cfg({ relativeDifficulty: dec(1n, 19) }))])))).toBe("poc_params.models[0].dynamic_coefficient.relative_difficulty: decimal exponent must be between -18 and 18: 19");
    expect(err(() => validateParamDecimalExponents(params([], { ...P, stepMin: dec(1n, 19) })))).toBe("poc_params.dynamic_coefficient_params.step_min: decimal exponent must be between -18 and 18: 19");
    expect(err(() => validateParamDecimalExponents(params([], { ...P, stepMax: dec(1n, 19) })))).toBe("poc_params.dynamic_coefficient_params.step_max: decimal exponent must be between -18 and 18: 19");
    expect(err(() => validateParamDecimalExponents(params([], { ...P, bootstrapStepMax: dec(1n, 19) })))).toBe("poc_params.dynamic_coefficient_params.bootstrap_step_max: decimal exponent must be between -18 and 18: 19");
    expect(err(() => validateParamDecimalExponents(params(null, null)))).toBe("accepted");
  });
});

describe("the controller params and each model's range", () => {
  const check = (p: CoefficientParams) => err(() => validateDynamicCoefficientParams(p, p.dynamicCoefficientParams!));
  it("the zone is in [1, 10000], the bootstrap share at most 10000", () => {
    expect(check({ ...two(), dynamicCoefficientParams: { ...P, targetZoneBps: 0n } })).toBe("poc_params.dynamic_coefficient_params.target_zone_bps must be in [1, 10000]");
    expect(check({ ...two(), dynamicCoefficientParams: { ...P, targetZoneBps: 10001n } })).toBe("poc_params.dynamic_coefficient_params.target_zone_bps must be in [1, 10000]");
    expect(check({ ...two(), dynamicCoefficientParams: { ...P, targetZoneBps: 1n } })).toBe("accepted");
    expect(check({ ...two(), dynamicCoefficientParams: { ...P, bootstrapShareBps: 10001n } })).toBe("poc_params.dynamic_coefficient_params.bootstrap_share_bps must be <= 10000");
    expect(check({ ...two(), dynamicCoefficientParams: { ...P, bootstrapShareBps: 10000n } })).toBe("accepted");
  });

  it("steps: each positive, step_min <= step_max <= bootstrap_step_max (equal passes)", () => {
    expect(check({ ...two(), dynamicCoefficientParams: { ...P, stepMin: null } })).toBe("poc_params.dynamic_coefficient_params.step_min cannot be nil");
    expect(check({ ...two(), dynamicCoefficientParams: { ...P, stepMax: dec(0n, 0) } })).toBe("poc_params.dynamic_coefficient_params.step_max must be positive");
    expect(check({ ...two(), dynamicCoefficientParams: { ...P, bootstrapStepMax: dec(1n, 19) } })).toBe("poc_params.dynamic_coefficient_params.bootstrap_step_max: decimal exponent must be between -18 and 18: 19");
    expect(check({ ...two(), dynamicCoefficientParams: { ...P, stepMin: dec(6n, -2) } })).toBe("poc_params.dynamic_coefficient_params.step_min must be <= step_max");
    expect(check({ ...two(), dynamicCoefficientParams: { ...P, stepMax: dec(3n, -1) } })).toBe("poc_params.dynamic_coefficient_params.step_max must be <= bootstrap_step_max");
    expect(check({ ...two(), dynamicCoefficientParams: { ...P, stepMin: dec(5n, -2), stepMax: dec(5n, -2), bootstrapStepMax: dec(5n, -2) } })).toBe("accepted");
  });

  it("each configured model: a positive range with min <= max, a positive difficulty, a target above the zone or 0, all summing to 10000", () => {
    expect(check(two({ coeffMin: null }))).toBe("poc_params.models[0].dynamic_coefficient.coeff_min cannot be nil");
    expect(check(two({}, { coeffMax: dec(-1n, 0) }))).toBe("poc_params.models[1].dynamic_coefficient.coeff_max must be positive");
    expect(check(two({ coeffMin: dec(3n, 0) }))).toBe("poc_params.models[0].dynamic_coefficient.coeff_min must be <= coeff_max");
    expect(check(two({ coeffMin: dec(2n, 0) }))).toBe("accepted");
    expect(check(two({ relativeDifficulty: dec(0n, 0) }))).toBe("poc_params.models[0].dynamic_coefficient.relative_difficulty must be positive");
    expect(check(two({ targetShareBps: 10001n }, { targetShareBps: 0n }))).toBe("poc_params.models[0].dynamic_coefficient.target_share_bps must be <= 10000");
    expect(check(two({ targetShareBps: 10000n }, { targetShareBps: 0n }))).toBe("accepted");
    expect(check(two({ targetShareBps: 500n }, { targetShareBps: 9500n }))).toBe("poc_params.models[0].dynamic_coefficient.target_share_bps must be greater than target_zone_bps");
    expect(check(two({ targetShareBps: 501n }, { targetShareBps: 9499n }))).toBe("accepted");
    expect(check(two({ targetShareBps: 5000n }, { targetShareBps: 4999n }))).toBe("poc_params dynamic target shares must sum to 10000 bps, got 9999");
    // a model without a config (disabled) is skipped, as is a nil one in the sum
    expect(check(params([{ modelId: "x", weightScaleFactor: null, dynamicCoefficient: null }, { modelId: "a", weightScaleFactor: null, dynamicCoefficient: cfg({ targetShareBps: 10000n }) }]))).toBe("accepted");
  });
});

describe("PocParams.Validate and the initial model", () => {
  it("no nil model, no repeated id (empty ids may repeat); legacy params need every model's scale factor", () => {
    expect(err(() => validatePocParams(params([null])))).toBe("poc_params.models cannot contain nil entries");
    expect(err(() => validatePocParams(params([{ modelId: "a", weightScaleFactor: null, dynamicCoefficient: cfg() }, { modelId: "a", weightScaleFactor: null, dynamicCoefficient: cfg() }])))).toBe('poc_params.models contains duplicate model_id "a"');
    const empty = { modelId: "", weightScaleFactor: dec(1n, 0), dynamicCoefficient: null };
    expect(err(() => validatePocParams(params([empty, empty, { modelId: "a", weightScaleFactor: null, dynamicCoefficient: cfg({ targetShareBps: 10000n }) }])))).toBe("accepted");
    expect(err(() => validatePocParams(params([{ modelId: "a", weightScaleFactor: dec(1n, 0), dynamicCoefficient: null }, { modelId: "b", weightScaleFactor: null, dynamicCoefficient: null }], null)))).toBe(
      "poc_params.dynamic_coefficient_params cannot be nil after deprecated weight_scale_factor was removed from model 1",
    );
    expect(err(() => validatePocParams(params([{ modelId: "a", weightScaleFactor: dec(1n, 0), dynamicCoefficient: null }], null)))).toBe("accepted");
  });

  it("the initial model must be one of the models (an enabled one or not); none named passes", () => {
    const p = params([{ modelId: "off", weightScaleFactor: null, dynamicCoefficient: null }, { modelId: "a", weightScaleFactor: null, dynamicCoefficient: cfg({ targetShareBps: 10000n }) }]);
    expect(err(() => validateCoefficientParams(p, "off"))).toBe("accepted");
    expect(err(() => validateCoefficientParams(p, ""))).toBe("accepted");
    expect(err(() => validateCoefficientParams(p, "nope"))).toBe('delegation initial_model_id "nope" not found in poc_params models');
    // the exponent checks come first
    expect(err(() => validateCoefficientParams(params([null, { modelId: "a", weightScaleFactor: null, dynamicCoefficient: cfg({ coeffMin: dec(1n, 19) }) }]), "a"))).toBe(
      "poc_params.models[1].dynamic_coefficient.coeff_min: decimal exponent must be between -18 and 18: 19",
    );
  });
});
