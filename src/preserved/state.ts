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
import { checkedInt64, checkedUint64, INT32_MAX, INT32_MIN, toBigInt, int64SumOverflow } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { operatorAddressToAccAddress } from "./bech32.js";
import { type JsonObject, checkAddressText, expectArray, expectBoolean, expectObject, expectString } from "../json-input.js";
import { parseChainDecimal, type ChainDecimal } from "../go/chain-decimal.js";

/** MLNodeInfo (the fields the sampler reads). */
export interface MLNodeInfo {
  nodeId: string;
  pocWeight: bigint;
  throughput: bigint;
  timeslotAllocation: boolean[];
}

/** ValidationWeight of an EpochGroupData (root: `weight`; subgroups: `votingPower`, `mlNodes`). */
export interface ValidationWeight {
  memberAddress: string;
  weight: bigint;
  votingPower: bigint;
  /** `null` entries are nil pointers, which Go's dedup drops. */
  mlNodes: (MLNodeInfo | null)[];
}

export type { ChainDecimal };

export interface SubGroupState {
  /** Live x/group members of the subgroup; `null` = nil set = no filtering. */
  liveMembers: Set<string> | null;
  validationWeights: ValidationWeight[];
  /**
   * How many entries were `null` (nil `*ValidationWeight`; lenient parsing only, and left out of
   * `validationWeights`). Go dereferences every entry of a group it reads, so reading one panics.
   */
  nilEntries?: number;
}

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
  /** Odd input that Go accepts silently (and so does the port); each names its path. */
  warnings: string[];
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

class Reader {
  readonly warnings: string[] = [];
  constructor(readonly lenient: boolean) {}

  /** An int64 that must not be negative unless lenient (then a warning). */
  weight(v: Json | undefined, path: string, what: string): bigint {
    const x = checkedInt64(v, path);
    if (x < 0n) {
      if (!this.lenient) throw new InputError(`${what} must not be negative, got ${x}`, path);
      this.warnings.push(`${path}: negative ${what} ${x} (Go uses it as is)`);
    }
    return x;
  }

  /** A member address: control characters, empty or overlong addresses refused unless lenient (then a warning). */
  address(v: Json | undefined, path: string): string {
    const a = expectString(v, path);
    try {
      checkAddressText(a, path);
    } catch (e) {
      if (!this.lenient) throw e;
      this.warnings.push(`${(e as Error).message} (Go uses it as is)`);
    }
    return a;
  }

  node(v: Json | undefined, path: string): MLNodeInfo | null {
    if (v === null) {
      this.warnings.push(`${path}: null node entry (Go drops nil nodes)`);
      return null;
    }
    const o = expectObject(v, path);
    const nodeId = expectString(has(o, "nodeId", path), `${path}.nodeId`);
    const pocWeight = this.weight(has(o, "pocWeight", path), `${path}.pocWeight`, "pocWeight");
    const throughput = o.throughput === undefined ? 0n : this.weight(o.throughput, `${path}.throughput`, "throughput");
    const ts = o.timeslotAllocation === undefined || o.timeslotAllocation === null ? [] : expectArray(o.timeslotAllocation, `${path}.timeslotAllocation`);
    const timeslotAllocation = ts.map((b, i) => expectBoolean(b, `${path}.timeslotAllocation[${i}]`));
    return { nodeId, pocWeight, throughput, timeslotAllocation };
  }

  nodes(v: Json | undefined, path: string): (MLNodeInfo | null)[] {
    if (v === null) return [];
    const list = expectArray(v, path).map((n, i) => this.node(n, `${path}[${i}]`));
    const seen = new Set<string>();
    for (let i = 0; i < list.length; i++) {
      const n = list[i];
      if (!n) continue;
      if (seen.has(n.nodeId)) {
        this.warnings.push(`${path}[${i}].nodeId: duplicate node id ${describeValue(n.nodeId)} (Go keeps the heaviest, then highest throughput, then first)`);
      }
      seen.add(n.nodeId);
    }
    return list;
  }

  /** A subgroup or previous-epoch validation weight (memberAddress, votingPower, mlNodes); null only when lenient. */
  subWeight(v: Json | undefined, path: string): ValidationWeight | null {
    if (v === null) {
      if (!this.lenient) throw new InputError("null validation weight entry: Go dereferences it and panics", path);
      this.warnings.push(`${path}: null validation weight entry (Go panics if it reads this group)`);
      return null;
    }
    const o = expectObject(v, path);
    const memberAddress = this.address(has(o, "memberAddress", path), `${path}.memberAddress`);
    const votingPower = this.weight(has(o, "votingPower", path), `${path}.votingPower`, "votingPower");
    const weight = o.weight === undefined ? 0n : this.weight(o.weight, `${path}.weight`, "weight");
    const mlNodes = this.nodes(has(o, "mlNodes", path), `${path}.mlNodes`);
    return { memberAddress, weight, votingPower, mlNodes };
  }

  /** The entries of one group, and how many were null (nil pointers; lenient only). */
  subWeights(v: Json | undefined, path: string): { validationWeights: ValidationWeight[]; nilEntries?: number } {
    const all = v === null ? [] : expectArray(v, path).map((x, i) => this.subWeight(x, `${path}[${i}]`));
    const list = all.filter((vw): vw is ValidationWeight => vw !== null);
    const seen = new Set<string>();
    list.forEach((vw, i) => {
      if (seen.has(vw.memberAddress)) {
        this.warnings.push(`${path}[${i}].memberAddress: duplicate member ${describeValue(vw.memberAddress)} (Go: the last entry's nodes win, VP = last positive VP)`);
      }
      seen.add(vw.memberAddress);
    });
    const nils = all.length - list.length;
    return nils > 0 ? { validationWeights: list, nilEntries: nils } : { validationWeights: list };
  }

  liveSet(v: Json | undefined, path: string): Set<string> | null {
    if (v === null) {
      this.warnings.push(`${path}: null (nil set) means no live filtering; the chain always returns a set`);
      return null;
    }
    return new Set(expectArray(v, path).map((a, i) => expectString(a, `${path}[${i}]`)));
  }
}


/** Validate the preserved-set state object (the sample_preserved_for_episode input shape). */
export function parsePreservedState(json: Json, path: string, options: ParsePreservedStateOptions = {}): PreservedState {
  const r = new Reader(options.lenient ?? false);
  const o = expectObject(json, path);

  const anchorHeight = o.anchorHeight === undefined || o.anchorHeight === null ? undefined : checkedInt64(o.anchorHeight, `${path}.anchorHeight`);

  const ep = expectObject(has(o, "epoch", path), `${path}.epoch`);
  const epoch = { index: checkedUint64(has(ep, "index", `${path}.epoch`), `${path}.epoch.index`) };

  const gPath = `${path}.genesisGuardianAddresses`;
  const gRaw = o.genesisGuardianAddresses === null ? [] : expectArray(has(o, "genesisGuardianAddresses", path), gPath);
  const genesisGuardianAddresses = gRaw.map((a, i) => expectString(a, `${gPath}[${i}]`));
  genesisGuardianAddresses.forEach((a, i) => {
    const conv = operatorAddressToAccAddress(a);
    if (typeof conv !== "string") r.warnings.push(`${gPath}[${i}]: ${describeValue(a)} is not a gonkavaloper address (${conv.error}); Go skips it, so it is not excluded`);
  });

  // params
  const pPath = `${path}.params`;
  const p = expectObject(has(o, "params", path), pPath);
  const paramsError = optBool(p, "error", pPath);
  let pocSlotAllocation: ChainDecimal | null = null;
  if (!paramsError || p.epochParams !== undefined) {
    const epp = expectObject(has(p, "epochParams", pPath), `${pPath}.epochParams`);
    const psa = epp.pocSlotAllocation;
    pocSlotAllocation = psa === undefined || psa === null ? null : parseChainDecimal(psa, `${pPath}.epochParams.pocSlotAllocation`);
  }

  const pocModelConfigs = parsePocModelConfigs(p, pPath, options.pocParamsFallback, options.weightScaleFactorsFallback);

  // root group
  const rPath = `${path}.rootGroup`;
  const rg = expectObject(has(o, "rootGroup", path), rPath);
  const rootError = optBool(rg, "error", rPath);
  const smPath = `${rPath}.subGroupModels`;
  // A failed root read carries no data: its other fields may be absent.
  const optional = (f: string): boolean => rootError && rg[f] === undefined;
  const subGroupModels = (rg.subGroupModels === null || optional("subGroupModels") ? [] : expectArray(has(rg, "subGroupModels", rPath), smPath)).map((m, i) => expectString(m, `${smPath}[${i}]`));
  {
    const seen = new Set<string>();
    subGroupModels.forEach((m, i) => {
      if (seen.has(m)) r.warnings.push(`${smPath}[${i}]: model ${describeValue(m)} listed twice (Go emits its preserved entry twice)`);
      seen.add(m);
    });
  }
  const rvPath = `${rPath}.validationWeights`;
  const rootWeights = (rg.validationWeights === null || optional("validationWeights") ? [] : expectArray(has(rg, "validationWeights", rPath), rvPath)).map((v, i): ValidationWeight | null => {
    const vp = `${rvPath}[${i}]`;
    if (v === null) {
      r.warnings.push(`${vp}: null entry (Go skips nil entries)`);
      return null;
    }
    const vo = expectObject(v, vp);
    const memberAddress = r.address(has(vo, "memberAddress", vp), `${vp}.memberAddress`);
    const weight = r.weight(has(vo, "weight", vp), `${vp}.weight`, "weight");
    const votingPower = vo.votingPower === undefined ? 0n : checkedInt64(vo.votingPower, `${vp}.votingPower`);
    return { memberAddress, weight, votingPower, mlNodes: [] };
  });
  const rootLive = optional("liveMembers") ? null : r.liveSet(has(rg, "liveMembers", rPath), `${rPath}.liveMembers`);

  // live subgroups
  const lPath = `${path}.liveSubGroups`;
  const ls = expectObject(has(o, "liveSubGroups", path), lPath);
  const subError = optBool(ls, "error", lPath);
  const byModel = new Map<string, SubGroupState>();
  const bm = ls.byModel === undefined && subError ? {} : expectObject(has(ls, "byModel", lPath), `${lPath}.byModel`);
  for (const [m, v] of Object.entries(bm)) {
    const mp = `${lPath}.byModel${key(m)}`;
    const so = expectObject(v, mp);
    byModel.set(m, {
      liveMembers: r.liveSet(has(so, "liveMembers", mp), `${mp}.liveMembers`),
      ...r.subWeights(has(so, "validationWeights", mp), `${mp}.validationWeights`),
    });
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
  for (const [m, v] of Object.entries(pg)) {
    const mp = `${pgPath}${key(m)}`;
    const so = expectObject(v, mp);
    previousEpochGroupData.set(m, r.subWeights(has(so, "validationWeights", mp), `${mp}.validationWeights`));
  }
  const psPath = `${path}.previousEpochPerformanceSummaries`;
  const previousEpochPerformanceSummaries = new Map<string, { rewardedCoins: bigint }>();
  const ps = o.previousEpochPerformanceSummaries === null ? {} : expectObject(has(o, "previousEpochPerformanceSummaries", path), psPath);
  for (const [a, v] of Object.entries(ps)) {
    const ap = `${psPath}${key(a)}`;
    const so = expectObject(v, ap);
    previousEpochPerformanceSummaries.set(a, { rewardedCoins: checkedUint64(has(so, "rewardedCoins", ap), `${ap}.rewardedCoins`) });
  }

  // Go adds these weights in int64 and wraps without a word; the port keeps the wrap (it is what the
  // chain computes) but says so: a target of "-922,337,…" must not look like an answer.
  const wrapNote = (values: bigint[], where: string, what: string): void => {
    const o = int64SumOverflow(values);
    if (o !== undefined) r.warnings.push(`${where}: ${what} adds up to ${o.exact}, past int64 (9223372036854775807): Go's int64 sums wrap silently, and every result that uses such a sum follows Go's wrap (a negative total or target is that wrap, not a real value)`);
  };
  wrapNote(rootWeights.flatMap((vw) => (vw === null ? [] : [vw.weight])), `${rPath}.validationWeights`, "the root group's weight");
  for (const [m, g] of byModel) {
    wrapNote(g.validationWeights.flatMap((vw) => vw.mlNodes.flatMap((n) => (n === null ? [] : [n.pocWeight]))), `${lPath}.byModel${key(m)}`, "the model's node PoC weight");
    wrapNote(g.validationWeights.map((vw) => vw.votingPower), `${lPath}.byModel${key(m)}`, "the model's voting power");
  }

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
    warnings: r.warnings,
  };
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
