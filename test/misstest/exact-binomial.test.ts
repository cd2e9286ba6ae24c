import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/go/decimal.js";
import { InputError } from "../../src/errors.js";
import { EXACT_MAX_BITS, exactCriticalValue, exactTestLimit, exactTestPasses, exactUpperTail, fractionToScientific, type Fraction } from "../../src/misstest/exact-binomial.js";
import { propertyRuns } from "../helpers/property-runs.js";

const d = (s: string) => Decimal.fromString(s);

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** Brute force: Σ_{i>=k} C(n,i) p^i (1-p)^(n-i) term by term with fractions, reduced by a generic gcd. */
function bruteTail(k: number, n: number, num: bigint, den: bigint): Fraction {
  let sN = 0n;
  let sD = 1n;
  for (let i = k; i <= n; i++) {
    let c = 1n;
    for (let j = 0; j < i; j++) c = (c * BigInt(n - j)) / BigInt(j + 1);
    const tN = c * num ** BigInt(i) * (den - num) ** BigInt(n - i);
    const tD = den ** BigInt(n);
    sN = sN * tD + tN * sD;
    sD *= tD;
    const g = gcd(sN, sD);
    sN /= g;
    sD /= g;
  }
  return { numerator: sN, denominator: sD };
}

const p0Arb = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.nat()).map(([digits, r]) => {
  const scale = 10 ** digits;
  return Decimal.new(BigInt((r % (scale - 1)) + 1), -digits);
});

describe("exact binomial test", () => {
  it("agrees with a brute-force sum on small n (reduced fractions, identical)", () => {
    fc.assert(
      fc.property(p0Arb, fc.integer({ min: 0, max: 40 }), fc.nat(), (p0, n, k0) => {
        const k = k0 % (n + 1);
        const num = p0.value;
        const den = 10n ** BigInt(-p0.exp);
        const got = exactUpperTail(BigInt(k), BigInt(n), p0);
        const want = k === 0 ? { numerator: 1n, denominator: 1n } : bruteTail(k, n, num, den);
        expect(got).toEqual(want);
      }),
      propertyRuns(300),
    );
  });

  it("its critical value is the largest count whose tail is at least 0.05", () => {
    fc.assert(
      fc.property(p0Arb, fc.integer({ min: 0, max: 60 }), (p0, n) => {
        const c = exactCriticalValue(BigInt(n), p0);
        expect(exactTestPasses(exactUpperTail(c, BigInt(n), p0))).toBe(true);
        if (c < BigInt(n)) expect(exactTestPasses(exactUpperTail(c + 1n, BigInt(n), p0))).toBe(false);
      }),
      propertyRuns(200),
    );
  });

  it("the fast critical-value walk (from mean + 5 sd) is right on larger totals too", () => {
    fc.assert(
      fc.property(p0Arb, fc.integer({ min: 100, max: 2500 }), (p0, n) => {
        const c = exactCriticalValue(BigInt(n), p0);
        expect(exactTestPasses(exactUpperTail(c, BigInt(n), p0))).toBe(true);
        if (c < BigInt(n)) expect(exactTestPasses(exactUpperTail(c + 1n, BigInt(n), p0))).toBe(false);
      }),
      propertyRuns(60),
    );
  });

  it("the bounds' walk and the exact tails from mean + 5 sd agree (the fallback's own path)", () => {
    fc.assert(
      fc.property(p0Arb, fc.integer({ min: 50, max: 4000 }), (p0, n) => {
        expect(exactCriticalValue(BigInt(n), p0)).toBe(exactCriticalValue(BigInt(n), p0, { exactTails: true }));
      }),
      { numRuns: 60 },
    );
  });

  it("large totals by binary splitting: the two tails of P and of 1 − p0 add up, in seconds (issue 22: n = 10^6 took minutes)", { timeout: 60_000 }, () => {
    // P_p(X >= k) = 1 − P_{1−p}(X >= n − k + 1): the upper sum on one side, the complement on the other.
    for (const [n, k, p] of [[200_000n, 100_000n, "0.1"], [200_000n, 19_500n, "0.1"], [100_000n, 50_321n, "0.5"], [60_000n, 7_123n, "0.123"]] as const) {
      const t0 = performance.now();
      const x = exactUpperTail(k, n, d(p));
      const y = exactUpperTail(n - k + 1n, n, Decimal.fromInt(1).sub(d(p)));
      expect(x.numerator * y.denominator + y.numerator * x.denominator, `n=${n} k=${k} p0=${p}`).toBe(x.denominator * y.denominator);
      expect(performance.now() - t0).toBeLessThan(20_000);
    }
  });

  it(`a p0 with many digits has fewer totals: numbers past ${EXACT_MAX_BITS} bits are named, not computed`, () => {
    const long = d("0.123456789012345678");
    expect(exactTestLimit(1_000_000n, long)).toMatch(/needs numbers of \d{8} bits, more than its limit of 10000000; at this p0 it supports totals up to 1\d{5}\b/);
    expect(exactTestLimit(1_000_000n, d("0.123"))).toBeUndefined();
    expect(() => exactUpperTail(5n, 1_000_000n, long)).toThrow(InputError);
  });

  it("reproduces the spec's exact critical values (p0 = 0.10 and the incident total 1497)", () => {
    const at10: [bigint, bigint][] = [[10n, 3n], [100n, 15n], [990n, 115n], [1000n, 116n], [10000n, 1050n]];
    for (const [n, c] of at10) expect(exactCriticalValue(n, d("0.1")), `n=${n}`).toBe(c);
    const incident: [string, bigint][] = [["0.05", 89n], ["0.1", 169n], ["0.2", 325n], ["0.3", 478n], ["0.4", 630n], ["0.5", 780n]];
    for (const [p, c] of incident) expect(exactCriticalValue(1497n, d(p)), `p0=${p}`).toBe(c);
  });

  it("p-values of the incident: about 10^-334.2 at 0.10, exactly 1/2 at 0.50", () => {
    expect(fractionToScientific(exactUpperTail(749n, 1497n, d("0.1")))).toMatch(/^6\.0311\d*e-335$/);
    expect(exactUpperTail(749n, 1497n, d("0.5"))).toEqual({ numerator: 1n, denominator: 2n });
    expect(exactUpperTail(0n, 5n, d("0.3"))).toEqual({ numerator: 1n, denominator: 1n });
    expect(exactUpperTail(3n, 3n, d("0.1"))).toEqual({ numerator: 1n, denominator: 1000n });
  });

  it("rejects p0 outside (0, 1) and counts outside 0..n", () => {
    expect(() => exactUpperTail(1n, 10n, d("1"))).toThrow(InputError);
    expect(() => exactUpperTail(1n, 10n, d("0"))).toThrow(InputError);
    expect(() => exactUpperTail(11n, 10n, d("0.1"))).toThrow(InputError);
  });

  it("formats p-values", () => {
    expect(fractionToScientific({ numerator: 1n, denominator: 2n })).toBe("0.5");
    expect(fractionToScientific({ numerator: 1n, denominator: 3000n })).toBe("3.33333e-4");
    expect(fractionToScientific({ numerator: 1n, denominator: 1n })).toBe("1");
    expect(fractionToScientific({ numerator: 0n, denominator: 1n })).toBe("0");
  });
});
