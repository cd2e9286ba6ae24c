// Params.Validate (src/gov/params-validate.ts) at the edges params-validate.test.ts leaves: every Decimal a
// message needs left out at once (each refused in Go's words and order), the decimal places LegacyDec
// takes (18 pass, an integer of 20 digits too), a decay rate of 18 decimals, the window and sample
// period at their block limits, an approved version's sha256 one character too long at either end; and of
// v0.2.15 and v0.2.16: a value refused for its exponent judged no further, a fraction's zero, models named
// by index (Go's order) or past the tenth (the fee groups: fee-params-validate.test.ts).
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import { BASE, dec, refusals } from "../helpers/params-edits.js";

/** Leave out every field of `fields` in message `m`: each is refused as "<its name in words> cannot be nil" (Go's messages), in that order. */
function leftOut(m: string, fields: string[], words = (f: string) => f.replace(/_/g, " ")): [[string, Json | undefined][], { path: string; value: null; rule: string }[]] {
  return [fields.map((f) => [`${m}.${f}`, undefined]), fields.map((f) => ({ path: `${m}.${f}`, value: null, rule: `${words(f)} cannot be nil` }))];
}

describe("Params.Validate: Decimals left out (nil in Go)", () => {
  it("every Decimal of validation_params, in Go's order", () => {
    const [edits, expected] = leftOut("validation_params", [
      "false_positive_rate", "pass_value", "min_validation_average", "max_validation_average", "min_validation_halfway", "miss_percentage_cutoff", "miss_requests_penalty",
      "bad_participant_invalidation_rate", "invalidation_h_threshold", "downtime_good_percentage", "downtime_bad_percentage", "downtime_h_threshold", "quick_failure_threshold",
      "invalid_reputation_preserve", "downtime_reputation_preserve", "binom_test_p0",
    ]);
    expect(refusals(edits)).toEqual(expected);
    expect(expected[0]!.rule).toBe("false positive rate cannot be nil");
  });

  it("every Decimal of tokenomics_params, bitcoin_reward_params (its range checks not made then), dynamic_pricing_params and bandwidth_limits_params", () => {
    const cases = [
      leftOut("tokenomics_params", ["subsidy_reduction_interval", "subsidy_reduction_amount", "current_subsidy_percentage"]),
      leftOut("bitcoin_reward_params", ["decay_rate", "utilization_bonus_factor", "full_coverage_bonus_factor", "partial_coverage_bonus_factor"]),
      leftOut("dynamic_pricing_params", ["stability_zone_lower_bound", "stability_zone_upper_bound", "price_elasticity"]),
      // bandwidth's words are the field names
      leftOut("bandwidth_limits_params", ["kb_per_input_token", "kb_per_output_token"], (f) => f),
    ];
    for (const [edits, expected] of cases) expect(refusals(edits)).toEqual(expected);
    expect(cases.map(([, e]) => e[0]!.rule)).toEqual(["subsidy reduction interval cannot be nil", "decay rate cannot be nil", "stability zone lower bound cannot be nil", "kb_per_input_token cannot be nil"]);
    // one left out is enough to stop bitcoin's range checks, and is refused alone
    expect(refusals([["bitcoin_reward_params.partial_coverage_bonus_factor", undefined], ["bitcoin_reward_params.utilization_bonus_factor", dec("-1", 0)]])).toEqual([
      { path: "bitcoin_reward_params.partial_coverage_bonus_factor", value: null, rule: "partial coverage bonus factor cannot be nil" },
    ]);
  });
});

describe("Params.Validate (v0.2.14): the decimal places LegacyDec takes", () => {
  it("18 decimals pass, and so does an integer of 20 digits (it has no decimals at all)", () => {
    expect(refusals([["collateral_params.slash_fraction_invalid", dec("100000000000000001", -18)], ["collateral_params.collateral_per_weight_unit", dec("1", 19)]])).toEqual([]);
  });

  it("a decay rate of 18 decimals is judged: no exponent GetExponent knows; the two it knows besides 0 pass", () => {
    expect(refusals([["bitcoin_reward_params.decay_rate", dec("-1", -18)]])).toEqual([
      { path: "bitcoin_reward_params.decay_rate", value: "-0.000000000000000001", rule: "decay rate does not have exponent defined (GetExponent knows -0.000475, -0.000001 and 0)" },
    ]);
    for (const rate of [dec("-475", -6), dec("-1000", -9)]) expect(refusals([["bitcoin_reward_params.decay_rate", rate]])).toEqual([]);
  });
});

describe("Params.Validate (v0.2.14): the block limits", () => {
  it("a utilization window of 3600 s is within the hour but 720 blocks: refused for the blocks alone", () => {
    expect(refusals([["dynamic_pricing_params.utilization_window_duration", "3600"]])).toEqual([
      { path: "dynamic_pricing_params.utilization_window_duration", value: "3600", rule: "utilization window duration exceeds the maximum of 500 blocks (5 s each)" },
    ]);
  });

  it("a sample period of 2500 to 2504 s is 500 blocks: accepted", () => {
    for (const s of ["2500", "2504"]) expect(refusals([["bandwidth_limits_params.invalidations_sample_period", s]])).toEqual([]);
  });
});

describe("Params.Validate (v0.2.14): an approved version's sha256", () => {
  it("64 hex characters with one more before or after is refused", () => {
    const hex = "a".repeat(64);
    const versions = [{ name: "v1", binary: "b", sha256: `${hex}0` }, { name: "v2", binary: "b", sha256: `g${hex}` }];
    expect(refusals([["devshard_escrow_params.approved_versions", versions]])).toEqual([
      { path: "devshard_escrow_params.approved_versions[v1].sha256", value: `${hex}0`, rule: "approved_versions: sha256 must be 64 hex characters, got 65 characters" },
      { path: "devshard_escrow_params.approved_versions[v2].sha256", value: `g${hex}`, rule: "approved_versions: sha256 must be 64 hex characters, got 65 characters" },
    ]);
  });
});

const EXP = (e: number) => `decimal exponent must be between -18 and 18: ${e}`;

describe("Params.Validate (v0.2.15 on): a value refused for its exponent is judged no further", () => {
  it("a decay rate and a stability bound of exponent ±19, whose texts the later checks would refuse too", () => {
    // -10 × 10^-19 reads -0.000000000000000001 (18 places: no exponent GetExponent knows); 2 × 10^19 is above 1
    expect(refusals([["bitcoin_reward_params.decay_rate", dec("-10", -19)], ["dynamic_pricing_params.stability_zone_upper_bound", dec("2", 19)]], "v0.2.15")).toEqual([
      { path: "bitcoin_reward_params.decay_rate", value: "-0.000000000000000001", rule: EXP(-19) },
      { path: "dynamic_pricing_params.stability_zone_upper_bound", value: "20000000000000000000", rule: EXP(19) },
    ]);
    // 2 × 10^19: out of range for each, and the lower bound above the upper
    for (const path of ["dynamic_pricing_params.stability_zone_lower_bound", "dynamic_pricing_params.price_elasticity"]) {
      expect(refusals([[path, dec("2", 19)]], "v0.2.15")).toEqual([{ path, value: "20000000000000000000", rule: EXP(19) }]);
    }
    // a fraction outside the exponent list is refused for its exponent where it is judged, and no further
    expect(refusals([["poc_challenge_params.payment_ratio", dec("2", 19)]], "v0.2.16")).toEqual([{ path: "poc_challenge_params.payment_ratio", value: "20000000000000000000", rule: EXP(19) }]);
  });
});

describe("Params.Validate (v0.2.16): the PoC challenge's payment ratio, a fraction", () => {
  it("only {0, 0} is the zero that passes unjudged: 0 × 10^-19 is refused for its exponent, 2 for its range", () => {
    expect(refusals([["poc_challenge_params.payment_ratio", dec("0", -19)]], "v0.2.16")).toEqual([{ path: "poc_challenge_params.payment_ratio", value: "0", rule: EXP(-19) }]);
    expect(refusals([["poc_challenge_params.payment_ratio", dec("2", 0)]], "v0.2.16")).toEqual([{ path: "poc_challenge_params.payment_ratio", value: "2", rule: "poc_challenge_params.payment_ratio must be between 0 and 1" }]);
  });
});

describe("Params.Validate (v0.2.16): which model Go's index names", () => {
  const QWEN = "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8";
  const initialMissing = { path: "delegation_params.initial_model_id", value: QWEN, rule: `delegation initial_model_id "${QWEN}" not found in poc_params models` };

  const tooLow = ["poc_params.models[0].dynamic_coefficient.coeff_min", dec("39524", -5)] as [string, Json];

  it("models named by index (one without model_id, read last): Go's index is the message's", () => {
    const expected = [{ path: "poc_params.models[0].dynamic_coefficient.coeff_min", value: "0.39524", rule: "poc_params.models[0].dynamic_coefficient.coeff_min must be <= coeff_max" }, initialMissing];
    expect(refusals([["poc_params.models[0].model_id", undefined], tooLow], "v0.2.16")).toEqual(expected);
    // the second model's id is "1", its own index: the entries are still named by index, and sorted
    expect(refusals([["poc_params.models[0].model_id", undefined], ["poc_params.models[1].model_id", "1"], tooLow], "v0.2.16")).toEqual(expected);
  });

  it("models named by ids that read as numbers keep the message's order", () => {
    expect(refusals([["poc_params.models[0].model_id", "5"], ["poc_params.models[1].model_id", "3"], tooLow], "v0.2.16")).toEqual([
      { path: "poc_params.models[5].dynamic_coefficient.coeff_min", value: "0.39524", rule: "poc_params.models[0].dynamic_coefficient.coeff_min must be <= coeff_max" },
      initialMissing,
    ]);
  });

  it("an eleventh model's refusals name it: for a coefficient's range, and for its exponent once", () => {
    const base = (BASE as { poc_params: { models: Json[] } }).poc_params.models;
    const extra = (i: number, coeffMin: Json): Json => ({ model_id: `m${i}`, dynamic_coefficient: { coeff_min: coeffMin, coeff_max: dec("2", 0), relative_difficulty: dec("1", 0), target_share_bps: 0 } });
    const models = (coeffMin: Json): Json => [...base, ...[2, 3, 4, 5, 6, 7, 8, 9].map((i) => extra(i, dec("1", 0))), extra(10, coeffMin)];
    expect(refusals([["poc_params.models", models(dec("3", 0))]], "v0.2.16")).toEqual([
      { path: "poc_params.models[m10].dynamic_coefficient.coeff_min", value: "3", rule: "poc_params.models[10].dynamic_coefficient.coeff_min must be <= coeff_max" },
    ]);
    expect(refusals([["poc_params.models", models(dec("1", 19))]], "v0.2.16")).toEqual([{ path: "poc_params.models[m10].dynamic_coefficient.coeff_min", value: "10000000000000000000", rule: EXP(19) }]);
    expect(refusals([["poc_params.models", models(dec("1", 0))]], "v0.2.16")).toEqual([]);
  });
});
