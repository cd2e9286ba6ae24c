/** Mirrors calculations.NewSPRT (sprt.go at redstartechno/gonka@bb2de824: v0.2.10 only). */
import { DEC_ONE, DEC_ZERO, type Decimal } from "../go/decimal.js";
import { ln } from "../go/decimal-math.js";
import { GoError } from "../go/errors.js";
import type { Sprt } from "./status-types.js";

/**
 * v0.2.10 builds the test at every ComputeStatus call: P0 and P1 must lie strictly inside (0, 1), then
 * logFail = Ln(P1/P0) and logPass = Ln((1−P1)/(1−P0)) at `prec` places (the quotients at shopspring's
 * 16 places; a quotient that rounds to 0 has no logarithm). Every failure is a GoError, which the
 * caller turns into the Error decision.
 */
export function newSprt(p0: Decimal, p1: Decimal, h: Decimal, llr: Decimal, prec: number): Sprt {
  if (!p0.greaterThan(DEC_ZERO) || !p0.lessThan(DEC_ONE) || !p1.greaterThan(DEC_ZERO) || !p1.lessThan(DEC_ONE)) {
    throw new GoError("P0 and P1 must be in (0,1)");
  }
  const logFail = ln(p1.div(p0), prec);
  const logPass = ln(DEC_ONE.sub(p1).div(DEC_ONE.sub(p0)), prec);
  return { h, llr, logFail, logPass };
}
