/**
 * The HTML report: one self-contained page (inline CSS and SVG, no script, no font, no network) from
 * the comparison model. A pure function: the same model gives the same bytes (no clock; a generation
 * time appears only when the caller passes one).
 */
import { groupDigits } from "../format/numbers.js";
import type { ComparisonModel } from "../compare/model.js";
import { inputsText, refusalLines } from "../compare/format.js";
import { preservedWeightChart } from "./bars.js";
import { missCurveChart } from "./curves.js";
import { esc } from "./escape.js";
import { nodeSizeChart } from "./histogram.js";
import { COLOR_A, COLOR_B, GRID, INK, MUTED } from "./palette.js";
import { changesTable, differencesList, missTestSection, modelsTable, paramsTable, simulationTable, votesTable } from "./tables.js";
import { htmlPage } from "./page.js";

export interface ReportOptions {
  /** Shown in the footer when given (e.g. an ISO time); never read from the clock. */
  generatedAt?: string;
}

const CSS = `
:root { color-scheme: light; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: ${INK}; margin: 0; background: #f6f7f9; }
main { max-width: 1240px; margin: 0 auto; padding: 24px 28px 48px; background: #fff; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 32px 0 8px; padding-top: 8px; border-top: 1px solid ${GRID}; }
p.sub, .muted { color: ${MUTED}; }
.a { color: ${COLOR_A}; font-weight: 600; }
.b { color: ${COLOR_B}; font-weight: 600; }
th.a { border-bottom: 3px solid ${COLOR_A}; } th.b { border-bottom: 3px solid ${COLOR_B}; }
.legend-chip { display: inline-block; width: 12px; height: 12px; border-radius: 2px; vertical-align: -1px; margin: 0 4px 0 12px; }
table { border-collapse: collapse; margin: 8px 0; font-size: 13px; }
.scroll { overflow-x: auto; max-width: 100%; }
th, td { padding: 4px 8px; border-bottom: 1px solid ${GRID}; text-align: left; vertical-align: top; }
th { background: #fafbfc; font-weight: 600; }
th.a, th.b { min-width: 4.5em; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.up { color: #1d7a38; } td.down { color: #b3261e; }
td.pass { color: #1d7a38; } td.fail { color: #b3261e; font-weight: 600; }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; }
ul#differences li { margin: 2px 0; }
p.same { color: #1d7a38; font-weight: 600; }
div.warning { border: 2px solid #b3261e; background: #fdecea; padding: 4px 12px; margin: 8px 0; }
svg.chart { display: block; max-width: 100%; height: auto; margin: 8px 0; }
details summary { cursor: pointer; color: ${MUTED}; margin: 6px 0; }
footer { margin-top: 36px; color: ${MUTED}; font-size: 12px; }
code.addr { word-break: break-all; }
td.wrap { overflow-wrap: anywhere; min-width: 9em; }
.va { color: ${COLOR_A}; } .vb { color: ${COLOR_B}; }
@media (max-width: 800px) {
  main { padding: 14px 12px 32px; }
  table { font-size: 12px; }
  th, td { padding: 3px 5px; }
  h1 { font-size: 19px; }
}
`;

function legend(m: ComparisonModel): string {
  return `<p class="legend"><span class="legend-chip" style="background:${COLOR_A}"></span>A: ${esc(m.a.name)}<span class="legend-chip" style="background:${COLOR_B}"></span>B: ${esc(m.b.name)}</p>`;
}

function description(m: ComparisonModel): string {
  const d = [m.a.description ? `<li><span class="a">A</span>: ${esc(m.a.description)}</li>` : "", m.b.description ? `<li><span class="b">B</span>: ${esc(m.b.description)}</li>` : ""].join("");
  return d ? `<ul>${d}</ul>` : "";
}

/** A real proposal B whose Params the chain refuses: the warning, first thing under the title. */
function refusalWarning(m: ComparisonModel): string {
  const [head, ...lines] = refusalLines(m);
  if (head === undefined) return "";
  return `<div id="refused" class="warning"><p><b>${esc(head)}</b></p><ul>${lines.map((l) => `<li>${esc(l)}</li>`).join("")}</ul></div>`;
}

/** Render the comparison model as one HTML document. */
export function renderReport(m: ComparisonModel, options: ReportOptions = {}): string {
  const title = `${m.a.name} vs ${m.b.name}`;
  const src = m.snapshot.source ? ` (${esc(m.snapshot.source)})` : "";
  const sections = [
    `<h1>Proposal comparison: <span class="a">${esc(m.a.name)}</span> vs <span class="b">${esc(m.b.name)}</span></h1>`,
    `<p class="sub">Chain ${esc(m.snapshot.chainId)} at height ${esc(groupDigits(BigInt(m.snapshot.height)))}${src}; episode anchor ${esc(groupDigits(m.anchor))}. Deltas are B − A. Inputs: ${esc(inputsText(m))}.</p>`,
    refusalWarning(m),
    description(m),
    `<h2 id="what-changes">What changes</h2>`,
    differencesList(m),
    paramsTable(m),
    `<h2 id="preserved">Preserved weight per model</h2>`,
    legend(m),
    preservedWeightChart(m.models),
    modelsTable(m),
    `<p class="muted">Capacity is ⌊achieved weight × PoCMaxConcurrentPer10000Weight / 10000⌋ requests in flight during PoC; demand is the expected peak in-flight PoC requests.</p>`,
    `<h2 id="node-sizes">Preserved node sizes</h2>`,
    legend(m),
    nodeSizeChart(m.models),
    `<h2 id="changes">Who gains or loses preserved nodes</h2>`,
    `<p class="muted">At anchor ${esc(groupDigits(m.anchor))}, per operator and model: the nodes and PoC weight preserved under one proposal and not the other${m.anchorsEvaluated > 0 ? `; over ${esc(groupDigits(m.anchorsEvaluated))} anchors from there, "≥1 node" is the share of anchors with at least one node preserved and "per PoC" the nodes and PoC weight preserved on average` : ""}.</p>`,
    changesTable(m),
    `<h2 id="miss-test">Miss test</h2>`,
    `<p class="muted">Allowed misses (every missed count up to the line passes) against total requests, at each proposal's settlement p0 (healthy network). Solid: the on-chain rule (tables to 990, then the plain ratio); dashed: the exact binomial test at α = 0.05.</p>`,
    missCurveChart(m.curves),
    missTestSection(m),
    `<h2 id="votes">Vote threshold</h2>`,
    `<p class="muted">A devshard vote resolves with more than T = ComputeVoteThreshold(N, factor) slots, i.e. T + 1 of N.</p>`,
    votesTable(m),
    ...(m.simulation === null ? [] : [`<h2 id="simulation">Epoch-433 replay: the per-host cap at each proposal's rate</h2>`, simulationTable(m)]),
  ];
  if (m.notes.length > 0) sections.push(`<h2 id="notes">Notes</h2><ul>${m.notes.map((n) => `<li>${esc(n)}</li>`).join("")}</ul>`);
  sections.push(`<footer>gonka-spec compare${options.generatedAt ? ` · generated ${esc(options.generatedAt)}` : ""} · every number above is computed exactly (bigint and Go decimal); chart geometry is for display only.</footer>`);
  return htmlPage(title, CSS, sections);
}
