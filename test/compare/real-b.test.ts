// compare with a real x/gov proposal as B on real saved REST answers: the headline names every change
// B makes (those compare runs, those it does not model, and the values the chain would refuse, as a
// warning at the top); B's values say what the proposal sets; the real-data comparison shows only
// real-data sections unless asked (--replay).
import { STATUS_TESTS } from "../../src/gov/params-catalog.js";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseJson, type Json } from "../../src/go/json.js";
import { runCli } from "../helpers/cli.js";
import { REALDATA_DIR, readRealdata } from "../realdata/load.js";

const REST = join(REALDATA_DIR, "rest");
const TMP = mkdtempSync(join(tmpdir(), "gonka-real-b-"));
type Doc = { [k: string]: Json };

/** A MsgUpdateParams proposal in proto JSON whose Params are the dumps' own params.json with `edit` applied. */
function proposal(name: string, title: string, edit: (p: { [k: string]: { [k: string]: Json } }) => void): string {
  const params = (JSON.parse(readRealdata("rest/epoch_249/params.json")) as { params: { [k: string]: { [k: string]: Json } } }).params;
  edit(params);
  const f = join(TMP, name);
  writeFileSync(f, JSON.stringify({ proposal: { id: "77", title, status: "PROPOSAL_STATUS_VOTING_PERIOD", messages: [{ "@type": "/inference.inference.MsgUpdateParams", authority: "gonka10d07y265gmmuvt4z0w9aw880jnsr700j2h5m33", params }] } }));
  return f;
}

// As governance did in August 2026 (issue 29): only the in-epoch status tests' params change.
const STATUS = proposal("status.json", "Relax the status tests", (p) => {
  p.validation_params!.invalidation_h_threshold = { exponent: 0, value: "40" };
  p.validation_params!.bad_participant_invalidation_rate = { exponent: -2, value: "18" };
  p.validation_params!.downtime_h_threshold = { exponent: 0, value: "0" };
});
// Built from one field: every other value is zero or left out.
const ONE_FIELD = join(TMP, "one-field.json");
writeFileSync(ONE_FIELD, JSON.stringify({ proposal: { id: "78", title: "Raise PoC slot allocation to 0.25", messages: [{ "@type": "/inference.inference.MsgUpdateParams", authority: "gonka1gov", params: { epoch_params: { poc_slot_allocation: { value: "25", exponent: -2 } } } }] } }));

describe("compare --rest-dump with a real proposal that changes only status params", () => {
  it("lists each change as one only the status tests read (judged by backtest and proposal over epochs, not on one state), never 'No difference'", async () => {
    const r = await runCli(["compare", "--rest-dump", REST, "--b", STATUS, "--anchors", "0", "--brief"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).not.toContain("No difference");
    expect(r.out).toContain(
      [
        "What changes (A -> B)",
        "  validation_params.bad_participant_invalidation_rate (not modelled: read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); compare runs A and B with the value in force): 0.1 fraction -> 0.18 fraction",
        "  validation_params.invalidation_h_threshold (not modelled: read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); compare runs A and B with the value in force): 4 SPRT threshold -> 40 SPRT threshold",
        "  validation_params.downtime_h_threshold (not modelled: read by the in-epoch status tests (status; proposal and backtest replay each participant of the epochs given); compare runs A and B with the value in force): 100 SPRT threshold -> 0 SPRT threshold",
        "",
      ].join("\n"),
    );
    // the dump's params are v0.2.12's, and so is the state: Params.Validate of v0.2.12 accepts them
    expect(r.out).not.toContain("WARNING");
    expect(r.out).toContain("proposal 77 changes none of the parameters compare and backtest vary on one state: B equals the params in force (its changes of the status tests' parameters are judged over settled epochs: backtest and proposal replay each participant)");
    const j = parseJson((await runCli(["compare", "--rest-dump", REST, "--b", STATUS, "--anchors", "0", "--json"])).out) as Doc;
    const view = j.bProposal as Doc;
    expect(view.validateVersion).toBe("v0.2.12");
    expect((view.changes as Doc[]).map((c) => [c.path, c.old, c.new, c.treatment, c.readBy])).toEqual([
      ["validation_params.bad_participant_invalidation_rate", "0.1", "0.18", "not-modelled", STATUS_TESTS],
      ["validation_params.invalidation_h_threshold", "4", "40", "not-modelled", STATUS_TESTS],
      ["validation_params.downtime_h_threshold", "100", "0", "not-modelled", STATUS_TESTS],
    ]);
    expect(j.differences as Doc[]).toHaveLength(3);
    expect(j.changes).toEqual([]);
  });
});

describe("compare --rest-dump with a proposal built from one field", () => {
  it("warns at the top that the chain refuses B, and lists every zeroed value", async () => {
    const html = join(TMP, "one-field.html");
    const r = await runCli(["compare", "--rest-dump", REST, "--b", ONE_FIELD, "--anchors", "0", "--html", html]);
    expect(r.code, r.err).toBe(0);
    const lines = r.out.split("\n");
    const warning = lines.findIndex((l) => l.startsWith("WARNING: the chain would refuse B: Params.Validate (v0.2.12) refuses 11 values of proposal 78's Params"));
    expect(warning).toBe(lines.findIndex((l) => l.startsWith("Inputs: ")) + 2);
    expect(lines.slice(warning + 1, warning + 3)).toEqual(["  validation_params (left out): validation params cannot be nil", "  tokenomics_params (left out): tokenomics params cannot be nil"]);
    expect(r.out).toContain("  epoch_params.epoch_length 0: epoch length must be positive\n");
    expect(r.out).toContain("  epoch_params.epoch_length (not modelled: read by the epoch's stage heights (the PoC anchor, the settlement block); compare runs A and B with the value in force): 15,391 blocks -> 0 blocks\n");
    expect(r.out).toContain("  epoch_params.epoch_shift (not modelled: read by the epoch's stage heights (the PoC anchor, the settlement block); compare runs A and B with the value in force): 16,980 blocks -> 0 blocks\n");
    expect(r.out).toContain("  PocSlotAllocation (epoch_params.poc_slot_allocation): 0.1 fraction of each model's weight -> 0.25 fraction of each model's weight\n");
    // a p0 of 0 is not one compare's miss test takes: named, and A and B run the state's
    expect(r.out).toContain('  BinomTestP0 (validation_params.binom_test_p0; not compared: BinomTestP0 must be strictly between 0 and 1, got "0"): 0.1 probability (the miss test\'s p0) -> nil (left out)\n');
    expect(r.out).toMatch(/^BinomTestP0\s+0\.1 \(snapshot\)\s+0\.1 \(snapshot; the proposal sets 0: not compared\)$/m);
    // the dump's params lack vote_threshold_factor (a v0.2.14 field), and so does B: compare runs the default, and says what B sets
    expect(r.out).toMatch(/^vote_threshold_factor\s+50 \(default\)\s+50 \(default; the proposal sets 0: not compared\)$/m);
    const page = readFileSync(html, "utf8");
    expect(page).toContain('<div id="refused" class="warning"><p><b>WARNING: the chain would refuse B: Params.Validate (v0.2.12) refuses 11 values');
    expect(page.indexOf('id="refused"')).toBeLessThan(page.indexOf('id="what-changes"'));
    expect(page).toContain("50 (default; the proposal sets 0: not compared)");
    expect(page).not.toMatch(/50 \(default\)<\/td><\/tr>/);
  });
});

describe("compare on real data: only real-data sections unless asked", () => {
  it("no demand 'from nowhere', no epoch-433 replay (--replay adds it), and a note that says so", async () => {
    const r = await runCli(["compare", "--rest-dump", REST, "--b", STATUS, "--anchors", "0"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("Inputs: the preserved state rebuilt from the REST dump, no demand input, the miss test on the dump's settled epoch.\n");
    expect(r.out).not.toMatch(/nowhere|Epoch-433 replay|ZEROED\n/);
    expect(r.out).toContain("  - The epoch-433 replay (the gateway's built-in incident scenario, not this chain state) is not part of a comparison on real data: --replay adds it.");
    const asked = await runCli(["compare", "--rest-dump", REST, "--b", STATUS, "--anchors", "0", "--replay", "--json"]);
    expect(asked.code, asked.err).toBe(0);
    const j = parseJson(asked.out) as Doc;
    expect((j.simulation as Doc).scenario).toBe("epoch-433");
    expect((j.notes as string[]).some((n) => n.includes("--replay"))).toBe(false);
  });
});
