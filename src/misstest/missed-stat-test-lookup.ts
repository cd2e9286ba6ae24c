/** The table path of the miss test: critical-value rows up to n = 990, the int64 ratio rule above. */
import { GoError } from "../go/errors.js";
import { mulInt64 } from "../go/int64.js";
import { CRITICAL_VALUE_TABLES, MAX_TABLE_N, P0_MULTIPLIERS, type Threshold } from "./critical-value-tables.js";

export const INVALID_COUNTS_MESSAGE = "invalid input: requires 0 <= nMissed <= nTotal and nTotal > 0";

/** Go's sort.Search for the first row with Total > nTotal (nTotal <= 990 here, so Number is exact). */
export function upperBoundRow(table: readonly Threshold[], nTotal: number): number {
  let lo = 0;
  let hi = table.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (table[mid]!.total > nTotal) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The row that decides a table lookup (the largest Total <= nTotal), or null when nTotal is below every row. */
export function decidingRow(table: readonly Threshold[], nTotal: bigint): Threshold | null {
  const idx = upperBoundRow(table, Number(nTotal));
  return idx === 0 ? null : table[idx - 1]!;
}

/** The ratio rule above 990 exactly as Go evaluates it: nMissed*den <= nTotal*num in wrapping int64. */
export function ratioRulePasses(nMissed: bigint, nTotal: bigint, multiplier: readonly [bigint, bigint]): boolean {
  return mulInt64(nMissed, multiplier[1]) <= mulInt64(nTotal, multiplier[0]);
}

/** Mirrors calculations.MissedStatTestLookupWithP0 (nMissed, nTotal: Go ints as bigint). */
export function missedStatTestLookupWithP0(nMissed: bigint, nTotal: bigint, p0Permille: number): boolean {
  if (nTotal === 0n) return true;
  if (nMissed < 0n || nTotal < 0n || nMissed > nTotal) throw new GoError(INVALID_COUNTS_MESSAGE);
  const table = CRITICAL_VALUE_TABLES.get(p0Permille);
  if (table === undefined) throw new GoError("unsupported p0 value");
  if (nTotal > MAX_TABLE_N) {
    const multiplier = P0_MULTIPLIERS[p0Permille];
    if (multiplier === undefined) throw new GoError("unsupported p0 value for large n");
    return ratioRulePasses(nMissed, nTotal, multiplier);
  }
  const row = decidingRow(table, nTotal);
  if (row === null) return true;
  return nMissed <= BigInt(row.criticalMisses);
}
