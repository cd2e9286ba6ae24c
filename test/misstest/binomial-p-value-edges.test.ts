// BinomialPValue's bracketing where it is decided: values within 10^-90 of a rounding boundary, from
// bases and p0 longer than the first working precision (64 places at prec 16), on both sides. A bound
// that is a little too loose or too tight rounds such a value the wrong way; the references are the
// port's exact loops (powExact, binomialPValueExactArithmetic: every decimal carried exactly, as Go does),
// which test/misstest/audit.test.ts checks against a literal transliteration of Go's code.
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/go/decimal.js";
import { GoPanic } from "../../src/go/errors.js";
import { binomialPValue, binomialPValueExactArithmetic, pow, powExact } from "../../src/misstest/binomial-p-value.js";

const key = (x: Decimal) => `${x.value}e${x.exp}`;

/** floor(x^(1/e)) for x >= 0 (Newton on bigint). */
function iroot(x: bigint, e: bigint): bigint {
  if (x < 2n) return x;
  let r = 1n << (BigInt(x.toString(2).length) / e + 1n);
  for (;;) {
    const next = ((e - 1n) * r + x / r ** (e - 1n)) / e;
    if (next >= r) return r;
    r = next;
  }
}

/** The two L-digit bases whose e-th powers are the nearest below and at-or-above the half-way point (2j+1)/2 · 10^-prec. */
function basesAround(j: bigint, prec: number, e: bigint, L: number): [Decimal, Decimal] {
  // boundary · 10^(L·e) = (2j+1) · 5 · 10^(L·e - prec - 1)
  const target = (2n * j + 1n) * 5n * 10n ** BigInt(L * Number(e) - prec - 1);
  const r = iroot(target, e);
  const below = r ** e === target ? r - 1n : r;
  return [Decimal.new(below, -L), Decimal.new(below + 1n, -L)];
}

describe("pow: products within 10^-90 of a half-way point round as the exact product does", () => {
  it("both sides, even and odd exponents, several precisions", () => {
    let cases = 0;
    for (const [j, prec] of [[3n, 1], [1n, 1], [41n, 2], [12345n, 5], [70000000000000n, 16], [2n, 16]] as const) {
      for (const e of [2n, 3n, 5n, 6n, 7n, 12n]) {
        for (const L of [110, 300]) for (const base of basesAround(j, prec, e, L)) {
          if (!(base.isPositive() && base.lessThan(Decimal.fromInt(1)))) continue;
          const want = powExact(base, e, prec);
          expect(key(pow(base, e, prec)), `${base.toString()}^${e} @${prec}`).toBe(key(want));
          cases++;
        }
      }
    }
    expect(cases).toBeGreaterThan(40);
  });

  it("Go's Mul panics when an exponent passes int32's top too", () => {
    expect(() => pow(Decimal.new(1n, 2 ** 29), 2n, 16)).toThrow(GoPanic); // b squared after the top bit: 2^31
    expect(() => pow(Decimal.new(1n, 2 ** 30), 3n, 16)).toThrow(GoPanic); // the result's 3·2^30
  });
});

/** Go's BinomialPValue loop before its final Round: the exact sum (literal order, no shortcut). */
function exactSum(k: number, n: number, p0: Decimal, prec: number): Decimal {
  const one = Decimal.fromInt(1);
  const q0 = one.sub(p0);
  let coeff = one;
  for (let i = 0; i < k; i++) coeff = coeff.mul(Decimal.fromInt(n - i)).div(Decimal.fromInt(i + 1));
  let prob = coeff.mul(k === 1 ? p0 : powExact(p0, BigInt(k), prec)).mul(n - k === 1 ? q0 : powExact(q0, BigInt(n - k), prec));
  let sum = prob;
  const ratio = p0.div(q0);
  for (let i = k; i < n; i++) {
    prob = prob.mul(Decimal.fromInt(n - i).div(Decimal.fromInt(i + 1))).mul(ratio);
    sum = sum.add(prob);
  }
  return sum;
}

/**
 * (Only k = 1 or n − k = 1 keep p0 unrounded in the first term; otherwise the sum moves in 16-place steps.)
 * The two L-digit p0 in [lo, hi] (hi − lo = 10^-L apart) whose exact sums lie on either side of the
 * half-way point `boundary`, by bisection; null when the crossing is a jump of a 16-place rounding.
 */
function p0Around(k: number, n: number, boundary: Decimal, lo: bigint, hi: bigint, L: number): [Decimal, Decimal] | null {
  const f = (v: bigint) => exactSum(k, n, Decimal.new(v, -L), 16);
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (f(mid).lessThan(boundary)) lo = mid;
    else hi = mid;
  }
  if (f(hi).sub(boundary).greaterThan(Decimal.new(1n, -(L - 20)))) return null;
  return [Decimal.new(lo, -L), Decimal.new(hi, -L)];
}

describe("the tail sum: p-values within 10^-280 of a half-way point at prec 16, both sides", () => {
  it("two terms (n = 2) and a tail long enough to stop early (n = 40)", () => {
    let cases = 0;
    for (const [k, n, boundary, lo, hi, L] of [
      [1, 2, "0.30000000000000005", 1, 2, 300],
      [1, 2, "0.12345678901234565", 1, 10, 300],
      [1, 40, "0.50000000000000005", 1, 2, 150],
      [1, 40, "0.41234567890123455", 1, 2, 150],
    ] as const) {
      // p0 between lo/100 and hi/100
      const scale = 10n ** BigInt(L - 2);
      const around = p0Around(k, n, Decimal.fromString(boundary), BigInt(lo) * scale, BigInt(hi) * scale, L);
      expect(around, `${k}/${n} around ${boundary}`).not.toBeNull();
      for (const p0 of around!) {
        const want = binomialPValueExactArithmetic(BigInt(k), BigInt(n), p0, 16);
        expect(key(binomialPValue(BigInt(k), BigInt(n), p0, 16)), `${k}/${n} @ ${p0.toString().slice(0, 30)}…`).toBe(key(want));
        cases++;
      }
    }
    expect(cases).toBe(8);
  });
});

describe("binomialPValue: the loop's boundaries", () => {
  it("a step multiplier of exactly 1 at the early-stop check (p0 = 0.5, factor (n−i)/(i+1) = 1 at i − k = 31)", () => {
    // prec 40: at 16 places 0.5^64 rounds to 0 and the loop never runs (Go's underflow)
    const p0 = Decimal.fromString("0.5");
    for (const [k, n] of [[1n, 65n], [2n, 67n], [3n, 69n]] as const) {
      const got = binomialPValue(k, n, p0, 40);
      expect(got.isZero(), `${k}/${n}`).toBe(false);
      expect(key(got), `${k}/${n}`).toBe(key(binomialPValueExactArithmetic(k, n, p0, 40)));
    }
    expect(binomialPValue(1n, 65n, p0, 16).toString()).toBe("0");
  });

  it("the tail loop's lowest exponent exactly int32's bottom still fits (p0 = 10^-32, k = 1)", () => {
    // prob0's exponent: −16 (coefficient) − 32 (p0) − 16 (q^(n−1) rounded) = −64; then −32 per iteration:
    // −64 − 32·(2^26 − 2) = −2^31 fits; one request more panics
    const p0 = Decimal.new(1n, -32);
    expect(binomialPValue(1n, 2n ** 26n - 1n, p0, 16).toString()).toBe("0");
    expect(() => binomialPValue(1n, 2n ** 26n, p0, 16)).toThrow("exponent -2147483680 overflows an int32!");
  });

  it("Go's panic names the first exponent that overflows, in Go's Mul order", () => {
    // base exponent 2^31 − 1, exp 3: the result's first Mul gives 2^31 − 1 (fits), then b·b gives 2^32 − 2
    expect(() => pow(Decimal.new(1n, 2 ** 31 - 1), 3n, 16)).toThrow("exponent 4294967294 overflows an int32!");
  });

  it("counts outside int64 are refused naming the argument; the exact reference errors like Go", () => {
    expect(() => binomialPValue(2n ** 63n, 2n ** 63n, Decimal.fromString("0.1"), 16)).toThrow("k: 9223372036854775808 does not fit in int64");
    expect(() => binomialPValue(1n, 2n ** 63n, Decimal.fromString("0.1"), 16)).toThrow("n: 9223372036854775808 does not fit in int64");
    for (const [k, n, p0] of [[-1n, 10n, "0.1"], [11n, 10n, "0.1"], [0n, -1n, "0.1"]] as const) {
      expect(() => binomialPValueExactArithmetic(k, n, Decimal.fromString(p0), 16)).toThrow("invalid input: requires 0 <= k <= n");
    }
    for (const p0 of ["0", "1", "1.5", "-0.1"]) expect(() => binomialPValueExactArithmetic(1n, 10n, Decimal.fromString(p0), 16)).toThrow("p0 must be in (0, 1)");
    expect(binomialPValueExactArithmetic(0n, 10n, Decimal.fromString("0.1"), 16).toString()).toBe("1");
    expect(binomialPValueExactArithmetic(3n, 3n, Decimal.fromString("0.1"), 16).toString()).toBe("0.001");
  });
});
