/** The terminal rendering of a comparison: one section per question, tables where it helps. */
import type { ComparisonModel } from "./model.js";
import { groupDigits, parameterRows, probability, shortAddress, signed } from "./format.js";
import { textTable } from "./table.js";

/** At most this many rows of the gain/loss and miss-test tables in the terminal (--json has them all). */
export const TERMINAL_ROWS = 25;

function parameters(m: ComparisonModel): string {
  const rows = parameterRows(m);
  return textTable(["parameter", `A: ${m.a.name}`, `B: ${m.b.name}`], rows, ["left", "left", "left"]);
}

function whatChanges(m: ComparisonModel): string {
  if (m.differences.length === 0) return "No difference: A and B give the same result on this snapshot.";
  return m.differences.map((d) => `  ${d.what}: ${d.a} -> ${d.b}`).join("\n");
}

function models(m: ComparisonModel): string {
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
  return short.length > 0 ? `${table}\n${short.join("\n")}` : table;
}

function changes(m: ComparisonModel): string {
  if (m.changes.length === 0) return "Nobody gains or loses preservation at this anchor.";
  const shown = m.changes.slice(0, TERMINAL_ROWS);
  const rows = shown.map((c) => [c.modelId, c.address, c.change, groupDigits(c.weightA), groupDigits(c.weightB), probability(c.probabilityA), probability(c.probabilityB)]);
  const more = m.changes.length > shown.length ? `\n  ... and ${m.changes.length - shown.length} more (see --json or --html)` : "";
  return textTable(["model", "participant", "change", "weight A", "weight B", `P(preserved) A`, `P(preserved) B`], rows, ["left", "left", "left"]) + more;
}

function missTest(m: ComparisonModel): string {
  const t = m.missTest;
  if (!t) return "No settlement slice in the snapshot: no per-participant verdicts.";
  const head = [
    `A: governance p0 ${t.a.governanceP0} -> settlement p0 ${t.a.settlementP0}${t.a.skipped ? " (circuit breaker: nobody punished)" : ""}; ${t.a.reason}`,
    `B: governance p0 ${t.b.governanceP0} -> settlement p0 ${t.b.settlementP0}${t.b.skipped ? " (circuit breaker: nobody punished)" : ""}; ${t.b.reason}`,
    `zeroed: A ${t.zeroedA} (reward ${groupDigits(t.rewardZeroedA)}), B ${t.zeroedB} (reward ${groupDigits(t.rewardZeroedB)}) of ${t.participants.length} participants`,
  ].join("\n");
  const differ = t.participants.filter((p) => p.passedA !== p.passedB);
  const failing = t.participants.filter((p) => p.passedA === p.passedB && !p.passedA);
  const list = [...differ, ...failing].slice(0, TERMINAL_ROWS);
  if (list.length === 0) return `${head}\nEvery participant passes under both.`;
  const verdict = (ok: boolean): string => (ok ? "pass" : "ZEROED");
  const rows = list.map((p) => [shortAddress(p.address), groupDigits(p.missed), groupDigits(p.total), verdict(p.passedA), verdict(p.passedB), p.rewardAtStake === null ? "n/a" : groupDigits(p.rewardAtStake)]);
  const more = differ.length + failing.length > list.length ? `\n  ... and ${differ.length + failing.length - list.length} more` : "";
  return `${head}\n${textTable(["participant (verdict differs, then zeroed by both)", "missed", "total", "A", "B", "reward at stake"], rows, ["left"])}${more}`;
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
  const s = m.simulation;
  if (!s) return "Not run.";
  const row = (label: string, x: typeof s.a): string[] => [
    label,
    String(x.rate),
    x.policy,
    groupDigits(x.served),
    groupDigits(x.refusedBeforeReceipt),
    `${groupDigits(x.misses)} / ${groupDigits(x.total)}`,
    x.passed === null ? "n/a" : x.passed ? "pass" : "ZEROED",
  ];
  const rows = [...(s.today ? [row("today (no cap)", s.today)] : []), row("A", s.a), row("B", s.b)];
  return textTable(["", "rate", "policy", "served", "refused before receipt", "misses / total", "miss test"], rows, ["left", "right", "left"]);
}

/** The whole comparison as terminal text. */
export function renderCompareText(m: ComparisonModel): string {
  const src = m.snapshot.source ? `, ${m.snapshot.source}` : "";
  const out = [
    `Compare A "${m.a.name}" with B "${m.b.name}" on ${m.snapshot.chainId} at height ${m.snapshot.height}${src}; episode anchor ${m.anchor}`,
    "",
    parameters(m),
    "",
    "What changes (A -> B)",
    whatChanges(m),
    "",
    "Preserved set per model",
    models(m),
    "",
    `Who gains or loses preservation (at anchor ${m.anchor}${m.anchorsEvaluated > 0 ? `; probability over ${m.anchorsEvaluated} anchors` : ""})`,
    changes(m),
    "",
    "Miss test at settlement",
    missTest(m),
    "",
    "Miss-test boundary: allowed misses (every missed count up to it passes)",
    curves(m),
    "",
    "Vote threshold: slots a resolution needs (more than T of N)",
    votes(m),
    "",
    `Epoch-433 replay with the per-host cap at each rate${m.simulation ? ` (${m.simulation.scenario})` : ""}`,
    simulation(m),
  ];
  if (m.notes.length > 0) out.push("", "Notes", ...m.notes.map((n) => `  - ${n}`));
  return out.join("\n");
}
