/**
 * The preserved-set state: every keeper read of SamplePreservedForEpisode as one plain object.
 *
 * Its JSON shape is exactly the `input` of the sample_preserved_for_episode vectors, and the
 * snapshot file's `preserved` slice holds the same object (there `anchorHeight` is optional; the
 * CLI's --anchor overrides it). `parsePreservedState` validates it and names the failing path.
 *
 * Field ↔ keeper read:
 * - `params` ↔ GetParams (`error: true` → the call fails; `epochParams.pocSlotAllocation` may be null).
 * - `rootGroup` ↔ GetRootGroupDataWithLiveMembers (`error: true` → empty snapshot, no error).
 * - `genesisGuardianAddresses` ↔ GetGenesisGuardianAddresses (valoper bech32).
 * - `liveSubGroups` ↔ GetLiveSubGroupsForCurrentEpoch (`error: true` → no current data at all).
 * - `previousEpochGroupData[model]` ↔ GetEpochGroupData(epoch.index − 1, model) (absent = not found).
 * - `previousEpochPerformanceSummaries[addr]` ↔ GetEpochPerformanceSummary(epoch.index − 1, addr).
 * - `liveMembers: null` is Go's nil set (no live filtering); the chain always returns a set.
 * - `params.pocParams.models[]` ↔ GetParams().PocParams.Models (`modelId`, `weightScaleFactor`), read
 *   only by the v0.2.12 sampler (its 34 % cap); optional. Schema-v1 snapshot files keep the factors
 *   under `chain.weightScaleFactors` (model → decimal): `weightScaleFactorsFallback` reads them there.
 */
import { InputError, describeValue } from "../errors.js";
import { checkedInt64, checkedUint64, plainInt64 } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { type JsonObject, type JsonPath, expectArray, expectBoolean, expectObject, expectString, expectStrings, isJsonObject, knownKeys, pathAt, pathText } from "../json-input.js";
import { StateChecks, elem } from "./state-checks.js";
import { parseChainDecimal, type ChainDecimal } from "../go/chain-decimal.js";

export type { MLNodeInfo, ValidationWeight, SubGroupState, ChainDecimal } from "./state-types.js";
import type { StoredTrustWeight } from "./resolve-trust-weights.js";
import type { MLNodeInfo, ValidationWeight, SubGroupState } from "./state-types.js";

export interface PreservedState {
  /** Episode anchor height (int64); optional in a snapshot file, where --anchor supplies it. */
  anchorHeight: bigint | undefined;
  /** The `epoch` argument; only its index (uint64) is read. */
  epoch: { index: bigint };
  genesisGuardianAddresses: string[];
  liveSubGroups: { error: boolean; byModel: Map<string, SubGroupState> };
  params: { error: boolean; epochParams: { pocSlotAllocation: ChainDecimal | null } };
  previousEpochGroupData: Map<string, { validationWeights: ValidationWeight[]; nilEntries?: number }>;
  /** rewardedCoins (uint64) per participant of the previous epoch. */
  previousEpochPerformanceSummaries: Map<string, { rewardedCoins: bigint }>;
  rootGroup: {
    error: boolean;
    subGroupModels: string[];
    /** `null` entries are nil pointers, skipped by Go. */
    validationWeights: (ValidationWeight | null)[];
    liveMembers: Set<string> | null;
  };
  /**
   * PocParams.Models in order (modelId, weightScaleFactor; null = nil factor), and where they were
   * read; null when the state records none (only the v0.2.12 sampler needs them).
   */
  pocModelConfigs?: { source: string; models: { modelId: string; weightScaleFactor: ChainDecimal | null }[] } | null;
  /**
   * GetActiveParticipants(epoch.index) as the v0.2.16 sampler reads it (its trust weights): `null` = not
   * found, so every member counts its root weight; absent = not recorded, read the same way (as every
   * absent keeper read of this state), and named as a lack by the sources (src/sources/preserved-inputs.ts).
   */
  activeParticipants?: ActiveParticipantsTrust | null;
  /**
   * The targets of the epoch's PoC challenge records (SameEpochChallengeTargets, any state; #1811): from
   * v0.2.16 a confirmation PoC's snapshot leaves them out. Absent = not recorded.
   */
  pocChallengeTargets?: string[];
  /** Odd input that Go accepts silently (and so does the port); each names its path. */
  warnings: string[];
}

/** ActiveParticipants' trust fields: cap_weight_applied (field 7) and each participant's index, weight, cap_weight (1, 3, 9). */
export interface ActiveParticipantsTrust {
  capWeightApplied: boolean;
  /** `null` entries are nil pointers (skipped, as resolveTrustWeights does). */
  participants: (StoredTrustWeight | null)[];
}

export interface ParsePreservedStateOptions {
  /**
   * Accept everything Go accepts (negative weights, voting power or coins-free summaries, listed models
   * without a subgroup), with a warning each. Default false: such values cannot come from a chain and
   * are rejected as bad input. The golden vectors are read leniently.
   */
  lenient?: boolean;
  /**
   * Where to read the model weight scale factors when `params.pocParams` is absent: a
   * `{ model: decimal }` object (a schema-v1 snapshot's `chain.weightScaleFactors`) and its path.
   */
  weightScaleFactorsFallback?: { json: Json; path: string };
  /** Where to read PocParams (`{ models: [{modelId, weightScaleFactor}] }`) when `params.pocParams` is absent: a schema-v2 snapshot's `chain.params.pocParams`. Tried before `weightScaleFactorsFallback`. */
  pocParamsFallback?: { json: Json; path: string };
}

const key = (k: string): string => `[${JSON.stringify(k)}]`;

function optBool(o: JsonObject, field: string, path: string): boolean {
  return o[field] === undefined ? false : expectBoolean(o[field], `${path}.${field}`);
}

function has(o: JsonObject, field: string, path: string): Json {
  if (!(field in o) || o[field] === undefined) throw new InputError(`missing field "${field}"`, path);
  return o[field]!;
}

/** `v` (`o[field]`), which must be there (`has`, with the object's path written only when it is not). */
const need = (v: Json | undefined, o: JsonObject, field: string, p: JsonPath): Json => (v === undefined ? has(o, field, pathText(p)) : v);

const object = (v: Json | undefined, p: JsonPath): JsonObject => (isJsonObject(v) ? v : expectObject(v, pathText(p)));
const array = (v: Json | undefined, p: JsonPath): Json[] => (Array.isArray(v) ? v : expectArray(v, pathText(p)));

/** The fields of each object of the slice (docs/snapshot.md), refused otherwise unless lenient. */
const KEYS = {
  state: ["anchorHeight", "epoch", "genesisGuardianAddresses", "params", "rootGroup", "liveSubGroups", "previousEpochGroupData", "previousEpochPerformanceSummaries", "activeParticipants", "pocChallengeTargets"],
  activeParticipants: ["capWeightApplied", "participants"],
  trustEntry: ["index", "weight", "capWeight"],
  epoch: ["index"],
  params: ["error", "epochParams", "pocParams"],
  epochParams: ["pocSlotAllocation"],
  rootGroup: ["error", "subGroupModels", "validationWeights", "liveMembers"],
  weight: ["memberAddress", "weight", "confirmationWeight", "votingPower", "mlNodes"],
  node: ["nodeId", "pocWeight", "throughput", "timeslotAllocation"],
  liveSubGroups: ["error", "byModel"],
  subGroup: ["liveMembers", "validationWeights"],
  previousGroup: ["validationWeights"],
  summary: ["rewardedCoins"],
} as const;

class Reader extends StateChecks {
  /** Strict reading: no field the format does not define (a misspelt optional field would be a silent default). */
  keys(o: JsonObject, allowed: readonly string[], p: JsonPath): void {
    if (!this.lenient) knownKeys(o, allowed, p);
  }

  /** `keys` of element `i` of the list at `p` (or of the map entry `i`), its path built only when a key is refused (a large state has thousands). */
  keysAt(o: JsonObject, allowed: readonly string[], p: JsonPath, i: number | string): void {
    if (this.lenient) return;
    for (const k in o) if (!allowed.includes(k)) knownKeys(o, allowed, typeof i === "number" ? elem(p, i) : pathAt(p, i, true));
  }

  /** Node `i` of the list at `p`. */
  node(v: Json | undefined, p: JsonPath, i: number): MLNodeInfo | null {
    if (v === null) return this.nilNode(p, i);
    const o = isJsonObject(v) ? v : expectObject(v, pathText(elem(p, i)));
    this.keysAt(o, KEYS.node, p, i);
    const id = o.nodeId === undefined ? has(o, "nodeId", pathText(elem(p, i))) : o.nodeId;
    const nodeId = typeof id === "string" ? id : expectString(id, pathText(pathAt(elem(p, i), "nodeId")));
    const pocWeight = this.weight(o.pocWeight === undefined ? has(o, "pocWeight", pathText(elem(p, i))) : o.pocWeight, p, i, "pocWeight", "pocWeight");
    const throughput = o.throughput === undefined ? 0n : this.weight(o.throughput, p, i, "throughput", "throughput");
    const tsv = o.timeslotAllocation;
    let timeslotAllocation: boolean[];
    if (tsv === undefined || tsv === null) timeslotAllocation = [];
    else {
      const ts = Array.isArray(tsv) ? tsv : expectArray(tsv, `${pathText(elem(p, i))}.timeslotAllocation`);
      for (let j = 0; j < ts.length; j++) if (typeof ts[j] !== "boolean") expectBoolean(ts[j], `${pathText(elem(p, i))}.timeslotAllocation[${j}]`);
      timeslotAllocation = ts.slice() as boolean[];
    }
    return { nodeId, pocWeight, throughput, timeslotAllocation };
  }

  nodes(v: Json | undefined, p: JsonPath): (MLNodeInfo | null)[] {
    if (v === null) return [];
    const raw = array(v, p);
    const list = new Array<MLNodeInfo | null>(raw.length);
    for (let i = 0; i < raw.length; i++) list[i] = this.node(raw[i], p, i);
    this.nodeRepeats(list, p);
    return list;
  }

  /** Entry `i` of the group at `p` (memberAddress, votingPower, mlNodes); null only when lenient. */
  subWeight(v: Json | undefined, p: JsonPath, i: number): ValidationWeight | null {
    if (v === null) {
      if (!this.lenient) throw new InputError("null validation weight entry: Go dereferences it and panics", pathText(elem(p, i)));
      this.warnings.push(`${pathText(elem(p, i))}: null validation weight entry (Go panics if it reads this group)`);
      return null;
    }
    const o = isJsonObject(v) ? v : expectObject(v, pathText(elem(p, i)));
    this.keysAt(o, KEYS.weight, p, i);
    const memberAddress = this.address(o.memberAddress === undefined ? has(o, "memberAddress", pathText(elem(p, i))) : o.memberAddress, p, i, "memberAddress");
    const votingPower = this.weight(o.votingPower === undefined ? has(o, "votingPower", pathText(elem(p, i))) : o.votingPower, p, i, "votingPower", "votingPower");
    const weight = o.weight === undefined ? 0n : this.weight(o.weight, p, i, "weight", "weight");
    const ml = o.mlNodes === undefined ? has(o, "mlNodes", pathText(elem(p, i))) : o.mlNodes;
    const mlNodes = ml === null ? [] : this.nodes(ml, pathAt(elem(p, i), "mlNodes"));
    return { memberAddress, weight, votingPower, mlNodes };
  }

  /** The entries of one group, and how many were null (nil pointers; lenient only). */
  subWeights(v: Json | undefined, p: JsonPath): { validationWeights: ValidationWeight[]; nilEntries?: number } {
    const raw = v === null ? [] : array(v, p);
    const list: ValidationWeight[] = [];
    for (let i = 0; i < raw.length; i++) {
      const vw = this.subWeight(raw[i], p, i);
      if (vw !== null) list.push(vw);
    }
    this.memberRepeats(list, p); // (indexes of the list without its null entries, as before)
    const nils = raw.length - list.length;
    return nils > 0 ? { validationWeights: list, nilEntries: nils } : { validationWeights: list };
  }

  liveSet(v: Json | undefined, p: JsonPath): Set<string> | null {
    if (v === null) {
      this.warnings.push(`${pathText(p)}: null (nil set) means no live filtering; the chain always returns a set`);
      return null;
    }
    const raw = array(v, p);
    const set = new Set<string>();
    for (let i = 0; i < raw.length; i++) {
      const a = raw[i];
      set.add(typeof a === "string" ? a : expectString(a, pathText(pathAt(p, i))));
    }
    return set;
  }
}

/** Validate the preserved-set state object (the sample_preserved_for_episode input shape). */
export function parsePreservedState(json: Json, path: string, options: ParsePreservedStateOptions = {}): PreservedState {
  const r = new Reader(options.lenient ?? false);
  const o = expectObject(json, path);
  r.keys(o, KEYS.state, path);

  const anchorHeight = o.anchorHeight === undefined || o.anchorHeight === null ? undefined : checkedInt64(o.anchorHeight, `${path}.anchorHeight`);
  // No PoC is anchored at a block ≤ 0 (the chain's first block is 1); the Go vectors probe such anchors.
  if (anchorHeight !== undefined && anchorHeight <= 0n && !r.lenient) throw new InputError(`expected an anchor height ≥ 1 (a block height), got ${anchorHeight}`, `${path}.anchorHeight`);

  const ep = expectObject(has(o, "epoch", path), `${path}.epoch`);
  r.keys(ep, KEYS.epoch, `${path}.epoch`);
  const epoch = { index: checkedUint64(has(ep, "index", `${path}.epoch`), `${path}.epoch.index`) };

  const gPath = `${path}.genesisGuardianAddresses`;
  const gRaw = o.genesisGuardianAddresses === null ? [] : expectArray(has(o, "genesisGuardianAddresses", path), gPath);
  const genesisGuardianAddresses = expectStrings(gRaw, gPath);
  r.guardians(genesisGuardianAddresses, gPath);

  // params
  const pPath = `${path}.params`;
  const p = expectObject(has(o, "params", path), pPath);
  r.keys(p, KEYS.params, pPath);
  const paramsError = optBool(p, "error", pPath);
  let pocSlotAllocation: ChainDecimal | null = null;
  if (!paramsError || p.epochParams !== undefined) {
    const epp = expectObject(has(p, "epochParams", pPath), `${pPath}.epochParams`);
    r.keys(epp, KEYS.epochParams, `${pPath}.epochParams`);
    const psa = epp.pocSlotAllocation;
    pocSlotAllocation = psa === undefined || psa === null ? null : parseChainDecimal(psa, `${pPath}.epochParams.pocSlotAllocation`);
  }

  const pocModelConfigs = parsePocModelConfigs(p, pPath, options.pocParamsFallback, options.weightScaleFactorsFallback);

  // root group
  const rPath = `${path}.rootGroup`;
  const rg = expectObject(has(o, "rootGroup", path), rPath);
  r.keys(rg, KEYS.rootGroup, rPath);
  const rootError = optBool(rg, "error", rPath);
  const smPath = `${rPath}.subGroupModels`;
  // A failed root read carries no data: its other fields may be absent.
  const optional = (f: string): boolean => rootError && rg[f] === undefined;
  const subGroupModels = expectStrings(rg.subGroupModels === null || optional("subGroupModels") ? [] : expectArray(has(rg, "subGroupModels", rPath), smPath), smPath);
  r.modelRepeats(subGroupModels, smPath);
  const rvPath = `${rPath}.validationWeights`;
  const rootRaw = rg.validationWeights === null || optional("validationWeights") ? [] : expectArray(has(rg, "validationWeights", rPath), rvPath);
  const rootWeights = new Array<ValidationWeight | null>(rootRaw.length);
  for (let i = 0; i < rootRaw.length; i++) {
    const v = rootRaw[i];
    if (v === null) {
      r.warnings.push(`${rvPath}[${i}]: null entry (Go skips nil entries)`);
      rootWeights[i] = null;
      continue;
    }
    const vo = isJsonObject(v) ? v : expectObject(v, `${rvPath}[${i}]`);
    r.keysAt(vo, KEYS.weight, rvPath, i);
    const memberAddress = r.address(vo.memberAddress === undefined ? has(vo, "memberAddress", `${rvPath}[${i}]`) : vo.memberAddress, rvPath, i, "memberAddress");
    const weight = r.weight(vo.weight === undefined ? has(vo, "weight", `${rvPath}[${i}]`) : vo.weight, rvPath, i, "weight", "weight");
    const votingPower = vo.votingPower === undefined ? 0n : (plainInt64(vo.votingPower) ?? checkedInt64(vo.votingPower, `${rvPath}[${i}].votingPower`));
    rootWeights[i] = { memberAddress, weight, votingPower, mlNodes: [] };
  }
  r.rootMembers(rootWeights, rvPath);
  const rootLive = optional("liveMembers") ? null : r.liveSet(has(rg, "liveMembers", rPath), `${rPath}.liveMembers`);

  // live subgroups
  const lPath = `${path}.liveSubGroups`;
  const ls = expectObject(has(o, "liveSubGroups", path), lPath);
  r.keys(ls, KEYS.liveSubGroups, lPath);
  const subError = optBool(ls, "error", lPath);
  const byModel = new Map<string, SubGroupState>();
  const bm = ls.byModel === undefined && subError ? {} : expectObject(has(ls, "byModel", lPath), `${lPath}.byModel`);
  const bmPath = pathAt(lPath, "byModel");
  for (const m of Object.keys(bm)) {
    const mp = pathAt(bmPath, m, true);
    const so = object(bm[m], mp);
    r.keys(so, KEYS.subGroup, mp);
    const liveMembers = r.liveSet(need(so.liveMembers, so, "liveMembers", mp), pathAt(mp, "liveMembers"));
    byModel.set(m, { liveMembers, ...r.subWeights(need(so.validationWeights, so, "validationWeights", mp), pathAt(mp, "validationWeights")) });
  }
  if (!subError && !rootError) {
    for (let i = 0; i < subGroupModels.length; i++) {
      const m = subGroupModels[i]!;
      if (byModel.has(m)) continue;
      const msg = `model ${describeValue(m)} (${smPath}[${i}]) has no subgroup`;
      if (!r.lenient) throw new InputError(`${msg}; the chain would fail the whole subgroup read (record that as "error": true)`, `${lPath}.byModel`);
      r.warnings.push(`${lPath}.byModel: ${msg}; it is treated as empty`);
    }
  }

  // previous epoch
  const pgPath = `${path}.previousEpochGroupData`;
  const previousEpochGroupData = new Map<string, { validationWeights: ValidationWeight[] }>();
  const pg = o.previousEpochGroupData === null ? {} : expectObject(has(o, "previousEpochGroupData", path), pgPath);
  for (const m of Object.keys(pg)) {
    const mp = pathAt(pgPath, m, true);
    const so = object(pg[m], mp);
    r.keys(so, KEYS.previousGroup, mp);
    previousEpochGroupData.set(m, r.subWeights(need(so.validationWeights, so, "validationWeights", mp), pathAt(mp, "validationWeights")));
  }
  const psPath = `${path}.previousEpochPerformanceSummaries`;
  const previousEpochPerformanceSummaries = new Map<string, { rewardedCoins: bigint }>();
  const ps = o.previousEpochPerformanceSummaries === null ? {} : expectObject(has(o, "previousEpochPerformanceSummaries", path), psPath);
  for (const a of Object.keys(ps)) {
    const v = ps[a];
    const so = isJsonObject(v) ? v : expectObject(v, `${psPath}${key(a)}`);
    r.keysAt(so, KEYS.summary, psPath, a);
    const c = so.rewardedCoins;
    const x = c === undefined ? undefined : plainInt64(c);
    const rewardedCoins = x !== undefined && x >= 0n ? x : checkedUint64(has(so, "rewardedCoins", `${psPath}${key(a)}`), `${psPath}${key(a)}.rewardedCoins`);
    previousEpochPerformanceSummaries.set(a, { rewardedCoins });
  }

  r.sums(rootWeights, `${rPath}.validationWeights`, byModel, (m) => `${lPath}.byModel${key(m)}`);
  const activeParticipants = o.activeParticipants === undefined ? undefined : parseActiveParticipantsTrust(r, o.activeParticipants, `${path}.activeParticipants`);
  const ctPath = `${path}.pocChallengeTargets`;
  const pocChallengeTargets = o.pocChallengeTargets === undefined ? undefined : expectStrings(expectArray(o.pocChallengeTargets, ctPath), ctPath);

  return {
    anchorHeight,
    epoch,
    genesisGuardianAddresses,
    liveSubGroups: { error: subError, byModel },
    params: { error: paramsError, epochParams: { pocSlotAllocation } },
    previousEpochGroupData,
    previousEpochPerformanceSummaries,
    rootGroup: { error: rootError, subGroupModels, validationWeights: rootWeights, liveMembers: rootLive },
    pocModelConfigs,
    ...(activeParticipants !== undefined ? { activeParticipants } : {}),
    ...(pocChallengeTargets !== undefined ? { pocChallengeTargets } : {}),
    warnings: r.warnings,
  };
}

/** `activeParticipants`: null (not found) or {capWeightApplied, participants: [null | {index, weight, capWeight}]}. */
function parseActiveParticipantsTrust(r: Reader, v: Json, path: string): ActiveParticipantsTrust | null {
  if (v === null) return null;
  const o = expectObject(v, path);
  r.keys(o, KEYS.activeParticipants, path);
  const capWeightApplied = o.capWeightApplied === undefined ? false : expectBoolean(o.capWeightApplied, `${path}.capWeightApplied`);
  const list = expectArray(has(o, "participants", path), `${path}.participants`);
  const participants = list.map((e, i): StoredTrustWeight | null => {
    const ep = `${path}.participants[${i}]`;
    if (e === null) return null;
    const eo = expectObject(e, ep);
    r.keys(eo, KEYS.trustEntry, ep);
    return {
      index: expectString(has(eo, "index", ep), `${ep}.index`),
      weight: checkedInt64(has(eo, "weight", ep), `${ep}.weight`),
      capWeight: eo.capWeight === undefined ? 0n : checkedInt64(eo.capWeight, `${ep}.capWeight`),
    };
  });
  return { capWeightApplied, participants };
}

/** `params.pocParams.models[]` ({modelId, weightScaleFactor}), else the PocParams fallback, else the `{ model: decimal }` fallback, else null. */
function parsePocModelConfigs(
  params: JsonObject,
  pPath: string,
  pocFallback: { json: Json; path: string } | undefined,
  factorsFallback: { json: Json; path: string } | undefined,
): NonNullable<PreservedState["pocModelConfigs"]> | null {
  const fromPocParams = (json: Json, path: string): NonNullable<PreservedState["pocModelConfigs"]> => {
    const pp = expectObject(json, path);
    const mPath = `${path}.models`;
    const list = pp.models === undefined || pp.models === null ? [] : expectArray(pp.models, mPath);
    const models = list.map((m, i) => {
      const o = expectObject(m, `${mPath}[${i}]`);
      const modelId = expectString(has(o, "modelId", `${mPath}[${i}]`), `${mPath}[${i}].modelId`);
      const f = o.weightScaleFactor;
      return { modelId, weightScaleFactor: f === undefined || f === null ? null : parseChainDecimal(f, `${mPath}[${i}].weightScaleFactor`) };
    });
    return { source: mPath, models };
  };
  if (params.pocParams !== undefined && params.pocParams !== null) return fromPocParams(params.pocParams, `${pPath}.pocParams`);
  if (pocFallback !== undefined && pocFallback.json !== undefined && pocFallback.json !== null) return fromPocParams(pocFallback.json, pocFallback.path);
  if (factorsFallback === undefined || factorsFallback.json === undefined || factorsFallback.json === null) return null;
  const o = expectObject(factorsFallback.json, factorsFallback.path);
  const models = Object.entries(o).map(([modelId, f]) => ({
    modelId,
    weightScaleFactor: f === null ? null : parseChainDecimal(f, `${factorsFallback.path}${key(modelId)}`),
  }));
  return { source: factorsFallback.path, models };
}
