// The carried REST answers of real epochs (test/realdata/rest/epoch_N) in the chain client's decoded
// shapes, for tests whose fixture node serves real mainnet state. One conversion for every such test.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { Decimal, EpochGroupData, MLNodeInfo, Params } from "../../src/chain/gen/proto.js";
import { parseJson, type Json } from "../../src/go/json.js";
import { REALDATA_DIR } from "./load.js";

export type O = { [k: string]: Json };

/** One REST answer of epoch `e` (a `.gz` copy is read when the plain file is not carried). */
export function readRest(e: bigint, file: string): O {
  const p = join(REALDATA_DIR, "rest", `epoch_${e}`, file);
  return parseJson(existsSync(p) ? readFileSync(p, "utf8") : gunzipSync(readFileSync(`${p}.gz`)).toString("utf8")) as O;
}

export const big = (v: Json | undefined): bigint => (v === undefined || v === null ? 0n : BigInt(v as string));
export const dec = (v: Json | undefined): Decimal | undefined =>
  v === undefined || v === null ? undefined : { value: big((v as O).value), exponent: Number((v as O).exponent) };

export function mlNodeOf(n: Json): MLNodeInfo {
  const o = n as O;
  return { nodeId: String(o.node_id), throughput: big(o.throughput), pocWeight: big(o.poc_weight), timeslotAllocation: ((o.timeslot_allocation as boolean[] | null) ?? []).map((b) => b === true) };
}

/** An `epoch_group_data` answer as the decoded EpochGroupData. */
export function groupOf(j: O): Partial<EpochGroupData> {
  return {
    epochIndex: big(j.epoch_index),
    modelId: String(j.model_id ?? ""),
    epochGroupId: big(j.epoch_group_id),
    pocStartBlockHeight: big(j.poc_start_block_height),
    effectiveBlockHeight: big(j.effective_block_height),
    lastBlockHeight: big(j.last_block_height),
    totalWeight: big(j.total_weight),
    subGroupModels: ((j.sub_group_models as string[] | null) ?? []).map(String),
    validationWeights: ((j.validation_weights as O[] | null) ?? []).map((w) => ({
      memberAddress: String(w.member_address),
      weight: big(w.weight),
      reputation: Number(w.reputation ?? 0),
      mlNodes: ((w.ml_nodes as Json[] | null) ?? []).map(mlNodeOf),
      confirmationWeight: big(w.confirmation_weight),
      votingPower: big(w.voting_power),
    })),
    confirmationWeightScales: [],
  };
}

/**
 * The module params of epoch `e`'s dump (saved later than the epoch, see test/realdata/README.md), with
 * binom_test_p0 from the epoch group's own validation_params (the REST path's default).
 */
export function paramsOf(e: bigint): Partial<Params> & { epochParams: NonNullable<Params["epochParams"]> } {
  const params = readRest(e, "params.json").params as O;
  const ep = params.epoch_params as O;
  const rootJ = readRest(e, `epoch_group_data_${e}.json`).epoch_group_data as O;
  const br = params.bitcoin_reward_params as O;
  const poc = params.poc_params as O;
  return {
    epochParams: {
      epochLength: big(ep.epoch_length),
      epochMultiplier: big(ep.epoch_multiplier),
      epochShift: big(ep.epoch_shift),
      pocStageDuration: big(ep.poc_stage_duration),
      pocValidationDelay: big(ep.poc_validation_delay),
      pocValidationDuration: big(ep.poc_validation_duration),
      setNewValidatorsDelay: big(ep.set_new_validators_delay),
      inferenceValidationCutoff: big(ep.inference_validation_cutoff),
      pocSlotAllocation: dec(ep.poc_slot_allocation),
      confirmationPocSafetyWindow: big(ep.confirmation_poc_safety_window),
    } as NonNullable<Params["epochParams"]>,
    validationParams: { missPercentageCutoff: undefined, missRequestsPenalty: undefined, binomTestP0: dec((rootJ.validation_params as O).binom_test_p0), claimValidationEnabled: false },
    bitcoinRewardParams: {
      useBitcoinRewards: br.use_bitcoin_rewards === true,
      initialEpochReward: big(br.initial_epoch_reward),
      decayRate: dec(br.decay_rate),
      genesisEpoch: big(br.genesis_epoch),
      utilizationBonusFactor: dec(br.utilization_bonus_factor),
      fullCoverageBonusFactor: dec(br.full_coverage_bonus_factor),
      partialCoverageBonusFactor: dec(br.partial_coverage_bonus_factor),
    },
    pocParams: {
      weightScaleFactor: undefined,
      pocV2Enabled: poc.poc_v2_enabled === true,
      confirmationPocV2Enabled: poc.confirmation_poc_v2_enabled === true,
      validationSlots: Number(poc.validation_slots ?? 0),
      models: ((poc.models as O[] | null) ?? []).map((m) => ({ modelId: String(m.model_id), seqLen: big(m.seq_len), statTest: undefined, weightScaleFactor: dec(m.weight_scale_factor), penaltyStartEpoch: big(m.penalty_start_epoch) })),
    },
    collateralParams: { gracePeriodEndEpoch: big((params.collateral_params as O).grace_period_end_epoch) } as Params["collateralParams"],
  } as Partial<Params> & { epochParams: NonNullable<Params["epochParams"]> };
}

/** An `epochPerformanceSummary` row of epoch `e` as the decoded EpochPerformanceSummary. */
export function summaryOf(e: bigint, x: O) {
  return {
    epochIndex: e,
    participantId: String(x.participant_id),
    inferenceCount: big(x.inference_count),
    missedRequests: big(x.missed_requests),
    earnedCoins: big(x.earned_coins),
    rewardedCoins: big(x.rewarded_coins),
    burnedCoins: big(x.burned_coins),
    validatedInferences: big(x.validated_inferences),
    invalidatedInferences: big(x.invalidated_inferences),
    claimed: x.claimed === true,
  };
}
