// The lossless reader's edges, one by one (found by mutating src/go/json.ts): what it accepts and
// refuses (JSON.parse decides what is valid JSON; Go's encoding/json refuses the same texts), the exact
// value of every number form near ±2^53, each string escape, duplicate keys and the depth bound, and
// the exact words, line, column and path of every refusal. Both ways are checked: parseJson (JSON.parse
// first, the exact reader when it cannot decide) and parseJsonExact (the exact reader alone).
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, parseJson, parseJsonExact, readJsonValueAt, stringifyJson, type Json } from "../../src/go/json.js";

const both = [parseJson, parseJsonExact] as const;

/** The message each way gives for `text` (both must give the same one). */
function refusal(text: string): string {
  const msgs = both.map((f) => {
    try {
      f(text, "f.json");
    } catch (e) {
      return (e as Error).message;
    }
    return `accepted ${text}`;
  });
  expect(msgs[1], text).toBe(msgs[0]);
  return msgs[0]!;
}

/** The value each way reads (both must read the same one, type for type). */
function read(text: string): Json {
  const [a, b] = both.map((f) => f(text, "f.json"));
  expect(b, text).toStrictEqual(a);
  return a!;
}

const bad = (at: string, msg: string): string => `f.json: invalid JSON at ${at}: ${msg}`;

describe("what is valid JSON (JSON.parse's answer, which Go's encoding/json shares)", () => {
  it("numbers: no leading zeros, a digit after '-', '.' and 'e', no '+' sign", () => {
    const valid = ["0", "-0", "0.5", "-0.5", "0e5", "0E-5", "0.0e+0", "10", "100", "-10", "1.05", "9", "1e05", "[0,0]", '{"a":0}', "[-0.0]"];
    const invalid = ["01", "-01", "00", "-00", "007", "0123456789012345678", "[01]", '{"a": 00}', "+1", "-", ".5", "1.", "1.e5", "1e", "1e+", "-e5", "--1", "0x10", "1_000"];
    for (const t of valid) {
      expect(read(t), t).toStrictEqual(JSON.parse(t));
    }
    for (const t of invalid) {
      expect(() => JSON.parse(t), t).toThrow();
      expect(refusal(t), t).toMatch(/^f\.json: invalid JSON at line 1, column \d+: /);
    }
  });

  it("a leading zero is refused at the digit after it (it was read as the number without it)", () => {
    expect(refusal("01")).toBe(bad("line 1, column 2", "a digit after a leading 0 (JSON writes no leading zeros)"));
    expect(refusal('{"a": -007}')).toBe(bad("line 1, column 9", "a digit after a leading 0 (JSON writes no leading zeros)"));
    expect(refusal("[1, 00]")).toBe(bad("line 1, column 6", "a digit after a leading 0 (JSON writes no leading zeros)"));
    expect(refusal("0.01")).toBe("accepted 0.01");
  });

  it("whitespace: space, tab, line feed and carriage return only", () => {
    expect(read(" \t\r\n[ \t\r\n1 \t\r\n, \t\r\n{ \t\r\n\"a\" \t\r\n: \t\r\n2 \t\r\n} \t\r\n] \t\r\n")).toStrictEqual([1, { a: 2 }]);
    for (const w of ["\f", "\v", "\u00a0", "\ufeff", "\u2028"]) {
      expect(() => JSON.parse(`${w}1`)).toThrow();
      expect(refusal(`${w}1`)).toBe(bad("line 1, column 1", `unexpected character ${JSON.stringify(w)}`));
      expect(refusal(`[1${w}]`)).toBe(bad("line 1, column 3", "expected ',' or ']'"));
    }
  });

  it("literals are whole words", () => {
    expect(read("[true,false,null]")).toStrictEqual([true, false, null]);
    expect(refusal("tru")).toBe(bad("line 1, column 1", 'unexpected character "t"'));
    expect(refusal("[fals]")).toBe(bad("line 1, column 2", 'unexpected character "f"'));
    expect(refusal("nul")).toBe(bad("line 1, column 1", 'unexpected character "n"'));
    expect(refusal("truex")).toBe(bad("line 1, column 5", "unexpected data after the JSON value"));
    expect(refusal("True")).toBe(bad("line 1, column 1", 'unexpected character "T"'));
  });

  it("strings: every escape, surrogates, raw characters from U+0020 on, no control character", () => {
    expect(read(String.raw`"\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u00E9 \ud83d\ude00 \ud800 \udc00x"`)).toBe('" \\ / \b \f \n \r \t A é é 😀 \ud800 \udc00x');
    expect(read('"\u007f\u2028\u{1F600}\ud800 "')).toBe("\u007f\u2028\u{1F600}\ud800 ");
    expect(read('["a\\\\", "b"]')).toStrictEqual(["a\\", "b"]);
    expect(refusal('"\\x"')).toBe(bad("line 1, column 1", "invalid escape in string"));
    expect(refusal('[1, "ab\\u12"]')).toBe(bad("line 1, column 5", "invalid escape in string"));
    expect(refusal('["ok", "\\\'"]')).toBe(bad("line 1, column 8", "invalid escape in string"));
    expect(refusal('"a\u0001"')).toBe(bad("line 1, column 3", "control character in string"));
    expect(refusal('"a\u001f"')).toBe(bad("line 1, column 3", "control character in string"));
    expect(refusal('"a\nb"')).toBe(bad("line 1, column 3", "control character in string"));
    expect(refusal('"a\\\nb"')).toBe(bad("line 1, column 1", "invalid escape in string"));
    expect(refusal('"abc')).toBe(bad("line 1, column 5", "unterminated string"));
    expect(refusal('"abc\\')).toBe(bad("line 1, column 7", "unterminated string")); // the escape's second character is past the end
    expect(refusal('"abc\\"')).toBe(bad("line 1, column 7", "unterminated string"));
    expect(refusal('{"a')).toBe(bad("line 1, column 4", "unterminated string"));
  });
});

describe("numbers: exact integers past ±(2^53 − 1), JSON.parse's number otherwise", () => {
  it("the bigint boundary, with and without a sign, in every container", () => {
    const cases: [string, number | bigint][] = [
      ["9007199254740991", 9007199254740991],
      ["-9007199254740991", -9007199254740991],
      ["9007199254740992", 9007199254740992n],
      ["-9007199254740992", -9007199254740992n],
      ["9007199254740993", 9007199254740993n],
      ["-9007199254740993", -9007199254740993n],
      ["999999999999999", 999999999999999],
      ["-999999999999999", -999999999999999],
      ["1000000000000000", 1000000000000000],
      ["-1000000000000000", -1000000000000000],
      ["0000000000000001".replace(/^0+/, ""), 1],
      ["18446744073709551615", 18446744073709551615n],
      ["-9223372036854775808", -9223372036854775808n],
      [`1${"0".repeat(30)}`, 10n ** 30n],
    ];
    for (const [t, v] of cases) {
      expect(read(t), t).toBe(v);
      expect(read(`[${t}]`), t).toStrictEqual([v]);
      expect(read(`{"k": ${t}}`), t).toStrictEqual({ k: v });
      expect(read(`{"k": [1, {"j": ${t}}]}`), t).toStrictEqual({ k: [1, { j: v }] });
    }
  });

  it("a fraction or an exponent keeps the number, however many digits", () => {
    for (const t of ["9007199254740993.0", "9007199254740993e0", "-9007199254740993.5", "1e16", "1E+16", "-1.8e19", "12345678901234567890.0", "1e400", "-1e400", "1e-400", "5e-324", "1.5", "-0.0", "2.5E-3"]) {
      const v = read(t);
      expect(typeof v, t).toBe("number");
      expect(Object.is(v, JSON.parse(t)), t).toBe(true);
    }
    expect(Object.is(read("-0"), -0)).toBe(true);
    expect(Object.is(read("[-0]") as Json[], [-0]) || Object.is((read("[-0]") as number[])[0], -0)).toBe(true);
  });

  it("number errors name the character where a digit was expected", () => {
    expect(refusal("-")).toBe(bad("line 1, column 2", "expected a digit"));
    expect(refusal("[-a]")).toBe(bad("line 1, column 3", "expected a digit"));
    expect(refusal("1.")).toBe(bad("line 1, column 3", "expected a digit after '.'"));
    expect(refusal("[1.x]")).toBe(bad("line 1, column 4", "expected a digit after '.'"));
    expect(refusal("1e")).toBe(bad("line 1, column 3", "expected a digit in the exponent"));
    expect(refusal("1E+")).toBe(bad("line 1, column 4", "expected a digit in the exponent"));
    expect(refusal("1e-x")).toBe(bad("line 1, column 4", "expected a digit in the exponent"));
    expect(refusal("12345678901234567890.")).toBe(bad("line 1, column 22", "expected a digit after '.'"));
    expect(refusal("12345678901234567890e")).toBe(bad("line 1, column 22", "expected a digit in the exponent"));
  });
});

describe("syntax errors: the line, the column, the words", () => {
  it("each expectation", () => {
    expect(refusal("")).toBe(bad("line 1, column 1", "unexpected end of input"));
    expect(refusal("  ")).toBe(bad("line 1, column 3", "unexpected end of input"));
    expect(refusal("{")).toBe(bad("line 1, column 2", "expected a string key"));
    expect(refusal("{,}")).toBe(bad("line 1, column 2", "expected a string key"));
    expect(refusal('{"a":1,}')).toBe(bad("line 1, column 8", "expected a string key"));
    expect(refusal("{1: 2}")).toBe(bad("line 1, column 2", "expected a string key"));
    expect(refusal('{"a" 1}')).toBe(bad("line 1, column 6", "expected ':'"));
    expect(refusal('{"a"')).toBe(bad("line 1, column 5", "expected ':'"));
    expect(refusal('{"a":')).toBe(bad("line 1, column 6", "unexpected end of input"));
    expect(refusal('{"a":1')).toBe(bad("line 1, column 7", "expected ',' or '}'"));
    expect(refusal('{"a":1]')).toBe(bad("line 1, column 7", "expected ',' or '}'"));
    expect(refusal('{"a":1 "b":2}')).toBe(bad("line 1, column 8", "expected ',' or '}'"));
    expect(refusal("[")).toBe(bad("line 1, column 2", "unexpected end of input"));
    expect(refusal("[1")).toBe(bad("line 1, column 3", "expected ',' or ']'"));
    expect(refusal("[1}")).toBe(bad("line 1, column 3", "expected ',' or ']'"));
    expect(refusal("[1 2]")).toBe(bad("line 1, column 4", "expected ',' or ']'"));
    expect(refusal("[1,]")).toBe(bad("line 1, column 4", 'unexpected character "]"'));
    expect(refusal("[,1]")).toBe(bad("line 1, column 2", 'unexpected character ","'));
    expect(refusal("]")).toBe(bad("line 1, column 1", 'unexpected character "]"'));
    expect(refusal("[1]x")).toBe(bad("line 1, column 4", "unexpected data after the JSON value"));
    expect(refusal("[1] ]")).toBe(bad("line 1, column 5", "unexpected data after the JSON value"));
    expect(refusal("1 2")).toBe(bad("line 1, column 3", "unexpected data after the JSON value"));
    expect(refusal('{} {}')).toBe(bad("line 1, column 4", "unexpected data after the JSON value"));
  });

  it("lines count line feeds; the column counts from the last one", () => {
    expect(refusal("\n\n  [1,,2]")).toBe(bad("line 3, column 6", 'unexpected character ","'));
    expect(refusal('{\n  "a": [1, 2,, 3]\n}')).toBe(bad("line 2, column 14", 'unexpected character ","'));
    expect(refusal("[1,\r\n2,\r\n]")).toBe(bad("line 3, column 1", 'unexpected character "]"'));
    expect(refusal("[1,\r2,\r]")).toBe(bad("line 1, column 8", 'unexpected character "]"'));
    expect(refusal('{"a":\n\n\n"b\n"}')).toBe(bad("line 4, column 3", "control character in string"));
    expect(refusal("[\n1\n,\n2\n]\n\nx")).toBe(bad("line 7, column 1", "unexpected data after the JSON value"));
  });

  it("the source prefixes the line; without one it is JSON", () => {
    expect(() => parseJson("[")).toThrow(/^JSON: invalid JSON at line 1, column 2: unexpected end of input$/);
    expect(() => parseJsonExact("[")).toThrow(/^JSON: invalid JSON at line 1, column 2: unexpected end of input$/);
    expect(() => parseJson("[", "dir/x.json")).toThrow(/^dir\/x\.json: invalid JSON/);
  });
});

describe("valid JSON that is refused: a key twice, nesting deeper than MAX_JSON_DEPTH", () => {
  const twice = (k: string): string => `the key ${JSON.stringify(k)} appears twice in one object (JSON.parse would keep the last value silently); give each key once`;

  it("a key twice: its second place and its path", () => {
    expect(refusal('{"a":1,"a":2}')).toBe(`f.json: ${twice("a")} (at line 1, column 8)`);
    expect(refusal('{"a":1, "b":2, "a":3}')).toBe(`f.json: ${twice("a")} (at line 1, column 16)`);
    expect(refusal('{"a":{"b c":[{"x":1,"x":2}]}}')).toBe(`f.json: a["b c"][0]: ${twice("x")} (at line 1, column 21)`);
    expect(refusal('[0, [1, {"k": 1, "k": 1}]]')).toBe(`f.json: [1][1]: ${twice("k")} (at line 1, column 18)`);
    const odd = '{"_a": {"$b": {"c1": {"1c": {"": {"a-b": {"é": {"x":1,"x":2}}}}}}}}';
    expect(refusal(odd)).toBe(`f.json: _a.$b.c1["1c"][""]["a-b"]["é"]: ${twice("x")} (at line 1, column ${odd.indexOf('"x":2') + 1})`);
    expect(refusal('{"a":\n {"b": 1,\n  "b": 2}}')).toBe(`f.json: a: ${twice("b")} (at line 3, column 3)`);
    // the same key written two ways
    expect(refusal('{"a":1,"\\u0061":2}')).toBe(`f.json: ${twice("a")} (at line 1, column 8)`);
    expect(refusal('{"__proto__":1,"__proto__":2}')).toBe(`f.json: ${twice("__proto__")} (at line 1, column 16)`);
    // a path past 120 characters keeps its first 60 and last 57
    const deepKeys = (ks: string[]): string => `${ks.map((k) => `{"${k}": `).join("")}{"z":1,"z":2}${"}".repeat(ks.length)}`;
    const path = (ks: string[]): string => ks.join(".");
    const at = (ks: string[]): number => deepKeys(ks).indexOf('"z":2') + 1;
    const exactly120 = ["a".repeat(59), "b".repeat(60)];
    expect(path(exactly120)).toHaveLength(120);
    expect(refusal(deepKeys(exactly120))).toBe(`f.json: ${path(exactly120)}: ${twice("z")} (at line 1, column ${at(exactly120)})`);
    const long = ["a".repeat(59), "b".repeat(61)];
    const p = path(long);
    expect(refusal(deepKeys(long))).toBe(`f.json: ${p.slice(0, 60)}…${p.slice(-57)}: ${twice("z")} (at line 1, column ${at(long)})`);
  });

  it("keys are read as JSON.parse reads them, own properties in order, __proto__ included", () => {
    const v = read('{"b":1,"a":[2],"__proto__":{"x":3},"\\u00e9":4,"":5}') as Record<string, Json>;
    expect(Object.keys(v)).toEqual(["b", "a", "__proto__", "é", ""]);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(v, "__proto__")).toEqual({ value: { x: 3 }, enumerable: true, writable: true, configurable: true });
    // a string holding `":` (more key marks than keys) and keys that look like numbers
    expect(read('{"a":"x\\":","b":" \\" :","1":2,"12345678901234567890":3}')).toStrictEqual({ 1: 2, a: 'x":', b: ' " :', "12345678901234567890": 3 });
  });

  it("nesting: MAX_JSON_DEPTH levels are read, one more is refused at the bracket that opens it", () => {
    expect(MAX_JSON_DEPTH).toBe(100);
    const arrays = (n: number): string => "[".repeat(n) + "]".repeat(n);
    const objects = (n: number): string => '{"a":'.repeat(n - 1) + "{}" + "}".repeat(n - 1);
    const deep = `nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects (no input of gonka-spec nests more than about 15)`;
    expect(JSON.stringify(read(arrays(MAX_JSON_DEPTH)))).toBe(arrays(MAX_JSON_DEPTH));
    expect(JSON.stringify(read(objects(MAX_JSON_DEPTH)))).toBe(objects(MAX_JSON_DEPTH));
    expect(refusal(arrays(MAX_JSON_DEPTH + 1))).toBe(`f.json: ${deep} (at line 1, column ${MAX_JSON_DEPTH + 1})`);
    expect(refusal(objects(MAX_JSON_DEPTH + 1))).toBe(`f.json: ${deep} (at line 1, column ${5 * MAX_JSON_DEPTH + 1})`);
    // mixed, with siblings before the deep branch (the depth returns as each container closes)
    const mixed = `[${"[".repeat(MAX_JSON_DEPTH - 1)}${"]".repeat(MAX_JSON_DEPTH - 1)}, {"a": ${arrays(MAX_JSON_DEPTH - 2)}}, ${'{"b":'.repeat(MAX_JSON_DEPTH - 1)}0${"}".repeat(MAX_JSON_DEPTH - 1)}]`;
    expect(read(mixed)).toHaveLength(3);
    expect(refusal(`[[], {}, ${arrays(MAX_JSON_DEPTH)}]`)).toBe(`f.json: ${deep} (at line 1, column ${10 + MAX_JSON_DEPTH - 1})`);
    expect(refusal(`[{"a":[]}, {"b":{}}, {"c": ${arrays(MAX_JSON_DEPTH - 1)}}]`)).toBe(`f.json: ${deep} (at line 1, column ${28 + MAX_JSON_DEPTH - 2})`);
    // a deep document that is also invalid: the depth is met first
    expect(refusal(arrays(MAX_JSON_DEPTH + 1).slice(0, -1))).toBe(`f.json: ${deep} (at line 1, column ${MAX_JSON_DEPTH + 1})`);
  });
});

describe("readJsonValueAt: one value from a position, the depth counted from the levels around it", () => {
  it("the value, the position after it, and errors placed in the whole text", () => {
    const text = '{"a": [1, 18446744073709551615, "x"] , "b": 2}';
    const at = text.indexOf("[");
    expect(readJsonValueAt(text, at, 1)).toStrictEqual({ value: [1, 18446744073709551615n, "x"], end: text.indexOf("]") + 1 });
    expect(readJsonValueAt(text, text.indexOf("2}"), 1)).toStrictEqual({ value: 2, end: text.length - 1 });
    expect(readJsonValueAt("  true  ", 0, 0)).toStrictEqual({ value: true, end: 6 });
    expect(() => readJsonValueAt('{"a": [1,,2]}', 6, 1, "g.json")).toThrow(/^g\.json: invalid JSON at line 1, column 10: unexpected character ","$/);
    expect(() => readJsonValueAt('{"a": [1,,2]}', 6, 1)).toThrow(/^JSON: invalid JSON/);
    expect(() => readJsonValueAt('{"a": {"k":1,"k":2}}', 6, 1)).toThrow(/^JSON: the key "k" appears twice .* \(at line 1, column 14\)$/);
  });

  it("depth: levels already open count toward MAX_JSON_DEPTH", () => {
    const arrays = (n: number): string => "[".repeat(n) + "]".repeat(n);
    expect(readJsonValueAt(arrays(1), 0, MAX_JSON_DEPTH - 1).end).toBe(2);
    expect(readJsonValueAt("7", 0, MAX_JSON_DEPTH).value).toBe(7);
    expect(() => readJsonValueAt(arrays(2), 0, MAX_JSON_DEPTH - 1)).toThrow(/nested deeper than 100 levels .* \(at line 1, column 2\)$/);
    expect(() => readJsonValueAt("{}", 0, MAX_JSON_DEPTH)).toThrow(/nested deeper than 100 levels .* \(at line 1, column 1\)$/);
    expect(readJsonValueAt(arrays(MAX_JSON_DEPTH), 0, 0).end).toBe(2 * MAX_JSON_DEPTH);
  });
});

describe("stringifyJson", () => {
  it("writes bigints as bare integers, wherever and however many", () => {
    const v = { a: 18446744073709551615n, b: [-9223372036854775808n, 1, "2"], c: { d: -1n }, e: Array.from({ length: 12 }, (_, i) => BigInt(i + 1) * 10n ** 20n) };
    const s = stringifyJson(v);
    expect(s).toBe(`{"a":18446744073709551615,"b":[-9223372036854775808,1,"2"],"c":{"d":-1},"e":[${Array.from({ length: 12 }, (_, i) => (BigInt(i + 1) * 10n ** 20n).toString()).join(",")}]}`);
    expect(parseJson(s)).toStrictEqual({ ...v, c: { d: -1 } });
    expect(stringifyJson(5n)).toBe("5");
    expect(stringifyJson([1n], 2)).toBe("[\n  1\n]");
    expect(stringifyJson({ a: 1n, b: { c: 2n } }, 1)).toBe('{\n "a": 1,\n "b": {\n  "c": 2\n }\n}');
  });

  it("without bigints it is JSON.stringify (indent included), NUL characters kept", () => {
    for (const v of [{ a: 1, b: [true, null, "\u0000big0\u0000"] }, "x", 1.5, null, []]) {
      expect(stringifyJson(v)).toBe(JSON.stringify(v));
      expect(stringifyJson(v, 2)).toBe(JSON.stringify(v, null, 2));
    }
    expect(stringifyJson(undefined)).toBe(undefined);
  });

  it("a string or key holding the bigint marker's text stays that text beside bigints", () => {
    const nul = "\u0000";
    for (const text of [`${nul}big0${nul}`, `${nul}big1${nul}`, `${nul}bigfoo`, `x"${nul}big0${nul}`, `${nul}big1x0${nul}`]) {
      const v = { s: text, n: 5n, [text]: [7n, text] };
      const out = stringifyJson(v);
      expect(out).toBe(JSON.stringify({ s: text, n: 5, [text]: [7, text] }));
      expect(parseJson(out)).toStrictEqual({ s: text, n: 5, [text]: [7, text] });
      expect(stringifyJson(v, 2)).toBe(JSON.stringify({ s: text, n: 5, [text]: [7, text] }, null, 2));
    }
  });
});

describe("parseJson's fast way: JSON.parse's tree, the rounded integers traced back to their tokens", () => {
  it("one literal gives its bigint; two literals, or a literal and a fraction or exponent form, of one rounded value are read exactly", () => {
    // 18000000000000001 and 18000000000000000 round to the same double (1.8e16)
    const cases: [string, Json][] = [
      ["[18000000000000001, 18000000000000000]", [18000000000000001n, 18000000000000000n]],
      ["[18000000000000000, 18000000000000001, 18000000000000000]", [18000000000000000n, 18000000000000001n, 18000000000000000n]],
      ["[-18000000000000001, -18000000000000000]", [-18000000000000001n, -18000000000000000n]],
      ["[18000000000000001, -18000000000000001]", [18000000000000001n, -18000000000000001n]],
      ["[-18000000000000001, -1.8e16]", [-18000000000000001n, -1.8e16]],
      ["[-1.8e16, -18000000000000001]", [-1.8e16, -18000000000000001n]],
      ["[18000000000000001, 1.8E16]", [18000000000000001n, 1.8e16]],
      ["[18E15, 18000000000000001]", [1.8e16, 18000000000000001n]],
      ["[1.8e+16, 18000000000000001]", [1.8e16, 18000000000000001n]],
      ["[0.18e17, 18000000000000001]", [1.8e16, 18000000000000001n]],
      ["[180000000000000000e-1, 18000000000000001]", [1.8e16, 18000000000000001n]],
      ["[-180000000000000000e-1, -18000000000000001]", [-1.8e16, -18000000000000001n]],
      ["[1800000000000000.1e1, 18000000000000001]", [1.8e16, 18000000000000001n]],
      ["[18000000000000001, 18000000000000001.0]", [18000000000000001n, 1.8e16]],
      ["[-18000000000000000.5, -18000000000000001]", [-1.8e16, -18000000000000001n]],
      ["[18000000000000001, 18000000000000001]", [18000000000000001n, 18000000000000001n]],
      ['[18000000000000001, "18000000000000000"]', [18000000000000001n, "18000000000000000"]],
      ['["x 18000000000000000", 18000000000000001]', ["x 18000000000000000", 18000000000000001n]],
      ['["a-18000000000000000", -18000000000000001]', ["a-18000000000000000", -18000000000000001n]],
      ['[0.18000000000000000, 18000000000000001]', [0.18, 18000000000000001n]],
      ['[1e18000000000000000, 1]', [Infinity, 1]],
      ["[1e400, -1e400, 18446744073709551615]", [Infinity, -Infinity, 18446744073709551615n]],
      ['{"a": [9007199254740993], "b": {"c": -9007199254740993}, "d": 9007199254740992.0}', { a: [9007199254740993n], b: { c: -9007199254740993n }, d: 9007199254740992 }],
      [`[${"1".repeat(33)}, ${"2".repeat(20)}]`, [BigInt("1".repeat(33)), BigInt("2".repeat(20))]],
    ];
    for (const [t, v] of cases) expect(read(t), t).toStrictEqual(v);
  });

  it("a key twice however the key is spaced from its colon, and strings holding colons", () => {
    for (const w of ["", " ", "\n", "\r", "\t", " \t\r\n "]) {
      const second = `{"a":1,"a"${w}:2}`;
      expect(refusal(second), JSON.stringify(w)).toBe(`f.json: the key "a" appears twice in one object (JSON.parse would keep the last value silently); give each key once (at line 1, column ${second.lastIndexOf('"a"') + 1})`);
      expect(() => parseJson(`{"a"${w}:1,"a":2}`), JSON.stringify(w)).toThrow(/the key "a" appears twice/);
      expect(() => parseJson(`{"a"${w}:1, "b": {"c":1,"c"${w}:2}}`), JSON.stringify(w)).toThrow(/^JSON: b: the key "c" appears twice/);
    }
    for (const t of ['{"a":"p:q","a":1}', '{"a":"p:q:r","b":1,"a":1}', '{"a":1,"a":":"}', '{"a":"\\":","a":1}', '{"a":[":"],"a":1}', '{"a": {"x":1}, "a": 2}']) {
      expect(refusal(t), t).toMatch(/^f\.json: the key "a" appears twice/);
    }
    expect(read('{"a":"\\":", "b": "\\" :", "c": ":", "d": [":", "\\"\\":"]}')).toStrictEqual({ a: '":', b: '" :', c: ":", d: [":", '"":'] });
    expect(read('[":", "x\\":"]')).toStrictEqual([":", 'x":']);
  });
});

describe("the last details of a reading", () => {
  it("a path that starts at an index keeps the dot before the key after it", () => {
    expect(refusal('[{"k": {"x":1,"x":2}}]')).toMatch(/^f\.json: \[0\]\.k: the key "x" appears twice/);
    expect(refusal('[[{"k": [{"j": {"x":1,"x":2}}]}]]')).toMatch(/^f\.json: \[0\]\[0\]\.k\[0\]\.j: the key "x" appears twice/);
  });

  it("-0 stays -0 wherever it is read", () => {
    for (const t of ['{"aaaaaaaaaaaaaaaaaaaa": -0}', `[${"1, ".repeat(10)}-0]`]) {
      for (const f of both) {
        const v = f(t) as Json[] | Record<string, Json>;
        expect(Object.is(Object.values(v).at(-1), -0), t).toBe(true);
      }
    }
  });

  it("an integer past 2^53 after each kind of whitespace alone", () => {
    for (const w of [" ", "\t", "\n", "\r"]) {
      expect(read(`[${w}18000000000000001]`), JSON.stringify(w)).toStrictEqual([18000000000000001n]);
      expect(read(`{"a":${w}-18000000000000001}`), JSON.stringify(w)).toStrictEqual({ a: -18000000000000001n });
      expect(read(`${w}18000000000000001`), JSON.stringify(w)).toBe(18000000000000001n);
    }
  });

  it("__proto__ is a plain own property on both ways, its value restored exactly", () => {
    for (const f of both) {
      for (const [t, v] of [['{"__proto__": {"x": 1}}', { x: 1 }], ['{"__proto__": 18446744073709551615}', 18446744073709551615n], ['{"a": 1, "__proto__": 7}', 7]] as const) {
        const o = f(t) as object;
        expect(Object.getOwnPropertyDescriptor(o, "__proto__"), `${f.name} ${t}`).toStrictEqual({ value: v, enumerable: true, writable: true, configurable: true });
        expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
      }
    }
  });
});
