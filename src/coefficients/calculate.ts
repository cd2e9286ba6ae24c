/**
 * coefficients.Calculate: at the end of PoC validation, each configured model's coefficient for the
 * epoch being formed (#1566, zpoken/gonka@ef1a5efd x/inference/coefficients/coefficients.go): its base
 * moves toward the target share the previous epoch missed, within [coeff_min, coeff_max], and the
 * compute the new epoch holds above target dilutes it toward coeff_min.
 */
import { compareGoStrings } from "../go/bytes.js";
import { chainDecimalToLegacyDec, MAX_DECIMAL_EXPONENT_ABS, type ChainDecimal } from "../go/chain-decimal.js";
import { GoError } from "../go/errors.js";
import { LegacyDec } from "../go/legacy-dec.js";
import { adjust, clamp } from "./adjust.js";
import { cloneDecimal, cloneModelConfig, cloneScale, type ConfirmationWeightScale, type DynamicCoefficientModelConfig, type DynamicCoefficientParams } from "./confirmation-weight-scale.js";
import { diluted } from "./diluted.js";
import { encodeDecimal } from "./encode-decimal.js";
import { positiveDecimal } from "./positive-decimal.js";

export interface CalculateInput {
  /** The controller params frozen onto the epoch at PoC start (null: a legacy epoch, scales pass through). */
  params: DynamicCoefficientParams | null;
  /** The scales frozen at PoC start (config only). */
  frozenScales: readonly (ConfirmationWeightScale | null)[];
  /** The previous epoch's stored scales (the controller's state). */
  previousScales: readonly (ConfirmationWeightScale | null)[];
  /** Raw PoC weight per model in the previous epoch (its model subgroups' weights). */
  previousRawTotals: ReadonlyMap<string, bigint>;
  /** Raw PoC weight per model of the epoch being formed (its seated participants' nodes). */
  currentRawTotals: ReadonlyMap<string, bigint>;
  /** Every model a participant of the new epoch lists (each gets a coefficient, 0 without a config). */
  participantModelIds: readonly string[];
  /** False for the first epoch (no previous totals): bases do not move. */
  hasPriorTotals: boolean;
}

/** How one configured model's coefficient came about (for explanations; not part of Go's result). */
export interface ModelCalculation {
  modelId: string;
  /** The previous epoch held controller state for the model (base and step). */
  hadState: boolean;
  /** The starting base lay outside [coeff_min, coeff_max] and was clamped. */
  clamped: boolean;
  /** What the controller did: no target (reset to coeff_min), no prior state or totals (held), inside the zone, or a move. */
  move: "no-target" | "held" | "zone" | "up" | "down";
  /** The base after the move, before dilution (as stored). */
  base: LegacyDec;
  /** The coefficient the epoch uses (as stored). */
  effective: LegacyDec;
  /** True when the current compute above target lowered the coefficient below the base. */
  dilutedBelowBase: boolean;
}

export interface CalculateResult {
  /** model → the coefficient consensus uses (0 for a participant model without a config). */
  effective: Map<string, LegacyDec>;
  /** The completed scales, one per configured model in model order (or the frozen ones, legacy). */
  scales: ConfirmationWeightScale[];
  /** Models whose starting base had to be clamped into range. */
  clampedModels: string[];
  models: ModelCalculation[];
}

const toLegacyDec = (d: ChainDecimal): LegacyDec => chainDecimalToLegacyDec(d, MAX_DECIMAL_EXPONENT_ABS);
const quote = (s: string): string => JSON.stringify(s);

/** Mirrors coefficients.normalizedWeights: difficulty × max(raw, 0) per configured model, and their sum. */
export function normalizedWeights(rawTotals: ReadonlyMap<string, bigint>, difficulties: ReadonlyMap<string, LegacyDec>): { normalized: Map<string, LegacyDec>; total: LegacyDec } {
  const normalized = new Map<string, LegacyDec>();
  let total = LegacyDec.fromInt(0);
  for (const [modelId, difficulty] of difficulties) {
    let raw = rawTotals.get(modelId) ?? 0n;
    if (raw < 0n) raw = 0n;
    const value = difficulty.mulInt64(raw);
    normalized.set(modelId, value);
    total = total.add(value);
  }
  return { normalized, total };
}

/** Mirrors coefficients.scalesByModel: model → its last non-nil scale with an id. */
export function scalesByModel(scales: readonly (ConfirmationWeightScale | null)[]): Map<string, ConfirmationWeightScale> {
  const out = new Map<string, ConfirmationWeightScale>();
  for (const s of scales) if (s !== null && s.modelId !== "") out.set(s.modelId, s);
  return out;
}

/** Mirrors coefficients.initialState: the previous epoch's base, step and sign, else coeff_min and step_max / 2. */
function initialState(modelId: string, config: DynamicCoefficientModelConfig, previous: ConfirmationWeightScale | undefined, stepMax: LegacyDec): { base: LegacyDec; step: LegacyDec; sign: number; hadState: boolean } {
  if (previous !== undefined && previous.baseCoefficient !== null && previous.adaptiveStep !== null) {
    const base = positiveDecimal(`previous base coefficient for model ${quote(modelId)}`, previous.baseCoefficient);
    const step = positiveDecimal(`previous adaptive step for model ${quote(modelId)}`, previous.adaptiveStep);
    if (previous.prevSign < -1 || previous.prevSign > 1) throw new GoError(`previous sign for model ${quote(modelId)} must be -1, 0, or 1`);
    return { base, step, sign: previous.prevSign, hadState: true };
  }
  const base = positiveDecimal(`coeff_min for new model ${quote(modelId)}`, config.coeffMin);
  return { base, step: stepMax.quoInt64(2n), sign: 0, hadState: false };
}

/** Mirrors coefficients.Calculate. Go's errors are GoError; LegacyDec overflow is GoPanic. */
export function calculate(input: CalculateInput): CalculateResult {
  const effective = new Map<string, LegacyDec>();
  for (const m of input.participantModelIds) if (m !== "") effective.set(m, LegacyDec.fromInt(0));
  if (input.params === null) {
    const scales: ConfirmationWeightScale[] = [];
    for (const s of input.frozenScales) {
      if (s === null) continue;
      const scale = cloneScale(s);
      const value = scale.effectiveCoefficient ?? scale.weightScaleFactor ?? { value: 1n, exponent: 0 };
      const dec = toLegacyDec(value);
      scale.effectiveCoefficient = cloneDecimal(value);
      effective.set(scale.modelId, dec);
      scales.push(scale);
    }
    return { effective, scales, clampedModels: [], models: [] };
  }
  const params = input.params;
  const configs = new Map<string, DynamicCoefficientModelConfig>();
  const difficulties = new Map<string, LegacyDec>();
  for (const s of input.frozenScales) {
    if (s === null || s.modelId === "" || s.config === null) continue;
    const difficulty = positiveDecimal(`relative difficulty for model ${quote(s.modelId)}`, s.config.relativeDifficulty);
    configs.set(s.modelId, s.config);
    difficulties.set(s.modelId, difficulty);
  }
  const previous = normalizedWeights(input.previousRawTotals, difficulties);
  const current = normalizedWeights(input.currentRawTotals, difficulties);
  const previousByModel = scalesByModel(input.previousScales);
  const stepMin = positiveDecimal("dynamic step_min", params.stepMin);
  const stepMax = positiveDecimal("dynamic step_max", params.stepMax);
  const bootstrapStepMax = positiveDecimal("dynamic bootstrap_step_max", params.bootstrapStepMax);
  const scales: ConfirmationWeightScale[] = [];
  const clampedModels: string[] = [];
  const models: ModelCalculation[] = [];
  for (const modelId of [...configs.keys()].sort(compareGoStrings)) {
    const config = configs.get(modelId)!;
    const coeffMin = positiveDecimal(`coeff_min for model ${modelId}`, config.coeffMin);
    const coeffMax = positiveDecimal(`coeff_max for model ${modelId}`, config.coeffMax);
    const start = initialState(modelId, config, previousByModel.get(modelId), stepMax);
    let base = clamp(start.base, coeffMin, coeffMax);
    let step = start.step;
    let sign = start.sign;
    const clamped = base.cmp(start.base) !== 0;
    if (clamped) clampedModels.push(modelId);
    let move: ModelCalculation["move"] = "held";
    if (config.targetShareBps === 0n) {
      base = coeffMin;
      step = stepMax.quoInt64(2n);
      sign = 0;
      move = "no-target";
    } else if (input.hasPriorTotals && start.hadState) {
      const r = adjust({
        base, step, prevSign: sign,
        normalized: previous.normalized.get(modelId)!, total: previous.total,
        targetBps: config.targetShareBps, zoneBps: params.targetZoneBps, bootstrapShareBps: params.bootstrapShareBps,
        coeffMin, coeffMax, stepMin, stepMax, bootstrapStepMax,
      });
      ({ base, step, sign } = r);
      move = r.move;
    }
    const b = encodeDecimal(base);
    const s = encodeDecimal(step);
    const e = encodeDecimal(diluted(b.value, coeffMin, config.targetShareBps, current.normalized.get(modelId)!, current.total));
    effective.set(modelId, e.value);
    scales.push({
      modelId,
      weightScaleFactor: null,
      effectiveCoefficient: e.encoded,
      config: cloneModelConfig(config),
      baseCoefficient: b.encoded,
      adaptiveStep: s.encoded,
      prevSign: sign,
      excludeFromConfirmation: false,
    });
    models.push({ modelId, hadState: start.hadState, clamped, move, base: b.value, effective: e.value, dilutedBelowBase: e.value.cmp(b.value) < 0 });
  }
  return { effective, scales, clampedModels, models };
}
