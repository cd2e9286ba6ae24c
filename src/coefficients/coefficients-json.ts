/**
 * The controller's state messages as vector JSON (the v0216_* suites' shape): scales, model configs and
 * params with every field present, chain decimals `{value, exponent}` or null. Read strictly; written back
 * in the same shape.
 */
import type { ChainDecimal } from "../go/chain-decimal.js";
import { INT32_MAX, INT32_MIN, UINT32_MAX } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { exactObject, expectArray, expectBoolean, expectString, type JsonObject } from "../json-input.js";
import { chainDecimalField, intField } from "../vectors/spec-suite.js";
import type { CoefficientParams, ConfirmationWeightScale, DynamicCoefficientModelConfig, DynamicCoefficientParams, PocModel } from "./confirmation-weight-scale.js";

const SCALE = ["modelId", "weightScaleFactor", "effectiveCoefficient", "config", "baseCoefficient", "adaptiveStep", "prevSign", "excludeFromConfirmation"] as const;
const CONFIG = ["coeffMin", "coeffMax", "relativeDifficulty", "targetShareBps"] as const;
const PARAMS = ["targetZoneBps", "stepMin", "stepMax", "bootstrapStepMax", "bootstrapShareBps"] as const;
const MODEL = ["modelId", "weightScaleFactor", "dynamicCoefficient"] as const;

const uint32 = (v: Json | undefined, path: string): bigint => intField(v, path, 0n, UINT32_MAX);
const dec = (d: ChainDecimal | null): Json => (d === null ? null : { value: d.value, exponent: d.exponent });

export function readModelConfig(v: Json | undefined, path: string): DynamicCoefficientModelConfig | null {
  if (v === null) return null;
  const o = exactObject(v, CONFIG, path);
  return { coeffMin: chainDecimalField(o.coeffMin, `${path}.coeffMin`), coeffMax: chainDecimalField(o.coeffMax, `${path}.coeffMax`), relativeDifficulty: chainDecimalField(o.relativeDifficulty, `${path}.relativeDifficulty`), targetShareBps: uint32(o.targetShareBps, `${path}.targetShareBps`) };
}

export function readParams(v: Json | undefined, path: string): DynamicCoefficientParams | null {
  if (v === null) return null;
  const o = exactObject(v, PARAMS, path);
  return {
    targetZoneBps: uint32(o.targetZoneBps, `${path}.targetZoneBps`),
    stepMin: chainDecimalField(o.stepMin, `${path}.stepMin`),
    stepMax: chainDecimalField(o.stepMax, `${path}.stepMax`),
    bootstrapStepMax: chainDecimalField(o.bootstrapStepMax, `${path}.bootstrapStepMax`),
    bootstrapShareBps: uint32(o.bootstrapShareBps, `${path}.bootstrapShareBps`),
  };
}

export function readScale(v: Json | undefined, path: string): ConfirmationWeightScale | null {
  if (v === null) return null;
  const o = exactObject(v, SCALE, path);
  return {
    modelId: expectString(o.modelId, `${path}.modelId`),
    weightScaleFactor: chainDecimalField(o.weightScaleFactor, `${path}.weightScaleFactor`),
    effectiveCoefficient: chainDecimalField(o.effectiveCoefficient, `${path}.effectiveCoefficient`),
    config: readModelConfig(o.config, `${path}.config`),
    baseCoefficient: chainDecimalField(o.baseCoefficient, `${path}.baseCoefficient`),
    adaptiveStep: chainDecimalField(o.adaptiveStep, `${path}.adaptiveStep`),
    prevSign: Number(intField(o.prevSign, `${path}.prevSign`, INT32_MIN, INT32_MAX)),
    excludeFromConfirmation: expectBoolean(o.excludeFromConfirmation, `${path}.excludeFromConfirmation`),
  };
}

/** A list of scales (null entries are nil pointers; a null list is Go's nil slice, read as empty). */
export function readScales(v: Json | undefined, path: string): (ConfirmationWeightScale | null)[] {
  return v === null ? [] : expectArray(v, path).map((s, i) => readScale(s, `${path}[${i}]`));
}

/** PocParams as the controller reads it; `weightScaleFactor` (the params-wide one) only where the suite has it. */
export function readCoefficientParams(v: Json | undefined, path: string, withWeightScaleFactor: boolean): CoefficientParams | null {
  if (v === null) return null;
  const o = exactObject(v, withWeightScaleFactor ? ["dynamicCoefficientParams", "weightScaleFactor", "models"] : ["dynamicCoefficientParams", "models"], path);
  const models = o.models === null ? null : expectArray(o.models, `${path}.models`).map((m, i): PocModel | null => {
    if (m === null) return null;
    const mp = `${path}.models[${i}]`;
    const mo = exactObject(m, MODEL, mp);
    return { modelId: expectString(mo.modelId, `${mp}.modelId`), weightScaleFactor: chainDecimalField(mo.weightScaleFactor, `${mp}.weightScaleFactor`), dynamicCoefficient: readModelConfig(mo.dynamicCoefficient, `${mp}.dynamicCoefficient`) };
  });
  return {
    dynamicCoefficientParams: readParams(o.dynamicCoefficientParams, `${path}.dynamicCoefficientParams`),
    ...(withWeightScaleFactor ? { weightScaleFactor: chainDecimalField(o.weightScaleFactor, `${path}.weightScaleFactor`) } : {}),
    models,
  };
}

export const modelConfigJson = (c: DynamicCoefficientModelConfig | null): Json =>
  c === null ? null : { coeffMin: dec(c.coeffMin), coeffMax: dec(c.coeffMax), relativeDifficulty: dec(c.relativeDifficulty), targetShareBps: c.targetShareBps };

export const paramsJson = (p: DynamicCoefficientParams | null): Json =>
  p === null ? null : { targetZoneBps: p.targetZoneBps, stepMin: dec(p.stepMin), stepMax: dec(p.stepMax), bootstrapStepMax: dec(p.bootstrapStepMax), bootstrapShareBps: p.bootstrapShareBps };

export const scaleJson = (s: ConfirmationWeightScale | null): Json =>
  s === null
    ? null
    : {
        modelId: s.modelId,
        weightScaleFactor: dec(s.weightScaleFactor),
        effectiveCoefficient: dec(s.effectiveCoefficient),
        config: modelConfigJson(s.config),
        baseCoefficient: dec(s.baseCoefficient),
        adaptiveStep: dec(s.adaptiveStep),
        prevSign: s.prevSign,
        excludeFromConfirmation: s.excludeFromConfirmation,
      };

export function coefficientParamsJson(p: CoefficientParams): JsonObject {
  return {
    dynamicCoefficientParams: paramsJson(p.dynamicCoefficientParams),
    ...(p.weightScaleFactor !== undefined ? { weightScaleFactor: dec(p.weightScaleFactor) } : {}),
    models: p.models === null ? null : p.models.map((m) => (m === null ? null : { modelId: m.modelId, weightScaleFactor: dec(m.weightScaleFactor), dynamicCoefficient: modelConfigJson(m.dynamicCoefficient) })),
  };
}
