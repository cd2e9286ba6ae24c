/** Argument parsing shared by every command (node:util parseArgs, with errors as InputError). */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { InputError, describeValue } from "../errors.js";
import { parseJson, type Json } from "../go/json.js";
import { readTextFile } from "../fs/files.js";
import { didYouMean } from "../format/suggest.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

export interface Parsed {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
  /** Every flag the command takes (without "--"): a message names only these (flagTaken). */
  flags?: ReadonlySet<string>;
}

/**
 * True when the command parsed into `p` takes the flag a message would suggest (`--anchor H`, `--coin-balances FILE (…)`):
 * its first word. A Parsed built without the list (a library caller) takes every flag.
 */
export function flagTaken(p: Pick<Parsed, "flags"> | undefined, flag: string): boolean {
  if (p?.flags === undefined) return true;
  return p.flags.has(flag.trim().replace(/^--/, "").split(/[\s=]/)[0]!);
}

/** A value that is a negative number (`-1`, `-0.5`, `-1e3`), not an option name. */
const NEGATIVE_NUMBER = /^-(\d|\.\d)/;

/**
 * Rewrite the Cosmos-style and negative-number spellings into what parseArgs reads:
 * `--seed -5` → `--seed=-5` (parseArgs would take `-5` for an option); `-o json`, `-o=json`, `-ojson`,
 * `--output json` → `--json` and `-o text` → nothing, when the command takes `--json`.
 */
export function normalizeArgs(args: string[], options: Options): string[] {
  const out: string[] = [];
  const takesJson = options.json?.type === "boolean";
  const formats = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      out.push(...args.slice(i));
      break;
    }
    if (takesJson && (a === "-o" || a === "--output" || a.startsWith("-o=") || a.startsWith("--output=") || (a.startsWith("-o") && !a.startsWith("--") && a.length > 2))) {
      let v: string | undefined;
      if (a === "-o" || a === "--output") v = args[++i];
      else if (a.includes("=")) v = a.slice(a.indexOf("=") + 1);
      else v = a.slice(2);
      const flag = a.startsWith("--") ? "--output" : "-o";
      if (v === "json") out.push("--json");
      else if (v !== "text") throw new InputError(`expected json or text, got ${v === undefined ? "nothing" : describeValue(v)}`, flag);
      formats.add(v);
      if (formats.size > 1) throw new InputError("asks for both json and text output; give one", flag);
      continue;
    }
    if (takesJson && a === "--json") {
      formats.add("json");
      if (formats.size > 1) throw new InputError("--json and -o text ask for both json and text output; give one", "--json");
    }
    const name = a.startsWith("--") && !a.includes("=") ? a.slice(2) : undefined;
    const next = args[i + 1];
    if (name !== undefined && options[name]?.type === "string" && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      out.push(`${a}=${next}`);
      i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/**
 * Parse `args` strictly; unknown flags and missing values become one clear InputError. A command
 * that reads a node (it takes `--rpc`) also takes `--node`, inferenced's name for it.
 */
export function parse(args: string[], options: Options, allowPositionals = false): Parsed {
  const all: Options = { ...options, help: { type: "boolean", short: "h" } };
  if (all.rpc !== undefined && all.node === undefined) all.node = { type: "string" };
  const normalized = normalizeArgs(args, all);
  let r: ReturnType<typeof parseArgs<{ args: string[]; options: Options; allowPositionals: boolean; strict: true; tokens: true }>>;
  try {
    r = parseArgs({ args: normalized, options: all, allowPositionals, strict: true, tokens: true });
  } catch (e) {
    const err = e as Error & { code?: string };
    if (err.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const typed = /'([^']+)'/.exec(err.message)?.[1] ?? "";
      const flag = typed.replace(/^-+/, "").replace(/=.*$/s, "");
      const known = Object.keys(all);
      const near = typed.startsWith("--") ? didYouMean(flag, known, (k) => `--${k}`) : "";
      throw new InputError(`unknown option ${typed.startsWith("--") ? `--${flag}` : typed}${near || " (see --help)"}`);
    }
    throw new InputError(err.message.replace(/\. To specify a positional.*$/s, "").replace(/\s*\n\s*/g, " "));
  }
  refuseRepeatedFlags(r.tokens, all);
  return { values: r.values as Parsed["values"], positionals: r.positionals, flags: new Set(Object.keys(all)) };
}

/**
 * A flag that takes one value given twice with different values (`--snapshot A --snapshot B`):
 * parseArgs keeps the last silently. Repeatable flags (`multiple`) and repeated switches pass.
 */
function refuseRepeatedFlags(tokens: readonly { kind: string; name?: string; value?: string | undefined }[], options: Options): void {
  const seen = new Map<string, string | undefined>();
  for (const t of tokens) {
    if (t.kind !== "option" || t.name === undefined) continue;
    const o = options[t.name];
    if (o === undefined || o.multiple === true || o.type === "boolean") continue;
    if (seen.has(t.name) && seen.get(t.name) !== t.value) {
      throw new InputError(`given twice, as ${describeValue(seen.get(t.name))} and as ${describeValue(t.value)}; give it once`, `--${t.name}`);
    }
    seen.set(t.name, t.value);
  }
}

/** A string flag's value (or undefined). */
export function str(p: Parsed, name: string): string | undefined {
  const v = p.values[name];
  return typeof v === "string" ? v : undefined;
}

/** A required string flag. */
export function required(p: Parsed, name: string): string {
  const v = str(p, name);
  if (v === undefined) throw new InputError(`missing required option --${name}`);
  return v;
}

/** A flag that must be an integer (as bigint), e.g. --missed 749; the range is the caller's. */
export function intFlag(p: Parsed, name: string): bigint | undefined {
  const v = str(p, name);
  if (v === undefined) return undefined;
  return parseInteger(v, `--${name}`);
}

/** A decimal integer written by a user (`-5`, ` 42 `); anything else is an InputError naming `where`. */
export function parseInteger(text: string, where: string): bigint {
  const t = text.trim();
  if (!/^[-+]?\d+$/.test(t) || t.length > 400) throw new InputError(`expected an integer, got ${describeValue(text)}`, where);
  return BigInt(t.startsWith("+") ? t.slice(1) : t);
}

/** An integer in [min, max] (inclusive), for flags and file fields alike. */
export function checkRange(v: bigint, min: bigint, max: bigint, where: string, what = "a value"): bigint {
  if (v < min || v > max) {
    const range = min === 0n && max === INT64_MAX_ARG ? (v < 0n ? "≥ 0" : "at most 9223372036854775807 (Go's int64)") : `between ${min} and ${max}`;
    throw new InputError(`${what} must be ${range}, got ${v}`, where);
  }
  return v;
}

const INT64_MAX_ARG = (1n << 63n) - 1n;

/** An integer flag within [min, max], or undefined when absent. */
export function rangedIntFlag(p: Parsed, name: string, min: bigint, max: bigint, what?: string): bigint | undefined {
  const v = intFlag(p, name);
  return v === undefined ? undefined : checkRange(v, min, max, `--${name}`, what);
}

/** A block height or anchor flag: an int64 ≥ 0 (Go's int64 heights; a negative height names no block). */
export function heightFlag(p: Parsed, name: string): bigint | undefined {
  const v = str(p, name);
  return v === undefined ? undefined : heightValue(v, `--${name}`);
}

/**
 * A block height or anchor written by a user: an integer in 0..2^63−1 (an anchor: 1..2^63−1, no PoC is
 * anchored at a block before the first), else an InputError naming `where`.
 */
export function heightValue(text: string, where: string, what = where === "--anchor" ? "an anchor height" : "a height"): bigint {
  const t = text.trim();
  const anchor = where === "--anchor";
  if (!/^[-+]?\d+$/.test(t) || t.length > 400) throw new InputError(`expected ${what} (an integer ≥ ${anchor ? 1 : 0}), got ${describeValue(text)}`, where);
  const v = BigInt(t.startsWith("+") ? t.slice(1) : t);
  if (anchor && v === 0n) throw new InputError(`${what} must be ≥ 1 (the chain's first block is 1), got 0`, where);
  return checkRange(v, 0n, INT64_MAX_ARG, where, what);
}

/** A count flag (a JS number is enough: it sizes a loop), in [min, max]. */
export function countFlag(p: Parsed, name: string, min: number, max: number, dflt: number): number {
  const v = rangedIntFlag(p, name, BigInt(min), BigInt(max));
  return v === undefined ? dflt : Number(v);
}

/**
 * A duration in seconds (integer or decimal, e.g. 30, 0.5) → milliseconds, in (0, maxSeconds].
 * Bounded because Node's timers wrap above 2^31 − 1 ms (24.8 days): `--timeout 1e20` would fire at once.
 */
export function secondsFlag(p: Parsed, name: string, maxSeconds = 86_400): number | undefined {
  const v = str(p, name);
  if (v === undefined) return undefined;
  const t = v.trim();
  if (!/^\d+(\.\d+)?$/.test(t) || t.length > 30) throw new InputError(`expected a number of seconds, got ${describeValue(v)}`, `--${name}`);
  const ms = Math.round(Number(t) * 1000);
  if (!(ms > 0) || ms > maxSeconds * 1000) throw new InputError(`must be more than 0 and at most ${maxSeconds} seconds, got ${t}`, `--${name}`);
  return ms;
}

/** One of a fixed set of words. */
export function choice<T extends string>(p: Parsed, name: string, allowed: readonly T[], dflt: T): T {
  const v = str(p, name);
  if (v === undefined) return dflt;
  if (!(allowed as readonly string[]).includes(v)) {
    throw new InputError(`expected one of ${allowed.join(", ")}, got ${describeValue(v)}`, `--${name}`);
  }
  return v as T;
}

/** Read and parse a JSON file losslessly; unreadable or malformed files are InputErrors naming the file. */
export function readJsonFile(file: string): Json {
  return parseJson(readTextFile(file), file);
}
