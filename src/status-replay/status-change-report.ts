/** A change of the status parameters over real epochs, for voters (text) and scripts (JSON). Pure. */
import { coinsText } from "../format/coins.js";
import { groupDigits, signed } from "../format/numbers.js";
import { Decimal } from "../go/decimal.js";
import { STATUS_PARAMETERS, statusParamPath } from "../compare/status-params.js";
import type { EpochStatusChange, ParticipantStatusChange, ReplaySummary } from "./judge-status-change.js";
import type { ParamsInForce } from "./replay-input.js";
import { lackJson } from "./status-report.js";
import { statusParamIn, type StatusOverrides } from "./status-overrides.js";

/** Each parameter the change sets, against an epoch's own params: "validation_params.invalidation_h_threshold 4 → 40"; `changed` false where it sets the value in force. */
export function changeLines(baseline: ParamsInForce | null, overrides: StatusOverrides): { parameter: string; from: string | null; to: string; unit: string; changed: boolean }[] {
  return STATUS_PARAMETERS.filter((q) => overrides[q.key] !== undefined).map((q) => {
    const was = baseline === null ? null : statusParamIn(baseline, q.key);
    const v = overrides[q.key]!;
    // null: the change leaves it out (a nil Decimal in Go)
    if (v === null) return { parameter: statusParamPath(q), from: was === null ? null : Decimal.fromChain(was).toString(), to: "nil", unit: q.unit, changed: was !== null };
    const to = Decimal.fromChain(v);
    return { parameter: statusParamPath(q), from: was === null ? null : Decimal.fromChain(was).toString(), to: to.toString(), unit: q.unit, changed: was === null || !Decimal.fromChain(was).equal(to) };
  });
}

const exclusionWords = (x: ReplaySummary["excluded"]): string => (x === null ? "not excluded" : `excluded at block ${groupDigits(x.height)} (${x.reason})`);

function rowWords(r: ParticipantStatusChange): string {
  const coins = r.coins === null ? "" : `; paid ${coinsText(r.coins.paid)} → ${coinsText(r.coins.withChange)}`;
  switch (r.verdict) {
    case "spared":
      return `${r.address}: spared: ${exclusionWords(r.baseline.excluded)} with the params in force, not excluded with the change${coins}`;
    case "newly-excluded":
      return `${r.address}: newly excluded: ${exclusionWords(r.proposal.excluded)} with the change${coins}`;
    case "changed":
      return `${r.address}: ${exclusionWords(r.baseline.excluded)} → ${exclusionWords(r.proposal.excluded)}${coins}`;
    case "unknown":
      return `${r.address}: unknown (${r.chainRecord ? `the chain excluded it at block ${groupDigits(r.chainRecord.height)}, ${r.chainRecord.reason}; ` : ""}missing: ${r.missing?.input ?? "an input"})`;
    case "same":
      return `${r.address}: ${exclusionWords(r.baseline.excluded)} either way`;
  }
}

/** The section a voter reads: per epoch who the change spares, newly excludes, or cannot be told, and the coins. */
export function statusChangeLines(epochs: readonly EpochStatusChange[], changes: ReturnType<typeof changeLines>, notes: readonly string[], options: { rows?: number } = {}): string[] {
  const moved = changes.filter((c) => c.changed);
  const kept = changes.length - moved.length;
  const what = moved.length === 0 ? "changes none of them" : `sets ${moved.map((c) => `${c.parameter} ${c.from ?? "(not set)"} → ${c.to} (${c.unit})`).join(", ")}`;
  const out = [`In-epoch status tests: against the epochs' own params, the change ${what}${kept > 0 ? `; ${kept} more set to the value in force` : ""} (each participant replayed update by update, as gonka-spec status ADDRESS does)`];
  for (const n of notes) out.push(`  note: ${n}`);
  const rows = options.rows ?? 20;
  for (const e of epochs) {
    const count = (v: ParticipantStatusChange["verdict"]) => e.participants.filter((r) => r.verdict === v).length;
    out.push(`  epoch ${groupDigits(e.epoch)} (${e.participants.length} participants, ${e.from}): ${count("spared")} spared, ${count("newly-excluded")} newly excluded, ${count("changed")} excluded otherwise, ${count("same")} the same, ${count("unknown")} unknown (an input missing)`);
    const listed = e.participants.filter((r) => r.verdict !== "same");
    for (const r of listed.slice(0, rows)) out.push(`    ${rowWords(r)}`);
    if (listed.length > rows) out.push(`    … and ${listed.length - rows} more (--json lists every one)`);
    if (e.notPriced !== null) out.push(`    coins not computed: ${e.notPriced}`);
    if (e.totals !== null) out.push(`    reward coins of the epoch: ${coinsText(e.totals.paid)} paid → ${coinsText(e.totals.withChange)} with the change (${signed(e.totals.withChange - e.totals.paid)} ngonka; the participants it does not move ${signed(e.othersDelta ?? 0n)} ngonka in all, through the power cap and the shares of the epoch's reward)`);
    const missing = [...new Set(e.participants.filter((r) => r.verdict === "unknown" && r.missing !== null).map((r) => r.missing!.input.replace(/gonka1[0-9a-z]+/g, "ADDRESS")))];
    if (missing.length > 0) out.push(`    what is missing for the unknown: ${missing.slice(0, 4).join("; ")}${missing.length > 4 ? `; and ${missing.length - 4} more` : ""}`);
  }
  return out;
}

const summaryJson = (s: ReplaySummary) => ({ available: s.available, excluded: s.excluded, stoppedAt: s.stoppedAt === null ? null : lackJson(s.stoppedAt) });

/** The JSON of the section (`statusChange`). */
export function statusChangeJson(epochs: readonly EpochStatusChange[], changes: ReturnType<typeof changeLines>, notes: readonly string[]): object {
  return {
    changes,
    notes,
    epochs: epochs.map((e) => ({
      epoch: e.epoch,
      source: e.from,
      notPriced: e.notPriced,
      totals: e.totals,
      othersDelta: e.othersDelta,
      participants: e.participants.map((r) => ({ address: r.address, verdict: r.verdict, chainRecord: r.chainRecord ?? null, baseline: summaryJson(r.baseline), withChange: summaryJson(r.proposal), missing: r.missing === null ? null : lackJson(r.missing), coins: r.coins })),
    })),
  };
}
