/** Mirrors calculations.probabilityOfConsecutiveFailures (status.go; same text at bb2de824, bd1fd508 and ef1a5efd). */
import { DEC_ONE, DEC_ZERO, type Decimal } from "../go/decimal.js";
import { powInt } from "../go/decimal-math.js";
import { SHOPSPRING_ZERO } from "./calculate-log-llr.js";

/**
 * P(F^N | good) = rate^N, exactly (shopspring Pow with an integer exponent). A rate outside [0, 1] or a
 * negative N gives decimal.Zero (which is below any positive cutoff, so the rule then fires).
 */
export function probabilityOfConsecutiveFailures(expectedFailureRate: Decimal, consecutiveFailures: bigint): Decimal {
  if (expectedFailureRate.lessThan(DEC_ZERO) || expectedFailureRate.greaterThan(DEC_ONE)) return SHOPSPRING_ZERO;
  if (consecutiveFailures < 0n) return SHOPSPRING_ZERO;
  return powInt(expectedFailureRate, consecutiveFailures);
}
