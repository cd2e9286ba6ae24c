/**
 * What a proposal does, in terms a voter can check: for a parameter update every parameter that
 * changes (old → new, with its unit and the rule of the port that reads it), for transfers the
 * recipients, amounts and totals (beside what the title and summary state), for an upgrade whether the
 * port has that version's rules, and for a restitution what settlement paid each recipient in the
 * epochs it names. Pure: the caller reads the proposal, the params in force and the settled epochs.
 */
import { CHAIN_VERSIONS, atLeast, type ChainVersion } from "../versions/chain-version.js";
import { FAMILY_COVERAGE, familyKnows } from "../versions/rule-families.js";
import { UPGRADE_PLAN_NAMES } from "../chain/applied-plan.js";
import { catalogLeaves, type ModelledKey } from "./params-catalog.js";
import { diffParams, type ParamSet, type UnknownParam } from "./param-values.js";
import { VALIDATE_VERSION, chainRefusals, unjudgedCheck, validateVersionFor, type ChainRefusal } from "./params-validate.js";
import type { Coin, GovProposal, ProposalMessage, Transfer } from "./proposal.js";
import { agreesWithStated, gnkText, statedAmounts, statedCounts, statedEpochs } from "./stated-figures.js";
import { groupDigits } from "../format/numbers.js";

export const DENOM = "ngonka";

export interface ParamChangeView {
  path: string;
  unit: string;
  old: string | null;
  new: string | null;
  /** "changed", or "not-recorded" (the params in force lack it: whether it changes is unknown). */
  status: "changed" | "not-recorded";
  /** The rule of the port that reads it; null: none does. */
  readBy: string | null;
  /** The compare/backtest key that varies it; null: compare and backtest run with the value in force ("not modelled"). */
  modelled: ModelledKey | null;
  /** For an address list: what is added and removed. */
  added?: string[];
  removed?: string[];
  /** A Decimal the params in force (old) or the message (new) leave out: nil in Go, not the 0 its text holds. */
  oldNil?: true;
  newNil?: true;
  /** What a 0 means on the chain for this parameter, where it is not a plain zero (the catalog's note). */
  zero?: string;
}

export type MessageJudgement =
  | {
      index: number;
      kind: "update-params";
      typeUrl: string;
      authority: string;
      /** The params in force it is set against (null: none given). */
      inForce: { source: string; complete: boolean } | null;
      changes: ParamChangeView[];
      /** Parameters the message sets to the value in force. */
      unchanged: number;
      /** Parameters the message sets (every field of Params: a MsgUpdateParams replaces them all). */
      set: number;
      /** Fields the port's catalog does not know, in the message or in the params in force. */
      unknownFields: UnknownParam[];
      /**
       * Values the chain's Params.Validate refuses (./params-validate.ts): the message fails when
       * executed. `kept`: the params in force hold the same value.
       */
      refused: (ChainRefusal & { kept: boolean })[];
      /** The version whose Params.Validate judged it. */
      validateVersion: ChainVersion;
    }
  | { index: number; kind: "transfers"; typeUrl: string; sender: string; vestingEpochs: bigint | null; outputs: Transfer[]; distinctRecipients: number; totals: Coin[] }
  | { index: number; kind: "software-upgrade"; typeUrl: string; authority: string; plan: { name: string; height: bigint; info: string }; rules: "known" | "unpinned" | "older" | "unknown"; version: ChainVersion | null }
  | { index: number; kind: "exec-legacy-content"; typeUrl: string; authority: string; content: MessageJudgement | null }
  | { index: number; kind: "unknown"; typeUrl: string; size: number; sizeUnit: string };

export interface StatedCheck {
  kind: "amount" | "count";
  /** "title" or "summary". */
  where: string;
  /** The words as written. */
  text: string;
  /** The stated figure (ngonka for an amount). */
  stated: bigint;
  /** What the messages do (ngonka paid in all, or the number of outputs). */
  computed: bigint;
  agrees: boolean;
  /** One line for people. */
  detail: string;
}

/** What settlement paid one recipient in the named epochs that the inputs hold. */
export interface RestitutionRow {
  recipient: string;
  /** ngonka the proposal sends it (every message, every output). */
  proposed: bigint;
  /** `chain`: what the chain recorded paying it (rewarded_coins + earned_coins), when the inputs hold a record of it; null: none. */
  paid: { epoch: bigint; reward: bigint; work: bigint; participated: boolean; chain: bigint | null }[];
  /** Reward + work over the available epochs. */
  paidTotal: bigint;
}

export interface RestitutionView {
  epochs: { from: bigint; to: bigint; text: string };
  /** Named epochs the inputs hold, settled with the port's settle. */
  available: bigint[];
  /** Named epochs the inputs do not hold. */
  missing: bigint[];
  /** Every epoch the inputs hold. */
  inputEpochs: bigint[];
  /**
   * The chain version each available epoch was settled with, its participants (everyone the port's settle
   * or the chain's record names) and how many of them the port's settle does not pay what the chain
   * recorded (`differ`; null: the inputs record no payout).
   */
  versions: { epoch: bigint; version: ChainVersion; participants: number; differ: number | null }[];
  rows: RestitutionRow[];
}

export interface ProposalJudgement {
  proposal: GovProposal;
  messages: MessageJudgement[];
  stated: StatedCheck[];
  /** The epochs the title (or summary) names. */
  epochs: { from: bigint; to: bigint; text: string } | null;
  restitution: RestitutionView | null;
  notes: string[];
}

/** What settlement paid, by epoch then address (reward and work coins, ngonka), for the wanted epochs the inputs hold. */
export interface SettledPayouts {
  /** Every epoch the inputs hold, sorted. */
  held: bigint[];
  /** `recorded`: what the chain recorded paying each participant (reward, work), when the inputs hold it. */
  epochs: Map<bigint, { version: ChainVersion; paid: Map<string, { reward: bigint; work: bigint }>; recorded?: Map<string, { reward: bigint; work: bigint }> | null }>;
}

const LEAF_ORDER = new Map(catalogLeaves().map((l, i) => [l.path, i]));

/** Catalog order of a flat path (entries of a list sorted by name within their field). */
function order(path: string): [number, string] {
  const generic = path.replace(/\[[^\]]*\]/g, "[]");
  const entry = /\[([^\]]*)\]/.exec(path)?.[1] ?? "";
  return [LEAF_ORDER.get(generic) ?? Number.MAX_SAFE_INTEGER, entry];
}

function byCatalogOrder(a: { path: string }, b: { path: string }): number {
  const [x, xe] = order(a.path);
  const [y, ye] = order(b.path);
  return x !== y ? x - y : xe < ye ? -1 : xe > ye ? 1 : 0;
}

/** The parameter update against the params in force (or alone when none are given). */
function judgeParams(index: number, m: Extract<ProposalMessage, { kind: "update-params" }>, inForce: ParamSet | null, validateAt: ChainVersion): MessageJudgement {
  const proposed = m.params;
  const base: ParamSet = inForce ?? { source: "no params in force", complete: false, values: new Map(), unknown: [] };
  const diff = diffParams(base, proposed).sort(byCatalogOrder);
  const changes: ParamChangeView[] = diff.map((c) => {
    const v: ParamChangeView = {
      path: c.path,
      unit: c.field.unit,
      old: c.old?.text ?? null,
      new: c.new?.text ?? null,
      status: c.status,
      readBy: c.field.readBy ?? null,
      modelled: c.field.modelled ?? null,
    };
    if (c.field.zero !== undefined) v.zero = c.field.zero;
    if (c.field.kind === "decimal" && c.old !== null && base.absent?.has(c.path)) v.oldNil = true;
    if (c.field.kind === "decimal" && c.new !== null && proposed.absent?.has(c.path)) v.newNil = true;
    if (c.field.repeated && c.old?.list && c.new?.list) {
      const before = new Set(c.old.list);
      const after = new Set(c.new.list);
      v.added = c.new.list.filter((x) => !before.has(x));
      v.removed = c.old.list.filter((x) => !after.has(x));
    }
    return v;
  });
  const unchanged = [...proposed.values.keys()].filter((k) => base.values.get(k)?.value.text === proposed.values.get(k)!.value.text).length;
  return {
    index,
    kind: "update-params",
    typeUrl: m.typeUrl,
    authority: m.authority,
    inForce: inForce === null ? null : { source: inForce.source, complete: inForce.complete },
    changes,
    unchanged,
    set: proposed.values.size,
    unknownFields: [
      ...proposed.unknown,
      // a fee-group rule on a message type whose fields the port does not know: checked by Go, not judged here
      ...[unjudgedCheck(proposed, validateAt)].filter((u) => u !== null),
      ...(inForce?.unknown ?? []).map((u) => ({ ...u, detail: `in the params in force: ${u.detail}` })),
    ],
    refused: chainRefusals(proposed, validateAt).map((r) => ({ ...r, kept: keeps(base, r) })),
    validateVersion: validateAt,
  };
}

/** Whether the params in force hold the refused value too (a value B keeps). */
function keeps(inForce: ParamSet, r: ChainRefusal): boolean {
  if (r.value === null) return inForce.absent?.has(r.path) === true;
  return inForce.values.get(r.path)?.value.text === r.value;
}

function totalsOf(outputs: Transfer[]): Coin[] {
  const by = new Map<string, bigint>();
  for (const o of outputs) for (const c of o.coins) by.set(c.denom, (by.get(c.denom) ?? 0n) + c.amount);
  return [...by].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([denom, amount]) => ({ denom, amount }));
}

function judgeMessage(index: number, m: ProposalMessage, inForce: ParamSet | null, validateAt: ChainVersion): MessageJudgement {
  switch (m.kind) {
    case "update-params":
      return judgeParams(index, m, inForce, validateAt);
    case "transfers":
      return { index, kind: "transfers", typeUrl: m.typeUrl, sender: m.sender, vestingEpochs: m.vestingEpochs, outputs: m.outputs, distinctRecipients: new Set(m.outputs.map((o) => o.recipient)).size, totals: totalsOf(m.outputs) };
    case "software-upgrade": {
      // A named release the port pins (every family at it or earlier), one it names but cannot pin yet, an older plan, or none it knows.
      const named = (CHAIN_VERSIONS as readonly string[]).includes(m.plan.name) ? (m.plan.name as ChainVersion) : null;
      const pinned = named !== null && Object.values(FAMILY_COVERAGE).every((c) => atLeast(c.newest, named)) && familyKnows("settlement", named);
      const older = named === null ? (UPGRADE_PLAN_NAMES as readonly string[]).includes(m.plan.name) : !familyKnows("settlement", named) && !atLeast(named, "v0.2.10");
      const rules = pinned ? "known" : older ? "older" : named !== null ? "unpinned" : "unknown";
      return { index, kind: "software-upgrade", typeUrl: m.typeUrl, authority: m.authority, plan: m.plan, rules, version: named };
    }
    case "exec-legacy-content":
      return { index, kind: "exec-legacy-content", typeUrl: m.typeUrl, authority: m.authority, content: m.content === null ? null : judgeMessage(index, m.content, inForce, validateAt) };
    case "unknown":
      return { index, kind: "unknown", typeUrl: m.typeUrl, size: m.size, sizeUnit: m.sizeUnit };
  }
}

/** Every transfer of the proposal's messages (inside legacy content too). */
function transfersOf(ms: MessageJudgement[]): Extract<MessageJudgement, { kind: "transfers" }>[] {
  return ms.flatMap((m) => (m.kind === "transfers" ? [m] : m.kind === "exec-legacy-content" && m.content !== null ? transfersOf([m.content]) : []));
}

function statedChecks(p: GovProposal, transfers: Extract<MessageJudgement, { kind: "transfers" }>[]): StatedCheck[] {
  if (transfers.length === 0) return [];
  const paid = transfers.flatMap((t) => t.totals).filter((c) => c.denom === DENOM).reduce((s, c) => s + c.amount, 0n);
  const outputs = BigInt(transfers.reduce((s, t) => s + t.outputs.length, 0));
  const distinct = new Set(transfers.flatMap((t) => t.outputs.map((o) => o.recipient))).size;
  const out: StatedCheck[] = [];
  for (const [where, text] of [["title", p.title], ["summary", p.summary]] as const) {
    for (const a of statedAmounts(text)) {
      const agrees = agreesWithStated(paid, a);
      const precision = a.unit === "GNK" && a.places < 9 ? ` (to the ${a.places} decimal${a.places === 1 ? "" : "s"} stated)` : "";
      out.push({
        kind: "amount",
        where,
        text: a.text,
        stated: a.ngonka,
        computed: paid,
        agrees,
        detail: `the ${where} states ${a.text}; the messages send ${gnkText(paid)} GNK (${groupDigits(paid)} ngonka) in all: ${agrees ? `agrees${precision}` : `differs by ${gnkText(paid - a.ngonka)} GNK`}`,
      });
    }
    for (const c of statedCounts(text)) {
      const agrees = c.count === outputs && BigInt(distinct) === outputs;
      const diff = outputs - c.count;
      out.push({
        kind: "count",
        where,
        text: c.text,
        stated: c.count,
        computed: outputs,
        agrees,
        detail: `the ${where} states ${c.text}; the messages have ${groupDigits(outputs)} outputs to ${groupDigits(distinct)} distinct recipients: ${agrees ? "agrees" : diff === 0n ? "the count agrees, but some recipients are paid twice" : `${diff > 0n ? "more" : "fewer"} by ${groupDigits(diff > 0n ? diff : -diff)}`}`,
      });
    }
  }
  return out;
}

function restitution(epochs: NonNullable<ProposalJudgement["epochs"]>, transfers: Extract<MessageJudgement, { kind: "transfers" }>[], settled: SettledPayouts): RestitutionView {
  const named: bigint[] = [];
  for (let e = epochs.from; e <= epochs.to; e++) named.push(e);
  const available = named.filter((e) => settled.epochs.has(e));
  const proposed = new Map<string, bigint>();
  for (const t of transfers) for (const o of t.outputs) proposed.set(o.recipient, (proposed.get(o.recipient) ?? 0n) + o.coins.filter((c) => c.denom === DENOM).reduce((s, c) => s + c.amount, 0n));
  const rows: RestitutionRow[] = [...proposed].map(([recipient, amount]) => {
    const paid = available.map((e) => {
      const ep = settled.epochs.get(e)!;
      const x = ep.paid.get(recipient);
      const c = ep.recorded?.get(recipient);
      return { epoch: e, reward: x?.reward ?? 0n, work: x?.work ?? 0n, participated: x !== undefined, chain: c === undefined ? null : c.reward + c.work };
    });
    return { recipient, proposed: amount, paid, paidTotal: paid.reduce((s, x) => s + x.reward + x.work, 0n) };
  });
  return {
    epochs,
    available,
    missing: named.filter((e) => !settled.epochs.has(e)),
    inputEpochs: settled.held,
    versions: available.map((e) => {
      const ep = settled.epochs.get(e)!;
      const rec = ep.recorded ?? null;
      // over everyone either side names: one the port settles but the chain does not record, or one the
      // chain recorded paying whom the port's settle leaves out, differs
      const names = new Set([...ep.paid.keys(), ...(rec?.keys() ?? [])]);
      const none = { reward: 0n, work: 0n };
      const differ = rec === null ? null : [...names].filter((a) => { const x = ep.paid.get(a) ?? none; const c = rec.get(a); return c === undefined || c.reward !== x.reward || c.work !== x.work; }).length;
      return { epoch: e, version: ep.version, participants: rec === null ? ep.paid.size : names.size, differ };
    }),
    rows,
  };
}

/**
 * Judge a proposal against the params in force (null: none given) and the settled epochs (null: none
 * given); a parameter update's Params against Params.Validate of the chain version it would execute on
 * (default the newest ported, ./params-validate.ts).
 */
export function judgeProposal(p: GovProposal, inForce: ParamSet | null, settled: SettledPayouts | null, executesOn: ChainVersion = VALIDATE_VERSION): ProposalJudgement {
  const validateAt = validateVersionFor(executesOn);
  const messages = p.messages.map((m, i) => judgeMessage(i + 1, m, inForce, validateAt));
  const transfers = transfersOf(messages);
  const epochs = statedEpochs(p.title) ?? statedEpochs(p.summary);
  const notes: string[] = [];
  if (messages.some((m) => m.kind === "update-params") && inForce === null) {
    notes.push("no params in force were given (--node, --snapshot, --rest-dump or --params): every parameter the message sets is listed as not recorded");
  }
  let view: RestitutionView | null = null;
  if (epochs !== null && transfers.length > 0) {
    if (settled === null) notes.push(`the ${statedEpochs(p.title) ? "title" : "summary"} names ${epochs.text}: give --rest-dump DIR with those settled epochs to see what settlement paid each recipient`);
    else view = restitution(epochs, transfers, settled);
  }
  return { proposal: p, messages, stated: statedChecks(p, transfers), epochs, restitution: view, notes };
}
