/**
 * The v0.2.16 upgrade's starting range per model (app/upgrades/v0_2_16 initialDynamicCoefficientConfig,
 * the handler text the release notes describe): the current scale ± 10 %, within the benchmark bounds of
 * proposals/multi-model-poc/dynamic-coeff-init.md for the three models it names.
 */
import type { ChainDecimal } from "../go/chain-decimal.js";
import { Decimal } from "../go/decimal.js";
import { GoError, GoPanic } from "../go/errors.js";
import { INT64_MAX, INT64_MIN } from "../go/int64.js";
import type { DynamicCoefficientModelConfig } from "./confirmation-weight-scale.js";

const NIL_DEREFERENCE = "runtime error: invalid memory address or nil pointer dereference";

/** Mirrors scaleMigrationDecimal: value × tenths ÷ 10 exactly (big integer), trailing zeros stripped; refused beyond int64. */
export function scaleMigrationDecimal(value: ChainDecimal | null, tenths: bigint): ChainDecimal {
  if (value === null) throw new GoPanic(NIL_DEREFERENCE);
  let coefficient = value.value * tenths;
  let exponent = value.exponent - 1;
  while (coefficient !== 0n && coefficient % 10n === 0n) {
    coefficient /= 10n;
    exponent++;
  }
  if (coefficient < INT64_MIN || coefficient > INT64_MAX) throw new GoError("scaled coefficient does not fit int64");
  return { value: coefficient, exponent };
}

/** Mirrors canonicalMigrationDecimal: nil is 1; else trailing zeros of the value move into the exponent. */
export function canonicalMigrationDecimal(value: ChainDecimal | null): ChainDecimal {
  if (value === null) return { value: 1n, exponent: 0 };
  let coefficient = value.value;
  let exponent = value.exponent;
  while (coefficient !== 0n && coefficient % 10n === 0n) {
    coefficient /= 10n;
    exponent++;
  }
  return { value: coefficient, exponent };
}

/** The benchmark bounds the handler names (min, max, relative difficulty), by model id. */
export const BENCHMARK_BOUNDS: Readonly<Record<string, { min: ChainDecimal; max: ChainDecimal; difficulty?: ChainDecimal }>> = {
  "MiniMaxAI/MiniMax-M2.7": { min: { value: 3024n, exponent: -4 }, max: { value: 3024n, exponent: -4 } },
  "zai-org/GLM-5.3-Flash": { min: { value: 508468965517n, exponent: -12 }, max: { value: 847197025352n, exponent: -12 }, difficulty: { value: 2668169014084n, exponent: -12 } },
  "deepseek-ai/DeepSeek-V4-Flash-0731": { min: { value: 183272727272n, exponent: -12 }, max: { value: 48951n, exponent: -5 }, difficulty: { value: 1541666666666n, exponent: -12 } },
};

const dec = (d: ChainDecimal): Decimal => Decimal.fromChain(d);

/**
 * Mirrors initialDynamicCoefficientConfig: [0.9 × scale, 1.1 × scale] narrowed to the model's benchmark
 * bounds where it has them (difficulty 1 otherwise); Go's error when the two do not overlap. The target
 * share is set by the caller.
 */
export function initialDynamicCoefficientConfig(modelId: string, weightScaleFactor: ChainDecimal | null): DynamicCoefficientModelConfig {
  const lower = scaleMigrationDecimal(weightScaleFactor, 9n);
  const upper = scaleMigrationDecimal(weightScaleFactor, 11n);
  const bench = Object.hasOwn(BENCHMARK_BOUNDS, modelId) ? BENCHMARK_BOUNDS[modelId] : undefined;
  let coeffMin = bench?.min ?? null;
  let coeffMax = bench?.max ?? null;
  if (coeffMin === null || dec(lower).greaterThan(dec(coeffMin))) coeffMin = lower;
  if (coeffMax === null || dec(upper).lessThan(dec(coeffMax))) coeffMax = upper;
  if (dec(coeffMin).greaterThan(dec(coeffMax))) throw new GoError("current coefficient +/-10% does not overlap benchmark bounds");
  return { coeffMin: { ...coeffMin }, coeffMax: { ...coeffMax }, relativeDifficulty: { ...(bench?.difficulty ?? { value: 1n, exponent: 0 }) }, targetShareBps: 0n };
}
