// The B side's edges (issue 30 item 13, mutation testing): which kind `--b FILE` is, and no "not
// modelled" note when every value the proposal sets is recorded by the params in force.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import type { JsonObject } from "../../src/json-input.js";
import { paramsFromJson } from "../../src/gov/param-values.js";
import { proposalFromJson } from "../../src/gov/proposal-json.js";
import { readSideFile, realProposalSide } from "../../src/gov/proposal-side.js";

const TMP = mkdtempSync(join(tmpdir(), "gonka-side-edges-"));
const update = (params: JsonObject): Json => ({ "@type": "/inference.inference.MsgUpdateParams", authority: "a", params });

describe("the B side's edges", () => {
  it("--b FILE: a real proposal or a hand-written proposal file, by what the file holds", async () => {
    const real = join(TMP, "real.json");
    writeFileSync(real, JSON.stringify({ proposal: { id: "4", messages: [update({})] } }));
    const file = join(TMP, "file.json");
    writeFileSync(file, JSON.stringify({ name: "hand", PocSlotAllocation: "0.2" }));
    const r = await readSideFile(real);
    expect([r.kind, r.where, r.kind === "real" ? r.gov.id : null]).toEqual(["real", real, 4n]);
    const f = await readSideFile(file);
    expect([f.kind, f.where, f.kind === "file" ? f.proposal.name : null]).toEqual(["file", file, "hand"]);
  });

  it("every value recorded: no note of values not recorded; one changed factor and the chain's refusals", () => {
    const inForce = paramsFromJson({}, "f", "the params F");
    const s = realProposalSide(proposalFromJson({ id: "8", title: "T", messages: [update({ devshard_escrow_params: { vote_threshold_factor: 7 } })] }, "p", "p.json"), inForce, "w");
    expect(s.changeNotes.filter((n) => !n.startsWith("refused by the chain: "))).toEqual([]);
    expect(s.view.changes.map((c) => [c.path, c.treatment, c.oldText, c.newText])).toEqual([["devshard_escrow_params.vote_threshold_factor", "modelled", "0 percent (unset: the devshard vote threshold is N/2, as at 50)", "7 percent"]]);
    expect(s.notes).toEqual([]);
  });
});
