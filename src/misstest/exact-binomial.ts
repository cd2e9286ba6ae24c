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

/** Largest total the exact test accepts. */
export const EXACT_MAX_TOTAL = 1_000_000n;

/**
 * Largest size, in bits, of the exact test's numbers (d^n for p0 = a/d in lowest terms: n·log2 d):
 * 10,000,000 bits holds a total of 1,000,000 at any p0 of three decimals (every table p0), and
 * finishes in seconds; a p0 of more digits has a proportionally smaller largest total.
 */
export const EXACT_MAX_BITS = 10_000_000;

/** The bit length of x > 0. */
function bitLength(x: bigint): number {
  const h = x.toString(16);
  return (h.length - 1) * 4 + (32 - Math.clz32(Number.parseInt(h[0]!, 16)));
}

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

function checkCounts(k: bigint, n: bigint, d: bigint): void {
  if (n < 0n) throw new InputError(`must not be negative, got ${n}`, "total");
  if (n > EXACT_MAX_TOTAL) throw new InputError(`the exact test supports totals up to ${EXACT_MAX_TOTAL}, got ${n}`, "total");
  const why = exactSizeProblem(n, d);
  if (why !== undefined) throw new InputError(why, "total");
  if (k < 0n || k > n) throw new InputError(`must be between 0 and the total ${n}, got ${describeValue(k)}`, "missed");
}

/** Why the exact test of a total `n` at a p0 of denominator `d` is too large (undefined: it is not). */
function exactSizeProblem(n: bigint, d: bigint): string | undefined {
  const bits = Number(n) * Math.log2(Number(d));
  if (bits <= EXACT_MAX_BITS) return undefined;
  const most = Math.floor(EXACT_MAX_BITS / Math.log2(Number(d)));
  return `the exact test of ${n} requests at this p0 (denominator ${d}) needs numbers of ${Math.round(bits)} bits, more than its limit of ${EXACT_MAX_BITS}; at this p0 it supports totals up to ${most}`;
}

/**
 * The work of one exact test, in the units of EXACT_EPOCH_BUDGET: (n·log2 d)^1.5, its numbers' size
 * to the power its measured cost grows with (about 7 ms at 66,000 bits, 15 s at 10,000,000).
 */
export function exactTestWork(n: bigint, p0: Decimal): number {
  return (Number(n) * Math.log2(Number(p0Fraction(p0).d))) ** 1.5;
}

/**
 * The exact tests beside one epoch's verdicts, in total, at most this work (exactTestWork): about half
 * a minute on a 2-core machine (2,000 participants of 20,000 requests each at p0 0.1, or two at the
 * largest single test). Past it the epoch's exact tests are not computed (the verdicts are).
 */
export const EXACT_EPOCH_BUDGET = 7e10;

/** Why the exact test cannot be computed for a total `n` at `p0` (undefined: it can). */
export function exactTestLimit(n: bigint, p0: Decimal): string | undefined {
  if (n > EXACT_MAX_TOTAL) return `total ${n} requests is above the exact test's limit of ${EXACT_MAX_TOTAL}`;
  return exactSizeProblem(n, p0Fraction(p0).d);
}

/** Multiplicity of prime `p` in x (x > 0), capped at `cap`; returns the count and x divided accordingly. */
function stripPrime(x: bigint, p: bigint, cap: bigint): [bigint, bigint] {
  if (p === 2n) {
    // the trailing zero bits at once: x & -x is the lowest set bit
    let tz = BigInt(bitLength(x & -x) - 1);
    if (tz > cap) tz = cap;
    return [tz, x >> tz];
  }
  // Powers p^(2^j) while they divide, then back down: O(log count) divisions of x, not `count` of them.
  let count = 0n;
  const powers: bigint[] = [p];
  while (count < cap) {
    let j = 0;
    while (j + 1 < 64 && count + (1n << BigInt(j + 1)) <= cap) {
      if (powers[j + 1] === undefined) powers[j + 1] = powers[j]! * powers[j]!;
      if (x % powers[j + 1]! !== 0n) break;
      j++;
    }
    if (x % powers[j]! !== 0n) break;
    x /= powers[j]!;
    count += 1n << BigInt(j);
  }
  return [count, x];
}

/** d = 2^twos · 5^fives (d divides a power of ten). */
function twosAndFives(d: bigint): { twos: bigint; fives: bigint } {
  let twos = 0n;
  let fives = 0n;
  let rest = d;
  while (rest % 2n === 0n) {
    rest /= 2n;
    twos++;
  }
  while (rest % 5n === 0n) {
    rest /= 5n;
    fives++;
  }
  if (rest !== 1n) throw new Error("p0 denominator is not a power of ten"); // unreachable for decimals
  return { twos, fives };
}

/** d^n as 5^(fives·n) shifted left by twos·n (one big power instead of two). */
function denominatorPower(d: bigint, n: bigint): bigint {
  const { twos, fives } = twosAndFives(d);
  return (5n ** (fives * n)) << (twos * n);
}

/** Reduce N / d^n: d has only the primes 2 and 5 (it divides a power of ten). */
function reduce(num: bigint, d: bigint, n: bigint): Fraction {
  if (num === 0n) return { numerator: 0n, denominator: 1n };
  const { twos, fives } = twosAndFives(d);
  const [shared2, afterTwos] = stripPrime(num, 2n, twos * n);
  const [shared5, numerator] = stripPrime(afterTwos, 5n, fives * n);
  return { numerator, denominator: (5n ** (fives * n - shared5)) << (twos * n - shared2) };
}

/**
 * Σ_{i=0}^{m} t_i for t_{i+1} = t_i · p(i) / q(i), an exact integer sum of integer terms, by binary
 * splitting: the products of p and q over halves are combined (P = P₁P₂, Q = Q₁Q₂, T = T₁Q₂ + P₁T₂,
 * with T/Q the sum of the ratios t_i / t_0), so the big numbers are multiplied a logarithmic number of
 * times instead of m times; then Σ = t_0 · (Q + T) / Q, which divides exactly.
 */
function hypergeometricSum(t0: bigint, m: number, p: (i: number) => bigint, q: (i: number) => bigint): bigint {
  if (m <= 0) return t0;
  const split = (l: number, r: number): [bigint, bigint, bigint] => {
    if (r - l <= 16) {
      let P = 1n;
      let Q = 1n;
      let T = 0n;
      for (let j = l; j < r; j++) {
        const pj = p(j);
        const qj = q(j);
        T = T * qj + P * pj;
        P *= pj;
        Q *= qj;
      }
      return [P, Q, T];
    }
    const mid = (l + r) >>> 1;
    const [P1, Q1, T1] = split(l, mid);
    const [P2, Q2, T2] = split(mid, r);
    return [P1 * P2, Q1 * Q2, T1 * Q2 + P1 * T2];
  };
  const [, Q, T] = split(0, m);
  return (t0 * (Q + T)) / Q;
}

/** Σ_{i=from}^{n} C(n, i)·a^i·b^(n−i): the upper tail's numerator over d^n. */
function upperTailNumerator(from: bigint, n: bigint, a: bigint, b: bigint): bigint {
  const t0 = binomialCoefficient(n, from) * a ** from * b ** (n - from);
  const k = Number(from);
  const N = Number(n);
  return hypergeometricSum(t0, N - k, (j) => BigInt(N - k - j) * a, (j) => BigInt(k + j + 1) * b);
}

/** P(X >= k) exactly, as a reduced fraction. Sums whichever tail has fewer terms. */
export function exactUpperTail(k: bigint, n: bigint, p0: Decimal): Fraction {
  const { a, b, d } = p0Fraction(p0);
  checkCounts(k, n, d);
  if (k === 0n) return { numerator: 1n, denominator: 1n };
  let numerator: bigint;
  if (n - k + 1n <= k) numerator = upperTailNumerator(k, n, a, b);
  else {
    // Complement: d^n − Σ_{i=0}^{k−1} C(n, i)·a^i·b^(n−i), t_0 = b^n, t_{i+1} = t_i · (n − i)·a / ((i + 1)·b).
    const N = Number(n);
    numerator = denominatorPower(d, n) - hypergeometricSum(b ** n, Number(k) - 1, (i) => BigInt(N - i) * a, (i) => BigInt(i + 1) * b);
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

/**
 * The critical value by exact tail sums from `i` down (P(X >= i) = s / denominator, s exact, t the
 * term of i): always exact, each step one term.
 */
function criticalValueFrom(i: bigint, s: bigint, t: bigint, n: bigint, a: bigint, b: bigint, denominator: bigint): bigint {
  for (;;) {
    if (s * 20n >= denominator) return i;
    t = (t * (i * b)) / ((n - i + 1n) * a);
    s += t;
    i--;
  }
}

/**
 * The largest m with P(X >= m) >= 0.05: every missed count up to it passes the exact test.
 * Walks down from i0 >= mean + 5·sd, where Cantelli's inequality gives P(X >= i0) <= 1/26 < 0.05,
 * with the tail above i0 bounded by a geometric series (the term ratio falls below 1 there): each
 * verdict on the way is decided by exact integer bounds; if a bound is ever inconclusive, the exact
 * tail at that count (binary splitting) and exact steps from there decide. `exactTails` takes that
 * exact way from i0 on (the reference the bounds are tested against).
 */
export function exactCriticalValue(n: bigint, p0: Decimal, options: { exactTails?: boolean } = {}): bigint {
  const { a, b, d } = p0Fraction(p0);
  checkCounts(0n, n, d);
  const denominator = denominatorPower(d, n);
  // sd <= sU / d, mean = n·a / d: i0 = ceil((n·a + 5·sU) / d) + 1.
  const sU = isqrt(n * a * b) + 1n;
  const i0 = (n * a + 5n * sU + d - 1n) / d + 1n;
  const A = (n - i0) * a; // t_{i+1} / t_i <= A / B for every i >= i0
  const B = (i0 + 1n) * b;
  if (i0 >= n || A >= B) return criticalValueFrom(n, a ** n, a ** n, n, a, b, denominator);
  let t = binomialCoefficient(n, i0) * a ** i0 * b ** (n - i0);
  const tailNum = t * A; // Σ_{j > i0} t_j <= tailNum / (B − A)
  const tailDen = B - A;
  const tailBound = (tailNum + tailDen - 1n) / tailDen; // an integer upper bound of the tail above i0
  const threshold = (denominator + 19n) / 20n; // T >= D/20  ⟺  T >= ceil(D/20) for integer T
  if (options.exactTails === true) return criticalValueFrom(i0, upperTailNumerator(i0, n, a, b), t, n, a, b, denominator);
  let s = t;
  for (let i = i0; i >= 0n; i--) {
    if (s >= threshold) return i;
    // Inconclusive: the exact tail above i (by binary splitting), then exact steps from there.
    if (s + tailBound >= threshold) return criticalValueFrom(i, upperTailNumerator(i, n, a, b), t, n, a, b, denominator);
    t = (t * (i * b)) / ((n - i + 1n) * a);
    s += t;
  }
  return 0n; // unreachable: P(X >= 0) = 1
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
