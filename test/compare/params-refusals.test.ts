// Every refusal of the proposal format, whole: the file, the key as written and the value, so a
// refusal that loses its path, its words or its value fails here (issue 30 item 13, mutation testing).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalProposalKey, decimalParam, integerParam, loadProposal, parseProposal } from "../../src/compare/params.js";
import { InputError } from "../../src/errors.js";
import type { Json } from "../../src/go/json.js";
import { refusal } from "../helpers/refusal.js";

const p = (doc: Json, read?: (f: string) => string) => parseProposal(doc, "p.json", { baseDir: "/base", ...(read ? { readText: read } : {}) });

describe("the proposal format's refusals, whole", () => {
  it.each<[string, Json, string]>([
    ["a number for a decimal", { name: "x", PocSlotAllocation: 0.25 }, 'p.json: PocSlotAllocation: write decimals as strings (e.g. "0.25"), so no binary float touches them; got the number 0.25'],
    ["a bigint for a decimal", { name: "x", BinomTestP0: 3n }, 'p.json: BinomTestP0: write decimals as strings (e.g. "3"), so no binary float touches them; got the number 3'],
    ["a boolean for a decimal", { name: "x", PocSlotAllocation: true }, 'p.json: PocSlotAllocation: expected a non-negative decimal string such as "0.25", got true'],
    ["a decimal with a trailing dot", { name: "x", PocSlotAllocation: "1." }, 'p.json: PocSlotAllocation: expected a non-negative decimal string such as "0.25", got "1."'],
    ["a decimal with a leading dot", { name: "x", PocSlotAllocation: ".5" }, 'p.json: PocSlotAllocation: expected a non-negative decimal string such as "0.25", got ".5"'],
    ["a decimal in words", { name: "x", PocSlotAllocation: "x0.5" }, 'p.json: PocSlotAllocation: expected a non-negative decimal string such as "0.25", got "x0.5"'],
    ["a decimal then words", { name: "x", PocSlotAllocation: "0.5x" }, 'p.json: PocSlotAllocation: expected a non-negative decimal string such as "0.25", got "0.5x"'],
    ["a slot allocation above 1", { name: "x", poc_slot_allocation: "1.5" }, 'p.json: poc_slot_allocation: must be between 0 and 1, got "1.5"'],
    ["p0 at 0", { name: "x", BinomTestP0: "0.0" }, 'p.json: BinomTestP0: must be strictly between 0 and 1, got "0.0"'],
    ["p0 at 1", { name: "x", binomTestP0: "1" }, 'p.json: binomTestP0: must be strictly between 0 and 1, got "1"'],
    ["p0 above 1", { name: "x", BinomTestP0: "2" }, 'p.json: BinomTestP0: must be strictly between 0 and 1, got "2"'],
    ["a rate of 0", { name: "x", PoCMaxConcurrentPer10000Weight: 0 }, "p.json: PoCMaxConcurrentPer10000Weight: must be a positive integer (requests per 10,000 weight), got 0"],
    ["a negative rate", { name: "x", PoCMaxConcurrentPer10000Weight: "-1" }, 'p.json: PoCMaxConcurrentPer10000Weight: must be a positive integer (requests per 10,000 weight), got "-1"'],
    ["a rate past int64", { name: "x", PoCMaxConcurrentPer10000Weight: 9223372036854775808n }, "p.json: PoCMaxConcurrentPer10000Weight: does not fit in int64: 9223372036854775808"],
    ["a fraction as the rate", { name: "x", PoCMaxConcurrentPer10000Weight: 2.5 }, "p.json: PoCMaxConcurrentPer10000Weight: expected an integer, got 2.5"],
    ["words as the rate", { name: "x", PoCMaxConcurrentPer10000Weight: "ten" }, 'p.json: PoCMaxConcurrentPer10000Weight: expected an integer, got "ten"'],
    ["a factor of 0", { name: "x", VoteThresholdFactor: 0 }, "p.json: VoteThresholdFactor: must be an integer in 1..100 (percent; the chain refuses anything else), got 0"],
    ["a factor of 101", { name: "x", vote_threshold_factor: "101" }, 'p.json: vote_threshold_factor: must be an integer in 1..100 (percent; the chain refuses anything else), got "101"'],
    ["a rule by another name", { name: "x", preservedRule: "largest" }, 'p.json: preservedRule: expected one of current, demand, got "largest"'],
    ["a rule as a number", { name: "x", preserved_rule: 1 }, "p.json: preserved_rule: expected one of current, demand, got 1"],
    ["a demand number", { name: "x", demand: 42 }, "p.json: demand: expected a demand object or the path of a demand file, got 42"],
    ["a blank demand path", { name: "x", demand: "  " }, 'p.json: demand: expected a demand object or the path of a demand file, got "  "'],
    ["a demand list", { name: "x", demand: [1] }, "p.json: demand: expected a demand object or the path of a demand file, got [1]"],
    ["no name", { PocSlotAllocation: "0.2" }, "p.json: name: expected a non-empty string naming the proposal, got undefined"],
    ["a blank name", { name: "   " }, 'p.json: name: expected a non-empty string naming the proposal, got "   "'],
    ["a number as the name", { name: 5 }, "p.json: name: expected a non-empty string naming the proposal, got 5"],
    ["a number as the description", { name: "x", description: 5 }, "p.json: description: expected a string, got 5"],
    ["a list", [1, 2], "p.json: a proposal must be a JSON object, got [1,2]"],
    ["a status parameter as a number", { name: "x", FalsePositiveRate: 0.1 }, 'p.json: FalsePositiveRate: write decimals as strings (e.g. "0.1"), so no binary float touches them; got the number 0.1'],
  ])("%s", (_what, doc, message) => {
    expect(refusal(() => p(doc))).toBe(message);
  });

  it("an unknown key: the key, a suggestion when one is near, and every allowed key", () => {
    const text = refusal(() => p({ name: "x", PocSlotAlocation: "0.2" }));
    expect(text.startsWith('p.json: PocSlotAlocation: unknown key "PocSlotAlocation" (did you mean "PocSlotAllocation"?); allowed keys: name, description, PocSlotAllocation, PoCMaxConcurrentPer10000Weight, BinomTestP0, vote_threshold_factor, ')).toBe(true);
    expect(text.endsWith(", preserved_rule, demand (or the chain's snake_case and Go names of the parameters)")).toBe(true);
    expect(refusal(() => p({ name: "x", zzzzzzzzzzzz: 1 }))).toMatch(/^p\.json: zzzzzzzzzzzz: unknown key "zzzzzzzzzzzz"; allowed keys: name, /);
  });

  it("two spellings of one parameter name both, the later as the path", () => {
    expect(refusal(() => p({ name: "x", binom_test_p0: "0.2", "ValidationParams.BinomTestP0": "0.3" }))).toBe('p.json: ValidationParams.BinomTestP0: "ValidationParams.BinomTestP0" and "binom_test_p0" name the same parameter; give it once');
    expect(refusal(() => p({ name: "x", preserved_rule: "current", PreservedRule: "demand" }))).toBe('p.json: PreservedRule: "PreservedRule" and "preserved_rule" name the same parameter; give it once');
  });

  it("every alias maps to its parameter, and the values read under it", () => {
    expect(["PocSlotAllocation", "EpochParams.PocSlotAllocation", "pocSlotAllocation", "pocMaxConcurrentPer10000Weight", "binomTestP0", "validationParams.binomTestP0", "devshard_escrow_params.vote_threshold_factor", "DevshardEscrowParams.VoteThresholdFactor", "voteThresholdFactor", "devshardEscrowParams.voteThresholdFactor", "PreservedRule", "description", ""].map(canonicalProposalKey)).toEqual([
      "PocSlotAllocation", "PocSlotAllocation", "PocSlotAllocation", "PoCMaxConcurrentPer10000Weight", "BinomTestP0", "BinomTestP0", "vote_threshold_factor", "vote_threshold_factor", "vote_threshold_factor", "vote_threshold_factor", "preserved_rule", "description", undefined,
    ]);
    const r = p({ name: " n ", description: "", "epochParams.pocSlotAllocation": "0.3", poc_max_concurrent_per_10000_weight: 7, "validation_params.binom_test_p0": " 0.2 ", voteThresholdFactor: 60n, PreservedRule: "current" });
    expect(r).toEqual({ name: "n", description: "", pocSlotAllocation: expect.anything(), pocMaxConcurrentPer10000Weight: 7n, binomTestP0: expect.anything(), voteThresholdFactor: 60n, preservedRule: "current" });
    expect([r.pocSlotAllocation!.toString(), r.binomTestP0!.toString()]).toEqual(["0.3", "0.2"]);
  });

  it("the readers of one value alone", () => {
    expect(decimalParam("0", "w").toString()).toBe("0");
    expect(decimalParam("12.50", "w").toString()).toBe("12.5");
    expect(refusal(() => decimalParam(null, "w"))).toBe('w: expected a non-negative decimal string such as "0.25", got null');
    expect([integerParam(0, "w"), integerParam("-0", "w"), integerParam(-5, "w"), integerParam("  12", "w")]).toEqual([0n, 0n, -5n, 12n]);
    expect(refusal(() => integerParam("1 2", "w"))).toBe('w: expected an integer, got "1 2"');
    expect(refusal(() => integerParam("", "w"))).toBe('w: expected an integer, got ""');
    expect(refusal(() => integerParam("+3", "w"))).toBe('w: expected an integer, got "+3"');
    expect(refusal(() => integerParam(true, "w"))).toBe("w: expected an integer, got true");
  });

  it("a demand file: read relative to the base, its errors named under the key", () => {
    const seen: string[] = [];
    const read = (f: string): string => {
      seen.push(f);
      if (f.endsWith("list.json")) return "[1]";
      if (f.endsWith("bad.json")) return "{x";
      if (f.endsWith("boom.json")) throw new Error("boom");
      return '{"peak": 2}';
    };
    expect(p({ name: "x", demand: "d/ok.json" }, read).demand).toEqual({ source: "/base/d/ok.json", json: { peak: 2 } });
    expect(seen).toEqual(["/base/d/ok.json"]);
    expect(refusal(() => p({ name: "x", demand: "list.json" }, read))).toBe('p.json: demand: demand file "list.json" must hold a JSON object');
    expect(refusal(() => p({ name: "x", demand: "bad.json" }, read))).toMatch(/^p\.json: demand: cannot use demand file "bad\.json": \/base\/bad\.json: /);
    expect(() => p({ name: "x", demand: "boom.json" }, read)).toThrow(/^boom$/);
    expect(refusal(() => p({ name: "x", demand: "gone.json" }, () => { throw new InputError("file not found", "/base/gone.json"); }))).toBe('p.json: demand: cannot use demand file "gone.json": /base/gone.json: file not found');
    const dir = mkdtempSync(join(tmpdir(), "gonka-refusals-"));
    writeFileSync(join(dir, "p.json"), '{"name": "x", "demand": {"peak": 1}}');
    expect(loadProposal(join(dir, "p.json")).demand).toEqual({ source: "inline", json: { peak: 1 } });
    writeFileSync(join(dir, "q.json"), '{"name": "x", "BinomTestP0": "1"}');
    expect(refusal(() => loadProposal(join(dir, "q.json")))).toBe(`${join(dir, "q.json")}: BinomTestP0: must be strictly between 0 and 1, got "1"`);
  });

  it("the status tests' parameters, each as a decimal under its key", () => {
    const r = p({ name: "x", FalsePositiveRate: "0.05", alpha_threshold: "0.5" });
    expect(Object.keys(r.statusParams!)).toEqual(["FalsePositiveRate", "AlphaThreshold"]);
    expect([r.statusParams!.FalsePositiveRate!.toString(), r.statusParams!.AlphaThreshold!.toString()]).toEqual(["0.05", "0.5"]);
    expect("statusParams" in p({ name: "x" })).toBe(false);
  });
});
