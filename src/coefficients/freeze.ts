/** coefficients.Freeze: the coefficient config pinned onto the upcoming epoch at PoC start (#1566). */
import { compareGoStrings } from "../go/bytes.js";
import { goSortFunc } from "../go/slices-sort.js";
import { cloneDecimal, cloneModelConfig, cloneParams, legacyScale, type CoefficientParams, type ConfirmationWeightScale, type DynamicCoefficientParams } from "./confirmation-weight-scale.js";

/** The PocParams fields Freeze reads (the controller params and each model's config). */
export type CoefficientPocParams = CoefficientParams;

export interface FrozenConfig {
  params: DynamicCoefficientParams | null;
  scales: ConfirmationWeightScale[];
}

/**
 * Mirrors coefficients.Freeze (the one-argument form of v0.2.16): no params → nothing; no controller
 * params → each model's weight scale factor, as before v0.2.16; else each model with a config, config
 * only; sorted by model id either way.
 */
export function freeze(pocParams: CoefficientPocParams | null): FrozenConfig {
  if (pocParams === null) return { params: null, scales: [] };
  const legacy = pocParams.dynamicCoefficientParams === null;
  const scales: ConfirmationWeightScale[] = [];
  for (const m of pocParams.models ?? []) {
    if (m === null || m.modelId === "") continue;
    if (legacy) scales.push(legacyScale(m.modelId, cloneDecimal(m.weightScaleFactor)));
    else if (m.dynamicCoefficient !== null) scales.push({ ...legacyScale(m.modelId, null), config: cloneModelConfig(m.dynamicCoefficient) });
  }
  // slices.SortFunc is Go's pdqsort, not stable: a model listed twice keeps Go's order of its two entries
  goSortFunc(scales, (a, b) => compareGoStrings(a.modelId, b.modelId));
  return { params: legacy ? null : cloneParams(pocParams.dynamicCoefficientParams), scales };
}
