/**
 * The --json contract (docs/json.md): every document names its schema as "gonka-spec/NAME@VERSION",
 * keys are camelCase, Go int64/uint64 quantities (heights, weights, coins, request counts) are decimal
 * strings, small counts and probabilities are JSON numbers, and an error is a JSON object too.
 * The schemas themselves are JSON Schema files in schemas/ (one per document, NAME.schema.json).
 */
import { InputError } from "../errors.js";
import { GoError, GoPanic } from "../go/errors.js";
import { stringifyJson } from "../go/json.js";

/** Current version of each document; bump a version when a field changes meaning or is removed. */
export const JSON_SCHEMAS = {
  preserved: 1,
  check: 1,
  "miss-test": 1,
  "miss-test-epoch": 1,
  compare: 1,
  "simulate-poc": 1,
  tally: 1,
  "tally-scenario": 1,
  "vectors-check": 1,
  "vectors-export": 1,
  snapshot: 1,
  backtest: 1,
  demo: 1,
  error: 1,
} as const;

export type JsonSchemaName = keyof typeof JSON_SCHEMAS;

/** "gonka-spec/check@1". Other commands may pass their own name and version. */
export function schemaId(name: string, version: number = (JSON_SCHEMAS as Record<string, number>)[name] ?? 1): string {
  return `gonka-spec/${name}@${version}`;
}

/** Deep copy with every bigint as its decimal string and Maps as objects (the contract's integer rule). */
export function contractValue(v: unknown): unknown {
  if (typeof v === "bigint") return v.toString();
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(contractValue);
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [String(k), contractValue(x)]));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = contractValue(x);
  return out;
}

/** The document text: `{"schema": "gonka-spec/NAME@V", ...body}` with the contract's integer rule applied. */
export function jsonDocument(name: string, body: object, version?: number): string {
  const { schema: _drop, ...rest } = body as Record<string, unknown>;
  return stringifyJson({ schema: schemaId(name, version), ...(contractValue(rest) as object) }, 2);
}

/** True when the arguments ask for JSON output (`--json`, or `-o json` / `--output json`). */
export function wantsJson(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--json") return true;
    if ((a === "-o" || a === "--output") && args[i + 1] === "json") return true;
    if (a === "-o=json" || a === "--output=json") return true;
  }
  return false;
}

/** The error document printed on stdout (beside the one line on stderr) when --json was asked for. */
export function errorDocument(command: string, message: string, exitCode: number, kind = "input"): string {
  return stringifyJson({ schema: schemaId("error"), command, error: { kind, message }, exitCode }, 2);
}

/** The JSON error document for an exception that main() turns into exit 2 (bad input, Go error/panic) or 3. */
export function errorDocumentFor(command: string, e: unknown): string {
  if (e instanceof InputError) return errorDocument(command, e.message, 2, "input");
  if (e instanceof GoError) return errorDocument(command, e.message, 2, "go-error");
  if (e instanceof GoPanic) return errorDocument(command, `the Go code would panic here: ${e.message}`, 2, "go-panic");
  if (e instanceof RangeError && /Maximum call stack|Invalid string length|Array buffer allocation/.test(e.message)) {
    return errorDocument(command, `the input is too large to process (${e.message})`, 2, "input");
  }
  return errorDocument(command, `internal error: ${e instanceof Error ? e.message : String(e)}`, 3, "internal");
}

/** snake_case object keys → camelCase, recursively (values untouched): for documents built from Go-named views. */
export function camelKeys(v: unknown): unknown {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(camelKeys);
  if (v instanceof Map) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())] = camelKeys(x);
  return out;
}
