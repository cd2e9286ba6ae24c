/**
 * The v0.2.16 checks of the dynamic-coefficient params (types/params.go at zpoken/gonka@ef1a5efd:
 * PocParams.Validate, validateDynamicCoefficientParams, validatePositiveDecimal, and the parts of
 * Params.Validate that read PocParams), as the upgrade handler runs them on the params it builds.
 */
import { chainDecimalToLegacyDec, MAX_DECIMAL_EXPONENT_ABS, validateChainDecimal, type ChainDecimal } from "../go/chain-decimal.js";
import { GoError } from "../go/errors.js";
import type { LegacyDec } from "../go/legacy-dec.js";
import type { CoefficientParams, DynamicCoefficientParams } from "./confirmation-weight-scale.js";

/** Mirrors types.(*Decimal).Validate at v0.2.16 (one check, src/go/chain-decimal.ts). */
export const validateDecimal = (d: ChainDecimal | null): void => validateChainDecimal(d);

const named = (name: string, f: () => void): void => {
  try {
    f();
  } catch (e) {
    if (e instanceof GoError) throw new GoError(`${name}: ${e.message}`);
    throw e;
  }
};

/** Mirrors validatePositiveDecimal: set, a valid exponent, convertible and above zero. */
export function validatePositiveDecimal(name: string, value: ChainDecimal | null): LegacyDec {
  if (value === null) throw new GoError(`${name} cannot be nil`);
  let dec!: LegacyDec;
  named(name, () => {
    validateDecimal(value);
    dec = chainDecimalToLegacyDec(value, MAX_DECIMAL_EXPONENT_ABS);
  });
  if (!dec.isPositive()) throw new GoError(`${name} must be positive`);
  return dec;
}

/** Mirrors validateParamDecimalExponents' PocParams part: each model's dynamic config decimals, then the controller steps. */
export function validateParamDecimalExponents(p: CoefficientParams): void {
  for (const [i, m] of (p.models ?? []).entries()) {
    const c = m?.dynamicCoefficient;
    if (!c) continue;
    named(`poc_params.models[${i}].dynamic_coefficient.coeff_min`, () => validateDecimal(c.coeffMin));
    named(`poc_params.models[${i}].dynamic_coefficient.coeff_max`, () => validateDecimal(c.coeffMax));
    named(`poc_params.models[${i}].dynamic_coefficient.relative_difficulty`, () => validateDecimal(c.relativeDifficulty));
  }
  const d = p.dynamicCoefficientParams;
  if (d === null) return;
  named("poc_params.dynamic_coefficient_params.step_min", () => validateDecimal(d.stepMin));
  named("poc_params.dynamic_coefficient_params.step_max", () => validateDecimal(d.stepMax));
  named("poc_params.dynamic_coefficient_params.bootstrap_step_max", () => validateDecimal(d.bootstrapStepMax));
}

/** Mirrors (*PocParams).validateDynamicCoefficientParams: zone, steps in order, each model's range, targets summing to 10,000. */
export function validateDynamicCoefficientParams(p: CoefficientParams, params: DynamicCoefficientParams): void {
  if (params.targetZoneBps === 0n || params.targetZoneBps > 10000n) throw new GoError("poc_params.dynamic_coefficient_params.target_zone_bps must be in [1, 10000]");
  if (params.bootstrapShareBps > 10000n) throw new GoError("poc_params.dynamic_coefficient_params.bootstrap_share_bps must be <= 10000");
  const stepMin = validatePositiveDecimal("poc_params.dynamic_coefficient_params.step_min", params.stepMin);
  const stepMax = validatePositiveDecimal("poc_params.dynamic_coefficient_params.step_max", params.stepMax);
  const bootstrapStepMax = validatePositiveDecimal("poc_params.dynamic_coefficient_params.bootstrap_step_max", params.bootstrapStepMax);
  if (stepMin.cmp(stepMax) > 0) throw new GoError("poc_params.dynamic_coefficient_params.step_min must be <= step_max");
  if (stepMax.cmp(bootstrapStepMax) > 0) throw new GoError("poc_params.dynamic_coefficient_params.step_max must be <= bootstrap_step_max");
  let targetTotal = 0n;
  for (const [i, m] of (p.models ?? []).entries()) {
    const c = m?.dynamicCoefficient;
    if (!c) continue;
    const at = `poc_params.models[${i}].dynamic_coefficient`;
    const min = validatePositiveDecimal(`${at}.coeff_min`, c.coeffMin);
    const max = validatePositiveDecimal(`${at}.coeff_max`, c.coeffMax);
    if (min.cmp(max) > 0) throw new GoError(`${at}.coeff_min must be <= coeff_max`);
    validatePositiveDecimal(`${at}.relative_difficulty`, c.relativeDifficulty);
    if (c.targetShareBps > 10000n) throw new GoError(`${at}.target_share_bps must be <= 10000`);
    if (c.targetShareBps > 0n && c.targetShareBps <= params.targetZoneBps) throw new GoError(`${at}.target_share_bps must be greater than target_zone_bps`);
    targetTotal += c.targetShareBps;
  }
  if (targetTotal !== 10000n) throw new GoError(`poc_params dynamic target shares must sum to 10000 bps, got ${targetTotal}`);
}

/** Mirrors (*PocParams).Validate's model and coefficient checks (seq_len and the vote threshold are not read here). */
export function validatePocParams(p: CoefficientParams): void {
  const seen = new Set<string>();
  for (const m of p.models ?? []) {
    if (m === null) throw new GoError("poc_params.models cannot contain nil entries");
    if (m.modelId !== "") {
      if (seen.has(m.modelId)) throw new GoError(`poc_params.models contains duplicate model_id ${JSON.stringify(m.modelId)}`);
      seen.add(m.modelId);
    }
  }
  if (p.dynamicCoefficientParams !== null) {
    validateDynamicCoefficientParams(p, p.dynamicCoefficientParams);
    return;
  }
  for (const [i, m] of (p.models ?? []).entries()) {
    if (m!.weightScaleFactor === null) throw new GoError(`poc_params.dynamic_coefficient_params cannot be nil after deprecated weight_scale_factor was removed from model ${i}`);
  }
}

/** The parts of Params.Validate the upgrade's params can fail: decimal exponents, PocParams, the initial model id. */
export function validateCoefficientParams(p: CoefficientParams, initialModelId: string): void {
  validateParamDecimalExponents(p);
  validatePocParams(p);
  if (initialModelId !== "" && !(p.models ?? []).some((m) => m !== null && m.modelId === initialModelId)) {
    throw new GoError(`delegation initial_model_id ${JSON.stringify(initialModelId)} not found in poc_params models`);
  }
}
