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
        for (const base of basesAround(j, prec, e, 110)) {
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
