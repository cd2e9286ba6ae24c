/**
 * The snapshot's `settlement` slice as the reward distribution reads it (docs/snapshot.md, "settlement").
 * The miss-test fields (epoch, validationParams, graceEpoch, participants[].currentEpochStats) are
 * shared with src/misstest/epoch-input.ts; participants may add `status` and `coinBalance`, and the
 * `reward` object holds the rest:
 *
 *     "reward": { "bitcoinRewardParams": {initialEpochReward, decayRate, genesisEpoch, useBitcoinRewards},
 *                 "validationWeights": [{memberAddress, weight, confirmationWeight, mlNodes}],
 *                 "subgroups": [{modelId, validationWeights: [{memberAddress, mlNodes: [{nodeId, pocWeight, throughput, timeslotAllocation}]}]}],
 *                 "confirmationWeightScales": [{modelId, weightScaleFactor, effectiveCoefficient?, excludeFromConfirmation?}],
 *                 "pocModelScales": [{modelId, weightScaleFactor}],
 *                 "collateralGracePeriodEndEpoch": "180" | null,
 *                 "settleParameters": {totalSubsidyPaid, totalSubsidySupply} | null,
 *                 "delegationRewardTransfers": [{from, to, modelId, share}], "delegationRewardPenalties": [{participant, penaltyFraction}],
 *                 "exclusions": [{address, reason, exclusionBlockHeight}],
 *                 "settlementHeight": "3844114" | null,
 *                 "assumptions": [{input, assumption, rowsAffected}] }
 */
import { InputError, describeValue } from "../errors.js";
import { parseOptionalChainDecimal, type ChainDecimal } from "../go/chain-decimal.js";
import { checkedInt64, checkedUint64, plainInt64 } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { atLeast, type ChainVersion } from "../versions/chain-version.js";
import { isJsonObject, knownKeys, pathAt, pathText, type JsonObject, type JsonPath } from "../json-input.js";
import { parseEpochInput } from "../misstest/epoch-input.js";
import type { AssumedInput } from "../assumptions.js";
import type { SettlementPart } from "./assumed-causes.js";
import { PARTICIPANT_STATUSES, type ModelScale, type ParticipantStatus, type SettlementInput, type SettlementMLNode } from "./settlement-types.js";

export interface SettlementAssumption {
  input: string;
  assumption: string;
  flag?: string;
  rowsAffected: number;
  /** Only rules of this version and later read the input (absent: every version); an answer lists it only then. */
  readFrom?: ChainVersion;
  /** Not a lack: an input held in a form the chain would not write, read as Go reads it (a warning in every output). */
  warning?: true;
  /** The warning in a few words. */
  brief?: string;
  /** The parts of the input it fills (SettlementPart names), and whose: a zero cause reading them is not computable. */
  fills?: AssumedInput;
}

/**
 * What an assumption named by its snapshot path fills (a node's settlement slice names each by the
 * field it fills): the parts a zero cause reads (assumed-causes.ts).
 */
const FILLS_BY_PATH: Readonly<Record<string, readonly SettlementPart[]>> = {
  "participants[].currentEpochStats": ["epoch-stats"],
  "participants[].coinBalance": ["coin-balance"],
  "participants[].status": ["status", "coin-balance"],
  params: ["reward-params", "p0", "poc-model-scales", "collateral"],
  "reward.delegationRewardTransfers": ["delegation"],
  "reward.settleParameters": ["supply"],
};

/** The parts an assumption fills: those it names, else those of its snapshot path, else none known. */
export function settlementFills(a: { input: string; fills?: AssumedInput }): AssumedInput | undefined {
  if (a.fills !== undefined) return a.fills;
  const parts = Object.hasOwn(FILLS_BY_PATH, a.input) ? FILLS_BY_PATH[a.input] : undefined;
  return parts === undefined ? undefined : { parts };
}

const SETTLEMENT_PARTS: ReadonlySet<string> = new Set<SettlementPart>(["participants", "status", "coin-balance", "epoch-stats", "validation-weights", "model-nodes", "poc-model-scales", "collateral", "reward-params", "p0", "supply", "delegation"]);

/** The input named by the warning on participant addresses that are not bech32 (the REST reader's too). */
export const BECH32_WARNING_INPUT = "participant addresses";

/** The assumptions the rules of `version` depend on (an input a version does not read is no assumption of its answer). */
export function assumptionsReadBy<A extends { readFrom?: ChainVersion }>(assumptions: readonly A[], version: ChainVersion): A[] {
  return assumptions.filter((a) => a.readFrom === undefined || atLeast(version, a.readFrom));
}

export interface ParsedSettlementSlice {
  input: SettlementInput;
  settlementHeight: bigint | null;
  assumptions: SettlementAssumption[];
}

const REWARD_KEYS = [
  "bitcoinRewardParams",
  "validationWeights",
  "subgroups",
  "confirmationWeightScales",
  "pocModelScales",
  "collateralGracePeriodEndEpoch",
  "settleParameters",
  "delegationRewardTransfers",
  "delegationRewardPenalties",
  "exclusions",
  "settlementHeight",
  "assumptions",
];

/**
 * An interner for one input: equal strings become the same flat string object. The lossless JSON
 * reader's exact path returns slices of the file's text (V8 sliced strings; JSON.parse, its usual
 * path, returns strings of their own), and settlement looks every address up in maps keyed by
 * addresses read elsewhere in the file; comparing distinct sliced strings costs several times
 * comparing one object with itself, and a flat copy hashes and compares faster than a slice
 * (together about 2× the whole settlement of a 1,000-participant epoch, measured on slices).
 */
export function stringInterner(): (s: string) => string {
  const seen = new Map<string, string>();
  return (s) => {
    const x = seen.get(s);
    if (x !== undefined) return x;
    // a copy detached from the file's text: V8 flattens the concatenation into a short string of its
    // own, and the slice points into that (the same code units; measured faster than split/join)
    const flat = s.length > 12 ? (" " + s).slice(1) : s;
    seen.set(s, flat);
    return flat;
  };
}

const at = (parent: JsonPath, key: string | number): JsonPath => pathAt(parent, key);
const field = (p: JsonPath, key: string): string => `${pathText(p)}.${key}`;
const fastInt64 = plainInt64;
const int64 = (v: Json | undefined, p: JsonPath, key: string): bigint => fastInt64(v) ?? checkedInt64(v, field(p, key));
const uint64 = (v: Json | undefined, p: JsonPath, key: string): bigint => {
  const x = fastInt64(v);
  return x !== undefined && x >= 0n ? x : checkedUint64(v, field(p, key));
};

function obj(v: Json | undefined, p: JsonPath, keys?: readonly string[]): JsonObject {
  if (!isJsonObject(v)) throw new InputError(v === undefined ? "missing" : `expected an object, got ${describeValue(v)}`, pathText(p));
  if (keys !== undefined) knownKeys(v, keys, p); // a misspelt optional field would be a silent default
  return v;
}

/** The fields of each object of the `reward` slice (docs/snapshot.md). */
const KEYS = {
  bitcoinRewardParams: ["initialEpochReward", "decayRate", "genesisEpoch", "useBitcoinRewards"],
  settleParameters: ["totalSubsidyPaid", "totalSubsidySupply"],
  validationWeight: ["memberAddress", "weight", "confirmationWeight", "mlNodes"],
  subgroup: ["modelId", "validationWeights"],
  subgroupWeight: ["memberAddress", "mlNodes"],
  node: ["nodeId", "pocWeight", "throughput", "timeslotAllocation"],
  scale: ["modelId", "weightScaleFactor"],
  /** v0.2.16 adds the controller's effective coefficient and exclusion flag (EpochGroupData fields 3 and 8). */
  confirmationScale: ["modelId", "weightScaleFactor", "effectiveCoefficient", "excludeFromConfirmation"],
  transfer: ["from", "to", "modelId", "share"],
  penalty: ["participant", "penaltyFraction"],
  exclusion: ["address", "reason", "exclusionBlockHeight"],
} as const;
function list(v: Json | undefined, p: JsonPath): Json[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new InputError(`expected an array, got ${describeValue(v)}`, pathText(p));
  return v;
}
function text(v: Json | undefined, p: JsonPath, key: string): string {
  if (typeof v !== "string") throw new InputError(v === undefined ? "missing" : `expected a string, got ${describeValue(v)}`, field(p, key));
  return v;
}
/** An assumption's `fills`: {parts: [SettlementPart names], addresses?: [address]}. */
function fillsOf(v: Json, p: JsonPath): AssumedInput {
  const fp = at(p, "fills");
  const o = obj(v, fp, ["parts", "addresses"]);
  const parts = list(o.parts, at(fp, "parts")).map((x, i) => {
    if (typeof x !== "string" || !SETTLEMENT_PARTS.has(x)) throw new InputError(`expected one of ${[...SETTLEMENT_PARTS].join(", ")}, got ${describeValue(x)}`, pathText(at(at(fp, "parts"), i)));
    return x;
  });
  if (o.addresses === undefined) return { parts };
  return { parts, addresses: list(o.addresses, at(fp, "addresses")).map((x, i) => text(x, at(fp, "addresses"), String(i))) };
}
const decimal = (v: Json | undefined, p: JsonPath, key: string): ChainDecimal | null => (v === undefined || v === null ? null : parseOptionalChainDecimal(v, field(p, key)));

function nodes(v: Json | undefined, p: JsonPath): (SettlementMLNode | null)[] {
  const xs = list(v, p);
  const out: (SettlementMLNode | null)[] = new Array(xs.length);
  for (let i = 0; i < xs.length; i++) {
    const n = xs[i];
    if (n === null) {
      out[i] = null;
      continue;
    }
    const np = at(p, i);
    const o = obj(n, np, KEYS.node);
    // checked in the order the fields are read: pocWeight, throughput, timeslotAllocation
    const pocWeight = int64(o.pocWeight, np, "pocWeight");
    const throughput = int64(o.throughput ?? 0, np, "throughput");
    const ts = list(o.timeslotAllocation, at(np, "timeslotAllocation"));
    for (let j = 0; j < ts.length; j++) {
      if (typeof ts[j] !== "boolean") throw new InputError(`expected true or false, got ${describeValue(ts[j])}`, pathText(at(at(np, "timeslotAllocation"), j)));
    }
    out[i] = { nodeId: typeof o.nodeId === "string" ? o.nodeId : "", pocWeight, throughput, timeslotAllocation: ts.slice() as boolean[] };
  }
  return out;
}

/** Model scales; `confirmation`: EpochGroupData's, which from v0.2.16 may carry effectiveCoefficient and excludeFromConfirmation (absent: Go's nil and false). */
function scales(v: Json | undefined, p: JsonPath, confirmation = false): ModelScale[] {
  return list(v, p).map((s, i) => {
    const sp = at(p, i);
    const o = obj(s, sp, confirmation ? KEYS.confirmationScale : KEYS.scale);
    const scale: ModelScale = { modelId: text(o.modelId, sp, "modelId"), weightScaleFactor: decimal(o.weightScaleFactor, sp, "weightScaleFactor") };
    if (o.effectiveCoefficient !== undefined) scale.effectiveCoefficient = decimal(o.effectiveCoefficient, sp, "effectiveCoefficient");
    if (o.excludeFromConfirmation !== undefined) {
      if (typeof o.excludeFromConfirmation !== "boolean") throw new InputError(`expected true or false, got ${describeValue(o.excludeFromConfirmation)}`, field(sp, "excludeFromConfirmation"));
      scale.excludeFromConfirmation = o.excludeFromConfirmation;
    }
    return scale;
  });
}

/** A confirmation scale as the slice writes it: the v0.2.16 fields only when the input holds them. */
function confirmationScaleJson(s: ModelScale): JsonObject {
  return {
    modelId: s.modelId,
    weightScaleFactor: dec(s.weightScaleFactor),
    ...(s.effectiveCoefficient !== undefined ? { effectiveCoefficient: dec(s.effectiveCoefficient) } : {}),
    ...(s.excludeFromConfirmation !== undefined ? { excludeFromConfirmation: s.excludeFromConfirmation } : {}),
  };
}

/** Parse the `settlement` slice for the reward distribution; `path` prefixes every error ("snap.json: settlement"). */
export function parseSettlementInput(json: Json, path: string): ParsedSettlementSlice {
  const intern = stringInterner();
  const base = parseEpochInput(json, path);
  const top = obj(json, path);
  const rp = at(path, "reward");
  if (top.reward === undefined) throw new InputError("missing: this settlement slice has only the miss-test input (re-create it with 'gonka-spec import-rest' or a newer 'gonka-spec snapshot')", pathText(rp));
  const r = obj(top.reward, rp);
  for (const k of Object.keys(r)) if (!REWARD_KEYS.includes(k)) throw new InputError(`unexpected field ${JSON.stringify(k)} (expected ${REWARD_KEYS.join(", ")})`, pathText(rp));
  const pp = at(path, "participants");
  const rawParticipants = list(top.participants, pp);
  const participants = base.participants.map((p, i) => {
    const o = rawParticipants[i] as JsonObject;
    const ap = at(pp, i);
    const status = o.status === undefined ? "ACTIVE" : text(o.status, ap, "status");
    if (!(PARTICIPANT_STATUSES as readonly string[]).includes(status)) throw new InputError(`expected one of ${PARTICIPANT_STATUSES.join(", ")}, got ${describeValue(status)}`, field(ap, "status"));
    // one object shape for every participant (settlement reads these fields in its hot loops)
    return { address: intern(p.address), status: status as ParticipantStatus, coinBalance: o.coinBalance === undefined ? 0n : int64(o.coinBalance, ap, "coinBalance"), currentEpochStats: p.currentEpochStats };
  });
  const bpAt = at(rp, "bitcoinRewardParams");
  const bp = r.bitcoinRewardParams === null ? null : obj(r.bitcoinRewardParams, bpAt, KEYS.bitcoinRewardParams);
  const spAt = at(rp, "settleParameters");
  const sp = r.settleParameters === undefined || r.settleParameters === null ? null : obj(r.settleParameters, spAt, KEYS.settleParameters);
  const vwAt = at(rp, "validationWeights");
  const sgAt = at(rp, "subgroups");
  const input: SettlementInput = {
    epoch: base.epoch,
    participants,
    validationWeights: list(r.validationWeights, vwAt).map((v, i) => {
      const a = at(vwAt, i);
      const o = obj(v, a, KEYS.validationWeight);
      return { memberAddress: intern(text(o.memberAddress, a, "memberAddress")), weight: int64(o.weight, a, "weight"), confirmationWeight: int64(o.confirmationWeight ?? 0, a, "confirmationWeight"), mlNodes: nodes(o.mlNodes, at(a, "mlNodes")) };
    }),
    subgroups: list(r.subgroups, sgAt).map((g, i) => {
      const a = at(sgAt, i);
      const o = obj(g, a, KEYS.subgroup);
      const wAt = at(a, "validationWeights");
      return {
        modelId: text(o.modelId, a, "modelId"),
        validationWeights: list(o.validationWeights, wAt).map((v, j) => {
          const b = at(wAt, j);
          const o2 = obj(v, b, KEYS.subgroupWeight);
          return { memberAddress: intern(text(o2.memberAddress, b, "memberAddress")), mlNodes: nodes(o2.mlNodes, at(b, "mlNodes")) };
        }),
      };
    }),
    confirmationWeightScales: scales(r.confirmationWeightScales, at(rp, "confirmationWeightScales"), true),
    pocModelScales: scales(r.pocModelScales, at(rp, "pocModelScales")),
    collateralGracePeriodEndEpoch: r.collateralGracePeriodEndEpoch === undefined || r.collateralGracePeriodEndEpoch === null ? null : uint64(r.collateralGracePeriodEndEpoch, rp, "collateralGracePeriodEndEpoch"),
    bitcoinRewardParams:
      bp === null
        ? null
        : {
            initialEpochReward: uint64(bp.initialEpochReward, bpAt, "initialEpochReward"),
            decayRate: decimal(bp.decayRate, bpAt, "decayRate"),
            genesisEpoch: uint64(bp.genesisEpoch ?? 0, bpAt, "genesisEpoch"),
            useBitcoinRewards: bp.useBitcoinRewards === true,
          },
    validationParams: base.validationParams,
    graceEpoch: base.graceEpoch,
    settleParameters: sp === null ? null : { totalSubsidyPaid: int64(sp.totalSubsidyPaid, spAt, "totalSubsidyPaid"), totalSubsidySupply: int64(sp.totalSubsidySupply, spAt, "totalSubsidySupply") },
    delegationRewardTransfers: list(r.delegationRewardTransfers, at(rp, "delegationRewardTransfers")).map((t, i) => {
      const a = at(at(rp, "delegationRewardTransfers"), i);
      const o = obj(t, a, KEYS.transfer);
      return { from: text(o.from, a, "from"), to: text(o.to ?? "", a, "to"), modelId: text(o.modelId ?? "", a, "modelId"), share: decimal(o.share, a, "share") };
    }),
    delegationRewardPenalties: list(r.delegationRewardPenalties, at(rp, "delegationRewardPenalties")).map((t, i) => {
      const a = at(at(rp, "delegationRewardPenalties"), i);
      const o = obj(t, a, KEYS.penalty);
      return { participant: text(o.participant, a, "participant"), penaltyFraction: decimal(o.penaltyFraction, a, "penaltyFraction") };
    }),
    exclusions: list(r.exclusions, at(rp, "exclusions")).map((e, i) => {
      const a = at(at(rp, "exclusions"), i);
      const o = obj(e, a, KEYS.exclusion);
      return { address: intern(text(o.address, a, "address")), reason: text(o.reason ?? "", a, "reason"), exclusionBlockHeight: uint64(o.exclusionBlockHeight ?? 0, a, "exclusionBlockHeight") };
    }),
  };
  const asAt = at(rp, "assumptions");
  const assumptions = list(r.assumptions, asAt).map((x, i) => {
    const a = at(asAt, i);
    const o = obj(x, a);
    const out: SettlementAssumption = { input: text(o.input, a, "input"), assumption: text(o.assumption, a, "assumption"), rowsAffected: Number(uint64(o.rowsAffected ?? 0, a, "rowsAffected")) };
    if (typeof o.flag === "string") out.flag = o.flag;
    // a warning recorded with the slice (import-rest writes its dump's) stays a warning
    if (o.warning === true) out.warning = true;
    if (typeof o.brief === "string") out.brief = o.brief;
    if (o.fills !== undefined) out.fills = fillsOf(o.fills, a);
    const fills = settlementFills(out);
    if (fills !== undefined) out.fills = fills;
    return out;
  });
  // The epoch input's own warning (participant addresses that are not bech32), in every output, unless
  // the slice already records it (a snapshot import-rest wrote from a dump that had it).
  for (const w of base.warnings ?? []) {
    if (!assumptions.some((x) => x.warning === true && x.input === BECH32_WARNING_INPUT)) assumptions.push({ input: BECH32_WARNING_INPUT, assumption: w, rowsAffected: 0, warning: true, brief: w });
  }
  const h = r.settlementHeight;
  return { input, settlementHeight: h === undefined || h === null ? null : uint64(h, rp, "settlementHeight"), assumptions };
}

const dec = (d: ChainDecimal | null): Json => (d === null ? null : { value: d.value.toString(), exponent: d.exponent });
const nodesJson = (ns: readonly (SettlementMLNode | null)[]): Json[] =>
  ns.map((n) => (n === null ? null : { nodeId: n.nodeId, pocWeight: n.pocWeight.toString(), throughput: n.throughput.toString(), timeslotAllocation: [...n.timeslotAllocation] }));

/** The `settlement` slice for a settlement input (int64/uint64 as decimal strings, like chain JSON). */
export function settlementInputToJson(input: SettlementInput, extras: { settlementHeight: bigint | null; assumptions: readonly SettlementAssumption[] }): JsonObject {
  const bp = input.bitcoinRewardParams;
  return {
    epoch: input.epoch.toString(),
    validationParams: input.validationParams === null ? null : { binomTestP0: dec(input.validationParams.binomTestP0) },
    graceEpoch: input.graceEpoch === null ? null : { binomTestP0: dec(input.graceEpoch.binomTestP0) },
    participants: input.participants.map((p) => ({
      address: p.address,
      status: p.status,
      coinBalance: p.coinBalance.toString(),
      currentEpochStats: p.currentEpochStats === null ? null : { inferenceCount: p.currentEpochStats.inferenceCount.toString(), missedRequests: p.currentEpochStats.missedRequests.toString() },
    })),
    reward: {
      bitcoinRewardParams: bp === null ? null : { initialEpochReward: bp.initialEpochReward.toString(), decayRate: dec(bp.decayRate), genesisEpoch: bp.genesisEpoch.toString(), useBitcoinRewards: bp.useBitcoinRewards },
      validationWeights: input.validationWeights.map((v) => ({ memberAddress: v.memberAddress, weight: v.weight.toString(), confirmationWeight: v.confirmationWeight.toString(), mlNodes: nodesJson(v.mlNodes) })),
      subgroups: input.subgroups.map((g) => ({ modelId: g.modelId, validationWeights: g.validationWeights.map((v) => ({ memberAddress: v.memberAddress, mlNodes: nodesJson(v.mlNodes) })) })),
      confirmationWeightScales: input.confirmationWeightScales.map(confirmationScaleJson),
      pocModelScales: input.pocModelScales.map((s) => ({ modelId: s.modelId, weightScaleFactor: dec(s.weightScaleFactor) })),
      collateralGracePeriodEndEpoch: input.collateralGracePeriodEndEpoch === null ? null : input.collateralGracePeriodEndEpoch.toString(),
      settleParameters: input.settleParameters === null ? null : { totalSubsidyPaid: input.settleParameters.totalSubsidyPaid.toString(), totalSubsidySupply: input.settleParameters.totalSubsidySupply.toString() },
      delegationRewardTransfers: input.delegationRewardTransfers.map((t) => ({ from: t.from, to: t.to, modelId: t.modelId, share: dec(t.share) })),
      delegationRewardPenalties: input.delegationRewardPenalties.map((t) => ({ participant: t.participant, penaltyFraction: dec(t.penaltyFraction) })),
      exclusions: input.exclusions.map((e) => ({ address: e.address, reason: e.reason, exclusionBlockHeight: e.exclusionBlockHeight.toString() })),
      settlementHeight: extras.settlementHeight === null ? null : extras.settlementHeight.toString(),
      assumptions: extras.assumptions.map((a) => ({ ...a })) as unknown as Json[],
    },
  };
}
