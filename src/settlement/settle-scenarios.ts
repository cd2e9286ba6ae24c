/**
 * The epochs of the spec_settle_amounts suite (export-suites.ts): named boundary epochs, each at the
 * versions where its boundary exists, and a seeded random set (Go's math/rand) at every version.
 */
import { INT64_MAX, INT64_MIN, UINT64_MAX } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { GoRand } from "../go/math-rand.js";
import type { JsonObject } from "../json-input.js";
import { atLeast, type ChainVersion } from "../versions/chain-version.js";
import { SETTLEMENT_VERSIONS } from "./settlement-versions.js";
import { PARTICIPANT_STATUSES } from "./settlement-types.js";


const M63 = INT64_MAX;
const U64 = UINT64_MAX;
const dec = (value: bigint, exponent: number): JsonObject => ({ value, exponent });
const ONE = dec(1n, 0);

type Status = (typeof PARTICIPANT_STATUSES)[number];
interface Row {
  a: string;
  w: bigint;
  cw: bigint;
  /** Node weights in the model subgroup (timeslots [true, false]: not POC_SLOT). */
  nodes: bigint[];
  status?: Status;
  bal?: bigint;
  stats?: [bigint, bigint] | null;
}

const node = (w: bigint, slots: boolean[] = [true, false]): Json => ({ pocWeight: w, timeslotAllocation: slots });

/** An epoch without version: the defaults every named case starts from (reward 1,000,000, no cap, no decay). */
function base(over: JsonObject = {}): JsonObject {
  return {
    epoch: 300n,
    participants: [],
    validationWeights: [],
    subgroups: [],
    confirmationWeightScales: [],
    pocModelScales: [],
    collateralGracePeriodEndEpoch: null,
    bitcoinRewardParams: { initialEpochReward: 1_000_000n, decayRate: dec(0n, 0), genesisEpoch: 0n },
    validationParams: { binomTestP0: dec(10n, -2) },
    settleParameters: { totalSubsidyPaid: 0n, totalSubsidySupply: M63 },
    delegationRewardTransfers: [],
    delegationRewardPenalties: [],
    ...over,
  };
}

/** Participants, root weights and one model subgroup "m1" (scale factor 1 in both scale lists). */
function setup(rows: readonly Row[], over: JsonObject = {}): JsonObject {
  return base({
    participants: rows.map((r) => ({
      address: r.a,
      status: r.status ?? "ACTIVE",
      coinBalance: r.bal ?? 0n,
      currentEpochStats: r.stats === null ? null : { inferenceCount: (r.stats ?? [0n, 0n])[0], missedRequests: (r.stats ?? [0n, 0n])[1] },
    })),
    validationWeights: rows.map((r) => ({ memberAddress: r.a, weight: r.w, confirmationWeight: r.cw, mlNodes: [] })),
    subgroups: [{ modelId: "m1", validationWeights: rows.map((r) => ({ memberAddress: r.a, mlNodes: r.nodes.map((n) => node(n)) })) }],
    confirmationWeightScales: [{ modelId: "m1", weightScaleFactor: ONE }],
    pocModelScales: [{ modelId: "m1", weightScaleFactor: ONE }],
    ...over,
  });
}

const plain = (a: string, w: bigint, extra: Partial<Row> = {}): Row => ({ a, w, cw: w, nodes: [w], ...extra });
const reward = (r: bigint, rest: JsonObject = {}): JsonObject => ({ bitcoinRewardParams: { initialEpochReward: r, decayRate: dec(0n, 0), genesisEpoch: 0n, ...rest } });
const supply = (paid: bigint, total: bigint): JsonObject => ({ settleParameters: { totalSubsidyPaid: paid, totalSubsidySupply: total } });

const FROM = (v: ChainVersion): ChainVersion[] => SETTLEMENT_VERSIONS.filter((x) => atLeast(x, v));
const ALL = SETTLEMENT_VERSIONS;

export interface Scenario {
  name: string;
  versions: readonly ChainVersion[];
  input: JsonObject;
}

function namedScenarios(): Scenario[] {
  const out: Scenario[] = [];
  const add = (name: string, input: JsonObject, versions: readonly ChainVersion[] = ALL): void => void out.push({ name, versions, input });

  // Supply cap: paid + this epoch's 1,000,000 below, at and above the supply; reached; passed; wrapping int64.
  const three = [plain("gonka1a", 1n), plain("gonka1b", 1n), plain("gonka1c", 1n, { status: "INACTIVE" })];
  for (const paid of [3_999_999n, 4_000_000n, 4_000_001n, 4_999_999n, 5_000_000n, 5_000_001n]) add(`supply_cap_paid_${paid}_of_5000000`, setup(three, supply(paid, 5_000_000n)));
  add("supply_cap_zero_supply", setup(three, supply(0n, 0n)));
  add("supply_cap_negative_paid_scaled", setup(three, supply(-100n, 500_000n)));
  add("supply_cap_paid_plus_amount_wraps_int64_under_cap", setup(three, supply(M63 - 10n, M63)));
  add("supply_cap_paid_near_max_supply_below_wraps", setup(three, supply(M63 - 10n, M63 - 20n)));
  add("supply_cap_one_ngonka_left", setup([plain("gonka1a", 3n), plain("gonka1b", 1n)], supply(999n, 1000n)));
  for (const bal of [-500_000n, -500_001n]) add(`supply_cap_scaled_debt_${-bal}_vs_reward_500000`, setup([plain("gonka1a", 1n, { bal }), plain("gonka1b", 1n)], supply(4_500_000n, 5_000_000n)));
  add("supply_cap_repeated_address_first_row_in_debt", setup([plain("gonka1a", 1n, { bal: -600_000n }), plain("gonka1b", 1n), { ...plain("gonka1a", 1n), bal: 0n }], supply(0n, 500n)));

  // Debt: beyond the reward, exactly the reward, repaid; MinInt64; a debtor without reward.
  for (const bal of [-499_999n, -500_000n, -500_001n, -1n]) add(`debt_${-bal}_vs_reward_500000`, setup([plain("gonka1a", 1n, { bal }), plain("gonka1b", 1n)]));
  add("debt_min_int64", setup([plain("gonka1a", 1n, { bal: INT64_MIN }), plain("gonka1b", 1n)]));
  add("debt_inactive_participant", setup([plain("gonka1a", 1n, { bal: -1n, status: "INACTIVE" }), plain("gonka1b", 1n)]));
  add("work_coins_active_and_inactive", setup([plain("gonka1a", 1n, { bal: 12_345n }), plain("gonka1b", 1n, { bal: 777n, status: "INACTIVE" }), plain("gonka1c", 0n, { bal: M63 })]));
  add("debt_with_zero_weight", setup([plain("gonka1a", 1n), { a: "gonka1z", w: 0n, cw: 0n, nodes: [], bal: -5n }]));

  // Power capping: networks of 1-4 (limits 100 %, 50 %, 40 %, 30 %), ties, zero weights (v0.2.14 counts positive ones only).
  const cap = (name: string, ws: readonly bigint[]) =>
    add(
      `power_cap_${name}`,
      setup(ws.map((w, i) => plain(`gonka1p${i}`, w))),
    );
  cap("one_participant", [1000n]);
  cap("two_900_100", [900n, 100n]);
  cap("two_500_500", [500n, 500n]);
  cap("two_1000_0", [1000n, 0n]);
  cap("three_800_100_100", [800n, 100n, 100n]);
  cap("three_400_400_200", [400n, 400n, 200n]);
  cap("three_1000_0_0", [1000n, 0n, 0n]);
  cap("three_1000_1_0", [1000n, 1n, 0n]);
  cap("four_700_100_100_100", [700n, 100n, 100n, 100n]);
  cap("four_equal", [250n, 250n, 250n, 250n]);
  cap("four_1000_1_0_0", [1000n, 1n, 0n, 0n]);
  cap("five_one_at_60_percent", [600n, 100n, 100n, 100n, 100n]);
  cap("six_two_dominant_tied", [400n, 400n, 50n, 50n, 50n, 50n]);
  cap("ten_geometric", [512n, 256n, 128n, 64n, 32n, 16n, 8n, 4n, 2n, 1n]);
  cap("four_near_int64", [M63 / 4n, M63 / 4n, M63 / 4n, M63 / 8n]);

  // Decay: each supported rate over many epochs, an equal rate written differently, an unsupported rate,
  // none, genesis after the epoch (the uint64 difference is past MaxInt32), the MaxInt32 boundary.
  const two = [plain("gonka1a", 3n), plain("gonka1b", 1n)];
  const decay = (rate: JsonObject | null, epoch: bigint, genesis: bigint, initial = 1_000_000_000_000n) =>
    setup(two, { epoch, bitcoinRewardParams: { initialEpochReward: initial, decayRate: rate, genesisEpoch: genesis } });
  const rates: [string, JsonObject][] = [
    ["minus_475e-6", dec(-475n, -6)],
    ["minus_1e-6", dec(-1n, -6)],
    ["plus_1e-4", dec(1n, -4)],
    ["zero", dec(0n, 0)],
  ];
  for (const [label, rate] of rates) for (const epochs of [1n, 1000n]) add(`decay_${label}_${epochs}_epochs`, decay(rate, 100n + epochs, 100n));
  add("decay_minus_475e-6_2500_epochs", decay(dec(-475n, -6), 2600n, 100n));
  add("decay_minus_4750e-7_same_rate_written_differently", decay(dec(-4750n, -7), 1100n, 100n));
  add("decay_unsupported_rate_minus_5e-4", decay(dec(-5n, -4), 1100n, 100n));
  add("decay_unsupported_rate_at_genesis_epoch", decay(dec(-5n, -4), 100n, 100n));
  add("decay_null_rate", decay(null, 1100n, 100n));
  add("decay_at_genesis_epoch", decay(dec(-475n, -6), 100n, 100n));
  add("decay_genesis_after_epoch", decay(dec(-475n, -6), 100n, 101n));
  add("decay_zero_rate_max_int32_minus_1_epochs", decay(dec(0n, 0), 2_147_483_646n, 0n));
  add("decay_zero_rate_max_int32_epochs", decay(dec(0n, 0), 2_147_483_647n, 0n));
  add("decay_growth_past_uint64", decay(dec(1n, -4), 1100n, 100n, U64));
  add("decay_zero_initial_reward", decay(dec(-475n, -6), 1100n, 100n, 0n));

  // v0.2.11's collateral rescale: active only after the grace end epoch (SettleAccounts' condition).
  const coll = [
    { a: "gonka1a", w: 50n, cw: 80n, nodes: [100n] },
    { a: "gonka1b", w: 50n, cw: 50n, nodes: [50n] },
  ];
  const V10_12 = ["v0.2.10", "v0.2.11", "v0.2.12"] as const;
  for (const epoch of [199n, 200n, 201n]) add(`collateral_epoch_${epoch}_grace_end_200`, setup(coll, { epoch, collateralGracePeriodEndEpoch: 200n }), V10_12);
  add("collateral_no_params_epoch_201", setup(coll, { epoch: 201n }), V10_12);
  add("collateral_grace_end_0_epoch_1", setup(coll, { epoch: 1n, collateralGracePeriodEndEpoch: 0n }), V10_12);
  add("collateral_grace_end_max_uint64", setup(coll, { epoch: 201n, collateralGracePeriodEndEpoch: U64 }), V10_12);
  for (const w of [99n, 100n, 101n]) {
    add(`collateral_weight_${w}_vs_node_total_100`, setup([{ a: "gonka1a", w, cw: 80n, nodes: [100n] }, plain("gonka1b", 100n)], { epoch: 201n, collateralGracePeriodEndEpoch: 200n }), V10_12);
  }

  // Confirmation weights: negative, zero, one, equal to and above the weight, int64 extremes.
  for (const [label, cw] of [
    ["minus_1000000", -1_000_000n],
    ["minus_1", -1n],
    ["zero", 0n],
    ["one", 1n],
    ["equal_weight", 100n],
    ["above_weight", 101n],
    ["max_int64", M63],
    ["min_int64", INT64_MIN],
  ] as const) {
    const rows = [...[0, 1, 2, 3, 4].map((i) => plain(`gonka1p${i}`, 100n)), { a: "gonka1x", w: 100n, cw, nodes: [100n] }];
    add(`confirmation_weight_${label}_among_six`, setup(rows));
  }
  add("confirmation_weight_minus_1000000_rescaled", setup([...[0, 1, 2, 3, 4].map((i) => ({ ...plain(`gonka1p${i}`, 100n), nodes: [200n] })), { a: "gonka1x", w: 100n, cw: -1_000_000n, nodes: [200n] }]));
  add("confirmation_weight_above_weight_rescaled", setup([...[0, 1, 2, 3].map((i) => plain(`gonka1p${i}`, 100n)), { a: "gonka1x", w: 100n, cw: 1000n, nodes: [150n] }]));

  // Weights and statuses: every status with a positive weight, zero and negative weights, no root entry.
  add("statuses_each_with_weight", setup(PARTICIPANT_STATUSES.map((status, i) => plain(`gonka1s${i}`, 100n, { status }))));
  add("weights_zero_negative_missing", setup([plain("gonka1a", 100n), { a: "gonka1b", w: 0n, cw: 50n, nodes: [50n] }, { a: "gonka1c", w: -100n, cw: 100n, nodes: [100n] }, plain("gonka1d", 100n)], {}));
  {
    const s = setup([plain("gonka1a", 100n), plain("gonka1b", 100n), plain("gonka1c", 100n)]);
    (s.validationWeights as Json[]).splice(1, 1); // gonka1b has no root validation weight
    add("participant_without_root_weight", s);
  }
  add("no_participants", base());
  {
    const s = setup([plain("gonka1a", 100n), plain("gonka1b", 100n)]);
    (s.validationWeights as Json[]).push({ memberAddress: "gonka1c", weight: 1000n, confirmationWeight: 1000n, mlNodes: [] });
    add("root_weight_of_a_non_participant", s);
  }

  // Repeated addresses: a participant twice, a root weight twice (the first counts), a subgroup member twice.
  add("repeated_participant", setup([plain("gonka1a", 100n, { bal: 5n }), plain("gonka1b", 100n), plain("gonka1a", 100n, { bal: -1n })]));
  {
    const s = setup([plain("gonka1a", 100n), plain("gonka1b", 100n)]);
    (s.validationWeights as Json[]).push({ memberAddress: "gonka1a", weight: 900n, confirmationWeight: 900n, mlNodes: [] });
    add("repeated_root_weight_first_counts", s);
    const t = setup([plain("gonka1a", 100n), plain("gonka1b", 100n)]);
    ((t.subgroups as JsonObject[])[0]!.validationWeights as Json[]).push({ memberAddress: "gonka1a", mlNodes: [node(10n)] });
    add("repeated_subgroup_member_first_counts", t);
  }

  // Miss test: one participant punished, the circuit breaker, nil stats (Go panics where it reads them),
  // p0 from the defaults (nil params) and passed through above 0.5.
  const miss = (stats: readonly ([bigint, bigint] | null)[]) => stats.map((s, i) => plain(`gonka1m${i}`, 100n, { stats: s }));
  add("miss_test_one_punished", setup(miss([[40_000n, 0n], [40_000n, 0n], [40_000n, 0n], [40_000n, 0n], [20_000n, 20_000n]])));
  add("miss_test_circuit_breaker", setup(miss(Array(5).fill([40_000n, 60_000n]))));
  add("miss_test_circuit_breaker_with_nil_stats", setup(miss([[40_000n, 60_000n], [40_000n, 60_000n], null, [40_000n, 60_000n], [40_000n, 60_000n]])));
  add("miss_test_nil_stats_punishment_runs", setup(miss([[40_000n, 0n], null, [40_000n, 0n]])));
  add("miss_test_nil_validation_params", setup(miss([[40_000n, 0n], [40_000n, 0n], [40_000n, 0n], [40_000n, 0n], [20_000n, 20_000n]]), { validationParams: null }));
  add("miss_test_nil_binom_test_p0", setup(miss([[40_000n, 0n], [40_000n, 0n], [40_000n, 0n], [40_000n, 0n], [20_000n, 20_000n]]), { validationParams: { binomTestP0: null } }));
  add("miss_test_p0_above_half_passes_through", setup(miss([[40_000n, 0n], [40_000n, 0n], [40_000n, 0n], [40_000n, 0n], [20_000n, 20_000n]]), { validationParams: { binomTestP0: dec(6n, -1) } }));
  add("miss_test_stats_near_uint64", setup(miss([[U64, U64], [1n, U64], [U64, 0n]])));

  // Rewards beyond int64 and uint64 (a weight of MaxInt64 over a total wrapped to 1), the SettleAmount
  // write at work + reward = 2^64, an initial reward above int64 (minted amount wraps negative).
  const wrapped = (r: bigint) => setup([plain("gonka1a", M63), plain("gonka1x", M63, { status: "INACTIVE" }), plain("gonka1y", 3n, { status: "INACTIVE" })], reward(r));
  add("reward_above_uint64_total_wrapped_to_1_reward_3", wrapped(3n));
  add("reward_below_uint64_total_wrapped_to_1_reward_2", wrapped(2n));
  const W = U64 / 3n;
  const X = (2n ** 64n + 1n - W) / 2n;
  for (const r of [3n, 4n]) {
    for (const work of [0n, 1n]) {
      add(`reward_${r === 3n ? "exactly" : "one_step_above"}_max_uint64_work_${work}`, setup([plain("gonka1a", W, { bal: work }), plain("gonka1x", X, { status: "INACTIVE" }), plain("gonka1y", X, { status: "INACTIVE" })], reward(r)));
    }
  }
  add("initial_reward_above_int64", setup([plain("gonka1a", 3n), plain("gonka1b", 1n)], reward(2n ** 63n + 1000n)));
  add("initial_reward_max_uint64_with_supply_cap", setup([plain("gonka1a", 3n), plain("gonka1b", 1n)], { ...reward(U64), ...supply(0n, 1_000_000n) }));
  add("total_full_weight_wrapped_to_0", setup([{ ...plain("gonka1a", M63), cw: 10n }, plain("gonka1x", M63, { status: "INACTIVE" }), plain("gonka1y", 2n, { status: "INACTIVE" })]));

  // Nodes: v0.2.10/11 POC_SLOT weight, the root's nodes as the fallback, nil nodes and short allocations;
  // subgroups without a model id; two models with their own scales; nil, zero, negative, out-of-range scales.
  {
    const s = setup([{ a: "gonka1a", w: 100n, cw: 10n, nodes: [] }, { a: "gonka1b", w: 100n, cw: 10n, nodes: [100n] }]);
    const sg = (s.subgroups as JsonObject[])[0]!;
    sg.validationWeights = (sg.validationWeights as JsonObject[]).filter((v) => v.memberAddress !== "gonka1a");
    (s.validationWeights as JsonObject[])[0]!.mlNodes = [node(60n, [true, true]), node(40n, [true, false])];
    add("root_nodes_when_no_subgroup_lists_the_participant", s);
    add("root_nodes_fallback_with_collateral", { ...s, collateralGracePeriodEndEpoch: 10n }, V10_12);
  }
  {
    const s = setup([{ a: "gonka1a", w: 100n, cw: 10n, nodes: [] }, { a: "gonka1b", w: 50n, cw: 10n, nodes: [] }]);
    const vws = (s.subgroups as JsonObject[])[0]!.validationWeights as JsonObject[];
    vws[0]!.mlNodes = [null, node(30n, [true, true]), node(500n, [true]), node(70n, [])];
    vws[1]!.mlNodes = [node(80n, [true, true]), null];
    add("nil_nodes_and_short_timeslot_allocations", s);
    add("nil_nodes_and_short_timeslot_allocations_collateral", { ...s, collateralGracePeriodEndEpoch: 10n }, V10_12);
  }
  {
    const rows = [{ a: "gonka1a", w: 100n, cw: -50n, nodes: [] }, plain("gonka1b", 100n), ...[0, 1, 2, 3].map((i) => plain(`gonka1f${i}`, 100n))];
    for (const pw of [30n, 60n]) {
      const s = setup(rows);
      ((s.subgroups as JsonObject[])[0]!.validationWeights as JsonObject[])[0]!.mlNodes = [node(pw, [true, true])];
      add(`preserved_${pw}_plus_confirmation_minus_50`, s);
    }
  }
  const twoModels = (scaleA: Json, scaleB: Json) => {
    const rows = [plain("gonka1a", 100n), plain("gonka1b", 100n), plain("gonka1c", 100n), plain("gonka1d", 100n)];
    const s = setup(rows);
    (s.subgroups as JsonObject[]).push({ modelId: "m2", validationWeights: [{ memberAddress: "gonka1a", mlNodes: [node(100n)] }, { memberAddress: "gonka1c", mlNodes: [node(50n)] }] });
    (s.subgroups as JsonObject[]).push({ modelId: "", validationWeights: [{ memberAddress: "gonka1b", mlNodes: [node(1000n)] }] });
    s.confirmationWeightScales = [{ modelId: "m1", weightScaleFactor: scaleA }, { modelId: "m2", weightScaleFactor: scaleB }];
    s.pocModelScales = [{ modelId: "m1", weightScaleFactor: scaleA }, { modelId: "m2", weightScaleFactor: scaleB }];
    return s;
  };
  add("two_models_scales_1_and_half", twoModels(ONE, dec(5n, -1)));
  add("two_models_scales_2_and_nil", twoModels(dec(2n, 0), null));
  add("two_models_scales_zero_and_negative", twoModels(dec(0n, 0), dec(-1n, 0)));
  add("two_models_scale_out_of_legacydec_range", twoModels(ONE, dec(2n, 77)));
  add("two_models_scale_more_than_18_places", twoModels(dec(1234567890123456789n, -19), ONE));
  {
    const s = twoModels(ONE, dec(5n, -1));
    s.confirmationWeightScales = [{ modelId: "m1", weightScaleFactor: ONE }];
    s.pocModelScales = [];
    add("two_models_one_without_scale", s);
    add("no_confirmation_weight_scales", { ...setup([plain("gonka1a", 100n), { a: "gonka1b", w: 100n, cw: 10n, nodes: [100n] }]), confirmationWeightScales: [], pocModelScales: [] });
  }
  // A coefficient times a node weight beyond int64: Go panics in TruncateInt64.
  add("scale_times_node_weight_beyond_int64", setup([plain("gonka1a", 100n), plain("gonka1b", 100n)], { confirmationWeightScales: [{ modelId: "m1", weightScaleFactor: dec(1n, 17) }], pocModelScales: [{ modelId: "m1", weightScaleFactor: dec(1n, 17) }] }));

  // v0.2.15: ToLegacyDec refuses an exponent outside ±18 (scale → 1, share → 0); exactly ±18 still converts.
  const V12_ON = FROM("v0.2.12");
  // Small scales on nodes of 200 (0.5 halves the node total); large ones on nodes of 1 against confirmation weights near 10^18.
  const bound = (scale: JsonObject, large: boolean) =>
    setup(
      large
        ? [{ a: "gonka1a", w: 100n, cw: 5n * 10n ** 17n, nodes: [1n] }, { a: "gonka1b", w: 100n, cw: 10n ** 18n, nodes: [1n] }, { a: "gonka1c", w: 100n, cw: 10n ** 18n, nodes: [1n] }]
        : [{ a: "gonka1a", w: 100n, cw: 100n, nodes: [200n] }, plain("gonka1b", 100n), plain("gonka1c", 100n)],
      { confirmationWeightScales: [{ modelId: "m1", weightScaleFactor: scale }], pocModelScales: [{ modelId: "m1", weightScaleFactor: scale }] },
    );
  add("exponent_bound_scale_half_written_exponent_minus_19", bound(dec(5_000_000_000_000_000_000n, -19), false), V12_ON);
  add("exponent_bound_scale_half_written_exponent_minus_18", bound(dec(500_000_000_000_000_000n, -18), false), V12_ON);
  add("exponent_bound_scale_1e-19", bound(dec(1n, -19), false), V12_ON);
  add("exponent_bound_scale_1e-18_written_exponent_minus_20", bound(dec(100n, -20), false), V12_ON);
  add("exponent_bound_scale_1e18_exponent_18", bound(dec(1n, 18), true), V12_ON);
  add("exponent_bound_scale_1e18_exponent_17", bound(dec(10n, 17), true), V12_ON);
  add("exponent_bound_scale_1e19_exponent_19", bound(dec(1n, 19), true), V12_ON);

  // v0.2.16 (#1566): the confirmation scale's effective coefficient (else the weight scale factor, else 1;
  // a stored {0,0} is 0, no longer 1), models excluded from confirmation, EffectiveConfirmedWeight (#1588).
  const V16 = FROM("v0.2.16");
  const dyn = (m1: JsonObject, m2: JsonObject) => {
    const s = twoModels(ONE, dec(5n, -1));
    s.confirmationWeightScales = [
      { modelId: "m1", weightScaleFactor: ONE, effectiveCoefficient: null, excludeFromConfirmation: false, ...m1 },
      { modelId: "m2", weightScaleFactor: dec(5n, -1), effectiveCoefficient: null, excludeFromConfirmation: false, ...m2 },
    ];
    return s;
  };
  add("dynamic_effective_coefficient_over_the_scale_factor", dyn({ effectiveCoefficient: dec(3024n, -4) }, { effectiveCoefficient: dec(2706n, -4) }), V16);
  add("dynamic_effective_coefficient_zero", dyn({}, { effectiveCoefficient: dec(0n, 0) }), V16);
  add("dynamic_scale_factor_fallback_zero", dyn({}, { weightScaleFactor: dec(0n, 0) }), V16);
  add("dynamic_both_nil_is_one", dyn({ weightScaleFactor: null }, { weightScaleFactor: null }), V16);
  add("dynamic_model_excluded_from_confirmation", dyn({}, { effectiveCoefficient: dec(5n, -1), excludeFromConfirmation: true }), V16);
  add("dynamic_every_model_excluded", dyn({ excludeFromConfirmation: true }, { excludeFromConfirmation: true }), V16);
  add("dynamic_effective_exponent_19_is_one", dyn({}, { effectiveCoefficient: dec(5n, -19) }), V16);
  add("dynamic_effective_negative", dyn({}, { effectiveCoefficient: dec(-5n, -1) }), V16);
  // Over-confirmed at MaxInt64: v0.2.13-v0.2.15 wrap the product before the clamp (shown at v0.2.15), v0.2.16 clamps first.
  add("over_confirmed_max_int64_weight", setup([{ a: "gonka1a", w: M63, cw: 10n, nodes: [5n] }, plain("gonka1b", 100n), plain("gonka1x", 1000n, { status: "INACTIVE" })], reward(1_000_000_000n)), FROM("v0.2.15"));
  // The failed set SettleAccounts returns: a failer (also an INACTIVE one and one without weight), none under the breaker.
  {
    const s = setup(miss([[40_000n, 0n], [40_000n, 0n], [40_000n, 0n], [40_000n, 0n], [20_000n, 20_000n]]));
    (s.participants as JsonObject[]).push({ address: "gonka1idle", status: "INACTIVE", coinBalance: 0n, currentEpochStats: { inferenceCount: 10n, missedRequests: 30n } });
    (s.participants as JsonObject[]).push({ address: "gonka1noweight", status: "ACTIVE", coinBalance: 0n, currentEpochStats: { inferenceCount: 0n, missedRequests: 50n } });
    add("failed_miss_rate_set_includes_inactive_and_weightless", s, V16);
  }

  // v0.2.14: delegation penalties then transfers, on the weights after the miss test (ignored before).
  const V13_ON = FROM("v0.2.13");
  const deleg = (transfers: Json[], penalties: Json[] = [], rows: Row[] = [plain("gonka1a", 400n), plain("gonka1b", 300n), plain("gonka1c", 300n)]) =>
    setup(rows, { delegationRewardTransfers: transfers, delegationRewardPenalties: penalties });
  const tr = (from: string, to: string, share: Json, modelId = "m1"): Json => ({ from, to, modelId, share });
  const pen = (participant: string, penaltyFraction: Json): Json => ({ participant, penaltyFraction });
  const shares: [string, Json][] = [
    ["half", dec(5n, -1)],
    ["one", ONE],
    ["one_and_half", dec(15n, -1)],
    ["zero", dec(0n, 0)],
    ["negative", dec(-5n, -1)],
    ["nil", null],
    ["1e-18", dec(1n, -18)],
    ["0.999999999999999999", dec(999_999_999_999_999_999n, -18)],
    ["19_places", dec(5_000_000_000_000_000_001n, -19)],
    ["1e20", dec(1n, 20)],
    ["half_written_exponent_minus_19", dec(5_000_000_000_000_000_000n, -19)],
  ];
  for (const [label, share] of shares) {
    add(`delegation_transfer_share_${label}`, deleg([tr("gonka1a", "gonka1b", share)]), V13_ON);
    add(`delegation_penalty_fraction_${label}`, deleg([], [pen("gonka1a", share)]), FROM("v0.2.14"));
  }
  add("delegation_transfer_unknown_source", deleg([tr("gonka1zz", "gonka1b", dec(5n, -1))]), FROM("v0.2.14"));
  add("delegation_transfer_empty_source", deleg([tr("", "gonka1b", dec(5n, -1))]), FROM("v0.2.14"));
  add("delegation_transfer_empty_destination", deleg([tr("gonka1a", "", dec(5n, -1))]), FROM("v0.2.14"));
  add("delegation_transfer_to_zero_weight", deleg([tr("gonka1a", "gonka1d", dec(5n, -1))], [], [plain("gonka1a", 400n), plain("gonka1b", 300n), plain("gonka1c", 300n), plain("gonka1d", 0n)]), FROM("v0.2.14"));
  add("delegation_transfer_to_unknown_destination", deleg([tr("gonka1a", "gonka1zz", dec(5n, -1))]), FROM("v0.2.14"));
  add("delegation_transfer_chain_uses_weights_before_transfers", deleg([tr("gonka1a", "gonka1b", dec(5n, -1)), tr("gonka1b", "gonka1c", ONE)]), FROM("v0.2.14"));
  add("delegation_transfer_to_self", deleg([tr("gonka1a", "gonka1a", dec(5n, -1))]), FROM("v0.2.14"));
  add("delegation_transfers_exhaust_the_source", deleg([tr("gonka1a", "gonka1b", dec(75n, -2)), tr("gonka1a", "gonka1c", dec(75n, -2))]), FROM("v0.2.14"));
  add("delegation_penalty_then_transfer", deleg([tr("gonka1a", "gonka1b", dec(5n, -1))], [pen("gonka1a", dec(5n, -1))]), V13_ON);
  add("delegation_two_penalties_same_participant", deleg([], [pen("gonka1a", dec(6n, -1)), pen("gonka1a", dec(6n, -1))]), FROM("v0.2.14"));
  add("delegation_penalty_unknown_and_empty_participant", deleg([], [pen("gonka1zz", dec(5n, -1)), pen("", dec(5n, -1))]), FROM("v0.2.14"));
  add("delegation_penalty_on_punished_participant", setup(miss([[40_000n, 0n], [40_000n, 0n], [40_000n, 0n], [40_000n, 0n], [20_000n, 20_000n]]), { delegationRewardPenalties: [pen("gonka1m4", dec(5n, -1))], delegationRewardTransfers: [tr("gonka1m4", "gonka1m0", ONE)] }), FROM("v0.2.14"));
  for (const w of [M63, M63 - 1n]) {
    add(`delegation_penalty_half_on_weight_${w}`, setup([plain("gonka1a", w), plain("gonka1x", 1000n, { status: "INACTIVE" })], { ...reward(1_000_000_000n), delegationRewardPenalties: [pen("gonka1a", dec(5n, -1))] }), FROM("v0.2.14"));
  }
  add("delegation_transfer_saturates_uint64", setup([plain("gonka1a", M63), plain("gonka1b", M63), plain("gonka1x", 1000n, { status: "INACTIVE" })], { delegationRewardTransfers: [tr("gonka1a", "gonka1b", ONE)] }), FROM("v0.2.14"));
  return out;
}

/** One seeded random epoch (Go's math/rand): 1-6 participants, two models, every regime at small sizes. */
function randomScenario(seed: number): JsonObject {
  const r = new GoRand(BigInt(seed));
  const pick = <T>(xs: readonly T[]): T => xs[r.intn(xs.length)]!;
  const n = 1 + r.intn(6);
  const participants: Json[] = [];
  const vws: Json[] = [];
  const groups: { modelId: string; validationWeights: Json[] }[] = [
    { modelId: "m1", validationWeights: [] },
    { modelId: "m2", validationWeights: [] },
  ];
  const slots = () => pick([[true, true], [true, false], [false, true], [true]]);
  for (let j = 0; j < n; j++) {
    const a = `gonka1r${j}`;
    const stats = pick<[bigint, bigint]>([[0n, 0n], [0n, 0n], [100n, 1n], [10n, 40n], [5000n, 2500n]]);
    participants.push({
      address: a,
      status: pick<Status>(["ACTIVE", "ACTIVE", "ACTIVE", "ACTIVE", "ACTIVE", "INACTIVE", "INVALID", "RAMPING"]),
      coinBalance: pick([0n, 0n, 0n, 5000n, -100n, -400_000n, -(10n ** 12n)]),
      currentEpochStats: { inferenceCount: stats[0], missedRequests: stats[1] },
    });
    const w = pick([0n, 10n, 100n, 1000n, 5000n, 1n + r.int63n(1_000_000n), M63 / 3n]);
    const cw = pick([-5n, 0n, 10n, 100n, 1000n, 3000n, w, w + 1n]);
    vws.push({ memberAddress: a, weight: w, confirmationWeight: cw, mlNodes: Array.from({ length: r.intn(3) }, () => node(pick([10n, 100n, 1000n]), slots())) });
    for (const g of groups) {
      if (r.intn(10) < 6) g.validationWeights.push({ memberAddress: a, mlNodes: Array.from({ length: 1 + r.intn(3) }, () => node(pick([10n, 100n, 1000n, 4000n]), slots())) });
    }
  }
  const scale = () => pick<Json>([ONE, ONE, dec(5n, -1), dec(2n, 0), dec(15n, -1), null]);
  const addr = () => `gonka1r${r.intn(n + 1)}`; // one past the last: an unknown address
  const share = () => pick<Json>([dec(5n, -1), dec(25n, -2), ONE, dec(0n, 0), dec(3n, 0), null]);
  const epoch = pick([150n, 200n, 201n, 250n, 1300n]);
  const paid = pick([0n, 0n, 0n, 4_000_000_000n, 10_000_000_000n]);
  return base({
    epoch,
    participants,
    validationWeights: vws,
    subgroups: groups,
    confirmationWeightScales: r.intn(5) === 0 ? [] : [{ modelId: "m1", weightScaleFactor: scale() }, { modelId: "m2", weightScaleFactor: scale() }],
    pocModelScales: [{ modelId: "m1", weightScaleFactor: scale() }, { modelId: "m2", weightScaleFactor: scale() }],
    collateralGracePeriodEndEpoch: pick([null, 200n, 199n]),
    bitcoinRewardParams: { initialEpochReward: pick([1_000_000n, 323_000_000_000_000n]), decayRate: pick<Json>([dec(0n, 0), dec(-475n, -6), null]), genesisEpoch: pick([0n, 100n]) },
    validationParams: pick<Json>([{ binomTestP0: dec(10n, -2) }, { binomTestP0: dec(5n, -2) }, null]),
    settleParameters: { totalSubsidyPaid: paid, totalSubsidySupply: 10_000_000_000n },
    delegationRewardTransfers: Array.from({ length: r.intn(3) }, () => ({ from: addr(), to: addr(), modelId: "m1", share: share() })),
    delegationRewardPenalties: Array.from({ length: r.intn(2) }, () => ({ participant: addr(), penaltyFraction: share() })),
  });
}

/** The number of seeded random epochs (each at every version). */
export const RANDOM_EPOCHS = 20;

/** Every scenario with the versions it runs at (named ones first, then the random set). */
export function settleScenarios(): Scenario[] {
  const out = namedScenarios();
  for (let seed = 1; seed <= RANDOM_EPOCHS; seed++) out.push({ name: `random_seed_${seed}`, versions: ALL, input: randomScenario(seed) });
  return out;
}

