/**
 * PoC demand input of the demand-based preserved rule (seed proposal, devshard #2107 part 2): the
 * previous epoch's peak in-flight requests during PoC, per model, and optionally the gateway's
 * PoCMaxConcurrentPer10000Weight. Neither is chain state (the chain records no peak in-flight figure,
 * and the rate is a devshardctl gateway setting), so they come from a file or the snapshot's `demand`
 * slice, in this shape:
 *
 *   { "pocMaxConcurrentPer10000Weight": 10,            // optional; --rate overrides it
 *     "peakInFlightRequests": { "<modelId>": 460, … } }
 */
import { InputError, describeValue } from "../errors.js";
import { checkedNonNegativeInt64, checkedInt64 } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { isJsonObject } from "../json-input.js";

/** devshardctl's default GATEWAY_POC_MAX_CONCURRENT_REQUESTS_PER_10000_WEIGHT. */
export const DEFAULT_POC_RATE = 10n;

export interface DemandInput {
  /** PoCMaxConcurrentPer10000Weight given by the input, if any. */
  rate: bigint | undefined;
  /** Peak in-flight requests during PoC, per model id. */
  peakInFlight: Map<string, bigint>;
}

/** Validate a PoC concurrency rate (requests per 10,000 weight): a positive integer. */
export function checkRate(v: unknown, path: string): bigint {
  const r = checkedInt64(v, path);
  if (r <= 0n) throw new InputError(`the rate (requests per 10,000 weight) must be a positive integer, got ${r}`, path);
  return r;
}

/** Validate a demand object (file or snapshot slice); errors name `path` and the offending value. */
export function parseDemand(json: Json, path: string): DemandInput {
  if (!isJsonObject(json)) throw new InputError(`expected an object with "peakInFlightRequests", got ${describeValue(json)}`, path);
  const known = new Set(["pocMaxConcurrentPer10000Weight", "peakInFlightRequests", "note"]);
  for (const k of Object.keys(json)) {
    if (!known.has(k)) throw new InputError(`unknown field ${describeValue(k)} (expected peakInFlightRequests, pocMaxConcurrentPer10000Weight, note)`, path);
  }
  const rate = json.pocMaxConcurrentPer10000Weight === undefined ? undefined : checkRate(json.pocMaxConcurrentPer10000Weight, `${path}.pocMaxConcurrentPer10000Weight`);
  const peaks = json.peakInFlightRequests;
  const pPath = `${path}.peakInFlightRequests`;
  if (!isJsonObject(peaks)) throw new InputError(`expected an object mapping model id to peak in-flight requests, got ${describeValue(peaks)}`, pPath);
  const peakInFlight = new Map<string, bigint>();
  for (const [model, v] of Object.entries(peaks)) {
    peakInFlight.set(model, checkedNonNegativeInt64(v, `${pPath}[${JSON.stringify(model)}]`));
  }
  return { rate, peakInFlight };
}
