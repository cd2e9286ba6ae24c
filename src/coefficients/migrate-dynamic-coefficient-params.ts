/**
 * The v0.2.16 upgrade's coefficient steps (app/upgrades/v0_2_16: migrateDynamicCoefficientParams with
 * seedCurrentCoefficientState, then migrateCurrentEffectiveCoefficients; the handler text the release
 * notes describe): each enabled model gets a dynamic config starting from its current scale, targets
 * split equally, and the upgrade epoch keeps its pre-upgrade confirmation coefficients.
 */
import { chainDecimalToLegacyDec, MAX_DECIMAL_EXPONENT_ABS, type ChainDecimal } from "../go/chain-decimal.js";
import { compareGoStrings } from "../go/bytes.js";
import { GoError } from "../go/errors.js";
import { cloneDecimal, cloneModelConfig, cloneScale, legacyScale, type CoefficientParams, type ConfirmationWeightScale, type PocModel } from "./confirmation-weight-scale.js";
import { canonicalMigrationDecimal, initialDynamicCoefficientConfig } from "./initial-dynamic-coefficient-config.js";
import { validateCoefficientParams } from "./validate-poc-params.js";

export interface CoefficientMigrationInput {
  /** The params' PocParams at the upgrade height (v0.2.15's; null: Go's nil, nothing to migrate). */
  params: CoefficientParams | null;
  /** delegation_params.initial_model_id (receives the targets' remainder). */
  initialModelId: string;
  /** GetEffectiveEpochIndex (null: not found). */
  effectiveEpochIndex: bigint | null;
  /** That epoch's root confirmation_weight_scales (null: no root group data stored). */
  currentEpochScales: readonly (ConfirmationWeightScale | null)[] | null;
}

export interface CoefficientMigrationResult {
  /** The params as stored after the steps (the input's when nothing was written). */
  params: CoefficientParams | null;
  /** The upgrade epoch's root scales as stored after both steps (null: no effective epoch or no root group data). */
  currentEpochScales: (ConfirmationWeightScale | null)[] | null;
}

/** The first controller step of every enabled model: half step_max (the handler's {25, -3}). */
const INITIAL_STEP: ChainDecimal = { value: 25n, exponent: -3 };

const cloneModel = (m: PocModel | null): PocModel | null => (m === null ? null : { modelId: m.modelId, weightScaleFactor: cloneDecimal(m.weightScaleFactor), dynamicCoefficient: cloneModelConfig(m.dynamicCoefficient) });
const cloneParamsDeep = (p: CoefficientParams): CoefficientParams => ({
  dynamicCoefficientParams: p.dynamicCoefficientParams === null ? null : { ...p.dynamicCoefficientParams, stepMin: cloneDecimal(p.dynamicCoefficientParams.stepMin), stepMax: cloneDecimal(p.dynamicCoefficientParams.stepMax), bootstrapStepMax: cloneDecimal(p.dynamicCoefficientParams.bootstrapStepMax) },
  weightScaleFactor: cloneDecimal(p.weightScaleFactor ?? null),
  models: p.models === null ? null : p.models.map(cloneModel),
});

/** Mirrors seedCurrentCoefficientState: each enabled model's state on the upgrade epoch's scale (a new, excluded {0,0} entry when it has none). */
function seedCurrentCoefficientState(input: CoefficientMigrationInput, seeds: readonly ConfirmationWeightScale[]): (ConfirmationWeightScale | null)[] {
  if (input.effectiveEpochIndex === null) throw new GoError("cannot seed coefficient state: effective epoch index not found");
  if (input.currentEpochScales === null) throw new GoError(`cannot seed coefficient state: current epoch ${input.effectiveEpochIndex} has no root epoch group data`);
  const scales = input.currentEpochScales.map((s) => (s === null ? null : cloneScale(s)));
  const byModel = new Map<string, ConfirmationWeightScale>();
  for (const s of scales) if (s !== null) byModel.set(s.modelId, s);
  for (const seed of seeds) {
    let scale = byModel.get(seed.modelId);
    if (scale === undefined) {
      // a configured model absent from the upgrade epoch carries no reward weight in it
      scale = { ...legacyScale(seed.modelId, null), effectiveCoefficient: { value: 0n, exponent: 0 }, excludeFromConfirmation: true };
      scales.push(scale);
    }
    scale.baseCoefficient = cloneDecimal(seed.baseCoefficient);
    scale.adaptiveStep = cloneDecimal(seed.adaptiveStep);
    scale.prevSign = 0;
  }
  return scales;
}

/** Mirrors migrateDynamicCoefficientParams; returns the params to store (null: nothing written) and the seeded scales (null: not seeded). */
function migrateDynamicCoefficientParams(input: CoefficientMigrationInput): { params: CoefficientParams | null; scales: (ConfirmationWeightScale | null)[] | null } {
  if (input.params === null) return { params: null, scales: null };
  const params = cloneParamsDeep(input.params);
  const models = (params.models ?? []) as (PocModel | null)[];
  if (params.dynamicCoefficientParams !== null) {
    let changed = params.weightScaleFactor !== null;
    params.weightScaleFactor = null;
    for (const m of models) {
      if (m !== null && m.weightScaleFactor !== null) {
        m.weightScaleFactor = null;
        changed = true;
      }
    }
    return { params: changed ? params : null, scales: null };
  }
  const enabled: string[] = [];
  const byId = new Map<string, PocModel>();
  for (const m of models) {
    if (m === null || m.modelId === "") continue;
    const canonical = canonicalMigrationDecimal(m.weightScaleFactor);
    let positive: boolean;
    try {
      positive = chainDecimalToLegacyDec(canonical, MAX_DECIMAL_EXPONENT_ABS).isPositive();
    } catch (e) {
      if (e instanceof GoError) throw new GoError(`dynamic coefficient migration model ${JSON.stringify(m.modelId)}: ${e.message}`);
      throw e;
    }
    if (!positive) {
      m.dynamicCoefficient = null;
      m.weightScaleFactor = null;
      continue;
    }
    m.weightScaleFactor = canonical;
    enabled.push(m.modelId);
    byId.set(m.modelId, m);
  }
  if (enabled.length === 0 || enabled.length > 5000) return { params: null, scales: null };
  enabled.sort(compareGoStrings);
  const n = BigInt(enabled.length);
  const baseTarget = 10000n / n;
  const remainder = 10000n % n;
  const remainderModel = byId.has(input.initialModelId) ? input.initialModelId : enabled[0]!;
  const seeds: ConfirmationWeightScale[] = [];
  for (const modelId of enabled) {
    // a model id listed twice is one record, processed twice: its scale is gone the second time (Go panics)
    const m = byId.get(modelId)!;
    let config;
    try {
      config = initialDynamicCoefficientConfig(modelId, m.weightScaleFactor);
    } catch (e) {
      if (e instanceof GoError) throw new GoError(`dynamic coefficient migration model ${JSON.stringify(modelId)}: ${e.message}`);
      throw e;
    }
    config.targetShareBps = baseTarget + (modelId === remainderModel ? remainder : 0n);
    m.dynamicCoefficient = config;
    seeds.push({ ...legacyScale(modelId, null), baseCoefficient: cloneDecimal(m.weightScaleFactor), adaptiveStep: { ...INITIAL_STEP } });
    m.weightScaleFactor = null;
  }
  // the smallest target is the base one: the zone stays below it
  const targetZoneBps = baseTarget <= 500n ? baseTarget - 1n : 500n;
  params.dynamicCoefficientParams = {
    targetZoneBps,
    stepMin: { value: 5n, exponent: -3 },
    stepMax: { value: 5n, exponent: -2 },
    bootstrapStepMax: { value: 25n, exponent: -2 },
    bootstrapShareBps: 100n,
  };
  params.weightScaleFactor = null;
  try {
    validateCoefficientParams(params, input.initialModelId);
  } catch (e) {
    if (e instanceof GoError) throw new GoError(`dynamic coefficient migration produced invalid params: ${e.message}`);
    throw e;
  }
  return { params, scales: seedCurrentCoefficientState(input, seeds) };
}

/** Mirrors migrateCurrentEffectiveCoefficients: a scale with a weight scale factor and no effective coefficient gets that factor as its effective one. */
function migrateCurrentEffectiveCoefficients(scales: (ConfirmationWeightScale | null)[]): (ConfirmationWeightScale | null)[] {
  return scales.map((s) => {
    if (s === null || s.effectiveCoefficient !== null || s.weightScaleFactor === null) return s;
    return { ...s, effectiveCoefficient: cloneDecimal(s.weightScaleFactor), weightScaleFactor: null };
  });
}

/**
 * The coefficient steps of the v0.2.16 upgrade handler, in its order. Go's errors (the upgrade fails)
 * are GoError; a model id listed twice panics as Go does.
 */
export function migrateCoefficientsAtUpgrade(input: CoefficientMigrationInput): CoefficientMigrationResult {
  const m = migrateDynamicCoefficientParams(input);
  const params = m.params ?? input.params;
  // the upgrade epoch's root group is found through the effective epoch index: none without it
  if (input.effectiveEpochIndex === null) return { params, currentEpochScales: null };
  const stored = m.scales ?? (input.currentEpochScales === null ? null : input.currentEpochScales.map((s) => (s === null ? null : cloneScale(s))));
  return { params, currentEpochScales: stored === null ? null : migrateCurrentEffectiveCoefficients(stored) };
}
