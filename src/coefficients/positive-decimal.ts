/** coefficients.positiveDecimal: a chain Decimal the controller requires to be set and above zero. */
import { chainDecimalToLegacyDec, MAX_DECIMAL_EXPONENT_ABS, type ChainDecimal } from "../go/chain-decimal.js";
import { GoError } from "../go/errors.js";
import type { LegacyDec } from "../go/legacy-dec.js";

/** Mirrors coefficients.positiveDecimal: nil, a value ToLegacyDec refuses, or one ≤ 0 is Go's error naming `name`. */
export function positiveDecimal(name: string, value: ChainDecimal | null): LegacyDec {
  if (value === null) throw new GoError(`${name} cannot be nil`);
  let dec: LegacyDec;
  try {
    dec = chainDecimalToLegacyDec(value, MAX_DECIMAL_EXPONENT_ABS);
  } catch (e) {
    if (e instanceof GoError) throw new GoError(`${name}: ${e.message}`);
    throw e;
  }
  if (!dec.isPositive()) throw new GoError(`${name} must be positive`);
  return dec;
}
