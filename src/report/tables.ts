/** The report's HTML tables (all text escaped; numbers grouped; A and B columns coloured). */
import type { ComparisonModel, ParticipantMissTest } from "../compare/model.js";
import { coinsText } from "../format/coins.js";
import { expectedNodes, expectedWeight, parameterRows, probability } from "../compare/format.js";
import { groupDigits, signed } from "../format/numbers.js";
import { esc } from "./escape.js";

/** Rows of the gain/loss table shown before it is cut (the JSON output has all of them). */
export const HTML_CHANGE_ROWS = 500;

type Cell = string | { html: string; cls?: string };

function table(id: string, headers: string[], rows: Cell[][], headClasses: string[] = []): string {
  const th = headers.map((h, i) => `<th${headClasses[i] ? ` class="${headClasses[i]}"` : ""}>${esc(h)}</th>`).join("");
  const body = rows
    .map((r) => `<tr>${r.map((c) => (typeof c === "string" ? `<td>${esc(c)}</td>` : `<td${c.cls ? ` class="${c.cls}"` : ""}>${c.html}</td>`)).join("")}</tr>`)
    .join("");
  return `<div class="scroll"><table id="${id}"><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table></div>`;
}

const num = (x: bigint | number): Cell => ({ html: esc(groupDigits(x)), cls: "num" });

/** A's value above B's in one cell, each in its side's colour (the page's CSS: .va, .vb). */
export function pairCell(a: string, b: string): Cell {
  return { html: `<span class="va">${esc(a)}</span><br><span class="vb">${esc(b)}</span>`, cls: "num" };
}
const delta = (x: bigint | number | null): Cell => {
  const v = x === null ? null : typeof x === "bigint" ? x : BigInt(x);
  const cls = v === null || v === 0n ? "num" : v > 0n ? "num up" : "num down";
  return { html: esc(signed(x)), cls };
};

export function paramsTable(m: ComparisonModel): string {
  const rows: Cell[][] = parameterRows(m);
  return table("table-params", ["parameter", `A: ${m.a.name}`, `B: ${m.b.name}`], rows, ["", "a", "b"]);
}

export function differencesList(m: ComparisonModel): string {
  if (m.differences.length === 0) return `<p id="differences" class="same">No difference: A and B give the same result on this snapshot.</p>`;
  const li = m.differences.map((d) => `<li><b>${esc(d.what)}</b>: <span class="a">${esc(d.a)}</span> → <span class="b">${esc(d.b)}</span></li>`).join("");
  return `<ul id="differences">${li}</ul>`;
}

export function modelsTable(m: ComparisonModel): string {
  // A above B in one cell per figure: 8 columns fit 760 px where 13 did not.
  const rows: Cell[][] = m.models.map((x) => [
    { html: esc(x.modelId), cls: "wrap" },
    num(x.a.totalWeight),
    pairCell(groupDigits(x.a.targetWeight), groupDigits(x.b.targetWeight)),
    pairCell(groupDigits(x.a.achievedWeight), groupDigits(x.b.achievedWeight)),
    delta(x.delta.achievedWeight),
    pairCell(groupDigits(x.a.nodeCount), groupDigits(x.b.nodeCount)),
    pairCell(x.a.smallestNode ? groupDigits(x.a.smallestNode.pocWeight) : "–", x.b.smallestNode ? groupDigits(x.b.smallestNode.pocWeight) : "–"),
    pairCell(x.a.capacityOverDemand ?? "n/a", x.b.capacityOverDemand ?? "n/a"),
  ]);
  return table("table-models", ["model", "total weight", "target A / B", "achieved A / B", "Δ achieved", "nodes A / B", "smallest A / B", "cap ÷ demand A / B"], rows) + shortfalls(m);
}

/** The models whose target the eligible set cannot reach, under each proposal. */
function shortfalls(m: ComparisonModel): string {
  const items = m.models.flatMap((x) =>
    (["a", "b"] as const)
      .filter((k) => x[k].shortfallWeight > 0n)
      .map((k) => `<li><span class="${k}">${k.toUpperCase()}</span>, ${esc(x.modelId)}: ${esc(groupDigits(x[k].shortfallWeight))} below target: the eligible set is exhausted.</li>`),
  );
  return items.length > 0 ? `<ul id="shortfalls" class="muted">${items.join("")}</ul>` : "";
}

export function changesTable(m: ComparisonModel): string {
  const perModel = m.models.map((x) => {
    const cs = m.changes.filter((c) => c.modelId === x.modelId);
    if (cs.length === 0) return `<li>${esc(x.modelId)}: the same ${esc(groupDigits(x.a.nodeCount))} nodes under A and B.</li>`;
    const sum = (f: (c: (typeof cs)[number]) => bigint): string => groupDigits(cs.reduce((s, c) => s + f(c), 0n));
    const ops = (f: (c: (typeof cs)[number]) => boolean): string => groupDigits(cs.filter(f).length);
    return `<li>${esc(x.modelId)}: <span class="b">B</span> preserves <b>${esc(sum((c) => BigInt(c.nodesGained.length)))}</b> nodes (${esc(sum((c) => c.weightGained))} weight) of ${esc(ops((c) => c.nodesGained.length > 0))} operators that <span class="a">A</span> does not, and drops <b>${esc(sum((c) => BigInt(c.nodesLost.length)))}</b> nodes (${esc(sum((c) => c.weightLost))} weight) of ${esc(ops((c) => c.nodesLost.length > 0))} operators.</li>`;
  });
  const summary = `<ul id="changes-summary">${perModel.join("")}</ul>`;
  if (m.changes.length === 0) return `${summary}<p id="table-changes" class="same">No operator gains or loses a preserved node at this anchor.</p>`;
  const shown = m.changes.slice(0, HTML_CHANGE_ROWS);
  const list = (ids: string[]): string => (ids.length === 0 ? "" : `<br><span class="muted">${ids.map(esc).join(", ")}</span>`);
  const rows: Cell[][] = shown.map((c) => [
    c.modelId,
    { html: `<code class="addr">${esc(c.address)}</code>` },
    { html: esc(c.change), cls: c.change === "loses" ? "down" : "up" },
    { html: `${esc(`${c.nodesA.length} → ${c.nodesB.length}`)}`, cls: "num" },
    { html: c.nodesGained.length === 0 ? "" : `+${c.nodesGained.length} (+${esc(groupDigits(c.weightGained))})${list(c.nodesGained)}`, cls: "up" },
    { html: c.nodesLost.length === 0 ? "" : `−${c.nodesLost.length} (−${esc(groupDigits(c.weightLost))})${list(c.nodesLost)}`, cls: "down" },
    { html: `${esc(probability(c.probabilityA))}<br>→ ${esc(probability(c.probabilityB))}`, cls: "num" },
    { html: `${esc(expectedNodes(c.probabilityA))} → ${esc(expectedNodes(c.probabilityB))}<br><span class="muted">${esc(expectedWeight(c.probabilityA))} → ${esc(expectedWeight(c.probabilityB))}</span>`, cls: "num" },
  ]);
  const more = m.changes.length > shown.length ? `<p class="muted">… and ${m.changes.length - shown.length} more (all of them are in the --json output).</p>` : "";
  return summary + table("table-changes", ["model", "operator", "change", "nodes A → B", "gained: nodes (weight)", "lost: nodes (weight)", "≥1 node A → B", "per PoC A → B: nodes (weight)"], rows, ["", "", "", "", "b", "a", "", ""]) + more;
}

function verdict(ok: boolean): Cell {
  return ok ? { html: "pass", cls: "pass" } : { html: "zeroed", cls: "fail" };
}

function missRows(list: ParticipantMissTest[]): Cell[][] {
  return list.map((p) => [
    { html: `<code class="addr">${esc(p.address)}</code>` },
    num(p.missed),
    num(p.total),
    verdict(p.passedA),
    verdict(p.passedB),
    { html: esc(p.rewardAtStake === null ? "n/a" : groupDigits(p.rewardAtStake)), cls: "num" },
  ]);
}

export function missTestSection(m: ComparisonModel): string {
  const t = m.missTest;
  if (!t) return `<p id="table-misstest" class="muted">The snapshot has no settlement slice, so there are no per-participant verdicts; the curves above still apply.</p>`;
  const side = (label: string, s: typeof t.a, zeroed: number, reward: bigint): string =>
    `<li><span class="${label.toLowerCase()}">${label}</span>: governance p0 ${esc(s.governanceP0)} → settlement p0 <b>${esc(s.settlementP0)}</b>${s.skipped ? " (circuit breaker: nobody is punished)" : ""}; ${esc(s.reason)}. Zeroed: <b>${esc(groupDigits(zeroed))}</b> participants, ${t.rewardUnit === "ngonka" ? `reward ${esc(coinsText(reward))}` : `reward weight ${esc(groupDigits(reward))}`}.</li>`;
  const head = `<ul>${side("A", t.a, t.zeroedA, t.rewardZeroedA)}${side("B", t.b, t.zeroedB, t.rewardZeroedB)}</ul>`;
  const headers = ["participant", "missed (requests)", "total (requests)", "A", "B", `reward at stake (${t.rewardUnit})`];
  const cls = ["", "", "", "a", "b", ""];
  const differ = t.participants.filter((p) => p.passedA !== p.passedB || !p.passedA);
  const main = differ.length === 0 ? `<p id="table-misstest" class="same">Every participant passes under both.</p>` : table("table-misstest", headers, missRows(differ), cls);
  const all = `<details><summary>All ${t.participants.length} participants</summary>${table("table-misstest-all", headers, missRows(t.participants), cls)}</details>`;
  return `${head}<p class="muted">Participants whose verdict differs, or who are zeroed under either proposal:</p>${main}${all}`;
}

export function votesTable(m: ComparisonModel): string {
  const cell = (t: number, needed: number, n: number): Cell => ({ html: esc(needed > n ? `never (needs ${needed} of ${n})` : `${needed} of ${n}`) + ` <span class="muted">(T = ${t})</span>`, cls: "num" });
  const rows: Cell[][] = m.voteThreshold.map((r) => [`${r.groupSize} (${r.note})`, cell(r.thresholdA, r.neededA, r.groupSize), cell(r.thresholdB, r.neededB, r.groupSize)]);
  return table("table-votes", ["group size N", `A: factor ${m.a.voteThresholdFactor.value}`, `B: factor ${m.b.voteThresholdFactor.value}`], rows, ["", "a", "b"]);
}

export function simulationTable(m: ComparisonModel): string {
  const s = m.simulation;
  if (!s) return `<p id="table-simulation" class="muted">The epoch-433 replay was not run.</p>`;
  const row = (label: string, cls: string, x: typeof s.a): Cell[] => [
    { html: esc(label), cls },
    num(x.served),
    num(x.refusedBeforeReceipt),
    { html: `${esc(groupDigits(x.misses))} of ${esc(groupDigits(x.total))}`, cls: "num" },
    x.passed === null ? "n/a" : verdict(x.passed),
  ];
  const rows = [
    ...(s.today ? [row(`today's gateway, no cap (rate ${groupDigits(s.today.rate)})`, "", s.today)] : []),
    row(`A: per-host cap at A's rate ${groupDigits(s.a.rate)}`, "a", s.a),
    row(`B: per-host cap at B's rate ${groupDigits(s.b.rate)}`, "b", s.b),
  ];
  const cost = `<p class="muted">The cap's cost: ${esc(groupDigits(s.a.refusedBeforeReceipt))} requests refused before receipt under A, ${esc(groupDigits(s.b.refusedBeforeReceipt))} under B (refused before any receipt, so they are no miss of host <code class="addr">${esc(s.a.host)}</code>). Rates are PoC requests in flight per 10,000 weight.</p>`;
  return table("table-simulation", ["gateway during the incident's PoC window", "served (requests)", "refused before receipt (requests)", "host's epoch misses (requests)", "miss test"], rows) + cost;
}
