// The lossless reader's fast way (JSON.parse, then the integers it rounded put back from their tokens)
// against its exact reader on texts built to confuse it: integers past 2^53 as values, as keys, inside
// strings, next to fraction and exponent forms of the same rounded value, under repeated keys and
// "__proto__", in any spacing. Values, types and errors must be the same.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJson, parseJsonExact, type Json } from "../../src/go/json.js";

/** The same value, bigint for bigint and number for number, own keys in order (including "__proto__"). */
function same(a: Json, b: Json): boolean {
  if (typeof a !== typeof b) return false;
  if (typeof a === "number") return Object.is(a, b);
  if (typeof a !== "object" || a === null || b === null) return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => same((a as Record<string, Json>)[k]!, (b as Record<string, Json>)[k]!));
}

function outcome(f: () => Json): { value: Json } | { error: string } {
  try {
    return { value: f() };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

function agree(text: string): void {
  const fast = outcome(() => parseJson(text, "t.json"));
  const exact = outcome(() => parseJsonExact(text, "t.json"));
  if ("error" in exact) {
    expect(fast).toEqual(exact);
    return;
  }
  expect("value" in fast).toBe(true);
  if ("value" in fast && !same(fast.value, exact.value)) throw new Error(`differs on ${text}`);
}

// number tokens around 2^53 … 2^64, and their look-alikes
const big = fc.bigInt({ min: -(1n << 66n), max: 1n << 66n });
const near = fc.constantFrom(9007199254740991n, 9007199254740992n, 9007199254740993n, 18446744073709551615n, 18446744073709551616n, -9223372036854775808n, 10n ** 16n, 10n ** 16n + 1n);
const integer = fc.oneof(big, near, fc.bigInt({ min: -1000n, max: 1000n })).map((b) => b.toString());
const floatForm = fc.oneof(
  integer.map((s) => `${s}.0`),
  integer.map((s) => `${s}.5`),
  integer.map((s) => `${s}e0`),
  integer.filter((s) => !s.startsWith("-") && s.length > 1).map((s) => `${s[0]}.${s.slice(1)}e${s.length - 1}`),
  fc.constantFrom("1e16", "9.1e15", "1.8e16", "1E+20", "-2e19", "1e400", "0.5"),
);
const token = fc.oneof(integer, integer, floatForm);
const ws = fc.constantFrom("", " ", "\n ", "\t", "\r\n");
const key = fc.oneof(fc.constantFrom("a", "b", "__proto__", "0", "1", "coinBalance"), integer.map((s) => `k${s}`), integer);
const str = fc.oneof(
  fc.string({ maxLength: 4 }),
  token.map((t) => t),
  fc.tuple(fc.constantFrom("x, ", ": ", "[", " "), token, fc.constantFrom(", y", "]", "}", " ", "")).map(([a, t, b]) => `${a}${t}${b}`),
);
const jsonString = str.map((s) => JSON.stringify(s));

const value: fc.Arbitrary<string> = fc.letrec<{ v: string }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    token,
    jsonString,
    fc.constantFrom("true", "false", "null"),
    fc.array(fc.tuple(ws, tie("v"), ws), { maxLength: 4 }).map((xs) => `[${xs.map(([a, v, b]) => `${a}${v}${b}`).join(",")}]`),
    fc.array(fc.tuple(key, ws, tie("v")), { maxLength: 4 }).map((xs) => `{${xs.map(([k, w, v]) => `${JSON.stringify(k)}:${w}${v}`).join(",")}}`),
  ),
})).v;

describe("parseJson: the fast way agrees with the exact reader", () => {
  it("on generated texts with integers past 2^53, their look-alikes and other forms of the same value", () => {
    fc.assert(fc.property(value, (t) => agree(t)), { numRuns: 3000 });
  });

  it("on texts JSON.parse rejects (the exact reader names the place)", () => {
    fc.assert(
      fc.property(value, fc.nat(), fc.constantFrom(",", "]", "}", "x", "\\u0000", '"', "0"), (t, at, junk) => {
        const i = at % (t.length + 1);
        agree(t.slice(0, i) + junk + t.slice(i));
      }),
      { numRuns: 1000 },
    );
  });

  it("on the cases the token tracing must not decide", () => {
    for (const t of [
      '{"a": 18000000000000001, "b": 1.8e16}', // an integer and an exponent form with one rounded value
      '{"a": 1.8e16, "b": 18000000000000001}',
      '{"a": 18000000000000001, "a": 18000000000000000}', // a repeated key, two literals of one value
      '{"a": 18000000000000001, "s": "18000000000000000"}',
      '{"s": "x, 18000000000000000]", "a": 18000000000000001}',
      '{"a": 18000000000000001.0}',
      '{"__proto__": 18446744073709551615}',
      '[18446744073709551615, -18446744073709551615, 9007199254740993]',
      "18446744073709551615",
      '{"a": 0123456789012345678}',
      '{"a": 12345678901234567890x}',
      '{"a": 12345678901234567890, "s": "\\u0000x"}',
      `{"a": 1${"0".repeat(400)}}`,
      '{"a": 1e400, "b": 1e999}',
    ]) {
      agree(t);
    }
    expect(parseJson('{"a": 18000000000000001, "b": 1.8e16}')).toEqual({ a: 18000000000000001n, b: 1.8e16 });
    expect(Object.getOwnPropertyDescriptor(parseJson('{"__proto__": 18446744073709551615}'), "__proto__")?.value).toBe(18446744073709551615n);
  });
});
