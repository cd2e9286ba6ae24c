/** Go `int` (64-bit) arguments of the ported functions: bigint, checked to be in int64 range. */
import { InputError } from "../errors.js";
import { INT64_MAX, INT64_MIN } from "../go/int64.js";

/** Reject a value a Go `int` could not hold (a caller bug, not a Go behaviour). */
export function goInt(x: bigint, name: string): bigint {
  if (typeof x !== "bigint") throw new InputError(`expected a bigint, got ${typeof x}`, name);
  if (x < INT64_MIN || x > INT64_MAX) throw new InputError(`${x} does not fit in a Go int (int64)`, name);
  return x;
}
