/**
 * The backtest as one self-contained HTML page (inline CSS and SVG, no script, no network), in the
 * compare report's style: coins moved per epoch, who gains and loses, the per-epoch p0. A pure
 * function: the same result gives the same bytes. Chart geometry is display only (Number()).
 */
import { causeWords } from "../settlement/assumed-causes.js";
import { groupDigits } from "../format/numbers.js";
import { gnkCell, gnkRounded } from "../format/coins.js";
import { Decimal } from "../go/decimal.js";
import { esc, px } from "../report/escape.js";
import { COLOR_A, COLOR_B, GRID, INK, MUTED } from "../report/palette.js";
import type { AddressTotal, BacktestResult } from "./backtest.js";
import { epochsRunText, p0Words, statusApartLine, statusQuoLine } from "./text.js";
import { htmlPage } from "../report/page.js";

const UP = "#1d7a38";
const DOWN = "#b3261e";

const CSS = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: ${INK}; margin: 0; background: #f6f7f9; }
main { max-width: 1240px; margin: 0 auto; padding: 24px 28px 48px; background: #fff; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 32px 0 8px; padding-top: 8px; border-top: 1px solid ${GRID}; }
p.sub, .muted { color: ${MUTED}; }
.a { color: ${COLOR_A}; font-weight: 600; } .b { color: ${COLOR_B}; font-weight: 600; }
p.ok { color: ${UP}; font-weight: 600; } p.fail { color: ${DOWN}; font-weight: 600; }
table { border-collapse: collapse; margin: 8px 0; font-size: 13px; }
.scroll { overflow-x: auto; max-width: 100%; }
th, td { padding: 4px 8px; border-bottom: 1px solid ${GRID}; text-align: left; vertical-align: top; }
th { background: #fafbfc; font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.up { color: ${UP}; } td.down { color: ${DOWN}; }
code.addr { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; }
.va { color: ${COLOR_A}; } .vb { color: ${COLOR_B}; }
@media (max-width: 800px) { main { padding: 14px 12px 32px; } table { font-size: 12px; } th, td { padding: 3px 5px; } }
svg.chart { display: block; max-width: 100%; height: auto; margin: 8px 0; }
footer { margin-top: 36px; color: ${MUTED}; font-size: 12px; }
`;

/** Coins in GNK with every ngonka digit (9 places), 0 as "0"; signed deltas with "−". */
const g = (x: bigint): string => gnkCell(x);
const signed = (x: bigint): string => (x > 0n ? `+${g(x)}` : g(x));
/** A chart label: GNK to 3 places. */
const label = (x: bigint, sign = ""): string => `${sign}${gnkRounded(x, 3, "−")} GNK`;
/** A's value above B's in one table cell. */
const pair = (a: string, b: string): string => `<span class="va">${a}</span><br><span class="vb">${b}</span>`;
const cls = (x: bigint): string => (x > 0n ? "num up" : x < 0n ? "num down" : "num");
const abs = (x: bigint): bigint => (x < 0n ? -x : x);

function svg(id: string, label: string, w: number, h: number, parts: string[]): string {
  return `<svg id="${id}" class="chart" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(label)}" xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif">${parts.join("")}</svg>`;
}

/**
 * Per epoch: coins gained (up) and lost (down) by participants under B against A, on a GNK axis with
 * its ticks, each bar labelled with its value (every bar up to 12 epochs, else the largest up and down).
 */
function movedChart(r: BacktestResult): string {
  const W = 860;
  const H = 300;
  const left = 104;
  const top = 30;
  const bottom = H - 42;
  const mid = (top + bottom) / 2;
  const n = Math.max(r.epochs.length, 1);
  const slot = (W - left - 10) / n;
  const moved = r.epochs.map((e) => {
    let up = 0n;
    let down = 0n;
    for (const p of e.participants) {
      if (p.delta > 0n) up += p.delta;
      else down -= p.delta;
    }
    return { epoch: e.epoch, up, down };
  });
  const max = moved.reduce((m, x) => (x.up > m ? x.up : x.down > m ? x.down : m), 0n);
  // The GNK axis: round ticks (1, 2 or 5 × 10^k GNK) up to the largest bar, with the unit (display only).
  const maxGnk = Number(max) / 1e9;
  const raw = maxGnk / 2;
  const mag = raw > 0 ? 10 ** Math.floor(Math.log10(raw)) : 1;
  const step = raw > 0 ? ([1, 2, 5, 10].map((k) => k * mag).find((x) => x >= raw) ?? 10 * mag) : 1;
  const axisMax = max === 0n ? 1 : Math.ceil(maxGnk / step) * step;
  const half = mid - top - 14; // room for the value labels
  const yOf = (gnk: number): number => mid - (gnk / axisMax) * half;
  const scale = (v: bigint): number => (Number(v) / 1e9 / axisMax) * half;
  const tickText = (t: number): string => (t === 0 ? "0" : `${t > 0 ? "+" : "−"}${step >= 1 ? groupDigits(Math.round(Math.abs(t))) : Math.abs(t).toFixed(3)} GNK`);
  const parts = [`<text x="0" y="14" fill="${MUTED}" font-size="12">coins gained (up) and lost (down) by participants under B against A, per epoch, in GNK</text>`];
  if (max > 0n) {
    for (let k = -Math.round(axisMax / step); k <= Math.round(axisMax / step); k++) {
      const t = k * step;
      parts.push(`<line class="tick" x1="${left}" x2="${W - 10}" y1="${px(yOf(t))}" y2="${px(yOf(t))}" stroke="${t === 0 ? INK : GRID}"/>`);
      parts.push(`<text class="tick-label" x="${left - 6}" y="${px(yOf(t) + 4)}" fill="${MUTED}" font-size="11" text-anchor="end">${esc(tickText(t))}</text>`);
    }
  } else {
    parts.push(`<line class="tick" x1="${left}" x2="${W - 10}" y1="${px(mid)}" y2="${px(mid)}" stroke="${INK}"/>`);
    parts.push(`<text class="tick-label" x="${left - 6}" y="${px(mid + 4)}" fill="${MUTED}" font-size="11" text-anchor="end">0 GNK</text>`);
  }
  parts.push(`<line x1="${left}" x2="${left}" y1="${top}" y2="${bottom}" stroke="${INK}"/>`);
  parts.push(`<text x="${px(left + (W - left) / 2)}" y="${H - 6}" fill="${MUTED}" font-size="11" text-anchor="middle">epoch</text>`);
  const biggestUp = moved.reduce((b, m) => (m.up > b ? m.up : b), 0n);
  const biggestDown = moved.reduce((b, m) => (m.down > b ? m.down : b), 0n);
  moved.forEach((m, i) => {
    const x = left + i * slot + slot * 0.2;
    const bw = Math.max(slot * 0.6, 1);
    const hu = scale(m.up);
    const hd = scale(m.down);
    parts.push(`<rect class="moved-up" data-epoch="${m.epoch}" data-value="${m.up}" x="${px(x)}" y="${px(mid - hu)}" width="${px(bw)}" height="${px(Math.max(hu, 0))}" fill="${UP}"><title>${esc(`epoch ${m.epoch}: +${g(m.up)} GNK`)}</title></rect>`);
    parts.push(`<rect class="moved-down" data-epoch="${m.epoch}" data-value="${m.down}" x="${px(x)}" y="${px(mid)}" width="${px(bw)}" height="${px(Math.max(hd, 0))}" fill="${DOWN}"><title>${esc(`epoch ${m.epoch}: −${g(m.down)} GNK`)}</title></rect>`);
    const labelAll = n <= 12;
    if (m.up > 0n && (labelAll || m.up === biggestUp)) parts.push(`<text class="value-up" x="${px(x + bw / 2)}" y="${px(mid - hu - 4)}" fill="${UP}" font-size="11" text-anchor="middle">${esc(label(m.up, "+"))}</text>`);
    if (m.down > 0n && (labelAll || m.down === biggestDown)) parts.push(`<text class="value-down" x="${px(x + bw / 2)}" y="${px(mid + hd + 13)}" fill="${DOWN}" font-size="11" text-anchor="middle">${esc(label(m.down, "−"))}</text>`);
    if (m.up === 0n && m.down === 0n && labelAll) parts.push(`<text class="value-none" x="${px(x + bw / 2)}" y="${px(mid - 4)}" fill="${MUTED}" font-size="11" text-anchor="middle">0</text>`);
    if (n <= 40 || i % Math.ceil(n / 40) === 0) parts.push(`<text x="${px(x + bw / 2)}" y="${px(bottom + 18)}" fill="${MUTED}" font-size="11" text-anchor="middle">${m.epoch}</text>`);
  });
  return svg("chart-moved", "Coins moved per epoch, in GNK", W, H, parts);
}

/**
 * The largest winners and losers over all epochs as signed bars around a zero line: a gain to the
 * right in green, a loss to the left in red, each labelled with its value beyond its end.
 */
function gainersChart(r: BacktestResult): string {
  const rows: AddressTotal[] = [...r.winners, ...r.losers];
  const W = 860;
  const rowH = 20;
  const labelW = 330; // the addresses (44 characters of 11 px monospace)
  const room = 100; // a value label beyond each end
  const top = 26;
  const H = top + rows.length * rowH + 22;
  const max = rows.reduce((m, x) => (abs(x.delta) > m ? abs(x.delta) : m), 1n);
  const half = (W - labelW - 2 * room) / 2;
  const zero = labelW + room + half;
  const parts = [`<text x="0" y="14" fill="${MUTED}" font-size="12">B − A over all epochs, in GNK: the ten largest gains (right) and losses (left)</text>`];
  parts.push(`<line class="zero" x1="${px(zero)}" x2="${px(zero)}" y1="${top - 4}" y2="${px(top + rows.length * rowH + 2)}" stroke="${INK}"/>`);
  parts.push(`<text class="zero-label" x="${px(zero)}" y="${px(top + rows.length * rowH + 16)}" fill="${MUTED}" font-size="11" text-anchor="middle">0</text>`);
  rows.forEach((x, i) => {
    const y = top + i * rowH;
    const w = Math.max((Number(abs(x.delta)) / Number(max)) * half, 1);
    const gain = x.delta > 0n;
    parts.push(`<text x="0" y="${px(y + 13)}" fill="${INK}" font-size="11" font-family="ui-monospace, monospace">${esc(x.address)}</text>`);
    parts.push(`<rect class="${gain ? "gain" : "loss"}" data-address="${esc(x.address)}" data-value="${x.delta}" x="${px(gain ? zero : zero - w)}" y="${px(y + 2)}" width="${px(w)}" height="${rowH - 6}" fill="${gain ? UP : DOWN}"/>`);
    const value = esc(label(gain ? x.delta : -x.delta, gain ? "+" : "−"));
    parts.push(`<text class="${gain ? "value-gain" : "value-loss"}" x="${px(gain ? zero + w + 6 : zero - w - 6)}" y="${px(y + 13)}" fill="${INK}" font-size="11" text-anchor="${gain ? "start" : "end"}">${value}</text>`);
  });
  return svg("chart-gainers", "Largest winners and losers", W, H, parts);
}

/** The p0 the miss test used per epoch under A and B. */
function p0Chart(r: BacktestResult): string {
  const W = 860;
  const H = 220;
  const left = 50;
  const top = 24;
  const bottom = H - 22;
  const vals = r.epochs.flatMap((e) => [Number(Decimal.fromString(e.a.p0).toFixed(4)), Number(Decimal.fromString(e.b.p0).toFixed(4))]);
  const max = Math.max(0.2, ...vals);
  const n = Math.max(r.epochs.length, 1);
  const slot = (W - left - 10) / n;
  const y = (v: number): number => bottom - (v / max) * (bottom - top);
  const parts = [`<text x="${left}" y="14" fill="${MUTED}" font-size="12">p0 the miss test used per epoch: <tspan fill="${COLOR_A}">A</tspan> and <tspan fill="${COLOR_B}">B</tspan></text>`];
  for (const t of [0, max / 2, max]) {
    parts.push(`<line x1="${left}" x2="${W - 10}" y1="${px(y(t))}" y2="${px(y(t))}" stroke="${GRID}"/>`);
    parts.push(`<text x="${left - 6}" y="${px(y(t) + 4)}" fill="${MUTED}" font-size="11" text-anchor="end">${t.toFixed(2)}</text>`);
  }
  r.epochs.forEach((e, i) => {
    const x0 = left + i * slot + slot * 0.15;
    const bw = Math.max(slot * 0.33, 1);
    ([["a", e.a.p0, COLOR_A], ["b", e.b.p0, COLOR_B]] as const).forEach(([s, p0, c], k) => {
      const v = Number(Decimal.fromString(p0).toFixed(4));
      parts.push(`<rect class="p0-${s}" data-epoch="${e.epoch}" data-value="${esc(p0)}" x="${px(x0 + k * bw)}" y="${px(y(v))}" width="${px(bw)}" height="${px(bottom - y(v))}" fill="${c}"><title>${esc(`epoch ${e.epoch} ${s.toUpperCase()}: p0 ${p0}`)}</title></rect>`);
    });
    if (n <= 40 || i % Math.ceil(n / 40) === 0) parts.push(`<text x="${px(x0 + bw)}" y="${H - 6}" fill="${MUTED}" font-size="11" text-anchor="middle">${e.epoch}</text>`);
  });
  return svg("chart-p0", "p0 used per epoch", W, H, parts);
}

function epochTable(r: BacktestResult): string {
  // A above B in one cell per figure: 7 columns that fit 760 px.
  const head = `<tr><th>epoch</th><th>rules</th><th>p0 used <span class="va">A</span> / <span class="vb">B</span></th><th>zeroed <span class="va">A</span> / <span class="vb">B</span></th><th>paid <span class="va">A</span> / <span class="vb">B</span> (GNK)</th><th>not paid <span class="va">A</span> / <span class="vb">B</span> (GNK)</th><th>B − A (GNK)</th></tr>`;
  const rows = r.epochs.map((e) => {
    const diff = e.b.distributed - e.a.distributed;
    return `<tr><td>${e.epoch}</td><td title="${esc(e.version.detail)}">${esc(e.version.version)}</td><td class="num"><span class="va" title="${esc(p0Words(e.a))}">${esc(Decimal.fromString(e.a.p0).toFixed(3))}</span><br><span class="vb" title="${esc(p0Words(e.b))}">${esc(Decimal.fromString(e.b.p0).toFixed(3))}</span></td><td class="num">${pair(String(e.a.zeroed), String(e.b.zeroed))}</td><td class="num">${pair(g(e.a.distributed), g(e.b.distributed))}</td><td class="num">${pair(g(e.a.notDistributed), g(e.b.notDistributed))}</td><td class="${cls(diff)}">${signed(diff)}</td></tr>`;
  });
  const t = r.totals;
  const diff = t.distributedB - t.distributedA;
  rows.push(`<tr><th>total</th><th></th><th></th><th class="num">${pair(String(t.zeroedA), String(t.zeroedB))}</th><th class="num">${pair(g(t.distributedA), g(t.distributedB))}</th><th class="num">${pair(g(t.notDistributedA), g(t.notDistributedB))}</th><th class="${cls(diff)}">${signed(diff)}</th></tr>`);
  return `<div class="scroll"><table id="epochs">${head}${rows.join("")}</table></div>`;
}

function addressTable(id: string, rows: AddressTotal[]): string {
  if (rows.length === 0) return `<p class="muted">none</p>`;
  return `<div class="scroll"><table id="${id}"><tr><th>#</th><th>participant</th><th>A (GNK)</th><th>B (GNK)</th><th>B − A (GNK)</th><th>epochs zeroed A / B</th></tr>${rows
    .map((x, i) => `<tr><td class="num">${i + 1}</td><td><code class="addr">${esc(x.address)}</code></td><td class="num">${g(x.coinsA)}</td><td class="num">${g(x.coinsB)}</td><td class="${cls(x.delta)}">${signed(x.delta)}</td><td class="num">${x.zeroedA} / ${x.zeroedB}</td></tr>`)
    .join("")}</table></div>`;
}

function changesTable(r: BacktestResult): string {
  const rows: string[] = [];
  for (const e of r.epochs) {
    for (const p of e.participants) {
      if (p.delta === 0n) continue;
      const why = [p.zeroCausesA.length > 0 ? `A: ${p.zeroCausesA.map(causeWords).join("; ")}` : "", p.zeroCausesB.length > 0 ? `B: ${p.zeroCausesB.map(causeWords).join("; ")}` : ""].filter(Boolean).join(" · ");
      rows.push(`<tr><td>${e.epoch}</td><td><code class="addr">${esc(p.address)}</code></td><td class="num">${p.missed === null ? "–" : `${groupDigits(p.missed)} / ${groupDigits(p.total!)}`}</td><td class="num">${g(p.coinsA)}</td><td class="num">${g(p.coinsB)}</td><td class="${cls(p.delta)}">${signed(p.delta)}</td><td>${esc(why)}</td></tr>`);
    }
  }
  if (rows.length === 0) return `<p class="ok">No participant is paid differently under B than under A${r.statusChangeApart === true ? " with the exclusions as recorded (B's status-test change is judged apart)" : ""}.</p>`;
  return `<div class="scroll"><table id="changes"><tr><th>epoch</th><th>participant</th><th>missed / requests</th><th>A (GNK)</th><th>B (GNK)</th><th>B − A (GNK)</th><th>why zero</th></tr>${rows.join("")}</table></div>`;
}

function preservedSection(r: BacktestResult): string {
  const eps = r.epochs.filter((e) => e.preserved !== null);
  if (eps.length === 0) return `<p class="muted">No epoch's inputs hold the preserved-set sampler's inputs: the preserved set is not compared.</p>`;
  return eps
    .map((e) => {
      const pr = e.preserved!;
      const rows = pr.models
        .map((m) => `<tr><td>${esc(m.modelId)}</td><td class="num">${m.a.nodes} / ${m.a.participants}</td><td class="num">${m.b.nodes} / ${m.b.participants}</td><td class="num">${groupDigits(m.a.achievedWeight)}</td><td class="num">${groupDigits(m.b.achievedWeight)}</td><td>${m.gained.map((x) => `<code class="addr">${esc(x)}</code>`).join(" ")}</td><td>${m.lost.map((x) => `<code class="addr">${esc(x)}</code>`).join(" ")}</td></tr>`)
        .join("");
      return `<h3>epoch ${e.epoch}, anchor ${groupDigits(pr.anchorHeight)} (A ${esc(pr.ruleA)}, B ${esc(pr.ruleB)})</h3><div class="scroll"><table><tr><th>model</th><th>A nodes / participants</th><th>B nodes / participants</th><th>A weight</th><th>B weight</th><th>preserved under B only</th><th>under A only</th></tr>${rows}</table></div>`;
    })
    .join("");
}

/** Render the backtest as one HTML document. */
export function renderBacktestReport(r: BacktestResult): string {
  const name = (k: "a" | "b"): string => (r[k].file === null ? "today" : r[k].name);
  const sections = [
    `<h1>Backtest: <span class="a">${esc(name("a"))}</span> vs <span class="b">${esc(name("b"))}</span></h1>`,
    `<p class="sub">${r.epochs.length} real epochs (${esc(epochsRunText(r))}), each settled on the rules of the chain version in force at its settlement, under A (${esc(r.a.file ?? "each epoch's own parameters")}) and B (${esc(r.b.file ?? "each epoch's own parameters")}). Deltas are B − A; coins in GNK with every digit of the chain's ${esc(r.denom)} (1 GNK = 10<sup>9</sup> ${esc(r.denom)}; the --json output has ${esc(r.denom)}).</p>`,
    `<p class="${r.statusQuo.ok ? "ok" : "fail"}">${esc(statusQuoLine(r))}</p>`,
    statusApartLine(r, "html") === null ? "" : `<p class="fail">${esc(statusApartLine(r, "html")!)}</p>`,
    `<h2 id="epochs">Per epoch</h2>`,
    epochTable(r),
    `<h2 id="moved">Coins moved per epoch</h2>`,
    movedChart(r),
    `<h2 id="gainers">Who gains and who loses</h2>`,
    r.winners.length + r.losers.length > 0 ? gainersChart(r) : "",
    `<h3>Largest winners</h3>`,
    addressTable("winners", r.winners),
    `<h3>Largest losers</h3>`,
    addressTable("losers", r.losers),
    `<h2 id="p0">p0 per epoch</h2>`,
    `<p class="muted">Settlement's miss test uses the larger of the governance table and the network's miss share + 20‰ (rounded up to a table); above 0.5 governance passes through; a grace epoch replaces governance.</p>`,
    p0Chart(r),
    `<ul id="p0-why">${r.epochs.map((e) => `<li>epoch ${e.epoch}: <span class="a">A</span> ${esc(p0Words(e.a))}; <span class="b">B</span> ${esc(p0Words(e.b))}</li>`).join("")}</ul>`,
    `<h2 id="changes">Every participant paid differently</h2>`,
    changesTable(r),
    `<h2 id="preserved">Preserved set</h2>`,
    preservedSection(r),
  ];
  if (r.notes.length > 0) sections.push(`<h2 id="notes">Notes</h2><ul>${r.notes.map((n) => `<li>${esc(n)}</li>`).join("")}</ul>`);
  sections.push(`<footer>gonka-spec backtest · every amount is computed exactly (bigint and Go decimal); chart geometry is for display only.</footer>`);
  return htmlPage(`Backtest: ${name("a")} vs ${name("b")}`, CSS, sections);
}
