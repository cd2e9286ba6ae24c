// A parameter update's text where the values are lists, decimals past a thousand, strings with a
// bracket, Decimals left out, and values refused by the chain that are in force too or not (issue 30
// item 13, mutation testing of src/gov/proposal-text.ts and proposal-side.ts): the whole text a voter
// reads, and the notes compare and backtest list for the same proposal as B; then a snapshot that lacks
// one value, or two, none of which the port reads.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import { judgeProposal } from "../../src/gov/judge.js";
import { paramsFromJson } from "../../src/gov/param-values.js";
import { proposalFromJson } from "../../src/gov/proposal-json.js";
import { realProposalSide } from "../../src/gov/proposal-side.js";
import { proposalText } from "../../src/gov/proposal-text.js";

type Obj = { [k: string]: { [k: string]: Json } };
const BASE = (JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "examples", "gov", "mainnet-params.json"), "utf8")) as { params: Obj }).params;
const update = (params: Obj): Json[] => [{ "@type": "/inference.inference.MsgUpdateParams", authority: "gonka1gov", params }];

// in force: the mainnet params with short address lists, an empty logprobs_mode (refused, and kept) and no w_threshold
const inForceDoc = structuredClone(BASE);
inForceDoc.developer_access_params!.allowed_developer_addresses = ["gonka1dev1"];
inForceDoc.transfer_agent_access_params!.allowed_transfer_addresses = ["gonka1agent1", "gonka1agent2"];
inForceDoc.validation_params!.logprobs_mode = "";
delete inForceDoc.delegation_params!.w_threshold;
const proposed = structuredClone(inForceDoc);
proposed.epoch_params!.poc_slot_allocation = { value: "2", exponent: -1 };
proposed.developer_access_params!.allowed_developer_addresses = ["gonka1dev1", "gonka1dev2", "gonka1dev3"];
proposed.transfer_agent_access_params!.allowed_transfer_addresses = ["gonka1agent1"];
delete proposed.delegation_params!.delegation_share;
proposed.delegation_params!.w_threshold = { value: "5", exponent: -1 };
proposed.delegation_params!.cap_factor = { value: "12345", exponent: -1 };
proposed.delegation_params!.initial_model_id = "Qwen[FP8]";
const LISTS = proposalFromJson({ id: "31", title: "Lists", messages: update(proposed) }, "p", "saved-from-https://node.json");
const inForce = () => paramsFromJson(inForceDoc, "f", "the params F");

describe("a parameter update's values", () => {
  it("in words: a list of one entry, additions only, removals only, nil either way, a decimal past a thousand, a bracket in a string; a refused value in force too", () => {
    expect(proposalText(judgeProposal(LISTS, inForce(), null))).toBe(
      [
        "proposal 31: Lists",
        "  status unspecified (PROPOSAL_STATUS_UNSPECIFIED)",
        "  proposer (none); deposit nothing",
        "  read from saved-from-https://node.json (proto JSON)",
        "",
        "message 1 of 1: /inference.inference.MsgUpdateParams",
        "  authority gonka1gov; sets all 219 parameters of x/inference (a MsgUpdateParams replaces the whole Params)",
        "  against the params in force: the params F",
        "  REFUSED BY THE CHAIN: Params.Validate (v0.2.16) refuses 3 of the values this message sets, so it fails when executed and nothing changes (the proposal ends failed):",
        '    validation_params.logprobs_mode "": invalid logprobs_mode, must be "processed_logprobs" or "raw_logprobs" (the value in force too)',
        "    delegation_params.cap_factor 1234.5: delegation cap_factor must be between 0 and 1",
        '    delegation_params.initial_model_id Qwen[FP8]: delegation initial_model_id "Qwen[FP8]" not found in poc_params models',
        "  changes 7 parameters; 212 set to the value in force:",
        "    epoch_params.poc_slot_allocation: 0.1 → 0.2 fraction of each model's weight",
        "    developer_access_params.allowed_developer_addresses: 1 entry → 3 entries; adds gonka1dev2, gonka1dev3",
        "    transfer_agent_access_params.allowed_transfer_addresses: 2 entries → 1 entry; removes gonka1agent2",
        "    delegation_params.delegation_share: 0.05 fraction → nil (left out)",
        "    delegation_params.w_threshold: nil (left out) → 0.5 fraction",
        "    delegation_params.cap_factor: 0.75 → 1234.5 factor",
        "    delegation_params.initial_model_id: Qwen/Qwen3-235B-A22B-Instruct-2507-FP8 → Qwen[FP8]",
        "  of these, the port reads 1 (no rule of the port reads the other 6):",
        "    epoch_params.poc_slot_allocation: the preserved-set sampler (preserved, check, compare); compare/backtest: PocSlotAllocation",
        // a label that only holds a URL is a file's: run as --b
        "  what the modelled changes do to the preserved set, the miss test and settlement: run it as B of gonka-spec compare or backtest (--b saved-from-https://node.json)",
      ].join("\n"),
    );
  });

  it("as B: each change not modelled, and each refusal, an empty value quoted and the one in force said so", () => {
    const side = realProposalSide(LISTS, inForce(), "w");
    expect(side.changeNotes).toEqual([
      "not modelled: proposal 31 changes developer_access_params.allowed_developer_addresses 1 entry → 3 entries; adds gonka1dev2, gonka1dev3 (read by no rule of the port)",
      "not modelled: proposal 31 changes transfer_agent_access_params.allowed_transfer_addresses 2 entries → 1 entry; removes gonka1agent2 (read by no rule of the port)",
      "not modelled: proposal 31 changes delegation_params.delegation_share 0.05 fraction → nil (left out) (read by no rule of the port)",
      "not modelled: proposal 31 changes delegation_params.w_threshold nil (left out) → 0.5 fraction (read by no rule of the port)",
      "not modelled: proposal 31 changes delegation_params.cap_factor 0.75 → 1234.5 factor (read by no rule of the port)",
      "not modelled: proposal 31 changes delegation_params.initial_model_id Qwen/Qwen3-235B-A22B-Instruct-2507-FP8 → Qwen[FP8] (read by no rule of the port)",
      'refused by the chain: proposal 31 sets validation_params.logprobs_mode to "": invalid logprobs_mode, must be "processed_logprobs" or "raw_logprobs" (Params.Validate v0.2.16); its MsgUpdateParams would fail when executed; the params in force hold the same value',
      "refused by the chain: proposal 31 sets delegation_params.cap_factor to 1234.5: delegation cap_factor must be between 0 and 1 (Params.Validate v0.2.16); its MsgUpdateParams would fail when executed",
      'refused by the chain: proposal 31 sets delegation_params.initial_model_id to Qwen[FP8]: delegation initial_model_id "Qwen[FP8]" not found in poc_params models (Params.Validate v0.2.16); its MsgUpdateParams would fail when executed',
    ]);
    expect(side.notes).toEqual([]);
    expect(side.view.changes.filter((c) => c.path.startsWith("transfer_agent")).map((c) => [c.oldText, c.newText])).toEqual([["2 entries", "1 entry; removes gonka1agent2"]]);
  });
});

describe("values a snapshot does not record", () => {
  const lacking = (paths: string[]) => {
    const snap = paramsFromJson(structuredClone(BASE), "s", "the snapshot S");
    snap.complete = false;
    for (const path of paths) snap.values.delete(path);
    return proposalText(judgeProposal(proposalFromJson({ id: "32", messages: update(BASE) }, "p", "q.json"), snap, null));
  };
  const head = (unchanged: number) => [
    "proposal 32: (no title)",
    "  status unspecified (PROPOSAL_STATUS_UNSPECIFIED)",
    "  proposer (none); deposit nothing",
    "  read from q.json (proto JSON)",
    "",
    "message 1 of 1: /inference.inference.MsgUpdateParams",
    "  authority gonka1gov; sets all 219 parameters of x/inference (a MsgUpdateParams replaces the whole Params)",
    "  against the params in force: the snapshot S (records only what the rules read)",
    `  changes nothing; ${unchanged} set to the value in force`,
  ];

  it("one, or two, that no rule of the port reads: counted, none listed", () => {
    expect(lacking(["maintenance_params.maintenance_max_window_blocks"])).toBe([...head(218), "  1 parameter the params in force do not record (so whether they change is unknown)"].join("\n"));
    expect(lacking(["maintenance_params.maintenance_max_window_blocks", "maintenance_params.maintenance_credit_cap_blocks"])).toBe(
      [...head(217), "  2 parameters the params in force do not record (so whether they change is unknown)"].join("\n"),
    );
  });
});
