/**
 * Shared by the project's own vector suites (`spec_*`, src/<family>/export-suites.ts): the case
 * input's integers and enums read strictly (objects go through src/json-input.ts: every field
 * present, no unknown field, each error naming its path and value, so a case never depends on a
 * hidden default) and fixed inputs turned into cases by running them through the suite's adapter.
 */
import { InputError, describeValue } from "../errors.js";
import { checkExponent, type ChainDecimal } from "../go/chain-decimal.js";
import { GoError, GoPanic } from "../go/errors.js";
import { INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, toBigInt } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { exactObject } from "../json-input.js";
import type { VectorCase } from "./types.js";

/** An integer (JSON number or lossless bigint) in [min, max]. */
export function intField(v: Json | undefined, path: string, min?: bigint, max?: bigint): bigint {
  const x = toBigInt(v, path);
  if (typeof v === "string") throw new InputError(`expected a JSON integer, got the string ${describeValue(v)}`, path);
  if (min !== undefined && x < min) throw new InputError(`must be at least ${min}, got ${x}`, path);
  if (max !== undefined && x > max) throw new InputError(`must be at most ${max}, got ${x}`, path);
  return x;
}

/**
 * A chain decimal `{ "value": int64, "exponent": int32 }` (both bare JSON integers, no other field), or
 * null (Go's nil *Decimal). The exponent is also held to the tool's ±1000 (checkExponent).
 */
export function chainDecimalField(v: Json | undefined, path: string): ChainDecimal | null {
  if (v === null) return null;
  const o = exactObject(v, ["value", "exponent"], path);
  const value = intField(o.value, `${path}.value`, INT64_MIN, INT64_MAX);
  const exponent = intField(o.exponent, `${path}.exponent`, INT32_MIN, INT32_MAX);
  checkExponent(exponent, `${path}.exponent`);
  return { value, exponent: Number(exponent) };
}

/** One of a fixed set of strings. */
export function enumField<T extends string>(v: Json | undefined, path: string, values: readonly T[]): T {
  if (typeof v !== "string" || !(values as readonly string[]).includes(v)) {
    throw new InputError(`expected one of ${values.join(", ")}, got ${describeValue(v)}`, path);
  }
  return v as T;
}

/**
 * Run a rule on already-parsed input: the rule's own rejection of the input (an InputError, e.g.
 * p0 outside (0, 1)) is the case's `{ "error": … }` output, as a Go error is in the Go suites.
 */
export function ruleRejects<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof InputError) throw new GoError(e.message);
    throw e;
  }
}

export interface CaseInput {
  name: string;
  input: Json;
}

/**
 * Cases from fixed inputs: each output is the adapter's result in vector form (`{error}` when the
 * rule rejects the input). Anything else thrown is a bug in the suite, never a case.
 */
export function buildCases(suite: string, run: (input: Json, name: string) => unknown, inputs: readonly CaseInput[]): VectorCase[] {
  const seen = new Set<string>();
  return inputs.map(({ name, input }) => {
    if (seen.has(name)) throw new Error(`internal: duplicate case name ${JSON.stringify(name)} in ${suite}`);
    seen.add(name);
    let output: unknown;
    try {
      output = run(input, name);
    } catch (e) {
      if (e instanceof GoError) output = { error: e.message };
      else if (e instanceof GoPanic) output = { panic: e.message };
      else throw new Error(`internal: ${suite} case ${JSON.stringify(name)} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    return { name, input, output: output as Json };
  });
}
