// Real mainnet epochs 247–249 (test/realdata/rest, carried copies of ../shared/realdata/rest) held by a
// fixture node as the chain holds them at each height: before an epoch's settlement block S its
// participants carry their live counts and coin balances and no performance summary exists; from S on
// the summaries exist (what the chain paid) and the balances are reset. v0.2.11 until a v0.2.12 plan
// applied between S(247) and S(248), as on mainnet (src/versions/upgrade-table.ts).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { Decimal, EpochGroupData, MLNodeInfo, Params, Participant } from "../../src/chain/gen/proto.js";
import { UPGRADE_PLAN_NAMES } from "../../src/chain/applied-plan.js";
import { emptyFixtureState, type FixtureChainState } from "../../src/chain/testing/fixture-state.js";
import { parseJson, type Json } from "../../src/go/json.js";

type O = { [k: string]: Json };
export const REAL_EPOCHS = [247n, 248n, 249n] as const;
const dirOf = (e: bigint): string => `test/realdata/rest/epoch_${e}`;

const read = (e: bigint, f: string): O => {
  const p = join(dirOf(e), f);
  return parseJson(existsSync(p) ? readFileSync(p, "utf8") : gunzipSync(readFileSync(`${p}.gz`)).toString("utf8")) as O;
};
const big = (v: Json | undefined): bigint => (v === undefined || v === null ? 0n : BigInt(v as string));
const dec = (v: Json | undefined): Decimal | undefined => (v === undefined || v === null ? undefined : { value: big((v as O).value), exponent: Number((v as O).exponent) });

function node(n: Json): MLNodeInfo {
  const o = n as O;
  return { nodeId: String(o.node_id), throughput: big(o.throughput), pocWeight: big(o.poc_weight), timeslotAllocation: ((o.timeslot_allocation as boolean[] | null) ?? []).map((b) => b === true) };
}

function group(j: O): Partial<EpochGroupData> {
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
      mlNodes: ((w.ml_nodes as Json[] | null) ?? []).map(node),
      confirmationWeight: big(w.confirmation_weight),
      votingPower: big(w.voting_power),
    })),
    confirmationWeightScales: [],
  };
}

interface RealEpoch {
  epoch: bigint;
  params: Partial<Params>;
  groups: Partial<EpochGroupData>[];
  summaries: O[];
  excluded: { address: string; epochIndex: bigint; reason: string; exclusionBlockHeight: bigint }[];
  pocStart: bigint;
  effective: bigint;
  epochLength: bigint;
  /** poc_stage_duration + poc_validation_delay + poc_validation_duration. */
  toS: bigint;
}

function realEpoch(e: bigint): RealEpoch {
  const params = read(e, "params.json").params as O;
  const ep = params.epoch_params as O;
  const rootJ = read(e, `epoch_group_data_${e}.json`).epoch_group_data as O;
  const root = group(rootJ);
  const br = params.bitcoin_reward_params as O;
  const poc = params.poc_params as O;
  const epochParams = {
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
  };
  const p: Partial<Params> = {
    epochParams,
    // The REST path's default: binom_test_p0 of the epoch group's own copy.
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
  };
  const groups = [root, ...root.subGroupModels!.map((m) => group(read(e, `epoch_group_data_${e}__${m.replace(/\//g, "_")}.json`).epoch_group_data as O))];
  return {
    epoch: e,
    params: p,
    groups,
    summaries: read(e, `epoch_performance_summary_${e}.json`).epochPerformanceSummary as O[],
    excluded: (read(e, `excluded_participants_${e}.json`).items as O[]).map((x) => ({ address: String(x.address), epochIndex: big(x.epoch_index), reason: String(x.reason), exclusionBlockHeight: big(x.exclusion_block_height) })),
    pocStart: root.pocStartBlockHeight!,
    effective: root.effectiveBlockHeight!,
    epochLength: epochParams.epochLength,
    toS: epochParams.pocStageDuration + epochParams.pocValidationDelay + epochParams.pocValidationDuration,
  };
}

export interface RealNode {
  /** The settlement block of each epoch. */
  S: Map<bigint, bigint>;
  /** Block the v0.2.12 plan is applied at. */
  v12: bigint;
  stateAt: (h: number) => FixtureChainState;
}

/** The chain over epochs 247–249 (and epoch 250's PoC start, from which S(249) is read). */
export function realNode(): RealNode {
  const eps = REAL_EPOCHS.map(realEpoch);
  const poc250 = eps[2]!.pocStart + eps[2]!.epochLength;
  const pocNext = (i: number): bigint => (i + 1 < eps.length ? eps[i + 1]!.pocStart : poc250);
  const S = new Map(eps.map((e, i) => [e.epoch, pocNext(i) + e.toS] as const));
  const v12 = (S.get(247n)! + S.get(248n)!) / 2n;
  const stub250: Partial<EpochGroupData> = { epochIndex: 250n, modelId: "", epochGroupId: 986n, pocStartBlockHeight: poc250, effectiveBlockHeight: S.get(249n)! + 120n, subGroupModels: [], validationWeights: [] };
  const cache = new Map<number, FixtureChainState>();
  const stateAt = (hn: number): FixtureChainState => {
    const hit = cache.get(hn);
    if (hit) return hit;
    const h = BigInt(hn);
    const st = emptyFixtureState();
    const v = h >= v12 ? "v0.2.12" : "v0.2.11";
    st.chainVersion = v;
    st.appliedPlans = new Map();
    for (const [i, name] of UPGRADE_PLAN_NAMES.entries()) {
      if (name === "v0.2.12") {
        st.appliedPlans.set(name, v12);
        break;
      }
      st.appliedPlans.set(name, BigInt(10 * (i + 1)));
    }
    // The epoch being settled next at h (live counts), or none after S(249).
    const iLive = eps.findIndex((e) => h < S.get(e.epoch)!);
    st.params = (iLive >= 0 ? eps[iLive]! : eps[2]!).params;
    st.effectiveEpoch = [...eps.filter((e) => e.effective <= h).map((e) => e.epoch), ...(h >= stub250.effectiveBlockHeight! ? [250n] : [])].at(-1);
    for (const e of eps) {
      if (e.pocStart > h) continue;
      st.epochs.push({ index: e.epoch, pocStartBlockHeight: e.pocStart });
      st.groups.push(...e.groups);
      st.excluded.push(...e.excluded);
      st.activeParticipants.set(e.epoch, {
        participants: e.summaries.map((x) => ({ index: String(x.participant_id), validatorKey: "", weight: 0n, inferenceUrl: "", models: [], mlNodes: [], votingPowers: [] })),
        epochId: e.epoch,
      });
      if (h >= S.get(e.epoch)!) {
        st.summaries.push(
          ...e.summaries.map((x) => ({
            epochIndex: e.epoch,
            participantId: String(x.participant_id),
            inferenceCount: big(x.inference_count),
            missedRequests: big(x.missed_requests),
            earnedCoins: big(x.earned_coins),
            rewardedCoins: big(x.rewarded_coins),
            burnedCoins: big(x.burned_coins),
            validatedInferences: big(x.validated_inferences),
            invalidatedInferences: big(x.invalidated_inferences),
            claimed: x.claimed === true,
          })),
        );
      }
    }
    if (poc250 <= h) {
      st.epochs.push({ index: 250n, pocStartBlockHeight: poc250 });
      st.groups.push(stub250);
    }
    if (iLive >= 0) {
      // The same status and balance rule as the REST path (the dump has neither): excluded → not
      // ACTIVE, a positive earned_coins is the balance.
      const e = eps[iLive]!;
      const reasons = new Map(e.excluded.map((x) => [x.address, x.reason]));
      st.participants = e.summaries.map((x): Partial<Participant> => {
        const reason = reasons.get(String(x.participant_id));
        return {
          index: String(x.participant_id),
          address: String(x.participant_id),
          status: reason === undefined ? 1 : ["consecutive_failures", "statistical_invalidations", "invalidated"].includes(reason) ? 3 : 2,
          coinBalance: big(x.earned_coins),
          currentEpochStats: { inferenceCount: big(x.inference_count), missedRequests: big(x.missed_requests), earnedCoins: 0n, rewardedCoins: 0n, burnedCoins: 0n, validatedInferences: 0n, invalidatedInferences: 0n },
        };
      });
    }
    cache.set(hn, st);
    return st;
  };
  return { S, v12, stateAt };
}
