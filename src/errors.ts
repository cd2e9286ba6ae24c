/**
 * Errors that cross the library boundary.
 *
 * `InputError` is bad input from a user (a file, a flag, a snapshot field): the CLI prints its
 * message as one line and exits 2. Its message always names the offending path and value.
 */
export class InputError extends Error {
  readonly path: string | undefined;
  constructor(message: string, path?: string) {
    super(path !== undefined ? `${path}: ${message}` : message);
    this.name = "InputError";
    this.path = path;
  }
}

/**
 * Characters that change how a terminal (or a browser) shows the text around them, never printed raw
 * from input: C0 controls but tab and line feed, DEL, C1 controls, the line and paragraph separators,
 * and the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E/F, U+202A–E, U+2066–9).
 */
export const UNSAFE_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_ALL = new RegExp(UNSAFE_TEXT.source, "g");

/**
 * `s` with every UNSAFE_TEXT character written as its `\uXXXX` escape: safe to print, still a valid
 * JSON document when `s` is one (the escape means the same character inside a JSON string, and the
 * characters cannot occur outside one).
 */
export function visibleText(s: string): string {
  if (!UNSAFE_TEXT.test(s)) return s;
  return s.replace(UNSAFE_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
}

/**
 * `s` as a one-line label: its line feeds and tabs (the two controls visibleText lets through, for the
 * output's own lines) written as `\u000A`, `\u0009`, so that a label (a proposal's name, a title on
 * chain) cannot start a line of its own in any output; every other character stays as read (and
 * visibleText escapes the unsafe ones wherever it is printed, JSON parsing back to them).
 */
export function oneLineText(s: string): string {
  return s.replace(/[\n\t]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
}

/** Describe a value compactly for an error message (never more than ~60 characters). */
export function describeValue(v: unknown): string {
  let s: string;
  if (typeof v === "bigint") s = v.toString();
  else if (typeof v === "string") s = JSON.stringify(v);
  else if (v === undefined) s = "undefined";
  else {
    try {
      s = JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x)) ?? String(v);
    } catch {
      s = String(v);
    }
  }
  s = visibleText(s);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
