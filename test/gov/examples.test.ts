// Every bundled example proposal (examples/gov/) changes only what its name says: against the whole
// params it was built from (examples/gov/mainnet-params.json, or for the status example those params
// under the example epoch's own values) exactly the named parameters change, the chain's
// Params.Validate accepts it, and against the state it goes with (the example snapshot; the status
// epoch's params answer, saved after it passed) no recorded value but those changes; the
// slot-allocation example's hand-written twin sets the same parameters.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadProposal } from "../../src/compare/params.js";
import { parseJson } from "../../src/go/json.js";
import { judgeProposal, type MessageJudgement } from "../../src/gov/judge.js";
import { paramsFromParamsFile, paramsFromSnapshot } from "../../src/gov/params-in-force.js";
import { isGovProposalDocument, loadProposalFile } from "../../src/gov/proposal-source.js";
import { loadSnapshot } from "../../src/snapshot/snapshot.js";
import { scenarioWholeParams } from "../../src/testing/status-scenario-answers.js";
import { paramsFromJson, type ParamSet } from "../../src/gov/param-values.js";
import type { JsonObject } from "../../src/json-input.js";

const DIR = join(import.meta.dirname, "..", "..", "examples", "gov");
const SNAP = join(import.meta.dirname, "..", "..", "examples", "mainnet-like.snapshot.json");

const WHOLE = join(DIR, "mainnet-params.json");
const STATUS_PARAMS = join(DIR, "..", "status-epoch", "params.json");

/** What each example's name says it changes (parameter path → new value), the forms it comes in, the params it was built from, and the state it goes with (what that records changes, or nothing when it was saved after). */
const NAMED: Record<string, { changes: Record<string, string>; forms: string[]; base: () => ParamSet; state: () => ParamSet; stateChanges: Record<string, string> }> = {
  "slot-allocation-0.25": {
    changes: { "epoch_params.poc_slot_allocation": "0.25" },
    forms: ["amino", "proto", "hand-written"],
    base: () => paramsFromParamsFile(WHOLE),
    state: () => paramsFromSnapshot(loadSnapshot(SNAP), SNAP),
    stateChanges: { "epoch_params.poc_slot_allocation": "0.25" },
  },
  "status-thresholds": {
    changes: { "validation_params.bad_participant_invalidation_rate": "0.18", "validation_params.invalidation_h_threshold": "40", "validation_params.downtime_bad_percentage": "0.98" },
    forms: ["proto"],
    base: () => paramsFromJson(parseJson(JSON.stringify(scenarioWholeParams(false))) as JsonObject, "the example epoch's params", "the example epoch's params"),
    state: () => paramsFromParamsFile(STATUS_PARAMS),
    stateChanges: {},
  },
};

const files = readdirSync(DIR).filter((f) => f.endsWith(".json"));
const proposals = files.filter((f) => isGovProposalDocument(parseJson(readFileSync(join(DIR, f), "utf8"))));
const nameOf = (f: string): string => f.replace(/\.(amino|proto|hand-written)\.json$/, "");

function update(j: ReturnType<typeof judgeProposal>): Extract<MessageJudgement, { kind: "update-params" }> {
  expect(j.messages).toHaveLength(1);
  return j.messages[0] as Extract<MessageJudgement, { kind: "update-params" }>;
}

describe("the bundled example proposals", () => {
  it("are the amino and proto forms of each name, and every name says what it changes", () => {
    const forms = Object.entries(NAMED).flatMap(([n, x]) => x.forms.map((f) => `${n}.${f}.json`));
    expect(proposals.sort()).toEqual(forms.filter((f) => !f.endsWith(".hand-written.json")).sort());
    expect(files.filter((f) => !proposals.includes(f)).sort()).toEqual(["mainnet-params.json", ...forms.filter((f) => f.endsWith(".hand-written.json"))].sort());
  });

  for (const f of proposals) {
    it(`${f} changes only what its name says, and the chain accepts it`, async () => {
      const named = NAMED[nameOf(f)]!;
      const p = await loadProposalFile(join(DIR, f));
      const built = update(judgeProposal(p, named.base(), null));
      expect(Object.fromEntries(built.changes.map((c) => [c.path, c.new]))).toEqual(named.changes);
      expect(built.changes.every((c) => c.status === "changed")).toBe(true);
      expect(built.refused).toEqual([]);
      expect(built.set).toBe(built.unchanged + built.changes.length);
      const state = update(judgeProposal(p, named.state(), null));
      expect(Object.fromEntries(state.changes.filter((c) => c.status === "changed").map((c) => [c.path, c.new]))).toEqual(named.stateChanges);
      expect(state.refused).toEqual([]);
    });
  }

  it("each hand-written twin sets the named parameters to the same values", () => {
    const slot = loadProposal(join(DIR, "slot-allocation-0.25.hand-written.json"));
    expect(slot.pocSlotAllocation?.toString()).toBe(NAMED["slot-allocation-0.25"]!.changes["epoch_params.poc_slot_allocation"]);
    expect([slot.binomTestP0, slot.voteThresholdFactor, slot.pocMaxConcurrentPer10000Weight, slot.preservedRule, slot.demand]).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
