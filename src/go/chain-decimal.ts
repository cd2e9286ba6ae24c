/**
 * The chain's `types.Decimal{Value int64, Exponent int32}` (value × 10^exponent) read from JSON, and
 * its JSON rendering. Converting it to a shopspring Decimal is `Decimal.fromChain` (types.Decimal.ToDecimal).
 */
import { InputError, describeValue } from "../errors.js";
import { Decimal } from "./decimal.js";
import { INT32_MAX, INT32_MIN, checkedInt64 } from "./int64.js";
import type { Json } from "./json.js";

export interface ChainDecimal {
  value: bigint;
  exponent: number;
}

/** The vector/JSON shape of a chain decimal: value, exponent and Go's String() of it. */
export function chainDecimalJson(d: ChainDecimal): { value: bigint; exponent: number; decimal: string } {
  return { value: d.value, exponent: d.exponent, decimal: Decimal.fromChain(d).toString() };
}

/** Parse `{value, exponent}` (value an int64, exponent an int32; either may be a digit string). */
export function parseChainDecimal(v: Json | undefined, path: string): ChainDecimal {
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    throw new InputError(`expected a decimal {"value": int, "exponent": int}, got ${describeValue(v)}`, path);
  }
  for (const k of Object.keys(v)) {
    // decimalString/decimal: Go's rendering, written beside the value in vectors and our outputs
    if (k === "decimalString" || k === "decimal") {
      if (typeof v[k] !== "string") throw new InputError(`expected a string, got ${describeValue(v[k])}`, `${path}.${k}`);
      continue;
    }
    if (k !== "value" && k !== "exponent") throw new InputError(`unexpected field ${JSON.stringify(k)} (a decimal has value and exponent)`, path);
  }
  for (const k of ["value", "exponent"]) if (v[k] === undefined) throw new InputError(`missing field "${k}"`, path);
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
