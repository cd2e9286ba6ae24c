/**
 * Numbers for people: one digit-grouping rule for every text, table and report the project prints.
 * Display only: every value was decided exactly before it reaches these functions.
 */

/** 1234567 → "1,234,567" (an integer, bigint or number; a negative keeps its sign before the digits). */
export function groupDigits(x: bigint | number): string {
  const s = (typeof x === "bigint" ? x : BigInt(x)).toString();
  const neg = s.startsWith("-");
  const d = neg ? s.slice(1) : s;
  return (neg ? "-" : "") + d.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A delta with its sign: "+12", "-3", "0". */
export function signed(x: bigint | number | null): string {
  if (x === null) return "n/a";
  const v = typeof x === "bigint" ? x : BigInt(x);
  return v > 0n ? `+${groupDigits(v)}` : groupDigits(v);
}
