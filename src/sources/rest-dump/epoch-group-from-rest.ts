/**
 * EpochGroupData as saved REST answers hold it (a root group and its model subgroups, ml_nodes,
 * validation_weights) and the module params the sampler reads, read straight into the preserved
 * state's typed values (src/preserved/state.ts), with the state's own checks (StateChecks) naming the
 * REST file and field; and the value readers every REST reader shares (obj, list, text, int, uint; the
 * settlement reader's too). Paths are built only when an error or a warning names them.
 */
import { InputError, describeValue } from "../../errors.js";
import { parseChainDecimal, type ChainDecimal } from "../../go/chain-decimal.js";
import { checkedInt64, checkedUint64, plainInt64 } from "../../go/int64.js";
import type { Json } from "../../go/json.js";
import { isJsonObject, pathAt, pathText, type JsonObject, type JsonPath } from "../../json-input.js";
import { StateChecks } from "../../preserved/state-checks.js";
import type { MLNodeInfo, ValidationWeight } from "../../preserved/state.js";
import { field } from "./recognise-rest-file.js";
import type { RestFile } from "./read-rest-dump.js";

/** The checks of the preserved state, naming a REST answer's snake_case fields. */
export const restStateChecks = (): StateChecks => new StateChecks(false, { memberAddress: "member_address", nodeId: "node_id" });

export function obj(v: Json | undefined, where: JsonPath): JsonObject {
  if (!isJsonObject(v)) throw new InputError(v === undefined ? "missing" : `expected an object, got ${describeValue(v)}`, pathText(where));
  return v;
}

export function list(v: Json | undefined, where: JsonPath): Json[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new InputError(`expected an array, got ${describeValue(v)}`, pathText(where));
  return v;
}

export function text(v: Json | undefined, where: JsonPath): string {
  if (typeof v !== "string") throw new InputError(v === undefined ? "missing" : `expected a string, got ${describeValue(v)}`, pathText(where));
  return v;
}

/** The int64 at `key` of `o` (at `where`); absent or null: `dflt`, else refused as missing. */
export function int(o: JsonObject, key: string, where: JsonPath, dflt?: bigint): bigint {
  const v = field(o, key);
  if (v === undefined || v === null) {
    if (dflt !== undefined) return dflt;
    throw new InputError(`missing field ${key}`, pathText(where));
  }
  return plainInt64(v) ?? checkedInt64(v, pathText(pathAt(where, key)));
}

/** The uint64 at `key` of `o` (at `where`), or null when absent. */
export function uint(o: JsonObject, key: string, where: JsonPath): bigint | null {
  const v = field(o, key);
  if (v === undefined || v === null) return null;
  const x = plainInt64(v);
  return x !== undefined && x >= 0n ? x : checkedUint64(v, pathText(pathAt(where, key)));
}

/** A chain Decimal {value, exponent} of a REST answer (value a decimal string, exponent 0 when absent), with the state's bounds on it; null when absent. */
export function decimal(v: Json | undefined, where: string): ChainDecimal | null {
  if (v === undefined || v === null) return null;
  const o = obj(v, where);
  return parseChainDecimal({ value: int(o, "value", where), exponent: int(o, "exponent", where, 0n) }, where);
}

/** ml_nodes[] (at `where`) → the state's nodes (nodeId, pocWeight, throughput, timeslotAllocation). */
function mlNodes(v: Json | undefined, where: JsonPath, c: StateChecks): (MLNodeInfo | null)[] {
  const raw = list(v, where);
  const nodes = new Array<MLNodeInfo | null>(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const n = raw[i];
    if (n === null) {
      nodes[i] = c.nilNode(where, i);
      continue;
    }
    const at = pathAt(where, i);
    const o = obj(n, at);
    const nodeId = text(field(o, "node_id") ?? "", pathAt(at, "node_id"));
    const pocWeight = c.nonNegative(int(o, "poc_weight", at, 0n), at, -1, "poc_weight", "pocWeight");
    const throughput = c.nonNegative(int(o, "throughput", at, 0n), at, -1, "throughput", "throughput");
    const ts = list(field(o, "timeslot_allocation"), pathAt(at, "timeslot_allocation"));
    for (let j = 0; j < ts.length; j++) {
      if (typeof ts[j] !== "boolean") throw new InputError(`expected true or false, got ${describeValue(ts[j])}`, pathText(pathAt(pathAt(at, "timeslot_allocation"), j)));
    }
    nodes[i] = { nodeId, pocWeight, throughput, timeslotAllocation: ts.slice() as boolean[] };
  }
  c.nodeRepeats(nodes, where);
  return nodes;
}

/** The path of a group answer's validation_weights. */
export const weightsAt = (g: RestFile<JsonObject>): string => `${g.file}: epoch_group_data.validation_weights`;

/**
 * A group answer's validation_weights → the state's weights: a model subgroup's memberAddress,
 * weight, votingPower and mlNodes; the root group's memberAddress and weight (Go's root read uses
 * neither voting power nor nodes), its weight required.
 */
function weightsOf(g: RestFile<JsonObject>, c: StateChecks, root: boolean): ValidationWeight[] {
  const w = weightsAt(g);
  const raw = list(field(g.value, "validation_weights"), w);
  const weights = new Array<ValidationWeight>(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const at = pathAt(w, i);
    const o = obj(raw[i], at);
    const memberAddress = c.address(text(field(o, "member_address"), pathAt(at, "member_address")), at, -1, "member_address");
    if (root) {
      weights[i] = { memberAddress, weight: c.nonNegative(int(o, "weight", at), at, -1, "weight", "weight"), votingPower: 0n, mlNodes: [] };
      continue;
    }
    const votingPower = c.nonNegative(int(o, "voting_power", at, 0n), at, -1, "voting_power", "votingPower");
    const weight = c.nonNegative(int(o, "weight", at, 0n), at, -1, "weight", "weight");
    weights[i] = { memberAddress, weight, votingPower, mlNodes: mlNodes(field(o, "ml_nodes"), pathAt(at, "ml_nodes"), c) };
  }
  if (root) c.rootMembers(weights, w);
  else c.memberRepeats(weights, w);
  return weights;
}

/** A model subgroup's validation_weights (memberAddress, weight, votingPower, mlNodes). */
export const subWeights = (g: RestFile<JsonObject>, c: StateChecks): ValidationWeight[] => weightsOf(g, c, false);

/** The root group's validation_weights (memberAddress, weight). */
export const rootWeights = (g: RestFile<JsonObject>, c: StateChecks): ValidationWeight[] => weightsOf(g, c, true);

/** The params the sampler reads: poc_slot_allocation, the genesis guardians and the PoC models' weight scale factors. */
export function samplerParams(params: JsonObject, pw: string, c: StateChecks): { slot: ChainDecimal | null; guardians: string[]; pocModels: { modelId: string; weightScaleFactor: ChainDecimal | null }[] } {
  const ep = field(params, "epoch_params");
  const slot = isJsonObject(ep) ? decimal(field(ep, "poc_slot_allocation"), `${pw}.epoch_params.poc_slot_allocation`) : null;
  const gg = field(params, "genesis_guardian_params");
  const gp = `${pw}.genesis_guardian_params.guardian_addresses`;
  const guardians = isJsonObject(gg) ? list(field(gg, "guardian_addresses"), gp).map((a, i) => text(a, `${gp}[${i}]`)) : [];
  c.guardians(guardians, gp);
  const poc = field(params, "poc_params");
  const pocModels = isJsonObject(poc)
    ? list(field(poc, "models"), `${pw}.poc_params.models`).map((m, i) => {
        const at = `${pw}.poc_params.models[${i}]`;
        const o = obj(m, at);
        return { modelId: text(field(o, "model_id") ?? "", `${at}.model_id`), weightScaleFactor: decimal(field(o, "weight_scale_factor"), `${at}.weight_scale_factor`) };
      })
    : [];
  return { slot, guardians, pocModels };
}
