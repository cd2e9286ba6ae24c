/**
 * The on-chain verdict with its reasons: which path decided (table row, ratio rule above 990,
 * direct p-value), the numbers it compared, and the largest allowed missed count for the total.
 * Same routing and result as missedStatTest, which stays the one source of truth for `passed`.
 */
import type { Decimal } from "../go/decimal.js";
import { GoError } from "../go/errors.js";
import { CRITICAL_VALUE_TABLES, MAX_TABLE_N, P0_MULTIPLIERS, type Threshold } from "./critical-value-tables.js";
import { binomialPValue } from "./binomial-p-value.js";
import { decimalToPermille } from "./decimal-to-permille.js";
import { checkedInt64 } from "../go/int64.js";
import { decidingRow } from "./missed-stat-test-lookup.js";
import { ALPHA, DIRECT_PATH_PRECISION, missedStatTest } from "./missed-stat-test.js";

export type DecidingPath =
  /** total = 0: always passes, before any check. */
  | "zero-total"
  /** Go returned an error (bad counts, or p0 outside (0, 1) on the direct path). */
  | "error"
  /** total 1: below the first table row, passes. */
  | "below-table"
  /** total 2..990: the critical value of the largest table row with Total <= total. */
  | "table-row"
  /** total > 990: missed·den <= total·num in wrapping int64. */
  | "ratio-rule"
  /** p0 without a table: BinomialPValue(missed, total, p0, 16) >= 0.05. */
  | "direct-p-value";

export interface MissTestVerdict {
  nMissed: bigint;
  nTotal: bigint;
  /** p0 as Go's String() prints it. */
  p0: string;
  /** The table key (50…500) or -1 for the direct path. */
  permille: number;
  /** Go's bool result (false together with an error). */
  passed: boolean;
  /** Go's error, when it returned one (settlement then keeps the reward). */
  error?: string;
  path: DecidingPath;
  /** The deciding table row (path "table-row"). */
  row?: Threshold;
  /** The ratio (numerator, denominator) of the rule above 990 (path "ratio-rule"). */
  ratio?: { numerator: bigint; denominator: bigint };
  /** The direct path's p-value as Go prints it (path "direct-p-value"). */
  pValue?: string;
  /**
   * The largest m such that every missed count 0..m passes for this total (-1 when even 0 fails,
   * null when Go errors for this p0 or the direct-path scan was cut short).
   */
  maxAllowedMissed: bigint | null;
}

const TWO_64 = 1n << 64n;
const TWO_63 = 1n << 63n;

/**
 * Largest m with every count 0..m passing the wrapping-int64 ratio rule. The wrapped product
 * m·den fails only inside the zones (j·2^64 + R, j·2^64 + 2^63) with R = wrap(n·num); a step of
 * den can jump over a zone only when R is within den of 2^63.
 */
export function ratioRuleMaxAllowed(nTotal: bigint, numerator: bigint, denominator: bigint): bigint {
  const r = BigInt.asIntN(64, nTotal * numerator);
  if (r < 0n) return -1n;
  for (let j = 0n; ; j++) {
    const mFail = (j * TWO_64 + r) / denominator + 1n;
    if (mFail > nTotal) return nTotal;
    if (mFail * denominator < j * TWO_64 + TWO_63) return mFail - 1n;
  }
}

/** Scan limit for the direct path's allowed maximum (it stops at the first failing count). */
const DIRECT_SCAN_LIMIT = 100_000n;

function directMaxAllowed(nTotal: bigint, p0: Decimal): bigint | null {
  let m = -1n;
  for (let k = 0n; k <= nTotal; k++) {
    if (k > DIRECT_SCAN_LIMIT) return null;
    if (!binomialPValue(k, nTotal, p0, DIRECT_PATH_PRECISION).greaterThanOrEqual(ALPHA)) break;
    m = k;
  }
  return m;
}


/** missedStatTest with the path that decided and the allowed maximum for the total. */
export function explainMissedStatTest(nMissed: bigint, nTotal: bigint, p0: Decimal): MissTestVerdict {
  checkedInt64(nMissed, "nMissed");
  checkedInt64(nTotal, "nTotal");
  const permille = decimalToPermille(p0);
  const p0s = p0.toString();
  // (each verdict written out whole: spreading a shared base object cost ~20x the test itself)
  let passed: boolean;
  try {
    passed = missedStatTest(nMissed, nTotal, p0);
  } catch (e) {
    if (!(e instanceof GoError)) throw e;
    return { nMissed, nTotal, p0: p0s, permille, passed: false, error: e.message, path: "error", maxAllowedMissed: null };
  }
  if (nTotal === 0n) return { nMissed, nTotal, p0: p0s, permille, passed, path: "zero-total", maxAllowedMissed: 0n };
  if (permille > 0) {
    if (nTotal > MAX_TABLE_N) {
      const [numerator, denominator] = P0_MULTIPLIERS[permille]!;
      const maxAllowedMissed = ratioRuleMaxAllowed(nTotal, numerator, denominator);
      return { nMissed, nTotal, p0: p0s, permille, passed, path: "ratio-rule", ratio: { numerator, denominator }, maxAllowedMissed };
    }
    const row = decidingRow(CRITICAL_VALUE_TABLES.get(permille)!, nTotal);
    if (row === null) return { nMissed, nTotal, p0: p0s, permille, passed, path: "below-table", maxAllowedMissed: nTotal };
    return { nMissed, nTotal, p0: p0s, permille, passed, path: "table-row", row, maxAllowedMissed: BigInt(row.criticalMisses) };
  }
  const pValue = binomialPValue(nMissed, nTotal, p0, DIRECT_PATH_PRECISION).toString();
  return { nMissed, nTotal, p0: p0s, permille, passed, path: "direct-p-value", pValue, maxAllowedMissed: directMaxAllowed(nTotal, p0) };
}

