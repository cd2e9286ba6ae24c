/**
 * A lossless JSON reader: integers beyond ±(2^53 − 1) become `bigint` instead of being rounded
 * through `number` (vector files and chain JSON carry int64/uint64 values). Everything else is what
 * `JSON.parse` yields. Errors name the line and column.
 */
import { InputError } from "../errors.js";

export type Json = null | boolean | number | bigint | string | Json[] | { [k: string]: Json };

class Parser {
  pos = 0;
  constructor(readonly text: string, readonly source: string) {}

  fail(msg: string): never {
    const before = this.text.slice(0, this.pos);
    const line = before.split("\n").length;
    const col = this.pos - before.lastIndexOf("\n");
    throw new InputError(`invalid JSON at line ${line}, column ${col}: ${msg}`, this.source);
  }

  ws(): void {
    const t = this.text;
    let p = this.pos;
    for (;;) {
      const c = t.charCodeAt(p);
      if (c === 32 || c === 10 || c === 13 || c === 9) p++;
      else break;
    }
    this.pos = p;
  }

  value(): Json {
    this.ws();
    const c = this.text.charCodeAt(this.pos);
    if (c === 123) return this.object();
    if (c === 91) return this.array();
    if (c === 34) return this.string();
    if (c === 45 || (c >= 48 && c <= 57)) return this.number();
    if (this.text.startsWith("true", this.pos)) { this.pos += 4; return true; }
    if (this.text.startsWith("false", this.pos)) { this.pos += 5; return false; }
    if (this.text.startsWith("null", this.pos)) { this.pos += 4; return null; }
    return this.fail(this.pos >= this.text.length ? "unexpected end of input" : `unexpected character ${JSON.stringify(this.text[this.pos])}`);
  }

  object(): Json {
    this.pos++;
    const out: { [k: string]: Json } = {};
    this.ws();
    if (this.text.charCodeAt(this.pos) === 125) { this.pos++; return out; }
    for (;;) {
      this.ws();
      if (this.text.charCodeAt(this.pos) !== 34) this.fail("expected a string key");
      const k = this.string();
      this.ws();
      if (this.text.charCodeAt(this.pos) !== 58) this.fail("expected ':'");
      this.pos++;
      const v = this.value();
      if (k === "__proto__") Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      else out[k] = v;
      this.ws();
      const c = this.text.charCodeAt(this.pos);
      if (c === 44) { this.pos++; continue; }
      if (c === 125) { this.pos++; return out; }
      this.fail("expected ',' or '}'");
    }
  }

  array(): Json {
    this.pos++;
    const out: Json[] = [];
    this.ws();
    if (this.text.charCodeAt(this.pos) === 93) { this.pos++; return out; }
    for (;;) {
      out.push(this.value());
      this.ws();
      const c = this.text.charCodeAt(this.pos);
      if (c === 44) { this.pos++; continue; }
      if (c === 93) { this.pos++; return out; }
      this.fail("expected ',' or ']'");
    }
  }

  string(): string {
    const t = this.text;
    const start = this.pos;
    let p = start + 1;
    let escaped = false;
    for (;;) {
      const c = t.charCodeAt(p);
      if (c === 34) break;
      if (c === 92) { escaped = true; p += 2; continue; }
      if (Number.isNaN(c)) { this.pos = p; this.fail("unterminated string"); }
      if (c < 32) { this.pos = p; this.fail("control character in string"); }
      p++;
    }
    this.pos = p + 1;
    if (!escaped) return t.slice(start + 1, p);
    try {
      return JSON.parse(t.slice(start, p + 1)) as string;
    } catch {
      this.pos = start;
      return this.fail("invalid escape in string");
    }
  }

  number(): number | bigint {
    const t = this.text;
    const start = this.pos;
    let p = start;
    if (t.charCodeAt(p) === 45) p++;
    const digitsStart = p;
    while (t.charCodeAt(p) >= 48 && t.charCodeAt(p) <= 57) p++;
    if (p === digitsStart) { this.pos = p; this.fail("expected a digit"); }
    let isInt = true;
    if (t.charCodeAt(p) === 46) {
      isInt = false;
      p++;
      const f = p;
      while (t.charCodeAt(p) >= 48 && t.charCodeAt(p) <= 57) p++;
      if (p === f) { this.pos = p; this.fail("expected a digit after '.'"); }
    }
    const e = t.charCodeAt(p);
    if (e === 101 || e === 69) {
      isInt = false;
      p++;
      const s = t.charCodeAt(p);
      if (s === 43 || s === 45) p++;
      const f = p;
      while (t.charCodeAt(p) >= 48 && t.charCodeAt(p) <= 57) p++;
      if (p === f) { this.pos = p; this.fail("expected a digit in the exponent"); }
    }
    this.pos = p;
    const lit = t.slice(start, p);
    if (isInt && p - digitsStart > 15) {
      const b = BigInt(lit);
      if (b > BigInt(Number.MAX_SAFE_INTEGER) || b < BigInt(Number.MIN_SAFE_INTEGER)) return b;
      return Number(b);
    }
    return Number(lit);
  }
}

/**
 * A run of 16+ digits where a JSON number can start (after the start, ':', ',' or '[' and whitespace):
 * the only way a JSON text can hold an integer beyond ±(2^53 − 1). Digits inside strings (int64s
 * written as decimal strings, addresses) do not count; a string that happens to match only costs the
 * slow path.
 */
const LONG_DIGITS = /(?:^|[:,[])[ \t\n\r]*-?\d{16}/;

/** Parse JSON text losslessly. `source` (a file name) prefixes error messages. */
export function parseJson(text: string, source = "JSON"): Json {
  // Fast path: without a 16-digit run, JSON.parse loses nothing (same values, same last-key-wins).
  if (!LONG_DIGITS.test(text)) {
    try {
      return JSON.parse(text) as Json;
    } catch {
      // fall through: the parser below names the line and column
    }
  }
  const p = new Parser(text, source);
  const v = p.value();
  p.ws();
  if (p.pos !== text.length) p.fail("unexpected data after the JSON value");
  return v;
}

/** Serialise JSON with bigint support (bigints are written as bare integers, never quoted). */
export function stringifyJson(value: unknown, indent?: number): string {
  const marks: string[] = [];
  const s = JSON.stringify(
    value,
    (_k, v) => {
      if (typeof v === "bigint") {
        marks.push(v.toString());
        return `\u0000big${marks.length - 1}\u0000`;
      }
      return v;
    },
    indent,
  );
  if (marks.length === 0) return s;
  return s.replace(/"\\u0000big(\d+)\\u0000"/g, (_m, i: string) => marks[Number(i)]!);
}
