// The verdict explanation, field by field, on each deciding path: what `miss-test` prints and
// `--json` carries (the path, the numbers compared, Go's error text, the allowed maximum).
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/go/decimal.js";
import { GoPanic } from "../../src/go/errors.js";
import { missedStatTestLookupWithP0 } from "../../src/misstest/missed-stat-test-lookup.js";
import { explainMissedStatTest, ratioRuleMaxAllowed } from "../../src/misstest/missed-stat-verdict.js";

const d = (s: string) => Decimal.fromString(s);
const explain = (k: bigint, n: bigint, p0: string) => explainMissedStatTest(k, n, d(p0));

describe("explainMissedStatTest: every field of each path", () => {
  it("total 0 passes before any check, with 0 allowed", () => {
    expect(explain(0n, 0n, "0.1")).toStrictEqual({ nMissed: 0n, nTotal: 0n, p0: "0.1", permille: 100, passed: true, path: "zero-total", maxAllowedMissed: 0n });
    // before the counts and p0 are checked: Go returns true for a missed count above a zero total
    expect(explain(5n, 0n, "1.5")).toMatchObject({ passed: true, path: "zero-total", maxAllowedMissed: 0n, permille: -1, p0: "1.5" });
  });

  it("Go's errors: the counts' message, and p0 outside (0, 1) on the direct path", () => {
    expect(explain(5n, 3n, "0.10")).toStrictEqual({
      nMissed: 5n, nTotal: 3n, p0: "0.1", permille: 100, passed: false, error: "invalid input: requires 0 <= nMissed <= nTotal and nTotal > 0", path: "error", maxAllowedMissed: null,
    });
    expect(explain(1n, 10n, "1.5")).toStrictEqual({ nMissed: 1n, nTotal: 10n, p0: "1.5", permille: -1, passed: false, error: "p0 must be in (0, 1)", path: "error", maxAllowedMissed: null });
  });

  it("total 1 is below the first table row: passes, every count allowed", () => {
    expect(explain(1n, 1n, "0.1")).toStrictEqual({ nMissed: 1n, nTotal: 1n, p0: "0.1", permille: 100, passed: true, path: "below-table", maxAllowedMissed: 1n });
  });

  it("totals 2..990: the deciding row and its critical value", () => {
    expect(explain(4n, 20n, "0.1")).toStrictEqual({ nMissed: 4n, nTotal: 20n, p0: "0.1", permille: 100, passed: true, path: "table-row", row: { total: 20, criticalMisses: 4 }, maxAllowedMissed: 4n });
    expect(explain(5n, 20n, "0.1")).toMatchObject({ passed: false, path: "table-row", maxAllowedMissed: 4n });
    // 990 is still the table (the last row), 991 the ratio rule
    expect(explain(0n, 990n, "0.1")).toMatchObject({ path: "table-row", row: { total: 990 } });
    expect(explain(0n, 991n, "0.1")).toMatchObject({ path: "ratio-rule", maxAllowedMissed: 99n });
  });

  it("totals above 990: the ratio and the end of the passing prefix", () => {
    expect(explain(101n, 1000n, "0.1")).toStrictEqual({
      nMissed: 101n, nTotal: 1000n, p0: "0.1", permille: 100, passed: false, path: "ratio-rule", ratio: { numerator: 1n, denominator: 10n }, maxAllowedMissed: 100n,
    });
    expect(explain(100n, 1000n, "0.1").passed).toBe(true);
  });

  it("p0 without a table: Go's printed p-value and the largest passing count", () => {
    // 0.0514154483870625: binomial_p_value's documented value (test/misstest/binomial-p-value.test.ts); 14 misses give 0.0285…, below 0.05
    expect(explain(13n, 112n, "0.07")).toStrictEqual({ nMissed: 13n, nTotal: 112n, p0: "0.07", permille: -1, passed: true, path: "direct-p-value", pValue: "0.0514154483870625", maxAllowedMissed: 13n });
    expect(explain(14n, 112n, "0.07")).toMatchObject({ passed: false, maxAllowedMissed: 13n });
    // p0 near 1: every count passes, so the scan runs to the total itself
    expect(explain(0n, 5n, "0.999")).toMatchObject({ passed: true, path: "direct-p-value", pValue: "1", maxAllowedMissed: 5n });
  });
});

describe("explainMissedStatTest: what is not a verdict", () => {
  it("p0 below 1 ‰ has no table (permille -1): the direct path", () => {
    expect(explain(0n, 10n, "0.0005")).toMatchObject({ permille: -1, path: "direct-p-value", pValue: "1", maxAllowedMissed: 0n });
  });

  it("counts outside int64 are refused naming the argument; Go's panic is not turned into a verdict", () => {
    expect(() => explain(2n ** 63n, 2n ** 63n, "0.1")).toThrow("nMissed: 9223372036854775808 does not fit in int64");
    expect(() => explain(1n, 2n ** 63n, "0.1")).toThrow("nTotal: 9223372036854775808 does not fit in int64");
    // the tail loop's exponent leaves int32 (test/misstest/binomial-p-value-edges.test.ts): BinomialPValue panics
    expect(() => explainMissedStatTest(1n, 2n ** 26n, Decimal.new(1n, -32))).toThrow(GoPanic);
  });
});

describe("ratioRuleMaxAllowed: the wrapping int64 rule's passing prefix", () => {
  it("the smallest totals (called directly): 0 requests allow 0; 2 at 1/2 allow 1", () => {
    expect(ratioRuleMaxAllowed(0n, 1n, 10n)).toBe(0n);
    expect(ratioRuleMaxAllowed(2n, 1n, 2n)).toBe(1n); // 2·2 > 2·1
  });

  it("no wrap: floor(n·num / den)", () => {
    expect(ratioRuleMaxAllowed(1000n, 1n, 10n)).toBe(100n);
    expect(ratioRuleMaxAllowed(1009n, 1n, 10n)).toBe(100n);
    expect(ratioRuleMaxAllowed(5000n, 3n, 10n)).toBe(1500n);
  });

  it("n·num wrapping negative: even 0 misses fail (-1)", () => {
    // 2^63 · 1 wraps to -2^63: 0·den <= -2^63 is false
    expect(ratioRuleMaxAllowed(1n << 63n, 1n, 2n)).toBe(-1n);
  });

  it("a positive wrapped R: the zone below 2^63 jumped over, the next one (j = 1) ends the prefix", () => {
    // n = 2^63 - 8 at 1/20: R = 2^63 - 8; m·20 steps from R straight past 2^63 (wrapping negative: passes);
    // the first count inside (2^64 + R, 2^64 + 2^63) fails
    const n = (1n << 63n) - 8n;
    const max = ratioRuleMaxAllowed(n, 1n, 20n);
    expect(max).toBe(1383505805528216370n);
    expect(missedStatTestLookupWithP0(max, n, 50)).toBe(true);
    expect(missedStatTestLookupWithP0(max + 1n, n, 50)).toBe(false);
    expect(missedStatTestLookupWithP0(461168601842738791n, n, 50)).toBe(true); // the first count past the jumped zone
    expect(ratioRuleMaxAllowed(3074457345618258600n, 3n, 10n)).toBe(2767011611056432741n);
    // n = 2^63 - 1 at 1/2: R = 2^63 - 1 leaves no integer in (R, 2^63) and m·2 never lands in a later zone
    expect(ratioRuleMaxAllowed((1n << 63n) - 1n, 1n, 2n)).toBe((1n << 63n) - 1n);
  });
});
