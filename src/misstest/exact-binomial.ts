/**
 * Beyond the chain: the exact one-sided binomial test on rational numbers (bigint only, no floats,
 * no rounding). P(X >= k) for X ~ Binomial(n, p0) as a reduced fraction; the test passes when the
 * p-value is at least 0.05. Reported beside the on-chain verdict to show where the chain's rule is
 * stricter or more lenient.
 */
import { InputError, describeValue } from "../errors.js";
import { type Decimal, pow10 } from "../go/decimal.js";

export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

/** Largest total the exact test accepts (its numbers have about n·log2(1/p0-denominator) bits). */
export const EXACT_MAX_TOTAL = 1_000_000n;

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** p0 = a/d in lowest terms, with b = d − a; p0 must lie strictly between 0 and 1. */
export function p0Fraction(p0: Decimal): { a: bigint; b: bigint; d: bigint } {
  let a = p0.exp >= 0 ? p0.value * pow10(p0.exp) : p0.value;
  let d = p0.exp >= 0 ? 1n : pow10(-p0.exp);
  if (a <= 0n || a >= d) throw new InputError(`p0 must be in (0, 1), got ${p0.toString()}`, "p0");
  const g = gcd(a, d);
  a /= g;
  d /= g;
  return { a, b: d - a, d };
}

function checkCounts(k: bigint, n: bigint): void {
  if (n < 0n) throw new InputError(`must not be negative, got ${n}`, "total");
  if (n > EXACT_MAX_TOTAL) throw new InputError(`the exact test supports totals up to ${EXACT_MAX_TOTAL}, got ${n}`, "total");
  if (k < 0n || k > n) throw new InputError(`must be between 0 and the total ${n}, got ${describeValue(k)}`, "missed");
}

/** Multiplicity of prime `p` in x (x > 0), capped at `cap`; returns the count and x divided accordingly. */
function stripPrime(x: bigint, p: bigint, cap: bigint): [bigint, bigint] {
  let count = 0n;
  if (p === 2n) {
    let tz = 0n;
    while (tz < cap && ((x >> tz) & 1n) === 0n) tz++;
    return [tz, x >> tz];
  }
  while (count < cap && x % p === 0n) {
    x /= p;
    count++;
  }
  return [count, x];
}

/** Reduce N / d^n: d has only the primes 2 and 5 (it divides a power of ten). */
function reduce(num: bigint, d: bigint, n: bigint): Fraction {
  if (num === 0n) return { numerator: 0n, denominator: 1n };
  let den = 1n;
  let rest = d;
  let numerator = num;
  for (const p of [2n, 5n]) {
    let mult = 0n;
    while (rest % p === 0n) {
      rest /= p;
      mult++;
    }
    const [shared, reduced] = stripPrime(numerator, p, mult * n);
    numerator = reduced;
    den *= p ** (mult * n - shared);
  }
  if (rest !== 1n) throw new Error("p0 denominator is not a power of ten"); // unreachable for decimals
  return { numerator, denominator: den };
}

/** P(X >= k) exactly, as a reduced fraction. Sums whichever tail has fewer terms. */
export function exactUpperTail(k: bigint, n: bigint, p0: Decimal): Fraction {
  checkCounts(k, n);
  const { a, b, d } = p0Fraction(p0);
  if (k === 0n) return { numerator: 1n, denominator: 1n };
  const denominator = d ** n;
  let numerator: bigint;
  if (n - k + 1n <= k) {
    // Upper tail from i = n down to k: t_n = a^n, t_{i-1} = t_i · i · b / ((n − i + 1) · a).
    let t = a ** n;
    let s = t;
    for (let i = n; i > k; i--) {
      t = (t * (i * b)) / ((n - i + 1n) * a);
      s += t;
    }
    numerator = s;
  } else {
    // Complement: 1 − P(X <= k − 1), t_0 = b^n, t_{i+1} = t_i · (n − i) · a / ((i + 1) · b).
    let t = b ** n;
    let s = t;
    for (let i = 0n; i < k - 1n; i++) {
      t = (t * ((n - i) * a)) / ((i + 1n) * b);
      s += t;
    }
    numerator = denominator - s;
  }
  return reduce(numerator, d, n);
}

/** The exact test's verdict: the p-value is at least 0.05 (1/20). */
export function exactTestPasses(pValue: Fraction): boolean {
  return pValue.numerator * 20n >= pValue.denominator;
}

/** The product lo·(lo+1)·…·hi by splitting (balanced operands keep big multiplications fast). */
function rangeProduct(lo: bigint, hi: bigint): bigint {
  if (lo > hi) return 1n;
  if (hi - lo < 16n) {
    let p = 1n;
    for (let i = lo; i <= hi; i++) p *= i;
    return p;
  }
  const mid = (lo + hi) / 2n;
  return rangeProduct(lo, mid) * rangeProduct(mid + 1n, hi);
}

/** C(n, k) exactly. */
function binomialCoefficient(n: bigint, k: bigint): bigint {
  const m = k < n - k ? k : n - k;
  return rangeProduct(n - m + 1n, n) / rangeProduct(1n, m);
}

/** floor(sqrt(x)) for x >= 0 (Newton on bigint). */
function isqrt(x: bigint): bigint {
  if (x < 2n) return x;
  let r = 1n << BigInt((x.toString(2).length + 1) >> 1);
  for (;;) {
    const next = (r + x / r) >> 1n;
    if (next >= r) return r;
    r = next;
  }
}

/** The critical value by walking every term down from the top (the plain method, always exact). */
function criticalValueFromTop(n: bigint, a: bigint, b: bigint, denominator: bigint): bigint {
  let t = a ** n;
  let s = t;
  for (let i = n; ; i--) {
    if (s * 20n >= denominator) return i;
    t = (t * (i * b)) / ((n - i + 1n) * a);
    s += t;
  }
}

/**
 * The largest m with P(X >= m) >= 0.05: every missed count up to it passes the exact test.
 * Walks down from i0 >= mean + 5·sd, where Cantelli's inequality gives P(X >= i0) <= 1/26 < 0.05,
 * with the tail above i0 bounded by a geometric series (the term ratio falls below 1 there): each
 * verdict on the way is decided by exact integer bounds; if a bound is ever inconclusive, the plain
 * walk from the top decides.
 */
export function exactCriticalValue(n: bigint, p0: Decimal): bigint {
  checkCounts(0n, n);
  const { a, b, d } = p0Fraction(p0);
  const denominator = d ** n;
  // sd <= sU / d, mean = n·a / d: i0 = ceil((n·a + 5·sU) / d) + 1.
  const sU = isqrt(n * a * b) + 1n;
  const i0 = (n * a + 5n * sU + d - 1n) / d + 1n;
  const A = (n - i0) * a; // t_{i+1} / t_i <= A / B for every i >= i0
  const B = (i0 + 1n) * b;
  if (i0 >= n || A >= B) return criticalValueFromTop(n, a, b, denominator);
  let t = binomialCoefficient(n, i0) * a ** i0 * b ** (n - i0);
  const tailNum = t * A; // Σ_{j > i0} t_j <= tailNum / (B − A)
  const tailDen = B - A;
  const tailBound = (tailNum + tailDen - 1n) / tailDen; // an integer upper bound of the tail above i0
  const threshold = (denominator + 19n) / 20n; // T >= D/20  ⟺  T >= ceil(D/20) for integer T
  let s = t;
  for (let i = i0; i >= 0n; i--) {
    if (s >= threshold) return i;
    if (s + tailBound >= threshold) return criticalValueFromTop(n, a, b, denominator);
    t = (t * (i * b)) / ((n - i + 1n) * a);
    s += t;
  }
  return criticalValueFromTop(n, a, b, denominator); // unreachable: P(X >= 0) = 1
}

/** A fraction in scientific notation with `digits` significant digits (truncated), e.g. "1.2387e-1". */
export function fractionToScientific(f: Fraction, digits = 6): string {
  if (f.numerator === 0n) return "0";
  const num = f.numerator;
  const den = f.denominator;
  // Choose e with 10^(digits-1) <= num·10^s / den < 10^digits.
  // Decimal magnitude estimated from bit lengths (hex strings are linear to produce), then corrected below.
  const bits = (x: bigint) => x.toString(16).length * 4;
  let s = BigInt(Math.floor(((bits(den) - bits(num)) * 30103) / 100000) + digits - 1);
  const scaled = (x: bigint): bigint => (x >= 0n ? (num * pow10(Number(x))) / den : num / (den * pow10(Number(-x))));
  let m = scaled(s);
  while (m >= pow10(digits)) m = scaled(--s);
  while (m < pow10(digits - 1)) m = scaled(++s);
  const text = m.toString();
  const exp = BigInt(digits - 1) - s;
  if (exp === 0n) return f.numerator === f.denominator ? "1" : `${text[0]}.${text.slice(1)}`.replace(/\.?0+$/, "");
  // Plain notation for p-values from 0.001 to 1 (truncated, so 0.99999995 prints as 0.999999).
  if (exp >= -3n && exp < 0n) return `0.${"0".repeat(Number(-exp - 1n))}${text}`.replace(/0+$/, "");
  const mant = `${text[0]}.${text.slice(1)}`.replace(/\.?0+$/, "");
  return exp === 0n ? mant : `${mant}e${exp}`;
}
