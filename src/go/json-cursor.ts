/**
 * A cursor over JSON text for the typed readers: each reads one input format straight from the text
 * into the typed values its rule family reads, in one pass, with no tree in between (issue 21).
 *
 * It reads only the plain form the project's writers produce: the keys of each object in the writer's
 * order, strings of printable ASCII without escapes, integers without fraction or exponent. Anything
 * else (another key order, an unknown or repeated key, an escape, a control or non-ASCII character,
 * `1.0`, a value out of range, broken JSON) throws OFF_FAST_PATH, and the caller reads the text again
 * with `parseJson` and the validating readers, which decide it: they name the field of an error and
 * write every warning. So a typed reader only has to be exact on what it accepts; a differential test
 * (test/go/json-cursor.test.ts and each reader's) holds it to the validating reader's answer.
 */
import { bigIntOfSafe, isInt64, isUint64 } from "./int64.js";
import { MAX_JSON_DEPTH, parseJson, readJsonValueAt, type Json } from "./json.js";

/** What a typed reader throws when the text leaves its plain form (one object, made once: no stack per throw). */
export const OFF_FAST_PATH: Error = new Error("the text leaves the typed reader's plain form");

/**
 * `read()`, or `undefined` when it left the plain form or failed in any other way (a check it reuses
 * refused a value): the validating reader then decides, and names the first field it refuses.
 */
export function fastPath<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

const off = (): never => {
  throw OFF_FAST_PATH;
};

/** The first position from `p` on that is not JSON whitespace. */
function wsFrom(t: string, p: number): number {
  let c = t.charCodeAt(p);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = t.charCodeAt(++p);
  return p;
}

/** The end of the string token at `p` (escapes are only stepped over). */
function stringEnd(t: string, p: number): number {
  for (let q = p + 1; ; q++) {
    const c = t.charCodeAt(q);
    if (c === 34) return q + 1;
    if (c === 92) q++;
    else if (!(c >= 32)) off(); // a control character, or the end of the text (NaN)
  }
}

/** The end of the number token at `p` (its form is checked by parseJson). */
function numberEnd(t: string, p: number): number {
  let c = t.charCodeAt(++p);
  while ((c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45) c = t.charCodeAt(++p);
  return p;
}

/** After an object's `{` or `,` at `p`: the key, its colon, and the position after them. */
function keyEnd(t: string, p: number): number {
  p = wsFrom(t, p);
  if (t.charCodeAt(p) !== 34) off();
  p = wsFrom(t, stringEnd(t, p));
  if (t.charCodeAt(p) !== 58) off();
  return p + 1;
}

/** Printable ASCII (space to `~`) without the backslash: the characters of a plain string. */
const plainChar = (c: number): boolean => c >= 32 && c <= 126 && c !== 92;

export class JsonCursor {
  /** Arrays and objects open around the cursor (for the exact reader's depth bound). */
  depth = 0;
  constructor(
    readonly text: string,
    public pos = 0,
  ) {}

  /** Skips JSON whitespace; the character code there (NaN at the end). */
  ws(): number {
    const p = wsFrom(this.text, this.pos);
    this.pos = p;
    return this.text.charCodeAt(p);
  }

  /** `{` (123) or `[` (91). */
  open(ch: number): void {
    if (this.ws() !== ch) off();
    this.pos++;
    this.depth++;
  }

  /** `}` (125) or `]` (93). */
  close(ch: number): void {
    if (this.ws() !== ch) off();
    this.pos++;
    this.depth--;
  }

  /** Whether the next character is `ch` (then read). */
  maybe(ch: number): boolean {
    if (this.ws() !== ch) return false;
    this.pos++;
    return true;
  }

  /** The key `quoted` (written with its quotes, e.g. `"nodeId"`) and its colon, after a `,` unless `first`. */
  key(quoted: string, first = false): void {
    if (!first && !this.maybe(44)) off();
    this.ws();
    if (!this.text.startsWith(quoted, this.pos)) off();
    this.pos += quoted.length;
    if (this.ws() !== 58) off();
    this.pos++;
  }

  /** Whether the key `quoted` comes next (after a `,` unless `first`): then it is read with its colon, else nothing is. */
  maybeKey(quoted: string, first = false): boolean {
    const at = this.pos;
    if (!first) {
      if (this.ws() !== 44) return false;
      this.pos++;
    }
    this.ws();
    if (!this.text.startsWith(quoted, this.pos)) {
      this.pos = at;
      return false;
    }
    this.pos += quoted.length;
    if (this.ws() !== 58) off();
    this.pos++;
    return true;
  }

  /**
   * Whether the key `"k"` comes next (`k` unquoted, a plain string, e.g. one `string()` read: a map
   * keyed by values read before), read with its colon as `maybeKey` reads it; else nothing is read.
   */
  maybeKeyOf(k: string, first = false): boolean {
    const t = this.text;
    const at = this.pos;
    if (!first) {
      if (this.ws() !== 44) return false;
      this.pos++;
    }
    const p = wsFrom(t, this.pos);
    if (t.charCodeAt(p) !== 34 || !t.startsWith(k, p + 1) || t.charCodeAt(p + 1 + k.length) !== 34) {
      this.pos = at;
      return false;
    }
    this.pos = p + k.length + 2;
    if (this.ws() !== 58) off();
    this.pos++;
    return true;
  }

  /**
   * After `{` or `[` (`first`) or after an entry: false at the closing bracket `close` (read, and the
   * container left), else true with the `,` before the next entry read.
   */
  private next(first: boolean, close: number): boolean {
    const c = this.ws();
    if (c === close) {
      this.pos++;
      this.depth--;
      return false;
    }
    if (!first) {
      if (c !== 44) off();
      this.pos++;
    }
    return true;
  }

  /**
   * A map's next key (its entries in any order, as a chain map's are): after `{` (`first`) or after an
   * entry. The key and its colon are read; undefined at the closing `}` (read too).
   */
  mapKey(first: boolean): string | undefined {
    if (!this.next(first, 125)) return undefined;
    const k = this.string();
    if (this.ws() !== 58) off();
    this.pos++;
    return k;
  }

  /** Whether a list has a next element: after `[` (`first`) or after an element; at `]` it is read and false. */
  more(first: boolean): boolean {
    return this.next(first, 93);
  }

  /** A plain string (printable ASCII, no escape). */
  string(): string {
    if (this.ws() !== 34) off();
    const t = this.text;
    const s = this.pos + 1;
    const q = t.indexOf('"', s);
    if (q < 0) off();
    for (let i = s; i < q; i++) if (!plainChar(t.charCodeAt(i))) off();
    this.pos = q + 1;
    return t.slice(s, q);
  }

  /**
   * An integer token (no fraction, exponent or leading zero) as a bigint, or undefined (nothing read)
   * when the next token is not one. `-0` is 0 (JSON.parse's -0 has no other integer value).
   */
  private integer(): bigint | undefined {
    const t = this.text;
    let c = this.ws();
    let p = this.pos;
    const neg = c === 45;
    if (neg) c = t.charCodeAt(++p);
    const s = p;
    let n = 0;
    while (c >= 48 && c <= 57) {
      n = n * 10 + (c - 48);
      c = t.charCodeAt(++p);
    }
    const len = p - s;
    if (len === 0) return undefined;
    if (c === 46 || c === 101 || c === 69 || (len > 1 && t.charCodeAt(s) === 48)) off();
    this.pos = p;
    if (len <= 15) return neg ? (n === 0 ? 0n : BigInt(-n)) : bigIntOfSafe(n);
    if (len > 20) off();
    return BigInt(t.slice(neg ? s - 1 : s, p));
  }

  /** An int64 written as a bare integer. */
  int64(): bigint {
    const x = this.integer() ?? off();
    if (!isInt64(x)) off();
    return x;
  }

  /** A uint64 written as a bare integer. */
  uint64(): bigint {
    const x = this.integer() ?? off();
    if (!isUint64(x)) off();
    return x;
  }

  /** An int64 written as a bare integer or as a string of at most 18 digits (how `import-rest` writes them). */
  int64OrDigits(): bigint {
    const x = this.integer();
    if (x !== undefined) {
      if (!isInt64(x)) off();
      return x;
    }
    const s = this.string();
    if (s.length === 0 || s.length > 18) off();
    let i = s.charCodeAt(0) === 45 ? 1 : 0;
    if (i === s.length) off();
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 48 || c > 57) off();
    }
    return BigInt(s);
  }

  boolean(): boolean {
    const c = this.ws();
    const t = this.text;
    if (c === 116 && t.startsWith("true", this.pos)) {
      this.pos += 4;
      return true;
    }
    if (c === 102 && t.startsWith("false", this.pos)) {
      this.pos += 5;
      return false;
    }
    return off();
  }

  /** Whether the next token is `null` (then read). */
  maybeNull(): boolean {
    if (this.ws() !== 110 || !this.text.startsWith("null", this.pos)) return false;
    this.pos += 4;
    return true;
  }

  /**
   * Skips one value (nesting within MAX_JSON_DEPTH with the levels around it) and returns where it
   * starts, for `parseJson` of that part alone: a large part kept as JSON is read by JSON.parse, not
   * by the exact reader. Only the extent is found here: parseJson checks the part's grammar again.
   */
  skip(): number {
    const t = this.text;
    this.ws();
    const from = this.pos;
    const open: number[] = []; // the closing bracket of each container around p
    let p = from;
    for (;;) {
      p = wsFrom(t, p);
      const c = t.charCodeAt(p);
      if (c === 123 || c === 91) {
        if (this.depth + open.length + 1 > MAX_JSON_DEPTH) off();
        const close = c === 123 ? 125 : 93;
        p = wsFrom(t, p + 1);
        if (t.charCodeAt(p) === close) p++;
        else {
          open.push(close);
          if (close === 125) p = keyEnd(t, p);
          continue;
        }
      } else if (c === 34) p = stringEnd(t, p);
      else if (c === 45 || (c >= 48 && c <= 57)) p = numberEnd(t, p);
      else if (c === 116 && t.startsWith("true", p)) p += 4;
      else if (c === 102 && t.startsWith("false", p)) p += 5;
      else if (c === 110 && t.startsWith("null", p)) p += 4;
      else off();
      // after a value: the containers it closes, then a ',' before the next value
      for (;;) {
        if (open.length === 0) {
          this.pos = p;
          return from;
        }
        p = wsFrom(t, p);
        const d = t.charCodeAt(p);
        const close = open[open.length - 1]!;
        if (d === close) {
          p++;
          open.pop();
          continue;
        }
        if (d !== 44) off();
        p = close === 125 ? keyEnd(t, p + 1) : p + 1;
        break;
      }
    }
  }

  /** One value kept as JSON, read by `parseJson` of its text (see `skip`). */
  json(): Json {
    const from = this.skip();
    try {
      return parseJson(this.text.slice(from, this.pos));
    } catch {
      return off();
    }
  }

  /** Any value, as the lossless reader gives it (a part a typed reader keeps as JSON). */
  value(): Json {
    this.ws();
    let r: { value: Json; end: number };
    try {
      r = readJsonValueAt(this.text, this.pos, this.depth);
    } catch {
      return off();
    }
    this.pos = r.end;
    return r.value;
  }

  /** Nothing but whitespace is left. */
  end(): void {
    this.ws();
    if (this.pos !== this.text.length) off();
  }
}
