/**
 * The settlement family's own vector suite for other languages: what each participant is paid,
 * getBitcoinSettleAmounts (Go GetBitcoinSettleAmounts, GetBitcoinSettleAmountsWithTransfers from
 * v0.2.14) at each chain version the port holds, on named boundary epochs and a seeded random set.
 * Every v0.2.10–v0.2.14 output is confirmed by compiled Go (test/settlement/spec-settle-suite.test.ts).
 */
import { compareGoStrings } from "../go/bytes.js";
import { INT64_MAX, INT64_MIN, UINT64_MAX } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { atLeast, type ChainVersion } from "../versions/chain-version.js";
import { settleScenarios } from "./settle-scenarios.js";
import { SETTLEMENT_VERSIONS } from "./settlement-versions.js";
import type { ExportSuite } from "../vectors/export-types.js";
import { buildCases, chainDecimalField, enumField, intField, type CaseInput } from "../vectors/spec-suite.js";
import { exactObject, expectArray, expectBoolean, expectString, isJsonObject, type JsonObject } from "../json-input.js";
import type { SuiteTable } from "../vectors/types.js";
import { getBitcoinSettleAmounts } from "./get-bitcoin-settle-amounts.js";
import { settleAmountWritten } from "./settle-accounts.js";
import { PARTICIPANT_STATUSES, type SettlementInput, type SettlementMLNode } from "./settlement-types.js";

export const SETTLE_AMOUNTS_SUITE = "spec_settle_amounts";

export { SETTLEMENT_VERSIONS } from "./settlement-versions.js";
export { RANDOM_EPOCHS, settleScenarios } from "./settle-scenarios.js";

const INPUT_FIELDS = [
  "version",
  "epoch",
  "participants",
  "validationWeights",
  "subgroups",
  "confirmationWeightScales",
  "pocModelScales",
  "collateralGracePeriodEndEpoch",
  "bitcoinRewardParams",
  "validationParams",
  "settleParameters",
  "delegationRewardTransfers",
  "delegationRewardPenalties",
] as const;

const FIELDS = {
  participant: ["address", "status", "coinBalance", "currentEpochStats"],
  stats: ["inferenceCount", "missedRequests"],
  validationWeight: ["memberAddress", "weight", "confirmationWeight", "mlNodes"],
  node: ["pocWeight", "timeslotAllocation"],
  subgroup: ["modelId", "validationWeights"],
  subgroupWeight: ["memberAddress", "mlNodes"],
  scale: ["modelId", "weightScaleFactor"],
  /** A v0.2.16 confirmation scale: also the controller's effective coefficient and the exclusion flag. */
  dynamicScale: ["modelId", "weightScaleFactor", "effectiveCoefficient", "excludeFromConfirmation"],
  bitcoinRewardParams: ["initialEpochReward", "decayRate", "genesisEpoch"],
  validationParams: ["binomTestP0"],
  settleParameters: ["totalSubsidyPaid", "totalSubsidySupply"],
  transfer: ["from", "to", "modelId", "share"],
  penalty: ["participant", "penaltyFraction"],
} as const;

const int64 = (v: Json | undefined, path: string): bigint => intField(v, path, INT64_MIN, INT64_MAX);
const uint64 = (v: Json | undefined, path: string): bigint => intField(v, path, 0n, UINT64_MAX);

/** The elements of an array field, each read by `f` with its path. */
function each<T>(v: Json | undefined, path: string, f: (x: Json, path: string, i: number) => T): T[] {
  return expectArray(v, path).map((x, i) => f(x, `${path}[${i}]`, i));
}

/** Nodes: `{pocWeight, timeslotAllocation}` or null; node j is named "n<j>" (settlement never reads the id). */
function nodes(v: Json | undefined, path: string): (SettlementMLNode | null)[] {
  return each(v, path, (n, p, j) => {
    if (n === null) return null;
    const o = exactObject(n, FIELDS.node, p);
    return { nodeId: `n${j}`, pocWeight: int64(o.pocWeight, `${p}.pocWeight`), throughput: 0n, timeslotAllocation: each(o.timeslotAllocation, `${p}.timeslotAllocation`, (b, q) => expectBoolean(b, q)) };
  });
}

/** Scales `{modelId, weightScaleFactor}`, or (confirmation scales, v0.2.16) with `effectiveCoefficient` and `excludeFromConfirmation` too. */
function scales(v: Json | undefined, path: string, dynamic = false): SettlementInput["pocModelScales"] {
  return each(v, path, (s, p) => {
    const full = dynamic && isJsonObject(s) && "effectiveCoefficient" in s;
    const o = exactObject(s, full ? FIELDS.dynamicScale : FIELDS.scale, p);
    const base = { modelId: expectString(o.modelId, `${p}.modelId`), weightScaleFactor: chainDecimalField(o.weightScaleFactor, `${p}.weightScaleFactor`) };
    if (!full) return base;
    return { ...base, effectiveCoefficient: chainDecimalField(o.effectiveCoefficient, `${p}.effectiveCoefficient`), excludeFromConfirmation: expectBoolean(o.excludeFromConfirmation, `${p}.excludeFromConfirmation`) };
  });
}

/** A case input read strictly: every field present, no unknown field, integers in their Go ranges. */
export function parseSettleAmountsInput(input: Json): { version: ChainVersion; input: SettlementInput } {
  const i = exactObject(input, INPUT_FIELDS, "input");
  const version = enumField(i.version, "input.version", SETTLEMENT_VERSIONS);
  const bp = exactObject(i.bitcoinRewardParams, FIELDS.bitcoinRewardParams, "input.bitcoinRewardParams");
  const sp = exactObject(i.settleParameters, FIELDS.settleParameters, "input.settleParameters");
  const vp = i.validationParams === null ? null : exactObject(i.validationParams, FIELDS.validationParams, "input.validationParams");
  const grace = i.collateralGracePeriodEndEpoch;
  return {
    version,
    input: {
      epoch: uint64(i.epoch, "input.epoch"),
      participants: each(i.participants, "input.participants", (x, p) => {
        const o = exactObject(x, FIELDS.participant, p);
        const st = o.currentEpochStats === null ? null : exactObject(o.currentEpochStats, FIELDS.stats, `${p}.currentEpochStats`);
        return {
          address: expectString(o.address, `${p}.address`),
          status: enumField(o.status, `${p}.status`, PARTICIPANT_STATUSES),
          coinBalance: int64(o.coinBalance, `${p}.coinBalance`),
          currentEpochStats: st === null ? null : { inferenceCount: uint64(st.inferenceCount, `${p}.currentEpochStats.inferenceCount`), missedRequests: uint64(st.missedRequests, `${p}.currentEpochStats.missedRequests`) },
        };
      }),
      validationWeights: each(i.validationWeights, "input.validationWeights", (x, p) => {
        const o = exactObject(x, FIELDS.validationWeight, p);
        return { memberAddress: expectString(o.memberAddress, `${p}.memberAddress`), weight: int64(o.weight, `${p}.weight`), confirmationWeight: int64(o.confirmationWeight, `${p}.confirmationWeight`), mlNodes: nodes(o.mlNodes, `${p}.mlNodes`) };
      }),
      subgroups: each(i.subgroups, "input.subgroups", (x, p) => {
        const o = exactObject(x, FIELDS.subgroup, p);
        return {
          modelId: expectString(o.modelId, `${p}.modelId`),
          validationWeights: each(o.validationWeights, `${p}.validationWeights`, (y, q) => {
            const w = exactObject(y, FIELDS.subgroupWeight, q);
            return { memberAddress: expectString(w.memberAddress, `${q}.memberAddress`), mlNodes: nodes(w.mlNodes, `${q}.mlNodes`) };
          }),
        };
      }),
      confirmationWeightScales: scales(i.confirmationWeightScales, "input.confirmationWeightScales", true),
      pocModelScales: scales(i.pocModelScales, "input.pocModelScales"),
      collateralGracePeriodEndEpoch: grace === null ? null : uint64(grace, "input.collateralGracePeriodEndEpoch"),
      bitcoinRewardParams: {
        initialEpochReward: uint64(bp.initialEpochReward, "input.bitcoinRewardParams.initialEpochReward"),
        decayRate: chainDecimalField(bp.decayRate, "input.bitcoinRewardParams.decayRate"),
        genesisEpoch: uint64(bp.genesisEpoch, "input.bitcoinRewardParams.genesisEpoch"),
        useBitcoinRewards: true,
      },
      validationParams: vp === null ? null : { binomTestP0: chainDecimalField(vp.binomTestP0, "input.validationParams.binomTestP0") },
      graceEpoch: null,
      settleParameters: { totalSubsidyPaid: int64(sp.totalSubsidyPaid, "input.settleParameters.totalSubsidyPaid"), totalSubsidySupply: int64(sp.totalSubsidySupply, "input.settleParameters.totalSubsidySupply") },
      delegationRewardTransfers: each(i.delegationRewardTransfers, "input.delegationRewardTransfers", (x, p) => {
        const o = exactObject(x, FIELDS.transfer, p);
        return { from: expectString(o.from, `${p}.from`), to: expectString(o.to, `${p}.to`), modelId: expectString(o.modelId, `${p}.modelId`), share: chainDecimalField(o.share, `${p}.share`) };
      }),
      delegationRewardPenalties: each(i.delegationRewardPenalties, "input.delegationRewardPenalties", (x, p) => {
        const o = exactObject(x, FIELDS.penalty, p);
        return { participant: expectString(o.participant, `${p}.participant`), penaltyFraction: chainDecimalField(o.penaltyFraction, `${p}.penaltyFraction`) };
      }),
      exclusions: [],
    },
  };
}

function runSettleAmounts(input: Json): unknown {
  const { version, input: s } = parseSettleAmountsInput(input);
  // SettleAccounts passes Go's nil *ValidationParams when the params hold none; the port reads null the same way.
  const r = getBitcoinSettleAmounts(s, s.validationParams!, version);
  const v14 = atLeast(version, "v0.2.14"); // the per-participant weights GetBitcoinSettleAmountsWithTransfers returns
  const v16 = atLeast(version, "v0.2.16"); // BitcoinResult.FailedMissRate
  return {
    participants: r.participants.map((p) => ({
      participant: p.address,
      workCoins: p.workCoins,
      rewardCoins: p.rewardCoins,
      negativeBalanceError: p.negativeBalanceError,
      settleAmountWritten: settleAmountWritten(p.workCoins, p.rewardCoins, p.negativeBalanceError, version),
      ...(v14 ? { rewardWeight: p.rewardWeight, fullWeight: p.fullWeight, totalRewardWeight: r.totalFullWeight } : {}),
    })),
    amount: r.result.amount,
    governanceAmount: r.result.governanceAmount,
    epochNumber: r.result.epochNumber,
    decayApplied: r.result.decayApplied,
    ...(v16 ? { failedMissRate: r.failedMissRate === null ? null : [...r.failedMissRate].sort(compareGoStrings) } : {}),
  };
}

/** The suite's cases: each scenario at each of its versions, named `<scenario>@<version>`. */
function inputs(): CaseInput[] {
  return settleScenarios().flatMap((s) => s.versions.map((version) => ({ name: `${s.name}@${version}`, input: { version, ...s.input } })));
}

export const settleAmountsExport: ExportSuite = {
  name: SETTLE_AMOUNTS_SUITE,
  function: "getBitcoinSettleAmounts: what each participant of an epoch is paid (Go GetBitcoinSettleAmounts; GetBitcoinSettleAmountsWithTransfers from v0.2.14)",
  source:
    "gonka-spec src/settlement/get-bitcoin-settle-amounts.ts, calculate-participant-bitcoin-rewards.ts (chain: inference-chain/x/inference/keeper/bitcoin_rewards.go at bb2de824 v0.2.10, bd1fd508 v0.2.11, d8b8e907 v0.2.12, 17808620 v0.2.13, ee730031 v0.2.14; v0.2.15 zpoken/gonka@89ff8bdb)",
  notes:
    "input.version is the chain version whose rules settle the epoch (v0.2.10 ... v0.2.15). The rest is what the rule reads: " +
    "epoch (uint64); participants = GetActiveParticipants resolved to Participant records, in stored order (status: the " +
    "ParticipantStatus name; coinBalance int64; currentEpochStats {inferenceCount, missedRequests} uint64 or null = Go's nil); " +
    "validationWeights = the root EpochGroupData's (weight, confirmationWeight int64; mlNodes: the root's own nodes); " +
    "subgroups = the per-model EpochGroupData (modelId, validationWeights [{memberAddress, mlNodes}]), as " +
    "AggregateMLNodesFromModelSubgroups reads them (flat over models before v0.2.12, per model from v0.2.12; a subgroup with an " +
    "empty modelId is skipped); a node is {pocWeight int64, timeslotAllocation [bool]} or null (node ids are not read); " +
    "confirmationWeightScales = EpochGroupData.confirmation_weight_scales (read from v0.2.13), pocModelScales = " +
    "PocParams.models[].weight_scale_factor (read at v0.2.12); collateralGracePeriodEndEpoch (uint64 or null = no collateral " +
    "params; v0.2.11 rescales when the epoch is after it, as SettleAccounts decides); bitcoinRewardParams {initialEpochReward " +
    "uint64, decayRate, genesisEpoch uint64} (use_bitcoin_rewards true); validationParams {binomTestP0} or null = Go's nil " +
    "(what SettleAccounts passes, the grace-epoch override already applied); settleParameters {totalSubsidyPaid, " +
    "totalSubsidySupply} int64; delegationRewardTransfers [{from, to, modelId, share}] and delegationRewardPenalties " +
    "[{participant, penaltyFraction}] (read from v0.2.14). Decimals are the chain's {value int64, exponent int32} or null. " +
    "output.participants: one row per input participant, in input order: participant, workCoins, rewardCoins (uint64), " +
    "negativeBalanceError (Go's ErrNegativeCoinBalance on the row), settleAmountWritten (whether SettleAccounts writes the " +
    "SettleAmount: no error and work + reward != 0, a wrapping uint64 sum before v0.2.14, a carry-checked one from v0.2.14), " +
    "and from v0.2.14 rewardWeight, fullWeight, totalRewardWeight (uint64, as the WithTransfers result carries them); then " +
    "amount (the minted fixed reward, int64), governanceAmount (int64), epochNumber, decayApplied. {\"error\": ...} where Go " +
    "returns an error (no participants: Go refuses a nil list, and on chain the list is nil exactly when empty); {\"panic\": ...} " +
    "where Go panics (nil epoch stats read by the miss test, LegacyDec MulInt64 / TruncateInt64 out of range). Cases are named " +
    "<scenario>@<version>; random_seed_* are seeded random epochs (Go math/rand). Every v0.2.10 ... v0.2.14 output was " +
    "confirmed by running the Go functions compiled from those commits; v0.2.15 has no compiled Go here: its outputs are the " +
    "port's, and v0.2.15 differs from v0.2.14 only in the switches docs/versions.md lists (in this rule: ToLegacyDec refuses a " +
    "decimal exponent outside +-18, so such a scale factor is 1 and such a share or penalty fraction 0; the exponent_bound_* " +
    "and *_written_exponent_minus_19 cases show it).",
  inputFields: [...INPUT_FIELDS],
  outputFields: ["participants[participant, workCoins, rewardCoins, negativeBalanceError, settleAmountWritten, rewardWeight, fullWeight, totalRewardWeight]", "amount", "governanceAmount", "epochNumber", "decayApplied"],
  cases: () => buildCases(SETTLE_AMOUNTS_SUITE, runSettleAmounts, inputs()),
};

export const exportSuites: ExportSuite[] = [settleAmountsExport];

/** Replay adapters for `vectors check` (registered in src/vectors/registry.ts). */
export const suites: SuiteTable = {
  [SETTLE_AMOUNTS_SUITE]: { run: runSettleAmounts },
  // the same input format, v0.2.16 cases run through compiled release Go (test/vectors/go-v0.2.16/)
  v0216_settle_amounts: { run: runSettleAmounts },
};
