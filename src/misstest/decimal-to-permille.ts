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

/** The last p0 (by value) and its permille: an epoch asks for the same p0's once per participant. */
let last: { value: bigint; exp: number; permille: number } | null = null;

/** Mirrors calculations.decimalToPermille. */
export function decimalToPermille(p0: Decimal): number {
  if (last !== null && last.value === p0.value && last.exp === p0.exp) return last.permille;
  const permille = permilleIntPart(p0);
  const r = permille >= 0n && permille <= 1000n && CRITICAL_VALUE_TABLES.has(Number(permille)) ? Number(permille) : -1;
  last = { value: p0.value, exp: p0.exp, permille: r };
  return r;
}

