/**
 * Every field of the x/inference `Params` message (inference-chain/proto/inference/inference/params.proto
 * at ee730031, v0.2.14, v0.2.16's dynamic coefficient fields of PocParams, which the port's own protos
 * declare, v0.2.16's PoCChallengeParams and its fee groups): name, field number, type, unit, and which rule of this port reads it. A
 * governance MsgUpdateParams replaces the whole message, so judging one needs every field, not only
 * the subset the rules read (proto/gonka/chain.proto). src/gov/param-values.ts decodes the wire form
 * and the JSON forms through this table; test/gov/params-catalog.test.ts checks the numbers against
 * proto/gonka/chain.proto and that every key of a real mainnet params answer is in it.
 */

/** Scalar kinds as in the .proto; `decimal` is the chain's Decimal{int64 value, int32 exponent}. */
export type ScalarKind = "int64" | "uint64" | "int32" | "uint32" | "bool" | "string" | "decimal";

import type { ModelledKeyName } from "../compare/params.js";

/** The compare/backtest proposal key that varies a parameter (src/compare/params.ts). */
export type ModelledKey = ModelledKeyName;

export interface ScalarField {
  name: string;
  id: number;
  kind: ScalarKind;
  /** `repeated string` (address lists). */
  repeated?: true;
  /** What the number counts, for people ("blocks", "ngonka", "fraction", …); "" for flags and names. */
  unit: string;
  /** The rule of this port that reads it (absent: no rule of the port reads it). */
  readBy?: string;
  /** The compare/backtest key that varies it. */
  modelled?: ModelledKey;
  deprecated?: true;
  /** What a 0 means on the chain where it is not a plain zero (a field unset before the version that added it, read as a default). */
  zero?: string;
}

export interface MessageField {
  name: string;
  id: number;
  kind: "message";
  fields: ParamField[];
  /** `repeated` message: entries are named by this string field (model_id, name) when it is unique. */
  repeated?: { keyField: string };
  deprecated?: true;
  /** A member of a oneof: its name, and the member's amino name (amino JSON writes `{"type": amino, "value": {member: …}}` under the oneof's name in CamelCase). */
  oneof?: { name: string; amino: string };
}

export type ParamField = ScalarField | MessageField;

const PRESERVED = "the preserved-set sampler (preserved, check, compare)";
const SETTLEMENT = "settlement (settle, backtest)";
const MISS_TEST = "the miss test in settlement (miss-test, settle, compare, backtest)";
const HEIGHTS = "the epoch's stage heights (the PoC anchor, the settlement block)";
const VOTES = "the validation vote tally (tally, compare)";
/** v0.2.16's dynamic-coefficient controller (#1566): ported with its Go vectors; no command runs it on a state. */
const COEFFICIENTS = "the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state)";
/** The in-epoch status tests: a change is judged over settled epochs by replaying each participant. */
export const STATUS_TESTS = "the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given)";

type Extra = Partial<Pick<ScalarField, "readBy" | "modelled" | "deprecated" | "repeated" | "zero">>;
const s = (kind: ScalarKind) => (name: string, id: number, unit: string, extra: Extra = {}): ScalarField => ({ name, id, kind, unit, ...extra });
const i64 = s("int64");
const u64 = s("uint64");
const i32 = s("int32");
const u32 = s("uint32");
const dec = s("decimal");
const bool = (name: string, id: number, extra: Extra = {}): ScalarField => ({ name, id, kind: "bool", unit: "", ...extra });
const str = (name: string, id: number, extra: Extra = {}): ScalarField => ({ name, id, kind: "string", unit: "", ...extra });
const addresses = (name: string, id: number, extra: Extra = {}): ScalarField => ({ name, id, kind: "string", repeated: true, unit: "addresses", ...extra });
const msg = (name: string, id: number, fields: ParamField[], extra: Partial<Pick<MessageField, "repeated" | "deprecated" | "oneof">> = {}): MessageField => ({ name, id, kind: "message", fields, ...extra });

/** v0.2.16 (#1616): a fee group's or message rule's charging period (PeriodBase). */
const PERIOD_BASE = [u64("gas", 1, "gas"), str("period_type", 2), u64("period_length", 3, "periods")];
/** …and a rule's extra-gas function, one of three (MsgGasRule's oneof `func`). */
const gasFunc = (name: string, id: number, amino: string, fields: ParamField[]): MessageField => msg(name, id, fields, { oneof: { name: "func", amino: `inference/MsgGasRule/${amino}` } });

const STAT_TEST = [dec("dist_threshold", 1, "L2 distance"), dec("p_mismatch", 2, "probability"), dec("p_value_threshold", 3, "probability")];

/** The fields of `inference.inference.Params`, in field-number order. */
export const PARAMS_CATALOG: readonly ParamField[] = [
  msg("epoch_params", 1, [
    i64("epoch_length", 1, "blocks", { readBy: HEIGHTS }),
    i64("epoch_multiplier", 2, ""),
    i64("epoch_shift", 3, "blocks", { readBy: HEIGHTS }),
    i64("default_unit_of_compute_price", 4, "ngonka per unit of compute"),
    i64("poc_stage_duration", 5, "blocks", { readBy: HEIGHTS }),
    i64("poc_exchange_duration", 6, "blocks", { deprecated: true }),
    i64("poc_validation_delay", 7, "blocks", { readBy: HEIGHTS }),
    i64("poc_validation_duration", 8, "blocks", { readBy: HEIGHTS }),
    i64("set_new_validators_delay", 9, "blocks", { readBy: HEIGHTS }),
    i64("inference_validation_cutoff", 10, "blocks"),
    u64("inference_pruning_epoch_threshold", 11, "epochs"),
    i64("inference_pruning_max", 12, "inferences"),
    i64("poc_pruning_max", 13, "PoC records"),
    dec("poc_slot_allocation", 14, "fraction of each model's weight", { readBy: PRESERVED, modelled: "PocSlotAllocation" }),
    i64("confirmation_poc_safety_window", 15, "blocks"),
  ]),
  msg("validation_params", 2, [
    dec("false_positive_rate", 1, "fraction", { readBy: STATUS_TESTS }),
    i32("min_ramp_up_measurements", 2, "measurements"),
    dec("pass_value", 3, "score"),
    dec("min_validation_average", 4, "fraction"),
    dec("max_validation_average", 5, "fraction"),
    i64("expiration_blocks", 6, "blocks"),
    i64("epochs_to_max", 7, "epochs"),
    i64("full_validation_traffic_cutoff", 8, "inferences"),
    dec("min_validation_halfway", 9, "fraction"),
    i64("min_validation_traffic_cutoff", 10, "inferences"),
    dec("miss_percentage_cutoff", 11, "fraction"),
    dec("miss_requests_penalty", 12, "fraction"),
    i64("timestamp_expiration", 13, "seconds"),
    i64("timestamp_advance", 14, "seconds"),
    u64("estimated_limits_per_block_kb", 15, "KB"),
    dec("invalid_reputation_preserve", 16, "fraction", { readBy: STATUS_TESTS }),
    dec("bad_participant_invalidation_rate", 17, "fraction", { readBy: STATUS_TESTS }),
    dec("invalidation_h_threshold", 18, "SPRT threshold", { readBy: STATUS_TESTS }),
    dec("downtime_good_percentage", 19, "fraction", { readBy: STATUS_TESTS }),
    dec("downtime_bad_percentage", 20, "fraction", { readBy: STATUS_TESTS }),
    dec("downtime_h_threshold", 21, "SPRT threshold", { readBy: STATUS_TESTS }),
    dec("downtime_reputation_preserve", 22, "fraction", { readBy: STATUS_TESTS }),
    dec("quick_failure_threshold", 23, "probability", { readBy: STATUS_TESTS }),
    dec("binom_test_p0", 24, "probability (the miss test's p0)", { readBy: MISS_TEST, modelled: "BinomTestP0" }),
    bool("claim_validation_enabled", 25),
    str("logprobs_mode", 26),
  ]),
  msg("poc_params", 3, [
    i32("default_difficulty", 1, "difficulty"),
    i32("validation_sample_size", 2, "samples"),
    u64("poc_data_pruning_epoch_threshold", 3, "epochs"),
    dec("weight_scale_factor", 4, "factor", { deprecated: true }),
    msg(
      "model_params",
      5,
      [
        i32("dim", 1, ""),
        i32("n_layers", 2, "layers"),
        i32("n_heads", 3, "heads"),
        i32("n_kv_heads", 4, "heads"),
        i32("vocab_size", 5, "tokens"),
        dec("ffn_dim_multiplier", 6, "factor"),
        i32("multiple_of", 7, ""),
        dec("norm_eps", 8, ""),
        i32("rope_theta", 9, ""),
        bool("use_scaled_rope", 10),
        i32("seq_len", 11, "tokens"),
        dec("r_target", 12, ""),
      ],
      { deprecated: true },
    ),
    str("model_id", 6, { deprecated: true }),
    i64("seq_len", 7, "tokens", { deprecated: true }),
    bool("poc_v2_enabled", 8),
    bool("confirmation_poc_v2_enabled", 9),
    msg("stat_test", 10, STAT_TEST, { deprecated: true }),
    u32("validation_slots", 11, "slots per participant"),
    bool("poc_normalization_enabled", 12),
    bool("poc_stronger_rng_enabled", 13),
    msg(
      "models",
      14,
      [
        str("model_id", 1),
        i64("seq_len", 2, "tokens"),
        msg("stat_test", 3, STAT_TEST),
        dec("weight_scale_factor", 4, "factor", { readBy: `${SETTLEMENT} and ${PRESERVED}` }),
        u64("penalty_start_epoch", 5, "epoch"),
        // v0.2.16 (#1566, params.proto at zpoken/gonka@ef1a5efd)
        msg("dynamic_coefficient", 6, [dec("coeff_min", 1, "factor", { readBy: COEFFICIENTS }), dec("coeff_max", 2, "factor", { readBy: COEFFICIENTS }), dec("relative_difficulty", 3, "factor", { readBy: COEFFICIENTS }), u32("target_share_bps", 4, "basis points", { readBy: COEFFICIENTS })]),
      ],
      { repeated: { keyField: "model_id" } },
    ),
    u32("validation_vote_threshold_bps", 15, "basis points"),
    // v0.2.16 (#1566): the dynamic coefficient controller's parameters
    msg("dynamic_coefficient_params", 16, [
      u32("target_zone_bps", 1, "basis points", { readBy: COEFFICIENTS }),
      dec("step_min", 2, "fraction", { readBy: COEFFICIENTS }),
      dec("step_max", 3, "fraction", { readBy: COEFFICIENTS }),
      dec("bootstrap_step_max", 4, "fraction", { readBy: COEFFICIENTS }),
      u32("bootstrap_share_bps", 5, "basis points", { readBy: COEFFICIENTS }),
    ]),
  ]),
  msg("tokenomics_params", 4, [
    dec("subsidy_reduction_interval", 1, "fraction"),
    dec("subsidy_reduction_amount", 2, "fraction"),
    dec("current_subsidy_percentage", 3, "fraction"),
    u64("work_vesting_period", 6, "epochs"),
    u64("reward_vesting_period", 7, "epochs"),
  ]),
  msg("collateral_params", 5, [
    dec("slash_fraction_invalid", 1, "fraction"),
    dec("slash_fraction_downtime", 2, "fraction"),
    dec("downtime_missed_percentage_threshold", 3, "fraction"),
    u64("grace_period_end_epoch", 4, "epoch", { readBy: SETTLEMENT }),
    dec("base_weight_ratio", 5, "fraction"),
    dec("collateral_per_weight_unit", 6, "per unit of weight"),
  ]),
  msg("bitcoin_reward_params", 6, [
    bool("use_bitcoin_rewards", 1, { readBy: SETTLEMENT }),
    u64("initial_epoch_reward", 2, "ngonka", { readBy: SETTLEMENT }),
    dec("decay_rate", 3, "per epoch (exponent)", { readBy: SETTLEMENT }),
    u64("genesis_epoch", 4, "epoch", { readBy: SETTLEMENT }),
    dec("utilization_bonus_factor", 5, "factor"),
    dec("full_coverage_bonus_factor", 6, "factor"),
    dec("partial_coverage_bonus_factor", 7, "factor"),
  ]),
  msg("dynamic_pricing_params", 7, [
    dec("stability_zone_lower_bound", 1, "fraction"),
    dec("stability_zone_upper_bound", 2, "fraction"),
    dec("price_elasticity", 3, ""),
    u64("utilization_window_duration", 4, "seconds"),
    u64("min_per_token_price", 5, "ngonka per token"),
    u64("base_per_token_price", 6, "ngonka per token"),
    u64("grace_period_end_epoch", 7, "epoch"),
    u64("grace_period_per_token_price", 8, "ngonka per token"),
  ]),
  msg("bandwidth_limits_params", 8, [
    u64("estimated_limits_per_block_kb", 1, "KB"),
    dec("kb_per_input_token", 2, "KB"),
    dec("kb_per_output_token", 3, "KB"),
    u64("invalidations_limit", 4, "invalidations"),
    u64("invalidations_sample_period", 5, "blocks"),
    u64("invalidations_limit_curve", 6, ""),
    u32("minimum_concurrent_invalidations", 7, "invalidations"),
    u64("max_inferences_per_block", 8, "inferences"),
  ]),
  msg("confirmation_poc_params", 9, [
    u64("expected_confirmations_per_epoch", 1, "confirmations"),
    dec("alpha_threshold", 2, "fraction", { readBy: STATUS_TESTS }),
    dec("slash_fraction", 3, "fraction"),
    i64("upgrade_protection_window", 4, "blocks"),
  ]),
  msg("genesis_guardian_params", 10, [
    i64("network_maturity_threshold", 1, "weight"),
    i64("network_maturity_min_height", 2, "block height"),
    addresses("guardian_addresses", 3, { readBy: PRESERVED }),
  ]),
  msg("developer_access_params", 11, [i64("until_block_height", 1, "block height"), addresses("allowed_developer_addresses", 2)]),
  msg("participant_access_params", 12, [
    i64("new_participant_registration_start_height", 1, "block height"),
    addresses("blocked_participant_addresses", 2),
    bool("use_participant_allowlist", 3),
    i64("participant_allowlist_until_block_height", 4, "block height"),
  ]),
  msg("transfer_agent_access_params", 13, [addresses("allowed_transfer_addresses", 1)]),
  msg("devshard_escrow_params", 14, [
    u64("min_amount", 1, "ngonka"),
    u64("max_amount", 2, "ngonka"),
    u32("max_escrows_per_epoch", 3, "escrows"),
    u32("group_size", 4, "slots", { readBy: VOTES }),
    addresses("allowed_creator_addresses", 5),
    u64("token_price", 6, "ngonka per token"),
    msg("approved_versions", 7, [str("name", 1), str("binary", 2), str("sha256", 3)], { repeated: { keyField: "name" } }),
    u32("max_nonce", 8, "nonces"),
    bool("devshard_requests_enabled", 9),
    u32("default_inference_seal_grace_nonces", 10, "nonces"),
    u32("default_inference_seal_grace_seconds", 11, "seconds"),
    u64("create_devshard_fee", 12, "ngonka"),
    u64("fee_per_nonce", 13, "ngonka"),
    i64("refusal_timeout", 14, "seconds"),
    i64("execution_timeout", 15, "seconds"),
    u32("validation_rate", 16, "basis points"),
    // 0 (the field unset, as before v0.2.14 added it) gives a vote threshold of N/2, as 50 does: computeVoteThreshold
    u32("vote_threshold_factor", 17, "percent", { readBy: VOTES, modelled: "vote_threshold_factor", zero: "unset: the devshard vote threshold is N/2, as at 50" }),
    u32("default_auto_seal_every_n_nonces", 18, "nonces"),
  ]),
  msg("fee_params", 15, [
    u64("min_gas_price_ngonka", 1, "ngonka per gas"),
    u64("base_validation_gas", 2, "gas"),
    u64("gas_per_poc_count", 3, "gas"),
    // v0.2.16 (#1616, params.proto at zpoken/gonka@ef1a5efd): the fee groups
    { name: "enabled_fee_groups", id: 4, kind: "string", repeated: true, unit: "group names" },
    msg(
      "groups",
      5,
      [
        str("name", 1),
        u64("min_gas_price", 2, "ngonka per gas"),
        msg("base", 3, PERIOD_BASE),
        msg(
          "msgs",
          4,
          [
            str("type_url", 1),
            msg("base", 2, PERIOD_BASE),
            gasFunc("stored_delta", 3, "StoredDelta", [u64("gas_per_unit", 1, "gas"), str("items", 2), str("value_field", 3), str("id_field", 4), { name: "scope_fields", id: 5, kind: "string", repeated: true, unit: "field names" }]),
            gasFunc("stored_bytes", 4, "StoredBytes", [u64("gas_per_unit", 1, "gas"), str("unit", 2)]),
            gasFunc("repeated_len", 5, "RepeatedLen", [u64("gas_per_unit", 1, "gas"), str("field", 2)]),
          ],
          { repeated: { keyField: "type_url" } },
        ),
      ],
      { repeated: { keyField: "name" } },
    ),
  ]),
  msg("delegation_params", 16, [
    i64("deploy_window", 1, "blocks"),
    dec("refusal_penalty", 2, "fraction"),
    dec("no_participation_penalty", 3, "fraction"),
    dec("delegation_share", 4, "fraction"),
    dec("w_threshold", 5, "fraction"),
    i64("v_min", 6, "hosts"),
    dec("cap_factor", 7, "factor"),
    str("initial_model_id", 8),
    dec("max_model_voting_power_percentage", 9, "fraction"),
  ]),
  msg("maintenance_params", 17, [
    bool("maintenance_enabled", 1),
    u64("maintenance_min_schedule_lead_blocks", 2, "blocks"),
    u64("maintenance_max_window_blocks", 3, "blocks"),
    u32("maintenance_max_concurrent_validators", 4, "validators"),
    u32("maintenance_max_concurrent_power_bps", 5, "basis points"),
    u64("maintenance_credit_cap_blocks", 6, "blocks"),
    u64("maintenance_credit_earn_per_successful_epoch_blocks", 7, "blocks"),
  ]),
  // v0.2.16 (#1811, params.proto at zpoken/gonka@ef1a5efd): the PoC challenge's governance parameters
  msg("poc_challenge_params", 18, [dec("payment_ratio", 1, "fraction"), u32("max_active_challenges", 2, "challenges"), i64("min_punishable_segment_blocks", 3, "blocks")]),
];

/** snake_case → camelCase, as the generated code and the snapshot name fields (poc_v2_enabled → pocV2Enabled). */
/** A catalog unit as it reads after one of it: "1 block", "1 basis point" (other units read the same either way). */
const SINGULAR: { readonly [plural: string]: string } = {
  blocks: "block", seconds: "second", "basis points": "basis point", epochs: "epoch", tokens: "token", inferences: "inference", nonces: "nonce",
  invalidations: "invalidation", heads: "head", validators: "validator", slots: "slot", "slots per participant": "slot per participant", samples: "sample",
  periods: "period", measurements: "measurement", layers: "layer", hosts: "host", escrows: "escrow", confirmations: "confirmation", models: "model", addresses: "address",
};

/** `unit` after the value `value`: singular after exactly 1. */
export function unitAfter(value: string | null, unit: string): string {
  return value === "1" ? (SINGULAR[unit] ?? unit) : unit;
}

export function camelName(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** The field of `fields` named `key` in snake_case or camelCase (JSON forms use either). */
export function fieldNamed(fields: readonly ParamField[], key: string): ParamField | undefined {
  return fields.find((f) => f.name === key || camelName(f.name) === key);
}

/** The field numbered `id`. */
export function fieldNumbered(fields: readonly ParamField[], id: number): ParamField | undefined {
  return fields.find((f) => f.id === id);
}

/** Every scalar leaf with its dotted path (repeated messages as `name[]`), in catalog order. */
export function catalogLeaves(fields: readonly ParamField[] = PARAMS_CATALOG, prefix = ""): { path: string; field: ScalarField }[] {
  return fields.flatMap((f) => {
    const path = `${prefix}${f.name}`;
    if (f.kind !== "message") return [{ path, field: f }];
    return catalogLeaves(f.fields, f.repeated ? `${path}[].` : `${path}.`);
  });
}
