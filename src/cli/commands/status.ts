/** `gonka-spec status ADDRESS`: why a participant was (or was not) excluded during an epoch, update by update, beside the chain's record. */
import { InputError, describeValue } from "../../errors.js";
import { groupDigits } from "../../format/numbers.js";
import { textTable } from "../../compare/table.js";
import { Decimal } from "../../go/decimal.js";
import { isAddressText } from "../../json-input.js";
import { readRestDumps } from "../../sources/rest-dump/read-rest-dump.js";
import { statusFromRest, type StatusSource } from "../../sources/status/status-from-rest.js";
import { statusFromNode } from "../../sources/status/status-from-node.js";
import { settlementInputsOf } from "../../sources/settlement-inputs.js";
import { STATUS_PARAMETERS, statusParamPath } from "../../compare/status-params.js";
import { finalCountsStatistics } from "../../status-replay/final-counts-statistics.js";
import { replayStatus, type ReplayResult } from "../../status-replay/replay-status.js";
import { parseStatusOverrides, statusParamIn, withStatusOverrides, type StatusOverrides } from "../../status-replay/status-overrides.js";
import { agreement, finalCountsJson, finalCountsLines, lackJson, replayJson, stepJson, stepRows, testWords, type Agreement } from "../../status-replay/status-report.js";
import { statusRulesFor } from "../../status/status-rules.js";
import { LATEST_CHAIN_VERSION, type VersionChoice } from "../../versions/chain-version.js";
import { MAINNET_CHAIN_ID, versionForHeight } from "../../versions/upgrade-table.js";
import { familyVersionRange } from "../chain-version-flag.js";
import { parse, str, type Parsed } from "../args.js";
import type { CliIO, Command } from "../command.js";
import { jsonDocument, wantsJson } from "../json-output.js";
import { CHAIN_USAGE, clientOptions, nodeUrl, readSnapshotSource, refuseNodeFlags, SNAPSHOT_SOURCE_OPTIONS } from "../snapshot-source.js";

const usage = `Usage:
  gonka-spec status ADDRESS --rest-dump DIR [--epoch N] [--set NAME=VALUE ...] [--json]
  gonka-spec status ADDRESS --node URL --epoch N [--height H] [--set NAME=VALUE ...] [--json]
  gonka-spec status ADDRESS --snapshot FILE [--json]

Replays the participant's stats updates of epoch N in block order, each with the status rules of the
chain version in force at its block (${familyVersionRange("status")}) and the validation params it read:
per update the block, the validated, invalidated and missed counts, each test's statistic against its
threshold (the consecutive-failure probability against quick_failure_threshold, the invalidation and
downtime SPRTs' log-likelihood ratios against their H, the confirmation PoC ratio against
alpha_threshold) and the decision; then the chain's own record (excluded_participants: reason, block)
beside the replay. What feeds the counters: from v0.2.14 each successful MsgSettleDevshardEscrow batch
holding the participant's slots and each confirmation PoC evaluation; v0.2.13 and earlier also every
classic inference message, which this replay does not read (named as missing).

  ADDRESS              the participant (gonka1...)
  --rest-dump DIR      saved answers: the epoch's REST answers (epoch group, excluded participants,
                       performance summaries, params, confirmation PoC events) and what the replay
                       reads: CometBFT block and block_results answers (or tx / tx_search answers, or
                       REST /cosmos/tx/v1beta1/txs answers), /devshard_escrow/ID answers (slot → host),
                       /devshard_host_epoch_stats/N/ADDRESS (the chain's count of the host's batches).
                       An input the replay needs and the folder lacks stops it, named: never a guess
  --epoch N            the epoch (with --rest-dump: default the newest the folder holds)
  --snapshot FILE      a snapshot file: it holds one height's state, not the updates (the replay is
                       unavailable; the chain's record is shown)
${CHAIN_USAGE}
  --set NAME=VALUE     a counterfactual: replay again with a status parameter changed (repeatable; the
                       chain's snake_case or Go names; a probability or fraction at most 1, an H any
                       non-negative decimal):
${STATUS_PARAMETERS.map((q) => `                         ${statusParamPath(q)}`).join("\n")}
  --chain-version V    run every update with the rules of V (default: the node's applied upgrades, or
                       the mainnet upgrade table at each update's block)
  --json               JSON (schema gonka-spec/status@1)

Exit 0 when the replay agrees with the chain's record or is unavailable (the missing input is named),
1 when it reaches a different decision than the chain recorded, 2 on bad input.`;

const options = {
  ...SNAPSHOT_SOURCE_OPTIONS,
  "rest-dump": { type: "string", multiple: true },
  epoch: { type: "string" },
  set: { type: "string", multiple: true },
  "chain-version": { type: "string" },
  json: { type: "boolean" },
} as const;

function epochFlag(p: Parsed): bigint | undefined {
  const e = str(p, "epoch");
  if (e === undefined) return undefined;
  if (!/^\s*\d{1,19}\s*$/.test(e)) throw new InputError(`expected an epoch number, got ${describeValue(e)}`, "--epoch");
  return BigInt(e.trim());
}

/** The version at each height: the flag for all, else the mainnet upgrade table (the node source uses its applied plans). */
function tableVersions(p: Parsed): (h: bigint) => VersionChoice {
  const flag = str(p, "chain-version");
  const chainId = str(p, "chain-id") ?? MAINNET_CHAIN_ID;
  return (h) => versionForHeight(chainId, h, flag, undefined, { family: "status", heightName: "block" });
}

/** The replay's inputs from the source the flags name. */
async function load(p: Parsed, address: string, io: CliIO): Promise<StatusSource | { snapshot: true; record: { reason: string; height: bigint } | null | undefined; from: string }> {
  const dirs = p.values["rest-dump"] as string[] | undefined;
  const url = nodeUrl(p, str(p, "snapshot") === undefined && dirs === undefined);
  const given = [dirs !== undefined, str(p, "snapshot") !== undefined, url !== undefined].filter(Boolean).length;
  if (given !== 1) throw new InputError(given === 0 ? "give the epoch's inputs: --rest-dump DIR, --node URL --epoch N, or --snapshot FILE" : "give one of --rest-dump DIR, --node URL or --snapshot FILE");
  const epoch = epochFlag(p);
  if (dirs !== undefined) {
    refuseNodeFlags(p, { to: "--node URL --epoch N" });
    const dump = readRestDumps(dirs);
    const epochs = [...dump.roots.keys()].sort((a, b) => (a < b ? -1 : 1));
    if (epochs.length === 0) throw new InputError("the folder holds no root epoch group (an /epoch_group_data/N answer)", dirs.join(", "));
    const e = epoch ?? epochs.at(-1)!;
    if (epoch === undefined && epochs.length > 1) io.err(`status: the folder holds epochs ${epochs.join(", ")}: epoch ${e} (--epoch N for another)`);
    return statusFromRest(dump, address, e, tableVersions(p));
  }
  if (url !== undefined) {
    const co = clientOptions(p); // the chain flags' values first: a bad one is named before anything else
    if (epoch === undefined) throw new InputError("--node needs --epoch N (the epoch to replay)");
    const flag = str(p, "chain-version");
    io.err(`status: reading epoch ${epoch}'s updates of ${address} from ${url}`);
    return statusFromNode(url, address, epoch, { ...co, ...(str(p, "height") !== undefined ? { height: str(p, "height")! } : {}), ...(flag !== undefined ? { version: tableVersions(p) } : {}) });
  }
  if (epoch !== undefined) throw new InputError("--epoch applies to --rest-dump and --node (a snapshot file holds one epoch)");
  if (p.values.set !== undefined) throw new InputError("a snapshot file holds no stats updates to replay again; it needs --rest-dump DIR or --node URL --epoch N", "--set");
  const src = await readSnapshotSource(p, { warn: (l) => io.err(l) });
  // the settlement slice's exclusions, when it carries them (an older slice holds only the miss test's input)
  const reward = (src.snapshot.settlement as { reward?: unknown } | undefined)?.reward;
  if (reward === undefined) return { snapshot: true, record: undefined, from: src.label };
  const x = settlementInputsOf(src).input.exclusions.find((e) => e.address === address);
  return { snapshot: true, record: x === undefined ? null : { reason: x.reason, height: x.exclusionBlockHeight }, from: src.label };
}

const AGREEMENT_WORDS: Record<Agreement, string> = {
  agrees: "the replay agrees with the chain's record",
  disagrees: "the replay DISAGREES with the chain's record",
  "replay-unavailable": "not compared: the replay is unavailable",
  "no-chain-record": "not compared: the folder holds no excluded-participants answer of the epoch",
};

function recordWords(r: { reason: string; height: bigint } | null | undefined): string {
  return r === undefined ? "not saved (no excluded-participants answer of the epoch)" : r === null ? "not excluded" : `excluded at block ${groupDigits(r.height)}: ${r.reason}`;
}

function replayWords(r: ReplayResult): string {
  if (!r.available) return `unavailable, an input is missing: ${r.stoppedAt!.input}\n  why it matters: ${r.stoppedAt!.detail}${r.stoppedAt!.flag !== undefined ? `\n  (${r.stoppedAt!.flag} --epoch N reads it)` : ""}`;
  return r.excluded === null ? `not excluded over ${r.steps.length} update${r.steps.length === 1 ? "" : "s"}` : `excluded at block ${groupDigits(r.excluded.height)}: ${r.excluded.status}, ${r.excluded.reason}`;
}

/** Each parameter --set changes: its chain name, the value the replay read (null: not set there) and the value set. */
function setJson(src: StatusSource, overrides: StatusOverrides): object[] {
  const p = src.input.paramsAt(src.facts.heights.effective ?? 0n);
  return STATUS_PARAMETERS.filter((q) => overrides[q.key] !== undefined).map((q) => {
    const was = statusParamIn(p, q.key);
    return { parameter: statusParamPath(q), goName: q.key, from: was === null ? null : Decimal.fromChain(was).toString(), to: Decimal.fromChain(overrides[q.key]!).toString() };
  });
}

function paramsWords(src: StatusSource, overrides: StatusOverrides): string[] {
  const p = src.input.paramsAt(src.facts.heights.effective ?? 0n);
  const keys = STATUS_PARAMETERS.filter((q) => overrides[q.key] !== undefined);
  return keys.map((q) => {
    const was = statusParamIn(p, q.key);
    return `${statusParamPath(q)}: ${was === null ? "not set" : Decimal.fromChain(was).toString()} → ${Decimal.fromChain(overrides[q.key]!).toString()} (${q.unit})`;
  });
}

export const statusCommand: Command = {
  name: "status",
  summary: "why ADDRESS was or was not excluded in an epoch: its stats updates replayed beside the chain's record",
  usage,
  async run(args, io) {
    const p = parse(args, options, true);
    if (p.positionals.length !== 1) throw new InputError(p.positionals.length === 0 ? "missing ADDRESS (gonka-spec status ADDRESS --rest-dump DIR --epoch N)" : `expected one ADDRESS, got ${p.positionals.length}: ${p.positionals.join(" ")}`);
    const address = p.positionals[0]!.trim();
    if (!isAddressText(address)) throw new InputError(`expected a participant address (gonka1...), got ${describeValue(address)}`, "ADDRESS");
    const overrides = parseStatusOverrides((p.values.set as string[] | undefined) ?? []);
    const json = p.values.json === true || wantsJson(args);
    const src = await load(p, address, io);
    if ("snapshot" in src) {
      const missing = { input: "the epoch's stats updates (its blocks' settlement batches and confirmation PoC evaluations)", detail: "a snapshot file holds one height's state, not the updates: replay from --node URL --epoch N or --rest-dump DIR", from: null };
      if (json) io.out(jsonDocument("status", { address, epoch: null, source: { kind: "snapshot", detail: src.from }, replay: { available: false, stoppedAt: lackJson(missing), missing: [lackJson(missing)], excluded: null, updatesReplayed: 0 }, updates: [], chainRecord: src.record ?? null, chainRecordSaved: src.record !== undefined, agreement: "replay-unavailable", counterfactual: null, finalCounts: null, notes: [] }));
      else io.out([`Status of ${address} from ${src.from}`, `  replay: unavailable: ${missing.input} is missing (${missing.detail})`, `  chain:  ${recordWords(src.record)}`].join("\n"));
      return 0;
    }
    const replay = replayStatus(src.input);
    const verdict = agreement(replay, src.facts.record);
    const counter = Object.keys(overrides).length === 0 ? null : replayStatus(withStatusOverrides(src.input, overrides));
    const fc = src.facts.finalCounts;
    const params = src.input.paramsAt(src.facts.heights.effective ?? 0n);
    const finalStats = fc === null || params.validation === null ? null : finalCountsStatistics(statusRulesFor(versionAtOr(src, src.facts.heights.settlement ?? src.facts.heights.effective)), params.validation, fc);
    if (json) {
      io.out(
        jsonDocument("status", {
          address,
          epoch: src.input.epoch,
          source: { kind: src.from.startsWith("node") ? "node" : "rest-dump", detail: src.from },
          window: { statsReset: src.facts.heights.statsReset, effective: src.facts.heights.effective, settlement: src.facts.heights.settlement },
          params: { source: params.source, assumption: params.assumption },
          replay: replayJson(replay),
          updates: replay.steps.map(stepJson),
          chainRecord: src.facts.record ?? null,
          chainRecordSaved: src.facts.record !== undefined,
          agreement: verdict,
          confirmationEvaluations: src.facts.confirmationEvaluations,
          counterfactual: counter === null ? null : { set: setJson(src, overrides), replay: replayJson(counter), updates: counter.steps.map(stepJson) },
          finalCounts: fc === null ? null : finalCountsJson(fc, finalStats),
          notes: src.notes,
        }),
      );
      return verdict === "disagrees" ? 1 : 0;
    }
    const out: string[] = [`Status of ${address} in epoch ${groupDigits(src.input.epoch)}, from ${src.from}`];
    out.push(`  params: ${params.source}`);
    for (const n of src.notes) out.push(`  note: ${n}`);
    out.push("");
    if (replay.steps.length > 0) {
      const [head, ...rows] = stepRows(replay);
      out.push(textTable(head!, rows, ["right", "right", "right", "right", "right", "left", "left"]), "");
    }
    out.push(`Replay: ${replayWords(replay)}`);
    if (!replay.available && replay.steps.length > 0) out.push(`  (the updates above are replayed up to the missing input; nothing after it is guessed)`);
    for (const l of replay.lacks.slice(1)) out.push(`  also missing: ${l.input}`);
    out.push(`Chain:  ${recordWords(src.facts.record)}${cpocWords(src)}`);
    out.push(`  ${AGREEMENT_WORDS[verdict]}`);
    if (counter !== null) {
      out.push("", `Counterfactual (--set): ${paramsWords(src, overrides).join("; ")}`);
      out.push(`  replay: ${replayWords(counter)}`);
      const fired = counter.steps.at(-1)?.update?.tests.filter((t) => t.decision === "Fail") ?? [];
      for (const t of fired) out.push(`  ${testWords(t)}`);
    }
    if (fc !== null) out.push("", ...finalCountsLines(fc, finalStats));
    io.out(out.join("\n"));
    return verdict === "disagrees" ? 1 : 0;
  },
};

function versionAtOr(src: StatusSource, h: bigint | null): typeof LATEST_CHAIN_VERSION {
  return h === null ? LATEST_CHAIN_VERSION : src.input.versionAt(h).version;
}

/** " (block H is confirmation PoC event S's evaluation)" when the chain's exclusion is at one. */
function cpocWords(src: StatusSource): string {
  const r = src.facts.record;
  if (r === null || r === undefined) return "";
  const e = src.facts.confirmationEvaluations.find((x) => x.height === r.height);
  return e === undefined ? "" : ` (block ${groupDigits(r.height)} is where confirmation PoC event ${e.sequence} was evaluated)`;
}
