/** Punishment grace epochs: an upgrade-written p0 that replaces the governance p0 at settlement. */
import type { ChainDecimal } from "../go/chain-decimal.js";
import type { ValidationParams } from "./get-dynamic-p0.js";

/** types.GraceEpochParams (only binom_test_p0 matters for settlement). */
export interface GraceEpochParams {
  binomTestP0: ChainDecimal | null;
  upgradeProtectionWindow?: bigint;
}

/** The chain's default ValidationParams.BinomTestP0: DecimalFromFloat(0.10) = {1, -1}. */
export const DEFAULT_BINOM_TEST_P0: ChainDecimal = Object.freeze({ value: 1n, exponent: -1 });

/**
 * Mirrors the validation-params selection in keeper.SettleAccounts: nil params become the defaults,
 * then a grace entry for the epoch with a non-nil BinomTestP0 replaces BinomTestP0 (on a copy).
 */
export function settlementValidationParams(params: ValidationParams | null, grace: GraceEpochParams | null): ValidationParams {
  const base: ValidationParams = params ?? { binomTestP0: DEFAULT_BINOM_TEST_P0 };
  if (grace !== null && grace.binomTestP0 !== null) return { ...base, binomTestP0: grace.binomTestP0 };
  return base;
}
