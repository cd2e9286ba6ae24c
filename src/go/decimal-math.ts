/**
 * shopspring/decimal v1.4.0's transcendental and power functions, exactly as the chain's binary runs
 * them: `NumDigits`, `InexactFloat64`, `NewFromFloat`, `ExpTaylor`, `Ln` and `Pow` with an integer
 * exponent. They sit beside decimal.ts (the arithmetic they are built from) because they are the only
 * decimal code that consults float64: Ln's digit count (`int(math.Log10(|v|))+1` for a coefficient
 * within ±2^53, which is off by one near powers of ten, and Go's answer is kept) and its first Halley
 * estimate `NewFromFloat(math.Log(z))` (src/go/go-math.ts gives Go's float64 results bit for bit).
 * Every other step is exact decimal arithmetic, so the results equal Go's digit for digit.
 */
import { Decimal, pow10 } from "./decimal.js";
import { GoError, GoPanic } from "./errors.js";
import { goLog, goLog10, goLog2 } from "./go-math.js";

const ONE = Decimal.new(1, 0);
const TWO = Decimal.new(2, 0);
const TWO_POW_53 = 1n << 53n;

/** Mirrors Decimal.NumDigits: the digits of the coefficient, as Go counts them (see the header). */
export function numDigits(d: Decimal): number {
  const v = d.value;
  // Go: an int64 coefficient within ±2^53 (every such value is an int64)
  if (v <= TWO_POW_53 && v >= -TWO_POW_53) {
    if (v === 0n) return 1;
    return Math.trunc(goLog10(Math.abs(Number(v)))) + 1;
  }
  const abs = v < 0n ? -v : v;
  const estimated = Math.trunc(abs.toString(2).length / goLog2(10));
  return abs >= pow10(estimated) ? estimated + 1 : estimated;
}

/** Mirrors Decimal.InexactFloat64 (big.Rat.Float64: the nearest float64, ties to even). */
export function inexactFloat64(d: Decimal): number {
  return Number(d.toString()); // ECMAScript's string-to-number is that same correctly rounded conversion
}

/**
 * Mirrors decimal.NewFromFloat: the shortest decimal that reads back as `x` (closest, ties to even:
 * the digits strconv's roundShortest and ECMAScript's Number::toString both produce), as coefficient
 * and exponent with no trailing zeros (Go: `value = digits, exp = dp - nd`).
 */
export function newFromFloat(x: number): Decimal {
  if (x === 0) return Decimal.new(0, 0);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(x.toString());
  // NaN, ±Infinity, named as Go's %v prints them
  if (m === null) throw new GoPanic(`Cannot create a Decimal from ${Number.isNaN(x) ? "NaN" : x > 0 ? "+Inf" : "-Inf"}`);
  const frac = m[3] ?? "";
  const digits = m[2]! + frac; // leading zeros change no coefficient
  const trimmed = digits.replace(/0+$/, "");
  const exp = Number(m[4] ?? "") - frac.length + (digits.length - trimmed.length); // no exponent part: 0
  return Decimal.new(BigInt(m[1]! + trimmed), exp);
}

/** Mirrors Decimal.ExpTaylor(precision): e^d by its Taylor series, rounded to `precision` places. */
export function expTaylor(d: Decimal, precision: number): Decimal {
  // Go returns Round(1) for d = 0 first; the series gives the same (one zero step, then Round)
  const epsilon = precision < 0 ? Decimal.new(1, -1) : Decimal.new(1, -precision - 1);
  const divPrecision = precision < 0 ? 8 : precision + 1;
  const decAbs = d.abs();
  let pow = decAbs;
  let factorial = ONE;
  let result = ONE;
  for (let i = 1n; ; ) {
    const step = pow.divRound(factorial, divPrecision);
    result = result.add(step);
    if (step.cmp(epsilon) < 0) break;
    pow = pow.mul(decAbs);
    i++;
    factorial = factorial.mul(Decimal.new(i, 0)); // Go caches factorials; the values are the same
  }
  if (d.sign() < 0) result = ONE.divRound(result, precision + 1);
  return result.round(precision);
}

/** shopspring's strLn10, as far as this port reads it (approximations of up to 127 places). */
const LN10_TEXT =
  "2.30258509299404568401799145468436420760110148862877297603332790096757260967735248023599720508959829834196778404228624863340952546";

/** The approximations Go builds: ln10 to 1, 2, 4, 8, … characters after the integer digit. */
const LN10_APPROXIMATIONS = [1, 2, 4, 8, 16, 32, 64, 128].map((p) => Decimal.fromString(LN10_TEXT.slice(0, 1 + p)));

/** Mirrors constApproximation.withPrecision for ln10 (the smallest approximation of ≥ `precision` places). */
function ln10WithPrecision(precision: number): Decimal {
  // Go divides by 16 (i += 4) before halving: the same count as halving alone (⌊log2⌋ either way)
  let i = 0;
  let p = precision;
  if (p >= 1) i++;
  while (p >= 2) {
    p = Math.trunc(p / 2);
    i++;
  }
  const a = LN10_APPROXIMATIONS[i];
  // Go keeps ~12 approximations of its 3,000-digit constant; past 127 places this port has none.
  if (a === undefined) throw new RangeError(`Ln precision ${precision} is beyond the port's ln10 table`);
  return a;
}

/** Mirrors Decimal.Ln(precision): GoError for d <= 0 (Go returns an error); `precision` may be negative. */
export function ln(d: Decimal, precision: number): Decimal {
  if (d.isNegative()) throw new GoError("cannot calculate natural logarithm for negative decimals");
  if (d.isZero()) throw new GoError("cannot represent natural logarithm of 0, result: -infinity");
  const calcPrecision = precision + 2;
  let z = d;
  const tenth = Decimal.new(1, -1);
  let comp1 = z.sub(ONE);
  let reduceAdjust = Decimal.new(0, 0);
  let usePowerSeries = false;
  if (comp1.abs().cmp(tenth) <= 0) usePowerSeries = true;
  else {
    // reduce to [0.1, 1) by the digit count; add expDelta × ln(10) back at the end
    const expDelta = numDigits(z) + z.exp;
    z = Decimal.new(z.value, z.exp - expDelta);
    reduceAdjust = Decimal.new(expDelta, 0).mul(ln10WithPrecision(calcPrecision));
    comp1 = z.sub(ONE);
    if (comp1.abs().cmp(tenth) <= 0) usePowerSeries = true;
    else comp1 = newFromFloat(goLog(inexactFloat64(z)));
  }
  const epsilon = Decimal.new(1, -calcPrecision);
  if (usePowerSeries) {
    // ln(z+1) = 2 Σ 1/(2n+1) (z/(z+2))^(2n+1)
    const comp3 = comp1.divRound(comp1.add(TWO), calcPrecision);
    comp1 = comp3.add(comp3);
    let comp2 = comp1;
    for (let n = 1; ; n++) {
      comp2 = comp2.mul(comp3).mul(comp3);
      const comp4 = comp2.divRound(Decimal.new(2 * n + 1, 0), calcPrecision);
      comp1 = comp1.add(comp4);
      if (comp4.abs().cmp(epsilon) <= 0) break;
    }
  } else {
    // Halley: a ← a − 2(e^a − z)/(e^a + z), stopping on a small or oscillating step
    let prevStep = Decimal.new(0, 0);
    const maxIters = calcPrecision * 2 + 10;
    for (let i = 0; i < maxIters; i++) {
      const ea = expTaylor(comp1, calcPrecision);
      let comp2 = ea.sub(z);
      comp2 = comp2.add(comp2);
      const step = comp2.divRound(ea.add(z), calcPrecision);
      comp1 = comp1.sub(step);
      if (prevStep.add(step).isZero()) break;
      if (step.abs().cmp(epsilon) <= 0) break;
      prevStep = step;
    }
  }
  return comp1.add(reduceAdjust).round(precision);
}

/**
 * Mirrors `d.Pow(decimal.NewFromInt(n))`, the only Pow the chain's status rule calls: 0^0 and 0^(n<0)
 * are Go's zero Decimal{} (0), 0^(n>0) is 0, d^0 is 1 (no factor: Go's Decimal{1, 0}), otherwise the exact power by repeated squaring
 * (a negative n divides 1 by it at PowPrecisionNegativeExponent = 16 places).
 */
export function powInt(d: Decimal, n: bigint): Decimal {
  if (d.sign() === 0) return Decimal.new(0, 0);
  let e = n < 0n ? -n : n;
  let base = d;
  let result = ONE;
  while (e > 0n) {
    if ((e & 1n) === 1n) result = result.mul(base);
    e >>= 1n;
    if (e > 0n) base = base.mul(base);
  }
  return n < 0n ? ONE.divRound(result, 16) : result;
}
