/** The chain's `types.Decimal{Value int64, Exponent int32}` and its validation from JSON. */
import { InputError, describeValue } from "../errors.js";
import { Decimal } from "../go/decimal.js";
import { INT32_MAX, INT32_MIN, checkedInt64 } from "../go/int64.js";
import type { Json } from "../go/json.js";

export interface ChainDecimal {
  value: bigint;
  exponent: number;
}

/** Mirrors types.Decimal.ToDecimal (decimal.New(Value, Exponent)). */
export function chainDecimalToDecimal(d: ChainDecimal): Decimal {
  return Decimal.new(d.value, d.exponent);
}

/** The vector/JSON shape of a chain decimal: value, exponent and Go's String() of it. */
export function chainDecimalJson(d: ChainDecimal): { value: bigint; exponent: number; decimal: string } {
  return { value: d.value, exponent: d.exponent, decimal: chainDecimalToDecimal(d).toString() };
}

/** Parse `{value, exponent}` (value an int64, exponent an int32; either may be a digit string). */
export function parseChainDecimal(v: Json | undefined, path: string): ChainDecimal {
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    throw new InputError(`expected a decimal {"value": int, "exponent": int}, got ${describeValue(v)}`, path);
  }
  for (const k of Object.keys(v)) {
    if (k !== "value" && k !== "exponent") throw new InputError(`unexpected field ${JSON.stringify(k)} (a decimal has value and exponent)`, path);
  }
  const value = checkedInt64(v.value, `${path}.value`);
  const e = checkedInt64(v.exponent, `${path}.exponent`);
  if (e < INT32_MIN || e > INT32_MAX) throw new InputError(`${e} does not fit in int32`, `${path}.exponent`);
  return { value, exponent: Number(e) };
}

/** Parse a nullable chain decimal (absent or null → null). */
export function parseOptionalChainDecimal(v: Json | undefined, path: string): ChainDecimal | null {
  if (v === undefined || v === null) return null;
  return parseChainDecimal(v, path);
}
