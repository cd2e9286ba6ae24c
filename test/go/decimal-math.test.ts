// shopspring v1.4.0's Ln / ExpTaylor / NumDigits / NewFromFloat / integer Pow and the Go float64 functions
// they consult. The compiled-Go suite shopspring_ln (test/vectors/go-status/) is the contract; these pin
// the float steps bit for bit against Go's own outputs (go1.19 linux/amd64, printed with Float64bits) and
// the edges a vector file does not name.
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/go/decimal.js";
import { expTaylor, inexactFloat64, ln, newFromFloat, numDigits, powInt } from "../../src/go/decimal-math.js";
import { GoError, GoPanic } from "../../src/go/errors.js";
import { frexp, goLog, goLog10, goLog2 } from "../../src/go/go-math.js";

const bits = (x: number): bigint => {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  return v.getBigUint64(0);
};
const d = (s: string) => Decimal.fromString(s);

/** x, then Go's Float64bits of Log, Log10, Log2, and Frexp's fraction and exponent. */
const GO: [number, bigint, bigint, bigint, number, number][] = [
  [0.2, 0xbff9c041f7ed8d33n, 0xbfe65df657b04300n, 0xc002934f0979a371n, 0.8, -2],
  [0.5306, 0xbfe447a77281bf23n, 0xbfd19d69d7af2ca0n, 0xbfed41f93e9350can, 0.5306, 0],
  [0.75, 0xbfd269621134db92n, 0xbfbffbfc2bbc7802n, 0xbfda8ff971810a5dn, 0.75, 0],
  [0.1, 0xc0026bb1bbb55515n, 0xbfefffffffffffffn, 0xc00a934f0979a371n, 0.8, -3],
  [0.999, 0xbf5064670d979b73n, 0xbf3c79e5dbf022b6n, 0xbf57a6210ffb7151n, 0.999, 0],
  [1e-300, 0xc085963447f87fb5n, 0xc072c00000000000n, 0xc08f24a09f1a8b89n, 0.6696928794914171, -996],
  [5e-324, 0xc08628b76e3a7b61n, 0xc0733f424bcb5221n, 0xc090c80000000000n, 0.5, -1073],
  [3, 0x3ff193ea7aad030an, 0x3fde8927964fd5fcn, 0x3ff95c01a39fbd69n, 0.75, 2],
  [1e300, 0x4085963447f87fb5n, 0x4072c00000000000n, 0x408f24a09f1a8b89n, 0.7466108948025751, 997],
  [0.7071067811865476, 0xbfd62e42fefa39een, 0xbfc34413509f79fen, 0xbfdffffffffffffen, 0.7071067811865476, 0],
  [0.7071067811865475, 0xbfd62e42fefa39f1n, 0xbfc34413509f7a00n, 0xbfe0000000000001n, 0.7071067811865475, 0],
];

describe("Go's math.Log, Log10, Log2 and Frexp on amd64, bit for bit", () => {
  it.each(GO)("%s", (x, log, log10, log2, frac, exp) => {
    expect(bits(goLog(x)).toString(16)).toBe(log.toString(16));
    expect(bits(goLog10(x)).toString(16)).toBe(log10.toString(16));
    expect(bits(goLog2(x)).toString(16)).toBe(log2.toString(16));
    expect(frexp(x)).toEqual([frac, exp]);
  });

  it("keeps Go's special cases: NaN, +Inf, 0 → −Inf, negatives → NaN; Frexp of 0, ±Inf, NaN is (x, 0); a negative keeps its sign", () => {
    expect(goLog(NaN)).toBeNaN();
    expect(goLog(Infinity)).toBe(Infinity);
    expect(goLog(0)).toBe(-Infinity);
    expect(goLog(-1)).toBeNaN();
    expect(frexp(0)).toEqual([0, 0]);
    expect(frexp(Infinity)).toEqual([Infinity, 0]);
    expect(frexp(-Infinity)).toEqual([-Infinity, 0]);
    expect(frexp(NaN)[1]).toBe(0);
    expect(frexp(-3)).toEqual([-0.75, 2]);
    expect(goLog2(8)).toBe(3); // exact power of two
    // subnormals: archLog reads the raw exponent (Go's own outputs)
    expect(bits(goLog(1e-310)).toString(16)).toBe("c08628ae3f3c2ff6");
    expect(bits(goLog(2.2250738585072009e-308)).toString(16)).toBe("c086232bdd7abcd2");
    // around √2/2 × 2^k (Go's outputs)
    const h = Math.SQRT2 / 2;
    expect([1, 2, 10, -3].map((k) => bits(goLog(h * 2 ** k)).toString(16))).toEqual(["3fd62e42fefa39f0", "3ff0a2b23f3bab74", "401a56ef8ec924cc", "c003687a9f1af2b1"]);
  });
});

describe("NumDigits as Go counts (the float fast path within ±2^53, exact beyond)", () => {
  it("is one short at 10^15 and right at 10^14 and 999: Go's int(math.Log10(v))+1", () => {
    expect(numDigits(Decimal.new(10n ** 15n, 0))).toBe(15); // Log10(1e15) = 14.999999999999998 in Go
    expect(numDigits(Decimal.new(10n ** 14n, 0))).toBe(15);
    expect(numDigits(Decimal.new(999n, 0))).toBe(3);
    expect(numDigits(Decimal.new(-1000n, 0))).toBe(4);
    expect(numDigits(Decimal.new(0n, 0))).toBe(1);
  });

  it("counts exactly past 2^53 and past int64 (the bit-length estimate, corrected)", () => {
    expect(numDigits(Decimal.new((1n << 53n) + 1n, 0))).toBe(16);
    expect(numDigits(Decimal.new(10n ** 16n, 0))).toBe(17);
    expect(numDigits(Decimal.new(10n ** 16n - 1n, 0))).toBe(16);
    expect(numDigits(Decimal.new(-(10n ** 30n), 0))).toBe(31);
    expect(numDigits(Decimal.new(1n << 63n, 0))).toBe(19);
    // the float path would say 18 for these (they round to 10^17 as float64): Go takes the exact path
    expect(numDigits(Decimal.new(10n ** 17n - 1n, 0))).toBe(17);
    expect(numDigits(Decimal.new(-(10n ** 17n - 1n), 0))).toBe(17);
  });
});

describe("NewFromFloat and InexactFloat64", () => {
  it("gives the shortest digits with no trailing zero, Go's coefficient and exponent", () => {
    const f = (x: number) => {
      const r = newFromFloat(x);
      return [r.value, r.exp];
    };
    expect(f(0.1)).toEqual([1n, -1]);
    expect(f(100)).toEqual([1n, 2]);
    expect(f(-0.6931471805599453)).toEqual([-6931471805599453n, -16]);
    expect(f(1.5e-7)).toEqual([15n, -8]);
    expect(f(1e21)).toEqual([1n, 21]);
    expect(f(0)).toEqual([0n, 0]);
    expect(() => newFromFloat(NaN)).toThrow(GoPanic);
    expect(() => newFromFloat(Infinity)).toThrow(GoPanic);
  });

  it("converts to the nearest float64", () => {
    expect(inexactFloat64(d("0.1"))).toBe(0.1);
    expect(inexactFloat64(Decimal.new(123n, 2))).toBe(12300);
    expect(inexactFloat64(d("-0.30000000000000004"))).toBe(-0.30000000000000004);
  });
});

describe("Ln, ExpTaylor and integer Pow", () => {
  it("Ln: errors for 0 and negatives, both paths converge to the rounded value, precision may be negative", () => {
    expect(() => ln(d("0"), 12)).toThrow(GoError);
    expect(() => ln(d("-0.5"), 12)).toThrow(GoError);
    expect(ln(d("2"), 12).toString()).toBe("0.69314718056"); // Halley path (reduced to 0.2); trailing zero trimmed by String
    expect(ln(d("2"), 12).exp).toBe(-12);
    expect(ln(d("1.05"), 12).toString()).toBe("0.048790164169"); // power series (|z − 1| ≤ 0.1)
    expect(ln(d("1"), 5).toString()).toBe("0");
    expect(ln(d("123.456"), -1).toString()).toBe("10"); // Go too: at 1 place the iteration stops early
    expect(ln(d("1e30"), 0).toString()).toBe("69");
  });

  it("Ln past the port's ln10 table is refused by name (Go would keep 3,000 digits; the rules use 12 places)", () => {
    expect(() => ln(d("2"), 200)).toThrow(/beyond the port's ln10 table/);
    expect(ln(d("2"), 100).toString().length).toBeGreaterThan(90);
  });

  it("ExpTaylor: e^0 is 1, a negative exponent divides, negative precision rounds to tens", () => {
    expect(expTaylor(d("0"), 3).toString()).toBe("1");
    expect(expTaylor(d("1"), 10).toString()).toBe("2.7182818285");
    expect(expTaylor(d("-1"), 10).toString()).toBe("0.3678794412");
    expect(expTaylor(d("26.1"), -10).toString()).toBe("220000000000");
  });

  it("integer Pow: 0^n is 0, d^0 is 1, exact powers, a negative n divides at 16 places", () => {
    expect(powInt(d("0"), 0n).toString()).toBe("0");
    expect(powInt(d("0"), 5n).toString()).toBe("0");
    const one = powInt(d("0.05"), 0n);
    expect([one.value, one.exp]).toEqual([1n, 0]);
    const p = powInt(d("0.05"), 5n);
    expect([p.value, p.exp]).toEqual([3125n, -10]);
    expect(powInt(d("-2"), 3n).toString()).toBe("-8");
    expect(powInt(d("3"), -1n).toString()).toBe("0.3333333333333333");
  });
});

// The status family's mutation run (2026-12-06) left these edges open: each value is Go's own output
// (shopspring v1.4.0 built with go1.19 linux/amd64), and each tells one rounding or branch apart.
describe("the edges a mutation run found untested (Go's outputs)", () => {
  it("math.Log at exactly √2/2 × 2^32: archLog's f1 ≤ √2/2 halves, and only this exponent gives other bits than < would", () => {
    const v = new DataView(new ArrayBuffer(8));
    v.setBigUint64(0, 0x41e6a09e667f3bcdn); // √2/2's mantissa under exponent 2^31: 3037000499.97605
    expect(bits(goLog(v.getFloat64(0))).toString(16)).toBe("4035d589f2fe5108"); // < would give …5107
  });

  it("NewFromFloat panics with Go's %v of the value: NaN, +Inf, -Inf", () => {
    expect(() => newFromFloat(NaN)).toThrow(new GoPanic("Cannot create a Decimal from NaN"));
    expect(() => newFromFloat(Infinity)).toThrow(new GoPanic("Cannot create a Decimal from +Inf"));
    expect(() => newFromFloat(-Infinity)).toThrow(new GoPanic("Cannot create a Decimal from -Inf"));
  });

  it("Ln's two errors carry Go's words", () => {
    expect(() => ln(d("-0.5"), 12)).toThrow(new GoError("cannot calculate natural logarithm for negative decimals"));
    expect(() => ln(d("0"), 12)).toThrow(new GoError("cannot represent natural logarithm of 0, result: -infinity"));
  });

  it("ExpTaylor at precision 0 divides at 1 place, not 8 (only a negative precision takes 8): Go's e^-0.836 is 1", () => {
    expect(expTaylor(d("-0.836"), 0).toString()).toBe("1"); // at 8 places the same series gives 0
    expect(["-0.5", "-1.2", "0.5", "2.5"].map((x) => expTaylor(d(x), 0).toString())).toEqual(["1", "0", "2", "12"]);
  });

  it("Ln at |z − 1| = 0.1 exactly takes the power series (the reduction and Halley round the last place otherwise)", () => {
    expect(ln(d("1.1"), 32).toString()).toBe("0.09531017980432486004395212328077"); // Halley: …076
    expect(ln(d("0.9"), 32).toString()).toBe("-0.10536051565782630122750098083931");
  });

  it("Ln within 0.1 of 1 sums the power series, not Halley's iteration from z − 1 (they round apart)", () => {
    expect(ln(d("0.952"), 1).toString()).toBe("-0.1"); // Halley from −0.048: 0
    expect(ln(d("0.931"), 3).toString()).toBe("-0.071");
    expect(ln(d("1.022"), 6).toString()).toBe("0.021762");
    expect(ln(d("1.016"), 16).toString()).toBe("0.0158733491562902");
  });
});
