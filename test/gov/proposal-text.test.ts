// The text of `gonka-spec proposal` for a parameter update, whole: against complete params in force
// (refused values first, every change, then those the port reads, unknown fields, the run-as hint),
// with no params in force, and against a snapshot that records only what the rules read.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import type { JsonObject } from "../../src/json-input.js";
import { judgeProposal } from "../../src/gov/judge.js";
import { paramsFromJson } from "../../src/gov/param-values.js";
import { proposalFromJson } from "../../src/gov/proposal-json.js";
import { proposalText } from "../../src/gov/proposal-text.js";

type Obj = { [k: string]: { [k: string]: Json } };
const BASE = (JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "examples", "gov", "mainnet-params.json"), "utf8")) as { params: Obj }).params;
const update = (params: Obj | JsonObject) => [{ "@type": "/inference.inference.MsgUpdateParams", authority: "gonka1gov", params }] as Json[];

// the base with one value of each kind changed, one refused, one unknown field, maintenance left out
const proposed = structuredClone(BASE);
proposed.epoch_params!.epoch_length = "20000";
proposed.epoch_params!.poc_slot_allocation = { value: "25", exponent: -2 };
proposed.genesis_guardian_params!.guardian_addresses = ["gonkavaloper1kx9mca3xm8u8ypzfuhmxey66u0ufxhs70mtf0e", "gonkavaloper1new"];
proposed.bitcoin_reward_params!.initial_epoch_reward = "1000000000001";
proposed.validation_params!.logprobs_mode = "";
proposed.devshard_escrow_params!.vote_threshold_factor = 1;
proposed.fee_params!.mystery = 5;
delete proposed.maintenance_params;
const inForceDoc = structuredClone(BASE);
inForceDoc.epoch_params!.extra_in_force = 1;

describe("gonka-spec proposal's text for a parameter update", () => {
  it("against complete params in force, read from a node: refused values, every change, those the port reads, unknown fields, the hint", () => {
    const p = proposalFromJson({ id: "12", title: "Several", status: "PROPOSAL_STATUS_DEPOSIT_PERIOD", messages: update(proposed) }, "p", "http://node:1317 proposal 12");
    expect(proposalText(judgeProposal(p, paramsFromJson(inForceDoc, "f", "the params answer F"), null))).toBe(
    [
      "proposal 12: Several",
      "  in its deposit period (PROPOSAL_STATUS_DEPOSIT_PERIOD)",
      "  proposer (none); deposit nothing",
      "  read from http://node:1317 proposal 12 (proto JSON)",
      "",
      "message 1 of 1: /inference.inference.MsgUpdateParams",
      "  authority gonka1gov; sets all 219 parameters of x/inference (a MsgUpdateParams replaces the whole Params)",
      "  against the params in force: the params answer F",
      "  REFUSED BY THE CHAIN: Params.Validate (v0.2.16) refuses 1 of the values this message sets, so it fails when executed and nothing changes (the proposal ends failed):",
      "    validation_params.logprobs_mode \"\": invalid logprobs_mode, must be \"processed_logprobs\" or \"raw_logprobs\"",
      "  changes 12 parameters; 207 set to the value in force:",
      "    epoch_params.epoch_length: 15,391 → 20,000 blocks",
      "    epoch_params.poc_slot_allocation: 0.1 → 0.25 fraction of each model's weight",
      "    validation_params.logprobs_mode: processed_logprobs → \"\"",
      "    bitcoin_reward_params.initial_epoch_reward: 323,000,000,000,000 → 1,000,000,000,001 ngonka (1,000.000000001 GNK)",
      "    genesis_guardian_params.guardian_addresses: 3 entries → 2 entries; adds gonkavaloper1new; removes gonkavaloper1y2a9p56kv044327uycmqdexl7zs82fs5lyang5, gonkavaloper1dkl4mah5erqggvhqkpc8j3qs5tyuetgdc59d0v",
      "    devshard_escrow_params.vote_threshold_factor: 50 → 1 percent",
      "    maintenance_params.maintenance_min_schedule_lead_blocks: 100 → 0 blocks",
      "    maintenance_params.maintenance_max_window_blocks: 200 → 0 blocks",
      "    maintenance_params.maintenance_max_concurrent_validators: 3 → 0 validators",
      "    maintenance_params.maintenance_max_concurrent_power_bps: 1,000 → 0 basis points",
      "    maintenance_params.maintenance_credit_cap_blocks: 400 → 0 blocks",
      "    maintenance_params.maintenance_credit_earn_per_successful_epoch_blocks: 20 → 0 blocks",
      "  of these, the port reads 5 (no rule of the port reads the other 7):",
      "    epoch_params.epoch_length: the epoch's stage heights (the PoC anchor, the settlement block); not modelled by compare/backtest",
      "    epoch_params.poc_slot_allocation: the preserved-set sampler (preserved, check, compare); compare/backtest: PocSlotAllocation",
      "    bitcoin_reward_params.initial_epoch_reward: settlement (settle, backtest); not modelled by compare/backtest",
      "    genesis_guardian_params.guardian_addresses: the preserved-set sampler (preserved, check, compare); not modelled by compare/backtest",
      "    devshard_escrow_params.vote_threshold_factor: the validation vote tally (tally, compare); compare/backtest: vote_threshold_factor",
      "  unknown field fee_params.mystery: not in the port's catalog of x/inference Params (5)",
      "  unknown field epoch_params.extra_in_force: in the params in force: not in the port's catalog of x/inference Params (1)",
      "  what the modelled changes do to the preserved set, the miss test and settlement: run it as B of gonka-spec compare or backtest (--node URL --b-proposal 12)",
    ].join("\n"),
    );
  });

  it("with no params in force: every value not recorded, those the port reads listed, and a note", () => {
    const p = proposalFromJson({ id: "13", messages: update({ epoch_params: { epoch_length: "5" } }) }, "p", "p.json");
    expect(proposalText(judgeProposal(p, null, null))).toBe(
    [
      "proposal 13: (no title)",
      "  status unspecified (PROPOSAL_STATUS_UNSPECIFIED)",
      "  proposer (none); deposit nothing",
      "  read from p.json (proto JSON)",
      "",
      "message 1 of 1: /inference.inference.MsgUpdateParams",
      "  authority gonka1gov; sets all 161 parameters of x/inference (a MsgUpdateParams replaces the whole Params)",
      "  against: no params in force given",
      "  REFUSED BY THE CHAIN: Params.Validate (v0.2.16) refuses 10 of the values this message sets, so it fails when executed and nothing changes (the proposal ends failed):",
      "    validation_params (left out): validation params cannot be nil",
      "    tokenomics_params (left out): tokenomics params cannot be nil",
      "    collateral_params (left out): collateral params cannot be nil",
      "    bitcoin_reward_params (left out): bitcoin reward params cannot be nil",
      "    poc_params (left out): poc params cannot be nil",
      "    epoch_params.epoch_multiplier 0: epoch multiplier must be positive",
      "    epoch_params.poc_stage_duration 0: poc stage duration must be positive",
      "    epoch_params.poc_validation_duration 0: poc validation duration must be positive",
      "    epoch_params.inference_pruning_epoch_threshold 0: inference pruning epoch threshold must be at least 1",
      "    dynamic_pricing_params (left out): nil, which Validate dereferences",
      "  161 parameters the params in force do not record (so whether they change is unknown); of these the port reads:",
      "    epoch_params.epoch_length: 5 blocks (read by the epoch's stage heights (the PoC anchor, the settlement block); not modelled by compare/backtest)",
      "    epoch_params.epoch_shift: 0 blocks (read by the epoch's stage heights (the PoC anchor, the settlement block); not modelled by compare/backtest)",
      "    epoch_params.poc_stage_duration: 0 blocks (read by the epoch's stage heights (the PoC anchor, the settlement block); not modelled by compare/backtest)",
      "    epoch_params.poc_validation_delay: 0 blocks (read by the epoch's stage heights (the PoC anchor, the settlement block); not modelled by compare/backtest)",
      "    epoch_params.poc_validation_duration: 0 blocks (read by the epoch's stage heights (the PoC anchor, the settlement block); not modelled by compare/backtest)",
      "    epoch_params.set_new_validators_delay: 0 blocks (read by the epoch's stage heights (the PoC anchor, the settlement block); not modelled by compare/backtest)",
      "    epoch_params.poc_slot_allocation: nil (left out) (read by the preserved-set sampler (preserved, check, compare); compare/backtest: PocSlotAllocation)",
      "    validation_params.false_positive_rate: nil (left out) (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.invalid_reputation_preserve: nil (left out) (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.bad_participant_invalidation_rate: nil (left out) (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.invalidation_h_threshold: nil (left out) (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.downtime_good_percentage: nil (left out) (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.downtime_bad_percentage: nil (left out) (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.downtime_h_threshold: nil (left out) (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.downtime_reputation_preserve: nil (left out) (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.quick_failure_threshold: nil (left out) (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.binom_test_p0: nil (left out) (read by the miss test in settlement (miss-test, settle, compare, backtest); compare/backtest: BinomTestP0)",
      "    poc_params.dynamic_coefficient_params.target_zone_bps: 0 basis points (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.dynamic_coefficient_params.step_min: nil (left out) (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.dynamic_coefficient_params.step_max: nil (left out) (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.dynamic_coefficient_params.bootstrap_step_max: nil (left out) (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.dynamic_coefficient_params.bootstrap_share_bps: 0 basis points (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    collateral_params.grace_period_end_epoch: 0 epoch (read by settlement (settle, backtest); not modelled by compare/backtest)",
      "    bitcoin_reward_params.use_bitcoin_rewards: false (read by settlement (settle, backtest); not modelled by compare/backtest)",
      "    bitcoin_reward_params.initial_epoch_reward: 0 ngonka (0.000000000 GNK) (read by settlement (settle, backtest); not modelled by compare/backtest)",
      "    bitcoin_reward_params.decay_rate: nil (left out) (read by settlement (settle, backtest); not modelled by compare/backtest)",
      "    bitcoin_reward_params.genesis_epoch: 0 epoch (read by settlement (settle, backtest); not modelled by compare/backtest)",
      "    confirmation_poc_params.alpha_threshold: nil (left out) (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    genesis_guardian_params.guardian_addresses: 0 entries (read by the preserved-set sampler (preserved, check, compare); not modelled by compare/backtest)",
      "    devshard_escrow_params.group_size: 0 slots (read by the validation vote tally (tally, compare); not modelled by compare/backtest)",
      "    devshard_escrow_params.vote_threshold_factor: 0 percent (unset: the devshard vote threshold is N/2, as at 50) (read by the validation vote tally (tally, compare); compare/backtest: vote_threshold_factor)",
      "",
      "notes:",
      "  - no params in force were given (--node, --snapshot, --rest-dump or --params): every parameter the message sets is listed as not recorded",
    ].join("\n"),
    );
  });

  it("against a snapshot in amino JSON: what it records changes, the rest is not recorded", () => {
    const snap = paramsFromJson({ epoch_params: { epoch_length: "5", poc_slot_allocation: { value: "1", exponent: -1 } } }, "s", "the snapshot S", false);
    const p = proposalFromJson({ id: "14", messages: [{ type: "inference/x/inference/MsgUpdateParams", value: { authority: "gonka1gov", params: proposed } }] }, "p", "p.json");
    expect(proposalText(judgeProposal(p, snap, null))).toBe(
    [
      "proposal 14: (no title)",
      "  status unspecified (PROPOSAL_STATUS_UNSPECIFIED)",
      "  proposer (none); deposit nothing",
      "  read from p.json (amino JSON)",
      "",
      "message 1 of 1: /inference.inference.MsgUpdateParams",
      "  authority gonka1gov; sets all 219 parameters of x/inference (a MsgUpdateParams replaces the whole Params)",
      "  against the params in force: the snapshot S (records only what the rules read)",
      "  REFUSED BY THE CHAIN: Params.Validate (v0.2.16) refuses 1 of the values this message sets, so it fails when executed and nothing changes (the proposal ends failed):",
      "    validation_params.logprobs_mode \"\": invalid logprobs_mode, must be \"processed_logprobs\" or \"raw_logprobs\"",
      "  changes 2 parameters:",
      "    epoch_params.epoch_length: 5 → 20,000 blocks",
      "    epoch_params.poc_slot_allocation: 0.1 → 0.25 fraction of each model's weight",
      "  of these, the port reads 2:",
      "    epoch_params.epoch_length: the epoch's stage heights (the PoC anchor, the settlement block); not modelled by compare/backtest",
      "    epoch_params.poc_slot_allocation: the preserved-set sampler (preserved, check, compare); compare/backtest: PocSlotAllocation",
      "  217 parameters the params in force do not record (so whether they change is unknown); of these the port reads:",
      "    epoch_params.epoch_shift: 16,980 blocks (read by the epoch's stage heights (the PoC anchor, the settlement block); not modelled by compare/backtest)",
      "    epoch_params.poc_stage_duration: 35 blocks (read by the epoch's stage heights (the PoC anchor, the settlement block); not modelled by compare/backtest)",
      "    epoch_params.poc_validation_delay: 5 blocks (read by the epoch's stage heights (the PoC anchor, the settlement block); not modelled by compare/backtest)",
      "    epoch_params.poc_validation_duration: 240 blocks (read by the epoch's stage heights (the PoC anchor, the settlement block); not modelled by compare/backtest)",
      "    epoch_params.set_new_validators_delay: 120 blocks (read by the epoch's stage heights (the PoC anchor, the settlement block); not modelled by compare/backtest)",
      "    validation_params.false_positive_rate: 0.05 fraction (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.invalid_reputation_preserve: 0 fraction (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.bad_participant_invalidation_rate: 0.1 fraction (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.invalidation_h_threshold: 4 SPRT threshold (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.downtime_good_percentage: 0.98 fraction (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.downtime_bad_percentage: 0.99 fraction (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.downtime_h_threshold: 100 SPRT threshold (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.downtime_reputation_preserve: 0 fraction (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.quick_failure_threshold: 0.000001 probability (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    validation_params.binom_test_p0: 0.1 probability (the miss test's p0) (read by the miss test in settlement (miss-test, settle, compare, backtest); compare/backtest: BinomTestP0)",
      "    poc_params.models[Qwen/Qwen3-235B-A22B-Instruct-2507-FP8].weight_scale_factor: nil (left out) (read by settlement (settle, backtest) and the preserved-set sampler (preserved, check, compare); not modelled by compare/backtest)",
      "    poc_params.models[moonshotai/Kimi-K2.6].weight_scale_factor: nil (left out) (read by settlement (settle, backtest) and the preserved-set sampler (preserved, check, compare); not modelled by compare/backtest)",
      "    poc_params.models[Qwen/Qwen3-235B-A22B-Instruct-2507-FP8].dynamic_coefficient.coeff_min: 0.32337 factor (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.models[moonshotai/Kimi-K2.6].dynamic_coefficient.coeff_min: 1.13587705817782659 factor (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.models[Qwen/Qwen3-235B-A22B-Instruct-2507-FP8].dynamic_coefficient.coeff_max: 0.39523 factor (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.models[moonshotai/Kimi-K2.6].dynamic_coefficient.coeff_max: 1.38829418221734361 factor (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.models[Qwen/Qwen3-235B-A22B-Instruct-2507-FP8].dynamic_coefficient.relative_difficulty: 1 factor (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.models[moonshotai/Kimi-K2.6].dynamic_coefficient.relative_difficulty: 1 factor (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.models[Qwen/Qwen3-235B-A22B-Instruct-2507-FP8].dynamic_coefficient.target_share_bps: 5,000 basis points (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.models[moonshotai/Kimi-K2.6].dynamic_coefficient.target_share_bps: 5,000 basis points (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.dynamic_coefficient_params.target_zone_bps: 500 basis points (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.dynamic_coefficient_params.step_min: 0.005 fraction (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.dynamic_coefficient_params.step_max: 0.05 fraction (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.dynamic_coefficient_params.bootstrap_step_max: 0.25 fraction (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    poc_params.dynamic_coefficient_params.bootstrap_share_bps: 100 basis points (read by the dynamic-coefficient controller at PoC end (src/coefficients, v0.2.16; a library function, no command runs it on a state); not modelled by compare/backtest)",
      "    collateral_params.grace_period_end_epoch: 180 epoch (read by settlement (settle, backtest); not modelled by compare/backtest)",
      "    bitcoin_reward_params.use_bitcoin_rewards: true (read by settlement (settle, backtest); not modelled by compare/backtest)",
      "    bitcoin_reward_params.initial_epoch_reward: 1,000,000,000,001 ngonka (1,000.000000001 GNK) (read by settlement (settle, backtest); not modelled by compare/backtest)",
      "    bitcoin_reward_params.decay_rate: -0.000475 per epoch (exponent) (read by settlement (settle, backtest); not modelled by compare/backtest)",
      "    bitcoin_reward_params.genesis_epoch: 1 epoch (read by settlement (settle, backtest); not modelled by compare/backtest)",
      "    confirmation_poc_params.alpha_threshold: 0.5 fraction (read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); not modelled by compare)",
      "    genesis_guardian_params.guardian_addresses: 2 entries (read by the preserved-set sampler (preserved, check, compare); not modelled by compare/backtest)",
      "    devshard_escrow_params.group_size: 16 slots (read by the validation vote tally (tally, compare); not modelled by compare/backtest)",
      "    devshard_escrow_params.vote_threshold_factor: 1 percent (read by the validation vote tally (tally, compare); compare/backtest: vote_threshold_factor)",
      "  unknown field fee_params.mystery: not in the port's catalog of x/inference Params (5)",
      "  what the modelled changes do to the preserved set, the miss test and settlement: run it as B of gonka-spec compare or backtest (--b p.json)",
    ].join("\n"),
    );
  });
});
