/** Argument parsing shared by every command (node:util parseArgs, with errors as InputError). */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { readFileSync } from "node:fs";
import { InputError, describeValue } from "../errors.js";
import { parseJson, type Json } from "../go/json.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

export interface Parsed {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
}

/** Parse `args` strictly; unknown flags and missing values become one clear InputError. */
export function parse(args: string[], options: Options, allowPositionals = false): Parsed {
  try {
    const r = parseArgs({ args, options: { ...options, help: { type: "boolean", short: "h" } }, allowPositionals, strict: true });
    return { values: r.values as Parsed["values"], positionals: r.positionals };
  } catch (e) {
    throw new InputError((e as Error).message.replace(/\. To specify a positional.*$/s, ""));
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

/** A flag that must be a non-negative integer (as bigint), e.g. --missed 749. */
export function intFlag(p: Parsed, name: string): bigint | undefined {
  const v = str(p, name);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v.trim())) throw new InputError(`expected an integer, got ${describeValue(v)}`, `--${name}`);
  return BigInt(v.trim());
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
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(code === "ENOENT" ? "file not found" : `cannot read file (${code ?? String(e)})`, file);
  }
  return parseJson(text, file);
}
