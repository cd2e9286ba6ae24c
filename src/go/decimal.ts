/**
 * shopspring/decimal v1.4.0, exactly: a value is an arbitrary-precision integer coefficient times
 * 10^exp, and every operation keeps the coefficient and exponent Go would keep (so `String()` and
 * every later rounding match digit for digit). Mul and Add are exact; Div rounds half away from zero
 * at DivisionPrecision = 16 decimal *places* (absolute, not significant digits).
 *
 * This is the project's one decimal module: no other file does decimal arithmetic. (decimal.js,
 * which counts significant digits, is used only in tests as an independent reference.)
 */
import { GoError, GoPanic } from "./errors.js";

/** shopspring's package-level DivisionPrecision. */
export const DIVISION_PRECISION = 16;

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

const pow10Cache: bigint[] = [];
/** 10^n as bigint (n >= 0), cached for small n. */
export function pow10(n: number): bigint {
  if (n < 0) throw new RangeError(`pow10(${n})`);
  if (n < 512) {
    let v = pow10Cache[n];
    if (v === undefined) {
      v = 10n ** BigInt(n);
      pow10Cache[n] = v;
    }
    return v;
  }
  return 10n ** BigInt(n);
}

function checkExp(e: number, what: string): number {
  if (e < INT32_MIN || e > INT32_MAX) throw new GoPanic(`exponent ${e} overflows an int32! (${what})`);
  return e;
}

/** Go's big.Int.Int64(): low 64 bits of |x| as int64, sign re-applied (wraps for large values). */
function bigIntInt64(x: bigint): bigint {
  const mag = x < 0n ? -x : x;
  const low = BigInt.asIntN(64, mag);
  return BigInt.asIntN(64, x < 0n ? -low : low);
}

export class Decimal {
  /** Coefficient (Go's `value *big.Int`). */
  readonly value: bigint;
  /** Exponent (Go's `exp int32`). */
  readonly exp: number;

  /** String(), computed once: a Decimal never changes, so its text is part of the value (not state). */
  private text: string | undefined;

  private constructor(value: bigint, exp: number) {
    this.value = value;
    this.exp = exp;
  }

  /** Mirrors decimal.New(value, exp). */
  static new(value: bigint | number, exp: number): Decimal {
    return new Decimal(typeof value === "number" ? BigInt(value) : value, checkExp(exp, "New"));
  }

  /** Mirrors decimal.NewFromInt. */
  static fromInt(value: bigint | number): Decimal {
    return new Decimal(typeof value === "number" ? BigInt(value) : value, 0);
  }

  /**
   * Mirrors decimal.NewFromString: keeps the written exponent ("0.10" is 10×10^-2), accepts a
   * leading sign, an optional fraction and an `e`/`E` exponent. Throws GoError on malformed text.
   */
  static fromString(input: string): Decimal {
    let s = input;
    let exp = 0;
    const eIndex = s.search(/[eE]/);
    if (eIndex !== -1) {
      const expText = s.slice(eIndex + 1);
      if (!/^[+-]?\d+$/.test(expText)) throw new GoError(`can't convert ${input} to decimal: exponent is not numeric`);
      const e = Number(expText);
      if (e < INT32_MIN || e > INT32_MAX) throw new GoError(`can't convert ${input} to decimal: fractional part too long`);
      exp = e;
      s = s.slice(0, eIndex);
    }
    const p = s.indexOf(".");
    let intString: string;
    if (p === -1) intString = s;
    else {
      if (s.indexOf(".", p + 1) !== -1) throw new GoError(`can't convert ${input} to decimal: too many .s`);
      intString = s.slice(0, p) + s.slice(p + 1);
      exp -= s.length - p - 1;
    }
    if (!/^[+-]?\d+$/.test(intString)) throw new GoError(`can't convert ${input} to decimal`);
    if (exp < INT32_MIN || exp > INT32_MAX) throw new GoError(`can't convert ${input} to decimal: fractional part too long`);
    return new Decimal(BigInt(intString.startsWith("+") ? intString.slice(1) : intString), exp);
  }

  /** The chain's `types.Decimal{Value int64, Exponent int32}`; mirrors types.Decimal.ToDecimal. */
  static fromChain(d: { value: bigint | number; exponent: number | bigint }): Decimal {
    return Decimal.new(typeof d.value === "number" ? BigInt(d.value) : d.value, Number(d.exponent));
  }

  /** Mirrors types.DecimalFromDecimal: coefficient (as int64, wrapping) and exponent. */
  toChain(): { value: bigint; exponent: number } {
    return { value: bigIntInt64(this.value), exponent: this.exp };
  }

  /** Mirrors Decimal.rescale: change the exponent, truncating toward zero when digits are dropped. */
  rescale(exp: number): Decimal {
    if (exp === this.exp) return this;
    if (exp > this.exp) return new Decimal(this.value / pow10(exp - this.exp), exp);
    return new Decimal(this.value * pow10(this.exp - exp), exp);
  }

  /** Mirrors Decimal.Add (result exponent = the smaller exponent). */
  add(d2: Decimal): Decimal {
    if (this.exp === d2.exp) return new Decimal(this.value + d2.value, this.exp);
    if (this.exp < d2.exp) return new Decimal(this.value + d2.value * pow10(d2.exp - this.exp), this.exp);
    return new Decimal(this.value * pow10(this.exp - d2.exp) + d2.value, d2.exp);
  }

  /** Mirrors Decimal.Sub. */
  sub(d2: Decimal): Decimal {
    return this.add(new Decimal(-d2.value, d2.exp));
  }

  /** Mirrors Decimal.Mul: exact; exponents add (panics past int32 like Go). */
  mul(d2: Decimal): Decimal {
    return new Decimal(this.value * d2.value, checkExp(this.exp + d2.exp, "Mul"));
  }

  /** Mirrors Decimal.QuoRem: q = d/d2 truncated at `precision` places, r = d - d2*q. */
  quoRem(d2: Decimal, precision: number): [Decimal, Decimal] {
    if (d2.value === 0n) throw new GoPanic("decimal division by 0");
    const scale = 0 - precision; // never -0
    const e = this.exp - d2.exp - scale;
    checkExp(e, "QuoRem");
    let aa: bigint;
    let bb: bigint;
    let scalerest: number;
    if (e < 0) {
      aa = this.value;
      bb = d2.value * pow10(-e);
      scalerest = this.exp;
    } else {
      aa = this.value * pow10(e);
      bb = d2.value;
      scalerest = scale + d2.exp;
    }
    return [new Decimal(aa / bb, scale), new Decimal(aa % bb, scalerest)];
  }

  /** Mirrors Decimal.DivRound: quotient at `precision` places, half away from zero. */
  divRound(d2: Decimal, precision: number): Decimal {
    const [q, r] = this.quoRem(d2, precision);
    const rAbs2 = new Decimal((r.value < 0n ? -r.value : r.value) << 1n, r.exp + precision);
    if (rAbs2.cmp(d2.abs()) < 0) return q;
    const sign = (this.value < 0n ? -1 : this.value > 0n ? 1 : 0) * (d2.value < 0n ? -1 : 1);
    return new Decimal(q.value + (sign < 0 ? -1n : 1n), q.exp);
  }

  /** Mirrors Decimal.Div (DivRound at DivisionPrecision 16). */
  div(d2: Decimal): Decimal {
    return this.divRound(d2, DIVISION_PRECISION);
  }

  /** Mirrors Decimal.Round: half away from zero; the result's exponent is always -places. */
  round(places: number): Decimal {
    if (this.exp === -places) return this;
    const r = this.rescale(-places - 1).value;
    const v = r < 0n ? r - 5n : r + 5n;
    // Go: Euclidean DivMod by 10, then +1 for a negative with a remainder: truncation toward zero.
    const q = v / 10n;
    return new Decimal(q, 0 - places); // never -0
  }

  /** Mirrors Decimal.Truncate(precision): drop digits beyond `precision` places, toward zero. */
  truncate(precision: number): Decimal {
    if (precision >= 0 && -precision > this.exp) return this.rescale(-precision);
    return this;
  }

  /** Mirrors Decimal.IntPart: truncation toward zero, then big.Int.Int64 (wraps past int64). */
  intPart(): bigint {
    return bigIntInt64(this.rescale(0).value);
  }

  /** The integer part as an unbounded bigint (truncation toward zero, no wrap). */
  bigIntPart(): bigint {
    return this.rescale(0).value;
  }

  /** Mirrors Decimal.Cmp: -1, 0, 1. */
  cmp(d2: Decimal): number {
    let a = this.value;
    let b = d2.value;
    if (this.exp < d2.exp) b *= pow10(d2.exp - this.exp);
    else if (this.exp > d2.exp) a *= pow10(this.exp - d2.exp);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  equal(d2: Decimal): boolean { return this.cmp(d2) === 0; }
  lessThan(d2: Decimal): boolean { return this.cmp(d2) < 0; }
  lessThanOrEqual(d2: Decimal): boolean { return this.cmp(d2) <= 0; }
  greaterThan(d2: Decimal): boolean { return this.cmp(d2) > 0; }
  greaterThanOrEqual(d2: Decimal): boolean { return this.cmp(d2) >= 0; }

  sign(): number { return this.value < 0n ? -1 : this.value > 0n ? 1 : 0; }
  isZero(): boolean { return this.value === 0n; }
  isNegative(): boolean { return this.value < 0n; }
  isPositive(): boolean { return this.value > 0n; }
  neg(): Decimal { return new Decimal(-this.value, this.exp); }
  abs(): Decimal { return this.value < 0n ? new Decimal(-this.value, this.exp) : this; }

  /** Mirrors Decimal.String: trailing fractional zeros trimmed, no exponent notation. */
  toString(): string {
    return (this.text ??= this.format());
  }

  private format(): string {
    if (this.exp >= 0) return (this.value * pow10(this.exp)).toString();
    const neg = this.value < 0n;
    const str = (neg ? -this.value : this.value).toString();
    const places = -this.exp;
    let intPart: string;
    let frac: string;
    if (str.length > places) {
      intPart = str.slice(0, str.length - places);
      frac = str.slice(str.length - places);
    } else {
      intPart = "0";
      frac = "0".repeat(places - str.length) + str;
    }
    frac = frac.replace(/0+$/, "");
    const num = frac.length > 0 ? `${intPart}.${frac}` : intPart;
    return neg ? `-${num}` : num;
  }

  /** Mirrors Decimal.StringFixed(places): Round(places), then no trimming. */
  toFixed(places: number): string {
    const r = this.round(places);
    if (r.exp >= 0) return r.toString();
    const neg = r.value < 0n;
    const str = (neg ? -r.value : r.value).toString().padStart(places + 1, "0");
    const num = `${str.slice(0, str.length - places)}.${str.slice(str.length - places)}`;
    return neg ? `-${num}` : num;
  }
}

/** Decimal constants the rules use. */
export const DEC_ZERO = Decimal.fromInt(0);
export const DEC_ONE = Decimal.fromInt(1);
