import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareProposals } from "../../src/compare/build.js";
import { defaultEngines } from "../../src/compare/default-engines.js";
import { loadProposal } from "../../src/compare/params.js";
import { renderReport } from "../../src/report/html.js";
import { sizeBins } from "../../src/report/histogram.js";
import { loadSnapshot } from "../../src/snapshot/snapshot.js";

const root = join(import.meta.dirname, "..", "..");
const snapshot = loadSnapshot(join(root, "examples", "mainnet-like.snapshot.json"));
const a = loadProposal(join(root, "examples", "proposal-a.json"));
const b = loadProposal(join(root, "examples", "proposal-b.json"));
const model = compareProposals({ snapshot, a, b }, defaultEngines(), { anchors: 0 });

describe("HTML report (pure)", () => {
  const html = renderReport(model);

  it("is self-contained: no script, no stylesheet link, no remote URL", () => {
    expect(html).not.toMatch(/<script|<link|<img|@import|url\(/i);
    expect(html.match(/https?:\/\/[^"\s<]*/g) ?? []).toEqual(["http://www.w3.org/2000/svg", "http://www.w3.org/2000/svg", "http://www.w3.org/2000/svg"]);
  });

  it("is deterministic and carries a time only when given one", () => {
    expect(renderReport(model)).toBe(html);
    expect(html).not.toMatch(/generated /);
    expect(renderReport(model, { generatedAt: "2026-07-29T10:00:00Z" })).toMatch(/generated 2026-07-29T10:00:00Z/);
  });

  it("has the three charts and the tables", () => {
    for (const id of ["chart-preserved-weight", "chart-node-sizes", "chart-miss-curves", "table-params", "table-models", "table-votes", "table-simulation"]) expect(html).toContain(`id="${id}"`);
    expect(html.match(/class="bar bar-a" data-model=/g)).toHaveLength(4);
  });

  it("escapes names", () => {
    const evil = compareProposals({ snapshot, a: { name: `<script>alert("x")</script>` }, b: { name: "B & co" } }, defaultEngines(), { anchors: 0, simulate: false });
    const out = renderReport(evil);
    expect(out).not.toContain("<script>");
    expect(out).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(out).toContain("B &amp; co");
  });

  it("bins node sizes by powers of two, counting every preserved node", () => {
    const bins = sizeBins(model.models);
    expect(bins.reduce((s, x) => s + x.b, 0)).toBe(model.models.reduce((s, m) => s + m.b.nodeCount, 0));
    for (const x of bins) expect(x.to).toBe(x.from === 0n ? 1n : 2n * x.from);
    for (const m of model.models) for (const w of m.a.nodeWeights) expect(bins.some((x) => x.from <= w && w < x.to)).toBe(true);
  });
});
