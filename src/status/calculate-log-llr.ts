/** Mirrors keeper.CalculateLogLLR (keeper/sprt_precompute.go at redstartechno/gonka@bd1fd508; unchanged through v0.2.16). */
import { DEC_ONE, Decimal } from "../go/decimal.js";
import { ln } from "../go/decimal-math.js";
import { GoError } from "../go/errors.js";

/** keeper's `precision`: the Ln places of every SPRT log (v0.2.10's LogPrecision is the same 12). */
export const SPRT_LOG_PRECISION = 12;

/** shopspring's decimal.Zero: New(0, 1), coefficient 0 with exponent 1. */
export const SHOPSPRING_ZERO = Decimal.new(0, 1);

/**
 * isFail: ln(p1/p0), or decimal.Zero when either is zero; else ln((1−p1)/(1−p0)), or decimal.Zero
 * when either is one. Ln at 12 places of the quotient at 16; a failed Ln (a quotient ≤ 0, e.g. one that
 * rounds to 0) gives Go's zero Decimal{} (0 with exponent 0), which the precompute then stores.
 */
export function calculateLogLlr(p1: Decimal, p0: Decimal, isFail: boolean): Decimal {
  if (isFail) {
    if (p1.isZero() || p0.isZero()) return SHOPSPRING_ZERO;
    return lnOrZero(p1.div(p0));
  }
  if (p1.equal(DEC_ONE) || p0.equal(DEC_ONE)) return SHOPSPRING_ZERO;
  return lnOrZero(DEC_ONE.sub(p1).div(DEC_ONE.sub(p0)));
}

/** `res, _ := x.Ln(precision)`: the error is dropped and the zero Decimal{} returned. */
function lnOrZero(x: Decimal): Decimal {
  try {
    return ln(x, SPRT_LOG_PRECISION);
  } catch (e) {
    if (e instanceof GoError) return Decimal.new(0, 0);
    throw e;
  }
}
