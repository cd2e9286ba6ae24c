// Every bundled example proposal (examples/gov/) changes only what its name says: against the whole
// params it was built from (examples/gov/mainnet-params.json) exactly the named parameters change, the
// chain's Params.Validate accepts it, and against the example snapshot (which records only what the
// rules read) no recorded value but those changes; its hand-written twin sets the same parameters.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadProposal } from "../../src/compare/params.js";
import { parseJson } from "../../src/go/json.js";
import { judgeProposal, type MessageJudgement } from "../../src/gov/judge.js";
import { paramsFromParamsFile, paramsFromSnapshot } from "../../src/gov/params-in-force.js";
import { isGovProposalDocument, loadProposalFile } from "../../src/gov/proposal-source.js";
import { loadSnapshot } from "../../src/snapshot/snapshot.js";

const DIR = join(import.meta.dirname, "..", "..", "examples", "gov");
const SNAP = join(import.meta.dirname, "..", "..", "examples", "mainnet-like.snapshot.json");

/** What each example's name says it changes: parameter path → new value. */
const NAMED: Record<string, Record<string, string>> = {
  "slot-allocation-0.25": { "epoch_params.poc_slot_allocation": "0.25" },
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
    expect(proposals.sort()).toEqual(Object.keys(NAMED).flatMap((n) => [`${n}.amino.json`, `${n}.proto.json`]).sort());
    expect(files.filter((f) => !proposals.includes(f)).sort()).toEqual(["mainnet-params.json", ...Object.keys(NAMED).map((n) => `${n}.hand-written.json`)].sort());
  });

  for (const f of proposals) {
    it(`${f} changes only what its name says, and the chain accepts it`, async () => {
      const named = NAMED[nameOf(f)]!;
      const p = await loadProposalFile(join(DIR, f));
      const whole = update(judgeProposal(p, paramsFromParamsFile(join(DIR, "mainnet-params.json")), null));
      expect(Object.fromEntries(whole.changes.map((c) => [c.path, c.new]))).toEqual(named);
      expect(whole.changes.every((c) => c.status === "changed")).toBe(true);
      expect(whole.refused).toEqual([]);
      expect(whole.set).toBe(whole.unchanged + whole.changes.length);
      const snap = update(judgeProposal(p, paramsFromSnapshot(loadSnapshot(SNAP), SNAP), null));
      expect(Object.fromEntries(snap.changes.filter((c) => c.status === "changed").map((c) => [c.path, c.new]))).toEqual(named);
      expect(snap.refused).toEqual([]);
    });
  }

  it("each hand-written twin sets the named parameters to the same values", () => {
    const slot = loadProposal(join(DIR, "slot-allocation-0.25.hand-written.json"));
    expect(slot.pocSlotAllocation?.toString()).toBe(NAMED["slot-allocation-0.25"]!["epoch_params.poc_slot_allocation"]);
    expect([slot.binomTestP0, slot.voteThresholdFactor, slot.pocMaxConcurrentPer10000Weight, slot.preservedRule, slot.demand]).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
