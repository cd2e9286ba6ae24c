/** The backtest for people: the status-quo check, a table per epoch and a total, who is zeroed and why, the largest winners and losers. */
import { causeWords } from "../settlement/assumed-causes.js";
import { groupDigits } from "../format/numbers.js";
import { coinsText, gnkCell } from "../format/coins.js";
import { textTable } from "../compare/table.js";
import { Decimal } from "../go/decimal.js";
import type { AddressTotal, BacktestResult, EpochOutcome, SideOutcome } from "./backtest.js";

/** Coins in GNK, every digit of the ngonka kept (9 places), 0 as "0"; deltas signed with "−". */
const g = (x: bigint): string => gnkCell(x);
const signed = (x: bigint): string => (x > 0n ? `+${g(x)}` : g(x));

/** "0.100 (governance: its 100‰ table is above the dynamic 50‰ table (…))" — the p0 the miss test used and which side set it. */
export function p0Words(s: SideOutcome): string {
  return `${Decimal.fromString(s.p0).toFixed(3)} (${s.p0Decision.words})`;
}

function sideLabel(r: BacktestResult, k: "a" | "b"): string {
  const s = r[k];
  return s.file === null ? `${k.toUpperCase()} = today (each epoch's own parameters)` : `${k.toUpperCase()} = ${s.name} (${s.file})`;
}

/** The status-quo line: today's parameters against the chain's rewarded_coins. */
export function statusQuoLine(r: BacktestResult): string {
  const s = r.statusQuo;
  if (s.epochsChecked === 0) return "status quo check: not possible (no epoch records what the chain paid)";
  const unchecked = r.epochs.length - s.epochsChecked;
  const tail = unchecked > 0 ? `; ${unchecked} epochs record no payout and are not checked` : "";
  return s.ok
    ? `status quo check: OK — today's parameters pay all ${groupDigits(s.participantsChecked)} participant rows of ${s.epochsChecked} epochs exactly the chain's rewarded_coins${tail}`
    : `status quo check: FAILED — ${groupDigits(s.differs)} of ${groupDigits(s.participantsChecked)} participant rows differ from the chain's rewarded_coins${tail} (the backtest below is not trustworthy)`;
}

function causeText(p: EpochOutcome["participants"][number], side: "A" | "B"): string {
  const c = side === "A" ? p.zeroCausesA : p.zeroCausesB;
  return c.map(causeWords).join("; ");
}

function winnersTable(rows: AddressTotal[]): string {
  return textTable(
    ["#", "participant", "A (GNK)", "B (GNK)", "B − A (GNK)"],
    rows.map((x, i) => [String(i + 1), x.address, g(x.coinsA), g(x.coinsB), signed(x.delta)]),
    ["right", "left", "right", "right", "right"],
  );
}

export interface TextOptions {
  /** Rows of "zeroed under one side only" per epoch (default 20; the JSON has all). */
  rows?: number;
  /** List every input the inputs lack (default: one line saying how many). */
  verbose?: boolean;
}

/** The whole report as text. */
/** The line saying that B's change of the status tests is not in these settlements (and where it is judged), or null when B makes none. */
export function statusApartLine(r: BacktestResult, output: "text" | "html" = "text"): string | null {
  if (r.statusChangeApart !== true) return null;
  const where = output === "text" ? 'in the "In-epoch status tests" section below' : 'in the "In-epoch status tests" section of the same command\'s text and --json output, not in this report';
  return `B also changes the in-epoch status tests: these settlements keep each epoch's exclusions as the chain recorded them, so their coins leave that change out; it is judged ${where}`;
}

/** The epochs run, for people: a range only when no epoch is skipped ("265–267" of 265 and 267 would claim 266). */
export function epochsRunText(r: BacktestResult): string {
  const es = r.epochs.map((e) => e.epoch);
  if (es.length === 0) return "none";
  const first = es[0]!;
  const last = es.at(-1)!;
  if (first === last) return String(first);
  if (last - first === BigInt(es.length - 1)) return `${first}–${last}`;
  return es.length <= 8 ? es.join(", ") : `${es.slice(0, 3).join(", ")}, … ${es.at(-1)} (not contiguous)`;
}

export function backtestText(r: BacktestResult, options: TextOptions = {}): string {
  const limit = options.rows ?? 20;
  const out: string[] = [];
  out.push(`backtest: ${sideLabel(r, "a")} vs ${sideLabel(r, "b")}`);
  out.push(`${r.epochs.length} epoch${r.epochs.length === 1 ? "" : "s"} (${epochsRunText(r)}), each settled on the rules of the chain version in force at its settlement; deltas are B − A, coins in GNK (1 GNK = 10^9 ${r.denom}; --json gives ${r.denom})`);
  out.push(statusQuoLine(r));
  const apart = statusApartLine(r);
  if (apart !== null) out.push(apart);
  out.push("");
  const rows = r.epochs.map((e) => [
    String(e.epoch),
    e.version.version,
    Decimal.fromString(e.a.p0).toFixed(3),
    Decimal.fromString(e.b.p0).toFixed(3),
    `${e.a.zeroed} / ${e.b.zeroed}`,
    g(e.a.distributed),
    g(e.b.distributed),
    g(e.a.notDistributed),
    g(e.b.notDistributed),
    signed(e.b.distributed - e.a.distributed),
  ]);
  const t = r.totals;
  rows.push(["total", "", "", "", `${t.zeroedA} / ${t.zeroedB}`, g(t.distributedA), g(t.distributedB), g(t.notDistributedA), g(t.notDistributedB), signed(t.distributedB - t.distributedA)]);
  out.push(
    textTable(
      ["epoch", "rules", "p0 used A", "p0 used B", "zeroed A / B", "paid A (GNK)", "paid B (GNK)", "not paid A (GNK)", "not paid B (GNK)", "B − A (GNK)"],
      rows,
      ["right", "left", "right", "right", "right", "right", "right", "right", "right", "right"],
    ),
  );
  out.push(`not paid = the fixed epoch reward minus what participants receive (it goes to governance); ${groupDigits(t.changed)} participant-epochs change, ${coinsText(t.gained)} gained and ${coinsText(t.lost)} lost`);
  out.push("");
  out.push("p0 the miss test used, and which side of max(governance table, dynamic table) set it:");
  for (const e of r.epochs) {
    out.push(`  epoch ${e.epoch}: A ${p0Words(e.a)}`);
    out.push(`  ${" ".repeat(`epoch ${e.epoch}:`.length)} B ${p0Words(e.b)}`);
  }

  for (const e of r.epochs) {
    const one = e.participants.filter((p) => (p.coinsA === 0n) !== (p.coinsB === 0n));
    const other = e.participants.filter((p) => p.delta !== 0n && p.coinsA !== 0n && p.coinsB !== 0n);
    if (one.length === 0 && other.length === 0) continue;
    out.push("");
    out.push(`epoch ${e.epoch}: ${one.length} participant${one.length === 1 ? "" : "s"} zeroed under one side only${other.length > 0 ? `, ${other.length} paid differently` : ""}`);
    for (const p of one.slice(0, limit)) {
      const side = p.coinsA === 0n ? "A" : "B";
      out.push(`  ${p.address}: A ${g(p.coinsA)}, B ${g(p.coinsB)} GNK; zero under ${side}: ${causeText(p, side)}`);
    }
    if (one.length > limit) out.push(`  … and ${one.length - limit} more (--json lists every participant)`);
    for (const p of other.slice(0, limit)) out.push(`  ${p.address}: A ${g(p.coinsA)}, B ${g(p.coinsB)} GNK (${signed(p.delta)})`);
    if (other.length > limit) out.push(`  … and ${other.length - limit} more`);
  }

  const count = (x: SideOutcome, c: string): number => x.zeroedByCause.find((z) => z.code === c)?.count ?? 0;
  const zeroCodes = [...new Set(r.epochs.flatMap((e) => [...e.a.zeroedByCause, ...e.b.zeroedByCause].map((z) => z.code)))].sort();
  if (zeroCodes.length > 0) {
    out.push("");
    out.push("zeroed participants by first cause (A / B):");
    for (const e of r.epochs) {
      const codes = zeroCodes.filter((c) => count(e.a, c) + count(e.b, c) > 0);
      out.push(`  epoch ${e.epoch}: ${codes.map((c) => `${c} ${count(e.a, c)} / ${count(e.b, c)}`).join(", ") || "none"}`);
    }
  }

  out.push("");
  if (r.winners.length === 0 && r.losers.length === 0) out.push(`No participant is paid differently under B than under A${apart !== null ? " with the exclusions as recorded (B's status-test change is judged apart)" : ""}.`);
  else {
    out.push("largest winners under B (over all epochs, GNK):");
    out.push(r.winners.length === 0 ? "  none" : winnersTable(r.winners));
    out.push("");
    out.push("largest losers under B (over all epochs, GNK):");
    out.push(r.losers.length === 0 ? "  none" : winnersTable(r.losers));
  }

  for (const e of r.epochs) {
    if (e.preserved === null) continue;
    out.push("");
    out.push(`epoch ${e.epoch}: preserved set at anchor ${groupDigits(e.preserved.anchorHeight)} (A ${e.preserved.ruleA} rule, B ${e.preserved.ruleB} rule)`);
    for (const m of e.preserved.models) {
      out.push(`  ${m.modelId}: A ${m.a.nodes} nodes of ${m.a.participants} participants, weight ${groupDigits(m.a.achievedWeight)}; B ${m.b.nodes} nodes of ${m.b.participants} participants, weight ${groupDigits(m.b.achievedWeight)}`);
      if (m.gained.length > 0) out.push(`    preserved under B only: ${m.gained.join(", ")}`);
      if (m.lost.length > 0) out.push(`    preserved under A only: ${m.lost.join(", ")}`);
    }
  }

  if (r.notes.length > 0) {
    out.push("");
    out.push("notes:");
    for (const n of r.notes) out.push(`  - ${n}`);
  }
  // One line per kind of gap: the dump path and per-epoch counts differ between epochs, the gap does not.
  const assumptions = [...new Set(r.epochs.flatMap((e) => e.assumptions.map((a) => a.split(`${e.label}/`).join("").replace(/\bepoch \d+\b/g, "the epoch").replace(/\(\d+ rows\)/g, "(per epoch)"))))];
  if (assumptions.length > 0) {
    out.push("");
    if (options.verbose === true) {
      out.push("what the inputs lack, and the assumption made (as `settle` names them):");
      for (const a of assumptions) out.push(`  - ${a}`);
    } else out.push(`the inputs lack ${assumptions.length} input${assumptions.length === 1 ? "" : "s"} these rules read; each is filled with a named assumption${r.statusQuo.ok && r.statusQuo.epochsChecked > 0 ? " and every row of today's settlement matches what the chain paid" : ""}: --verbose lists them`);
  }
  for (const e of r.epochs) {
    if (e.statusQuo.differs.length === 0) continue;
    out.push("");
    out.push(`epoch ${e.epoch}: today's parameters DIFFER from what the chain paid for ${e.statusQuo.differs.length} participants:`);
    for (const x of e.statusQuo.differs.slice(0, limit)) out.push(`  ${x.address}: port ${groupDigits(x.port)}, chain ${x.chain === null ? "no record" : groupDigits(x.chain)} ${r.denom}`);
  }
  return out.join("\n");
}
