/**
 * Go fixed-width integers on bigint. Go's `+ - *` wrap silently; these helpers wrap exactly where
 * Go does, and the `checked*` conversions reject values the chain's code would never hold.
 * Go's `/` and `%` truncate toward zero, as bigint's do, so they need no helper (only a zero check).
 */
import { InputError, describeValue } from "../errors.js";
import { GoPanic } from "./errors.js";

export const INT64_MIN = -(1n << 63n);
export const INT64_MAX = (1n << 63n) - 1n;
export const UINT64_MAX = (1n << 64n) - 1n;
export const INT32_MIN = -(1n << 31n);
export const INT32_MAX = (1n << 31n) - 1n;
export const UINT32_MAX = (1n << 32n) - 1n;

/** Two's-complement wrap to int64, as Go's int64 arithmetic does. */
export const wrapInt64 = (x: bigint): bigint => BigInt.asIntN(64, x);
/** Wrap to uint64 (Go's uint64 arithmetic and `uint64(int64)` conversion). */
export const wrapUint64 = (x: bigint): bigint => BigInt.asUintN(64, x);
/** Wrap to int32. */
export const wrapInt32 = (x: bigint): bigint => BigInt.asIntN(32, x);
/** Wrap to uint32. */
export const wrapUint32 = (x: bigint): bigint => BigInt.asUintN(32, x);

export const addInt64 = (a: bigint, b: bigint): bigint => BigInt.asIntN(64, a + b);

/**
 * Go's int64 running sum `s += w` (addInt64 term by term, wrapping), added in floating point while
 * every term and partial sum is a safe integer (then nothing wraps and each double sum is exact; the
 * first sum that is not safe switches to bigints from the exact value so far): sums of thousands of
 * node weights without a bigint per addition.
 */
export class Int64Sum {
  private f = 0;
  private b: bigint | null = null;

  add(w: bigint): void {
    if (this.b === null) {
      // One conversion decides: Number() rounds monotonically and 2^53 is a double, so a term beyond
      // ±(2^53 − 1) converts to beyond too (no bigint comparison needed).
      const n = Number(w);
      if (n <= Number.MAX_SAFE_INTEGER && n >= -Number.MAX_SAFE_INTEGER) {
        const x = this.f + n;
        if (x <= Number.MAX_SAFE_INTEGER && x >= -Number.MAX_SAFE_INTEGER) {
          this.f = x;
          return;
        }
      }
      this.b = BigInt(this.f);
    }
    this.b = BigInt.asIntN(64, this.b + w);
  }

  get value(): bigint {
    return this.b ?? BigInt(this.f);
  }
}
export const subInt64 = (a: bigint, b: bigint): bigint => BigInt.asIntN(64, a - b);
export const mulInt64 = (a: bigint, b: bigint): bigint => BigInt.asIntN(64, a * b);

/** Go's int64 `a / b`: truncates toward zero, panics on zero, and MinInt64 / -1 wraps to MinInt64. */
export function divInt64(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new GoPanic("runtime error: integer divide by zero");
  return BigInt.asIntN(64, a / b);
}

/** Go's int64 `a % b` (sign of the dividend); panics on zero. */
export function remInt64(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new GoPanic("runtime error: integer divide by zero");
  return a % b;
}

export const isInt64 = (x: bigint): boolean => x >= INT64_MIN && x <= INT64_MAX;
export const isUint64 = (x: bigint): boolean => x >= 0n && x <= UINT64_MAX;

/**
 * Read an integer field from parsed JSON (number or bigint, or a decimal string of digits) as bigint.
 * Throws an InputError naming `path` for anything else (floats, NaN, text).
 */
export function toBigInt(v: unknown, path: string): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "number") {
    if (!Number.isInteger(v)) throw new InputError(`expected an integer, got ${describeValue(v)}`, path);
    if (!Number.isSafeInteger(v)) {
      throw new InputError(`integer ${describeValue(v)} lost precision (read the file with the lossless JSON reader)`, path);
    }
    return BigInt(v);
  }
  if (typeof v === "string" && /^-?\d+$/.test(v)) return BigInt(v);
  throw new InputError(`expected an integer, got ${describeValue(v)}`, path);
}

const INT_TEXT = /^-?\d+$/;
/** The bigints of 0 … SMALL_LIMIT − 1, made once: inputs hold many small weights and counts. */
const SMALL_LIMIT = 1 << 16;
const SMALL: (bigint | undefined)[] = new Array<bigint | undefined>(SMALL_LIMIT).fill(undefined);

/** BigInt(n) of a safe integer `n`, the small ones made once (the typed text readers' integers). */
export function bigIntOfSafe(n: number): bigint {
  return n >= 0 && n < SMALL_LIMIT ? (SMALL[n] ??= BigInt(n)) : BigInt(n);
}

/**
 * The int64 of a well-formed integer field (a safe number, an int64 bigint, or a digit string of at
 * most 18 characters), without building the field's path; undefined for anything else, which then
 * goes to `checkedInt64` (or `checkedUint64`) to be read or refused with its path.
 */
export function plainInt64(v: unknown): bigint | undefined {
  if (typeof v === "number") {
    if (v >= 0 && v < SMALL_LIMIT && (v | 0) === v) return (SMALL[v] ??= BigInt(v));
    return Number.isSafeInteger(v) ? BigInt(v) : undefined;
  }
  if (typeof v === "bigint") return isInt64(v) ? v : undefined;
  if (typeof v === "string" && v.length < 19 && INT_TEXT.test(v)) return BigInt(v);
  return undefined;
}

/** An int64 field: an integer in [-2^63, 2^63). */
export function checkedInt64(v: unknown, path: string): bigint {
  const x = toBigInt(v, path);
  if (!isInt64(x)) throw new InputError(`${x} does not fit in int64`, path);
  return x;
}

/** A uint64 field: an integer in [0, 2^64). */
export function checkedUint64(v: unknown, path: string): bigint {
  const x = toBigInt(v, path);
  if (!isUint64(x)) throw new InputError(`${x} does not fit in uint64`, path);
  return x;
}

/** A non-negative int64 field (weights, counts). */
export function checkedNonNegativeInt64(v: unknown, path: string): bigint {
  const x = checkedInt64(v, path);
  if (x < 0n) throw new InputError(`must not be negative, got ${x}`, path);
  return x;
}

/** An integer small enough for a JavaScript number (counts, indexes), as Go's `int` on 64-bit. */
export function checkedSafeInt(v: unknown, path: string): number {
  const x = toBigInt(v, path);
  if (x < BigInt(Number.MIN_SAFE_INTEGER) || x > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new InputError(`${x} is outside the supported range ±(2^53-1)`, path);
  }
  return Number(x);
}

/**
 * When Go's int64 sum of `values` wraps: the exact sum and the wrapped one Go computes (the order of
 * the additions does not change the wrapped result). undefined when the exact total fits int64.
 */
export function int64SumOverflow(values: readonly bigint[]): { exact: bigint; wrapped: bigint } | undefined {
  // The magnitudes summed in floating point first (rounding cannot take a sum below 2^62 to 2^63):
  // a sum that surely fits needs no bigint additions.
  let magnitude = 0;
  for (let i = 0; i < values.length; i++) magnitude += Math.abs(Number(values[i]!));
  if (magnitude < 2 ** 62) return undefined;
  let exact = 0n;
  for (const v of values) exact += v;
  return isInt64(exact) ? undefined : { exact, wrapped: BigInt.asIntN(64, exact) };
}
