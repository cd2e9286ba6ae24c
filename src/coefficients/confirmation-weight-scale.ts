/**
 * The v0.2.16 state messages of the dynamic-coefficient controller (#1566), as plain data:
 * `ConfirmationWeightScale` (EpochGroupData field 19, extended), `DynamicCoefficientModelConfig`
 * (PoCModelConfig field 6) and `DynamicCoefficientParams` (PocParams field 16, frozen onto an epoch group
 * as EpochGroupData field 20). A chain Decimal is `{value, exponent}`; `null` is Go's nil pointer.
 */
import type { ChainDecimal } from "../go/chain-decimal.js";

/** types.DynamicCoefficientModelConfig: a model's allowed range, difficulty and target share. */
export interface DynamicCoefficientModelConfig {
  coeffMin: ChainDecimal | null;
  coeffMax: ChainDecimal | null;
  relativeDifficulty: ChainDecimal | null;
  /** uint32, basis points of the network's normalized compute. */
  targetShareBps: bigint;
}

/** types.DynamicCoefficientParams: the controller's zone and steps. */
export interface DynamicCoefficientParams {
  /** uint32. */
  targetZoneBps: bigint;
  stepMin: ChainDecimal | null;
  stepMax: ChainDecimal | null;
  bootstrapStepMax: ChainDecimal | null;
  /** uint32. */
  bootstrapShareBps: bigint;
}

/** types.ConfirmationWeightScale at v0.2.16 (fields 1-8); before v0.2.16 only modelId and weightScaleFactor exist. */
export interface ConfirmationWeightScale {
  modelId: string;
  /** Field 2: the pre-v0.2.16 scale (deprecated: read only for an epoch formed before v0.2.16). */
  weightScaleFactor: ChainDecimal | null;
  /** Field 3: the coefficient confirmation and settlement use. */
  effectiveCoefficient: ChainDecimal | null;
  /** Field 4: the config frozen at PoC start. */
  config: DynamicCoefficientModelConfig | null;
  /** Field 5: the controller's base before dilution. */
  baseCoefficient: ChainDecimal | null;
  /** Field 6: the controller's current step. */
  adaptiveStep: ChainDecimal | null;
  /** Field 7 (sint32): the direction of the last move, -1, 0 or 1. */
  prevSign: number;
  /** Field 8: the model counts nothing toward confirmation (no active node on it). */
  excludeFromConfirmation: boolean;
}

/** A PoCModelConfig as the controller and the upgrade read it (fields 1, 4 and 6). */
export interface PocModel {
  modelId: string;
  weightScaleFactor: ChainDecimal | null;
  dynamicCoefficient: DynamicCoefficientModelConfig | null;
}

/** The PocParams the controller and the upgrade read (fields 4, 14, 16); `models: null` is Go's nil slice, a null entry a nil pointer. */
export interface CoefficientParams {
  dynamicCoefficientParams: DynamicCoefficientParams | null;
  /** The deprecated params-wide scale factor (the upgrade clears it). */
  weightScaleFactor?: ChainDecimal | null;
  models: readonly (PocModel | null)[] | null;
}

/** A scale with only the pre-v0.2.16 fields set. */
export function legacyScale(modelId: string, weightScaleFactor: ChainDecimal | null): ConfirmationWeightScale {
  return { modelId, weightScaleFactor, effectiveCoefficient: null, config: null, baseCoefficient: null, adaptiveStep: null, prevSign: 0, excludeFromConfirmation: false };
}

const cloneDecimal = (d: ChainDecimal | null): ChainDecimal | null => (d === null ? null : { value: d.value, exponent: d.exponent });

/** A deep copy of a model config (Go's cloneModelConfig). */
export function cloneModelConfig(c: DynamicCoefficientModelConfig | null): DynamicCoefficientModelConfig | null {
  if (c === null) return null;
  return { coeffMin: cloneDecimal(c.coeffMin), coeffMax: cloneDecimal(c.coeffMax), relativeDifficulty: cloneDecimal(c.relativeDifficulty), targetShareBps: c.targetShareBps };
}

/** A deep copy of the controller params (Go's cloneParams). */
export function cloneParams(p: DynamicCoefficientParams | null): DynamicCoefficientParams | null {
  if (p === null) return null;
  return { targetZoneBps: p.targetZoneBps, stepMin: cloneDecimal(p.stepMin), stepMax: cloneDecimal(p.stepMax), bootstrapStepMax: cloneDecimal(p.bootstrapStepMax), bootstrapShareBps: p.bootstrapShareBps };
}

/** A deep copy of a scale (Go's cloneScales, one entry). */
export function cloneScale(s: ConfirmationWeightScale): ConfirmationWeightScale {
  return {
    modelId: s.modelId,
    weightScaleFactor: cloneDecimal(s.weightScaleFactor),
    effectiveCoefficient: cloneDecimal(s.effectiveCoefficient),
    config: cloneModelConfig(s.config),
    baseCoefficient: cloneDecimal(s.baseCoefficient),
    adaptiveStep: cloneDecimal(s.adaptiveStep),
    prevSign: s.prevSign,
    excludeFromConfirmation: s.excludeFromConfirmation,
  };
}

export { cloneDecimal };
