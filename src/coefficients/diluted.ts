/** coefficients.diluted: compute above a model's target share is scored at the model's minimum (#1566). */
import type { LegacyDec } from "../go/legacy-dec.js";
import { BPS_DENOMINATOR } from "./adjust.js";

/**
 * Mirrors coefficients.diluted: the base when the model's share of the current normalized compute is at
 * most its target (or nothing is measured); else coeff_min + (base − coeff_min) × target ÷ share, the
 * part up to the target earning the base and the excess the minimum (Quo rounds half to even).
 */
export function diluted(base: LegacyDec, coeffMin: LegacyDec, targetBps: bigint, normalized: LegacyDec, total: LegacyDec): LegacyDec {
  if (total.isZero() || normalized.isZero()) return base;
  const scaledShare = normalized.mulInt64(BPS_DENOMINATOR);
  const targetWeight = total.mulInt64(targetBps);
  if (scaledShare.cmp(targetWeight) <= 0) return base;
  return coeffMin.add(base.sub(coeffMin).mul(targetWeight.quo(scaledShare)));
}
