// The chain Decimal's readers (src/go/chain-decimal.ts): {value, exponent} from JSON and a decimal
// written by a user, each refusal one message naming the field and the value, at each bound and one
// step past it; and the v0.2.15 exponent bound's own words.
import { describe, expect, it } from "vitest";
import { chainDecimalJson, chainDecimalToLegacyDec, checkExponent, parseChainDecimal, parseDecimalText } from "../../src/go/chain-decimal.js";
import { GoError } from "../../src/go/errors.js";
import type { Json } from "../../src/go/json.js";

const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return "accepted";
};
const OUTSIDE = (x: string) => `exponent ${x} is outside ±1000: the chain's Decimal allows it, but no parameter can mean a value below 10^-981 or above 10^1000, and evaluating it would take Go and this tool minutes per step`;

describe("parseChainDecimal", () => {
  const read = (v: Json | undefined) => refusal(() => parseChainDecimal(v, "d"));
  it("reads value and exponent (numbers or digit strings), Go's rendering beside them allowed", () => {
    expect(parseChainDecimal({ value: 25, exponent: -2 }, "d")).toEqual({ value: 25n, exponent: -2 });
    expect(parseChainDecimal({ value: "-7", exponent: "3", decimal: "-7000", decimalString: "-7000" }, "d")).toEqual({ value: -7n, exponent: 3 });
  });
  it("refuses what is no decimal object, naming it", () => {
    for (const v of [null, [1, 2], "0.1", 5]) expect(read(v as Json), String(v)).toBe(`d: expected a decimal {"value": int, "exponent": int}, got ${v === null ? "null" : Array.isArray(v) ? "[1,2]" : typeof v === "string" ? '"0.1"' : "5"}`);
    expect(read(undefined)).toMatch(/^d: expected a decimal \{"value": int, "exponent": int\}, got /);
  });
  it("refuses an unknown field, Go's rendering that is not a string, and a field missing", () => {
    expect(read({ value: 1, exponent: 0, scale: 2 })).toBe('d: unexpected field "scale" (a decimal has value and exponent)');
    expect(read({ value: 1, exponent: 0, decimal: 1 })).toBe("d.decimal: expected a string, got 1");
    expect(read({ value: 1, exponent: 0, decimalString: null })).toBe("d.decimalString: expected a string, got null");
    expect(read({ exponent: 0 })).toBe('d: missing field "value"');
    expect(read({ value: 1 })).toBe('d: missing field "exponent"');
  });
  it("value an int64 and exponent an int32 within ±1000, each refusal naming its field", () => {
    expect(read({ value: "9223372036854775808", exponent: 0 })).toMatch(/^d\.value: /);
    expect(read({ value: 1, exponent: 1.5 })).toMatch(/^d\.exponent: /);
    expect(read({ value: 1, exponent: 2147483648 })).toBe("d.exponent: 2147483648 does not fit in int32");
    expect(read({ value: 1, exponent: -2147483649 })).toBe("d.exponent: -2147483649 does not fit in int32");
    expect(read({ value: 1, exponent: 2147483647 })).toBe(`d.exponent: ${OUTSIDE("2147483647")}`);
    expect(read({ value: 1, exponent: -2147483648 })).toBe(`d.exponent: ${OUTSIDE("-2147483648")}`);
    expect(parseChainDecimal({ value: 1, exponent: 1000 }, "d")).toEqual({ value: 1n, exponent: 1000 });
    expect(parseChainDecimal({ value: 1, exponent: -1000 }, "d")).toEqual({ value: 1n, exponent: -1000 });
    expect(read({ value: 1, exponent: 1001 })).toBe(`d.exponent: ${OUTSIDE("1001")}`);
  });
});

describe("checkExponent and the conversions", () => {
  it("±1000 is the last exponent evaluated", () => {
    expect(refusal(() => checkExponent(1000, "e"))).toBe("accepted");
    expect(refusal(() => checkExponent(-1000n, "e"))).toBe("accepted");
    expect(refusal(() => checkExponent(1001n, "e"))).toBe(`e: ${OUTSIDE("1001")}`);
    expect(refusal(() => checkExponent(-1001, "e"))).toBe(`e: ${OUTSIDE("-1001")}`);
  });
  it("chainDecimalJson writes Go's rendering beside value and exponent; the v0.2.15 bound names the exponent", () => {
    expect(chainDecimalJson({ value: 25n, exponent: -2 })).toEqual({ value: 25n, exponent: -2, decimal: "0.25" });
    expect(() => chainDecimalToLegacyDec({ value: 1n, exponent: 19 }, 18)).toThrow(new GoError("decimal exponent must be between -18 and 18: 19"));
    expect(() => chainDecimalToLegacyDec({ value: 1n, exponent: -19 }, 18)).toThrow(new GoError("decimal exponent must be between -18 and 18: -19"));
  });
});

describe("parseDecimalText", () => {
  const text = (t: string) => refusal(() => parseDecimalText(t, "p"));
  const value = (t: string) => parseDecimalText(t, "p").toString();
  const FORM = (t: string) => `p: expected a decimal such as 0.25, got ${JSON.stringify(t)} (at most 100 characters)`;
  it("the written forms: trimmed, signs, a point at either end, an exponent with or without its sign", () => {
    expect(value(" 0.25 ")).toBe("0.25");
    expect(value("12.5")).toBe("12.5");
    expect(value("1.")).toBe("1");
    expect(value(".55")).toBe("0.55");
    expect(value("+.5e-3")).toBe("0.0005");
    expect(value("1e5")).toBe("100000");
    expect(value("-1e-0000000000001")).toBe("-0.1");
  });
  it("refuses any other form by the same words", () => {
    for (const t of ["", ".", "1e", "x0.1", "0.1x", "1e5x", "."]) expect(text(t), t).toBe(FORM(t));
  });
  it("at most 100 characters", () => {
    const hundred = `0.${"0".repeat(97)}1`;
    expect(hundred).toHaveLength(100);
    expect(value(hundred)).toBe(`0.${"0".repeat(97)}1`);
    expect(text(`${hundred}0`)).toMatch(/^p: expected a decimal such as 0\.25, got "0\.0+\.\.\. \(at most 100 characters\)$/);
  });
  it("an exponent past ±1000 by its value; one of 11 significant digits before it is parsed, 10 by the parser's refusal", () => {
    expect(text("1e1001")).toBe(`p: ${OUTSIDE("1001")}`);
    expect(text("1e-1001")).toBe(`p: ${OUTSIDE("-1001")}`);
    expect(value("1e1000").length).toBe(1001);
    expect(text("1e99999999999")).toBe(`p: ${OUTSIDE("99999999999")}`);
    expect(text("1e-99999999999")).toBe(`p: ${OUTSIDE("-99999999999")}`);
    expect(text("1e9999999999")).toBe('p: expected a decimal such as 0.25, got "1e9999999999"');
    // leading zeros are not significant
    expect(text("1e00000000009999999999")).toBe('p: expected a decimal such as 0.25, got "1e00000000009999999999"');
    expect(text("1e-00000000009999999999")).toBe('p: expected a decimal such as 0.25, got "1e-00000000009999999999"');
  });
  it("an int64 coefficient: 19 digits, to its bounds", () => {
    expect(value("9223372036854775807")).toBe("9223372036854775807");
    expect(value("-9223372036854775808")).toBe("-9223372036854775808");
    for (const t of ["9223372036854775808", "-9223372036854775809"]) expect(text(t)).toBe(`p: "${t}" has more significant digits than the chain's Decimal holds (an int64 coefficient: 19 digits)`);
  });
});
