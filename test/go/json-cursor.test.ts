// The typed readers' cursor (src/go/json-cursor.ts) against the lossless reader: on any text, what it
// reads is what parseJson reads, or it leaves the plain form (OFF_FAST_PATH); it never reads a text
// parseJson refuses, and never reads a value differently.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fastPath, JsonCursor, OFF_FAST_PATH } from "../../src/go/json-cursor.js";
import { MAX_JSON_DEPTH, parseJson, type Json } from "../../src/go/json.js";

/** A generic reader on the cursor: every value, objects through mapKey, lists through more. */
function readAny(c: JsonCursor): Json {
  const ch = c.ws();
  if (ch === 123) {
    c.open(123);
    const o: { [k: string]: Json } = {};
    for (let k = c.mapKey(true); k !== undefined; k = c.mapKey(false)) {
      if (Object.hasOwn(o, k) || k === "__proto__") throw OFF_FAST_PATH;
      o[k] = readAny(c);
    }
    return o;
  }
  if (ch === 91) {
    c.open(91);
    const a: Json[] = [];
    for (let first = true; c.more(first); first = false) a.push(readAny(c));
    return a;
  }
  if (ch === 34) return c.string();
  if (ch === 116 || ch === 102) return c.boolean();
  if (c.maybeNull()) return null;
  const x = c.int64();
  return x >= -BigInt(Number.MAX_SAFE_INTEGER) && x <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(x) : x;
}

/** `read` of the whole text (only whitespace after it), or undefined when it leaves the plain form. */
const whole = <T>(text: string, read: (c: JsonCursor) => T): T | undefined =>
  fastPath(() => {
    const c = new JsonCursor(text);
    const v = read(c);
    c.end();
    return v;
  });

/** `j` with JSON.parse's -0 read as 0, the only value an integer reader can give for the text `-0`. */
const noNegativeZero = (j: Json): Json =>
  Object.is(j, -0)
    ? 0
    : Array.isArray(j)
      ? j.map(noNegativeZero)
      : j !== null && typeof j === "object"
        ? Object.fromEntries(Object.entries(j).map(([k, x]) => [k, noNegativeZero(x)]))
        : j;

/** parseJson's answer, or "refused". */
const exact = (text: string): Json | "refused" => {
  try {
    return parseJson(text);
  } catch {
    return "refused";
  }
};

/** Texts near JSON: valid documents of every kind, written compactly or indented, and their one-character edits. */
const texts = fc
  .tuple(
    fc.jsonValue({ maxDepth: 4 }),
    fc.boolean(),
    fc.nat(),
    fc.constantFrom("", "x", "\\", '"', ",", "}", "]", ":", "1", "-", ".5", "e9", " ", "\u0001", "\u00e9", "n", "99999999999999999999", "1.0"),
    fc.integer({ min: 0, max: 2 }),
  )
  .map(([v, indent, at, ch, kind]) => {
    const t = JSON.stringify(v, null, indent ? 1 : undefined) ?? "null";
    const i = at % (t.length + 1);
    return kind === 0 ? t : kind === 1 ? t.slice(0, i) + ch + t.slice(i) : t.slice(0, i) + ch + t.slice(i + 1);
  });

describe("JsonCursor reads what parseJson reads, or leaves the plain form", () => {
  it("generic values through mapKey, more, string, int64, boolean, maybeNull", () => {
    let read = 0;
    fc.assert(
      fc.property(texts, (t) => {
        const v = whole(t, readAny);
        if (v === undefined) return;
        read++;
        const e = exact(t);
        expect(e === "refused" ? e : noNegativeZero(e)).toEqual(v);
      }),
      { numRuns: 3000 },
    );
    expect(read).toBeGreaterThan(200); // the plain form is read, not only left (about 500 of the 3,000)
  });

  it("json() and skip() give parseJson's value of the part, and the depth bound of the whole", () => {
    fc.assert(
      fc.property(texts, (t) => {
        const v = whole(t, (c) => c.json());
        if (v === undefined) return;
        expect(exact(t)).toEqual(v);
      }),
      { numRuns: 3000 },
    );
    const deep = (n: number): string => "[".repeat(n) + "]".repeat(n);
    expect(whole(deep(MAX_JSON_DEPTH), (c) => c.json())).toBeDefined();
    expect(whole(deep(MAX_JSON_DEPTH + 1), (c) => c.json())).toBeUndefined();
    // inside one open object, one level fewer is left
    const inside = (n: number): Json | undefined =>
      whole(`{"a": ${deep(n)}}`, (c) => {
        c.open(123);
        c.key('"a"', true);
        const v = c.json();
        c.close(125);
        return v;
      });
    expect(inside(MAX_JSON_DEPTH - 1)).toBeDefined();
    expect(inside(MAX_JSON_DEPTH)).toBeUndefined();
  });

  it("integers: int64, uint64 and int64OrDigits exact at their bounds, off beyond them and on other number forms", () => {
    const one = whole<bigint>;
    const i64 = (c: JsonCursor): bigint => c.int64();
    const u64 = (c: JsonCursor): bigint => c.uint64();
    expect(one("9223372036854775807", i64)).toBe(2n ** 63n - 1n);
    expect(one("-9223372036854775808", i64)).toBe(-(2n ** 63n));
    expect(one("9223372036854775808", i64)).toBeUndefined();
    expect(one("18446744073709551615", u64)).toBe(2n ** 64n - 1n);
    expect(one("18446744073709551616", u64)).toBeUndefined();
    expect(one("-1", u64)).toBeUndefined();
    for (const t of ["1.0", "1e3", "01", "-", "", "+1", '"1"', "0x10"]) expect(one(t, i64), t).toBeUndefined();
    expect(one("-0", i64)).toBe(0n);
    const dig = (c: JsonCursor): bigint => c.int64OrDigits();
    expect(one('"123456789012345678"', dig)).toBe(123456789012345678n);
    expect(one('"-5"', dig)).toBe(-5n);
    for (const t of ['"1234567890123456789"', '""', '"-"', '"1.0"', '" 1"']) expect(one(t, dig), t).toBeUndefined();
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }), (x) => {
        const r = one(String(x), i64);
        expect(r).toBe(x >= -(2n ** 63n) && x < 2n ** 63n ? x : undefined);
        expect(one(String(x), u64)).toBe(x >= 0n && x < 2n ** 64n ? x : undefined);
      }),
      { numRuns: 2000 },
    );
  });
});
