// Params.Validate (src/gov/params-validate.ts) value by value: whole mainnet params (accepted) with one
// field moved to each side of each boundary the chain checks, at v0.2.14 and where the versions differ.
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import { Params } from "../../src/chain/gen/proto.js";
import { paramsFromBytes, paramsFromJson } from "../../src/gov/param-values.js";
import { judgeProposal } from "../../src/gov/judge.js";
import { chainRefusals, unjudgedCheck, validateVersionFor, type ChainRefusal } from "../../src/gov/params-validate.js";
import { proposalFromJson } from "../../src/gov/proposal-json.js";
import { BASE, dec, edited, paths, refusals } from "../helpers/params-edits.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";

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

  const EXP = (e: number) => `decimal exponent must be between -18 and 18: ${e}`;
  const QWEN = "poc_params.models[Qwen/Qwen3-235B-A22B-Instruct-2507-FP8]";

  it("v0.2.15: every listed Decimal's exponent within ±18, first of all; v0.2.14 bounds only the decimal places LegacyDec takes", () => {
    // ±18 passes, ±19 is refused, whatever the value's text (0.000000000000000001 is 10 × 10^-19)
    expect(refusals([["epoch_params.poc_slot_allocation", dec("1", -18)], ["tokenomics_params.subsidy_reduction_amount", dec("1", 18)]], "v0.2.15")).toEqual([]);
    const far: [string, Json | undefined][] = [["epoch_params.poc_slot_allocation", dec("10", -19)], ["validation_params.binom_test_p0", dec("1", 19)], ["confirmation_poc_params.alpha_threshold", dec("0", -19)], [`poc_params.models[1].stat_test.p_mismatch`, dec("10", -19)]];
    expect(refusals(far, "v0.2.15")).toEqual([
      { path: "epoch_params.poc_slot_allocation", value: "0.000000000000000001", rule: EXP(-19) },
      { path: "validation_params.binom_test_p0", value: "10000000000000000000", rule: EXP(19) },
      { path: "confirmation_poc_params.alpha_threshold", value: "0", rule: EXP(-19) },
      { path: "poc_params.models[moonshotai/Kimi-K2.6].stat_test.p_mismatch", value: "0.000000000000000001", rule: EXP(-19) },
    ]);
    expect(refusals(far, "v0.2.14")).toEqual([]);
    // a value refused for its exponent is refused once (its range checks would fail the same way), before the other messages' checks
    expect(refusals([["collateral_params.base_weight_ratio", dec("10", -19)], ["validation_params.timestamp_advance", "0"], ["delegation_params.w_threshold", dec("1", -19)]], "v0.2.15")).toEqual([
      { path: "collateral_params.base_weight_ratio", value: "0.000000000000000001", rule: EXP(-19) },
      { path: "delegation_params.w_threshold", value: "0.0000000000000000001", rule: EXP(-19) },
      { path: "validation_params.timestamp_advance", value: "0", rule: "timestamp advance must be positive" },
    ]);
    expect(paths([["collateral_params.base_weight_ratio", dec("10", -19)]], "v0.2.14")).toEqual([]);
    expect(refusals([["delegation_params.w_threshold", dec("1", -19)]], "v0.2.14")).toEqual([{ path: "delegation_params.w_threshold", value: "0.0000000000000000001", rule: "0.0000000000000000001 has more than 18 decimal places (LegacyDec)" }]);
    // the deprecated scales are bounded at v0.2.15, no longer at v0.2.16
    expect(refusals([[`poc_params.models[0].weight_scale_factor`, dec("1", 19)], ["poc_params.weight_scale_factor", dec("1", -19)]], "v0.2.15")).toEqual([
      { path: "poc_params.weight_scale_factor", value: "0.0000000000000000001", rule: EXP(-19) },
      { path: `${QWEN}.weight_scale_factor`, value: "10000000000000000000", rule: EXP(19) },
    ]);
    expect(refusals([[`poc_params.models[0].weight_scale_factor`, dec("1", 19)], ["poc_params.weight_scale_factor", dec("1", -19)]], "v0.2.16")).toEqual([]);
  });

  it("v0.2.15 and v0.2.16 bound exactly the Decimals Go lists, in its order", () => {
    const go15 = [
      "epoch_params.poc_slot_allocation",
      ...["subsidy_reduction_interval", "subsidy_reduction_amount", "current_subsidy_percentage"].map((f) => `tokenomics_params.${f}`),
      ...["false_positive_rate", "pass_value", "min_validation_average", "max_validation_average", "min_validation_halfway", "miss_percentage_cutoff", "miss_requests_penalty", "invalid_reputation_preserve", "bad_participant_invalidation_rate", "invalidation_h_threshold", "downtime_good_percentage", "downtime_bad_percentage", "downtime_h_threshold", "downtime_reputation_preserve", "quick_failure_threshold", "binom_test_p0"].map((f) => `validation_params.${f}`),
      "poc_params.weight_scale_factor",
      ...["model_params.ffn_dim_multiplier", "model_params.norm_eps", "model_params.r_target", "stat_test.dist_threshold", "stat_test.p_mismatch", "stat_test.p_value_threshold"].map((f) => `poc_params.${f}`),
      "confirmation_poc_params.alpha_threshold", "confirmation_poc_params.slash_fraction",
      ...["slash_fraction_invalid", "slash_fraction_downtime", "downtime_missed_percentage_threshold", "base_weight_ratio", "collateral_per_weight_unit"].map((f) => `collateral_params.${f}`),
      ...["decay_rate", "utilization_bonus_factor", "full_coverage_bonus_factor", "partial_coverage_bonus_factor"].map((f) => `bitcoin_reward_params.${f}`),
      ...["stability_zone_lower_bound", "stability_zone_upper_bound", "price_elasticity"].map((f) => `dynamic_pricing_params.${f}`),
      "bandwidth_limits_params.kb_per_input_token", "bandwidth_limits_params.kb_per_output_token",
      ...["refusal_penalty", "no_participation_penalty", "delegation_share", "w_threshold", "cap_factor", "max_model_voting_power_percentage"].map((f) => `delegation_params.${f}`),
    ];
    const modelFields = (i: number, v16: boolean) => [
      ...(v16 ? [] : ["weight_scale_factor"]), "stat_test.dist_threshold", "stat_test.p_mismatch", "stat_test.p_value_threshold",
      ...(v16 ? ["dynamic_coefficient.coeff_min", "dynamic_coefficient.coeff_max", "dynamic_coefficient.relative_difficulty"] : []),
    ].map((f) => `poc_params.models[${i}].${f}`);
    const steps = ["step_min", "step_max", "bootstrap_step_max"].map((f) => `${D}.${f}`);
    const every = [...go15, ...modelFields(0, false), ...modelFields(1, false), ...modelFields(0, true), ...modelFields(1, true), ...steps];
    const edits = [...new Set(every)].map((p): [string, Json] => [p, dec("1", 19)]);
    const named = (ps: string[]) => ps.map((p) => p.replace("poc_params.models[0]", QWEN).replace("poc_params.models[1]", "poc_params.models[moonshotai/Kimi-K2.6]"));
    expect(go15).toHaveLength(49);
    const exponentPaths = (v: ChainVersion) => refusals(edits, v).filter((r) => r.rule === EXP(19)).map((r) => r.path);
    expect(exponentPaths("v0.2.15")).toEqual(named([...go15, ...modelFields(0, false), ...modelFields(1, false)]));
    expect(exponentPaths("v0.2.16")).toEqual(named([...go15.filter((p) => p !== "poc_params.weight_scale_factor"), ...modelFields(0, true), ...modelFields(1, true), ...steps]));
  });

  it("v0.2.16: a nil dynamic_coefficient_params needs a weight_scale_factor on every model; an empty one is checked", () => {
    const noDynamic: [string, Json | undefined][] = [["poc_params.dynamic_coefficient_params", undefined], ["poc_params.models[0].dynamic_coefficient", undefined], ["poc_params.models[1].dynamic_coefficient", undefined]];
    expect(refusals(noDynamic, "v0.2.16")).toEqual([
      { path: `${QWEN}.weight_scale_factor`, value: null, rule: "poc_params.dynamic_coefficient_params cannot be nil after deprecated weight_scale_factor was removed from model 0" },
    ]);
    expect(refusals([...noDynamic, ["poc_params.models[0].weight_scale_factor", dec("3593", -4)], ["poc_params.models[1].weight_scale_factor", dec("1", 0)]], "v0.2.16")).toEqual([]);
    expect(refusals(noDynamic, "v0.2.15")).toEqual([]);
    expect(refusals([["poc_params.dynamic_coefficient_params", {}]], "v0.2.16")).toEqual([
      { path: "poc_params.dynamic_coefficient_params.target_zone_bps", value: "0", rule: "poc_params.dynamic_coefficient_params.target_zone_bps must be in [1, 10000]" },
    ]);
  });

  const D = "poc_params.dynamic_coefficient_params";
  const coefficientCases: [string, [string, Json | undefined][], ChainRefusal[]][] = [
    ["zone 1, bootstrap share 10000", [[`${D}.target_zone_bps`, 1], [`${D}.bootstrap_share_bps`, 10000]], []],
    ["zone 10001", [[`${D}.target_zone_bps`, 10001]], [{ path: `${D}.target_zone_bps`, value: "10001", rule: `${D}.target_zone_bps must be in [1, 10000]` }]],
    ["bootstrap share 10001", [[`${D}.bootstrap_share_bps`, 10001]], [{ path: `${D}.bootstrap_share_bps`, value: "10001", rule: `${D}.bootstrap_share_bps must be <= 10000` }]],
    ["step_min = step_max = bootstrap_step_max", [[`${D}.step_min`, dec("5", -2)], [`${D}.bootstrap_step_max`, dec("50", -3)]], []],
    ["step_min above step_max", [[`${D}.step_min`, dec("51", -3)]], [{ path: `${D}.step_min`, value: "0.051", rule: `${D}.step_min must be <= step_max` }]],
    ["step_max above bootstrap_step_max", [[`${D}.step_max`, dec("26", -2)]], [{ path: `${D}.step_max`, value: "0.26", rule: `${D}.step_max must be <= bootstrap_step_max` }]],
    ["step_min 0", [[`${D}.step_min`, dec("0", 0)]], [{ path: `${D}.step_min`, value: "0", rule: `${D}.step_min must be positive` }]],
    ["step_max left out", [[`${D}.step_max`, undefined]], [{ path: `${D}.step_max`, value: null, rule: `${D}.step_max cannot be nil` }]],
    ["bootstrap_step_max exponent 19: refused once, for its exponent", [[`${D}.bootstrap_step_max`, dec("1", 19)]], [{ path: `${D}.bootstrap_step_max`, value: "10000000000000000000", rule: EXP(19) }]],
    ["coeff_min = coeff_max", [["poc_params.models[0].dynamic_coefficient.coeff_min", dec("39523", -5)]], []],
    ["coeff_min above coeff_max", [["poc_params.models[0].dynamic_coefficient.coeff_min", dec("39524", -5)]], [{ path: `${QWEN}.dynamic_coefficient.coeff_min`, value: "0.39524", rule: "poc_params.models[0].dynamic_coefficient.coeff_min must be <= coeff_max" }]],
    ["relative difficulty -1", [["poc_params.models[1].dynamic_coefficient.relative_difficulty", dec("-1", 0)]], [{ path: "poc_params.models[moonshotai/Kimi-K2.6].dynamic_coefficient.relative_difficulty", value: "-1", rule: "poc_params.models[1].dynamic_coefficient.relative_difficulty must be positive" }]],
    ["target share = zone", [["poc_params.models[0].dynamic_coefficient.target_share_bps", 500], ["poc_params.models[1].dynamic_coefficient.target_share_bps", 9500]], [{ path: `${QWEN}.dynamic_coefficient.target_share_bps`, value: "500", rule: "poc_params.models[0].dynamic_coefficient.target_share_bps must be greater than target_zone_bps" }]],
    ["target share zone + 1, and 0", [["poc_params.models[0].dynamic_coefficient.target_share_bps", 501], ["poc_params.models[1].dynamic_coefficient.target_share_bps", 9499]], []],
    ["target share 0 and 10000", [["poc_params.models[0].dynamic_coefficient.target_share_bps", 0], ["poc_params.models[1].dynamic_coefficient.target_share_bps", 10000]], []],
    ["target share 10001", [["poc_params.models[0].dynamic_coefficient.target_share_bps", 0], ["poc_params.models[1].dynamic_coefficient.target_share_bps", 10001]], [{ path: "poc_params.models[moonshotai/Kimi-K2.6].dynamic_coefficient.target_share_bps", value: "10001", rule: "poc_params.models[1].dynamic_coefficient.target_share_bps must be <= 10000" }]],
    ["targets summing to 9999", [["poc_params.models[1].dynamic_coefficient.target_share_bps", 4999]], [{ path: "poc_params.models", value: "9999", rule: "poc_params dynamic target shares must sum to 10000 bps, got 9999" }]],
    ["a model without a dynamic config counts nothing", [["poc_params.models[1].dynamic_coefficient", undefined]], [{ path: "poc_params.models", value: "5000", rule: "poc_params dynamic target shares must sum to 10000 bps, got 5000" }]],
    ["approved versions", [["devshard_escrow_params.approved_versions", [{ name: "v5", binary: "b", sha256: "a".repeat(64) }]]], [{ path: "devshard_escrow_params.approved_versions", value: '["v5"]', rule: "devshard_escrow_params.approved_versions is deprecated; use MsgPutDevshardApprovedVersion / MsgDeleteDevshardApprovedVersion" }]],
    ["an invalid approved version: refused as deprecated, not judged", [["devshard_escrow_params.approved_versions", [{ name: "", binary: "", sha256: "" }]]], [{ path: "devshard_escrow_params.approved_versions", value: '[""]', rule: "devshard_escrow_params.approved_versions is deprecated; use MsgPutDevshardApprovedVersion / MsgDeleteDevshardApprovedVersion" }]],
    ["payment ratio 1, 1 active challenge", [["poc_challenge_params.payment_ratio", dec("1", 0)], ["poc_challenge_params.max_active_challenges", 1]], []],
    ["payment ratio 0 (validateDecimalFraction passes zero)", [["poc_challenge_params.payment_ratio", dec("0", 0)]], []],
    ["payment ratio 1.01, no active challenge", [["poc_challenge_params.payment_ratio", dec("101", -2)], ["poc_challenge_params.max_active_challenges", 0]], [
      { path: "poc_challenge_params.payment_ratio", value: "1.01", rule: "poc_challenge_params.payment_ratio must be between 0 and 1" },
      { path: "poc_challenge_params.max_active_challenges", value: "0", rule: "poc_challenge_params.max_active_challenges must be greater than 0" },
    ]],
    ["payment ratio of exponent -19 (not in the exponent list: refused by validateDecimalFraction)", [["poc_challenge_params.payment_ratio", dec("10", -19)]], [{ path: "poc_challenge_params.payment_ratio", value: "0.000000000000000001", rule: EXP(-19) }]],
    ["challenge params left out", [["poc_challenge_params", undefined]], []],
    ["gas price at and above the limit, in v0.2.16's words", [["fee_params.min_gas_price_ngonka", "1000001"]], [{ path: "fee_params.min_gas_price_ngonka", value: "1000001", rule: "min_gas_price_ngonka 1000001 exceeds safety limit of 1000000" }]],
    ["gas price at the limit", [["fee_params.min_gas_price_ngonka", "1000000"]], []],
  ];
  for (const [name, edits, expected] of coefficientCases) {
    it(`v0.2.16: ${name}`, () => {
      expect(refusals(edits, "v0.2.16")).toEqual(expected);
    });
  }

  it("the wire form keeps a decimal's exponent and which nested messages were sent, as the JSON forms do", () => {
    const bytes = Params.encode({
      epochParams: { epochLength: 100n, pocSlotAllocation: { value: 10n, exponent: -19 } },
      pocParams: { models: [{ modelId: "m", weightScaleFactor: undefined, dynamicCoefficient: undefined }], dynamicCoefficientParams: { targetZoneBps: 0, stepMin: undefined, stepMax: undefined, bootstrapStepMax: undefined, bootstrapShareBps: 0 } },
    } as never);
    const set = paramsFromBytes(bytes, "wire");
    expect(set.values.get("epoch_params.poc_slot_allocation")?.value).toEqual({ text: "0.000000000000000001", decimal: { value: 10n, exponent: -19 } });
    expect(["poc_params", D, "poc_params.models[m].dynamic_coefficient", "poc_params.stat_test"].map((m) => set.absent!.has(m))).toEqual([false, false, true, true]);
    expect(chainRefusals(set, "v0.2.16").filter((r) => /^(epoch_params\.poc_slot|poc_params)/.test(r.path))).toEqual([
      { path: "epoch_params.poc_slot_allocation", value: "0.000000000000000001", rule: EXP(-19) },
      { path: `${D}.target_zone_bps`, value: "0", rule: `${D}.target_zone_bps must be in [1, 10000]` },
    ]);
  });

  it("v0.2.16's fee groups are in the catalog and judged by FeeParams.Validate (first failure only); a rule on a message type the port's table lacks is named as not judged", () => {
    const update = (edits: [string, Json | undefined][], v?: ChainVersion) => {
      const p = proposalFromJson({ id: "1", messages: [{ "@type": "/inference.inference.MsgUpdateParams", authority: "gonka1gov", params: edited(edits) }] }, "p", "p.json");
      const m = judgeProposal(p, null, null, v).messages[0] as { unknownFields: { path: string; detail: string }[]; refused: ChainRefusal[] };
      return { unknown: m.unknownFields.map((u) => `${u.path}: ${u.detail}`), refused: m.refused.map(({ path, value, rule }) => ({ path, value, rule })) };
    };
    const bad: [string, Json | undefined][] = [["fee_params.enabled_fee_groups", ["epoch"]], ["fee_params.groups", [{ name: "nope" }, { name: "epoch", min_gas_price: "2000000" }]], ["fee_params.mystery", 5]];
    expect(update(bad)).toEqual({
      unknown: ["fee_params.mystery: not in the port's catalog of x/inference Params (5)"],
      refused: [{ path: "fee_params.groups[nope].name", value: "nope", rule: 'groups[0].name "nope" is not a compiled fee group' }],
    });
    expect(update(bad, "v0.2.15").refused).toEqual([]);
    const bank = "/cosmos.bank.v1beta1.MsgSend";
    expect(update([["fee_params.enabled_fee_groups", []], ["fee_params.groups", [{ name: "cosmos", msgs: [{ type_url: bank, repeated_len: { field: "outputs" } }] }]]])).toEqual({
      unknown: [`fee_params.groups[cosmos].msgs[${bank}]: Params.Validate (v0.2.16) checks groups["cosmos"].msgs[0]: repeated_len.field "outputs" on ${bank}: the port does not know that message's fields (Go checks them by reflection); the port does not judge it`],
      refused: [],
    });
    expect(unjudgedCheck(paramsFromJson(BASE, "p", "s"), "v0.2.16")).toBeNull();
    // on the wire they are fields 4 and 5 of FeeParams (Params field 15): read, not unknown
    const group = Uint8Array.from([0x2a, 3, 0x0a, 1, 0x61]); // groups { name: "a" }
    const wire = paramsFromBytes(Uint8Array.from([0x7a, group.length, ...group]), "wire");
    expect(wire.unknown).toEqual([]);
    expect(wire.values.get("fee_params.groups[a].name")?.value.text).toBe("a");
  });

  it("v0.2.15 makes none of v0.2.16's checks", () => {
    const v16: [string, Json | undefined][] = [[`${D}.target_zone_bps`, 0], ["poc_challenge_params.max_active_challenges", 0], ["devshard_escrow_params.approved_versions", [{ name: "v5", binary: "b", sha256: "a".repeat(64) }]], ["poc_params.models[0].dynamic_coefficient.coeff_min", dec("0", 0)]];
    expect(refusals(v16, "v0.2.15")).toEqual([]);
    expect(paths(v16, "v0.2.16")).toEqual([`${D}.target_zone_bps`, "devshard_escrow_params.approved_versions", "poc_challenge_params.max_active_challenges"]);
    expect(refusals([["fee_params.min_gas_price_ngonka", "1000001"]], "v0.2.15")).toEqual([{ path: "fee_params.min_gas_price_ngonka", value: "1000001", rule: "min_gas_price_ngonka exceeds safety limit of 1,000,000" }]);
  });

  it("the params v0.2.14 held (before the v0.2.16 upgrade moved the approved versions out and added the coefficients), judged as v0.2.16: refused for the approved versions alone", () => {
    const v14: [string, Json | undefined][] = [
      ["devshard_escrow_params.approved_versions", [{ binary: "https://github.com/gonka-ai/gonka/releases/download/release%2Fv0.2.12/devshardd.zip", name: "v1", sha256: "15f722444e6545bc787f1ef6d1011557d25a8b05cb9f6aaf1a514349d36d4715" }]],
      [D, undefined],
      ["poc_params.models[0].dynamic_coefficient", undefined],
      ["poc_params.models[1].dynamic_coefficient", undefined],
      ["poc_params.models[0].weight_scale_factor", dec("3593", -4)],
      ["poc_params.models[1].weight_scale_factor", dec("12620856201975851", -16)],
      ["poc_challenge_params", undefined],
    ];
    for (const v of ["v0.2.14", "v0.2.15"] as const) expect(refusals(v14, v)).toEqual([]);
    expect(refusals(v14, "v0.2.16")).toEqual([
      { path: "devshard_escrow_params.approved_versions", value: '["v1"]', rule: "devshard_escrow_params.approved_versions is deprecated; use MsgPutDevshardApprovedVersion / MsgDeleteDevshardApprovedVersion" },
    ]);
    // and a version after the newest ported is judged by v0.2.16's checks
    expect(refusals(v14, validateVersionFor("v0.2.17"))).toEqual(refusals(v14, "v0.2.16"));
  });
});
