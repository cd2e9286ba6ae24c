// shopspring/decimal v1.4.0 semantics of src/go/decimal.ts, checked against two independent references:
// decimal.js at a huge precision with explicit ROUND_HALF_UP to places, and plain bigint fractions.
import { Decimal as DecimalJs } from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/go/decimal.js";
import { GoError, GoPanic } from "../../src/go/errors.js";

const Big = DecimalJs.clone({ precision: 1000, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -9e15, toExpPos: 9e15 });

const toJs = (d: Decimal) => new Big(`${d.value}e${d.exp}`);

/** Arbitrary decimals: coefficient up to 30 digits, exponent -20..5. */
const decArb = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: -20, max: 5 }))
  .map(([v, e]) => Decimal.new(v, e));
const nonZeroArb = decArb.filter((d) => !d.isZero());

/** x = value·10^exp as a fraction num/den (den > 0). */
function frac(d: Decimal): [bigint, bigint] {
  return d.exp >= 0 ? [d.value * 10n ** BigInt(d.exp), 1n] : [d.value, 10n ** BigInt(-d.exp)];
}

/** Bigint reference: round num/den to `places` decimal places, half away from zero, as value at exponent -places. */
function roundFrac(num: bigint, den: bigint, places: number): bigint {
  const [n, m] = places >= 0 ? [num * 10n ** BigInt(places), den] : [num, den * 10n ** BigInt(-places)];
  const neg = n < 0n !== m < 0n;
  const an = n < 0n ? -n : n;
  const am = m < 0n ? -m : m;
  let q = an / am;
  if (2n * (an % am) >= am) q += 1n;
  return neg ? -q : q;
}

describe("Decimal.div / divRound (DivisionPrecision 16, half away from zero)", () => {
  it("agrees with decimal.js to 16 places and with a bigint fraction reference", () => {
    fc.assert(
      fc.property(decArb, nonZeroArb, (a, b) => {
        const q = a.div(b);
        expect(q.exp).toBe(-16);
        expect(q.toString()).toBe(toJs(a).div(toJs(b)).toDecimalPlaces(16, DecimalJs.ROUND_HALF_UP).toFixed());
        const [an, ad] = frac(a);
        const [bn, bd] = frac(b);
        expect(q.value).toBe(roundFrac(an * bd, ad * bn, 16));
      }),
      { numRuns: 2000 },
    );
  });

  it("divRound at other precisions follows the same rule", () => {
    fc.assert(
      fc.property(decArb, nonZeroArb, fc.integer({ min: 0, max: 40 }), (a, b, p) => {
        const [an, ad] = frac(a);
        const [bn, bd] = frac(b);
        const q = a.divRound(b, p);
        expect(q.exp).toBe(0 - p);
        expect(q.value).toBe(roundFrac(an * bd, ad * bn, p));
      }),
      { numRuns: 1000 },
    );
  });

  it("keeps Go's examples and panics on division by zero", () => {
    expect(Decimal.fromString("0.1").div(Decimal.fromString("0.9")).toString()).toBe("0.1111111111111111");
    expect(Decimal.fromString("2").div(Decimal.fromString("3")).toString()).toBe("0.6666666666666667");
    expect(Decimal.fromString("-2").div(Decimal.fromString("3")).toString()).toBe("-0.6666666666666667");
    expect(Decimal.fromString("1").div(Decimal.fromString("3e20")).toString()).toBe("0"); // below 5e-17: absolute precision
    expect(Decimal.fromString("5").div(Decimal.fromString("1e17")).toString()).toBe("0.0000000000000001"); // exactly half rounds up
    expect(() => Decimal.fromInt(1).div(Decimal.fromInt(0))).toThrow(GoPanic);
  });
});

describe("Decimal.round (half away from zero to places)", () => {
  it("agrees with decimal.js ROUND_HALF_UP and the bigint reference, exponent always -places", () => {
    fc.assert(
      fc.property(decArb, fc.integer({ min: -6, max: 30 }), (a, places) => {
        const r = a.round(places);
        expect(r.exp).toBe(0 - places); // +0, never -0
        const [n, d] = frac(a);
        expect(r.value).toBe(roundFrac(n, d, places));
        const js = places >= 0 ? toJs(a).toDecimalPlaces(places, DecimalJs.ROUND_HALF_UP) : toJs(a).toNearest(new Big(`1e${-places}`), DecimalJs.ROUND_HALF_UP);
        expect(r.equal(Decimal.fromString(js.toFixed()))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("rounds ties away from zero on both sides", () => {
    const cases: [string, number, string][] = [
      ["0.25", 1, "0.3"], ["-0.25", 1, "-0.3"], ["2.5", 0, "3"], ["-2.5", 0, "-3"], ["0.049999", 1, "0"], ["1.45", 1, "1.5"],
      ["150", -2, "200"], ["-150", -2, "-200"], ["0.0000000000000000499", 16, "0"], ["0.00000000000000005", 16, "0.0000000000000001"],
    ];
    for (const [x, p, want] of cases) expect(Decimal.fromString(x).round(p).toString(), `${x} @ ${p}`).toBe(want);
  });
});

describe("Decimal.intPart / mul / add / cmp", () => {
  it("IntPart truncates toward zero and wraps past int64 like big.Int.Int64", () => {
    expect(Decimal.fromString("-1.9").intPart()).toBe(-1n);
    expect(Decimal.fromString("1.9").intPart()).toBe(1n);
    expect(Decimal.fromString("18446744073709551716").intPart()).toBe(100n); // 2^64 + 100
    expect(Decimal.fromString("-18446744073709551716").intPart()).toBe(-100n);
  });

  it("Mul and Add are exact, comparisons exact", () => {
    fc.assert(
      fc.property(decArb, decArb, (a, b) => {
        expect(toJs(a.mul(b)).eq(toJs(a).mul(toJs(b)))).toBe(true);
        expect(a.mul(b).exp).toBe(a.exp + b.exp);
        expect(toJs(a.add(b)).eq(toJs(a).add(toJs(b)))).toBe(true);
        expect(a.add(b).exp).toBe(Math.min(a.exp, b.exp));
        expect(a.cmp(b)).toBe(toJs(a).cmp(toJs(b)));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("Decimal.fromString / toString (NewFromString and String())", () => {
  it("keeps the written exponent and prints like Go", () => {
    const cases: [string, bigint, number, string][] = [
      ["0.10", 10n, -2, "0.1"], ["1e-1", 1n, -1, "0.1"], ["100e-3", 100n, -3, "0.1"], ["0.5e-1", 5n, -2, "0.05"], ["1.5E+3", 15n, 2, "1500"],
      ["-0.000", 0n, -3, "0"], [".5", 5n, -1, "0.5"], ["5.", 5n, 0, "5"], ["+7", 7n, 0, "7"], ["-.25", -25n, -2, "-0.25"],
      ["12345678901234567890.123", 12345678901234567890123n, -3, "12345678901234567890.123"], ["1e2", 1n, 2, "100"],
    ];
    for (const [s, v, e, str] of cases) {
      const d = Decimal.fromString(s);
      expect([d.value, d.exp, d.toString()], s).toEqual([v, e, str]);
    }
    expect(Decimal.new(-1n, -20).toString()).toBe("-0.00000000000000000001");
    expect(Decimal.new(12n, 2).toString()).toBe("1200");
  });

  it("rejects what Go rejects", () => {
    for (const s of ["", ".", "-", "+", "abc", "1e", "1e1.5", "1.2.3", "--1", " 1", "1 ", "0x10", "1_000", "NaN", "Infinity", "1e99999999999"]) {
      expect(() => Decimal.fromString(s), JSON.stringify(s)).toThrow(GoError);
    }
  });

  it("String() round-trips through NewFromString (value kept, digits trimmed)", () => {
    fc.assert(
      fc.property(decArb, (a) => {
        const s = a.toString();
        expect(Decimal.fromString(s).equal(a)).toBe(true);
        expect(Decimal.fromString(s).toString()).toBe(s);
        expect(s).toMatch(/^-?\d+(\.\d*[1-9])?$/);
        expect(toJs(a).toFixed()).toBe(s === "-0" ? "0" : s);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("Decimal.div / divRound: exact ties in every rounding path (issue 13 item 13)", () => {
  // No Go vector has an exact tie in Div. shopspring's DivRound compares 2·|r|·10^precision with |d2|:
  // below → the truncated quotient; equal (a tie) or above → one unit away from zero, the sign
  // taken from the signs of dividend and divisor. Half-even would differ on the even ties below.
  const div = (a: string, b: string) => Decimal.fromString(a).div(Decimal.fromString(b)).toString();
  const divRound = (a: string, b: string, p: number) => Decimal.fromString(a).divRound(Decimal.fromString(b), p).toString();

  it("a tie at the 17th place rounds away from zero, for every sign combination", () => {
    expect(div("0.00000000000000005", "1")).toBe("0.0000000000000001");
    expect(div("-0.00000000000000005", "1")).toBe("-0.0000000000000001");
    expect(div("0.00000000000000005", "-1")).toBe("-0.0000000000000001");
    expect(div("-0.00000000000000005", "-1")).toBe("0.0000000000000001");
    expect(div("1", "20000000000000000")).toBe("0.0000000000000001"); // 1/(2·10^16) = 5·10^-17 exactly
    expect(div("-1", "20000000000000000")).toBe("-0.0000000000000001");
  });
  it("an even digit before the tie still rounds away (half-even would keep it)", () => {
    expect(div("0.00000000000000025", "1")).toBe("0.0000000000000003");
    expect(div("-0.00000000000000025", "1")).toBe("-0.0000000000000003");
    expect(div("0.00000000000000045", "-1")).toBe("-0.0000000000000005");
    expect(div("25", "100000000000000000")).toBe("0.0000000000000003"); // 2.5·10^-16
    expect(div("25", "1000000000000000000")).toBe("0"); // 2.5·10^-17: a quarter of a unit
    expect(div("1.00000000000000005", "1")).toBe("1.0000000000000001");
    expect(div("2.00000000000000025", "-1")).toBe("-2.0000000000000003");
  });
  it("a tie produced by the division itself (not present in the dividend)", () => {
    expect(div("1", "32")).toBe("0.03125");
    expect(div("3", "64000000000000000")).toBe("0"); // 4.6875·10^-17: just below half a unit
    expect(div("3", "32000000000000000")).toBe("0.0000000000000001"); // 9.375·10^-17: above half
    expect(div("7", "80000000000000000")).toBe("0.0000000000000001"); // 8.75·10^-17
    expect(div("1", "40000000000000000")).toBe("0"); // 2.5·10^-17: below half of a unit
    expect(div("3", "20000000000000000")).toBe("0.0000000000000002"); // 1.5·10^-16: a tie at the 17th place
    expect(div("-3", "20000000000000000")).toBe("-0.0000000000000002");
  });
  it("just below and just above a tie", () => {
    expect(div("0.000000000000000049999", "1")).toBe("0");
    expect(div("-0.000000000000000049999", "1")).toBe("0");
    expect(div("0.000000000000000050001", "1")).toBe("0.0000000000000001");
    expect(div("-0.000000000000000050001", "-1")).toBe("0.0000000000000001");
  });
  it("DivRound at other precisions: ties, below and above, both signs", () => {
    expect(divRound("0.125", "1", 2)).toBe("0.13");
    expect(divRound("-0.125", "1", 2)).toBe("-0.13");
    expect(divRound("0.145", "1", 2)).toBe("0.15");
    expect(divRound("0.145", "-1", 2)).toBe("-0.15");
    expect(divRound("0.1249999", "1", 2)).toBe("0.12");
    expect(divRound("0.1250001", "1", 2)).toBe("0.13");
    expect(divRound("1", "8", 2)).toBe("0.13"); // 0.125
    expect(divRound("-1", "8", 2)).toBe("-0.13");
    expect(divRound("5", "2", 0)).toBe("3"); // 2.5
    expect(divRound("-5", "2", 0)).toBe("-3");
    expect(divRound("7", "2", 0)).toBe("4"); // 3.5
    expect(divRound("25", "1", -1)).toBe("30"); // a tie at the tens
    expect(divRound("-25", "1", -1)).toBe("-30");
    expect(divRound("0", "7", 16)).toBe("0");
  });
  it("agrees with the half-away-from-zero reference on random exact ties", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.boolean(), fc.integer({ min: 0, max: 16 }), (q, d, negD, p) => {
        // a / b = (q + 1/2)·10^-p exactly: b = 2·d, a = (2q + 1)·d·10^-p
        const b = Decimal.new(negD ? -2n * d : 2n * d, 0);
        const a = Decimal.new((2n * q + 1n) * d * (negD ? -1n : 1n), -p);
        const got = a.divRound(b, p);
        const away = q >= 0n ? q + 1n : q; // the unit away from zero of q + 1/2
        expect(got.value).toBe(away);
        expect(got.exp === -p).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
