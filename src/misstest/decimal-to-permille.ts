/** The table key of a p0 value (truncated permille), or -1 when no table exists for it. */
import { type Decimal, pow10 } from "../go/decimal.js";
import { CRITICAL_VALUE_TABLES } from "./critical-value-tables.js";

/** IntPart(p0 × 1000): truncation toward zero, then Go's big.Int.Int64 wrap (low 64 bits of |x|, sign re-applied). */
export function permilleIntPart(p0: Decimal): bigint {
  const scaled = p0.value * 1000n;
  const whole = p0.exp >= 0 ? scaled * pow10(p0.exp) : scaled / pow10(-p0.exp);
  const mag = BigInt.asIntN(64, whole < 0n ? -whole : whole);
  return BigInt.asIntN(64, whole < 0n ? -mag : mag);
}

/**
 * Each p0's key, computed once per Decimal: a Decimal never changes, so this memo holds a function of
 * its value and nothing else (an epoch asks for the same p0 once per participant, twice each).
 */
const permilleOf = new WeakMap<Decimal, number>();

/** Mirrors calculations.decimalToPermille. */
export function decimalToPermille(p0: Decimal): number {
  let r = permilleOf.get(p0);
  if (r === undefined) {
    const permille = permilleIntPart(p0);
    r = permille >= 0n && permille <= 1000n && CRITICAL_VALUE_TABLES.has(Number(permille)) ? Number(permille) : -1;
    permilleOf.set(p0, r);
  }
  return r;
}

