/**
 * The snapshot's `settlement` slice as the reward distribution reads it (docs/snapshot.md, "settlement").
 * The miss-test fields (epoch, validationParams, graceEpoch, participants[].currentEpochStats) are
 * shared with src/misstest/epoch-input.ts; participants may add `status` and `coinBalance`, and the
 * `reward` object holds the rest:
 *
 *     "reward": { "bitcoinRewardParams": {initialEpochReward, decayRate, genesisEpoch, useBitcoinRewards},
 *                 "validationWeights": [{memberAddress, weight, confirmationWeight, mlNodes}],
 *                 "subgroups": [{modelId, validationWeights: [{memberAddress, mlNodes: [{nodeId, pocWeight, throughput, timeslotAllocation}]}]}],
 *                 "confirmationWeightScales": [{modelId, weightScaleFactor}], "pocModelScales": [...],
 *                 "collateralGracePeriodEndEpoch": "180" | null,
 *                 "settleParameters": {totalSubsidyPaid, totalSubsidySupply} | null,
 *                 "delegationRewardTransfers": [{from, to, modelId, share}], "delegationRewardPenalties": [{participant, penaltyFraction}],
 *                 "exclusions": [{address, reason, exclusionBlockHeight}],
 *                 "settlementHeight": "3844114" | null,
 *                 "assumptions": [{input, assumption, rowsAffected}] }
 */
import { InputError, describeValue } from "../errors.js";
import { parseOptionalChainDecimal, type ChainDecimal } from "../go/chain-decimal.js";
import { checkedInt64, checkedUint64 } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { isJsonObject, type JsonObject } from "../json-input.js";
import { parseEpochInput } from "../misstest/epoch-input.js";
import { PARTICIPANT_STATUSES, type ModelScale, type ParticipantStatus, type SettlementInput, type SettlementMLNode } from "./settlement-types.js";

export interface SettlementAssumption {
  input: string;
  assumption: string;
  flag?: string;
  rowsAffected: number;
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
 * An interner for one input: equal strings become the same string object. The lossless JSON reader
 * returns slices of the file's text (V8 sliced strings), and settlement looks every address up in
 * maps keyed by addresses read elsewhere in the file; comparing distinct sliced strings costs several
 * times comparing one object with itself (about 2× the whole settlement of a 1,000-participant epoch).
 */
export function stringInterner(): (s: string) => string {
  const seen = new Map<string, string>();
  return (s) => {
    const x = seen.get(s);
    if (x !== undefined) return x;
    seen.set(s, s);
    return s;
  };
}

function obj(v: Json | undefined, at: string): JsonObject {
  if (!isJsonObject(v)) throw new InputError(v === undefined ? "missing" : `expected an object, got ${describeValue(v)}`, at);
  return v;
}
function list(v: Json | undefined, at: string): Json[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new InputError(`expected an array, got ${describeValue(v)}`, at);
  return v;
}
function text(v: Json | undefined, at: string): string {
  if (typeof v !== "string") throw new InputError(v === undefined ? "missing" : `expected a string, got ${describeValue(v)}`, at);
  return v;
}

function nodes(v: Json | undefined, at: string): (SettlementMLNode | null)[] {
  return list(v, at).map((n, i) => {
    if (n === null) return null;
    const o = obj(n, `${at}[${i}]`);
    return {
      nodeId: typeof o.nodeId === "string" ? o.nodeId : "",
      pocWeight: checkedInt64(o.pocWeight, `${at}[${i}].pocWeight`),
      throughput: checkedInt64(o.throughput ?? 0, `${at}[${i}].throughput`),
      timeslotAllocation: list(o.timeslotAllocation, `${at}[${i}].timeslotAllocation`).map((b, j) => {
        if (typeof b !== "boolean") throw new InputError(`expected true or false, got ${describeValue(b)}`, `${at}[${i}].timeslotAllocation[${j}]`);
        return b;
      }),
    };
  });
}

function scales(v: Json | undefined, at: string): ModelScale[] {
  return list(v, at).map((s, i) => {
    const o = obj(s, `${at}[${i}]`);
    return { modelId: text(o.modelId, `${at}[${i}].modelId`), weightScaleFactor: parseOptionalChainDecimal(o.weightScaleFactor, `${at}[${i}].weightScaleFactor`) };
  });
}

/** Parse the `settlement` slice for the reward distribution; `path` prefixes every error ("snap.json: settlement"). */
export function parseSettlementInput(json: Json, path: string): ParsedSettlementSlice {
  const intern = stringInterner();
  const base = parseEpochInput(json, path);
  const top = obj(json, path);
  const rp = `${path}.reward`;
  if (top.reward === undefined) throw new InputError("missing: this settlement slice has only the miss-test input (re-create it with 'gonka-spec import-rest' or a newer 'gonka-spec snapshot')", rp);
  const r = obj(top.reward, rp);
  for (const k of Object.keys(r)) if (!REWARD_KEYS.includes(k)) throw new InputError(`unexpected field ${JSON.stringify(k)} (expected ${REWARD_KEYS.join(", ")})`, rp);
  const rawParticipants = list(top.participants, `${path}.participants`);
  const participants = base.participants.map((p, i) => {
    const o = rawParticipants[i] as JsonObject;
    const at = `${path}.participants[${i}]`;
    const status = o.status === undefined ? "ACTIVE" : text(o.status, `${at}.status`);
    if (!(PARTICIPANT_STATUSES as readonly string[]).includes(status)) throw new InputError(`expected one of ${PARTICIPANT_STATUSES.join(", ")}, got ${describeValue(status)}`, `${at}.status`);
    return { ...p, address: intern(p.address), status: status as ParticipantStatus, coinBalance: o.coinBalance === undefined ? 0n : checkedInt64(o.coinBalance, `${at}.coinBalance`) };
  });
  const bpAt = `${rp}.bitcoinRewardParams`;
  const bp = r.bitcoinRewardParams === null ? null : obj(r.bitcoinRewardParams, bpAt);
  const sp = r.settleParameters === undefined || r.settleParameters === null ? null : obj(r.settleParameters, `${rp}.settleParameters`);
  const input: SettlementInput = {
    epoch: base.epoch,
    participants,
    validationWeights: list(r.validationWeights, `${rp}.validationWeights`).map((v, i) => {
      const at = `${rp}.validationWeights[${i}]`;
      const o = obj(v, at);
      return { memberAddress: intern(text(o.memberAddress, `${at}.memberAddress`)), weight: checkedInt64(o.weight, `${at}.weight`), confirmationWeight: checkedInt64(o.confirmationWeight ?? 0, `${at}.confirmationWeight`), mlNodes: nodes(o.mlNodes, `${at}.mlNodes`) };
    }),
    subgroups: list(r.subgroups, `${rp}.subgroups`).map((g, i) => {
      const at = `${rp}.subgroups[${i}]`;
      const o = obj(g, at);
      return {
        modelId: text(o.modelId, `${at}.modelId`),
        validationWeights: list(o.validationWeights, `${at}.validationWeights`).map((v, j) => {
          const o2 = obj(v, `${at}.validationWeights[${j}]`);
          return { memberAddress: intern(text(o2.memberAddress, `${at}.validationWeights[${j}].memberAddress`)), mlNodes: nodes(o2.mlNodes, `${at}.validationWeights[${j}].mlNodes`) };
        }),
      };
    }),
    confirmationWeightScales: scales(r.confirmationWeightScales, `${rp}.confirmationWeightScales`),
    pocModelScales: scales(r.pocModelScales, `${rp}.pocModelScales`),
    collateralGracePeriodEndEpoch: r.collateralGracePeriodEndEpoch === undefined || r.collateralGracePeriodEndEpoch === null ? null : checkedUint64(r.collateralGracePeriodEndEpoch, `${rp}.collateralGracePeriodEndEpoch`),
    bitcoinRewardParams:
      bp === null
        ? null
        : {
            initialEpochReward: checkedUint64(bp.initialEpochReward, `${bpAt}.initialEpochReward`),
            decayRate: parseOptionalChainDecimal(bp.decayRate, `${bpAt}.decayRate`),
            genesisEpoch: checkedUint64(bp.genesisEpoch ?? 0, `${bpAt}.genesisEpoch`),
            useBitcoinRewards: bp.useBitcoinRewards === true,
          },
    validationParams: base.validationParams,
    graceEpoch: base.graceEpoch,
    settleParameters: sp === null ? null : { totalSubsidyPaid: checkedInt64(sp.totalSubsidyPaid, `${rp}.settleParameters.totalSubsidyPaid`), totalSubsidySupply: checkedInt64(sp.totalSubsidySupply, `${rp}.settleParameters.totalSubsidySupply`) },
    delegationRewardTransfers: list(r.delegationRewardTransfers, `${rp}.delegationRewardTransfers`).map((t, i) => {
      const at = `${rp}.delegationRewardTransfers[${i}]`;
      const o = obj(t, at);
      return { from: text(o.from, `${at}.from`), to: text(o.to ?? "", `${at}.to`), modelId: text(o.modelId ?? "", `${at}.modelId`), share: parseOptionalChainDecimal(o.share, `${at}.share`) };
    }),
    delegationRewardPenalties: list(r.delegationRewardPenalties, `${rp}.delegationRewardPenalties`).map((t, i) => {
      const at = `${rp}.delegationRewardPenalties[${i}]`;
      const o = obj(t, at);
      return { participant: text(o.participant, `${at}.participant`), penaltyFraction: parseOptionalChainDecimal(o.penaltyFraction, `${at}.penaltyFraction`) };
    }),
    exclusions: list(r.exclusions, `${rp}.exclusions`).map((e, i) => {
      const at = `${rp}.exclusions[${i}]`;
      const o = obj(e, at);
      return { address: intern(text(o.address, `${at}.address`)), reason: text(o.reason ?? "", `${at}.reason`), exclusionBlockHeight: checkedUint64(o.exclusionBlockHeight ?? 0, `${at}.exclusionBlockHeight`) };
    }),
  };
  const assumptions = list(r.assumptions, `${rp}.assumptions`).map((a, i) => {
    const o = obj(a, `${rp}.assumptions[${i}]`);
    const out: SettlementAssumption = { input: text(o.input, `${rp}.assumptions[${i}].input`), assumption: text(o.assumption, `${rp}.assumptions[${i}].assumption`), rowsAffected: Number(checkedUint64(o.rowsAffected ?? 0, `${rp}.assumptions[${i}].rowsAffected`)) };
    if (typeof o.flag === "string") out.flag = o.flag;
    return out;
  });
  const h = r.settlementHeight;
  return { input, settlementHeight: h === undefined || h === null ? null : checkedUint64(h, `${rp}.settlementHeight`), assumptions };
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
      confirmationWeightScales: input.confirmationWeightScales.map((s) => ({ modelId: s.modelId, weightScaleFactor: dec(s.weightScaleFactor) })),
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
