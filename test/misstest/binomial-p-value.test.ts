import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/go/decimal.js";
import { GoError, GoPanic } from "../../src/go/errors.js";
import { binomialPValue, binomialPValueExactArithmetic, pow, powExact } from "../../src/misstest/binomial-p-value.js";
import { propertyRuns } from "../helpers/property-runs.js";

const d = (s: string) => Decimal.fromString(s);
const pv = (k: number, n: number, p0: string, prec = 16) => binomialPValue(BigInt(k), BigInt(n), d(p0), prec).toString();

/** A p0 strictly inside (0, 1) with 1..6 fractional digits, as Go would parse it. */
const p0Arb = fc
  .tuple(fc.integer({ min: 1, max: 6 }), fc.nat())
  .map(([digits, r]) => {
    const scale = 10 ** digits;
    const v = (r % (scale - 1)) + 1;
    return Decimal.new(BigInt(v), -digits);
  });

describe("binomialPValue: Go's printed values", () => {
  it("matches the documented outputs, underflow and >1 artefacts included", () => {
    const cases: [number, number, string, string][] = [
      [0, 10, "0.1", "1"], [10, 10, "0.1", "0.0000000001"], [5, 10, "0.1", "0.0016349374"], [3, 10, "0.1", "0.0701908264"],
      [4, 10, "0.1", "0.0127951984"], [14, 100, "0.1", "0.1238767925993203"], [15, 100, "0.1", "0.072572965264875"],
      [16, 100, "0.1", "0.0398905271110894"], [17, 150, "0.1", "0"], [1, 350, "0.1", "0.9318890435923256"], [1, 360, "0.1", "0"],
      [749, 1497, "0.1", "0"], [20, 100, "0.15", "0"], [21, 100, "0.15", "0"], [22, 100, "0.15", "0"],
      [7, 10, "0.6", "0.3822806016"], [9, 10, "0.6", "0.0463574016"], [10, 10, "0.6", "0.0060466176"],
      [60, 100, "0.6", "0.4496447015492082"], [69, 100, "0.6", "0.0404546606367341"], [70, 100, "0.6", "0.0251580168923437"],
      [5, 10, "0.5", "0.623046875"], [50, 100, "0.5", "0.5542594876333864"], [1, 2, "0.5", "0.75"], [749, 1497, "0.5", "0"],
      [13, 112, "0.07", "0.0514154483870625"],
    ];
    for (const [k, n, p0, want] of cases) {
      expect(pv(k, n, p0), `${k}/${n} @ ${p0}`).toBe(want);
    }
  });

  it("errors like Go: counts first, then p0 in (0, 1)", () => {
    expect(() => pv(-1, 10, "0.1")).toThrow(GoError);
    expect(() => pv(11, 10, "0.1")).toThrow(GoError);
    expect(() => pv(1, 10, "0")).toThrow(GoError);
    expect(() => pv(1, 10, "1")).toThrow(GoError);
    expect(() => pv(0, 10, "1.5")).toThrow(GoError); // p0 is checked before k == 0
  });

  it("panics where a Mul exponent leaves int32 (a 10^-2^30 base squared)", () => {
    expect(() => pow(Decimal.new(1n, -(2 ** 30)), 2n, 16)).toThrow(GoPanic);
  });
});

describe("binomialPValue: the bounded evaluation equals Go's exact-decimal evaluation", () => {
  it("on random small cases (all precisions 0..24)", () => {
    fc.assert(
      fc.property(p0Arb, fc.integer({ min: 0, max: 70 }), fc.nat(), fc.integer({ min: 0, max: 24 }), (p0, n, k0, prec) => {
        const k = BigInt(k0 % (n + 1));
        const got = binomialPValue(k, BigInt(n), p0, prec);
        const want = binomialPValueExactArithmetic(k, BigInt(n), p0, prec);
        expect(got.toString()).toBe(want.toString());
        expect(got.exp).toBe(want.exp);
      }),
      propertyRuns(300),
    );
  });

  it("on long tails where the exact terms grow to thousands of digits", () => {
    for (const [k, n, p0] of [[1, 989, "0.01"], [3, 1497, "0.01"], [2, 700, "0.0031"], [9, 400, "0.017"]] as const) {
      const got = binomialPValue(BigInt(k), BigInt(n), d(p0), 16).toString();
      const want = binomialPValueExactArithmetic(BigInt(k), BigInt(n), d(p0), 16).toString();
      expect(got, `${k}/${n} @ ${p0}`).toBe(want);
    }
  });

  it("pow agrees with exact square-and-multiply, including exact ties at the rounding digit", () => {
    fc.assert(
      fc.property(p0Arb, fc.bigInt({ min: 0n, max: 400n }), fc.integer({ min: 0, max: 30 }), (b, e, prec) => {
        expect(pow(b, e, prec).toString()).toBe(powExact(b, e, prec).toString());
      }),
      propertyRuns(300),
    );
    expect(pow(d("0.5"), 2n, 1).toString()).toBe("0.3"); // 0.25 rounds half away from zero
    expect(pow(d("0.15"), 2n, 3).toString()).toBe("0.023"); // 0.0225
  });

  it("stays fast on tails Go would grind through with exact decimals", () => {
    // Expected value from binomialPValueExactArithmetic (about 6 s there, milliseconds here).
    expect(pv(2, 20000, "0.0001")).toBe("0.594007684495207");
  });
});
