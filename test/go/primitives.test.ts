import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { allNarrow, compareGoStrings, compareNarrowStrings, sortedGoStrings, sortedGoStringsNarrow } from "../../src/go/bytes.js";
import { GoPanic } from "../../src/go/errors.js";
import { addInt64, checkedInt64, checkedUint64, divInt64, INT64_MAX, INT64_MIN, mulInt64, toBigInt, wrapUint64 } from "../../src/go/int64.js";
import { parseJson, stringifyJson } from "../../src/go/json.js";
import { LegacyDec } from "../../src/go/legacy-dec.js";

describe("int64", () => {
  it("wraps like Go", () => {
    expect(addInt64(INT64_MAX, 1n)).toBe(INT64_MIN);
    expect(mulInt64(INT64_MAX, 2n)).toBe(-2n);
    expect(divInt64(INT64_MIN, -1n)).toBe(INT64_MIN);
    expect(divInt64(-7n, 2n)).toBe(-3n);
    expect(wrapUint64(-1n)).toBe((1n << 64n) - 1n);
    expect(() => divInt64(1n, 0n)).toThrow(GoPanic);
  });
  it("checked conversions name the field", () => {
    expect(() => checkedInt64(1n << 63n, "w")).toThrow(/w: 9223372036854775808 does not fit in int64/);
    expect(() => checkedUint64(-1, "u")).toThrow(InputError);
    expect(() => toBigInt(1.5, "x")).toThrow(/x: expected an integer, got 1.5/);
    expect(() => toBigInt(2 ** 60, "x")).toThrow(/lost precision/);
    expect(toBigInt("123", "x")).toBe(123n);
  });
});

describe("lossless JSON", () => {
  it("keeps integers beyond 2^53 as bigint and everything else as JSON.parse does", () => {
    const v = parseJson('{"a": 18446744073709551615, "b": -9223372036854775808, "c": 9007199254740991, "d": 1.5, "e": "x\\n"}') as Record<string, unknown>;
    expect(v.a).toBe(18446744073709551615n);
    expect(v.b).toBe(-9223372036854775808n);
    expect(v.c).toBe(9007199254740991);
    expect(v.d).toBe(1.5);
    expect(v.e).toBe("x\n");
    expect(stringifyJson(v)).toBe('{"a":18446744073709551615,"b":-9223372036854775808,"c":9007199254740991,"d":1.5,"e":"x\\n"}');
  });
  it("agrees with JSON.parse, except that unsafe integers become exact bigints", () => {
    const lossy = (v: unknown): unknown =>
      typeof v === "bigint" ? Number(v) : Array.isArray(v) ? v.map(lossy) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, lossy(x)])) : v;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (j) => {
        const text = JSON.stringify(j);
        const v = parseJson(text);
        expect(lossy(v)).toEqual(JSON.parse(text));
        if (/^-?\d{17,}$/.test(text)) expect(typeof v).toBe(Number.isSafeInteger(Number(text)) ? "number" : "bigint");
      }),
      { numRuns: 300 },
    );
  });
  it("names line and column of a syntax error", () => {
    expect(() => parseJson('{\n  "a": [1, 2,, 3]\n}', "f.json")).toThrow(/f.json: invalid JSON at line 2, column 14/);
    expect(() => parseJson('{"a": 1} x', "f.json")).toThrow(/unexpected data/);
  });
});

describe("Go string order", () => {
  it("compares by UTF-8 bytes, not UTF-16 code units", () => {
    const astral = "\u{1F600}"; // UTF-16 starts with 0xD83D, UTF-8 with 0xF0
    const bmp = "\uFF21"; // U+FF21, above the surrogate range
    expect(astral < bmp).toBe(true); // JavaScript's order
    expect(compareGoStrings(astral, bmp)).toBe(1); // Go's order
    expect(sortedGoStrings(["b", "a", bmp, astral, "aa"])).toEqual(["a", "aa", "b", bmp, astral]);
  });
  it("sorts with the engine's order only when every string is narrow, and says which it was", () => {
    const bmp = "\uFF21";
    const astral = "\u{1F600}";
    expect(sortedGoStringsNarrow(["b", "a"])).toEqual({ sorted: ["a", "b"], narrow: true });
    expect(sortedGoStringsNarrow([astral, bmp])).toEqual({ sorted: [bmp, astral], narrow: false });
    expect(sortedGoStringsNarrow(["\ud7ff", "a"])).toEqual({ sorted: ["a", "\ud7ff"], narrow: true });
    expect(sortedGoStringsNarrow(["\ud800"])).toEqual({ sorted: ["\ud800"], narrow: false });
    expect(sortedGoStringsNarrow([])).toEqual({ sorted: [], narrow: true });
    expect(allNarrow(["a", "b\uffff"])).toBe(false);
    expect(allNarrow(["a", "b\ud7ff"])).toBe(true);
    const xs = ["c", "a", "b", "a"];
    const sorted = sortedGoStrings(xs);
    expect(sorted).toEqual(["a", "a", "b", "c"]);
    expect(xs).toEqual(["c", "a", "b", "a"]); // a copy
    expect([compareNarrowStrings("a", "b"), compareNarrowStrings("b", "a"), compareNarrowStrings("a", "a"), compareNarrowStrings("a", "ab")]).toEqual([-1, 1, 0, -1]);
  });
  it("is the order of the UTF-8 byte sequences", () => {
    const enc = new TextEncoder();
    const byteCmp = (a: string, b: string) => Buffer.compare(Buffer.from(enc.encode(a)), Buffer.from(enc.encode(b)));
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.string({ unit: "grapheme" }), (a, b) => {
        expect(Math.sign(compareGoStrings(a, b))).toBe(Math.sign(byteCmp(a, b)));
      }),
      { numRuns: 500 },
    );
  });
});

describe("LegacyDec", () => {
  it("parses, multiplies and truncates like cosmos math", () => {
    const d = LegacyDec.fromString("1.5");
    expect(d.toString()).toBe("1.500000000000000000");
    expect(d.mulInt64(7n).truncateInt64()).toBe(10n);
    expect(LegacyDec.fromString("-2.5").truncateInt64()).toBe(-2n);
    expect(LegacyDec.fromString("0.000000000000000001").mul(LegacyDec.fromString("0.5")).toString()).toBe("0.000000000000000000");
    expect(LegacyDec.fromString("0.000000000000000003").mul(LegacyDec.fromString("0.5")).toString()).toBe("0.000000000000000002");
    expect(() => LegacyDec.fromString("0.0000000000000000001")).toThrow(/exceeds max precision/);
    expect(() => LegacyDec.fromInt(1n << 62n).mulInt64(4n).truncateInt64()).toThrow(GoPanic);
  });
});
