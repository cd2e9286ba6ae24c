/**
 * keeper.CoefficientAdjustedWeight (bitcoin_rewards.go) and the chain Decimal → LegacyDec coefficient
 * conversion it is fed with. Used by the v0.2.12 sampler's 34 % rule; kept for that comparison.
 */
import { chainDecimalToLegacyDec } from "../go/chain-decimal.js";
import { GoError } from "../go/errors.js";
import { addInt64 } from "../go/int64.js";
import { LegacyDec } from "../go/legacy-dec.js";
import type { ChainDecimal, MLNodeInfo } from "./state.js";

/**
 * Mirrors types.Decimal.LegacyDecOrOne: nil or {0,0} → 1; else ToLegacyDec, 1 on error (`maxExponentAbs`:
 * the v0.2.15 exponent bound of ToLegacyDec, see chainDecimalToLegacyDec; null before v0.2.15).
 */
export function legacyDecOrOne(d: ChainDecimal | null, maxExponentAbs: number | null = null): LegacyDec {
  if (d === null || (d.value === 0n && d.exponent === 0)) return LegacyDec.fromInt(1);
  try {
    return chainDecimalToLegacyDec(d, maxExponentAbs);
  } catch (e) {
    if (e instanceof GoError) return LegacyDec.fromInt(1);
    throw e;
  }
}

/** Mirrors keeper.CoefficientAdjustedWeight: Σ over models of trunc(coeff × Σ filtered PocWeight) (int64). */
export function coefficientAdjustedWeight(
  modelNodes: ReadonlyMap<string, readonly (MLNodeInfo | null)[] | null>,
  coefficients: ReadonlyMap<string, LegacyDec>,
  filter: ((n: MLNodeInfo) => boolean) | null,
): bigint {
  let total = 0n;
  for (const [modelId, nodes] of modelNodes) {
    const coeff = coefficients.get(modelId) ?? LegacyDec.fromInt(1);
    let raw = 0n;
    for (const n of nodes ?? []) if (n && (filter === null || filter(n))) raw = addInt64(raw, n.pocWeight);
    total = addInt64(total, coeff.mulInt64(raw).truncateInt64());
  }
  return total;
}
