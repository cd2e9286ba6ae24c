/**
 * The x/inference params in force, which a MsgUpdateParams is judged against: a node's Query/Params
 * at the proposal's height (src/gov/proposal-source.ts), a params answer saved as JSON (`inferenced
 * query inference params -o json`, or a REST dump's params.json), or a snapshot, which records only
 * what the rules read (the rest is "not recorded", never guessed).
 */
import { InputError, describeValue } from "../errors.js";
import { parseChainDecimal } from "../go/chain-decimal.js";
import { Decimal } from "../go/decimal.js";
import { parseJson, type Json } from "../go/json.js";
import { isJsonObject, type JsonObject } from "../json-input.js";
import { readTextFile } from "../fs/files.js";
import { parseEpochInput } from "../misstest/epoch-input.js";
import { snapshotVoteThresholdFactor } from "../compare/resolve.js";
import { readRestDumps } from "../sources/rest-dump/read-rest-dump.js";
import type { Snapshot } from "../snapshot/snapshot.js";
import { paramsFromJson, type ParamSet, type ParamValue } from "./param-values.js";
import { PARAMS_CATALOG, catalogLeaves } from "./params-catalog.js";

/** The Params object of a params answer: `{"params": {…}}` (CLI, REST) or the message itself. */
function paramsObject(doc: Json, where: string): JsonObject {
  if (isJsonObject(doc) && isJsonObject(doc.params)) return doc.params;
  if (isJsonObject(doc) && Object.keys(doc).some((k) => PARAMS_CATALOG.some((f) => f.name === k))) return doc;
  throw new InputError(`expected an x/inference params answer ({"params": {…}}, as \`inferenced query inference params -o json\` prints), got ${describeValue(doc)}`, where);
}

/** `--params FILE`. */
export function paramsFromParamsFile(file: string): ParamSet {
  return paramsFromJson(paramsObject(parseJson(readTextFile(file), file), file), file, `the params answer ${file}`);
}

/** The params answer of REST dumps (`--rest-dump DIR…`): the one the dumps' settlement reads, saved with them. */
export function paramsFromRestDumps(dirs: readonly string[]): ParamSet | null {
  const dump = readRestDumps(dirs);
  if (dump.params === null) return null;
  return paramsFromJson(paramsObject(dump.params.value, dump.params.file), dump.params.file, `the params answer ${dump.params.file}, saved with the dump`);
}

function set(s: ParamSet, path: string, value: ParamValue): void {
  const leaf = catalogLeaves().find((l) => l.path === path)!;
  s.values.set(path, { field: leaf.field, value });
}

/**
 * The params a snapshot records: its `chain.params` (a node's snapshot), and the values every rule
 * family reads from its own slice: PocSlotAllocation (preserved), the governance BinomTestP0
 * (settlement) and vote_threshold_factor, the same values `compare` takes for "in force".
 */
export function paramsFromSnapshot(snapshot: Snapshot, label: string): ParamSet {
  const chain = isJsonObject(snapshot.chain) && isJsonObject(snapshot.chain.params) ? { ...snapshot.chain.params } : {};
  const guardians = chain.genesisGuardianAddresses;
  delete chain.genesisGuardianAddresses; // written beside the params, not inside genesis_guardian_params
  const s = paramsFromJson(chain, `${label}: chain.params`, `the snapshot ${label}`, false);
  if (Array.isArray(guardians) && guardians.every((g) => typeof g === "string")) set(s, "genesis_guardian_params.guardian_addresses", { text: JSON.stringify(guardians), list: guardians as string[] });
  const preserved = snapshot.preserved;
  const ep = isJsonObject(preserved.params) && isJsonObject(preserved.params.epochParams) ? preserved.params.epochParams : undefined;
  if (ep !== undefined && ep.pocSlotAllocation !== null && ep.pocSlotAllocation !== undefined) {
    set(s, "epoch_params.poc_slot_allocation", { text: Decimal.fromChain(parseChainDecimal(ep.pocSlotAllocation, `${label}: preserved.params.epochParams.pocSlotAllocation`)).toString() });
  }
  if (snapshot.settlement !== undefined) {
    const p0 = parseEpochInput(snapshot.settlement, `${label}: settlement`).validationParams?.binomTestP0 ?? null;
    if (p0 !== null) set(s, "validation_params.binom_test_p0", { text: Decimal.fromChain(p0).toString() });
  }
  const factor = snapshotVoteThresholdFactor(snapshot);
  if (factor !== undefined) set(s, "devshard_escrow_params.vote_threshold_factor", { text: factor.toString() });
  return s;
}
