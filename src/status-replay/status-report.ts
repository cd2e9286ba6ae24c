/**
 * A status replay for people and for scripts: each update as a table row (block, what happened, the
 * counters, each test's statistic against its threshold, the decision) and as JSON (exact decimals as
 * strings, heights and counts as bigints for the --json contract), the replay beside the chain's own
 * record, and the final counts' statistics labelled as not the chain's path. Pure.
 */
import { groupDigits } from "../format/numbers.js";
import { Decimal } from "../go/decimal.js";
import type { StatusTestLine } from "../status/status-update.js";
import type { SprtTest } from "../status/sprt-test.js";
import type { FinalCountsStatistics } from "./final-counts-statistics.js";
import type { ReplayLack } from "./replay-input.js";
import type { ReplayResult, ReplayStep, StepCounts } from "./replay-status.js";

/** The replay against the chain's record: agree only when both say the same (reason and block), or both say nothing. */
export type Agreement = "agrees" | "disagrees" | "replay-unavailable" | "no-chain-record";

export function agreement(r: ReplayResult, record: { reason: string; height: bigint } | null | undefined): Agreement {
  if (!r.available) return "replay-unavailable";
  if (record === undefined) return "no-chain-record";
  if (record === null) return r.excluded === null ? "agrees" : "disagrees";
  return r.excluded !== null && r.excluded.reason === record.reason && r.excluded.height === record.height ? "agrees" : "disagrees";
}

const TEST_NAMES: Record<StatusTestLine["test"], string> = {
  consecutive_failures: "consecutive failures",
  invalidation_sprt: "invalidation SPRT",
  downtime_sprt: "downtime SPRT",
  confirmation_poc: "confirmation PoC",
};

/** What the statistic of a test is, with its unit, as the text prints it. */
const UNIT: Record<StatusTestLine["test"], string> = {
  consecutive_failures: "probability",
  invalidation_sprt: "log-likelihood ratio",
  downtime_sprt: "log-likelihood ratio",
  confirmation_poc: "ratio",
};

const num = (d: Decimal | null, places = 4): string => (d === null ? "none" : Decimal.fromString(d.toString()).round(places).toString());

export function eventWords(s: ReplayStep): string {
  const e = s.event;
  switch (e.kind) {
    case "epoch-start":
      return "epoch start: set ACTIVE, consecutive count 0";
    case "confirmation-ratio":
      return `confirmation PoC ${e.eventSequence} evaluated: ratio ${e.ratio === null ? "none" : Decimal.fromChain(e.ratio).toString()}`;
    case "devshard-batch": {
      const slots = s.slots.map((x) => `slot ${x.slotId}: ${groupDigits(x.mergedAssigned)} assigned, ${groupDigits(x.mergedMissed)} missed, ${groupDigits(x.invalid)} invalid`).join("; ");
      return `escrow ${e.escrowId} settled (nonce ${groupDigits(e.nonce)})${slots ? `: ${slots}` : ""}`;
    }
  }
}

/** One test as the text says it: "invalidation SPRT 4.3538 ≥ H 4: fired". */
export function testWords(t: StatusTestLine): string {
  const name = TEST_NAMES[t.test];
  if (t.decision === "Error") return `${name}: could not run (${t.error})`;
  const stat = `${UNIT[t.test]} ${num(t.statistic, t.test === "consecutive_failures" ? 8 : 4)}`;
  switch (t.test) {
    case "consecutive_failures":
      return `${name}: ${stat} ${t.decision === "Fail" ? "<" : "≥"} cutoff ${num(t.threshold, 8)}${t.decision === "Fail" ? ": fired" : ""}`;
    case "confirmation_poc":
      return t.statistic === null ? `${name}: no ratio recorded (passes)` : `${name}: ${stat} ${t.decision === "Fail" ? "<" : "≥"} alpha ${num(t.threshold)}${t.decision === "Fail" ? ": fired" : ""}`;
    default:
      return `${name}: ${stat} vs H ${num(t.threshold)}${t.decision === "Fail" ? ": fired (≥ H)" : t.decision === "Pass" ? " (≤ −H: passes, which stops nothing)" : ""}`;
  }
}

const countsJson = (c: StepCounts) => ({ validatedInferences: c.validated, invalidatedInferences: c.invalidated, missedRequests: c.missed, inferenceCount: c.inferences });

const testJson = (t: StatusTestLine) => ({ test: t.test, statistic: t.statistic?.toString() ?? null, threshold: t.threshold?.toString() ?? null, decision: t.decision, error: t.error });

/** One replayed update as JSON. */
export function stepJson(s: ReplayStep): object {
  const e = s.event;
  return {
    height: e.height,
    kind: e.kind,
    effect: s.effect,
    notCountedWhy: s.notCountedWhy,
    ...(e.kind === "devshard-batch" ? { txHash: e.txHash || null, escrowId: e.escrowId, escrowEpoch: e.escrowEpoch, nonce: e.nonce, currentEpoch: e.currentEpoch, slots: s.slots.map((x) => ({ slotId: x.slotId, assigned: x.mergedAssigned, missed: x.mergedMissed, invalid: x.invalid, missedAsSent: x.missed })) } : {}),
    ...(e.kind === "confirmation-ratio" ? { eventSequence: e.eventSequence, ratio: e.ratio === null ? null : Decimal.fromChain(e.ratio).toString() } : {}),
    counts: countsJson(s.counts),
    tests: (s.update?.tests ?? []).map(testJson),
    invalidLlr: s.update?.invalidLlr ? Decimal.fromChain(s.update.invalidLlr).toString() : null,
    inactiveLlr: s.update?.inactiveLlr ? Decimal.fromChain(s.update.inactiveLlr).toString() : null,
    status: s.status,
    reason: s.reason === "" ? null : s.reason,
    chainVersion: s.version.version,
    params: s.paramsSource,
    where: e.where,
  };
}

export const lackJson = (l: ReplayLack) => ({ input: l.input, detail: l.detail, fromHeight: l.from, flag: l.flag ?? null });

/** The replay's own part of the document (`replay`), updates listed beside it. */
export function replayJson(r: ReplayResult): object {
  return {
    available: r.available,
    stoppedAt: r.stoppedAt === null ? null : lackJson(r.stoppedAt),
    missing: r.lacks.map(lackJson),
    excluded: r.excluded === null ? null : { reason: r.excluded.reason, height: r.excluded.height, status: r.excluded.status },
    updatesReplayed: r.steps.length,
  };
}

/** The table rows of a replay (header first). */
export function stepRows(r: ReplayResult): string[][] {
  const rows = [["block", "validated", "invalidated", "missed", "inferences", "status", "update"]];
  for (const s of r.steps) {
    const tests = (s.update?.tests ?? []).map(testWords);
    const what = s.effect === "not-counted" ? `${eventWords(s)} — not counted: ${s.notCountedWhy}` : s.effect === "unchanged" ? `${eventWords(s)} — counters unchanged: no test runs` : eventWords(s);
    rows.push([groupDigits(s.event.height), groupDigits(s.counts.validated), groupDigits(s.counts.invalidated), groupDigits(s.counts.missed), groupDigits(s.counts.inferences), s.reason === "" || s.reason === "already_set" ? s.status : `${s.status} (${s.reason})`, what]);
    for (const t of tests) rows.push(["", "", "", "", "", "", `  ${t}`]);
  }
  return rows;
}

const sprtJson = (t: SprtTest) => ({ llr: t.llr?.toString() ?? null, h: t.h?.toString() ?? null, reachedH: t.decision === "Fail", error: t.error });

export function finalCountsJson(c: StepCounts, s: FinalCountsStatistics | null): object {
  return { notTheChainsPath: true, counts: countsJson(c), invalidation: s === null ? null : sprtJson(s.invalidation), downtime: s === null ? null : sprtJson(s.downtime) };
}

/** The final counts' statistics for people, each line saying what it is not. */
export function finalCountsLines(c: StepCounts, s: FinalCountsStatistics | null): string[] {
  const out = [
    `Final counts (the epoch performance summary: ${groupDigits(c.validated)} validated and ${groupDigits(c.invalidated)} invalidated inferences, ${groupDigits(c.missed)} missed requests of ${groupDigits(c.inferences + c.missed)} assigned)`,
    "  NOT the chain's path: the chain tests at every update, a summary holds none. As one batch from zero (each statistic is additive over batches):",
  ];
  if (s === null) return [...out, "  no validation params to test them with"];
  for (const [name, t] of [["invalidation SPRT", s.invalidation], ["downtime SPRT", s.downtime]] as const) {
    if (t.llr === null) out.push(`  ${name}: could not run (${t.error})`);
    else out.push(`  ${name}: log-likelihood ratio ${num(t.llr)} vs H ${num(t.h)}: ${t.decision === "Fail" ? "at or beyond H, so the test fired at some update (unless another test fired first)" : "under H at the end, which does not rule out a crossing at some update"}`);
  }
  return out;
}
