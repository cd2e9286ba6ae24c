// The cursor's plain form read to its edges (src/go/json-cursor.ts), found by its first full mutation
// run: json-cursor.test.ts holds what it reads to parseJson's value, but a cursor that left the plain
// form more often (a whitespace, a token or a key it no longer read) or read past a missing separator
// passed it. Here each accepted form is read, each broken one is left, and what is thrown is
// OFF_FAST_PATH itself (readEpochInputAt promises to throw nothing else).
import { describe, expect, it } from "vitest";
import { fastPath, JsonCursor, OFF_FAST_PATH } from "../../src/go/json-cursor.js";
import { MAX_JSON_DEPTH, parseJson, type Json } from "../../src/go/json.js";

/** `read` from the start of `text` (and only whitespace after it), or undefined when it leaves. */
const whole = <T>(text: string, read: (c: JsonCursor) => T): T | undefined =>
  fastPath(() => {
    const c = new JsonCursor(text);
    const v = read(c);
    c.end();
    return v;
  });

/** What `read` throws: OFF_FAST_PATH itself, or the test fails. */
function leaves(text: string, read: (c: JsonCursor) => unknown): void {
  let thrown: unknown = "nothing";
  try {
    read(new JsonCursor(text));
  } catch (e) {
    thrown = e;
  }
  expect(thrown, text).toBe(OFF_FAST_PATH);
}

/** An object of two integer fields "a" and "b", read by the fixed-order key() the typed readers use. */
const ab = (c: JsonCursor): [bigint, bigint] => {
  c.open(123);
  c.key('"a"', true);
  const a = c.int64();
  c.key('"b"');
  const b = c.int64();
  c.close(125);
  return [a, b];
};

describe("the plain form is read, not left", () => {
  it("every JSON whitespace between tokens: space, tab, CR, LF", () => {
    const text = ' \t\r\n{\r\n\t"a" :\t1 ,\r\n "b"\r:\n2\t}\r\n ';
    expect(whole(text, ab)).toEqual([1n, 2n]);
  });

  it("true, false and null, at the top and inside a list", () => {
    expect(whole("true", (c) => c.boolean())).toBe(true);
    expect(whole(" false", (c) => c.boolean())).toBe(false);
    const list = (c: JsonCursor): boolean[] => {
      c.open(91);
      const out: boolean[] = [];
      for (let first = true; c.more(first); first = false) out.push(c.boolean());
      return out;
    };
    expect(whole("[true,false, true]", list)).toEqual([true, false, true]);
    expect(whole("null", (c) => c.maybeNull())).toBe(true);
    for (const t of ["tru", "fals", "nul", "True", "1"]) expect(whole(t, (c) => c.boolean()), t).toBeUndefined();
  });

  it("a string of printable ASCII, space and tilde included; anything else in it is left", () => {
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).filter((ch) => ch !== '"' && ch !== "\\").join("");
    expect(whole(`"${printable}"`, (c) => c.string())).toBe(printable);
    expect(whole('" ~"', (c) => c.string())).toBe(" ~");
    for (const ch of ["\u0000", "\u001f", "\u007f", "\u0080", "\u00e9", "\u2028", "\u202e", "\\n", '\\"'])
      expect(whole(`"a${ch}b"`, (c) => c.string()), JSON.stringify(ch)).toBeUndefined();
    leaves('"abc', (c) => c.string()); // no closing quote
  });

  it("json() keeps any part: every token's extent (numbers in each form, escapes, literals, nested keys)", () => {
    const text = '{"n": [0, 9, -10, 19, 1.5, 1e5, 1E5, 1e+5, 1e-5, -0.5E-3], "s": ["a b", "x\\"y", "\\\\", "\\u0041\\t"], "l": [true, false, null], "o": {"k": {"x": [], "y": {}}, "z": -1}}';
    expect(whole(text, (c) => c.json())).toEqual(parseJson(text));
    expect(whole("[-1]", (c) => c.json())).toEqual([-1]);
    expect(whole('"a\\"b"', (c) => c.json())).toBe('a"b');
  });

  it("json() inside an object gives that part alone, and the reading goes on after it", () => {
    const v = whole('{"a": [1, "x", {"y": null}], "b": 2}', (c) => {
      c.open(123);
      c.key('"a"', true);
      const part = c.json();
      c.key('"b"');
      const b = c.int64();
      c.close(125);
      return [part, b];
    });
    expect(v).toEqual([[1, "x", { y: null }], 2n]);
  });

  it("int64OrDigits reads a bare integer as int64 reads it, and only digits in a string", () => {
    const dig = (c: JsonCursor): bigint => c.int64OrDigits();
    expect(whole("7", dig)).toBe(7n);
    expect(whole("-9223372036854775808", dig)).toBe(-(2n ** 63n));
    expect(whole("9223372036854775808", dig)).toBeUndefined();
    // BigInt would read these: the cursor does not
    for (const t of ['"0x10"', '"0b1"', '"0o7"', '"1_0"', '"1n"']) expect(whole(t, dig), t).toBeUndefined();
  });
});

describe("the depth bound counts only the containers still open", () => {
  const deep = (n: number): string => "[".repeat(n) + "]".repeat(n);
  // inside one list, after a closed one: a part of MAX_JSON_DEPTH − 1 levels is within the bound
  it("after close()", () => {
    const read = (n: number) =>
      whole(`[[], ${deep(n)}]`, (c) => {
        c.open(91);
        c.open(91);
        c.close(93);
        c.more(false);
        const v = c.json();
        c.close(93);
        return v;
      });
    expect(read(MAX_JSON_DEPTH - 1)).toBeDefined();
    expect(read(MAX_JSON_DEPTH)).toBeUndefined();
  });
  it("after a list's end read by more()", () => {
    const read = (n: number) =>
      whole(`[[], ${deep(n)}]`, (c) => {
        c.open(91);
        c.more(true);
        c.open(91);
        expect(c.more(true)).toBe(false);
        c.more(false);
        const v = c.json();
        expect(c.more(false)).toBe(false);
        return v;
      });
    expect(read(MAX_JSON_DEPTH - 1)).toBeDefined();
    expect(read(MAX_JSON_DEPTH)).toBeUndefined();
  });
});

describe("a key is read only after its comma and before its colon", () => {
  it("key(): no comma, something else for it, or no colon is left", () => {
    expect(whole('{"a":1,"b":2}', ab)).toEqual([1n, 2n]);
    for (const t of ['{"a":1 "b":2}', '{"a":1"b":2}', '{"a":1x"b":2}', '{"a"x1,"b":2}', '{"a":1,"b"x2}', '{"a":1;"b":2}']) expect(whole(t, ab), t).toBeUndefined();
  });

  it("maybeKey(): the key when it is next, nothing read when it is not", () => {
    const maybeB = (c: JsonCursor): [bigint, bigint | null] => {
      c.open(123);
      c.key('"a"', true);
      const a = c.int64();
      const b = c.maybeKey('"b"') ? c.int64() : null;
      c.close(125);
      return [a, b];
    };
    expect(whole('{"a":1,"b":2}', maybeB)).toEqual([1n, 2n]);
    expect(whole('{"a":1}', maybeB)).toEqual([1n, null]);
    expect(whole('{"a":1,"c":2}', maybeB)).toBeUndefined();
    for (const t of ['{"a":1x"b":2}', '{"a":1;"b":2}', '{"a":1,"b"x2}', '{"a":1,"b" 2}']) expect(whole(t, maybeB), t).toBeUndefined();
    // first: no comma before it
    const first = (c: JsonCursor): boolean => {
      c.open(123);
      const has = c.maybeKey('"a"', true);
      if (has) c.int64();
      c.close(125);
      return has;
    };
    expect(whole('{"a":1}', first)).toBe(true);
    expect(whole("{}", first)).toBe(false);
  });

  it("maybeKeyOf(): an unquoted key of a map read before, only in its quotes and after its comma", () => {
    const keyOf = (k: string) => (c: JsonCursor): bigint | null => {
      c.open(123);
      c.key('"a"', true);
      c.int64();
      const v = c.maybeKeyOf(k) ? c.int64() : null;
      c.close(125);
      return v;
    };
    expect(whole('{"a":1,"gonka1x":2}', keyOf("gonka1x"))).toBe(2n);
    expect(whole('{"a":1}', keyOf("gonka1x"))).toBeNull();
    for (const t of ['{"a":1x"b":2}', '{"a":1,xb":2}', '{"a":1,"b"x2}', '{"a":1,"bb":2}']) expect(whole(t, keyOf("b")), t).toBeUndefined();
  });

  it("mapKey(): a colon after each key", () => {
    const map = (c: JsonCursor): Json => {
      c.open(123);
      const o: Record<string, Json> = {};
      for (let k = c.mapKey(true); k !== undefined; k = c.mapKey(false)) o[k] = Number(c.int64());
      return o;
    };
    expect(whole('{"a":1,"b":2}', map)).toEqual({ a: 1, b: 2 });
    for (const t of ['{"a"x1}', '{"a" 1}', '{"a":1,"b";2}']) expect(whole(t, map), t).toBeUndefined();
  });
});

describe("what leaves throws OFF_FAST_PATH itself", () => {
  it("int64OrDigits on a sign alone, value() on broken JSON, string() without its end", () => {
    leaves('"-"', (c) => c.int64OrDigits());
    leaves('""', (c) => c.int64OrDigits());
    leaves("[1,]", (c) => c.value());
    leaves("{", (c) => c.value());
    leaves('"abc', (c) => c.string());
    leaves("[1 2]", (c) => c.json());
  });
});
