/** `gonka-spec backtest`: what a proposal would have done over real past epochs, per participant in coins. */
import { InputError, describeValue } from "../../errors.js";
import { loadProposal } from "../../compare/params.js";
import { runBacktest, BACKTEST_DENOM, type BacktestEpoch, type BacktestResult } from "../../backtest/backtest.js";
import { epochFromSnapshot, epochFromSnapshotFile, epochsFromRestDumps, parseEpochRange, selectEpochs, type EpochSource } from "../../sources/epochs.js";
import type { BacktestSide } from "../../backtest/proposal-in-force.js";
import { backtestText } from "../../backtest/text.js";
import { renderBacktestReport } from "../../backtest/report-html.js";
import { writeFileAtomic } from "../../fs/files.js";
import { parseChainVersion, type VersionChoice } from "../../versions/chain-version.js";
import { recordedVersion, versionJson } from "../../versions/resolve.js";
import { settlementVersion } from "../../settlement/settlement-version.js";
import { countFlag, parse, str, type Parsed } from "../args.js";
import type { CliIO, Command } from "../command.js";
import { jsonDocument } from "../json-output.js";
import { CHAIN_OPTIONS, CHAIN_USAGE, clientOptions, nodeUrl, refuseNodeFlags, refuseRestSettlementFlags, restSettlementOptions, REST_DUMP_SETTLEMENT_OPTIONS } from "../snapshot-source.js";
import { B_PROPOSAL_OPTION, readB, resolveB } from "../proposal-b-side.js";
import { statusChangeSection, statusOverridesOfProposal } from "../status-change-side.js";
import type { StatusOverrides } from "../../status-replay/status-overrides.js";

const usage = `Usage:
  gonka-spec backtest [--a A.json] [--b B.json] --rest-dump DIR... [--epochs FROM..TO] [--html OUT] [--json]
  gonka-spec backtest [--a A.json] [--b B.json] --snapshot FILE... [--epochs FROM..TO]
  gonka-spec backtest [--a A.json] [--b B.json] --node URL --epochs FROM..TO [--height H]
  gonka-spec backtest --b PROPOSAL.json --rest-dump DIR...   (a real governance proposal as B)
  gonka-spec backtest --b-proposal N --node URL --epochs FROM..TO [--height H]

Every real epoch settled twice, under proposal A and under proposal B (the compare command's proposal
files, docs/compare.md), each applied on top of the rules of the chain version in force at that epoch's
settlement. A or B left out is "today": each epoch's own parameters, read from its data. Reports per
epoch the p0 the miss test actually used (the dynamic p0 can override governance), participants
zeroed under A and B and why, coins paid (${BACKTEST_DENOM}) under each and the difference, coins not
distributed; over all epochs the ten largest winners and losers; and, where the inputs hold the
preserved-set sampler's inputs (a snapshot's preserved slice), the preserved set under both.

Sanity built in: today's parameters must pay every participant exactly the chain's rewarded_coins
wherever the inputs record them; otherwise the check is printed as FAILED and the exit code is 1.

  --a FILE, --b FILE   proposal files (default: today)
                       B may also be a real governance proposal (a saved abci_query answer,
                       or \`inferenced query gov proposal N -o json\`): the params in force (the
                       dumps' params.json, the newest snapshot's, or the node's at --height) with
                       its MsgUpdateParams applied; every change B does not model is in the notes
  --b-proposal N       B is proposal N read from the node (--node), at --height
  --rest-dump DIR      saved REST answers: a dump directory (one or several epochs), or a directory of
                       epoch_N dump directories; repeatable
  --snapshot FILE      a snapshot file with a settlement slice (one epoch each); repeatable
  --node URL           read each epoch of --epochs from a node (--rpc is the same): each epoch at the
                       block before its settlement block S (S−1: the balances, counts and params
                       settlement read; S from the chain: EpochGroupData(E+1) and the epoch params),
                       the chain version in force at S (applied upgrade plans), and what the chain
                       paid (performance summaries) at --height (default latest), by which every
                       epoch must have settled; progress on stderr; --budget covers the whole run
  --epochs FROM..TO    the epochs to run (default: every epoch of the dumps/snapshots); an epoch of
                       the range that the inputs lack is an error
  --chain-version V    the rules for every epoch, or EPOCH=V for one (repeatable); default: the
                       version recorded with the state, else the mainnet upgrade table at the
                       settlement height
  --validation-params group|saved   REST dumps only: every epoch's binom_test_p0 from its epoch group's
                       own copy (default) or from the saved module params
  --missing-subgroups empty  REST dumps only: a model an epoch's root group lists without its per-model
                       answer is taken as a subgroup without members (refused otherwise); a zero it
                       decides is "not computable"
  --rows N             participants listed per epoch in the text (default 20)
  --html OUT           also write a self-contained HTML report (inline SVG, no network), atomically
  --verbose            list each input the inputs lack, with the assumption made (default: one line)
  --json               JSON (schema gonka-spec/backtest@1)
${CHAIN_USAGE}

A proposal key that the version of an epoch does not have (vote_threshold_factor before v0.2.14) is
an error (exit 2); keys that change neither settlement nor preservation are named in the notes.

A change to the in-epoch status tests' parameters (a proposal file's InvalidationHThreshold,
BadParticipantInvalidationRate, … or the chain's names; a real proposal's MsgUpdateParams sets them all)
is judged by replaying every participant's stats updates of each epoch with the epoch's own params and
with B's (gonka-spec status ADDRESS; inputs: the dumps' block, transaction, escrow and host-stats answers,
or the node): who B would have spared or newly excluded, and what each would have been paid; a
participant whose replay lacks an input is "unknown", the input named.`;

const options = {
  a: { type: "string" },
  b: { type: "string" },
  ...B_PROPOSAL_OPTION,
  "rest-dump": { type: "string", multiple: true },
  snapshot: { type: "string", multiple: true },
  ...CHAIN_OPTIONS,
  epochs: { type: "string" },
  "chain-version": { type: "string", multiple: true },
  rows: { type: "string" },
  html: { type: "string" },
  verbose: { type: "boolean" },
  "validation-params": REST_DUMP_SETTLEMENT_OPTIONS["validation-params"],
  "missing-subgroups": REST_DUMP_SETTLEMENT_OPTIONS["missing-subgroups"],
  json: { type: "boolean" },
} as const;

const list = (p: Parsed, name: string): string[] => {
  const v = p.values[name];
  return Array.isArray(v) ? (v as string[]) : typeof v === "string" ? [v] : [];
};

function side(p: Parsed, k: "a" | "b"): BacktestSide {
  const file = str(p, k);
  const s = k === "a" ? "A" : "B";
  if (file === undefined) return { side: s, name: "today", file: null, proposal: null };
  const proposal = loadProposal(file);
  return { side: s, name: proposal.name, file, proposal };
}

/** B: today, a proposal file, or a real proposal with its MsgUpdateParams applied to the params in force of the inputs. */
async function backtestB(p: Parsed, pending: Awaited<ReturnType<typeof readB>>, epochs: BacktestEpoch[]): Promise<{ side: BacktestSide; notes: string[]; status: StatusOverrides | null }> {
  if (pending === undefined) return { side: { side: "B", name: "today", file: null, proposal: null }, notes: [], status: null };
  const inForce = async () => {
    const { paramsFromRestDumps, paramsFromSnapshot } = await import("../../gov/params-in-force.js");
    const dumps = list(p, "rest-dump");
    if (dumps.length > 0) return paramsFromRestDumps(dumps);
    const newest = epochs.filter((e) => e.recordedVersion !== null).at(-1);
    return newest === undefined ? null : paramsFromSnapshot(newest.recordedVersion!.snapshot, newest.label);
  };
  const r = await resolveB(pending, p, str(p, "height"), inForce);
  const fromFile = r.proposal.statusParams === undefined ? null : Object.fromEntries(Object.entries(r.proposal.statusParams).map(([k, d]) => [k, d.toChain()]));
  const status = r.gov !== undefined ? statusOverridesOfProposal(r.gov) : fromFile;
  const notes = [...r.notes, ...r.changeNotes];
  let proposal = r.proposal;
  if (r.view !== null && proposal.voteThresholdFactor !== undefined) {
    // A real proposal sets every parameter, the devshard vote tally's too, which no epoch's settlement or
    // preservation reads (and epochs before v0.2.14 lack): named, not applied.
    const { voteThresholdFactor, ...rest } = proposal;
    proposal = rest;
    notes.push(`B: proposal ${r.view.id} sets vote_threshold_factor to ${voteThresholdFactor}, the devshard vote tally's, which changes neither settlement nor preservation: not applied to the epochs`);
  }
  return { side: { side: "B", name: proposal.name, file: r.where, proposal }, notes, status };
}

/** `--chain-version V` (every epoch) and `--chain-version EPOCH=V` (one epoch). */
function versionFlags(p: Parsed): { all: string | undefined; byEpoch: Map<bigint, string> } {
  let all: string | undefined;
  const byEpoch = new Map<bigint, string>();
  for (const v of list(p, "chain-version")) {
    const m = /^\s*(\d{1,19})\s*=\s*(.+)$/.exec(v);
    if (m === null) {
      if (all !== undefined) throw new InputError(`given twice for every epoch (${all} and ${v}); use EPOCH=V for one epoch`, "--chain-version");
      parseChainVersion(v);
      all = v;
    } else {
      const e = BigInt(m[1]!);
      if (byEpoch.has(e)) throw new InputError(`epoch ${e} given twice`, `--chain-version ${v}`);
      parseChainVersion(m[2]!, `--chain-version ${v}`);
      byEpoch.set(e, m[2]!);
    }
  }
  return { all, byEpoch };
}

function chooseVersion(e: EpochSource, flags: ReturnType<typeof versionFlags>): VersionChoice {
  const flag = flags.byEpoch.get(e.epoch) ?? flags.all;
  const rec = flag === undefined && e.recordedVersion !== null ? recordedVersion(e.recordedVersion.snapshot, e.label) : undefined;
  try {
    return settlementVersion(flag, e.settlementHeight, e.chainId, rec);
  } catch (err) {
    const perEpoch = flags.byEpoch.has(e.epoch);
    if (!(err instanceof InputError) || (flag !== undefined && !perEpoch)) throw err;
    // One epoch's refusal: named by that epoch, the override suggested for it alone; the line starts with
    // the flag only when the user gave one for this epoch.
    const msg = err.message.replace(/^(--chain-version|chain version): /, "").replace(/--chain-version (v[\d.]+|vX\.Y\.Z)/, `--chain-version ${e.epoch}=$1`);
    throw new InputError(`epoch ${e.epoch}: ${msg}`, perEpoch ? `--chain-version ${e.epoch}=${flag}` : undefined);
  }
}

async function readFromNode(p: Parsed, url: string, range: { from: bigint; to: bigint }, io: CliIO): Promise<EpochSource[]> {
  const { readSettledEpochs } = await import("../../chain/read-settled-epoch.js");
  const height = str(p, "height");
  const epochs: bigint[] = [];
  for (let e = range.from; e <= range.to; e++) epochs.push(e);
  const t0 = Date.now();
  const reads = await readSettledEpochs(url, epochs, {
    ...clientOptions(p),
    ...(height !== undefined ? { height } : {}),
    onEpoch: ({ epoch, index, count, settlementHeight }) =>
      io.err(`backtest: reading epoch ${epoch} (${index + 1} of ${count}) from ${url} at height ${settlementHeight - 1n} (settled in block ${settlementHeight}); ${((Date.now() - t0) / 1000).toFixed(1)} s so far`),
  });
  const out = reads.map((r) => {
    const label = `${url}@${r.snapshot.height} epoch ${r.epoch}`;
    const src = epochFromSnapshot(r.snapshot, label);
    if (src.epoch !== r.epoch) throw new InputError(`asked for epoch ${r.epoch}, the node's settlement slice is epoch ${src.epoch}`, label);
    // The snapshot's chainVersion is the version in force at S (the read at S−1 is where its inputs are).
    return src;
  });
  io.err(`backtest: read ${epochs.length} epochs in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}

/** The epochs from the flags, with the chain version of each. */
export async function loadBacktestEpochs(p: Parsed, io: CliIO): Promise<BacktestEpoch[]> {
  const dumps = list(p, "rest-dump");
  const snaps = list(p, "snapshot");
  const url = nodeUrl(p, dumps.length === 0 && snaps.length === 0);
  const given = [dumps.length > 0, snaps.length > 0, url !== undefined].filter(Boolean).length;
  if (given === 0) throw new InputError("missing input: give --rest-dump DIR, --snapshot FILE or --node URL --epochs FROM..TO");
  if (given > 1) throw new InputError("give one kind of input: --rest-dump DIR..., --snapshot FILE... or --node URL");
  if (dumps.length === 0) refuseRestSettlementFlags(p); // --validation-params, --missing-subgroups: every epoch of the dumps
  const ep = str(p, "epochs");
  const range = ep === undefined ? null : parseEpochRange(ep);
  if (url === undefined) refuseNodeFlags(p, { chainId: true });
  let sources: EpochSource[];
  if (url !== undefined) {
    if (range === null) throw new InputError("reading a node needs the epochs: --epochs FROM..TO", "--epochs");
    sources = await readFromNode(p, url, range, io);
  } else sources = [...epochsFromRestDumps(dumps, restSettlementOptions(p)), ...snaps.map(epochFromSnapshotFile)];
  const selected = selectEpochs(sources, range);
  const flags = versionFlags(p);
  for (const e of flags.byEpoch.keys()) {
    if (!selected.some((s) => s.epoch === e)) throw new InputError(`epoch ${e} is not among the epochs run (${selected.map((s) => s.epoch).join(", ")})`, "--chain-version");
  }
  return selected.map((e) => ({ ...e, version: chooseVersion(e, flags) }));
}

/** The JSON body (schema gonka-spec/backtest@1). */
export function backtestJson(r: BacktestResult): object {
  return {
    a: r.a,
    b: r.b,
    denom: r.denom,
    statusQuo: r.statusQuo,
    totals: r.totals,
    epochs: r.epochs.map((e) => ({
      epoch: e.epoch,
      source: e.label,
      settlementHeight: e.settlementHeight,
      chainVersion: versionJson(e.version),
      a: e.a,
      b: e.b,
      statusQuo: e.statusQuo,
      participants: e.participants.map((x) => ({
        address: x.address,
        coinsA: x.coinsA,
        coinsB: x.coinsB,
        delta: x.delta,
        zeroCausesA: x.zeroCausesA,
        zeroCausesB: x.zeroCausesB,
        missed: x.missed,
        total: x.total,
      })),
      preserved: e.preserved,
      notes: e.notes,
      assumptions: e.assumptions,
    })),
    participants: r.addresses,
    winners: r.winners,
    losers: r.losers,
    notes: r.notes,
  };
}

export const backtestCommand: Command = {
  name: "backtest",
  summary: "what a proposal would have done over real past epochs: each participant's coins under A and B, who is zeroed and why",
  usage,
  async run(args: string[], io: CliIO): Promise<number> {
    const p = parse(args, options);
    const a = side(p, "a");
    const pendingB = await readB(p);
    const rows = p.values.rows === undefined ? 20 : countFlag(p, "rows", 0, 1_000_000, 20);
    const html = str(p, "html");
    if (html !== undefined && html.trim() === "") throw new InputError(`expected a file name, got ${describeValue(html)}`, "--html");
    const epochs = await loadBacktestEpochs(p, io);
    const b = await backtestB(p, pendingB, epochs);
    const r = runBacktest(epochs, a, b.side);
    r.notes.push(...b.notes);
    // a change of the status tests' parameters: each epoch's participants replayed with it (src/status-replay)
    const allVersions = list(p, "chain-version").find((v) => !/^\s*\d{1,19}\s*=/.test(v));
    const status = b.status === null ? null : await statusChangeSection(p, b.status, io, { rows, ...(allVersions !== undefined ? { versionFlag: allVersions } : {}) });
    // the settlements above keep the recorded exclusions: said beside them, never left to read as "B changes nothing"
    if (status !== null && status.changed) r.statusChangeApart = true;
    if (html !== undefined) writeFileAtomic(html, renderBacktestReport(r), "the report");
    if (p.values.json) io.out(jsonDocument("backtest", { ...backtestJson(r), statusChange: status?.json ?? null }));
    else {
      io.out(backtestText(r, { rows, verbose: p.values.verbose === true }));
      if (status !== null) io.out(["", ...status.lines].join("\n"));
      if (html !== undefined) io.out(`\nHTML report written to ${html}`);
    }
    return r.statusQuo.ok ? 0 : 1;
  },
};
