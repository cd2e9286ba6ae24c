/**
 * Reading user-supplied JSON (snapshots, epoch files, tally files, proposals, scenarios, vector
 * inputs) with errors that name the path inside the document and the offending value. Every reader
 * of input JSON in the project uses these, so a wrong field reads the same way everywhere:
 * `snap.json: preserved.rootGroup.validationWeights[3].weight: expected an integer, got "12"`.
 */
import { InputError, UNSAFE_TEXT, describeValue } from "./errors.js";
import type { Json } from "./go/json.js";

export type JsonObject = { [k: string]: Json };

/** A JSON object (not null, not an array). */
export function isJsonObject(v: unknown): v is JsonObject {
  return v !== null && v !== undefined && typeof v === "object" && !Array.isArray(v);
}

function missingOr(v: Json | undefined, expected: string): string {
  return v === undefined ? `missing (expected ${expected})` : `expected ${expected}, got ${describeValue(v)}`;
}

export function expectObject(v: Json | undefined, path: string): JsonObject {
  if (!isJsonObject(v)) throw new InputError(missingOr(v, "an object"), path);
  return v;
}

export function expectArray(v: Json | undefined, path: string): Json[] {
  if (!Array.isArray(v)) throw new InputError(missingOr(v, "an array"), path);
  return v;
}

export function expectString(v: Json | undefined, path: string): string {
  if (typeof v !== "string") throw new InputError(missingOr(v, "a string"), path);
  return v;
}

export function expectBoolean(v: Json | undefined, path: string): boolean {
  if (typeof v !== "boolean") throw new InputError(missingOr(v, "true or false"), path);
  return v;
}

/** Reject keys a format does not define (catches typos); `path` names the object. */
export function onlyKeys(o: JsonObject, allowed: Iterable<string>, path: string): void {
  const set = allowed instanceof Set ? (allowed as Set<string>) : new Set(allowed);
  for (const k of Object.keys(o)) {
    if (!set.has(k)) throw new InputError(`unknown field ${JSON.stringify(k)} (expected one of ${[...set].join(", ")})`, path);
  }
}

/**
 * Refuse a key of `o` that the format does not define (a misspelt optional field would otherwise be
 * a silent default). `allowed` is a short list (the check runs per object of large inputs); `path`
 * names the object and is written out only on failure.
 */
export function knownKeys(o: JsonObject, allowed: readonly string[], path: JsonPath): void {
  for (const k in o) {
    if (!allowed.includes(k)) throw new InputError(`unknown field ${describeValue(k)} (expected ${allowed.join(", ")})`, pathText(path));
  }
}

/** An object with exactly the keys `keys`: none missing, none unknown. */
export function exactObject(v: Json | undefined, keys: readonly string[], path: string): JsonObject {
  if (!isJsonObject(v)) throw new InputError(`expected an object with fields ${keys.join(", ")}, got ${describeValue(v)}`, path);
  for (const k of keys) if (!(k in v)) throw new InputError(`missing field ${JSON.stringify(k)}`, path);
  onlyKeys(v, keys, path);
  return v;
}

/** Longest address or id accepted from input (bech32 addresses are at most 90 characters). */
export const MAX_ADDRESS_LENGTH = 256;

/**
 * An account address (or other id) from user input: a non-empty string of at most
 * MAX_ADDRESS_LENGTH characters with no control character (C0, DEL or C1: NUL and friends cannot be
 * typed, printed or copied into another command, and no chain address contains one) and no
 * bidirectional override or other character that changes how text around it is shown.
 */
export function expectAddress(v: Json | undefined, path: string): string {
  const s = expectString(v, path);
  checkAddressText(s, path);
  return s;
}

/** C0 controls, DEL, C1 controls, and the characters that reorder or hide text (UNSAFE_TEXT): never in an address. */
const CONTROL_CHARACTER = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f]|${UNSAFE_TEXT.source}`);

/** Whether `checkAddressText` accepts `s` (without building its error). */
export function isAddressText(s: string): boolean {
  return s.length > 0 && s.length <= MAX_ADDRESS_LENGTH && !CONTROL_CHARACTER.test(s);
}

/** The checks of expectAddress on a string already read (e.g. an object key). */
export function checkAddressText(s: string, path: string): void {
  if (s.length === 0) throw new InputError("expected an address, got an empty string", path);
  if (s.length > MAX_ADDRESS_LENGTH) throw new InputError(`an address of ${s.length} characters is longer than ${MAX_ADDRESS_LENGTH}`, path);
  const bad = CONTROL_CHARACTER.exec(s);
  if (bad !== null) {
    const code = `U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
    throw new InputError(`the address contains the ${bad[0]! <= "\u009f" ? "control" : "invisible formatting"} character ${code} at position ${bad.index}: ${describeValue(s)}`, path);
  }
}

/**
 * Where a value sits in a document, written out only when an error or a warning names it: a large
 * input has tens of thousands of fields, and writing every field's path up front costs more than
 * reading the field. A string is a path as written; `key` a number is `[i]`, a string `.key`, and
 * with `quoted` the `["key"]` of a map key.
 */
export type JsonPath = string | { readonly parent: JsonPath; readonly key: string | number; readonly quoted?: boolean };

/** The path of `key` inside `parent` (`quoted`: a map key, written `["key"]`). */
export const pathAt = (parent: JsonPath, key: string | number, quoted?: boolean): JsonPath => (quoted ? { parent, key, quoted } : { parent, key });

/** The text of a path, as an error names it (`snap.json: preserved.rootGroup.validationWeights[3].weight`). */
export function pathText(p: JsonPath): string {
  if (typeof p === "string") return p;
  const base = pathText(p.parent);
  if (typeof p.key === "number") return `${base}[${p.key}]`;
  return p.quoted ? `${base}[${JSON.stringify(p.key)}]` : `${base}.${p.key}`;
}

/** The strings of a list, each checked (`expectString`, element `i` at `path[i]`). */
export function expectStrings(list: readonly Json[], path: JsonPath): string[] {
  const out = new Array<string>(list.length);
  for (let i = 0; i < list.length; i++) {
    const a = list[i];
    out[i] = typeof a === "string" ? a : expectString(a, pathText(pathAt(path, i)));
  }
  return out;
}

/** Calls `warn(i, id)` for each entry whose id (`id(i)`; null: no entry) an earlier entry has, in list order. */
export function repeatedIds(n: number, id: (i: number) => string | null, warn: (i: number, id: string) => void): void {
  if (n < 2) return;
  if (n <= 16) {
    // short lists (a participant's nodes): pairwise, without a set
    for (let i = 1; i < n; i++) {
      const x = id(i);
      if (x === null) continue;
      for (let j = 0; j < i; j++) {
        if (id(j) === x) {
          warn(i, x);
          break;
        }
      }
    }
    return;
  }
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const x = id(i);
    if (x === null) continue;
    if (seen.has(x)) warn(i, x);
    seen.add(x);
  }
}
