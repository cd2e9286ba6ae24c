/**
 * Small readers for scenario fields: each checks one JSON value and, when it is wrong, throws an
 * InputError naming the field's path inside the scenario file (e.g. `hosts[2].weight`) and the value.
 */
import { InputError, describeValue } from "../errors.js";
import type { Json } from "../go/json.js";
import { isJsonObject, type JsonObject } from "../json-input.js";

export type { JsonObject };

/** Where a value sits: the file (or "scenario") and the path inside it. */
export interface At {
  source: string;
  path: string;
}

export function at(parent: At, key: string | number): At {
  const path = typeof key === "number" ? `${parent.path}[${key}]` : parent.path === "" ? key : `${parent.path}.${key}`;
  return { source: parent.source, path };
}

export function fail(where: At, message: string): never {
  throw new InputError(message, where.path === "" ? where.source : `${where.source}: ${where.path}`);
}


export function object(v: Json | undefined, where: At): JsonObject {
  if (!isJsonObject(v)) fail(where, `expected an object, got ${describeValue(v)}`);
  return v;
}

/** Reject keys the format does not define (catches typos such as `serviceMS`). */
export function onlyKeys(o: JsonObject, allowed: readonly string[], where: At): void {
  for (const k of Object.keys(o)) {
    if (!allowed.includes(k)) fail(at(where, k), `unknown field (allowed: ${allowed.join(", ")})`);
  }
}

export function array(v: Json | undefined, where: At): Json[] {
  if (!Array.isArray(v)) fail(where, `expected an array, got ${describeValue(v)}`);
  return v;
}

export function string(v: Json | undefined, where: At, dflt?: string): string {
  if (v === undefined && dflt !== undefined) return dflt;
  if (typeof v !== "string" || v === "") fail(where, `expected a non-empty string, got ${describeValue(v)}`);
  return v;
}

export function boolean(v: Json | undefined, where: At, dflt: boolean): boolean {
  if (v === undefined) return dflt;
  if (typeof v !== "boolean") fail(where, `expected true or false, got ${describeValue(v)}`);
  return v;
}

/** An integer in [min, max] (JSON number or big integer); `dflt` when the field is absent. */
export function integer(v: Json | undefined, where: At, min: number, max: number, dflt?: number): number {
  if (v === undefined && dflt !== undefined) return dflt;
  const n = typeof v === "bigint" ? Number(v) : v;
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n < min || n > max) {
    fail(where, `expected an integer from ${min} to ${max}, got ${describeValue(v)}`);
  }
  return n;
}

export function oneOf<T extends string>(v: Json | undefined, where: At, allowed: readonly T[], dflt: T): T {
  if (v === undefined) return dflt;
  if (typeof v !== "string" || !(allowed as readonly string[]).includes(v)) {
    fail(where, `expected one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}, got ${describeValue(v)}`);
  }
  return v as T;
}
