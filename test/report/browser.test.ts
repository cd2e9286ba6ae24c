/**
 * The HTML report in a real headless browser (Debian chromium driven by playwright-core): the charts
 * and tables are there, nothing is fetched from the network, and a screenshot is taken for a person to
 * look at (its path is printed). Skips, visibly, where /usr/bin/chromium is not installed.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type BrowserContext } from "playwright-core";
import { compareProposals } from "../../src/compare/build.js";
import { defaultEngines } from "../../src/compare/default-engines.js";
import { loadProposal } from "../../src/compare/params.js";
import { renderReport } from "../../src/report/html.js";
import { loadSnapshot } from "../../src/snapshot/snapshot.js";
import { runCli } from "../helpers/cli.js";

const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
const root = join(import.meta.dirname, "..", "..");

/** The tables wider than their box, as [id, width, box] (JSON). */
const TABLES_OVERFLOWING = "JSON.stringify([...document.querySelectorAll('table')].filter((t) => t.scrollWidth > t.parentElement.clientWidth).map((t) => [t.id, t.scrollWidth, t.parentElement.clientWidth]))";

describe("HTML report in headless chromium", () => {
  let browser: BrowserContext | undefined;
  let dir = "";
  let profile = "";
  const model = compareProposals(
    { snapshot: loadSnapshot(join(root, "examples", "mainnet-like.snapshot.json")), a: loadProposal(join(root, "examples", "proposal-a.json")), b: loadProposal(join(root, "examples", "proposal-b.json")) },
    defaultEngines(),
    { anchors: 20 },
  );

  beforeAll(async () => {
    if (!hasChromium) return;
    dir = mkdtempSync(join(tmpdir(), "gonka-report-"));
    // A fresh profile directory every run (playwright passes it as --user-data-dir).
    profile = mkdtempSync(join(tmpdir(), "gonka-chromium-"));
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1240, height: 900 },
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    if (profile) rmSync(profile, { recursive: true, force: true }); // the screenshots in `dir` stay for a person to look at
  });

  (hasChromium ? it : it.skip)(
    hasChromium ? "renders the charts and tables, fetches nothing, and takes a screenshot" : `SKIPPED: ${CHROMIUM} is not installed (apt-get install chromium), so the HTML report is not checked in a browser`,
    async () => {
      const file = join(dir, "report.html");
      writeFileSync(file, renderReport(model));
      const page = await browser!.newPage();
      const requests: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      await page.goto(`file://${file}`);

      // Bars of preserved weight: one for A and one for B per model.
      expect(await page.locator("#chart-preserved-weight rect.bar-a").count()).toBe(model.models.length);
      expect(await page.locator("#chart-preserved-weight rect.bar-b").count()).toBe(model.models.length);
      const firstBar = page.locator("#chart-preserved-weight rect.bar-b").first();
      expect(await firstBar.getAttribute("data-value")).toBe(String(model.models[0]!.b.achievedWeight));
      const box = await firstBar.boundingBox();
      expect(box!.width).toBeGreaterThan(1);
      // Each model's full name is drawn (never cut), and touches no bar: names and bars never overlap on screen.
      expect(await page.locator("#chart-preserved-weight text.model-name").allTextContents()).toEqual(model.models.map((m) => m.modelId));
      const boxes = async (sel: string) => page.locator(sel).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as { left: number; right: number; top: number; bottom: number }));
      const names = await boxes("#chart-preserved-weight text.model-name");
      const bars = await boxes("#chart-preserved-weight rect.bar");
      const meet = (a: { left: number; right: number; top: number; bottom: number }, b: typeof a) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      expect(names.flatMap((n) => bars.filter((b) => meet(n, b)))).toEqual([]);
      const chartBox = (await page.locator("#chart-preserved-weight").boundingBox())!;
      for (const n of names) expect(n.right).toBeLessThanOrEqual(chartBox.x + chartBox.width + 1);

      // Node-size histogram: two bars per bin; the counts add up to the preserved nodes.
      const bins = page.locator("#chart-node-sizes rect.bar-a");
      expect(await bins.count()).toBeGreaterThan(1);
      const counts = await page.locator("#chart-node-sizes rect.bar-b").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-count"))));
      expect(counts.reduce((s, n) => s + n, 0)).toBe(model.models.reduce((s, m) => s + m.b.nodeCount, 0));

      // Miss-test curves: on-chain and exact for each distinct p0, each with as many points as totals.
      expect(await page.locator("#chart-miss-curves path.curve").count()).toBe(model.curves.length);
      expect(await page.locator("#chart-miss-curves path.curve-exact").count()).toBe(model.curves.length / 2);

      // Tables: read cells.
      expect(await page.locator("#table-models tbody tr").count()).toBe(model.models.length);
      expect((await page.locator("#table-models tbody tr").first().locator("td").first().textContent())?.trim()).toBe(model.models[0]!.modelId);
      expect(await page.locator("#table-params tbody tr", { hasText: "PocSlotAllocation" }).locator("td").nth(2).textContent()).toBe("0.25");
      expect(await page.locator("#table-votes tbody tr").first().locator("td").nth(2).textContent()).toMatch(/^11 of 16/);
      expect(await page.locator("h1").textContent()).toContain("demand rule");

      // Self-contained: the only request is the file itself.
      expect(requests.filter((u) => !u.startsWith("file://") && !u.startsWith("data:"))).toEqual([]);

      // Layout: the per-model table fits the page at 1240 px (no sideways scrolling).
      const overflow = Number(await page.evaluate("(() => { const t = document.getElementById('table-models'); return t.scrollWidth - t.parentElement.clientWidth; })()"));
      expect(overflow).toBeLessThanOrEqual(0);

      // At 760 px (a narrow window or a phone on its side): the page itself never scrolls sideways
      // (wide tables scroll inside their own box), full addresses wrap, and the per-operator table is there.
      await page.setViewportSize({ width: 760, height: 1000 });
      const pageOverflow = Number(await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"));
      expect(pageOverflow).toBeLessThanOrEqual(0);
      expect(await page.locator("#changes-summary li").count()).toBe(model.models.length);
      // ... and every table fits its box: nothing to scroll sideways inside either.
      expect(JSON.parse(String(await page.evaluate(TABLES_OVERFLOWING)))).toEqual([]);
      const narrow = join(dir, "report-760.png");
      await page.screenshot({ path: narrow, fullPage: true });
      await page.setViewportSize({ width: 1240, height: 900 });

      const shot = join(dir, "report.png");
      await page.screenshot({ path: shot, fullPage: true });
      const top = join(dir, "report-top.png");
      await page.screenshot({ path: top, clip: { x: 0, y: 0, width: 1240, height: 1400 } });
      expect(existsSync(shot) && existsSync(top)).toBe(true);
      console.log(`report screenshots: ${shot} ${top}`);
      await page.close();
    },
  );

  (hasChromium ? it : it.skip)(
    hasChromium ? "the backtest report at 760 px: every table fits, the coins-moved chart has a GNK axis and value labels" : `SKIPPED: ${CHROMIUM} is not installed`,
    async () => {
      const file = join(dir, "backtest.html");
      const rest = join(root, "test", "realdata", "rest");
      const r = await runCli(["backtest", "--b", join(root, "examples", "proposal-p0-005.json"), "--rest-dump", rest, "--chain-version", "247=v0.2.11", "--html", file]);
      expect(r.code, r.err).toBe(0);
      const page = await browser!.newPage();
      await page.setViewportSize({ width: 760, height: 1000 });
      await page.goto(`file://${file}`);
      expect(Number(await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"))).toBeLessThanOrEqual(0);
      expect(JSON.parse(String(await page.evaluate(TABLES_OVERFLOWING)))).toEqual([]);
      const ticks = await page.locator("#chart-moved text.tick-label").allTextContents();
      expect(ticks).toContain("0");
      expect(ticks.some((t) => /^−[\d,]+ GNK$/.test(t))).toBe(true);
      expect(await page.locator("#chart-moved text.value-down").allTextContents()).toEqual(["−6,324.845 GNK"]);
      // The labels sit inside the chart.
      const chart = (await page.locator("#chart-moved").boundingBox())!;
      for (const box of await page.locator("#chart-moved text").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
        expect(box.left).toBeGreaterThanOrEqual(chart.x - 1);
        expect(box.right).toBeLessThanOrEqual(chart.x + chart.width + 1);
      }
      // Who gains and loses: signed bars around a zero line, a loss ending at the line on its left, a gain starting there.
      const zero = (await page.locator("#chart-gainers line.zero").boundingBox())!;
      const zx = zero.x + zero.width / 2;
      const losses = await page.locator("#chart-gainers rect.loss").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as { left: number; right: number }));
      const gains = await page.locator("#chart-gainers rect.gain").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as { left: number; right: number }));
      expect(losses.length).toBeGreaterThan(0);
      for (const l of losses) expect(Math.abs(l.right - zx)).toBeLessThan(1.5);
      for (const g of gains) expect(Math.abs(g.left - zx)).toBeLessThan(1.5);
      const gchart = (await page.locator("#chart-gainers").boundingBox())!;
      for (const t of await page.locator("#chart-gainers text").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as { left: number; right: number }))) {
        expect(t.left).toBeGreaterThanOrEqual(gchart.x - 1);
        expect(t.right).toBeLessThanOrEqual(gchart.x + gchart.width + 1);
      }
      await page.screenshot({ path: join(dir, "backtest-760.png"), fullPage: true });
      await page.close();
    },
  );
});
