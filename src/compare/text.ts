/** The terminal rendering of a comparison: one section per question, tables where it helps. */
import type { ComparisonModel } from "./model.js";
import { coinsText, gnkCell } from "../format/coins.js";
import { aToB, expectedNodes, expectedWeight, inputsText, parameterRows, probability, refusalLines } from "./format.js";

/** "reward 12.5 GNK (12,500,000,000 ngonka)" when settled to the coin, else "reward weight 1,234". */
const atStake = (unit: string, x: bigint): string => (unit === "ngonka" ? `reward ${coinsText(x)}` : `reward weight ${groupDigits(x)}`);

/** "64.0%": the share of anchors with at least one node, without the count. */
const share = (p: Parameters<typeof probability>[0]): string => probability(p).replace(/ \(.*\)$/, "");
import { groupDigits, signed } from "../format/numbers.js";
import { textTable } from "./table.js";

/** At most this many rows of the gain/loss and miss-test tables in the terminal (--json has them all). */
export const TERMINAL_ROWS = 25;

function parameters(m: ComparisonModel): string {
  const rows = parameterRows(m);
  return textTable(["parameter", `A: ${m.a.name}`, `B: ${m.b.name}`], rows, ["left", "left", "left"]);
}

function whatChanges(m: ComparisonModel, brief = false): string {
  if (m.differences.length === 0) return "No difference: A and B give the same result on this snapshot.";
  // Brief: the per-model weights are in the table right below.
  const shown = brief ? m.differences.filter((d) => !d.what.endsWith(": preserved weight")) : m.differences;
  return shown.map((d) => `  ${d.what}: ${d.a} -> ${d.b}`).join("\n");
}

function models(m: ComparisonModel, brief = false): string {
  const rows = m.models.map((x) => [
    x.modelId,
    `${groupDigits(x.a.targetWeight)} / ${groupDigits(x.b.targetWeight)}`,
    `${groupDigits(x.a.achievedWeight)} / ${groupDigits(x.b.achievedWeight)}`,
    signed(x.delta.achievedWeight),
    `${x.a.nodeCount} / ${x.b.nodeCount}`,
    `${x.a.smallestNode ? groupDigits(x.a.smallestNode.pocWeight) : "-"} / ${x.b.smallestNode ? groupDigits(x.b.smallestNode.pocWeight) : "-"}`,
    `${x.a.capacityOverDemand ?? "n/a"} / ${x.b.capacityOverDemand ?? "n/a"}`,
  ]);
  const short = m.models.flatMap((x) =>
    (["a", "b"] as const).filter((k) => x[k].shortfallWeight > 0n).map((k) => `  ${k.toUpperCase()}, ${x.modelId}: ${groupDigits(x[k].shortfallWeight)} below target: the eligible set is exhausted`),
  );
  const table = textTable(["model", "target A / B", "achieved A / B", "Δ achieved", "nodes A / B", "smallest node A / B", "capacity÷demand A / B"], rows);
  if (brief && short.length > 0) return `${table}\n  (the eligible set runs out below the target in ${short.length} of ${m.models.length * 2} model × proposal cases: ${short.map((l) => l.trim().replace(/: .*$/, "")).join("; ")})`;
  return short.length > 0 ? `${table}\n${short.join("\n")}` : table;
}

/** Per model: nodes and weight gained and lost, and by how many operators. */
function changeSummary(m: ComparisonModel): string[] {
  return m.models.map((x) => {
    const cs = m.changes.filter((c) => c.modelId === x.modelId);
    if (cs.length === 0) return `  ${x.modelId}: the same ${groupDigits(x.a.nodeCount)} nodes under A and B`;
    const gained = cs.reduce((s, c) => s + c.nodesGained.length, 0);
    const lost = cs.reduce((s, c) => s + c.nodesLost.length, 0);
    const wg = cs.reduce((s, c) => s + c.weightGained, 0n);
    const wl = cs.reduce((s, c) => s + c.weightLost, 0n);
    const by = (f: (c: (typeof cs)[number]) => boolean): number => cs.filter(f).length;
    const ops = (n: number): string => `${groupDigits(n)} operator${n === 1 ? "" : "s"}`;
    const drops = lost === 0 ? "and drops none" : `and drops ${groupDigits(lost)} nodes (${groupDigits(wl)} weight) of ${ops(by((c) => c.nodesLost.length > 0))} that A preserves`;
    return `  ${x.modelId}: B preserves ${groupDigits(gained)} nodes (${groupDigits(wg)} weight) of ${ops(by((c) => c.nodesGained.length > 0))} that A does not, ${drops}`;
  });
}

function changes(m: ComparisonModel, rows: number): string {
  const summary = changeSummary(m).join("\n");
  if (m.changes.length === 0) return `${summary}\nNo operator gains or loses a preserved node at this anchor.`;
  const shown = m.changes.slice(0, rows);
  const sign = (xs: string[], w: bigint, s: string): string => (xs.length === 0 ? "" : `${s}${xs.length} (${s}${groupDigits(w)})`);
  const table = textTable(
    ["model", "operator", "change", "nodes A → B", "gained (weight)", "lost (weight)", "≥1 node A → B", "nodes/PoC A → B", "weight/PoC A → B"],
    shown.map((c) => [
      c.modelId,
      c.address,
      c.change,
      `${c.nodesA.length} → ${c.nodesB.length}`,
      sign(c.nodesGained, c.weightGained, "+"),
      sign(c.nodesLost, c.weightLost, "−"),
      aToB(share(c.probabilityA), share(c.probabilityB)),
      aToB(expectedNodes(c.probabilityA), expectedNodes(c.probabilityB)),
      aToB(expectedWeight(c.probabilityA), expectedWeight(c.probabilityB)),
    ]),
    ["left", "left", "left"],
  );
  const more = m.changes.length > shown.length ? `\n  ... and ${m.changes.length - shown.length} more operator rows (all of them: --json, --html, or --rows N)` : "";
  return `${summary}\n${table}${more}`;
}

function missTest(m: ComparisonModel, rows: number, brief = false): string {
  const t = m.missTest;
  if (!t) return "No settlement slice in the snapshot: no per-participant verdicts.";
  if (brief && t.participants.every((p) => p.passedA === p.passedB) && t.a.settlementP0 === t.b.settlementP0) {
    return `A and B: governance p0 ${t.a.governanceP0} -> settlement p0 ${t.a.settlementP0}; the same ${groupDigits(t.zeroedA)} of ${groupDigits(t.participants.length)} participants are zeroed (${atStake(t.rewardUnit, t.rewardZeroedA)}); the list: --json, --html or without --brief`;
  }
  const head = [
    `A: governance p0 ${t.a.governanceP0} -> settlement p0 ${t.a.settlementP0}${t.a.skipped ? " (circuit breaker: nobody punished)" : ""}; ${t.a.reason}`,
    `B: governance p0 ${t.b.governanceP0} -> settlement p0 ${t.b.settlementP0}${t.b.skipped ? " (circuit breaker: nobody punished)" : ""}; ${t.b.reason}`,
    `zeroed: A ${groupDigits(t.zeroedA)} participants (${atStake(t.rewardUnit, t.rewardZeroedA)}), B ${groupDigits(t.zeroedB)} (${atStake(t.rewardUnit, t.rewardZeroedB)}) of ${groupDigits(t.participants.length)} participants`,
  ].join("\n");
  const differ = t.participants.filter((p) => p.passedA !== p.passedB);
  const failing = t.participants.filter((p) => p.passedA === p.passedB && !p.passedA);
  const list = [...differ, ...failing].slice(0, rows);
  if (list.length === 0) return `${head}\nEvery participant passes under both.`;
  const verdict = (ok: boolean): string => (ok ? "pass" : "ZEROED");
  const body = list.map((p) => [p.address, groupDigits(p.missed), groupDigits(p.total), verdict(p.passedA), verdict(p.passedB), p.rewardAtStake === null ? "n/a" : t.rewardUnit === "ngonka" ? gnkCell(p.rewardAtStake) : groupDigits(p.rewardAtStake)]);
  const more = differ.length + failing.length > list.length ? `\n  ... and ${differ.length + failing.length - list.length} more (--json, --html, or --rows N)` : "";
  return `${head}\n${textTable(["participant (verdict differs first, then zeroed by both)", "missed (requests)", "total (requests)", "A", "B", `reward at stake (${t.rewardUnit === "ngonka" ? "GNK" : t.rewardUnit})`], body, ["left"])}${more}`;
}

function curves(m: ComparisonModel): string {
  const totals = [100n, 500n, 990n, 1000n, 1500n, 2000n];
  const cols = m.curves.map((c) => `${c.label} ${c.rule} p0=${c.p0}`);
  const rows = totals
    .filter((n) => m.curves[0]?.points.some((p) => p.total === n))
    .map((n) => [groupDigits(n), ...m.curves.map((c) => String(c.points.find((p) => p.total === n)?.allowed ?? "-"))]);
  return textTable(["total requests", ...cols], rows);
}

function votes(m: ComparisonModel): string {
  const cell = (t: number, needed: number, n: number): string => (needed > n ? `never (needs ${needed} of ${n})` : `${needed} of ${n} (T=${t})`);
  const rows = m.voteThreshold.map((r) => [`${r.groupSize} (${r.note})`, cell(r.thresholdA, r.neededA, r.groupSize), cell(r.thresholdB, r.neededB, r.groupSize)]);
  return textTable(["group size N", `A (factor ${m.a.voteThresholdFactor.value})`, `B (factor ${m.b.voteThresholdFactor.value})`], rows, ["left"]);
}

function simulation(m: ComparisonModel): string {
  const s = m.simulation!;
  const row = (label: string, x: typeof s.a): string[] => [
    label,
    groupDigits(x.served),
    groupDigits(x.refusedBeforeReceipt),
    `${groupDigits(x.misses)} of ${groupDigits(x.total)}`,
    x.passed === null ? "n/a" : x.passed ? "pass" : "ZEROED",
  ];
  const capped = (who: string, x: typeof s.a): string => `${who}: per-host cap at ${who}'s rate ${groupDigits(x.rate)}`;
  const rows = [...(s.today ? [row(`today's gateway, no cap (rate ${groupDigits(s.today.rate)})`, s.today)] : []), row(capped("A", s.a), s.a), row(capped("B", s.b), s.b)];
  const cost = (who: string, x: typeof s.a): string =>
    `  the cap's cost under ${who}: ${groupDigits(x.refusedBeforeReceipt)} requests refused before receipt (refused before any receipt, so they are no miss of the host)`;
  return [
    textTable(["gateway during the incident's PoC window", "served (requests)", "refused before receipt (requests)", "host's epoch misses", "miss test"], rows, ["left"]),
    cost("A", s.a),
    ...(s.b.rate !== s.a.rate || s.b.refusedBeforeReceipt !== s.a.refusedBeforeReceipt ? [cost("B", s.b)] : []),
  ].join("\n");
}

export interface CompareTextOptions {
  /** Rows of the per-operator and miss-test tables (default TERMINAL_ROWS). */
  rows?: number;
  /** Only what a first reading needs: header, what changes, per model, per operator, settlement totals, the replay. */
  brief?: boolean;
}

/** The whole comparison as terminal text. */
export function renderCompareText(m: ComparisonModel, options: CompareTextOptions = {}): string {
  const rows = options.rows ?? TERMINAL_ROWS;
  const src = m.snapshot.source ? `, ${m.snapshot.source}` : "";
  const out = [
    `Compare A "${m.a.name}" with B "${m.b.name}" on ${m.snapshot.chainId} at height ${groupDigits(BigInt(m.snapshot.height))}${src}; episode anchor ${groupDigits(m.anchor)}`,
    `Inputs: ${inputsText(m)}.`,
    "",
  ];
  const refused = refusalLines(m);
  if (refused.length > 0) out.push(refused[0]!, ...refused.slice(1).map((l) => `  ${l}`), "");
  if (!options.brief) out.push(parameters(m), "");
  out.push(
    "What changes (A -> B)",
    whatChanges(m, options.brief),
    "",
    "Preserved set per model (weights are PoC weight; capacity÷demand = requests the preserved nodes carry during PoC ÷ the peak in-flight requests)",
    models(m, options.brief),
    "",
    `Who gains or loses preserved nodes (at anchor ${groupDigits(m.anchor)}${m.anchorsEvaluated > 0 ? `; over ${groupDigits(m.anchorsEvaluated)} anchors from there: ≥1 node = share of anchors with at least one node preserved, nodes/PoC and weight/PoC = the nodes and PoC weight preserved on average` : ""})`,
    changes(m, rows),
    "",
    "Miss test at settlement",
    missTest(m, options.brief ? Math.min(rows, 3) : rows, options.brief),
  );
  if (!options.brief) {
    out.push("", "Miss-test boundary: allowed misses (every missed count up to it passes)", curves(m), "", "Vote threshold: slots a resolution needs (more than T of N)", votes(m));
  }
  if (m.simulation !== null) {
    out.push(
      "",
      `Epoch-433 replay (${m.simulation.scenario}, built-in scenario): the incident's PoC window with today's gateway and with the per-host in-flight cap at each proposal's rate (requests per 10,000 weight)`,
      simulation(m),
    );
  }
  if (m.notes.length > 0) out.push("", "Notes", ...m.notes.map((n) => `  - ${n}`));
  return out.join("\n");
}
