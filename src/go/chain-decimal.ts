/**
 * The chain's `types.Decimal{Value int64, Exponent int32}` (value × 10^exponent) read from JSON, and
 * its JSON rendering. Converting it to a shopspring Decimal is `Decimal.fromChain` (types.Decimal.ToDecimal).
 */
import { InputError, describeValue } from "../errors.js";
import { Decimal } from "./decimal.js";
import { GoError } from "./errors.js";
import { LegacyDec } from "./legacy-dec.js";
import { INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, checkedInt64 } from "./int64.js";
import type { Json } from "./json.js";

/**
 * The exponents of a chain Decimal this tool evaluates: −1000 ≤ exponent ≤ 1000.
 *
 * The chain's type allows any int32 exponent, and neither Params.Validate nor the rules reject one
 * (BinomTestP0 and PocSlotAllocation are only checked for nil). But every rule computes with them on
 * a big integer coefficient (shopspring), whose size is the exponent in digits: at ±10^9 each
 * operation would build a number of ~415 MB, in Go as here (the chain would stall, not decide), and
 * at −10^5 an epoch's miss tests already take 17 s here. Within ±1000 they take milliseconds. The
 * bound refuses nothing a vote could mean: with a 19-digit int64 value, an exponent of −1000 is
 * below 10^-980 and +1000 above 10^999, hundreds of orders beyond the chain's other decimal type,
 * LegacyDec (18 places, 256-bit integer part: 10^-18 to ~1.2×10^77). The Go vectors use −19..17.
 */
export const CHAIN_DECIMAL_EXPONENT_LIMIT = 1000;

/** Longest decimal text accepted from a user (flags, proposal and scenario files). */
export const DECIMAL_TEXT_LIMIT = 100;

/** types.MaxDecimalExponentAbs: ToLegacyDec's exponent bound from v0.2.15 (src/settlement/to-legacy-dec-exponent-bound.ts). */
export const MAX_DECIMAL_EXPONENT_ABS = 18;

export interface ChainDecimal {
  value: bigint;
  exponent: number;
}

/**
 * Mirrors types.(*Decimal).ToLegacyDec: LegacyNewDecFromStr of shopspring's String(). From v0.2.15
 * (types/params.go at zpoken/gonka@89ff8bdb, MaxDecimalExponentAbs = 18) an exponent outside
 * ±`maxExponentAbs` is ErrInvalidDecimalExponent before any parsing; `null` is the older unbounded
 * conversion. Every failure is a GoError (the callers map it to Go's fallback: 1, or 0).
 */
export function chainDecimalToLegacyDec(d: ChainDecimal, maxExponentAbs: number | null = null): LegacyDec {
  if (maxExponentAbs !== null) validateChainDecimal(d, maxExponentAbs);
  return LegacyDec.fromString(Decimal.new(d.value, d.exponent).toString());
}

/**
 * Mirrors types.(*Decimal).Validate (v0.2.15+): nil passes; an exponent outside ±`maxExponentAbs` is
 * ErrInvalidDecimalExponent with the exponent, in Go's words.
 */
export function validateChainDecimal(d: ChainDecimal | null, maxExponentAbs: number = MAX_DECIMAL_EXPONENT_ABS): void {
  if (d !== null && (d.exponent < -maxExponentAbs || d.exponent > maxExponentAbs)) {
    throw new GoError(`decimal exponent must be between -${maxExponentAbs} and ${maxExponentAbs}: ${d.exponent}`);
  }
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
  checkExponent(e, `${path}.exponent`);
  return { value, exponent: Number(e) };
}

/** Parse a nullable chain decimal (absent or null → null). */
export function parseOptionalChainDecimal(v: Json | undefined, path: string): ChainDecimal | null {
  if (v === undefined || v === null) return null;
  return parseChainDecimal(v, path);
}

/** Refuse an exponent beyond ±CHAIN_DECIMAL_EXPONENT_LIMIT (see there), naming the field. */
export function checkExponent(e: bigint | number, path: string): void {
  const x = BigInt(e);
  const lim = BigInt(CHAIN_DECIMAL_EXPONENT_LIMIT);
  if (x < -lim || x > lim) {
    throw new InputError(
      `exponent ${x} is outside ±${CHAIN_DECIMAL_EXPONENT_LIMIT}: the chain's Decimal allows it, but no parameter can mean a value below 10^-${CHAIN_DECIMAL_EXPONENT_LIMIT - 19} or above 10^${CHAIN_DECIMAL_EXPONENT_LIMIT}, and evaluating it would take Go and this tool minutes per step`,
      path,
    );
  }
}

/**
 * A decimal written by a user (`0.10`, `1e-1`, `25`) for a parameter the chain stores as
 * Decimal{int64 value, int32 exponent}: at most DECIMAL_TEXT_LIMIT characters, a coefficient that
 * fits int64 (19 significant digits) and an exponent within ±CHAIN_DECIMAL_EXPONENT_LIMIT. The
 * written exponent is kept (shopspring's NewFromString: "0.10" is 10×10^-2). InputError naming `path`.
 */
export function parseDecimalText(text: string, path: string): Decimal {
  const t = text.trim();
  if (t.length === 0 || t.length > DECIMAL_TEXT_LIMIT || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) {
    throw new InputError(`expected a decimal such as 0.25, got ${describeValue(text)} (at most ${DECIMAL_TEXT_LIMIT} characters)`, path);
  }
  const m = /[eE]([+-]?\d+)$/.exec(t);
  if (m !== null && m[1]!.replace(/^[+-]?0*/, "").length > 10) checkExponent(BigInt(m[1]!), path);
  let d: Decimal;
  try {
    d = Decimal.fromString(t);
  } catch {
    throw new InputError(`expected a decimal such as 0.25, got ${describeValue(text)}`, path);
  }
  checkExponent(d.exp, path);
  if (d.value > INT64_MAX || d.value < INT64_MIN) {
    throw new InputError(`${describeValue(text)} has more significant digits than the chain's Decimal holds (an int64 coefficient: 19 digits)`, path);
  }
  return d;
}
