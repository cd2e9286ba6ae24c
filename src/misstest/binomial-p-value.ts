/**
 * The direct path of the miss test: the one-sided binomial p-value P(X >= k) as the chain computes
 * it with shopspring decimals (exact Mul/Add, Div at 16 places, pow rounded to `prec` places).
 * Its rounding artefacts (underflow to 0, values above 1) are Go behaviour and kept.
 *
 * Method. Go multiplies exact decimals whose digits grow without bound (seconds for a long tail). The
 * port computes the same value by bracketing, and returns a result only when it is provably Go's:
 * - pow: Go multiplies exactly and rounds once at the end; the port keeps floor/ceil fixed-point
 *   bounds on that exact product (all terms positive). Round-half-away-from-zero is monotone, so when
 *   both bounds round to the same value, Go's exact product rounds to it too, ties included.
 * - tail: each Go term is prob × factor × ratio with factor and ratio already rounded to 16 places;
 *   the port multiplies its bounds by exactly those rounded integers, so each term stays bracketed.
 * - early stop: the rounded factor (n−i)/(i+1) never increases with i; the loop stops only once the
 *   step multiplier m is below 1, and then adds hi·m/(10^32 − m), a bound on everything after it, to
 *   the upper sum. A zero upper bound means Go's term is exactly 0.
 * - exponents: the lowest exponent Go reaches is prob0.exp − 32(n−k); checking it once panics in
 *   exactly Go's cases. The binomial coefficient is exact (Go's loop always divides evenly).
 * When the bounds round differently the port retries at a higher precision and finally runs Go's
 * exact loop. test/misstest/audit.test.ts compares it with a literal transliteration of Go's code.
 */
import { DEC_ONE, DEC_ZERO, Decimal, pow10 } from "../go/decimal.js";
import { GoError, GoPanic } from "../go/errors.js";
import { checkedInt64 } from "../go/int64.js";

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** The exponent a Mul would produce, with shopspring's int32 overflow panic. */
function mulExp(a: number, b: number): number {
  const e = a + b;
  if (e < INT32_MIN || e > INT32_MAX) throw new GoPanic(`exponent ${e} overflows an int32!`);
  return e;
}

/**
 * Bounds on a positive decimal as fixed-point integers with `w` fractional digits:
 * lo = floor(x·10^w), hi = ceil(x·10^w).
 */
function fixedBounds(x: Decimal, w: number): [bigint, bigint] {
  if (x.exp >= -w) {
    const v = x.value * pow10(x.exp + w);
    return [v, v];
  }
  const div = pow10(-x.exp - w);
  const lo = x.value / div;
  return [lo, lo * div === x.value ? lo : lo + 1n];
}

/** Round both fixed-point bounds (w places) to `prec` places; the common result, or null if they differ. */
function commonRounding(lo: bigint, hi: bigint, w: number, prec: number): Decimal | null {
  const a = Decimal.new(lo, -w).round(prec);
  if (lo === hi) return a;
  return a.equal(Decimal.new(hi, -w).round(prec)) ? a : null;
}

/** Working precisions (fractional digits) tried before falling back to exact arithmetic. */
function workingPrecisions(prec: number): number[] {
  const w0 = Math.max(prec, 16) + 48;
  return [w0, 2 * w0, 4 * w0];
}

/**
 * base^exp rounded to `prec` places without the full-size exact product: the product is enclosed
 * between fixed-point bounds; rounding is monotone, so when both bounds round to the same value so
 * does the exact product (exact ties have a short expansion and are carried exactly). Null when the
 * bounds straddle a rounding boundary.
 */
function powRoundedByBounds(base: Decimal, exp: bigint, prec: number, w: number): Decimal | null {
  const scale = pow10(w);
  let [bLo, bHi] = fixedBounds(base, w);
  let rLo = scale;
  let rHi = scale;
  for (let e = exp; e > 0n; e >>= 1n) {
    if ((e & 1n) === 1n) {
      rLo = (rLo * bLo) / scale;
      rHi = ceilDiv(rHi * bHi, scale);
    }
    if (e > 1n) {
      bLo = (bLo * bLo) / scale;
      bHi = ceilDiv(bHi * bHi, scale);
    }
  }
  return commonRounding(rLo, rHi, w, prec);
}

function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return q * b === a ? q : q + 1n;
}

/**
 * Mirrors calculations.pow: square-and-multiply with exact Muls, rounded to `prec` places
 * (exp 0 gives 1, exp 1 the base unrounded). The exponents of every Mul are checked first, so an
 * int32 overflow panics where Go's Mul would. The value is the exact product rounded; for bases in
 * (0, 1) (the only ones BinomialPValue passes) it is found from tight bounds when they agree.
 */
export function pow(base: Decimal, exp: bigint, prec: number): Decimal {
  if (exp === 0n) return DEC_ONE;
  if (exp === 1n) return base;
  // Replay the exponent bookkeeping of every Mul Go performs, in Go's order.
  let rExp = 0;
  let bExp = base.exp;
  for (let e = exp; e > 0n; e >>= 1n) {
    if ((e & 1n) === 1n) rExp = mulExp(rExp, bExp);
    bExp = mulExp(bExp, bExp);
  }
  if (base.isPositive() && base.lessThan(DEC_ONE)) {
    for (const w of workingPrecisions(prec)) {
      const r = powRoundedByBounds(base, exp, prec, w);
      if (r !== null) return r;
    }
  }
  return powExact(base, exp, prec);
}

/** calculations.pow with every product carried exactly (the reference the bounds must agree with). */
export function powExact(base: Decimal, exp: bigint, prec: number): Decimal {
  if (exp === 0n) return DEC_ONE;
  if (exp === 1n) return base;
  let result = DEC_ONE;
  let b = base;
  for (let e = exp; e > 0n; e >>= 1n) {
    if ((e & 1n) === 1n) result = result.mul(b);
    if (e > 1n) b = b.mul(b); // Go squares once more after the top bit; only its exponent matters (checked above)
  }
  return result.round(prec);
}

/** C(n, k) as an exact integer (k <= n), via the shorter side. */
function binomialCoefficient(n: bigint, k: bigint): bigint {
  const m = k < n - k ? k : n - k;
  let c = 1n;
  for (let i = 0n; i < m; i++) c = (c * (n - i)) / (i + 1n);
  return c;
}

/** Mirrors calculations.binomialPMF: C(n,k)·p^k·q^(n−k) with exact Muls and no final rounding. */
export function binomialPMF(k: bigint, n: bigint, p: Decimal, q: Decimal, prec: number): Decimal {
  if (k === 0n) return pow(q, n, prec);
  if (k === n) return pow(p, n, prec);
  const pPowK = pow(p, k, prec);
  const qPowNK = pow(q, n - k, prec);
  // Go builds coeff as ((1·n)/1·(n−1))/2 ... with Div at 16 places: always the exact integer C(n,k)
  // with exponent −16. When a power is zero the product is zero whatever coeff is, so skip it.
  const c = pPowK.isZero() || qPowNK.isZero() ? 0n : binomialCoefficient(n, k);
  return Decimal.new(c * 10n ** 16n, -16).mul(pPowK).mul(qPowNK);
}

/**
 * The tail loop of BinomialPValue and its final Round(prec), from bounds: each term is enclosed
 * in fixed-point bounds with `w` fractional digits (terms are non-negative); null when the bounds
 * of the sum round differently.
 */
function tailSumByBounds(prob0: Decimal, k: bigint, n: bigint, ratio: Decimal, prec: number, w: number): Decimal | null {
  const D32 = 10n ** 32n; // factor and ratio both have exponent −16
  // Past the mode the rest of the tail is bounded by a geometric series (the rounded factor
  // (n−i)/(i+1) never increases with i); once that bound is far below the rounding digit it is
  // added to the upper sum and the loop stops. The slack shrinks as w grows, so a near tie is
  // still settled by a larger w or by the exact loop.
  const negligible = pow10(Math.max(0, (w - prec) >> 1));
  let [lo, hi] = fixedBounds(prob0, w);
  let sumLo = lo;
  let sumHi = hi;
  for (let i = k; i < n && hi !== 0n; i++) {
    const m = Decimal.fromInt(n - i).div(Decimal.fromInt(i + 1n)).value * ratio.value;
    lo = (lo * m) / D32;
    hi = ceilDiv(hi * m, D32);
    sumLo += lo;
    sumHi += hi;
    if (m < D32 && ((i - k) & 31n) === 31n && i + 1n < n) {
      const rest = ceilDiv(hi * m, D32 - m); // Σ of the terms after this one
      if (rest < negligible) {
        sumHi += rest;
        break;
      }
    }
  }
  return commonRounding(sumLo, sumHi, w, prec);
}

/** The same loop with exact decimals, as Go runs it. */
export function tailSumExact(prob0: Decimal, k: bigint, n: bigint, ratio: Decimal, prec: number): Decimal {
  let prob = prob0;
  let sum = prob;
  for (let i = k; i < n && !prob.isZero(); i++) {
    const factor = Decimal.fromInt(n - i).div(Decimal.fromInt(i + 1n));
    prob = prob.mul(factor).mul(ratio);
    sum = sum.add(prob);
  }
  return sum.round(prec);
}

/** Mirrors calculations.BinomialPValue: P(X >= k) for X ~ Binomial(n, p0), Go's rounding included. */
export function binomialPValue(k: bigint, n: bigint, p0: Decimal, prec: number): Decimal {
  checkedInt64(k, "k");
  checkedInt64(n, "n");
  if (k < 0n || n < 0n || k > n) throw new GoError("invalid input: requires 0 <= k <= n");
  if (p0.lessThanOrEqual(DEC_ZERO) || p0.greaterThanOrEqual(DEC_ONE)) throw new GoError("p0 must be in (0, 1)");
  if (k === 0n) return DEC_ONE;

  const q0 = DEC_ONE.sub(p0);
  const prob0 = binomialPMF(k, n, p0, q0, prec);
  const ratio = p0.div(q0);
  // Each iteration multiplies prob by factor and ratio (exponent −16 each): Go panics at the Mul
  // whose exponent leaves int32, whatever the coefficients are.
  const lastExp = BigInt(prob0.exp) - 32n * (n - k);
  if (lastExp < BigInt(INT32_MIN)) throw new GoPanic(`exponent ${lastExp} overflows an int32!`);
  // A zero term keeps every later term zero and leaves the sum's value (all Round depends on) unchanged.
  for (const w of workingPrecisions(prec)) {
    const r = tailSumByBounds(prob0, k, n, ratio, prec, w);
    if (r !== null) return r;
  }
  return tailSumExact(prob0, k, n, ratio, prec);
}

/**
 * BinomialPValue computed the way Go computes it, every decimal carried exactly (slow for long
 * tails). A reference for tests of the bounded evaluation above; same errors and results.
 */
export function binomialPValueExactArithmetic(k: bigint, n: bigint, p0: Decimal, prec: number): Decimal {
  if (k < 0n || n < 0n || k > n) throw new GoError("invalid input: requires 0 <= k <= n");
  if (p0.lessThanOrEqual(DEC_ZERO) || p0.greaterThanOrEqual(DEC_ONE)) throw new GoError("p0 must be in (0, 1)");
  if (k === 0n) return DEC_ONE;
  const q0 = DEC_ONE.sub(p0);
  const pmf =
    k === n ? powExact(p0, n, prec) : Decimal.new(binomialCoefficient(n, k) * 10n ** 16n, -16).mul(powExact(p0, k, prec)).mul(powExact(q0, n - k, prec));
  return tailSumExact(pmf, k, n, p0.div(q0), prec);
}
