// GNK for people: exact digits from the bigint, one grouping rule, no float anywhere.
import { describe, expect, it } from "vitest";
import { coinsText, gnkCell, gnkDigits, gnkRounded, signedCoinsText } from "../src/format/coins.js";

describe("GNK", () => {
  it("is ngonka with the decimal point nine digits in, exactly", () => {
    expect(gnkDigits(287_242_648_359_423n)).toBe("287,242.648359423");
    expect(gnkDigits(1_896n)).toBe("0.000001896");
    // one form everywhere (issue 30 item 5): every ngonka digit, so that settle and backtest print one amount alike
    expect(gnkDigits(5_000_000_000n)).toBe("5.000000000");
    expect(gnkDigits(190_086_354_894_340n)).toBe("190,086.354894340");
    expect(gnkCell(190_086_354_894_340n)).toBe(gnkDigits(190_086_354_894_340n));
    expect(coinsText(190_086_354_894_340n)).toBe("190,086.354894340 GNK (190,086,354,894,340 ngonka)");
    expect(gnkDigits(-6_324_845_418_454n, { minus: "−" })).toBe("−6,324.845418454");
    // past 2^53: a float would lose the last digits
    expect(gnkDigits(9_007_199_254_740_993_123n)).toBe("9,007,199,254.740993123");
  });
  it("prose gives both units; charts round on the bigint", () => {
    expect(coinsText(6_324_845_418_454n)).toBe("6,324.845418454 GNK (6,324,845,418,454 ngonka)");
    expect(coinsText(0n)).toBe("0 GNK");
    expect(signedCoinsText(-1_500_000_000n)).toBe("−1.500000000 GNK (−1,500,000,000 ngonka)");
    expect(gnkRounded(-6_324_845_418_454n, 3, "−")).toBe("−6,324.845");
    expect(gnkRounded(1_999_500_000n, 3)).toBe("2.000");
    expect(gnkRounded(400_000n, 3, "−")).toBe("0.000");
    expect(gnkRounded(-400_000n, 3, "−")).toBe("0.000");
    expect(gnkRounded(12_345_678_901_234n, 0)).toBe("12,346");
  });
});
