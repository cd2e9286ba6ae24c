/**
 * coefficients.encodeDecimal: how the controller stores a LegacyDec as a chain Decimal, and the value it
 * continues with (the stored one, re-read): trailing zeros dropped, then digits cut (truncated) until
 * the coefficient fits int64.
 */
import { chainDecimalToLegacyDec, MAX_DECIMAL_EXPONENT_ABS, type ChainDecimal } from "../go/chain-decimal.js";
import { GoError } from "../go/errors.js";
import { INT64_MAX, INT64_MIN } from "../go/int64.js";
import { LegacyDec } from "../go/legacy-dec.js";

/** Mirrors coefficients.encodeDecimal: the stored Decimal and the LegacyDec it reads back as. */
export function encodeDecimal(value: LegacyDec): { encoded: ChainDecimal; value: LegacyDec } {
  if (value.isNegative()) throw new GoError("value cannot be negative");
  if (value.isZero()) return { encoded: { value: 0n, exponent: 0 }, value: LegacyDec.fromInt(0) };
  const text = value.toString();
  const dot = text.indexOf(".");
  // LegacyDec.String always has a point and 18 fractional digits
  let coefficient = BigInt(text.slice(0, dot) + text.slice(dot + 1));
  let exponent = -(text.length - dot - 1);
  while (exponent < 0 && coefficient % 10n === 0n) {
    coefficient /= 10n;
    exponent++;
  }
  while (coefficient < INT64_MIN || coefficient > INT64_MAX) {
    coefficient /= 10n;
    exponent++;
  }
  if (exponent > MAX_DECIMAL_EXPONENT_ABS) throw new GoError(`decimal ${text} exceeds storage range`);
  const encoded = { value: coefficient, exponent };
  return { encoded, value: chainDecimalToLegacyDec(encoded, MAX_DECIMAL_EXPONENT_ABS) };
}
