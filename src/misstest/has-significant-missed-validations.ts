/** The claim path: does a validator's count of missed validations fail the miss test? */
import { Decimal } from "../go/decimal.js";
import type { ValidationParams } from "./get-dynamic-p0.js";
import { missedStatTest } from "./missed-stat-test.js";

/** decimal.NewFromFloat(0.10): {1, -1}. */
export const CLAIM_DEFAULT_P0 = Decimal.new(1n, -1);

/**
 * Mirrors the decision tail of msgServer.hasSignificantMissedValidations: the raw governance p0
 * (no grace, no dynamic selection; 0.10 when unset), significant = the miss test failed.
 * Throws GoError where Go returns the error.
 */
export function hasSignificantMissedValidations(missed: bigint, total: bigint, validationParams: ValidationParams | null): boolean {
  let p0 = CLAIM_DEFAULT_P0;
  if (validationParams !== null && validationParams.binomTestP0 !== null) p0 = Decimal.fromChain(validationParams.binomTestP0);
  return !missedStatTest(missed, total, p0);
}
