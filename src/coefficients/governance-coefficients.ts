/**
 * coefficients.GovernanceCoefficients: the coefficient a model has before any PoC of the epoch is
 * measured (the bootstrap pre-eligibility calculator's group coefficient, #1566).
 */
import { chainDecimalToLegacyDec, MAX_DECIMAL_EXPONENT_ABS } from "../go/chain-decimal.js";
import { GoError } from "../go/errors.js";
import { LegacyDec } from "../go/legacy-dec.js";
import type { CoefficientPocParams } from "./freeze.js";
import { positiveDecimal } from "./positive-decimal.js";

/** Mirrors coefficients.GovernanceCoefficients: legacy params → the weight scale factor (nil or unreadable → 1); else coeff_min (no config or not positive → 0). */
export function governanceCoefficients(pocParams: CoefficientPocParams | null): Map<string, LegacyDec> {
  const out = new Map<string, LegacyDec>();
  if (pocParams === null) return out;
  for (const m of pocParams.models ?? []) {
    if (m === null || m.modelId === "") continue;
    if (pocParams.dynamicCoefficientParams === null) {
      let v = LegacyDec.fromInt(1);
      if (m.weightScaleFactor !== null) {
        try {
          v = chainDecimalToLegacyDec(m.weightScaleFactor, MAX_DECIMAL_EXPONENT_ABS);
        } catch (e) {
          if (!(e instanceof GoError)) throw e;
        }
      }
      out.set(m.modelId, v);
    } else if (m.dynamicCoefficient === null) out.set(m.modelId, LegacyDec.fromInt(0));
    else {
      try {
        out.set(m.modelId, positiveDecimal(`coeff_min for model ${JSON.stringify(m.modelId)}`, m.dynamicCoefficient.coeffMin));
      } catch (e) {
        if (!(e instanceof GoError)) throw e;
        out.set(m.modelId, LegacyDec.fromInt(0));
      }
    }
  }
  return out;
}
