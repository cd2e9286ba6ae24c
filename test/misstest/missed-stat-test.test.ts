import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/go/decimal.js";
import { GoError } from "../../src/go/errors.js";
import { INT64_MAX } from "../../src/go/int64.js";
import { CRITICAL_VALUE_TABLES, SUPPORTED_P0_PERMILLE } from "../../src/misstest/critical-value-tables.js";
import { decimalToPermille } from "../../src/misstest/decimal-to-permille.js";
import { missedStatTestLookupWithP0 } from "../../src/misstest/missed-stat-test-lookup.js";
import { missedStatTest } from "../../src/misstest/missed-stat-test.js";
import { explainMissedStatTest, ratioRuleMaxAllowed } from "../../src/misstest/missed-stat-verdict.js";
import { propertyRuns } from "../helpers/property-runs.js";

const d = (s: string) => Decimal.fromString(s);
const test = (m: number | bigint, n: number | bigint, p0: string) => missedStatTest(BigInt(m), BigInt(n), d(p0));

/** Every way of writing a supported p0 that Go's NewFromString accepts, for the spelling property. */
function spellings(permille: number): string[] {
  const s = (permille / 1000).toString(); // e.g. "0.1" (exact for these six values)
  return [s, `${s}0`, `${s}000`, `${permille}e-3`, `${permille / 10}e-2`, `0${s.slice(1)}`, `+${s}`, `${permille * 10}e-4`];
}

describe("missedStatTest: the chain's documented cases", () => {
  it("passes with zero total before any validation, errors on bad counts", () => {
    expect(test(0, 0, "0.1")).toBe(true);
    expect(test(-1, 0, "0.1")).toBe(true); // total 0 is checked first
    for (const [m, n] of [[-1, 10], [0, -5], [15, 10], [-1, -1]]) expect(() => test(m!, n!, "0.1")).toThrow(GoError);
  });

  it("uses the floor table row and the critical values of the 0.10 table", () => {
    const cases: [number, number, boolean][] = [
      [1, 10, true], [4, 10, true], [5, 10, false], [4, 20, true], [5, 20, false], [14, 100, true], [15, 100, false],
      [61, 500, true], [62, 500, false], [2, 15, true], [5, 15, false], [11, 75, true], [12, 75, false],
      [10, 10, false], [1, 5, true], [5, 5, false], [1, 1, true], [2, 2, true], [3, 3, true], [4, 4, true],
    ];
    for (const [m, n, want] of cases) expect(test(m, n, "0.1"), `${m}/${n}`).toBe(want);
  });

  it("switches to the zero-margin ratio rule above 990 (the cliff at 991)", () => {
    expect(test(114, 990, "0.1")).toBe(true);
    expect(test(114, 991, "0.1")).toBe(false);
    expect(test(114, 1140, "0.1")).toBe(true);
    expect(test(100, 1000, "0.1")).toBe(true);
    expect(test(101, 1000, "0.1")).toBe(false);
    expect(test(100_000_000n, 1_000_000_000n, "0.1")).toBe(true);
    expect(test(100_000_001n, 1_000_000_000n, "0.1")).toBe(false);
  });

  it("fails the incident host (749 of 1497) at every supported p0, 0.50 by one miss", () => {
    for (const p of SUPPORTED_P0_PERMILLE) expect(test(749, 1497, `${p / 1000}`)).toBe(false);
    expect(test(748, 1497, "0.5")).toBe(true);
  });

  it("routes unsupported p0 values to the direct p-value (and its underflow)", () => {
    expect(test(15, 100, "0.0999")).toBe(true); // direct path allows 15
    expect(test(16, 100, "0.1009")).toBe(false); // 0.1009 truncates to the 0.10 table
    expect(test(1, 41, "0.6")).toBe(true);
    expect(test(1, 42, "0.6")).toBe(false);
    expect(test(1, 1000, "0.6")).toBe(false);
    expect(() => test(10, 100, "0")).toThrow(GoError);
    expect(() => test(10, 100, "1")).toThrow(GoError);
  });

  it("wraps the int64 products of the ratio rule exactly like Go", () => {
    // 2^62 · 20 wraps to 0 in int64, so a miss count of 2^62 passes at 5% even with total 2^62 + 1.
    const m = 1n << 62n;
    expect(missedStatTestLookupWithP0(m, m + 1n, 50)).toBe(true);
    // (2^63 − 1)·2 wraps to −2 <= 2^63 − 1: every count passes at 50% for the largest total.
    expect(missedStatTestLookupWithP0(INT64_MAX, INT64_MAX, 500)).toBe(true);
    // 2^61·3 = 1.5·2^62 fits, 2^62·3 wraps negative: at 30% a total of 2^62 makes even 0 misses fail.
    expect(missedStatTestLookupWithP0(0n, 1n << 62n, 300)).toBe(false);
    expect(missedStatTestLookupWithP0(0n, 1n << 61n, 300)).toBe(true);
  });
});

describe("decimalToPermille", () => {
  it("truncates p0·1000 and needs an exact table key", () => {
    const cases: [string, number][] = [
      ["0.05", 50], ["0.1", 100], ["0.10", 100], ["0.100", 100], ["0.2", 200], ["0.5", 500], ["0.15", -1], ["0.25", -1],
      ["0.01", -1], ["0.1005", 100], ["0.1009", 100], ["0.0999", -1], ["0.5004", 500], ["0.55", -1], ["-0.1", -1], ["0", -1], ["1", -1],
      ["18446744073709551.716", 100], // 2^64 + 100 keeps its low 64 bits: Go's big.Int.Int64
    ];
    for (const [p, want] of cases) expect(decimalToPermille(d(p)), p).toBe(want);
  });
});

describe("missedStatTest properties", () => {
  const permille = fc.constantFrom(...SUPPORTED_P0_PERMILLE);

  it("on the table path, if k misses fail then k + 1 fail (n <= 990)", () => {
    fc.assert(
      fc.property(permille, fc.integer({ min: 1, max: 990 }), fc.nat(), (p, n, k0) => {
        const k = BigInt(k0 % n);
        const p0 = Decimal.new(BigInt(p), -3);
        if (!missedStatTest(k, BigInt(n), p0)) expect(missedStatTest(k + 1n, BigInt(n), p0)).toBe(false);
      }),
      propertyRuns(2000),
    );
  });

  it("on the ratio path (no wrap), if k misses fail then k + 1 fail", () => {
    fc.assert(
      fc.property(permille, fc.bigInt({ min: 991n, max: 1n << 40n }), fc.bigInt({ min: 0n, max: 1n << 40n }), (p, n, k0) => {
        const k = k0 % n;
        const p0 = Decimal.new(BigInt(p), -3);
        if (!missedStatTest(k, n, p0)) expect(missedStatTest(k + 1n, n, p0)).toBe(false);
      }),
    );
  });

  it("does not depend on how p0 is spelled", () => {
    fc.assert(
      fc.property(permille, fc.bigInt({ min: 0n, max: 5000n }), fc.nat(), (p, n, k0) => {
        const k = n === 0n ? 0n : BigInt(k0) % (n + 1n);
        const verdicts = new Set(spellings(p).map((s) => missedStatTest(k, n, Decimal.fromString(s))));
        expect(verdicts.size).toBe(1);
      }),
      propertyRuns(500),
    );
  });

  it("explain agrees with missedStatTest, and every count up to maxAllowedMissed passes, the next fails", () => {
    fc.assert(
      fc.property(permille, fc.bigInt({ min: 0n, max: 3000n }), fc.nat(), (p, n, k0) => {
        const p0 = Decimal.new(BigInt(p), -3);
        const k = n === 0n ? 0n : BigInt(k0) % (n + 1n);
        const v = explainMissedStatTest(k, n, p0);
        expect(v.passed).toBe(missedStatTest(k, n, p0));
        const max = v.maxAllowedMissed!;
        expect(v.passed).toBe(k <= max);
        if (max >= 0n) expect(missedStatTest(max, n, p0)).toBe(true);
        if (max < n) expect(missedStatTest(max + 1n, n, p0)).toBe(false);
      }),
      propertyRuns(1000),
    );
  });

  it("the wrapping ratio rule's allowed maximum is the end of the passing prefix, even near 2^63", () => {
    const big = fc.bigInt({ min: (1n << 62n) - 100n, max: INT64_MAX });
    fc.assert(
      fc.property(permille, big, (p, n) => {
        const [num, den] = [[1n, 20n], [1n, 10n], [1n, 5n], [3n, 10n], [2n, 5n], [1n, 2n]][SUPPORTED_P0_PERMILLE.indexOf(p)]!;
        const max = ratioRuleMaxAllowed(n, num!, den!);
        const pass = (m: bigint) => missedStatTestLookupWithP0(m, n, p);
        if (max >= 0n) expect(pass(max)).toBe(true);
        if (max >= 1n) expect(pass(max - 1n)).toBe(true);
        if (max < n) expect(pass(max + 1n)).toBe(false);
      }),
    );
  });

  it("the tables are non-decreasing in n and never allow more misses than requests", () => {
    for (const [, rows] of CRITICAL_VALUE_TABLES) {
      expect(rows).toHaveLength(107);
      for (let i = 0; i < rows.length; i++) {
        expect(rows[i]!.criticalMisses).toBeLessThanOrEqual(rows[i]!.total);
        if (i > 0) expect(rows[i]!.criticalMisses).toBeGreaterThanOrEqual(rows[i - 1]!.criticalMisses);
      }
    }
  });
});
