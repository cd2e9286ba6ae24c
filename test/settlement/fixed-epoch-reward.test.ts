import { describe, expect, it } from "vitest";
import { calculateFixedEpochReward, getExponent, powInt32 } from "../../src/settlement/calculate-fixed-epoch-reward.js";
import { Decimal } from "../../src/go/decimal.js";
import { GoError } from "../../src/go/errors.js";

const rate = { value: -475n, exponent: -6 };

describe("calculateFixedEpochReward", () => {
  // The expectations of Go's TestCalculateFixedEpochRewardValues (bitcoin_rewards_test.go@d8b8e907), asserted with require.Equal.
  const GO_EXPECTED: [bigint, bigint][] = [
    [0n, 285000000000000n],
    [100n, 271778984842800n],
    [500n, 224750113929613n],
    [1000n, 177237241092541n],
    [1460n, 142449732098072n],
    [2920n, 71199740964254n],
    [5000n, 26509129425046n],
    [10000n, 2465733132890n],
  ];
  for (const [n, want] of GO_EXPECTED) it(`${n} epochs → ${want}`, () => expect(calculateFixedEpochReward(n, 285000000000000n, rate)).toBe(want));

  it("mainnet epochs 247, 248, 249 (genesis epoch 1, 323,000,000,000,000 initial)", () => {
    expect(calculateFixedEpochReward(246n, 323000000000000n, rate)).toBe(287379121027086n);
    expect(calculateFixedEpochReward(247n, 323000000000000n, rate)).toBe(287242648359423n);
    expect(calculateFixedEpochReward(248n, 323000000000000n, rate)).toBe(287106240500883n);
  });

  it("zero initial reward, nil decay, unsupported rate, exponent overflow", () => {
    expect(calculateFixedEpochReward(100n, 0n, rate)).toBe(0n);
    expect(calculateFixedEpochReward(100n, 5n, null)).toBe(5n);
    expect(() => calculateFixedEpochReward(1n, 5n, { value: -476n, exponent: -6 })).toThrow(GoError);
    expect(() => calculateFixedEpochReward(2147483647n, 5n, rate)).toThrow(/exponent overflow/);
  });

  it("past 100,000 epochs: a falling reward already 0 stays 0 (exact by monotonicity); anything else is refused at once, not computed for hours", () => {
    expect(calculateFixedEpochReward(100_000n, 323000000000000n, rate)).toBe(0n);
    expect(calculateFixedEpochReward(2_000_000_000n, 323000000000000n, rate)).toBe(0n);
    const slow = { value: -1n, exponent: -6 }; // exp(-1e-6): still 290 trillion-ish at 100,000 epochs
    expect(() => calculateFixedEpochReward(100_001n, 323000000000000n, slow)).toThrow(/epochs since genesis: .*refused/);
    expect(() => calculateFixedEpochReward(500_000n, 5n, { value: 1n, exponent: -4 })).toThrow(/refused/);
    expect(calculateFixedEpochReward(2_000_000_000n, 5n, { value: 0n, exponent: 0 })).toBe(5n);
  });

  it("getExponent matches by value (-0.000475 written as -4750e-7 too); powInt32 is exact", () => {
    expect(getExponent(Decimal.new(-4750n, -7)).toString()).toBe("0.9995251127946402");
    expect(powInt32(Decimal.fromString("1.5"), 3).toString()).toBe("3.375");
    expect(powInt32(Decimal.fromString("0.9995251127946402"), 0).toString()).toBe("1");
  });
});
