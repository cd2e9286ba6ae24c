/**
 * The values of a whole x/inference Params that the chain's `Params.Validate` refuses
 * (inference-chain/x/inference/types/params.go and fee_params.go at ee730031, v0.2.14, with the checks
 * v0.2.12 (d8b8e907) and v0.2.13 (17808620) did not make left out for them, and the switches v0.2.15
 * (zpoken/gonka@89ff8bdb) and v0.2.16 (zpoken/gonka@ef1a5efd) added, each named where it applies).
 * MsgUpdateParams runs it before storing the params: a proposal whose Params fail it can pass
 * the vote, and its message then fails when executed (the proposal ends FAILED and nothing changes).
 * Go stops at the first failure; every failing value is listed here, in Go's order (a value refused
 * for its exponent once; v0.2.16's dynamic coefficient checks only up to their first failure, as the
 * shared code in src/coefficients/validate-poc-params.ts runs them). Read from the flat
 * set of ./param-values.ts: what the message leaves out is nil in Go (`absent`), which some checks
 * refuse and some dereference (a panic, which fails the message too).
 */
import type { CoefficientParams, PocModel } from "../coefficients/confirmation-weight-scale.js";
import { PocParamsError, pocCoefficientDecimals, validatePocCoefficients } from "../coefficients/validate-poc-params.js";
import { validateChainDecimal, type ChainDecimal } from "../go/chain-decimal.js";
import { Decimal } from "../go/decimal.js";
import { GoError } from "../go/errors.js";
import { atLeast, type ChainVersion } from "../versions/chain-version.js";
import { feeParamsOf, validateFeeParams } from "./fee-params-validate.js";
import type { ParamSet } from "./param-values.js";

export interface ChainRefusal {
  /** The parameter (or, for a missing message, the message's name). */
  path: string;
  /** The value refused, canonical text; null when the message leaves it out (nil in Go). */
  value: string | null;
  /** Why, in Go's words. */
  rule: string;
}

/** The newest version whose Params.Validate is ported (a later one is judged by it). */
export const VALIDATE_VERSION: ChainVersion = "v0.2.16";
/** The oldest: an older version's checks are fewer, and are judged by v0.2.12's. */
export const OLDEST_VALIDATE_VERSION: ChainVersion = "v0.2.12";

/** The version whose checks judge a Params meant for `version`: itself within v0.2.12..v0.2.16, else the nearer end. */
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

/** The Decimals validateParamDecimalExponents bounds (v0.2.15 on), by message, in Go's order; `*`: v0.2.15 only (v0.2.16 dropped the deprecated scale). */
const EXPONENT_CHECKED: [string, string[]][] = [
  ["epoch_params", ["poc_slot_allocation"]],
  ["tokenomics_params", ["subsidy_reduction_interval", "subsidy_reduction_amount", "current_subsidy_percentage"]],
  ["validation_params", [
    "false_positive_rate", "pass_value", "min_validation_average", "max_validation_average", "min_validation_halfway", "miss_percentage_cutoff", "miss_requests_penalty", "invalid_reputation_preserve",
    "bad_participant_invalidation_rate", "invalidation_h_threshold", "downtime_good_percentage", "downtime_bad_percentage", "downtime_h_threshold", "downtime_reputation_preserve", "quick_failure_threshold", "binom_test_p0",
  ]],
  ["poc_params", ["weight_scale_factor*", "model_params.ffn_dim_multiplier", "model_params.norm_eps", "model_params.r_target", "stat_test.dist_threshold", "stat_test.p_mismatch", "stat_test.p_value_threshold"]],
  ["confirmation_poc_params", ["alpha_threshold", "slash_fraction"]],
  ["collateral_params", ["slash_fraction_invalid", "slash_fraction_downtime", "downtime_missed_percentage_threshold", "base_weight_ratio", "collateral_per_weight_unit"]],
  ["bitcoin_reward_params", ["decay_rate", "utilization_bonus_factor", "full_coverage_bonus_factor", "partial_coverage_bonus_factor"]],
  ["dynamic_pricing_params", ["stability_zone_lower_bound", "stability_zone_upper_bound", "price_elasticity"]],
  ["bandwidth_limits_params", ["kb_per_input_token", "kb_per_output_token"]],
  ["delegation_params", ["refusal_penalty", "no_participation_penalty", "delegation_share", "w_threshold", "cap_factor", "max_model_voting_power_percentage"]],
];
/** …and each model's (after these, v0.2.16 adds its dynamic coefficient's). */
const MODEL_EXPONENT_CHECKED = ["weight_scale_factor*", "stat_test.dist_threshold", "stat_test.p_mismatch", "stat_test.p_value_threshold"];

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

/** The flat paths of poc_params.models' entries (`poc_params.models[Qwen/…]`) in the message's order (Go's index). */
function modelPrefixes(set: ParamSet): string[] {
  const ids = [...set.values.keys()].filter((k) => /^poc_params\.models\[[^\]]*\]\.model_id$/.test(k)).map((k) => ({ at: k.slice(0, -".model_id".length), id: set.values.get(k)!.value.text }));
  // entries named by model_id are listed as read; named by index (./param-values.ts), a model_id left out is filled in last
  const byId = ids.every((e) => e.at === `poc_params.models[${e.id}]`);
  const index = (at: string): number => Number(at.slice("poc_params.models[".length, -1));
  return (byId ? ids : ids.sort((a, b) => index(a.at) - index(b.at))).map((e) => e.at);
}

/** PocParams' coefficient fields as the v0.2.16 checks read them (nil where the message leaves a Decimal or message out). */
function coefficientParams(set: ParamSet, models: string[]): CoefficientParams {
  const absent = (path: string): boolean => set.absent?.has(path) === true;
  const dec = (path: string): ChainDecimal | null => (absent(path) ? null : (set.values.get(path)?.value.decimal ?? null));
  const u = (path: string): bigint => BigInt(set.values.get(path)?.value.text ?? "0");
  const model = (m: string): PocModel => {
    const c = `${m}.dynamic_coefficient`;
    return {
      modelId: set.values.get(`${m}.model_id`)?.value.text ?? "",
      weightScaleFactor: dec(`${m}.weight_scale_factor`),
      dynamicCoefficient: absent(c) ? null : { coeffMin: dec(`${c}.coeff_min`), coeffMax: dec(`${c}.coeff_max`), relativeDifficulty: dec(`${c}.relative_difficulty`), targetShareBps: u(`${c}.target_share_bps`) },
    };
  };
  const d = "poc_params.dynamic_coefficient_params";
  return {
    models: models.map(model),
    dynamicCoefficientParams: absent(d) ? null : { targetZoneBps: u(`${d}.target_zone_bps`), stepMin: dec(`${d}.step_min`), stepMax: dec(`${d}.step_max`), bootstrapStepMax: dec(`${d}.bootstrap_step_max`), bootstrapShareBps: u(`${d}.bootstrap_share_bps`) },
  };
}

/**
 * What Params.Validate of `version` checks in `set` that the port cannot judge: a fee-group rule whose
 * check needs the fields of a message type the port does not know (./fee-params-validate.ts), as the
 * path of the rule and why (null: nothing). Every field of Params is in the catalog since v0.2.16's
 * fee groups were ported (#1616); a field a later version adds is an unknown field, not judged.
 */
export function unjudgedCheck(set: ParamSet, version: ChainVersion): { path: string; detail: string } | null {
  if (!set.complete || !atLeast(version, "v0.2.16")) return null;
  const fee = validateFeeParams(feeParamsOf(set));
  return fee !== null && "unjudged" in fee ? { path: fee.unjudged.path, detail: `Params.Validate (${version}) checks ${fee.unjudged.detail}; the port does not judge it` } : null;
}

/** Every value of `set` (a complete Params) that Params.Validate of `version` (./validateVersionFor) refuses; [] for a set that is not complete. */
export function chainRefusals(set: ParamSet, version: ChainVersion = VALIDATE_VERSION): ChainRefusal[] {
  if (!set.complete) return [];
  const v13 = atLeast(version, "v0.2.13");
  const v14 = atLeast(version, "v0.2.14");
  /** v0.2.15: every listed Decimal's exponent within ±18, checked first, and by ToLegacyDec (validateParamDecimalExponents, Decimal.Validate; types/params.go, zpoken/gonka@89ff8bdb, PR #1497). */
  const exponents = atLeast(version, "v0.2.15");
  /** v0.2.16: PocParams' dynamic coefficient checks, or a weight_scale_factor on every model without them; their Decimals bounded, the deprecated scale no longer (types/params.go, zpoken/gonka@ef1a5efd, PR #1566). */
  const coefficients = atLeast(version, "v0.2.16");
  /** v0.2.16: approved devshard versions live in their own store, so the params' list must be empty (types/params.go, zpoken/gonka@ef1a5efd, PR #1741). */
  const versionStore = atLeast(version, "v0.2.16");
  /** v0.2.16: PoCChallengeParams' payment ratio in [0, 1] and at least one active challenge (types/params.go, zpoken/gonka@ef1a5efd, PR #1811). */
  const challenges = atLeast(version, "v0.2.16");
  /** v0.2.16: FeeParams.Validate with its fee groups, first failure only (./fee-params-validate.ts; types/fee_params.go, zpoken/gonka@ef1a5efd, PR #1616). */
  const feeGroups = atLeast(version, "v0.2.16");
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
  const decimalOf = (path: string): ChainDecimal => set.values.get(path)?.value.decimal ?? { value: 0n, exponent: 0 };
  /** Paths refused for their exponent: Go stops there, and every later check of the value fails the same way. */
  const badExponent = new Set<string>();
  /** Decimal.Validate: the exponent within ±18 (v0.2.15 on); false once refused. */
  const exponentOk = (path: string): boolean => {
    if (badExponent.has(path)) return false;
    try {
      validateChainDecimal(absent(path) ? null : decimalOf(path));
      return true;
    } catch (e) {
      if (!(e instanceof GoError)) throw e;
      badExponent.add(path);
      refuse(path, e.message);
      return false;
    }
  };
  /** ToLegacyDec, then a range: nil dereferenced, an exponent past ±18 (v0.2.15 on) or more than 18 decimals refused. */
  const legacy = (path: string, ok: (d: Decimal) => boolean, rule: string): void => {
    if (absent(path)) return refuse(path, NIL_DECIMAL, null);
    if (exponents && !exponentOk(path)) return;
    const t = text(path);
    if (places(t) > 18) return refuse(path, `${t} has more than 18 decimal places (LegacyDec)`);
    if (!ok(Decimal.fromString(t))) refuse(path, rule);
  };
  const within01 = (d: Decimal): boolean => !d.isNegative() && !d.greaterThan(ONE);
  /** validateDecimalFraction: nil or {0, 0} passes; else (v0.2.15 on: a valid exponent, then) within [0, 1]. */
  const fraction = (path: string, name: string): void => {
    const d = decimalOf(path);
    if (absent(path) || (d.value === 0n && d.exponent === 0)) return;
    legacy(path, within01, `${name} must be between 0 and 1`);
  };
  const entries = (list: string, key: string): { path: string; value: string }[] =>
    [...set.values.keys()].filter((k) => k.startsWith(`${list}[`) && k.endsWith(`].${key}`) && !k.slice(list.length + 1, -key.length - 2).includes("]")).map((path) => ({ path, value: text(path) }));

  const required = ["validation_params", "tokenomics_params", "collateral_params", "bitcoin_reward_params", "epoch_params", "poc_params"];
  const missing = required.filter((m) => absent(m));
  for (const m of missing) refuse(m, `${m.replace(/_params$/, "").replace(/_/g, " ")} params cannot be nil`, null);
  const has = (m: string): boolean => !missing.includes(m);
  const models = entries("poc_params.models", "model_id");
  const modelsAt = modelPrefixes(set);
  const coefficientSet = coefficients ? coefficientParams(set, modelsAt) : null;
  if (exponents) {
    const only15 = (f: string): string | null => (f.endsWith("*") ? (coefficients ? null : f.slice(0, -1)) : f);
    const paths = EXPONENT_CHECKED.flatMap(([m, fs]) => fs.map(only15).filter((f) => f !== null).map((f) => `${m}.${f}`));
    modelsAt.forEach((m, i) => {
      paths.push(...MODEL_EXPONENT_CHECKED.map(only15).filter((f) => f !== null).map((f) => `${m}.${f}`));
      if (coefficientSet !== null) paths.push(...pocCoefficientDecimals(coefficientSet).filter(([name]) => name.startsWith(`poc_params.models[${i}].`)).map(([name]) => name.replace(/^poc_params\.models\[\d+\]/, m)));
    });
    if (coefficientSet !== null) paths.push(...pocCoefficientDecimals(coefficientSet).filter(([name]) => !name.startsWith("poc_params.models[")).map(([name]) => name));
    for (const p of paths) exponentOk(p);
  }

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
      if (!badExponent.has(`${b}decay_rate`) && places(rate) <= 18 && !Decimal.fromString(rate).isPositive()) {
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
    const judged = ["stability_zone_lower_bound", "stability_zone_upper_bound", "price_elasticity"].every((x) => !badExponent.has(`${d}${x}`));
    if (present.every((x) => x) && judged) {
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
  if (has("poc_params")) {
    if (v14) check("poc_params.validation_vote_threshold_bps", (n) => n === 0n || (n >= 5000n && n <= 10000n), "poc_params.validation_vote_threshold_bps must be 0 (default) or in [5000, 10000]");
    const seen = new Set<string>();
    for (const m of models) {
      if (m.value !== "" && seen.has(m.value)) refuse(m.path, `poc_params.models contains duplicate model_id "${m.value}"`);
      seen.add(m.value);
    }
    for (const s of entries("poc_params.models", "seq_len")) check(s.path, (n) => n >= 0n, "poc_params.models.seq_len cannot be negative");
    if (coefficientSet !== null) {
      try {
        validatePocCoefficients(coefficientSet);
      } catch (e) {
        if (!(e instanceof PocParamsError)) throw e;
        // these checks stop at their first failure, as Go's do; a refusal's field is Go's (models by index)
        const at = e.field.replace(/^poc_params\.models\[(\d+)\]/, (_m, i: string) => modelsAt[Number(i)]!);
        if (!badExponent.has(at)) {
          const total = (coefficientSet.models ?? []).reduce((t, m) => t + (m?.dynamicCoefficient?.targetShareBps ?? 0n), 0n);
          const leaf = set.values.get(at);
          // a scalar left out is its zero value; only a Decimal left out is nil
          refuse(at, e.message, leaf === undefined ? total.toString() : absent(at) && leaf.field.kind === "decimal" ? null : text(at));
        }
      }
    }
  }
  if (!absent("devshard_escrow_params")) {
    const x = "devshard_escrow_params.";
    check(`${x}min_amount`, (n) => n !== 0n, "devshard escrow min_amount must be positive");
    check(`${x}max_amount`, (n) => n >= int(`${x}min_amount`), `devshard escrow max_amount must be >= min_amount (${text(`${x}min_amount`)})`);
    check(`${x}group_size`, (n) => n !== 0n, "devshard escrow group_size must be positive");
    if (v13) check(`${x}max_nonce`, (n) => n !== 0n, "devshard escrow max_nonce must be positive");
    const names = new Set<string>();
    const versions = entries(`${x}approved_versions`, "name");
    if (versionStore && versions.length > 0) {
      refuse(`${x}approved_versions`, "devshard_escrow_params.approved_versions is deprecated; use MsgPutDevshardApprovedVersion / MsgDeleteDevshardApprovedVersion", JSON.stringify(versions.map((v) => v.value)));
    }
    for (const name of versionStore ? [] : versions) {
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
      fraction(path, `delegation ${f}`);
    }
    const initial = text(`${g}initial_model_id`);
    if (initial !== "" && has("poc_params") && !models.some((m) => m.value === initial)) refuse(`${g}initial_model_id`, `delegation initial_model_id "${initial}" not found in poc_params models`);
  }
  if (feeGroups) {
    const fee = validateFeeParams(feeParamsOf(set));
    if (fee !== null && "refusal" in fee) out.push(fee.refusal);
  } else if (!absent("fee_params")) check("fee_params.min_gas_price_ngonka", (n) => n <= 1_000_000n, "min_gas_price_ngonka exceeds safety limit of 1,000,000");
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
  if (challenges && !absent("poc_challenge_params")) {
    fraction("poc_challenge_params.payment_ratio", "poc_challenge_params.payment_ratio");
    check("poc_challenge_params.max_active_challenges", (n) => n !== 0n, "poc_challenge_params.max_active_challenges must be greater than 0");
  }
  return out;
}
