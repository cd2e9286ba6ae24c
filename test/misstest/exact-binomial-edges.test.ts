// The exact binomial proposal's edges a user sees: each refusal's line and field, the limit's
// reason, the p-value's printed form in each notation, the smallest totals' critical values.
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/go/decimal.js";
import { refusal } from "../helpers/refusal.js";
import { exactCriticalValue, exactTestLimit, exactUpperTail, fractionToScientific, p0Fraction } from "../../src/misstest/exact-binomial.js";

const d = (s: string) => Decimal.fromString(s);

describe("exact binomial: refusals name the field and the value", () => {
  it("counts and p0", () => {
    expect(refusal(() => exactUpperTail(1n, -1n, d("0.1")))).toBe("total: must not be negative, got -1");
    expect(refusal(() => exactUpperTail(1n, 1_000_001n, d("0.1")))).toBe("total: the exact test supports totals up to 1000000, got 1000001");
    expect(refusal(() => exactUpperTail(11n, 10n, d("0.1")))).toBe("missed: must be between 0 and the total 10, got 11");
    expect(refusal(() => exactUpperTail(-1n, 10n, d("0.1")))).toBe("missed: must be between 0 and the total 10, got -1");
    expect(refusal(() => exactUpperTail(1n, 10n, d("1")))).toBe("p0: p0 must be in (0, 1), got 1");
    expect(refusal(() => exactUpperTail(1n, 10n, d("5e0")))).toBe("p0: p0 must be in (0, 1), got 5");
    expect(refusal(() => exactCriticalValue(-1n, d("0.1")))).toBe("total: must not be negative, got -1");
  });

  it("the limit's reasons", () => {
    expect(exactTestLimit(1_000_001n, d("0.1"))).toBe("total 1000001 requests is above the exact test's limit of 1000000");
    expect(exactTestLimit(1_000_000n, d("0.1"))).toBeUndefined();
    expect(exactTestLimit(1_000_000n, d("0.123456789012345678"))).toBe(
      "the exact test of 1000000 requests at this p0 (denominator 500000000000000000) needs numbers of 58794706 bits, more than its limit of 10000000; at this p0 it supports totals up to 170083",
    );
  });

  it("p0 in lowest terms, whatever its spelling", () => {
    expect(p0Fraction(d("0.250"))).toEqual({ a: 1n, b: 3n, d: 4n });
    expect(p0Fraction(d("1e-1"))).toEqual({ a: 1n, b: 9n, d: 10n });
  });
});

describe("fractionToScientific: plain from 0.001 to 1, scientific beyond, truncated", () => {
  const f = (numerator: bigint, denominator: bigint, digits?: number) => fractionToScientific({ numerator, denominator }, digits);
  it("each notation", () => {
    expect(f(1n, 7n)).toBe("0.142857");
    expect(f(1n, 7n, 3)).toBe("0.142");
    expect(f(1n, 700n)).toBe("0.00142857");
    expect(f(1n, 1000n)).toBe("0.001");
    expect(f(1n, 7000n)).toBe("1.42857e-4");
    expect(f(1n, 7000n, 3)).toBe("1.42e-4");
    expect(f(99999995n, 100000000n)).toBe("0.999999");
    expect(f(3n, 2n)).toBe("1.5");
    expect(f(7n, 1n)).toBe("7");
    expect(f(12345n, 10n)).toBe("1.2345e3");
    expect(f(12345n, 10n, 3)).toBe("1.23e3");
  });
});

describe("exactCriticalValue: the smallest totals", () => {
  it("0 and 1 requests, and p0 near 1 where every count passes", () => {
    expect(exactCriticalValue(0n, d("0.1"))).toBe(0n);
    expect(exactCriticalValue(1n, d("0.1"))).toBe(1n); // P(X >= 1) = 0.1 >= 0.05
    expect(exactCriticalValue(5n, d("0.9"))).toBe(5n);
    expect(exactCriticalValue(3n, d("0.5"))).toBe(3n); // P(X >= 3) = 1/8
    expect(exactCriticalValue(1n, d("0.04"))).toBe(0n); // P(X >= 1) = 0.04 < 0.05
  });
});
