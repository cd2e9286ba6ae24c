// Params.Validate (src/gov/params-validate.ts) value by value: whole mainnet params (accepted) with one
// field moved to each side of each boundary the chain checks, at v0.2.14 and where the versions differ.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import type { JsonObject } from "../../src/json-input.js";
import { paramsFromJson } from "../../src/gov/param-values.js";
import { chainRefusals, validateVersionFor, type ChainRefusal } from "../../src/gov/params-validate.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";

const BASE = (JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "examples", "gov", "mainnet-params.json"), "utf8")) as { params: JsonObject }).params;
const dec = (value: string, exponent: number) => ({ value, exponent });

/** The base params with `path` (dotted; `[i]` for a list entry) set to `v` (undefined: left out). */
function edited(edits: [string, Json | undefined][]): JsonObject {
  const p = structuredClone(BASE) as { [k: string]: Json };
  for (const [path, v] of edits) {
    const keys = path.split(".").flatMap((k) => k.split(/\[(\d+)\]/).filter((x) => x !== ""));
    let o = p as { [k: string]: Json } | Json[];
    for (const k of keys.slice(0, -1)) o = (o as { [k: string]: Json })[k] as { [k: string]: Json };
    const last = keys.at(-1)!;
    if (v === undefined) delete (o as { [k: string]: Json })[last];
    else (o as { [k: string]: Json })[last] = v;
  }
  return p;
}
/** Judged as `version` (by default v0.2.14, the version the value-by-value cases below were written for). */
const refusals = (edits: [string, Json | undefined][], version: ChainVersion = "v0.2.14"): ChainRefusal[] => chainRefusals(paramsFromJson(edited(edits), "p", "s"), version);
const paths = (edits: [string, Json | undefined][], version?: ChainVersion): string[] => refusals(edits, version).map((r) => r.path);

describe("Params.Validate", () => {
  it("accepts the example's whole mainnet params at every ported version; a snapshot's incomplete set is not judged", () => {
    for (const v of ["v0.2.12", "v0.2.13", "v0.2.14", "v0.2.15", "v0.2.16"] as const) expect(refusals([], v)).toEqual([]);
    expect(chainRefusals(paramsFromJson(BASE, "p", "s"))).toEqual([]); // the default: the newest ported, v0.2.16
    expect(chainRefusals(paramsFromJson({}, "p", "s", false))).toEqual([]);
    const versions = ["v0.2.10", "v0.2.12", "v0.2.13", "v0.2.14", "v0.2.15", "v0.2.16", "v0.2.17"] as const;
    expect(versions.map(validateVersionFor)).toEqual(["v0.2.12", "v0.2.12", "v0.2.13", "v0.2.14", "v0.2.15", "v0.2.16", "v0.2.16"]);
  });

  it("every required message left out is nil, and its fields are not judged", () => {
    const r = refusals(["validation_params", "tokenomics_params", "collateral_params", "bitcoin_reward_params", "epoch_params", "poc_params"].map((m) => [m, undefined]));
    expect(r).toEqual([
      { path: "validation_params", value: null, rule: "validation params cannot be nil" },
      { path: "tokenomics_params", value: null, rule: "tokenomics params cannot be nil" },
      { path: "collateral_params", value: null, rule: "collateral params cannot be nil" },
      { path: "bitcoin_reward_params", value: null, rule: "bitcoin reward params cannot be nil" },
      { path: "epoch_params", value: null, rule: "epoch params cannot be nil" },
      { path: "poc_params", value: null, rule: "poc params cannot be nil" },
      // the delegation's initial model is looked for only when poc_params is there
    ]);
    // messages the chain checks only when present
    expect(refusals(["bandwidth_limits_params", "genesis_guardian_params", "developer_access_params", "participant_access_params", "devshard_escrow_params", "delegation_params", "fee_params", "maintenance_params"].map((m) => [m, undefined]))).toEqual([]);
    expect(refusals([["dynamic_pricing_params", undefined]])).toEqual([{ path: "dynamic_pricing_params", value: null, rule: "nil, which Validate dereferences" }]);
  });

  it("a Decimal left out is nil: refused where Validate needs it, dereferenced where it reads it", () => {
    expect(refusals([["validation_params.binom_test_p0", undefined], ["validation_params.false_positive_rate", null]])).toEqual([
      { path: "validation_params.false_positive_rate", value: null, rule: "false positive rate cannot be nil" },
      { path: "validation_params.binom_test_p0", value: null, rule: "binom test p0 cannot be nil" },
    ]);
    expect(paths([["tokenomics_params.subsidy_reduction_amount", undefined]])).toEqual(["tokenomics_params.subsidy_reduction_amount"]);
    expect(refusals([["collateral_params.base_weight_ratio", undefined]])).toEqual([{ path: "collateral_params.base_weight_ratio", value: null, rule: "a nil Decimal, which Validate dereferences" }]);
    // a nil bonus factor stops the bitcoin checks after the nil ones
    expect(refusals([["bitcoin_reward_params.full_coverage_bonus_factor", undefined], ["bitcoin_reward_params.decay_rate", dec("1", 0)]])).toEqual([
      { path: "bitcoin_reward_params.full_coverage_bonus_factor", value: null, rule: "full coverage bonus factor cannot be nil" },
    ]);
    expect(paths([["dynamic_pricing_params.price_elasticity", undefined], ["dynamic_pricing_params.min_per_token_price", "0"]])).toEqual(["dynamic_pricing_params.price_elasticity"]);
    expect(paths([["bandwidth_limits_params.kb_per_output_token", undefined], ["bandwidth_limits_params.invalidations_sample_period", "0"]])).toEqual(["bandwidth_limits_params.kb_per_output_token"]);
    // delegation fractions: nil or zero pass
    expect(refusals([["delegation_params.cap_factor", undefined], ["delegation_params.w_threshold", dec("0", 0)]])).toEqual([]);
  });

  const cases: [string, [string, Json | undefined][], ChainRefusal[]][] = [
    ["epoch length 1 / 0", [["epoch_params.epoch_length", "1"]], []],
    ["epoch length 0", [["epoch_params.epoch_length", "0"]], [{ path: "epoch_params.epoch_length", value: "0", rule: "epoch length must be positive" }]],
    ["epoch multiplier 0", [["epoch_params.epoch_multiplier", "0"]], [{ path: "epoch_params.epoch_multiplier", value: "0", rule: "epoch multiplier must be positive" }]],
    ["compute price -1 / 0", [["epoch_params.default_unit_of_compute_price", "-1"]], [{ path: "epoch_params.default_unit_of_compute_price", value: "-1", rule: "default unit of compute price cannot be negative" }]],
    ["compute price 0", [["epoch_params.default_unit_of_compute_price", "0"]], []],
    ["stage 0, exchange -1, delay -1", [["epoch_params.poc_stage_duration", "0"], ["epoch_params.poc_exchange_duration", "-1"], ["epoch_params.poc_validation_delay", "-1"]], [
      { path: "epoch_params.poc_stage_duration", value: "0", rule: "poc stage duration must be positive" },
      { path: "epoch_params.poc_exchange_duration", value: "-1", rule: "poc exchange duration cannot be negative" },
      { path: "epoch_params.poc_validation_delay", value: "-1", rule: "poc validation delay cannot be negative" },
    ]],
    ["validation 0, delays -1, pruning 0, window -1", [["epoch_params.poc_validation_duration", "0"], ["epoch_params.set_new_validators_delay", "-1"], ["epoch_params.inference_validation_cutoff", "-1"], ["epoch_params.inference_pruning_epoch_threshold", "0"], ["epoch_params.confirmation_poc_safety_window", "-1"]], [
      { path: "epoch_params.poc_validation_duration", value: "0", rule: "poc validation duration must be positive" },
      { path: "epoch_params.set_new_validators_delay", value: "-1", rule: "set new validators delay cannot be negative" },
      { path: "epoch_params.inference_validation_cutoff", value: "-1", rule: "inference validation cutoff cannot be negative" },
      { path: "epoch_params.inference_pruning_epoch_threshold", value: "0", rule: "inference pruning epoch threshold must be at least 1" },
      { path: "epoch_params.confirmation_poc_safety_window", value: "-1", rule: "safety window cannot be negative" },
    ]],
    ["zero delays and windows pass, pruning 1 passes", [["epoch_params.poc_exchange_duration", "0"], ["epoch_params.poc_validation_delay", "0"], ["epoch_params.set_new_validators_delay", "0"], ["epoch_params.inference_validation_cutoff", "0"], ["epoch_params.inference_pruning_epoch_threshold", "1"], ["epoch_params.confirmation_poc_safety_window", "0"], ["epoch_params.poc_stage_duration", "1"], ["epoch_params.poc_validation_duration", "1"], ["epoch_params.epoch_multiplier", "1"]], []],
    ["timestamps 0, logprobs", [["validation_params.timestamp_expiration", "0"], ["validation_params.timestamp_advance", "0"], ["validation_params.logprobs_mode", "raw"]], [
      { path: "validation_params.timestamp_expiration", value: "0", rule: "timestamp expiration must be positive" },
      { path: "validation_params.timestamp_advance", value: "0", rule: "timestamp advance must be positive" },
      { path: "validation_params.logprobs_mode", value: "raw", rule: 'invalid logprobs_mode, must be "processed_logprobs" or "raw_logprobs"' },
    ]],
    ["timestamps 1, raw logprobs", [["validation_params.timestamp_expiration", "1"], ["validation_params.timestamp_advance", "1"], ["validation_params.logprobs_mode", "raw_logprobs"]], []],
    ["decay rate positive", [["bitcoin_reward_params.decay_rate", dec("1", -4)]], [{ path: "bitcoin_reward_params.decay_rate", value: "0.0001", rule: "decay rate must be negative for reward reduction" }]],
    ["decay rate too extreme", [["bitcoin_reward_params.decay_rate", dec("-11", -3)]], [{ path: "bitcoin_reward_params.decay_rate", value: "-0.011", rule: "decay rate too extreme (less than -0.01)" }]],
    ["decay rate -0.01: no exponent", [["bitcoin_reward_params.decay_rate", dec("-1", -2)]], [{ path: "bitcoin_reward_params.decay_rate", value: "-0.01", rule: "decay rate does not have exponent defined (GetExponent knows -0.000475, -0.000001 and 0)" }]],
    ["decay rates GetExponent knows", [["bitcoin_reward_params.decay_rate", dec("-1", -6)]], []],
    ["decay rate 0", [["bitcoin_reward_params.decay_rate", dec("0", 0)]], []],
    ["decay rate of 19 decimals", [["bitcoin_reward_params.decay_rate", dec("-1", -19)]], [{ path: "bitcoin_reward_params.decay_rate", value: "-0.0000000000000000001", rule: "-0.0000000000000000001 has more than 18 decimal places (LegacyDec)" }]],
    ["bonus factor negative, zero", [["bitcoin_reward_params.utilization_bonus_factor", dec("-1", -1)], ["bitcoin_reward_params.partial_coverage_bonus_factor", dec("0", 0)]], [{ path: "bitcoin_reward_params.utilization_bonus_factor", value: "-0.1", rule: "bonus factor cannot be negative" }]],
    ["collateral fractions out of [0, 1]", [["collateral_params.slash_fraction_invalid", dec("11", -1)], ["collateral_params.slash_fraction_downtime", dec("-1", -1)], ["collateral_params.downtime_missed_percentage_threshold", dec("101", -2)], ["collateral_params.base_weight_ratio", dec("2", 0)], ["collateral_params.collateral_per_weight_unit", dec("-1", 0)]], [
      { path: "collateral_params.slash_fraction_invalid", value: "1.1", rule: "slash fraction must be between 0 and 1" },
      { path: "collateral_params.slash_fraction_downtime", value: "-0.1", rule: "slash fraction must be between 0 and 1" },
      { path: "collateral_params.downtime_missed_percentage_threshold", value: "1.01", rule: "percentage must be between 0 and 1" },
      { path: "collateral_params.base_weight_ratio", value: "2", rule: "base weight ratio must be between 0 and 1" },
      { path: "collateral_params.collateral_per_weight_unit", value: "-1", rule: "collateral per weight unit cannot be negative" },
    ]],
    ["collateral at 0 and 1", [["collateral_params.slash_fraction_invalid", dec("1", 0)], ["collateral_params.slash_fraction_downtime", dec("0", 0)], ["collateral_params.base_weight_ratio", dec("10", -1)], ["collateral_params.collateral_per_weight_unit", dec("0", 0)]], []],
    ["pricing bounds", [["dynamic_pricing_params.stability_zone_lower_bound", dec("-1", -1)], ["dynamic_pricing_params.stability_zone_upper_bound", dec("11", -1)]], [
      { path: "dynamic_pricing_params.stability_zone_lower_bound", value: "-0.1", rule: "stability zone bound must be between 0.0 and 1.0" },
      { path: "dynamic_pricing_params.stability_zone_upper_bound", value: "1.1", rule: "stability zone bound must be between 0.0 and 1.0" },
    ]],
    ["pricing bounds equal", [["dynamic_pricing_params.stability_zone_lower_bound", dec("6", -1)]], [{ path: "dynamic_pricing_params.stability_zone_lower_bound", value: "0.6", rule: "stability zone lower bound must be less than upper bound (0.6)" }]],
    ["pricing bounds 0 and 1", [["dynamic_pricing_params.stability_zone_lower_bound", dec("0", 0)], ["dynamic_pricing_params.stability_zone_upper_bound", dec("1", 0)]], []],
    ["elasticity 0 and 1.1", [["dynamic_pricing_params.price_elasticity", dec("0", 0)]], [{ path: "dynamic_pricing_params.price_elasticity", value: "0", rule: "price elasticity must be between 0.0 and 1.0 (above 0)" }]],
    ["elasticity above 1", [["dynamic_pricing_params.price_elasticity", dec("11", -1)]], [{ path: "dynamic_pricing_params.price_elasticity", value: "1.1", rule: "price elasticity must be between 0.0 and 1.0 (above 0)" }]],
    ["elasticity 1", [["dynamic_pricing_params.price_elasticity", dec("1", 0)]], []],
    ["window 0", [["dynamic_pricing_params.utilization_window_duration", "0"]], [{ path: "dynamic_pricing_params.utilization_window_duration", value: "0", rule: "utilization window duration must be greater than 0" }]],
    ["window 3601", [["dynamic_pricing_params.utilization_window_duration", "3601"]], [{ path: "dynamic_pricing_params.utilization_window_duration", value: "3601", rule: "utilization window duration must not exceed 3600 seconds (1 hour)" }]],
    ["window 2505 s = 501 blocks", [["dynamic_pricing_params.utilization_window_duration", "2505"]], [{ path: "dynamic_pricing_params.utilization_window_duration", value: "2505", rule: "utilization window duration exceeds the maximum of 500 blocks (5 s each)" }]],
    ["window 2504 s and 1 s", [["dynamic_pricing_params.utilization_window_duration", "2504"]], []],
    ["window 1 s", [["dynamic_pricing_params.utilization_window_duration", "1"]], []],
    ["prices 0", [["dynamic_pricing_params.min_per_token_price", "0"], ["dynamic_pricing_params.base_per_token_price", "0"]], [
      { path: "dynamic_pricing_params.min_per_token_price", value: "0", rule: "per-token price must be greater than 0" },
      { path: "dynamic_pricing_params.base_per_token_price", value: "0", rule: "per-token price must be greater than 0" },
    ]],
    ["sample period 0", [["bandwidth_limits_params.invalidations_sample_period", "0"]], [{ path: "bandwidth_limits_params.invalidations_sample_period", value: "0", rule: "invalidations sample period must be greater than 0" }]],
    ["sample period 2505", [["bandwidth_limits_params.invalidations_sample_period", "2505"]], [{ path: "bandwidth_limits_params.invalidations_sample_period", value: "2505", rule: "invalidations sample period exceeds the maximum of 500 blocks (5 s each)" }]],
    ["sample period 2504, 4", [["bandwidth_limits_params.invalidations_sample_period", "4"]], []],
    ["negatives of guardians and access", [["genesis_guardian_params.network_maturity_threshold", "-1"], ["genesis_guardian_params.network_maturity_min_height", "-1"], ["developer_access_params.until_block_height", "-1"], ["participant_access_params.new_participant_registration_start_height", "-1"], ["participant_access_params.participant_allowlist_until_block_height", "-1"]], [
      { path: "genesis_guardian_params.network_maturity_threshold", value: "-1", rule: "genesis guardian network maturity threshold cannot be negative" },
      { path: "genesis_guardian_params.network_maturity_min_height", value: "-1", rule: "genesis guardian network maturity min height cannot be negative" },
      { path: "developer_access_params.until_block_height", value: "-1", rule: "developer access until block height cannot be negative" },
      { path: "participant_access_params.new_participant_registration_start_height", value: "-1", rule: "new participant registration start height cannot be negative" },
      { path: "participant_access_params.participant_allowlist_until_block_height", value: "-1", rule: "participant allowlist until block height cannot be negative" },
    ]],
    ["zeros of guardians and access", [["genesis_guardian_params.network_maturity_threshold", "0"], ["genesis_guardian_params.network_maturity_min_height", "0"], ["developer_access_params.until_block_height", "0"], ["participant_access_params.new_participant_registration_start_height", "0"], ["participant_access_params.participant_allowlist_until_block_height", "0"]], []],
    ["vote bps 4999, 10001", [["poc_params.validation_vote_threshold_bps", 4999]], [{ path: "poc_params.validation_vote_threshold_bps", value: "4999", rule: "poc_params.validation_vote_threshold_bps must be 0 (default) or in [5000, 10000]" }]],
    ["vote bps 10001", [["poc_params.validation_vote_threshold_bps", 10001]], [{ path: "poc_params.validation_vote_threshold_bps", value: "10001", rule: "poc_params.validation_vote_threshold_bps must be 0 (default) or in [5000, 10000]" }]],
    ["vote bps 0, 10000", [["poc_params.validation_vote_threshold_bps", 10000]], []],
    ["vote bps 0", [["poc_params.validation_vote_threshold_bps", 0]], []],
    ["model seq_len -1", [["poc_params.models[1].seq_len", "-1"]], [{ path: "poc_params.models[moonshotai/Kimi-K2.6].seq_len", value: "-1", rule: "poc_params.models.seq_len cannot be negative" }]],
    ["model seq_len 0", [["poc_params.models[1].seq_len", "0"]], []],
    ["a model listed twice", [["poc_params.models[1].model_id", "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8"]], [{ path: "poc_params.models[1].model_id", value: "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8", rule: 'poc_params.models contains duplicate model_id "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8"' }]],
    ["two models without id", [["poc_params.models[0].model_id", ""], ["poc_params.models[1].model_id", ""]], [{ path: "delegation_params.initial_model_id", value: "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8", rule: 'delegation initial_model_id "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8" not found in poc_params models' }]],
    ["escrow amounts and sizes 0", [["devshard_escrow_params.min_amount", "0"], ["devshard_escrow_params.max_amount", "0"], ["devshard_escrow_params.group_size", 0], ["devshard_escrow_params.max_nonce", 0]], [
      { path: "devshard_escrow_params.min_amount", value: "0", rule: "devshard escrow min_amount must be positive" },
      { path: "devshard_escrow_params.group_size", value: "0", rule: "devshard escrow group_size must be positive" },
      { path: "devshard_escrow_params.max_nonce", value: "0", rule: "devshard escrow max_nonce must be positive" },
    ]],
    ["escrow max below min", [["devshard_escrow_params.max_amount", "49999999"]], [{ path: "devshard_escrow_params.max_amount", value: "49999999", rule: "devshard escrow max_amount must be >= min_amount (50000000)" }]],
    ["escrow max at min", [["devshard_escrow_params.max_amount", "50000000"], ["devshard_escrow_params.min_amount", "50000000"], ["devshard_escrow_params.group_size", 1], ["devshard_escrow_params.max_nonce", 1]], []],
    ["approved versions", [["devshard_escrow_params.approved_versions", [{ name: "", binary: "", sha256: "" }, { name: "v2", binary: "b", sha256: "ab" }, { name: "v2", binary: "b", sha256: "z".repeat(64) }, { name: "v3", binary: "b", sha256: "A".repeat(64) }]]], [
      { path: "devshard_escrow_params.approved_versions[0].name", value: "", rule: "approved_versions: name cannot be empty" },
      { path: "devshard_escrow_params.approved_versions[0].binary", value: "", rule: "approved_versions: binary cannot be empty" },
      { path: "devshard_escrow_params.approved_versions[0].sha256", value: "", rule: "approved_versions: sha256 cannot be empty" },
      { path: "devshard_escrow_params.approved_versions[1].sha256", value: "ab", rule: "approved_versions: sha256 must be 64 hex characters, got 2 characters" },
      { path: "devshard_escrow_params.approved_versions[2].sha256", value: "z".repeat(64), rule: "approved_versions: sha256 must be 64 hex characters, got 64 characters" },
      { path: "devshard_escrow_params.approved_versions[2].name", value: "v2", rule: 'approved_versions: duplicate name "v2"' },
    ]],
    ["escrow timeouts 0, rate 10001, factor 0", [["devshard_escrow_params.refusal_timeout", "0"], ["devshard_escrow_params.execution_timeout", "0"], ["devshard_escrow_params.validation_rate", 10001], ["devshard_escrow_params.vote_threshold_factor", 0]], [
      { path: "devshard_escrow_params.refusal_timeout", value: "0", rule: "devshard escrow refusal_timeout must be positive" },
      { path: "devshard_escrow_params.execution_timeout", value: "0", rule: "devshard escrow execution_timeout must be positive" },
      { path: "devshard_escrow_params.validation_rate", value: "10001", rule: "devshard escrow validation_rate must be <= 10000 basis points" },
      { path: "devshard_escrow_params.vote_threshold_factor", value: "0", rule: "devshard escrow vote_threshold_factor must be in (0, 100]" },
    ]],
    ["factor 101", [["devshard_escrow_params.vote_threshold_factor", 101]], [{ path: "devshard_escrow_params.vote_threshold_factor", value: "101", rule: "devshard escrow vote_threshold_factor must be in (0, 100]" }]],
    ["factor 100 and 1, timeouts 1, rate 10000", [["devshard_escrow_params.vote_threshold_factor", 100], ["devshard_escrow_params.refusal_timeout", "1"], ["devshard_escrow_params.execution_timeout", "1"], ["devshard_escrow_params.validation_rate", 10000]], []],
    ["factor 1", [["devshard_escrow_params.vote_threshold_factor", 1]], []],
    ["delegation negatives and fractions", [["delegation_params.deploy_window", "-1"], ["delegation_params.v_min", "-1"], ["delegation_params.refusal_penalty", dec("11", -1)], ["delegation_params.no_participation_penalty", dec("-1", -1)], ["delegation_params.delegation_share", dec("2", 0)], ["delegation_params.w_threshold", dec("1", -19)], ["delegation_params.cap_factor", dec("101", -2)]], [
      { path: "delegation_params.deploy_window", value: "-1", rule: "delegation deploy_window cannot be negative" },
      { path: "delegation_params.v_min", value: "-1", rule: "delegation v_min cannot be negative" },
      { path: "delegation_params.refusal_penalty", value: "1.1", rule: "delegation refusal_penalty must be between 0 and 1" },
      { path: "delegation_params.no_participation_penalty", value: "-0.1", rule: "delegation no_participation_penalty must be between 0 and 1" },
      { path: "delegation_params.delegation_share", value: "2", rule: "delegation delegation_share must be between 0 and 1" },
      { path: "delegation_params.w_threshold", value: "0.0000000000000000001", rule: "0.0000000000000000001 has more than 18 decimal places (LegacyDec)" },
      { path: "delegation_params.cap_factor", value: "1.01", rule: "delegation cap_factor must be between 0 and 1" },
    ]],
    ["delegation zeros and 1", [["delegation_params.deploy_window", "0"], ["delegation_params.v_min", "0"], ["delegation_params.refusal_penalty", dec("1", 0)], ["delegation_params.initial_model_id", ""]], []],
    ["initial model not among the models", [["delegation_params.initial_model_id", "other"]], [{ path: "delegation_params.initial_model_id", value: "other", rule: 'delegation initial_model_id "other" not found in poc_params models' }]],
    ["gas price above the limit", [["fee_params.min_gas_price_ngonka", "1000001"]], [{ path: "fee_params.min_gas_price_ngonka", value: "1000001", rule: "min_gas_price_ngonka exceeds safety limit of 1,000,000" }]],
    ["gas price at the limit", [["fee_params.min_gas_price_ngonka", "1000000"]], []],
    ["maintenance zeros", [["maintenance_params.maintenance_max_window_blocks", "0"], ["maintenance_params.maintenance_credit_cap_blocks", "0"], ["maintenance_params.maintenance_max_concurrent_validators", 0], ["maintenance_params.maintenance_credit_earn_per_successful_epoch_blocks", "0"]], [
      { path: "maintenance_params.maintenance_max_window_blocks", value: "0", rule: "maintenance max window blocks must be positive" },
      { path: "maintenance_params.maintenance_credit_cap_blocks", value: "0", rule: "maintenance credit cap blocks must be positive" },
      { path: "maintenance_params.maintenance_max_concurrent_validators", value: "0", rule: "maintenance max concurrent validators must be positive" },
      { path: "maintenance_params.maintenance_credit_earn_per_successful_epoch_blocks", value: "0", rule: "maintenance credit earn per successful epoch blocks must be positive" },
    ]],
    ["maintenance above the bounds", [["maintenance_params.maintenance_max_window_blocks", "1000000000000001"], ["maintenance_params.maintenance_min_schedule_lead_blocks", "1000000000000001"], ["maintenance_params.maintenance_credit_cap_blocks", "1000000000000001"], ["maintenance_params.maintenance_max_concurrent_power_bps", 10001], ["maintenance_params.maintenance_credit_earn_per_successful_epoch_blocks", "1000000000000002"]], [
      { path: "maintenance_params.maintenance_max_window_blocks", value: "1000000000000001", rule: "maintenance max window blocks exceeds safe upper bound 1e15" },
      { path: "maintenance_params.maintenance_min_schedule_lead_blocks", value: "1000000000000001", rule: "maintenance min schedule lead blocks exceeds safe upper bound 1e15" },
      { path: "maintenance_params.maintenance_credit_cap_blocks", value: "1000000000000001", rule: "maintenance credit cap blocks exceeds safe upper bound 1e15" },
      { path: "maintenance_params.maintenance_max_concurrent_power_bps", value: "10001", rule: "maintenance max concurrent power bps cannot exceed 10000" },
      { path: "maintenance_params.maintenance_credit_earn_per_successful_epoch_blocks", value: "1000000000000002", rule: "maintenance credit earn per successful epoch blocks must not exceed credit cap" },
    ]],
    ["maintenance at the bounds", [["maintenance_params.maintenance_max_window_blocks", "1000000000000000"], ["maintenance_params.maintenance_min_schedule_lead_blocks", "1000000000000000"], ["maintenance_params.maintenance_credit_cap_blocks", "1000000000000000"], ["maintenance_params.maintenance_max_concurrent_power_bps", 10000], ["maintenance_params.maintenance_credit_earn_per_successful_epoch_blocks", "1000000000000000"]], []],
  ];
  for (const [name, edits, expected] of cases) {
    it(`v0.2.14: ${name}`, () => {
      expect(refusals(edits)).toEqual(expected);
    });
  }

  it("v0.2.12 and v0.2.13 lack the checks v0.2.14 (and v0.2.13) added", () => {
    const later: [string, Json | undefined][] = [
      ["devshard_escrow_params.max_nonce", 0],
      ["devshard_escrow_params.refusal_timeout", "0"],
      ["devshard_escrow_params.execution_timeout", "0"],
      ["devshard_escrow_params.validation_rate", 10001],
      ["devshard_escrow_params.vote_threshold_factor", 0],
      ["poc_params.validation_vote_threshold_bps", 1],
      ["maintenance_params.maintenance_max_window_blocks", "0"],
    ];
    expect(paths(later, "v0.2.12")).toEqual([]);
    expect(paths(later, "v0.2.13")).toEqual(["devshard_escrow_params.max_nonce"]);
    expect(paths(later, "v0.2.14")).toEqual([
      "poc_params.validation_vote_threshold_bps",
      "devshard_escrow_params.max_nonce",
      "devshard_escrow_params.refusal_timeout",
      "devshard_escrow_params.execution_timeout",
      "devshard_escrow_params.validation_rate",
      "devshard_escrow_params.vote_threshold_factor",
      "maintenance_params.maintenance_max_window_blocks",
    ]);
    // the checks every ported version makes
    expect(paths([["epoch_params.epoch_length", "0"]], "v0.2.12")).toEqual(["epoch_params.epoch_length"]);
  });
});
