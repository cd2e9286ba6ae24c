/**
 * The status scenario (status-scenario.ts) as people save it and as a node serves it: REST/LCD answers
 * (snake_case, int64 as strings, as the chain's gateway writes them), CometBFT `block` and
 * `block_results` JSON-RPC answers with the transactions base64, `devshard_escrow` and
 * `devshard_host_epoch_stats` answers; and the fixture node's state at any height.
 */
import type { ChainDecimal } from "../go/chain-decimal.js";
import type { Participant } from "../chain/gen/proto.js";
import { STATUS_NAMES, type EpochStats } from "../status/status-types.js";
import type { ReplayResult } from "../status-replay/replay-status.js";
import { appliedPlansUpTo, emptyFixtureState, type FixtureChainState } from "./fixture-state.js";
import type { FixtureTx } from "./fixture-txs.js";
import {
  CPOC, CREATOR, ESCROWS, HOSTS, SCENARIO_ALPHA, SCENARIO_START, SCENARIO_EPOCH, SCENARIO_EPOCH_PARAMS, SCENARIO_HEIGHTS, SCENARIO_POC_START, SCENARIO_PROPOSAL, SCENARIO_VALIDATION, SCENARIO_EPOCH_SHIFT, SCENARIO_INITIAL_EPOCH_REWARD,
  mainnetParams, scenarioHistories, scenarioParams, TXS,
} from "./status-scenario.js";

type J = { [k: string]: unknown };
const s = (x: bigint | number): string => String(x);
const dec = (d: ChainDecimal | null): J | null => (d === null ? null : { value: s(d.value), exponent: d.exponent });
export const SCENARIO_MODEL = "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8";
/** Each host's PoC weight (one ML node each). */
export const WEIGHTS = [41_000n, 36_500n, 52_000n, 28_750n, 33_000n, 19_250n];

function validationParamsJson(v: typeof SCENARIO_VALIDATION): J {
  return {
    false_positive_rate: dec(v.falsePositiveRate), bad_participant_invalidation_rate: dec(v.badParticipantInvalidationRate), invalidation_h_threshold: dec(v.invalidationHThreshold),
    downtime_good_percentage: dec(v.downtimeGoodPercentage), downtime_bad_percentage: dec(v.downtimeBadPercentage), downtime_h_threshold: dec(v.downtimeHThreshold),
    quick_failure_threshold: dec(v.quickFailureThreshold), invalid_reputation_preserve: dec(v.invalidReputationPreserve), downtime_reputation_preserve: dec(v.downtimeReputationPreserve),
    binom_test_p0: { value: "1", exponent: -1 }, miss_percentage_cutoff: { value: "1", exponent: -2 }, miss_requests_penalty: { value: "1", exponent: 0 }, claim_validation_enabled: false,
  };
}

const lastCounts = (r: ReplayResult) => r.steps.at(-1)!.counts;
const rpc = (result: J): J => ({ jsonrpc: "2.0", id: -1, result });
const hex = (n: bigint, len = 64): string => n.toString(16).toUpperCase().padStart(len, "0").slice(-len);

/** Every saved answer of the scenario, by file name; `rewarded` gives each host's rewarded coins (the generator settles the epoch). */
export function scenarioRestFiles(rewarded: (address: string) => bigint = () => 0n): Map<string, J> {
  const files = new Map<string, J>();
  const hist = scenarioHistories();
  const E = SCENARIO_EPOCH;
  const weights = HOSTS.map((h, i) => ({ member_address: h, weight: s(WEIGHTS[i]!), confirmation_weight: s(WEIGHTS[i]!), voting_power: s(WEIGHTS[i]!), reputation: 0, ml_nodes: [] }));
  const common = { epoch_index: s(E), poc_start_block_height: s(SCENARIO_POC_START), epoch_policy: "gonka1epochpolicy", number_of_requests: "0", previous_epoch_requests: "0", total_throughput: "0", unit_of_compute_price: "100" };
  files.set(`epoch_group_data_${E}.json`, {
    epoch_group_data: {
      ...common, model_id: "", epoch_group_id: "1880", effective_block_height: s(SCENARIO_HEIGHTS.effective), last_block_height: s(SCENARIO_HEIGHTS.settlement + SCENARIO_EPOCH_PARAMS.setNewValidatorsDelay - 1n),
      sub_group_models: [SCENARIO_MODEL], total_weight: s(WEIGHTS.reduce((a, b) => a + b, 0n)), validation_weights: weights, validation_params: validationParamsJson(SCENARIO_VALIDATION), confirmation_weight_scales: [],
    },
  });
  files.set(`epoch_group_data_${E}__${SCENARIO_MODEL.replace("/", "_")}.json`, {
    epoch_group_data: {
      ...common, model_id: SCENARIO_MODEL, epoch_group_id: "1881", effective_block_height: "0", last_block_height: "0", sub_group_models: [], total_weight: "0", validation_params: null,
      validation_weights: HOSTS.map((h, i) => ({ ...weights[i]!, ml_nodes: [{ node_id: `node${i + 1}`, poc_weight: s(WEIGHTS[i]!), throughput: "0", timeslot_allocation: [true, false] }] })),
    },
  });
  const ex = hist.flatMap((r, i) => (r.excluded === null ? [] : [{ address: HOSTS[i]!, epoch_index: s(E), exclusion_block_height: s(r.excluded.height), reason: r.excluded.reason }]));
  files.set(`excluded_participants_${E}.json`, { items: ex });
  files.set(`epoch_performance_summary_${E}.json`, {
    epochPerformanceSummary: HOSTS.map((h, i) => {
      const c = lastCounts(hist[i]!);
      return { epoch_index: s(E), participant_id: h, inference_count: s(c.inferences), missed_requests: s(c.missed), validated_inferences: s(c.validated), invalidated_inferences: s(c.invalidated), earned_coins: "0", rewarded_coins: s(rewarded(h)), burned_coins: "0", claimed: false };
    }),
  });
  // saved after governance raised H, P1 and turned the downtime test off: not the params of the epoch
  files.set("params.json", { params: scenarioWholeParams(true) });
  files.set(`confirmation_poc_events_${E}.json`, { events: [{ epoch_index: s(E), event_sequence: s(CPOC.sequence), trigger_height: s(CPOC.trigger), generation_start_height: s(CPOC.generationStart), phase: "CONFIRMATION_POC_COMPLETED", poc_seed_block_hash: hex(CPOC.trigger) }] });
  for (const h of [...new Set(TXS.map((t) => t.height))]) {
    const txs = TXS.filter((t) => t.height === h).sort((a, b) => a.index - b.index);
    files.set(`block_${h}.json`, rpc({
      block_id: { hash: hex(h * 7919n), parts: { total: 1, hash: hex(h * 104729n) } },
      block: { header: { version: { block: "11" }, chain_id: "gonka-mainnet", height: s(h), time: "2026-08-14T10:00:00Z", proposer_address: hex(h, 40) }, data: { txs: txs.map((t) => Buffer.from(t.bytes).toString("base64")) }, evidence: { evidence: [] }, last_commit: null },
    }));
    files.set(`block_results_${h}.json`, rpc({
      height: s(h),
      txs_results: txs.map((t) => ({ code: t.code, codespace: t.code === 0 ? "" : "inference", log: t.code === 0 ? "" : "failed to execute message; message index: 0: escrow 904: state_root mismatch", info: "", gas_wanted: "400000", gas_used: "251000", data: "", events: t.code === 0 && t.settle !== null ? [{ type: "devshard_escrow_settled", attributes: [{ key: "escrow_id", value: s(t.settle.escrowId), index: true }] }] : [] })),
      finalize_block_events: [], validator_updates: null, consensus_param_updates: null, app_hash: hex(h * 31n),
    }));
  }
  for (const e of ESCROWS) {
    files.set(`devshard_escrow_${e.id}.json`, { escrow: { id: s(e.id), creator: CREATOR, amount: "1000000000", slots: e.slots, epoch_index: s(e.epoch), app_hash: "", settled: e.id !== 904n, token_price: "10", model_id: SCENARIO_MODEL }, found: true });
  }
  for (const [i, h] of HOSTS.entries()) {
    let count = 0;
    let missed = 0n;
    let invalid = 0n;
    for (const t of TXS) {
      if (t.settle === null || t.code !== 0) continue;
      const e = ESCROWS.find((x) => x.id === t.settle!.escrowId)!;
      const mine = t.settle.hostStats.filter((x) => e.slots[Number(x.slotId)] === h);
      if (e.epoch !== SCENARIO_EPOCH || mine.length === 0) continue;
      count++;
      for (const x of mine) (missed += x.missed), (invalid += x.invalid);
    }
    files.set(`devshard_host_epoch_stats_${E}_${h}.json`, { stats: { participant: h, epoch_index: s(E), missed: Number(missed), invalid: Number(invalid), cost: s(1000 * count * (i < 4 ? 3 : 2)), required_validations: 0, completed_validations: 0, escrow_count: count }, found: true });
  }
  return files;
}

function statsProto(x: EpochStats | null): Participant["currentEpochStats"] {
  if (x === null) return undefined;
  return { inferenceCount: x.inferenceCount, missedRequests: x.missedRequests, earnedCoins: 0n, rewardedCoins: 0n, burnedCoins: 0n, validatedInferences: x.validatedInferences, invalidatedInferences: x.invalidatedInferences, invalidLLR: x.invalidLlr ?? undefined, inactiveLLR: x.inactiveLlr ?? undefined, confirmationPoCRatio: x.confirmationPoCRatio ?? undefined };
}

/** The fixture node's state after block `height` (a v0.2.16 node of the scenario's chain). */
export function scenarioNodeState(height: bigint, hist: ReplayResult[] = scenarioHistories(), rewarded: ReadonlyMap<string, bigint> = new Map()): FixtureChainState {
  const st = emptyFixtureState();
  const E = SCENARIO_EPOCH;
  st.params = scenarioParams(height);
  st.chainVersion = "v0.2.16";
  st.appliedPlans = new Map([...appliedPlansUpTo("v0.2.16")].map(([n, h], i, all) => [n, i === all.length - 1 ? 6_449_400n : BigInt(h)]));
  st.effectiveEpoch = height >= SCENARIO_HEIGHTS.effective ? E : E - 1n;
  st.groups = [{ epochIndex: E, modelId: "", pocStartBlockHeight: SCENARIO_POC_START, effectiveBlockHeight: SCENARIO_HEIGHTS.effective, lastBlockHeight: 0n, totalWeight: 0n, subGroupModels: [SCENARIO_MODEL], validationWeights: HOSTS.map((h, i) => ({ memberAddress: h, weight: WEIGHTS[i]!, reputation: 0, mlNodes: [], confirmationWeight: WEIGHTS[i]!, votingPower: WEIGHTS[i]! })), confirmationWeightScales: [] }];
  if (height >= SCENARIO_HEIGHTS.settlement - 280n) st.groups.push({ epochIndex: E + 1n, modelId: "", pocStartBlockHeight: SCENARIO_POC_START + SCENARIO_EPOCH_PARAMS.epochLength, validationWeights: [], subGroupModels: [] });
  st.activeParticipants = new Map([E - 1n, E].map((e) => [e, { participants: HOSTS.map((h) => ({ index: h, validatorKey: "", weight: 1n, inferenceUrl: "", models: [], mlNodes: [], votingPowers: [], capWeight: 0n })), epochId: e }]));
  st.cpocEvents = [{ epochIndex: E, eventSequence: CPOC.sequence, triggerHeight: CPOC.trigger, generationStartHeight: CPOC.generationStart, phase: height >= CPOC.evaluation ? 4 : 1, pocSeedBlockHash: "" }] as FixtureChainState["cpocEvents"];
  st.devshardEscrows = ESCROWS.map((e) => ({ id: e.id, creator: CREATOR, amount: 1_000_000_000n, slots: e.slots, epochIndex: e.epoch, settled: false, modelId: SCENARIO_MODEL }));
  // each host's record after the last update at or before `height`
  st.participants = HOSTS.map((h, i) => {
    const rec = hist[i]!.steps.filter((x) => x.event.height <= height).at(-1)?.record ?? SCENARIO_START;
    return { index: h, address: h, status: STATUS_NAMES.indexOf(rec.status), coinBalance: 0n, consecutiveInvalidInferences: rec.consecutiveInvalidInferences, epochsCompleted: rec.epochsCompleted, currentEpochStats: statsProto(rec.currentEpochStats) };
  });
  st.excluded = hist.flatMap((r, i) => (r.excluded !== null && r.excluded.height <= height ? [{ address: HOSTS[i]!, epochIndex: E, reason: r.excluded.reason, exclusionBlockHeight: r.excluded.height }] : []));
  if (height >= SCENARIO_HEIGHTS.statsReset) st.summaries.push(...HOSTS.map((h) => ({ epochIndex: E - 1n, participantId: h })));
  if (height >= SCENARIO_HEIGHTS.settlement) st.summaries.push(...HOSTS.map((h, i) => { const c = hist[i]!.steps.at(-1)!.counts; return { epochIndex: E, participantId: h, inferenceCount: c.inferences, missedRequests: c.missed, validatedInferences: c.validated, invalidatedInferences: c.invalidated, rewardedCoins: rewarded.get(h) ?? 0n }; }));
  return st;
}

/** The scenario's transactions as the test node's index holds them (a successful settlement carries the handler's event). */
export function scenarioTxs(): FixtureTx[] {
  return TXS.map((t) => ({ height: t.height, index: t.index, code: t.code, bytes: t.bytes, events: t.code === 0 && t.settle !== null ? [{ type: "devshard_escrow_settled", attributes: [{ key: "escrow_id", value: s(t.settle.escrowId) }] }] : [] }));
}

/** The scenario's params answer: the epoch's (`after` false) or the one saved after governance's change (true); only what the rules read (mainnet's values but for the status tests' after the change; the PoC models are mainnet's list, ./scenarioWholeParams). */
export function scenarioParamsJson(after: boolean): J {
  return {
    epoch_params: { epoch_length: s(SCENARIO_EPOCH_PARAMS.epochLength), epoch_multiplier: "1", epoch_shift: s(SCENARIO_EPOCH_SHIFT), poc_stage_duration: "35", poc_exchange_duration: "0", poc_validation_delay: "5", poc_validation_duration: "240", set_new_validators_delay: "120", inference_validation_cutoff: "2", poc_slot_allocation: { value: "1", exponent: -1 }, confirmation_poc_safety_window: "500", default_unit_of_compute_price: "100" },
    validation_params: validationParamsJson(after ? { ...SCENARIO_VALIDATION, ...SCENARIO_PROPOSAL } : SCENARIO_VALIDATION),
    bitcoin_reward_params: { use_bitcoin_rewards: true, initial_epoch_reward: s(SCENARIO_INITIAL_EPOCH_REWARD), decay_rate: { value: "-475", exponent: -6 }, genesis_epoch: "1", utilization_bonus_factor: { value: "5", exponent: -1 }, full_coverage_bonus_factor: { value: "12", exponent: -1 }, partial_coverage_bonus_factor: { value: "1", exponent: -1 } },
    collateral_params: { grace_period_end_epoch: "180", slash_fraction_invalid: { value: "2", exponent: -1 }, slash_fraction_downtime: { value: "1", exponent: -1 } },
    confirmation_poc_params: { expected_confirmations_per_epoch: "4", alpha_threshold: dec(SCENARIO_ALPHA), slash_fraction: { value: "0", exponent: 0 }, upgrade_protection_window: "500" },
  };
}

/** A whole params answer: mainnet's (./mainnetParams) with the scenario's values over it (objects merged, lists replaced), as a node answers it. */
export function scenarioWholeParams(after: boolean, whole: J = mainnetParams()): J {
  const merge = (base: unknown, over: unknown): unknown => {
    if (over === null || typeof over !== "object" || Array.isArray(over) || base === null || typeof base !== "object" || Array.isArray(base)) return over;
    const out: J = { ...(base as J) };
    for (const [k, v] of Object.entries(over as J)) out[k] = k in out ? merge(out[k], v) : v;
    return out;
  };
  return merge(whole, scenarioParamsJson(after)) as J;
}

/**
 * Governance's answer to the epoch (the August-2026 proposal): a MsgUpdateParams raising
 * invalidation_h_threshold to 40 and bad_participant_invalidation_rate to 0.18 and turning the downtime
 * SPRT off (downtime_bad_percentage = downtime_good_percentage: both logs 0), every other parameter as
 * the whole params answer saved after it holds them (a MsgUpdateParams replaces the whole Params, so it sets
 * them all); proto JSON,
 * as `inferenced query gov proposal N -o json` prints it.
 */
export function scenarioProposal(): J {
  const params = scenarioWholeParams(true);
  return {
    proposal: {
      id: "131",
      messages: [{ "@type": "/inference.inference.MsgUpdateParams", authority: "gonka10d07y265gmmuvt4z0w9aw880jnsr700j2h5m33", params }],
      status: "PROPOSAL_STATUS_PASSED",
      final_tally_result: { yes_count: "51000000", abstain_count: "0", no_count: "2000000", no_with_veto_count: "0" },
      submit_time: "2026-08-18T09:00:00Z",
      deposit_end_time: "2026-08-20T09:00:00Z",
      total_deposit: [{ denom: "ngonka", amount: "25250000" }],
      voting_start_time: "2026-08-18T09:00:00Z",
      voting_end_time: "2026-08-20T09:00:00Z",
      metadata: "",
      title: "Invalidation SPRT: H 4 → 40, P1 0.10 → 0.18; downtime SPRT off",
      summary: "After two hosts were excluded at their first devshard settlement batches in epoch 470 (the invalidation SPRT decided on a small sample), raise invalidation_h_threshold to 40 and bad_participant_invalidation_rate to 0.18, and turn the unused downtime SPRT off (downtime_bad_percentage = downtime_good_percentage). Example built by gonka-spec from examples/status-epoch.",
      proposer: "gonka1nvcwl2c7jxj2h47c56y8dmcmf0tynt5dplzngy",
    },
  };
}
