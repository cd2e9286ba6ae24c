/** The `gonka-spec proposal` text: what a governance proposal does, in words, every amount with its unit. */
import { groupDigits } from "../format/numbers.js";
import { textTable } from "../compare/table.js";
import { CHAIN_VERSIONS } from "../versions/chain-version.js";
import { FAMILY_COVERAGE } from "../versions/rule-families.js";
import type { Coin } from "./proposal.js";
import { statusWords } from "./proposal.js";
import { DENOM, type MessageJudgement, type ParamChangeView, type ProposalJudgement, type RestitutionRow } from "./judge.js";
import { gnkText } from "./stated-figures.js";
import { STATUS_TESTS, unitAfter } from "./params-catalog.js";

/** A parameter value for people: integers grouped, empty strings quoted, lists by their length. */
function valueText(v: string | null, list: boolean, nil = false): string {
  if (v === null) return "(none)";
  if (nil) return "nil (left out)";
  if (list) {
    const n = (JSON.parse(v) as string[]).length;
    return `${n} ${n === 1 ? "entry" : "entries"}`;
  }
  if (v === "") return '""';
  return /^-?\d{4,}$/.test(v) ? groupDigits(BigInt(v)) : v;
}

/** How a change's values read: as a list (by length), with which unit after a value (singular after 1; none after "(none)"), and what follows the new value (GNK of an ngonka amount, a list's additions and removals). */
function parts(c: ParamChangeView): { list: boolean; unit: (v: string | null) => string; tail: string } {
  const list = c.added !== undefined || /^\[/.test(c.new ?? c.old ?? "");
  const money = c.unit === "ngonka" && c.new !== null && /^\d+$/.test(c.new) ? ` (${gnkText(BigInt(c.new))} GNK)` : "";
  const lists = c.added !== undefined ? `${c.added.length ? `; adds ${c.added.join(", ")}` : ""}${c.removed!.length ? `; removes ${c.removed!.join(", ")}` : ""}` : "";
  return { list, unit: (v) => (c.unit && !list && v !== null ? ` ${unitAfter(v, c.unit)}` : ""), tail: `${money}${lists}` };
}

/** What a 0 of `c` means, after its unit, where the catalog says it is no plain zero: " (unset: …)". */
const zeroNote = (c: ParamChangeView, v: string | null): string => (c.zero !== undefined && v === "0" ? ` (${c.zero})` : "");

/** The old and new value of a change for people, each with its unit: "15,391 blocks" and "0 blocks"; "(not recorded)" when the params in force lack it. */
export function changeWords(c: ParamChangeView): { oldText: string; newText: string } {
  const { list, unit, tail } = parts(c);
  const old = c.oldNil ? valueText(c.old, list, true) : `${valueText(c.old, list)}${unit(c.old)}${zeroNote(c, c.old)}`;
  const neu = c.newNil ? valueText(c.new, list, true) : `${valueText(c.new, list)}${unit(c.new)}${zeroNote(c, c.new)}${tail}`;
  return { oldText: c.status === "not-recorded" ? "(not recorded)" : old, newText: neu };
}

/** "0.1 → 0.25 fraction of each model's weight" (or "0.25 …" when the params in force lack it); a value with a note of its own reads with its unit each. */
export function changeText(c: ParamChangeView): string {
  if (c.oldNil || c.newNil || zeroNote(c, c.old) !== "" || zeroNote(c, c.new) !== "") {
    const w = changeWords(c);
    return c.status === "not-recorded" ? w.newText : `${w.oldText} → ${w.newText}`;
  }
  const { list, unit, tail } = parts(c);
  const body = c.status === "not-recorded" ? valueText(c.new, list) : `${valueText(c.old, list)} → ${valueText(c.new, list)}`;
  return `${body}${unit(c.new ?? c.old)}${tail}`;
}

/** "946,509.925001558 GNK (946,509,925,001,558 ngonka)"; another denom as written. */
export function coinText(c: Coin): string {
  return c.denom === DENOM ? `${gnkText(c.amount)} GNK (${groupDigits(c.amount)} ngonka)` : `${groupDigits(c.amount)} ${c.denom}`;
}

function coinsText(cs: Coin[]): string {
  return cs.length === 0 ? "nothing" : cs.map(coinText).join(" + ");
}

/** "the preserved-set sampler (…); compare/backtest: PocSlotAllocation": who reads a parameter, and whether compare and backtest vary it. */
function readerText(c: ParamChangeView): string {
  return `${c.readBy}${c.modelled !== null ? `; compare/backtest: ${c.modelled}` : c.readBy === STATUS_TESTS ? "; not modelled by compare" : "; not modelled by compare/backtest"}`;
}

function paramsLines(m: Extract<MessageJudgement, { kind: "update-params" }>, runAs: string): string[] {
  const out: string[] = [`  authority ${m.authority}; sets all ${m.set} parameters of x/inference (a MsgUpdateParams replaces the whole Params)`];
  if (m.inForce === null) out.push("  against: no params in force given");
  else out.push(`  against the params in force: ${m.inForce.source}${m.inForce.complete ? "" : " (records only what the rules read)"}`);
  if (m.refused.length > 0) {
    out.push(`  REFUSED BY THE CHAIN: Params.Validate (${m.validateVersion}) refuses ${m.refused.length} of the values this message sets, so it fails when executed and nothing changes (the proposal ends failed):`);
    for (const r of m.refused) out.push(`    ${r.path}${r.value === null ? " (left out)" : ` ${r.value === "" ? '""' : r.value}`}: ${r.rule}${r.kept ? " (the value in force too)" : ""}`);
  }
  const changed = m.changes.filter((c) => c.status === "changed");
  const unknown = m.changes.filter((c) => c.status === "not-recorded");
  // every change first, old → new, whoever reads it; then which of them the port reads
  if (m.inForce !== null) out.push(`  ${changed.length === 0 ? "changes nothing" : `changes ${changed.length} parameter${changed.length === 1 ? "" : "s"}`}${m.unchanged > 0 ? `; ${m.unchanged} set to the value in force` : ""}${changed.length > 0 ? ":" : ""}`);
  for (const c of changed) out.push(`    ${c.path}: ${changeText(c)}`);
  const read = changed.filter((c) => c.readBy !== null);
  if (changed.length > 0) {
    out.push(read.length === 0 ? `  no rule of the port reads ${changed.length === 1 ? "it" : "any of them"}: compare and backtest run with the value${changed.length === 1 ? "" : "s"} in force` : `  of these, the port reads ${read.length}${read.length < changed.length ? ` (no rule of the port reads the other ${changed.length - read.length})` : ""}:`);
    for (const c of read) out.push(`    ${c.path}: ${readerText(c)}`);
  }
  if (unknown.length > 0) {
    const modelled = unknown.filter((c) => c.readBy !== null);
    out.push(`  ${unknown.length} parameter${unknown.length === 1 ? "" : "s"} the params in force do not record (so whether they change is unknown)${modelled.length ? "; of these the port reads:" : ""}`);
    for (const c of modelled) out.push(`    ${c.path}: ${changeText(c)} (read by ${readerText(c)})`);
  }
  for (const u of m.unknownFields) out.push(`  unknown field ${u.path}: ${u.detail}`);
  if (m.changes.some((c) => c.modelled !== null && c.status === "changed")) {
    out.push(`  what the modelled changes do to the preserved set, the miss test and settlement: run it as B of gonka-spec compare or backtest (${runAs})`);
  }
  return out;
}

function transferLines(m: Extract<MessageJudgement, { kind: "transfers" }>): string[] {
  const vesting = m.vestingEpochs === null ? "paid at once" : m.vestingEpochs === 0n ? "no vesting (0 epochs)" : `vesting over ${groupDigits(m.vestingEpochs)} epochs`;
  const out = [
    `  from ${m.sender} to ${m.outputs.length} recipient${m.outputs.length === 1 ? "" : "s"}${m.distinctRecipients !== m.outputs.length ? ` (${m.distinctRecipients} distinct)` : ""}, ${vesting}`,
    `  total ${coinsText(m.totals)}`,
  ];
  const onlyNgonka = m.outputs.every((o) => o.coins.length === 1 && o.coins[0]!.denom === DENOM);
  const rows = m.outputs.map((o) => (onlyNgonka ? [o.recipient, gnkText(o.coins[0]!.amount), groupDigits(o.coins[0]!.amount)] : [o.recipient, coinsText(o.coins)]));
  const table = onlyNgonka ? textTable(["recipient", "amount (GNK)", "amount (ngonka)"], rows) : textTable(["recipient", "amount"], rows, ["left", "left"]);
  out.push(...table.split("\n").map((l) => `  ${l}`));
  return out;
}

function messageLines(m: MessageJudgement, count: number, runAs: string): string[] {
  const head = `message ${m.index} of ${count}: ${m.typeUrl}`;
  switch (m.kind) {
    case "update-params":
      return [head, ...paramsLines(m, runAs)];
    case "transfers":
      return [head, ...transferLines(m)];
    case "software-upgrade": {
      const rules =
        m.rules === "known"
          ? `the port has ${m.version}'s rules`
          : m.rules === "unpinned"
            ? `the port names ${m.version} but has no exact rules for it (${FAMILY_COVERAGE.settlement.unknownNext}); heights it runs are refused`
            : m.rules === "older"
              ? `a version older than the oldest the port has rules for (v0.2.10)`
              : `the port has no rules for "${m.plan.name}" (it names ${CHAIN_VERSIONS.join(", ")}): what this version changes is not in the port`;
      return [head, `  upgrade plan "${m.plan.name}" at block ${groupDigits(m.plan.height)}: ${rules}`, ...(m.plan.info ? [`  info: ${m.plan.info}`] : [])];
    }
    case "exec-legacy-content":
      return [head, `  authority ${m.authority}; executes legacy content:`, ...(m.content === null ? ["  (no content)"] : messageLines(m.content, count, runAs).map((l) => `  ${l}`))];
    case "unknown":
      return [head, `  a message type the port does not decode (${groupDigits(m.size)} ${m.sizeUnit}): judge it from its source`];
  }
}

function restitutionLines(j: ProposalJudgement): string[] {
  const r = j.restitution!;
  const range = r.epochs.from === r.epochs.to ? `epoch ${r.epochs.from}` : `epochs ${r.epochs.from}–${r.epochs.to}`;
  const held = r.inputEpochs.length === 0 ? "no epochs" : `epoch${r.inputEpochs.length === 1 ? "" : "s"} ${r.inputEpochs.join(", ")}`;
  const out = [`what settlement paid the recipients in ${range} (named in the ${/epoch/i.test(j.proposal.title) ? "title" : "summary"}; the port's settle):`];
  if (r.missing.length > 0) out.push(`  not available: ${r.available.length === 0 ? `none of ${range}` : r.missing.join(", ")} (the inputs hold ${held})`);
  if (r.available.length === 0) return out;
  out.push(`  settled: ${r.versions.map((v) => `epoch ${v.epoch} on ${v.version} rules`).join(", ")}`);
  // the port's figure is no fact where the chain recorded another: said per epoch, and in the cell
  const differing = r.versions.filter((v) => v.differ !== null && v.differ > 0);
  for (const v of r.versions) {
    if (v.differ === null) out.push(`  epoch ${v.epoch}: the inputs record no payout to check the port's settle against`);
    else if (v.differ > 0) out.push(`  epoch ${v.epoch}: the port's settle pays ${v.participants - v.differ} of ${v.participants} participants what the chain recorded; ${v.differ} differ (gonka-spec settle --rest-dump DIR --epoch ${v.epoch} says what they read in doubt)`);
  }
  const cell = (p: RestitutionRow["paid"][number]): string => {
    if (!p.participated) return p.chain === null ? "not a participant" : p.chain === 0n ? "0" : `0 ≠ chain ${groupDigits(p.chain)}`;
    const port = p.reward + p.work;
    return p.chain !== null && p.chain !== port ? `${groupDigits(port)} ≠ chain ${groupDigits(p.chain)}` : groupDigits(port);
  };
  const headers = ["recipient", "proposed (GNK)", ...r.available.map((e) => `paid ${e} (ngonka)`), "paid in all (GNK)"];
  const rows = r.rows.map((x) => [x.recipient, gnkText(x.proposed), ...x.paid.map(cell), gnkText(x.paidTotal)]);
  out.push(...textTable(headers, rows).split("\n").map((l) => `  ${l}`));
  out.push(`  (paid = reward coins + work coins of the port's settlement of the epoch${differing.length > 0 ? "; \"≠ chain X\": the chain recorded paying X (rewarded_coins + earned_coins), so the port's figure there is not what the chain paid, and \"paid in all\" is the port's sum" : ""})`);
  return out;
}

/** The whole text. */
export function proposalText(j: ProposalJudgement): string {
  const p = j.proposal;
  const out: string[] = [`proposal ${p.id}: ${p.title || "(no title)"}`];
  const times = [p.votingEndTime && `voting ends ${p.votingEndTime}`, p.submitTime && `submitted ${p.submitTime}`].filter(Boolean).join("; ");
  out.push(`  ${statusWords(p.status)} (${p.status})${times ? `; ${times}` : ""}${p.expedited ? "; expedited" : ""}${p.failedReason ? `; failed: ${p.failedReason}` : ""}`);
  out.push(`  proposer ${p.proposer || "(none)"}; deposit ${coinsText(p.totalDeposit)}${p.metadata ? `; metadata ${p.metadata}` : ""}`);
  const form = p.form === "protobuf" ? "protobuf" : p.form === "amino-json" ? "amino JSON" : "proto JSON";
  out.push(`  read from ${p.label} (${form}${p.height !== null ? `, the node's answer at height ${groupDigits(p.height)}` : ""})`);
  if (p.finalTally !== null && [p.finalTally.yes, p.finalTally.no, p.finalTally.abstain, p.finalTally.noWithVeto].some((x) => x !== "" && x !== "0")) {
    // the chain's TallyResult counts: voting power (each voter's bonded tokens), grouped as every count is
    const vp = (x: string): string => (/^\d+$/.test(x) ? groupDigits(BigInt(x)) : x);
    const t = p.finalTally;
    out.push(`  final tally, in voting power (the chain's TallyResult counts): yes ${vp(t.yes)}, no ${vp(t.no)}, abstain ${vp(t.abstain)}, no with veto ${vp(t.noWithVeto)}`);
  }
  if (p.summary) out.push(`summary: ${p.summary}`);
  out.push("");
  if (j.messages.length === 0) out.push("no messages: a text proposal (it changes nothing on chain)");
  const runAs = /^https?:\/\//.test(p.label) ? `--node URL --b-proposal ${p.id}` : `--b ${p.label}`;
  for (const m of j.messages) out.push(...messageLines(m, j.messages.length, runAs), "");
  if (j.stated.length > 0) out.push("stated in the title and summary:", ...j.stated.map((s) => `  ${s.detail}`), "");
  if (j.restitution !== null) out.push(...restitutionLines(j), "");
  if (j.notes.length > 0) out.push("notes:", ...j.notes.map((n) => `  - ${n}`));
  return out.join("\n").trimEnd();
}
