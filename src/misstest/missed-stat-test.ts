/**
 * The on-chain binomial miss test: true means the miss count is acceptable, false means punish.
 * Supported p0 values (truncated permille 50, 100, 200, 300, 400, 500) use the lookup tables; any
 * other p0 takes the direct decimal p-value path with alpha = 0.05 (equality passes).
 */
import { Decimal } from "../go/decimal.js";
import { GoError } from "../go/errors.js";
import { binomialPValue } from "./binomial-p-value.js";
import { decimalToPermille } from "./decimal-to-permille.js";
import { checkedInt64 } from "../go/int64.js";
import { INVALID_COUNTS_MESSAGE, missedStatTestLookupWithP0 } from "./missed-stat-test-lookup.js";

/** alpha = decimal.NewFromFloat(0.05): exactly 5 × 10^-2. */
export const ALPHA = Decimal.new(5n, -2);

/** The precision of the direct path (BinomialPValue's prec argument). */
export const DIRECT_PATH_PRECISION = 16;

/** Mirrors calculations.MissedStatTest (nMissed, nTotal: Go ints as bigint); throws GoError where Go returns an error. */
export function missedStatTest(nMissed: bigint, nTotal: bigint, p0: Decimal): boolean {
  checkedInt64(nMissed, "nMissed");
  checkedInt64(nTotal, "nTotal");
  if (nTotal === 0n) return true;
  if (nMissed < 0n || nTotal < 0n || nMissed > nTotal) throw new GoError(INVALID_COUNTS_MESSAGE);
  const permille = decimalToPermille(p0);
  if (permille > 0) return missedStatTestLookupWithP0(nMissed, nTotal, permille);
  const pValue = binomialPValue(nMissed, nTotal, p0, DIRECT_PATH_PRECISION);
  return pValue.greaterThanOrEqual(ALPHA);
}
