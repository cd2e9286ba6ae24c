/**
 * The preserved-set state of a snapshot file, with the model weight scale factors (read only by the
 * v0.2.12 sampler) taken from wherever the file keeps them: the `preserved` slice's own
 * `params.pocParams`, else `chain.params.pocParams` (schema v2, written by `snapshot --node`), else
 * `chain.weightScaleFactors` (schema-v1 real-data files). Schema-v1 files load unchanged.
 */
import type { Json } from "../go/json.js";
import { isJsonObject } from "../json-input.js";
import type { Snapshot } from "../snapshot/snapshot.js";
import { parsePreservedState, type ParsePreservedStateOptions, type PreservedState } from "./state.js";

/** parsePreservedState on `snapshot.preserved`, with the scale-factor fallbacks of the `chain` slice. `label` names the file in errors. */
export function preservedStateOfSnapshot(snapshot: Snapshot, label: string, options: ParsePreservedStateOptions = {}): PreservedState {
  const chain = snapshot.chain;
  const params = chain && isJsonObject(chain.params) ? chain.params : undefined;
  const pocParams: Json | undefined = params?.pocParams;
  return parsePreservedState(snapshot.preserved, `${label}: preserved`, {
    ...options,
    pocParamsFallback: pocParams === undefined || pocParams === null ? undefined : { json: pocParams, path: `${label}: chain.params.pocParams` },
    weightScaleFactorsFallback: chain?.weightScaleFactors === undefined ? undefined : { json: chain.weightScaleFactors, path: `${label}: chain.weightScaleFactors` },
  });
}
