/**
 * A lossless JSON reader: integers beyond ±(2^53 − 1) become `bigint` instead of being rounded
 * through `number` (vector files and chain JSON carry int64/uint64 values). Everything else is what
 * `JSON.parse` yields, except that a document nested deeper than MAX_JSON_DEPTH, or an object with
 * a key twice (JSON.parse keeps the last value silently), is refused. Errors name the line and column.
 */
import { InputError, describeValue } from "../errors.js";

export type Json = null | boolean | number | bigint | string | Json[] | { [k: string]: Json };

/**
 * The deepest nesting of arrays and objects read (the deepest input of the project, a schema file,
 * nests 15 levels): deeper documents are refused by name, before any recursive reader meets them.
 */
export const MAX_JSON_DEPTH = 100;

class Parser {
  pos = 0;
  /** The keys and indices from the top to the value being read (for the path of a refused value). */
  private readonly at: (string | number)[] = [];
  /** `depth`: the arrays and objects around the value read first (0: the document). */
  constructor(
    readonly text: string,
    readonly source: string,
    private depth = 0,
  ) {}

  private where(): string {
    const before = this.text.slice(0, this.pos);
    const line = before.split("\n").length;
    const col = this.pos - before.lastIndexOf("\n");
    return `line ${line}, column ${col}`;
  }

  fail(msg: string): never {
    throw new InputError(`invalid JSON at ${this.where()}: ${msg}`, this.source);
  }

  /** Valid JSON that is refused (too deep, a key twice): the line, column and path. */
  refuse(msg: string, withPath = true): never {
    if (!withPath) throw new InputError(`${msg} (at ${this.where()})`, this.source);
    const path = this.at.map((k) => (typeof k === "number" ? `[${k}]` : /^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `[${describeValue(k)}]`)).join("").replace(/^\./, "");
    const shown = path.length > 120 ? `${path.slice(0, 60)}…${path.slice(-57)}` : path;
    throw new InputError(`${shown === "" ? "" : `${shown}: `}${msg} (at ${this.where()})`, this.source);
  }

  private enter(): void {
    if (++this.depth > MAX_JSON_DEPTH) this.refuse(`nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects (no input of gonka-spec nests more than about 15)`, false);
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
    this.enter();
    this.pos++;
    const out: { [k: string]: Json } = {};
    this.ws();
    if (this.text.charCodeAt(this.pos) === 125) { this.pos++; this.depth--; return out; }
    for (;;) {
      this.ws();
      if (this.text.charCodeAt(this.pos) !== 34) this.fail("expected a string key");
      const keyAt = this.pos;
      const k = this.string();
      if (Object.hasOwn(out, k)) {
        this.pos = keyAt;
        this.refuse(`the key ${describeValue(k)} appears twice in one object (JSON.parse would keep the last value silently); give each key once`);
      }
      this.ws();
      if (this.text.charCodeAt(this.pos) !== 58) this.fail("expected ':'");
      this.pos++;
      this.at.push(k);
      const v = this.value();
      this.at.pop();
      if (k === "__proto__") Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      else out[k] = v;
      this.ws();
      const c = this.text.charCodeAt(this.pos);
      if (c === 44) { this.pos++; continue; }
      if (c === 125) { this.pos++; this.depth--; return out; }
      this.fail("expected ',' or '}'");
    }
  }

  array(): Json {
    this.enter();
    this.pos++;
    const out: Json[] = [];
    this.ws();
    if (this.text.charCodeAt(this.pos) === 93) { this.pos++; this.depth--; return out; }
    for (;;) {
      this.at.push(out.length);
      out.push(this.value());
      this.at.pop();
      this.ws();
      const c = this.text.charCodeAt(this.pos);
      if (c === 44) { this.pos++; continue; }
      if (c === 93) { this.pos++; this.depth--; return out; }
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
    if (t.charCodeAt(p) === 48) {
      // a leading 0 stands alone: JSON writes no leading zeros
      if (isDigit(t.charCodeAt(++p))) { this.pos = p; this.fail("a digit after a leading 0 (JSON writes no leading zeros)"); }
    } else {
      while (isDigit(t.charCodeAt(p))) p++;
    }
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
 * Sixteen digits in a row, in a string or not: every JSON integer beyond ±(2^53 − 1) holds them. (Spelt
 * out: V8's regular expressions find a fixed run of classes several times faster than `\d{16}`.)
 */
const SIXTEEN_DIGITS = /\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d/g;
/** A digit, then an exponent: every exponent-form JSON number holds one. */
const DIGIT_EXPONENT = /\d[eE][-+\d]/g;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const unsafe = (d: number): boolean => d > MAX_SAFE || d < -MAX_SAFE;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** JSON whitespace (space, tab, line feed, carriage return). */
const isWs = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

/** The end of the digits from `p` on. */
function digitsEnd(text: string, p: number): number {
  while (isDigit(text.charCodeAt(p))) p++;
  return p;
}

/** The end of a number's fraction and exponent from `p` (just after its integer digits). */
function fractionExponentEnd(text: string, p: number): number {
  if (text.charCodeAt(p) === 46) p = digitsEnd(text, p + 1);
  const e = text.charCodeAt(p);
  if (e === 101 || e === 69) {
    p++;
    const s = text.charCodeAt(p);
    if (s === 43 || s === 45) p++;
    p = digitsEnd(text, p);
  }
  return p;
}

/** Where JSON.parse left a number beyond ±(2^53 − 1): its container, key and (rounded) value. */
interface Rounded {
  at: Json[] | { [k: string]: Json };
  key: string | number;
  value: number;
}

/**
 * One walk of JSON.parse's tree: the keys of every object (to compare with the text's key marks), the
 * depth, and with `collect` every number beyond ±(2^53 − 1) with where it sits (JSON.parse rounded it).
 */
class TreeWalk {
  keys = 0;
  readonly rounded: Rounded[] = [];
  constructor(private readonly collect: boolean) {}

  /** false when `v` (at nesting `depth`, 1 for the document) nests deeper than MAX_JSON_DEPTH. */
  walk(v: Json[] | { [k: string]: Json }, depth: number): boolean {
    if (depth > MAX_JSON_DEPTH) return false;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (typeof x === "object") {
          if (x !== null && !this.walk(x, depth + 1)) return false;
        } else if (this.collect && typeof x === "number" && unsafe(x)) this.rounded.push({ at: v, key: i, value: x });
      }
      return true;
    }
    for (const k in v) {
      this.keys++;
      const x = v[k];
      if (typeof x === "object") {
        if (x !== null && !this.walk(x, depth + 1)) return false;
      } else if (this.collect && typeof x === "number" && unsafe(x)) this.rounded.push({ at: v, key: k, value: x });
    }
    return true;
  }
}

/** The integer literals beyond ±(2^53 − 1) in a text, by the value JSON.parse rounds them to. */
interface Literals {
  integer: Map<number, string>;
  /** Values that fraction or exponent forms also round to. */
  other: Set<number>;
  /** Values two different integer literals round to. */
  undecided: Set<number>;
}

/** The integer literals beyond ±(2^53 − 1) of `text` (undefined: none, JSON.parse lost nothing the exact reader keeps). */
function integerLiterals(text: string): Literals | undefined {
  let integer: Map<number, string> | undefined;
  const other = new Set<number>();
  const undecided = new Set<number>();
  SIXTEEN_DIGITS.lastIndex = 0;
  for (let m = SIXTEEN_DIGITS.exec(text); m !== null; m = SIXTEEN_DIGITS.exec(text)) {
    const start = text.charCodeAt(m.index - 1) === 45 ? m.index - 1 : m.index;
    const intEnd = digitsEnd(text, m.index + 16);
    SIXTEEN_DIGITS.lastIndex = intEnd;
    // A number token starts after whitespace, ':', ',' or '[' (or at the start of the text): any other
    // run is inside a string, or a fraction or exponent (whose exponent form the scan below finds).
    if (start > 0) {
      const before = text.charCodeAt(start - 1);
      if (!(before === 58 || before === 44 || before === 91 || isWs(before))) continue;
    }
    const end = fractionExponentEnd(text, intEnd);
    const t = text.slice(start, end);
    const d = Number(t);
    if (!unsafe(d)) continue;
    if (end !== intEnd) other.add(d);
    else {
      integer ??= new Map();
      const seen = integer.get(d);
      if (seen === undefined) integer.set(d, t);
      else if (seen !== t) undecided.add(d);
    }
  }
  return integer === undefined ? undefined : { integer, other, undecided };
}

/**
 * JSON.parse's tree with every integer beyond ±(2^53 − 1) put back as its exact bigint (in place), or
 * false when the text's number tokens do not decide it (then the exact reader runs). Each value
 * JSON.parse rounded (`rounded`, found by the walk) traces back to the tokens that round to it (found
 * anywhere in the text, strings included, which only adds candidates): one integer literal → that
 * bigint; only fraction or exponent forms → the number, as the exact reader keeps them; two different
 * literals, or both kinds → undecided.
 */
function restoreIntegers(rounded: readonly Rounded[], lit: Literals, text: string): boolean {
  if (rounded.length === 0) return true;
  const { integer, other, undecided } = lit;
  DIGIT_EXPONENT.lastIndex = 0;
  for (let m = DIGIT_EXPONENT.exec(text); m !== null; m = DIGIT_EXPONENT.exec(text)) {
    let start = m.index;
    while (start > 0 && (isDigit(text.charCodeAt(start - 1)) || text.charCodeAt(start - 1) === 46)) start--;
    if (text.charCodeAt(start - 1) === 45) start--;
    const d = Number(text.slice(start, fractionExponentEnd(text, m.index + 1)));
    if (unsafe(d)) other.add(d);
  }
  for (const r of rounded) {
    const t = integer.get(r.value);
    if (t === undefined) {
      if (other.has(r.value)) continue;
      return false;
    }
    if (other.has(r.value) || undecided.has(r.value)) return false;
    const b = BigInt(t);
    if (r.key === "__proto__") Object.defineProperty(r.at, r.key, { value: b, enumerable: true, writable: true, configurable: true });
    else (r.at as { [k: string]: Json })[r.key] = b;
  }
  return true;
}

/** The exact reader on the whole text (also the one that names the line and column of an error). */
function parseExact(text: string, source: string): Json {
  const p = new Parser(text, source);
  const v = p.value();
  p.ws();
  if (p.pos !== text.length) p.fail("unexpected data after the JSON value");
  return v;
}

/**
 * An upper bound of the keys written in `text`: the colons whose previous character other than JSON
 * whitespace is a quote. Every key of the text ends so (it cannot be fewer); a string holding `":`
 * counts too (it can be more).
 */
function keyMarks(text: string): number {
  let n = 0;
  for (let i = text.indexOf(":"); i !== -1; i = text.indexOf(":", i + 1)) {
    let j = i - 1;
    let c = text.charCodeAt(j);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(--j);
    if (c === 34) n++;
  }
  return n;
}

/**
 * Parse JSON text losslessly. `source` (a file name) prefixes error messages. JSON.parse reads the
 * text; the integers it rounded (only possible where the text has a run of 16 digits) are put back
 * exactly from their tokens, and what cannot be decided that way, or invalid JSON, goes through the
 * exact reader above. JSON.parse keeps the last of two equal keys and any depth: the keys of its
 * tree are counted (with the depth) and compared with the key marks of the text, and when they differ
 * (a key twice, or a string holding `":`) or the tree is too deep the exact reader decides, naming
 * the key or the depth.
 */
export function parseJson(text: string, source = "JSON"): Json {
  let v: Json;
  try {
    v = JSON.parse(text) as Json;
  } catch {
    return parseExact(text, source);
  }
  const lit = integerLiterals(text);
  if (typeof v !== "object" || v === null) return lit === undefined ? v : parseExact(text, source);
  const tree = new TreeWalk(lit !== undefined);
  if (!tree.walk(v, 1) || tree.keys !== keyMarks(text)) return parseExact(text, source);
  return lit === undefined || restoreIntegers(tree.rounded, lit, text) ? v : parseExact(text, source);
}

/**
 * One value of `text` from `pos` on, read by the exact reader (for a typed reader that meets a part it
 * keeps as JSON): the value and the position after it. `depth` counts the arrays and objects around
 * it, so MAX_JSON_DEPTH holds for the whole document.
 */
export function readJsonValueAt(text: string, pos: number, depth: number, source = "JSON"): { value: Json; end: number } {
  const p = new Parser(text, source, depth);
  p.pos = pos;
  const value = p.value();
  return { value, end: p.pos };
}

/** The exact reader alone (no JSON.parse): the reference the fast path is tested against. */
export function parseJsonExact(text: string, source = "JSON"): Json {
  return parseExact(text, source);
}

/**
 * Serialise JSON with bigint support (bigints are written as bare integers, never quoted). Each
 * bigint is first written as a marker string; a marker text that the value's own strings or keys
 * also hold (a NUL-delimited text, so only in a crafted input) is swapped for one they do not hold.
 */
export function stringifyJson(value: unknown, indent?: number): string {
  for (let tag = 0; ; tag++) {
    const marker = tag === 0 ? "big" : `big${tag}x`;
    const marks: string[] = [];
    const s = JSON.stringify(
      value,
      (_k, v) => {
        if (typeof v === "bigint") {
          marks.push(v.toString());
          return `\u0000${marker}${marks.length - 1}\u0000`;
        }
        return v;
      },
      indent,
    );
    if (marks.length === 0) return s;
    const open = `"\\u0000${marker}`;
    let found = 0;
    for (let at = s.indexOf(open); at >= 0; at = s.indexOf(open, at + open.length)) found++;
    if (found !== marks.length) continue; // the value's own text holds this marker: try the next
    return s.replace(new RegExp(`"\\\\u0000${marker}(\\d+)\\\\u0000"`, "g"), (_m, i: string) => marks[Number(i)]!);
  }
}
