/**
 * Chart geometry read from the SVG itself (issue 30, item 7), so that it is checked where no browser is
 * installed too (test/report/browser.test.ts looks at the same in chromium): a model's full name on a
 * line of its own, above its bars; the backtest's winners and losers as signed bars around a zero line.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareProposals } from "../../src/compare/build.js";
import { defaultEngines } from "../../src/compare/default-engines.js";
import { loadProposal } from "../../src/compare/params.js";
import { renderReport } from "../../src/report/html.js";
import { loadSnapshot } from "../../src/snapshot/snapshot.js";
import { renderBacktestReport } from "../../src/backtest/report-html.js";
import type { BacktestResult } from "../../src/backtest/backtest.js";

const root = join(import.meta.dirname, "..", "..");
const num = (tag: string, attr: string): number => Number(new RegExp(`\\b${attr}="(-?[\\d.]+)"`).exec(tag)![1]);

describe("the compare report's preserved-weight chart", () => {
  const model = compareProposals(
    { snapshot: loadSnapshot(join(root, "examples", "mainnet-like.snapshot.json")), a: loadProposal(join(root, "examples", "proposal-a.json")), b: loadProposal(join(root, "examples", "proposal-b.json")) },
    defaultEngines(),
    { anchors: 0, simulate: false },
  );
  const chart = /<svg id="chart-preserved-weight"[\s\S]*?<\/svg>/.exec(renderReport(model))![0];

  it("writes every model's full name, never cut, on its own line above the model's bars", () => {
    const names = [...chart.matchAll(/<text class="model-name" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)<\/text>/g)];
    expect(names.map((m) => m[3])).toEqual(model.models.map((m) => m.modelId));
    expect(model.models.some((m) => m.modelId.length > 34)).toBe(true); // a name the old chart cut
    expect(chart).not.toContain("…");
    const bars = [...chart.matchAll(/<rect class="bar bar-[ab]" data-model="([^"]*)"[^>]*>/g)];
    for (const [, x, y, id] of names) {
      const own = bars.filter((b) => b[1] === id).map((b) => num(b[0], "y"));
      expect(own).toHaveLength(2);
      // the name's baseline is above both bars of its model: text and bars never share a line
      for (const top of own) expect(Number(y)).toBeLessThan(top);
      expect(Number(x)).toBe(0);
    }
  });
});

describe("the backtest report's winners and losers", () => {
  const addr = (c: string): string => `gonka1${c.repeat(38)}`;
  const t = (c: string, delta: bigint) => ({ address: addr(c), coinsA: 0n, coinsB: delta, delta, zeroedA: 0, zeroedB: 0 });
  const result = {
    a: { name: "today", file: null },
    b: { name: "B", file: null },
    denom: "ngonka",
    epochs: [],
    totals: { fixedEpochReward: 0n, distributedA: 0n, distributedB: 0n, notDistributedA: 0n, notDistributedB: 0n, zeroedA: 0, zeroedB: 0, changed: 3, gained: 5n, lost: 4n },
    addresses: [],
    winners: [t("q", 3_000_000_000n), t("p", 2_000_000_000n)],
    losers: [t("z", -4_000_000_000n)],
    statusQuo: { epochsChecked: 0, participantsChecked: 0, differs: 0, ok: true },
    notes: [],
  } as unknown as BacktestResult;
  const chart = /<svg id="chart-gainers"[\s\S]*?<\/svg>/.exec(renderBacktestReport(result))![0];

  it("draws gains right of a zero line and losses left of it, each labelled beyond its end", () => {
    const zero = num(/<line class="zero"[^>]*>/.exec(chart)![0], "x1");
    expect(chart).toMatch(/<text class="zero-label"[^>]*>0<\/text>/);
    const rect = (c: string): string => new RegExp(`<rect class="(gain|loss)" data-address="${addr(c)}"[^>]*>`).exec(chart)![0];
    const [q, p, z] = [rect("q"), rect("p"), rect("z")];
    expect(q).toMatch(/class="gain"/);
    expect(num(q, "x")).toBe(zero);
    expect(num(p, "x")).toBe(zero);
    expect(num(p, "width")).toBeLessThan(num(q, "width"));
    expect(z).toMatch(/class="loss"/);
    expect(num(z, "x") + num(z, "width")).toBeCloseTo(zero, 1);
    // the largest magnitude spans the half; a loss's label ends left of its bar, clear of the addresses
    const loss = /<text class="value-loss" x="([\d.]+)"[^>]*text-anchor="end">([^<]*)<\/text>/.exec(chart)!;
    expect(loss[2]).toBe("−4.000 GNK");
    expect(Number(loss[1])).toBeLessThan(num(z, "x"));
    expect(Number(loss[1])).toBeGreaterThan(330 + 90);
    expect(/<text class="value-gain" x="([\d.]+)"[^>]*>\+3\.000 GNK<\/text>/.exec(chart)).not.toBeNull();
  });
});
