/**
 * The values of a whole x/inference Params that the chain's `Params.Validate` refuses
 * (inference-chain/x/inference/types/params.go and fee_params.go at ee730031, v0.2.14, the catalog's
 * version, with the checks v0.2.12 (d8b8e907) and v0.2.13 (17808620) did not make left out for them).
 * MsgUpdateParams runs it before storing the params: a proposal whose Params fail it can pass
 * the vote, and its message then fails when executed (the proposal ends FAILED and nothing changes).
 * Go stops at the first failure; every failing value is listed here, in Go's order. Read from the flat
 * set of ./param-values.ts: what the message leaves out is nil in Go (`absent`), which some checks
 * refuse and some dereference (a panic, which fails the message too).
 */
import { Decimal } from "../go/decimal.js";
import { atLeast, type ChainVersion } from "../versions/chain-version.js";
import type { ParamSet } from "./param-values.js";

export interface ChainRefusal {
  /** The parameter (or, for a missing message, the message's name). */
  path: string;
  /** The value refused, canonical text; null when the message leaves it out (nil in Go). */
  value: string | null;
  /** Why, in Go's words. */
  rule: string;
}

/** The newest version whose Params.Validate is ported (later ones are judged by it). */
export const VALIDATE_VERSION: ChainVersion = "v0.2.14";
/** The oldest: an older version's checks are fewer, and are judged by v0.2.12's. */
export const OLDEST_VALIDATE_VERSION: ChainVersion = "v0.2.12";

/** The version whose checks judge a Params meant for `version`: itself within v0.2.12..v0.2.14, else the nearer end. */
export function validateVersionFor(version: ChainVersion): ChainVersion {
  return atLeast(version, VALIDATE_VERSION) ? VALIDATE_VERSION : atLeast(version, OLDEST_VALIDATE_VERSION) ? version : OLDEST_VALIDATE_VERSION;
}

const ONE = Decimal.fromInt(1);
const ZERO = Decimal.fromInt(0);
/** MaxRollingWindowBlocks and DynamicPricingEstimatedBlockSeconds. */
const MAX_WINDOW_BLOCKS = 500n;
const BLOCK_SECONDS = 5n;
/** maxMaintenanceBlocksParam. */
const MAX_MAINTENANCE_BLOCKS = 1_000_000_000_000_000n;
/** The decay rates GetExponent supports (the positive one is refused before it is reached). */
const DECAY_RATES = ["-0.000475", "-0.000001", "0"];
const LOGPROBS_MODES = ["processed_logprobs", "raw_logprobs"];

const NIL_DECIMAL = "a nil Decimal, which Validate dereferences";

/** SecondsToBlocks: ⌊seconds / 5⌋, at least 1. */
function blocksOf(seconds: bigint): bigint {
  const b = seconds / BLOCK_SECONDS;
  return b === 0n ? 1n : b;
}

/** Fractional digits of a decimal's text (LegacyNewDecFromStr takes at most 18). */
function places(text: string): number {
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Every value of `set` (a complete Params) that Params.Validate of `version` (./validateVersionFor) refuses; [] for a set that is not complete. */
export function chainRefusals(set: ParamSet, version: ChainVersion = VALIDATE_VERSION): ChainRefusal[] {
  if (!set.complete) return [];
  const v13 = atLeast(version, "v0.2.13");
  const v14 = atLeast(version, "v0.2.14");
  const out: ChainRefusal[] = [];
  const absent = (path: string): boolean => set.absent?.has(path) === true;
  const text = (path: string): string => set.values.get(path)?.value.text ?? "";
  const int = (path: string): bigint => BigInt(text(path));
  const refuse = (path: string, rule: string, value: string | null = text(path)): void => {
    out.push({ path, value, rule });
  };
  const check = (path: string, ok: (n: bigint) => boolean, rule: string): void => {
    if (!ok(int(path))) refuse(path, rule);
  };
  const notNil = (path: string, rule: string): boolean => {
    if (!absent(path)) return true;
    refuse(path, rule, null);
    return false;
  };
  /** ToLegacyDec, then a range: nil dereferenced, more than 18 decimals refused. */
  const legacy = (path: string, ok: (d: Decimal) => boolean, rule: string): void => {
    if (absent(path)) return refuse(path, NIL_DECIMAL, null);
    const t = text(path);
    if (places(t) > 18) return refuse(path, `${t} has more than 18 decimal places (LegacyDec)`);
    if (!ok(Decimal.fromString(t))) refuse(path, rule);
  };
  const within01 = (d: Decimal): boolean => !d.isNegative() && !d.greaterThan(ONE);
  const entries = (list: string, key: string): { path: string; value: string }[] =>
    [...set.values.keys()].filter((k) => k.startsWith(`${list}[`) && k.endsWith(`].${key}`) && !k.slice(list.length + 1, -key.length - 2).includes("]")).map((path) => ({ path, value: text(path) }));

  const required = ["validation_params", "tokenomics_params", "collateral_params", "bitcoin_reward_params", "epoch_params", "poc_params"];
  const missing = required.filter((m) => absent(m));
  for (const m of missing) refuse(m, `${m.replace(/_params$/, "").replace(/_/g, " ")} params cannot be nil`, null);
  const has = (m: string): boolean => !missing.includes(m);

  if (has("validation_params")) {
    const v = "validation_params.";
    const decimals = [
      "false_positive_rate", "pass_value", "min_validation_average", "max_validation_average", "min_validation_halfway", "miss_percentage_cutoff", "miss_requests_penalty",
      "bad_participant_invalidation_rate", "invalidation_h_threshold", "downtime_good_percentage", "downtime_bad_percentage", "downtime_h_threshold", "quick_failure_threshold",
      "invalid_reputation_preserve", "downtime_reputation_preserve", "binom_test_p0",
    ];
    for (const d of decimals) notNil(`${v}${d}`, `${d.replace(/_/g, " ")} cannot be nil`);
    check(`${v}timestamp_expiration`, (n) => n > 0n, "timestamp expiration must be positive");
    check(`${v}timestamp_advance`, (n) => n > 0n, "timestamp advance must be positive");
    if (!LOGPROBS_MODES.includes(text(`${v}logprobs_mode`))) refuse(`${v}logprobs_mode`, `invalid logprobs_mode, must be "${LOGPROBS_MODES[0]}" or "${LOGPROBS_MODES[1]}"`);
  }
  if (has("tokenomics_params")) {
    for (const d of ["subsidy_reduction_interval", "subsidy_reduction_amount", "current_subsidy_percentage"]) notNil(`tokenomics_params.${d}`, `${d.replace(/_/g, " ")} cannot be nil`);
  }
  if (has("bitcoin_reward_params")) {
    const b = "bitcoin_reward_params.";
    const present = ["decay_rate", "utilization_bonus_factor", "full_coverage_bonus_factor", "partial_coverage_bonus_factor"].map((d) => notNil(`${b}${d}`, `${d.replace(/_/g, " ")} cannot be nil`));
    if (present.every((x) => x)) {
      legacy(`${b}decay_rate`, (d) => !d.isPositive(), "decay rate must be negative for reward reduction");
      const rate = text(`${b}decay_rate`);
      if (places(rate) <= 18 && !Decimal.fromString(rate).isPositive()) {
        if (Decimal.fromString(rate).lessThan(Decimal.fromString("-0.01"))) refuse(`${b}decay_rate`, "decay rate too extreme (less than -0.01)");
        else if (!DECAY_RATES.some((r) => Decimal.fromString(r).equal(Decimal.fromString(rate)))) refuse(`${b}decay_rate`, "decay rate does not have exponent defined (GetExponent knows -0.000475, -0.000001 and 0)");
      }
      for (const f of ["utilization_bonus_factor", "full_coverage_bonus_factor", "partial_coverage_bonus_factor"]) legacy(`${b}${f}`, (d) => !d.isNegative(), "bonus factor cannot be negative");
    }
  }
  if (has("epoch_params")) {
    const e = "epoch_params.";
    check(`${e}epoch_length`, (n) => n > 0n, "epoch length must be positive");
    check(`${e}epoch_multiplier`, (n) => n > 0n, "epoch multiplier must be positive");
    check(`${e}default_unit_of_compute_price`, (n) => n >= 0n, "default unit of compute price cannot be negative");
    check(`${e}poc_stage_duration`, (n) => n > 0n, "poc stage duration must be positive");
    check(`${e}poc_exchange_duration`, (n) => n >= 0n, "poc exchange duration cannot be negative");
    check(`${e}poc_validation_delay`, (n) => n >= 0n, "poc validation delay cannot be negative");
    check(`${e}poc_validation_duration`, (n) => n > 0n, "poc validation duration must be positive");
    check(`${e}set_new_validators_delay`, (n) => n >= 0n, "set new validators delay cannot be negative");
    check(`${e}inference_validation_cutoff`, (n) => n >= 0n, "inference validation cutoff cannot be negative");
    check(`${e}inference_pruning_epoch_threshold`, (n) => n >= 1n, "inference pruning epoch threshold must be at least 1");
    check(`${e}confirmation_poc_safety_window`, (n) => n >= 0n, "safety window cannot be negative");
  }
  if (has("collateral_params")) {
    const c = "collateral_params.";
    legacy(`${c}slash_fraction_invalid`, within01, "slash fraction must be between 0 and 1");
    legacy(`${c}slash_fraction_downtime`, within01, "slash fraction must be between 0 and 1");
    legacy(`${c}downtime_missed_percentage_threshold`, within01, "percentage must be between 0 and 1");
    legacy(`${c}base_weight_ratio`, within01, "base weight ratio must be between 0 and 1");
    legacy(`${c}collateral_per_weight_unit`, (d) => !d.isNegative(), "collateral per weight unit cannot be negative");
  }
  if (absent("dynamic_pricing_params")) refuse("dynamic_pricing_params", "nil, which Validate dereferences", null);
  else {
    const d = "dynamic_pricing_params.";
    const present = ["stability_zone_lower_bound", "stability_zone_upper_bound", "price_elasticity"].map((x) => notNil(`${d}${x}`, `${x.replace(/_/g, " ")} cannot be nil`));
    if (present.every((x) => x)) {
      const lower = Decimal.fromString(text(`${d}stability_zone_lower_bound`));
      const upper = Decimal.fromString(text(`${d}stability_zone_upper_bound`));
      if (!within01(lower)) refuse(`${d}stability_zone_lower_bound`, "stability zone bound must be between 0.0 and 1.0");
      if (!within01(upper)) refuse(`${d}stability_zone_upper_bound`, "stability zone bound must be between 0.0 and 1.0");
      const el = Decimal.fromString(text(`${d}price_elasticity`));
      if (!el.greaterThan(ZERO) || el.greaterThan(ONE)) refuse(`${d}price_elasticity`, "price elasticity must be between 0.0 and 1.0 (above 0)");
      check(`${d}utilization_window_duration`, (n) => n > 0n, "utilization window duration must be greater than 0");
      check(`${d}utilization_window_duration`, (n) => n === 0n || n <= 3600n, "utilization window duration must not exceed 3600 seconds (1 hour)");
      check(`${d}utilization_window_duration`, (n) => n > 3600n || blocksOf(n) <= MAX_WINDOW_BLOCKS, `utilization window duration exceeds the maximum of ${MAX_WINDOW_BLOCKS} blocks (5 s each)`);
      check(`${d}min_per_token_price`, (n) => n > 0n, "per-token price must be greater than 0");
      check(`${d}base_per_token_price`, (n) => n > 0n, "per-token price must be greater than 0");
      if (lower.greaterThanOrEqual(upper)) refuse(`${d}stability_zone_lower_bound`, `stability zone lower bound must be less than upper bound (${upper.toString()})`);
    }
  }
  if (!absent("bandwidth_limits_params")) {
    const w = "bandwidth_limits_params.";
    const present = ["kb_per_input_token", "kb_per_output_token"].map((x) => notNil(`${w}${x}`, `${x} cannot be nil`));
    if (present.every((x) => x)) {
      check(`${w}invalidations_sample_period`, (n) => n > 0n, "invalidations sample period must be greater than 0");
      check(`${w}invalidations_sample_period`, (n) => blocksOf(n) <= MAX_WINDOW_BLOCKS, `invalidations sample period exceeds the maximum of ${MAX_WINDOW_BLOCKS} blocks (5 s each)`);
    }
  }
  if (!absent("genesis_guardian_params")) {
    check("genesis_guardian_params.network_maturity_threshold", (n) => n >= 0n, "genesis guardian network maturity threshold cannot be negative");
    check("genesis_guardian_params.network_maturity_min_height", (n) => n >= 0n, "genesis guardian network maturity min height cannot be negative");
  }
  if (!absent("developer_access_params")) check("developer_access_params.until_block_height", (n) => n >= 0n, "developer access until block height cannot be negative");
  if (!absent("participant_access_params")) {
    check("participant_access_params.new_participant_registration_start_height", (n) => n >= 0n, "new participant registration start height cannot be negative");
    check("participant_access_params.participant_allowlist_until_block_height", (n) => n >= 0n, "participant allowlist until block height cannot be negative");
  }
  const models = entries("poc_params.models", "model_id");
  if (has("poc_params")) {
    if (v14) check("poc_params.validation_vote_threshold_bps", (n) => n === 0n || (n >= 5000n && n <= 10000n), "poc_params.validation_vote_threshold_bps must be 0 (default) or in [5000, 10000]");
    const seen = new Set<string>();
    for (const m of models) {
      if (m.value !== "" && seen.has(m.value)) refuse(m.path, `poc_params.models contains duplicate model_id "${m.value}"`);
      seen.add(m.value);
    }
    for (const s of entries("poc_params.models", "seq_len")) check(s.path, (n) => n >= 0n, "poc_params.models.seq_len cannot be negative");
  }
  if (!absent("devshard_escrow_params")) {
    const x = "devshard_escrow_params.";
    check(`${x}min_amount`, (n) => n !== 0n, "devshard escrow min_amount must be positive");
    check(`${x}max_amount`, (n) => n >= int(`${x}min_amount`), `devshard escrow max_amount must be >= min_amount (${text(`${x}min_amount`)})`);
    check(`${x}group_size`, (n) => n !== 0n, "devshard escrow group_size must be positive");
    if (v13) check(`${x}max_nonce`, (n) => n !== 0n, "devshard escrow max_nonce must be positive");
    const names = new Set<string>();
    for (const name of entries(`${x}approved_versions`, "name")) {
      const at = name.path.slice(0, -"name".length);
      const sha = text(`${at}sha256`);
      if (name.value === "") refuse(name.path, "approved_versions: name cannot be empty");
      if (text(`${at}binary`) === "") refuse(`${at}binary`, "approved_versions: binary cannot be empty");
      if (sha === "") refuse(`${at}sha256`, "approved_versions: sha256 cannot be empty");
      else if (!/^[0-9a-fA-F]{64}$/.test(sha)) refuse(`${at}sha256`, `approved_versions: sha256 must be 64 hex characters, got ${sha.length} characters`);
      if (names.has(name.value)) refuse(name.path, `approved_versions: duplicate name "${name.value}"`);
      names.add(name.value);
    }
    if (v14) {
      check(`${x}refusal_timeout`, (n) => n > 0n, "devshard escrow refusal_timeout must be positive");
      check(`${x}execution_timeout`, (n) => n > 0n, "devshard escrow execution_timeout must be positive");
      check(`${x}validation_rate`, (n) => n <= 10000n, "devshard escrow validation_rate must be <= 10000 basis points");
      check(`${x}vote_threshold_factor`, (n) => n !== 0n && n <= 100n, "devshard escrow vote_threshold_factor must be in (0, 100]");
    }
  }
  if (!absent("delegation_params")) {
    const g = "delegation_params.";
    check(`${g}deploy_window`, (n) => n >= 0n, "delegation deploy_window cannot be negative");
    check(`${g}v_min`, (n) => n >= 0n, "delegation v_min cannot be negative");
    for (const f of ["refusal_penalty", "no_participation_penalty", "delegation_share", "w_threshold", "cap_factor"]) {
      const path = `${g}${f}`;
      // validateDecimalFraction: nil or zero passes
      if (!absent(path) && text(path) !== "0") legacy(path, within01, `delegation ${f} must be between 0 and 1`);
    }
    const initial = text(`${g}initial_model_id`);
    if (initial !== "" && has("poc_params") && !models.some((m) => m.value === initial)) refuse(`${g}initial_model_id`, `delegation initial_model_id "${initial}" not found in poc_params models`);
  }
  if (!absent("fee_params")) check("fee_params.min_gas_price_ngonka", (n) => n <= 1_000_000n, "min_gas_price_ngonka exceeds safety limit of 1,000,000");
  if (v14 && !absent("maintenance_params")) {
    const m = "maintenance_params.maintenance_";
    check(`${m}max_window_blocks`, (n) => n !== 0n, "maintenance max window blocks must be positive");
    check(`${m}max_window_blocks`, (n) => n <= MAX_MAINTENANCE_BLOCKS, "maintenance max window blocks exceeds safe upper bound 1e15");
    check(`${m}min_schedule_lead_blocks`, (n) => n <= MAX_MAINTENANCE_BLOCKS, "maintenance min schedule lead blocks exceeds safe upper bound 1e15");
    check(`${m}credit_cap_blocks`, (n) => n !== 0n, "maintenance credit cap blocks must be positive");
    check(`${m}credit_cap_blocks`, (n) => n <= MAX_MAINTENANCE_BLOCKS, "maintenance credit cap blocks exceeds safe upper bound 1e15");
    check(`${m}max_concurrent_validators`, (n) => n !== 0n, "maintenance max concurrent validators must be positive");
    check(`${m}max_concurrent_power_bps`, (n) => n <= 10000n, "maintenance max concurrent power bps cannot exceed 10000");
    check(`${m}credit_earn_per_successful_epoch_blocks`, (n) => n !== 0n, "maintenance credit earn per successful epoch blocks must be positive");
    check(`${m}credit_earn_per_successful_epoch_blocks`, (n) => n <= int(`${m}credit_cap_blocks`), "maintenance credit earn per successful epoch blocks must not exceed credit cap");
  }
  return out;
}
