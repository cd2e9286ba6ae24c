// The example's whole mainnet Params (examples/gov/mainnet-params.json, accepted by every ported
// Params.Validate) with some fields edited, and what Params.Validate refuses of it: the test/gov files
// that judge one value at a time share these.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Json } from "../../src/go/json.js";
import type { JsonObject } from "../../src/json-input.js";
import { paramsFromJson } from "../../src/gov/param-values.js";
import { chainRefusals, type ChainRefusal } from "../../src/gov/params-validate.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";

export const BASE = (JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "examples", "gov", "mainnet-params.json"), "utf8")) as { params: JsonObject }).params;
/** A Decimal as proto JSON writes it. */
export const dec = (value: string, exponent: number) => ({ value, exponent });

/** The base params with `path` (dotted; `[i]` for a list entry) set to `v` (undefined: left out); a message on the way that the base leaves out is sent. */
export function edited(edits: [string, Json | undefined][]): JsonObject {
  const p = structuredClone(BASE) as { [k: string]: Json };
  for (const [path, v] of edits) {
    const keys = path.split(".").flatMap((k) => k.split(/\[(\d+)\]/).filter((x) => x !== ""));
    let o = p as { [k: string]: Json } | Json[];
    for (const k of keys.slice(0, -1)) {
      const parent = o as { [k: string]: Json };
      parent[k] ??= {}; // a message the base leaves out (null) is sent
      o = parent[k] as { [k: string]: Json };
    }
    const last = keys.at(-1)!;
    if (v === undefined) delete (o as { [k: string]: Json })[last];
    else (o as { [k: string]: Json })[last] = v;
  }
  return p;
}
/** Judged as `version` (by default v0.2.14, the version the value-by-value cases were first written for). */
export const refusals = (edits: [string, Json | undefined][], version: ChainVersion = "v0.2.14"): ChainRefusal[] => chainRefusals(paramsFromJson(edited(edits), "p", "s"), version);
export const paths = (edits: [string, Json | undefined][], version?: ChainVersion): string[] => refusals(edits, version).map((r) => r.path);
