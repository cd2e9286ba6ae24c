/**
 * cosmos-sdk math.LegacyDec: an 18-digit fixed-point decimal on a big integer (value × 10^-18).
 * Only the operations the ported rules use; semantics follow cosmossdk.io/math (Mul and Quo round
 * half to even at 18 places, Truncate* truncates toward zero).
 */
import { GoError, GoPanic } from "./errors.js";
import { INT64_MAX, INT64_MIN } from "./int64.js";

export const LEGACY_PRECISION = 18;
const ONE = 10n ** 18n;
/** cosmos maxDecBitLen: 256 bits of integer part plus the bits of 10^18. */
const MAX_DEC_BIT_LEN = 256 + 60;

function bitLen(x: bigint): number {
  return (x < 0n ? -x : x).toString(2).length;
}

function checked(i: bigint, op: string): bigint {
  if (i !== 0n && bitLen(i) > MAX_DEC_BIT_LEN) throw new GoPanic(`decimal out of range (${op})`);
  return i;
}

/** Round half to even after dividing by 10^18 (cosmos chopPrecisionAndRound). */
function chopRound(x: bigint): bigint {
  const neg = x < 0n;
  const a = neg ? -x : x;
  let q = a / ONE;
  const r = a % ONE;
  const half = ONE / 2n;
  if (r > half || (r === half && (q & 1n) === 1n)) q += 1n;
  return neg ? -q : q;
}

export class LegacyDec {
  /** The scaled integer (value × 10^18). */
  readonly i: bigint;
  private constructor(i: bigint) {
    this.i = i;
  }

  static fromScaled(i: bigint): LegacyDec {
    return new LegacyDec(checked(i, "new"));
  }

  /** Mirrors math.LegacyNewDec(i). */
  static fromInt(i: bigint | number): LegacyDec {
    return new LegacyDec(checked(BigInt(i) * ONE, "LegacyNewDec"));
  }

  /** Mirrors math.LegacyNewDecFromStr: plain decimal text, at most 18 fractional digits. */
  static fromString(str: string): LegacyDec {
    if (str.length === 0) throw new GoError("decimal string cannot be empty");
    let s = str;
    let neg = false;
    if (s[0] === "-") {
      neg = true;
      s = s.slice(1);
    }
    if (s.length === 0) throw new GoError("decimal string cannot be empty");
    const parts = s.split(".");
    if (parts.length > 2) throw new GoError(`invalid decimal string: ${str}`);
    const [intPart, frac = ""] = parts as [string, string?];
    if (parts.length === 2 && frac.length === 0) throw new GoError(`invalid decimal string: ${str}`);
    if (frac.length > LEGACY_PRECISION) {
      throw new GoError(`value '${str}' exceeds max precision by ${frac.length - LEGACY_PRECISION} decimal places: max precision ${LEGACY_PRECISION}`);
    }
    const digits = intPart + frac.padEnd(LEGACY_PRECISION, "0");
    if (!/^\d+$/.test(digits)) throw new GoError(`failed to set decimal string with base 10: ${str}`);
    // Go parses the whole integer, then refuses more than maxDecBitLen bits. 2^316 < 10^96, so more
    // than 96 significant digits is out of range: refuse before building a huge bigint.
    if (digits.replace(/^0+/, "").length > 96) throw new GoError(`decimal out of range; bitLen: more than ${MAX_DEC_BIT_LEN}, max ${MAX_DEC_BIT_LEN}`);
    const v = BigInt(digits);
    // Out of range is an error from LegacyNewDecFromStr, never a panic (callers fall back on it).
    if (v !== 0n && bitLen(v) > MAX_DEC_BIT_LEN) throw new GoError(`decimal '${str}' out of range; bitLen: got ${bitLen(v)}, max ${MAX_DEC_BIT_LEN}`);
    return new LegacyDec(neg ? -v : v);
  }

  /** Mirrors LegacyDec.MulInt64 (exact). */
  mulInt64(x: bigint): LegacyDec {
    return new LegacyDec(checked(this.i * x, "MulInt64"));
  }

  /** Mirrors LegacyDec.MulInt (exact). */
  mulInt(x: bigint): LegacyDec {
    return this.mulInt64(x);
  }

  /** Mirrors LegacyDec.Mul (round half to even at 18 places). */
  mul(d: LegacyDec): LegacyDec {
    return new LegacyDec(checked(chopRound(this.i * d.i), "Mul"));
  }

  /** Mirrors LegacyDec.MulTruncate. */
  mulTruncate(d: LegacyDec): LegacyDec {
    return new LegacyDec(checked((this.i * d.i) / ONE, "MulTruncate"));
  }

  /** Mirrors LegacyDec.Quo (round half to even at 18 places). */
  quo(d: LegacyDec): LegacyDec {
    if (d.i === 0n) throw new GoPanic("division by zero");
    // cosmos: mul by 10^18 twice, divide by d, then chopPrecisionAndRound
    return new LegacyDec(checked(chopRound((this.i * ONE * ONE) / d.i), "Quo"));
  }

  /** Mirrors LegacyDec.QuoInt64 (the scaled integer divided by i, truncated toward zero). */
  quoInt64(x: bigint): LegacyDec {
    if (x === 0n) throw new GoPanic("division by zero");
    return new LegacyDec(checked(this.i / x, "QuoInt64"));
  }

  add(d: LegacyDec): LegacyDec { return new LegacyDec(checked(this.i + d.i, "Add")); }
  sub(d: LegacyDec): LegacyDec { return new LegacyDec(checked(this.i - d.i, "Sub")); }

  /** Mirrors LegacyDec.TruncateInt: the integer part toward zero, unbounded. */
  truncateInt(): bigint {
    return this.i / ONE;
  }

  /** Mirrors LegacyDec.TruncateInt64: panics when the integer part does not fit int64. */
  truncateInt64(): bigint {
    const t = this.i / ONE;
    if (t < INT64_MIN || t > INT64_MAX) throw new GoPanic("Int64() out of bound");
    return t;
  }

  isZero(): boolean { return this.i === 0n; }
  isNegative(): boolean { return this.i < 0n; }
  isPositive(): boolean { return this.i > 0n; }
  cmp(d: LegacyDec): number { return this.i < d.i ? -1 : this.i > d.i ? 1 : 0; }

  /** Mirrors LegacyDec.String: always 18 fractional digits. */
  toString(): string {
    const neg = this.i < 0n;
    const s = (neg ? -this.i : this.i).toString().padStart(LEGACY_PRECISION + 1, "0");
    const out = `${s.slice(0, s.length - LEGACY_PRECISION)}.${s.slice(s.length - LEGACY_PRECISION)}`;
    return neg ? `-${out}` : out;
  }
}
