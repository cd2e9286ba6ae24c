/**
 * `settle`'s restitution (docs/restitution.md): what the epoch would have paid had an exclusion not fired,
 * each excluded participant alone or all together, from the same settlement (src/settlement/restitution.ts);
 * its flags, its text, its JSON (a `restitution` section of settle@1, and the gonka-spec/restitution@1
 * document of `--restitution FILE.json`) and its CSV file.
 */
import { InputError, describeValue } from "../../errors.js";
import { Decimal } from "../../go/decimal.js";
import { writeFileAtomic } from "../../fs/files.js";
import { coinsText, gnkCell, signedCoinsText } from "../../format/coins.js";
import { groupDigits } from "../../format/numbers.js";
import { textTable } from "../../compare/table.js";
import type { SettlementInputs } from "../../sources/settlement-inputs.js";
import type { Settlement } from "../../settlement/settle-accounts.js";
import type { SettlementAssumption } from "../../settlement/settlement-input.js";
import { EXCLUSION_REASON_STATUS, type Exclusion } from "../../settlement/settlement-types.js";
import { chooseRestituted, excludedParticipants, restitute, type Counterfactual, type Restitution, type RestitutionMode, type RestitutionRow, type RestitutionTotals } from "../../settlement/restitution.js";
import { corroboratedAssumptions, rowAssumptions, type RowAssumption } from "../../settlement/restitution-assumptions.js";
import { counterfactualName, restitutionCsv } from "../../settlement/restitution-csv.js";
import { flagTaken, str, type Parsed } from "../args.js";
import { jsonDocument } from "../json-output.js";
import { refuseOutputInsideDumps } from "../output-path.js";

export const RESTITUTION_OPTIONS = {
  restitution: { type: "string" },
  together: { type: "boolean" },
  reason: { type: "string", multiple: true },
} as const;

export const RESTITUTION_USAGE = `Restitution (docs/restitution.md): what the epoch would have paid had an exclusion not fired, computed
by the same settlement with the participant ACTIVE (not excluded) and every other input as recorded.
--address A of an excluded participant prints it; these flags choose and write it:
  --restitution FILE   write it: FILE.csv (a header row, one row per affected address, ngonka as exact
                       integers) or FILE.json (schema gonka-spec/restitution@1); --json also adds it to
                       the settle@1 document as "restitution"
  --together           one settlement with every chosen exclusion lifted (default: each alone, one
                       settlement each: the restitution of that participant and what it moves)
  --reason R           only exclusions for reason R (repeatable), as the chain writes them:
                       ${Object.keys(EXCLUSION_REASON_STATUS).join(", ")}
  --address A          (repeatable) only A's exclusion
Default: every excluded participant of the epoch (status INVALID or INACTIVE), each alone.`;

/** What the flags ask of the restitution. */
export interface RestitutionRequest {
  file: string | undefined;
  format: "csv" | "json" | undefined;
  mode: RestitutionMode;
  reasons: string[] | undefined;
  /** A restitution flag was given: the restitution is answered even without an excluded --address. */
  explicit: boolean;
}

/** Every value of a repeatable string flag (undefined when not given). */
export function strings(p: Parsed, name: string): string[] | undefined {
  const v = p.values[name];
  if (v === undefined) return undefined;
  return (Array.isArray(v) ? v : [v]).map(String);
}

/** The restitution flags, checked before anything is read (the output file's name, its place). */
export function restitutionRequest(p: Parsed): RestitutionRequest {
  const file = str(p, "restitution");
  let format: RestitutionRequest["format"];
  if (file !== undefined) {
    const m = /\.(csv|json)$/i.exec(file.trim());
    if (file.trim() === "" || m === null) throw new InputError(`expected a file name ending in .csv or .json (the format is chosen by it), got ${describeValue(file)}`, "--restitution");
    format = m[1]!.toLowerCase() as "csv" | "json";
    const dirs = strings(p, "rest-dump");
    if (dirs !== undefined) refuseOutputInsideDumps(file, dirs, "--restitution", "a restitution file");
  }
  const reasons = strings(p, "reason");
  return { file, format, mode: p.values.together === true ? "together" : "alone", reasons, explicit: file !== undefined || p.values.together === true || reasons !== undefined };
}

export interface RestitutionAnswer {
  restitution: Restitution;
  /** Per counterfactual, per row: the assumed inputs it reads. */
  marks: Map<Counterfactual, RowAssumption[][]>;
  /** Shared inputs the source assumed and the chain's records corroborate (the settlement as run reproduced every recorded row). */
  corroborated: SettlementAssumption[];
  /** The excluded participants of the epoch (before any choice). */
  excluded: number;
  selection: { addresses: string[] | null; reasons: string[] | null };
  /** The statuses themselves rest on an assumption that could change rows (no excluded-participants answer): who was excluded is not known. */
  statusesAssumed: SettlementAssumption | undefined;
}

const reasonWords = (e: Exclusion): string => `${e.reason.replaceAll("_", " ")} at block ${groupDigits(e.exclusionBlockHeight)}`;

/**
 * The restitution the flags and --address choose, or null when none is asked (no restitution flag and no
 * --address of an excluded participant). `l.assumptions` are those the version run reads; `matched`: the
 * settlement as run reproduced every row the source records the chain paid.
 */
export function answerRestitution(req: RestitutionRequest, addresses: string[] | undefined, l: SettlementInputs, s: Settlement, matched: boolean): RestitutionAnswer | null {
  const excluded = excludedParticipants(s);
  const statusesAssumed = l.assumptions.find((a) => a.warning !== true && a.rowsAffected > 0 && a.fills?.parts.includes("status") === true && a.fills.addresses !== undefined && a.fills.addresses.length >= s.participants.length);
  // Every status assumed (no excluded-participants answer): "nobody excluded", "ACTIVE at settlement" and an
  // empty restitution file would each state the assumption as the chain's fact. A restitution asked for is refused.
  if (statusesAssumed !== undefined && req.explicit) {
    const flag = req.file !== undefined ? "--restitution" : req.mode === "together" ? "--together" : "--reason";
    throw new InputError(`who was excluded in epoch ${s.epoch} is not known: the source holds no excluded-participants answer of the epoch (${statusesAssumed.input}: ${statusesAssumed.assumption}); a restitution needs it`, flag);
  }
  const chosen = chooseRestituted(s, { ...(addresses !== undefined ? { addresses } : {}), ...(req.reasons !== undefined ? { reasons: req.reasons } : {}), asked: req.explicit });
  if (chosen === null) return null;
  const restitution = restitute(l.input, s.version, s, chosen.map((p) => p.address), req.mode);
  const marks = new Map(restitution.counterfactuals.map((cf) => [cf, cf.rows.map((r) => rowAssumptions(r, cf, l.assumptions, matched, s.version))] as const));
  return {
    restitution,
    marks,
    corroborated: corroboratedAssumptions(l.assumptions, matched),
    excluded: excluded.length,
    selection: { addresses: addresses ?? null, reasons: req.reasons ?? null },
    statusesAssumed,
  };
}

const sum = (rows: readonly RestitutionRow[], f: (r: RestitutionRow) => bigint): bigint => rows.reduce((t, r) => t + f(r), 0n);
const capText = (c: bigint | null): string => (c === null ? "not binding" : groupDigits(c));
const coins = (r: RestitutionRow["paid"]): bigint => r.rewardCoins + r.workCoins;

/** The JSON body (settle@1's `restitution`, and the restitution@1 document without its envelope). */
export function restitutionJson(a: RestitutionAnswer): object {
  const r = a.restitution;
  const totals = (t: RestitutionTotals): object => ({ ...t, p0: Decimal.fromChain(t.p0).toString() });
  const side = (x: RestitutionRow["paid"]): object => ({ ...x, coins: coins(x) });
  return {
    mode: r.mode,
    denom: "ngonka",
    lifted: "status ACTIVE (not excluded), every other input as recorded",
    excludedParticipants: a.excluded,
    selection: a.selection,
    corroborated: a.corroborated.map((x) => ({ input: x.input, assumption: x.assumption })),
    statusesAssumed: a.statusesAssumed === undefined ? null : { input: a.statusesAssumed.input, assumption: a.statusesAssumed.assumption },
    counterfactuals: r.counterfactuals.map((cf) => ({
      name: counterfactualName(r, cf),
      restituted: cf.restituted,
      paid: totals(cf.paid),
      wouldHaveBeenPaid: totals(cf.would),
      difference: { reward: cf.would.distributed - cf.paid.distributed, work: cf.would.workCoins - cf.paid.workCoins, total: sum(cf.rows, (x) => x.difference) },
      rows: cf.rows.map((x, i) => ({
        address: x.address,
        restituted: x.restituted,
        exclusion: x.restituted && x.exclusion !== null ? { reason: x.exclusion.reason, exclusionBlockHeight: x.exclusion.exclusionBlockHeight } : null,
        paid: side(x.paid),
        wouldHaveBeenPaid: side(x.would),
        difference: x.difference,
        stillZeroBy: x.stillZeroBy,
        notComputable: a.marks.get(cf)![i]!.map((m) => ({ input: m.input, assumption: m.assumption, lack: m.lack, parts: m.parts, changes: m.changes })),
      })),
    })),
  };
}

/** The file --restitution names, in its format (atomically: a temporary file, then a rename). */
export function writeRestitution(req: RestitutionRequest, a: RestitutionAnswer, envelope: object): void {
  if (req.file === undefined) return;
  const text =
    req.format === "json"
      ? `${jsonDocument("restitution", { ...envelope, ...restitutionJson(a) })}\n`
      : restitutionCsv(a.restitution, (cf, i) => a.marks.get(cf)![i]!);
  writeFileAtomic(req.file, text, "the restitution");
}

/** The rows in files: every counterfactual's. */
export function restitutionRowCount(a: RestitutionAnswer): number {
  return a.restitution.counterfactuals.reduce((n, cf) => n + cf.rows.length, 0);
}

/** Each distinct lack once, keyed a, b, c, … z, a2, b2, … (for a column of marks and its footnotes). */
function lackKeys(a: RestitutionAnswer): Map<string, string> {
  const keys = new Map<string, string>();
  for (const rows of a.marks.values()) {
    for (const ms of rows) {
      for (const m of ms) {
        if (keys.has(m.lack)) continue;
        const n = keys.size;
        keys.set(m.lack, `${String.fromCharCode(97 + (n % 26))}${n < 26 ? "" : Math.floor(n / 26) + 1}`);
      }
    }
  }
  return keys;
}

/** The text section (after settle's own), in lines. */
export function restitutionText(a: RestitutionAnswer, req: RestitutionRequest, p: Parsed): string[] {
  const r = a.restitution;
  const out: string[] = [""];
  const takes = (f: string): boolean => flagTaken(p, f);
  const n = r.counterfactuals.length;
  const chosenN = r.mode === "together" ? (r.counterfactuals[0]?.restituted.length ?? 0) : n;
  const what = "the same settlement with the participant ACTIVE (not excluded) and every other input as recorded";
  if (chosenN === 0) {
    const none = a.excluded === 0 ? `no participant of epoch ${r.epoch} was excluded` : `none of the ${a.excluded} excluded participants of epoch ${r.epoch} is chosen (${a.selection.reasons !== null ? `--reason ${a.selection.reasons.join(", ")}` : "--address"})`;
    out.push(`restitution: ${none}: nothing to restitute`);
    if (a.statusesAssumed !== undefined) out.push(`  not computable who was excluded: ${a.statusesAssumed.input}: ${a.statusesAssumed.assumption}`);
  } else if (r.mode === "together") {
    out.push(`restitution, had the exclusions not fired: all ${chosenN} chosen excluded participants together, in one settlement (${what.replace("the participant", "each of them")}; without --together each is restituted alone):`);
  } else if (n === 1) {
    out.push(`restitution, had the exclusion not fired (${what}):`);
  } else {
    out.push(`restitution, had the exclusion not fired: each of the ${n} chosen excluded participants alone, one settlement each (${what}${takes("together") ? "; --together runs one with all of them" : ""}):`);
  }
  const keys = lackKeys(a);
  const markOf = (cf: Counterfactual, i: number): string => [...new Set(a.marks.get(cf)![i]!.map((m) => keys.get(m.lack)!))].join(",");
  const single = r.mode === "alone" && n === 1;
  if (single) out.push(...singleText(a, r.counterfactuals[0]!, keys));
  else if (chosenN > 0) {
    const rows: string[][] = [];
    for (const cf of r.counterfactuals) {
      const shown = r.mode === "together" ? cf.rows.filter((x) => x.restituted || x.difference !== 0n) : cf.rows.filter((x) => x.restituted);
      for (const x of shown) {
        const i = cf.rows.indexOf(x);
        const others = r.mode === "together" ? "" : othersText(cf);
        rows.push([x.address, x.restituted && x.exclusion !== null ? reasonWords(x.exclusion) : x.restituted ? `status ${x.paid.status}` : "(not excluded)", gnkCell(coins(x.paid)), gnkCell(coins(x.would)), signedCell(x.difference), ...(r.mode === "together" ? [] : [others]), markOf(cf, i)]);
      }
    }
    const head = ["participant", "cause", "paid (GNK)", "would have been paid (GNK)", "difference (GNK)", ...(r.mode === "together" ? [] : ["others' pay"]), "rests on"];
    out.push(textTable(head, rows, ["left", "left"]));
    out.push(...summaryText(a));
  }
  if (keys.size > 0) {
    out.push("not computable from the inputs (each row marked with its letter; its figures are what the assumption gives):");
    for (const [lack, k] of keys) {
      const rowsN = [...a.marks.values()].reduce((t, rs) => t + rs.filter((ms) => ms.some((m) => m.lack === lack)).length, 0);
      const m = [...a.marks.values()].flat(2).find((x) => x.lack === lack)!;
      out.push(`  ${k}: ${lack}${m.flag !== undefined && takes(m.flag) ? ` [${m.flag}]` : ""}; in a restitution row it could change ${m.changes} (${rowsN} row${rowsN === 1 ? "" : "s"})`);
    }
  }
  if (a.corroborated.length > 0) {
    out.push(`shared inputs the source assumed, corroborated by the chain's records (the same settlement pays every recorded row exactly as the chain did): ${a.corroborated.map((x) => x.brief ?? x.input).join("; ")}`);
  }
  if (req.file !== undefined) out.push(`written ${req.file} (${req.format === "json" ? "JSON, schema gonka-spec/restitution@1" : "CSV"}; ${restitutionRowCount(a)} row${restitutionRowCount(a) === 1 ? "" : "s"})`);
  return out;
}

const signedCell = (x: bigint): string => (x === 0n ? "0" : x > 0n ? `+${gnkCell(x)}` : gnkCell(x));

/** Alone: the other rows a restitution moves, in a few words. */
function othersText(cf: Counterfactual): string {
  const moved = cf.rows.filter((x) => !x.restituted);
  if (moved.length === 0) return "unchanged";
  const d = sum(moved, (x) => x.difference);
  return `${moved.length} moved (${d === 0n ? "0" : signedCell(d)})`;
}

/** The lines under the table: totals, who else moved and why, who stays at 0. */
function summaryText(a: RestitutionAnswer): string[] {
  const r = a.restitution;
  const out: string[] = [];
  const cfs = r.counterfactuals;
  const total = cfs.reduce((t, cf) => t + sum(cf.rows, (x) => x.difference), 0n);
  if (r.mode === "together") {
    const cf = cfs[0]!;
    const unchanged = cf.rows.filter((x) => !x.restituted && x.difference === 0n).length;
    out.push(`every other participant: unchanged (${unchanged})`);
    out.push(`distributed ${coinsText(cf.paid.distributed)} → ${coinsText(cf.would.distributed)} (${signedCoinsText(cf.would.distributed - cf.paid.distributed)}, out of what went to governance); work coins ${signedCoinsText(cf.would.workCoins - cf.paid.workCoins)}; every row's difference together: ${signedCoinsText(total)}`);
    out.push(`power cap ${capText(cf.paid.powerCap)} → ${capText(cf.would.powerCap)}; total full weight ${groupDigits(cf.paid.totalFullWeight)} on both sides (it counts every excluded participant's weight already)`);
  } else {
    out.push(`the ${cfs.length} restitutions add up to ${signedCoinsText(total)} (separate settlements: their sum is not one settlement's; --together gives that one)`);
    const moving = cfs.filter((cf) => cf.rows.some((x) => !x.restituted));
    if (moving.length === 0) {
      out.push(`no other participant's pay moves in any of them: the denominator (total full weight ${groupDigits(cfs[0]!.paid.totalFullWeight)}) already counts every excluded participant's weight, and the power cap (${capText(cfs[0]!.paid.powerCap)}) is the same after each`);
    } else {
      out.push("others whose pay a restitution moves (through the power cap over the ACTIVE weights, or delegation):");
      for (const cf of moving) {
        const moved = cf.rows.filter((x) => !x.restituted);
        out.push(`  restituting ${cf.restituted[0]} (power cap ${capText(cf.paid.powerCap)} → ${capText(cf.would.powerCap)}): ${moved.slice(0, 5).map((x) => `${x.address} ${signedCell(x.difference)}`).join(", ")}${moved.length > 5 ? ` and ${moved.length - 5} more (the file lists every row)` : ""}`);
      }
    }
  }
  const still = cfs.flatMap((cf) => cf.rows.filter((x) => x.restituted && x.would.rewardCoins === 0n));
  if (still.length > 0) {
    out.push("still no reward with the exclusion lifted (what else keeps it at 0, as the settlement found it):");
    for (const x of still) out.push(`  ${x.address}: ${x.stillZeroBy.length === 0 ? "no reward weight" : x.stillZeroBy.join(", ")}`);
  }
  return out;
}

/** `settle --address A` of one excluded participant: the restitution in full. */
function singleText(a: RestitutionAnswer, cf: Counterfactual, keys: Map<string, string>): string[] {
  const out: string[] = [];
  const x = cf.rows[0]!;
  const marks = a.marks.get(cf)![0]!;
  out.push(`  ${x.address}${x.exclusion === null ? ` (status ${x.paid.status}, no exclusion record)` : `: excluded (${reasonWords(x.exclusion)}), status ${x.paid.status}`}`);
  out.push(`    paid ${coinsText(coins(x.paid))}`);
  out.push(`    would have been paid ${coinsText(coins(x.would))}: reward ${coinsText(x.would.rewardCoins)} on reward weight ${groupDigits(x.would.rewardWeight)}, work ${coinsText(x.would.workCoins)}`);
  out.push(`    difference ${signedCoinsText(x.difference)}${x.would.rewardCoins > 0n ? ", out of what went to governance" : ""}`);
  if (x.would.rewardCoins === 0n) out.push(`    still no reward with the exclusion lifted: ${x.stillZeroBy.length === 0 ? "no reward weight" : x.stillZeroBy.join(", ")}`);
  const others = cf.rows.slice(1);
  if (others.length === 0) {
    out.push(`    every other participant's pay: unchanged (the denominator, total full weight ${groupDigits(cf.paid.totalFullWeight)}, already counts its weight; power cap ${capText(cf.paid.powerCap)} → ${capText(cf.would.powerCap)})`);
  } else {
    out.push(`    others' pay moves (power cap ${capText(cf.paid.powerCap)} → ${capText(cf.would.powerCap)}):`);
    for (const o of others) out.push(`      ${o.address} ${signedCoinsText(o.difference)}`);
  }
  if (marks.length > 0) out.push(`    rests on: ${[...new Set(marks.map((m) => keys.get(m.lack)!))].join(", ")} (below)`);
  return out;
}

