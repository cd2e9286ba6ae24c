/** The confirmation rescale (v0.2.13+): the participant's nodes weighted by each model's confirmation scale. */
import { chainDecimalToLegacyDec, MAX_DECIMAL_EXPONENT_ABS } from "../go/chain-decimal.js";
import { GoError } from "../go/errors.js";
import { addInt64 } from "../go/int64.js";
import { LegacyDec } from "../go/legacy-dec.js";
import { compareGoStrings } from "../go/bytes.js";
import { legacyDecOrOne } from "../preserved/coefficient-adjusted-weight.js";
import type { ModelScale, SettlementMLNode } from "./settlement-types.js";

/** Mirrors types.ConfirmationWeightCoefficients (x/inference/types/weight.go@17808620): model → LegacyDecOrOne(scale) (`maxExponentAbs`: ToLegacyDec's v0.2.15 bound). */
export function confirmationWeightCoefficients(scales: readonly (ModelScale | null)[], maxExponentAbs: number | null = null): Map<string, LegacyDec> {
  const out = new Map<string, LegacyDec>();
  for (const s of scales) {
    if (s === null || s.modelId === "") continue;
    out.set(s.modelId, legacyDecOrOne(s.weightScaleFactor, maxExponentAbs));
  }
  return out;
}

/**
 * Mirrors types.confirmationCoefficients at v0.2.16 (weight.go at zpoken/gonka@ef1a5efd, #1566): a scale
 * excluded from confirmation counts nothing; the coefficient is the effective one, else the deprecated
 * weight scale factor, else 1; a value ToLegacyDec refuses is 1, and a stored {0,0} is 0 (no longer 1).
 */
export function confirmationCoefficientsV0216(scales: readonly (ModelScale | null)[]): Map<string, LegacyDec> {
  const out = new Map<string, LegacyDec>();
  for (const s of scales) {
    if (s === null || s.modelId === "" || s.excludeFromConfirmation === true) continue;
    const d = s.effectiveCoefficient ?? s.weightScaleFactor;
    let coeff = LegacyDec.fromInt(1);
    if (d !== null) {
      try {
        coeff = chainDecimalToLegacyDec(d, MAX_DECIMAL_EXPONENT_ABS);
      } catch (e) {
        if (!(e instanceof GoError)) throw e;
      }
    }
    out.set(s.modelId, coeff);
  }
  return out;
}

/**
 * Mirrors types.ConfirmationWeightOfModelNodesWithCoefficients (weight.go@17808620): Σ over models in
 * sorted order of trunc(coeff × Σ PocWeight); a model without a coefficient counts nothing.
 */
export function confirmationWeightOfModelNodesWithCoefficients(
  modelNodes: ReadonlyMap<string, readonly (SettlementMLNode | null)[]>,
  coefficients: ReadonlyMap<string, LegacyDec>,
): bigint {
  let total = 0n;
  for (const modelId of [...modelNodes.keys()].sort(compareGoStrings)) {
    const coeff = coefficients.get(modelId);
    if (coeff === undefined) continue;
    let raw = 0n;
    for (const n of modelNodes.get(modelId) ?? []) if (n !== null) raw = addInt64(raw, n.pocWeight);
    total = addInt64(total, coeff.mulInt64(raw).truncateInt64());
  }
  return total;
}
