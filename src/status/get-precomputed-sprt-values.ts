/** Mirrors keeper.(Keeper).GetPrecomputedSPRTValues and zeroSprtValues (keeper/sprt_precompute.go at redstartechno/gonka@bd1fd508). */
import { precomputeSprtValues } from "./precompute-sprt-values.js";
import type { SprtPrecomputedValues, StatusValidationParams } from "./status-types.js";

/** The keeper's fallback when the block stored nothing: every log 0, so no count moves an LLR. */
export const ZERO_SPRT_VALUES: SprtPrecomputedValues = {
  invalidationLogFail: { value: 0n, exponent: 0 },
  invalidationLogPass: { value: 0n, exponent: 0 },
  inactiveLogFail: { value: 0n, exponent: 0 },
  inactiveLogPass: { value: 0n, exponent: 0 },
};

/** What the block's transient store gives ComputeStatus: the stored values, or (none stored) the zero fallback. */
export function getPrecomputedSprtValues(stored: SprtPrecomputedValues | null): SprtPrecomputedValues {
  return stored ?? ZERO_SPRT_VALUES;
}

/**
 * The values in force in a block whose BeginBlock ran PrecomputeSPRTValues on `validationParams`
 * (the params at that block): the precompute's values, or the zero fallback when it failed.
 */
export function precomputedForParams(validationParams: StatusValidationParams | null): SprtPrecomputedValues {
  let stored: SprtPrecomputedValues | null = null;
  try {
    stored = precomputeSprtValues(validationParams);
  } catch {
    // BeginBlock logs the error and goes on: the transient store stays empty
  }
  return getPrecomputedSprtValues(stored);
}
