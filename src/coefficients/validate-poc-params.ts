/**
 * The v0.2.16 checks of the dynamic-coefficient params (types/params.go at zpoken/gonka@ef1a5efd:
 * PocParams.Validate, validateDynamicCoefficientParams, validatePositiveDecimal, and the parts of
 * Params.Validate that read PocParams), as the upgrade handler runs them on the params it builds and
 * as src/gov/params-validate.ts runs them on a proposal's. Each failure names the Go field it refuses.
 */
import { chainDecimalToLegacyDec, MAX_DECIMAL_EXPONENT_ABS, validateChainDecimal, type ChainDecimal } from "../go/chain-decimal.js";
import { GoError } from "../go/errors.js";
import type { LegacyDec } from "../go/legacy-dec.js";
import type { CoefficientParams, DynamicCoefficientParams } from "./confirmation-weight-scale.js";

/** Mirrors types.(*Decimal).Validate at v0.2.16 (one check, src/go/chain-decimal.ts). */
export const validateDecimal = (d: ChainDecimal | null): void => validateChainDecimal(d);

/** A refusal of these checks: Go's error, and the field it names (`poc_params.models[1].dynamic_coefficient.coeff_min`, Go's indices). */
export class PocParamsError extends GoError {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

const named = (name: string, f: () => void): void => {
  try {
    f();
  } catch (e) {
    if (e instanceof GoError) throw new PocParamsError(`${name}: ${e.message}`, name);
    throw e;
  }
};

/** Mirrors validatePositiveDecimal: set, a valid exponent, convertible and above zero. */
export function validatePositiveDecimal(name: string, value: ChainDecimal | null): LegacyDec {
  if (value === null) throw new PocParamsError(`${name} cannot be nil`, name);
  let dec!: LegacyDec;
  named(name, () => {
    validateDecimal(value);
    dec = chainDecimalToLegacyDec(value, MAX_DECIMAL_EXPONENT_ABS);
  });
  if (!dec.isPositive()) throw new PocParamsError(`${name} must be positive`, name);
  return dec;
}

/** The decimals validateParamDecimalExponents reads in PocParams' v0.2.16 fields, in Go's order: each model's dynamic config (when set), then the controller steps (when set). */
export function pocCoefficientDecimals(p: CoefficientParams): [string, ChainDecimal | null][] {
  const out: [string, ChainDecimal | null][] = [];
  for (const [i, m] of (p.models ?? []).entries()) {
    const c = m?.dynamicCoefficient;
    if (!c) continue;
    const at = `poc_params.models[${i}].dynamic_coefficient`;
    out.push([`${at}.coeff_min`, c.coeffMin], [`${at}.coeff_max`, c.coeffMax], [`${at}.relative_difficulty`, c.relativeDifficulty]);
  }
  const d = p.dynamicCoefficientParams;
  if (d !== null) {
    const at = "poc_params.dynamic_coefficient_params";
    out.push([`${at}.step_min`, d.stepMin], [`${at}.step_max`, d.stepMax], [`${at}.bootstrap_step_max`, d.bootstrapStepMax]);
  }
  return out;
}

/** Mirrors validateParamDecimalExponents' PocParams part: each model's dynamic config decimals, then the controller steps. */
export function validateParamDecimalExponents(p: CoefficientParams): void {
  for (const [name, d] of pocCoefficientDecimals(p)) named(name, () => validateDecimal(d));
}

/** Mirrors (*PocParams).validateDynamicCoefficientParams: zone, steps in order, each model's range, targets summing to 10,000. */
export function validateDynamicCoefficientParams(p: CoefficientParams, params: DynamicCoefficientParams): void {
  const at = "poc_params.dynamic_coefficient_params";
  if (params.targetZoneBps === 0n || params.targetZoneBps > 10000n) throw new PocParamsError(`${at}.target_zone_bps must be in [1, 10000]`, `${at}.target_zone_bps`);
  if (params.bootstrapShareBps > 10000n) throw new PocParamsError(`${at}.bootstrap_share_bps must be <= 10000`, `${at}.bootstrap_share_bps`);
  const stepMin = validatePositiveDecimal("poc_params.dynamic_coefficient_params.step_min", params.stepMin);
  const stepMax = validatePositiveDecimal("poc_params.dynamic_coefficient_params.step_max", params.stepMax);
  const bootstrapStepMax = validatePositiveDecimal("poc_params.dynamic_coefficient_params.bootstrap_step_max", params.bootstrapStepMax);
  if (stepMin.cmp(stepMax) > 0) throw new PocParamsError(`${at}.step_min must be <= step_max`, `${at}.step_min`);
  if (stepMax.cmp(bootstrapStepMax) > 0) throw new PocParamsError(`${at}.step_max must be <= bootstrap_step_max`, `${at}.step_max`);
  let targetTotal = 0n;
  for (const [i, model] of (p.models ?? []).entries()) {
    const c = model?.dynamicCoefficient;
    if (!c) continue;
    const m = `poc_params.models[${i}].dynamic_coefficient`;
    const min = validatePositiveDecimal(`${m}.coeff_min`, c.coeffMin);
    const max = validatePositiveDecimal(`${m}.coeff_max`, c.coeffMax);
    if (min.cmp(max) > 0) throw new PocParamsError(`${m}.coeff_min must be <= coeff_max`, `${m}.coeff_min`);
    validatePositiveDecimal(`${m}.relative_difficulty`, c.relativeDifficulty);
    if (c.targetShareBps > 10000n) throw new PocParamsError(`${m}.target_share_bps must be <= 10000`, `${m}.target_share_bps`);
    if (c.targetShareBps > 0n && c.targetShareBps <= params.targetZoneBps) throw new PocParamsError(`${m}.target_share_bps must be greater than target_zone_bps`, `${m}.target_share_bps`);
    targetTotal += c.targetShareBps;
  }
  // no one field: the sum of every model's target share
  if (targetTotal !== 10000n) throw new PocParamsError(`poc_params dynamic target shares must sum to 10000 bps, got ${targetTotal}`, "poc_params.models");
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
  validatePocCoefficients(p);
}

/** Mirrors the end of (*PocParams).Validate (v0.2.16): the dynamic coefficient checks, or without their params a weight_scale_factor on every model. */
export function validatePocCoefficients(p: CoefficientParams): void {
  if (p.dynamicCoefficientParams !== null) {
    validateDynamicCoefficientParams(p, p.dynamicCoefficientParams);
    return;
  }
  for (const [i, m] of (p.models ?? []).entries()) {
    if (m!.weightScaleFactor === null) {
      throw new PocParamsError(`poc_params.dynamic_coefficient_params cannot be nil after deprecated weight_scale_factor was removed from model ${i}`, `poc_params.models[${i}].weight_scale_factor`);
    }
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
