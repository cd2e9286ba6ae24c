/** `gonka-spec miss-test`: the on-chain miss test for one count, or a whole epoch as settlement runs it. */
import { InputError, describeValue } from "../../errors.js";
import { DEC_ONE, Decimal } from "../../go/decimal.js";
import { INT64_MAX } from "../../go/int64.js";
import { chainDecimalJson, parseDecimalText, type ChainDecimal } from "../../go/chain-decimal.js";
import type { EpochInput } from "../../misstest/epoch-input.js";
import { readEpochInputText } from "../../misstest/epoch-input-text.js";
import { evaluateEpoch, exactTestFor, type EpochEvaluation, type ExactTest, type ParticipantEvaluation } from "../../misstest/evaluate-epoch.js";
import { explainMissedStatTest, type MissTestVerdict } from "../../misstest/missed-stat-verdict.js";
import { countOverflowWarnings } from "../../misstest/count-overflow-warnings.js";
import { flagTaken, intFlag, parse, str } from "../args.js";
import { readTextFile } from "../../fs/files.js";
import type { CliIO, Command } from "../command.js";
import { missTestEpochOf, missTestVersionOf } from "../../sources/miss-test-inputs.js";
import { gapInputLines } from "../../sources/rest-dump/dump-gap.js";
import { CHAIN_VERSION_OPTION, chainVersionFlag, chainVersionUsage } from "../chain-version-flag.js";
import { resolveChainVersion, versionJson, versionLine } from "../../versions/resolve.js";
import { versionForHeight } from "../../versions/upgrade-table.js";

/** The miss test's family check for a version chosen without chain state (a flag is checked against it). */
const MISS_TEST_FAMILY = { family: "miss-test" } as const;
const MISS_TEST_HEIGHT = { family: "miss-test", heightName: "settlement height" } as const;
import { atLeast, type VersionChoice } from "../../versions/chain-version.js";
import { nodeUrl, readSnapshotSource, REST_DUMP_P0_OPTIONS, REST_DUMP_P0_USAGE, SNAPSHOT_SOURCE_OPTIONS, SNAPSHOT_SOURCE_USAGE } from "../snapshot-source.js";
import { jsonDocument, wantsJson } from "../json-output.js";
import { groupDigits } from "../../format/numbers.js";
import { p0Decision } from "../../misstest/p0-decision.js";

const usage = `Usage:
  gonka-spec miss-test --missed M --total T [--p0 P | --p0-permille N] [--exact [--fraction]] [--json]
  gonka-spec miss-test --missed M --total T --epoch FILE|--snapshot FILE|--node URL [--exact] [--json]
  gonka-spec miss-test --epoch FILE [--address A] [--no-exact] [--json]
  gonka-spec miss-test --snapshot FILE | --node URL [--height H] [--address A] [--no-exact] [--json]

One count: the chain's verdict for M missed of T requests (T = inferenceCount + missedRequests),
the largest allowed missed count for T, and the path that decided (table row for T <= 990, the
ratio rule above 990, or the direct p-value for a p0 without a table). The output names the p0 and
its source: --p0/--p0-permille (flag); with --epoch/--snapshot/--rpc, the p0 settlement used for
that epoch (epoch file, snapshot, chain); otherwise 0.10, the chain's default binom_test_p0
(DefaultParams, types/params.go), which is also what every mainnet epoch group carried in May 2026.
--exact adds the exact binomial test (rational arithmetic, p >= 0.05 passes; totals up to 1,000,000
and numbers of at most 10,000,000 bits, n·log2 of p0's denominator: any total at a p0 of three
decimals, fewer at longer p0s; past that it says "unavailable" and why) and whether the two
verdicts differ; --fraction adds its exact p-value as a reduced fraction to --json (can be
thousands of digits long).

Epoch: evaluates the settlement downtime step of an epoch file (or a snapshot's settlement slice):
the p0 chosen and why, the circuit breaker, and per participant whether the reward weight is kept
or zeroed, with the exact test beside it (--no-exact skips it: it costs a few milliseconds per
participant with tens of thousands of requests; an epoch's exact tests are computed within a budget of
about half a minute, past which a warning says they were skipped). --address A answers for that one participant.
See examples/epoch-433.epoch.json for the format. --json: schemas/miss-test.schema.json (one count)
and schemas/miss-test-epoch.schema.json (an epoch). Request counts Go's integers cannot hold
(inferenceCount + missedRequests past uint64, a count past int64) follow Go's wrap, as the chain
would, and each is named on stderr and in the JSON warnings list.

Sources of an epoch:
  --epoch FILE     an epoch file (the settlement slice's shape)
${SNAPSHOT_SOURCE_USAGE}
${REST_DUMP_P0_USAGE}
                       (with --rest-dump the miss test reads the participants, their counts and the
                       p0: a per-model answer the dump lacks does not stop it)
${chainVersionUsage("miss-test")}
                     (the miss test is the same at every version the port knows; a state past the
                     newest one it pins is refused, naming that version)

Exit 0 when the answer was computed (pass or fail), 2 on bad input.`;

const options = {
  missed: { type: "string" },
  total: { type: "string" },
  p0: { type: "string" },
  "p0-permille": { type: "string" },
  exact: { type: "boolean" },
  fraction: { type: "boolean" },
  "no-exact": { type: "boolean" },
  address: { type: "string" },
  epoch: { type: "string" },
  ...SNAPSHOT_SOURCE_OPTIONS,
  ...REST_DUMP_P0_OPTIONS,
  ...CHAIN_VERSION_OPTION,
  json: { type: "boolean" },
} as const;

/** `--missed -1` → `--missed=-1`, so a negative count reaches validation instead of looking like an option. */
function joinNegativeValues(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const name = a.startsWith("--") ? a.slice(2) : "";
    const next = args[i + 1];
    if (name in options && options[name as keyof typeof options].type === "string" && next !== undefined && /^-[\d.]/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** Where the single count's p0 came from. */
type P0Source = "flag" | "epoch-file" | "snapshot" | "chain" | "default";

const P0_SOURCE_TEXT: Record<P0Source, string> = {
  flag: "from the flag",
  "epoch-file": "the p0 settlement used for this epoch file",
  snapshot: "the p0 settlement used for the snapshot's epoch",
  chain: "the p0 settlement used for the node's last settled epoch",
  default: "the chain's default binom_test_p0 (DefaultParams), also what every mainnet epoch group carried in May 2026",
};

/** The p0 of the single-count form: --p0 (a decimal), --p0-permille (1..999) or the chain default 0.10. */
function p0Of(p0Text: string | undefined, permilleText: string | undefined): Decimal {
  if (p0Text !== undefined && permilleText !== undefined) throw new InputError("give either --p0 or --p0-permille, not both");
  if (permilleText !== undefined) {
    if (!/^\d+$/.test(permilleText.trim())) throw new InputError(`expected an integer permille, got ${describeValue(permilleText)}`, "--p0-permille");
    const n = BigInt(permilleText.trim());
    if (n <= 0n || n >= 1000n) throw new InputError(`must be between 1 and 999 (p0 in (0, 1)), got ${n}`, "--p0-permille");
    return Decimal.new(n, -3);
  }
  if (p0Text === undefined) return Decimal.new(1n, -1);
  const d = parseDecimalText(p0Text, "--p0"); // the chain stores p0 as Decimal{int64, int32}: bounded digits
  if (!d.isPositive() || !d.lessThan(DEC_ONE)) throw new InputError(`must be in (0, 1), got ${describeValue(p0Text)}`, "--p0");
  return d;
}

function countOf(v: bigint | undefined, name: string): bigint {
  if (v === undefined) throw new InputError(`missing required option --${name}`);
  if (v < 0n) throw new InputError(`must not be negative, got ${v}`, `--${name}`);
  if (v > INT64_MAX) throw new InputError(`${v} does not fit in a Go int (int64)`, `--${name}`);
  return v;
}

function pathText(v: MissTestVerdict): string {
  switch (v.path) {
    case "zero-total":
      return "no requests: always passes";
    case "error":
      return `Go returns an error (${v.error}); settlement keeps the reward`;
    case "below-table":
      return `total ${groupDigits(v.nTotal)} is below the first table row: passes`;
    case "table-row":
      return `table ${v.permille}‰, row n = ${groupDigits(v.row!.total)}: critical ${groupDigits(v.row!.criticalMisses)} missed, ${groupDigits(v.nMissed)} ${v.passed ? "<=" : ">"} ${groupDigits(v.row!.criticalMisses)}`;
    case "ratio-rule": {
      const { numerator: num, denominator: den } = v.ratio!;
      return `ratio rule (total ${groupDigits(v.nTotal)} > 990, table ${v.permille}‰): ${groupDigits(v.nMissed)} × ${den} ${v.passed ? "<=" : ">"} ${groupDigits(v.nTotal)} × ${num}`;
    }
    case "direct-p-value":
      return `direct p-value (no table for p0 ${v.p0}): BinomialPValue = ${v.pValue} ${v.passed ? ">=" : "<"} 0.05`;
  }
}

function allowedText(v: MissTestVerdict): string {
  if (v.maxAllowedMissed === null) return "n/a";
  if (v.maxAllowedMissed < 0n) return `none (even 0 missed fails)`;
  return `at most ${groupDigits(v.maxAllowedMissed)} missed of ${groupDigits(v.nTotal)} requests`;
}

/** The exact test as JSON: p as a number (6 significant digits); the reduced fraction (thousands of digits for large totals) only when asked. */
function exactJson(e: ExactTest, withFraction: boolean): unknown {
  if ("unavailable" in e) return { unavailable: e.unavailable };
  return {
    pValue: Number.parseFloat(e.pValueText),
    ...(withFraction ? { pValueFraction: { numerator: e.pValue.numerator.toString(), denominator: e.pValue.denominator.toString() } } : {}),
    passed: e.passed,
    criticalValue: e.criticalValue,
  };
}

function exactText(e: ExactTest): string {
  if ("unavailable" in e) return `unavailable (${e.unavailable})`;
  return `p = ${e.pValueText} → ${e.passed ? "PASS" : "FAIL"} (exact allows at most ${groupDigits(e.criticalValue)})`;
}

function verdictJson(v: MissTestVerdict): Record<string, unknown> {
  return {
    passed: v.passed,
    maxAllowedMissed: v.maxAllowedMissed,
    path: v.path,
    missed: v.nMissed,
    total: v.nTotal,
    p0: v.p0,
    permille: v.permille,
    ...(v.error !== undefined ? { error: v.error } : {}),
    ...(v.row !== undefined ? { row: v.row } : {}),
    ...(v.ratio !== undefined ? { ratio: v.ratio } : {}),
    ...(v.pValue !== undefined ? { pValue: v.pValue } : {}),
  };
}

function runSingle(p: ReturnType<typeof parse>, io: CliIO, json: boolean, version: VersionChoice, from?: { p0: Decimal; source: P0Source; epoch: bigint; warnings: string[]; restGaps?: readonly string[] }): number {
  const missed = countOf(intFlag(p, "missed"), "missed");
  const total = countOf(intFlag(p, "total"), "total");
  if (missed > total) throw new InputError(`missed ${missed} is more than total ${total} (total = inferenceCount + missedRequests)`, "--missed");
  const flagged = str(p, "p0") !== undefined || str(p, "p0-permille") !== undefined;
  if (from && flagged) throw new InputError("give either --p0/--p0-permille or an epoch source (--epoch/--snapshot/--rpc) for the p0, not both");
  const p0 = from ? from.p0 : p0Of(str(p, "p0"), str(p, "p0-permille"));
  const source: P0Source = from ? from.source : flagged ? "flag" : "default";
  const v = explainMissedStatTest(missed, total, p0);
  for (const w of from?.warnings ?? []) io.err(`warning: ${w}`);
  const exact = p.values.exact ? exactTestFor(missed, total, { value: p0.value, exponent: p0.exp }) : undefined;
  const differ = exact !== undefined && "passed" in exact && v.error === undefined ? exact.passed !== v.passed : undefined;
  if (json) {
    io.out(
      jsonDocument("miss-test", {
        ...verdictJson(v),
        chainVersion: versionJson(version),
        p0Source: source,
        ...(from ? { epoch: from.epoch } : {}),
        warnings: [...(from?.warnings ?? []), ...(from?.restGaps ?? [])],
        ...(exact ? { exact: exactJson(exact, p.values.fraction === true), verdictsDiffer: differ ?? null } : {}),
      }),
    );
    return 0;
  }
  const lines = [
    `miss test: ${groupDigits(missed)} missed of ${groupDigits(total)} requests`,
    `  p0:      ${p0.toString()} (${P0_SOURCE_TEXT[source]}${from ? ` ${from.epoch}` : ""})`,
    `  verdict: ${v.error !== undefined ? "ERROR (no punishment)" : v.passed ? "PASS (reward kept)" : "FAIL (reward weight zeroed at settlement)"}`,
    `  path:    ${pathText(v)}`,
    `  allowed: ${allowedText(v)}`,
    `  rules:   ${versionLine(version)}; MissedStatTest is the same at every version the port holds`,
  ];
  if (exact !== undefined) {
    lines.push(`  exact:   ${exactText(exact)}`);
    if (differ !== undefined) lines.push(`  ${differ ? `the verdicts DIFFER: the chain is ${v.passed ? "more lenient" : "stricter"} than the exact test here` : "the verdicts agree"}`);
  }
  io.out(lines.join("\n"));
  return 0;
}

function decText(d: ChainDecimal | null): string {
  return d === null ? "unset" : Decimal.fromChain(d).toString();
}

function participantJson(pe: ParticipantEvaluation): Record<string, unknown> {
  return {
    index: pe.index,
    address: pe.address,
    total: pe.total,
    missed: pe.missed,
    rewardBefore: pe.rewardBefore,
    rewardAfter: pe.rewardAfter,
    outcome: pe.outcome,
    ...(pe.verdict ? { verdict: verdictJson(pe.verdict) } : {}),
    ...(pe.exact ? { exact: exactJson(pe.exact, false) } : {}),
    ...(pe.verdictsDiffer !== undefined ? { verdictsDiffer: pe.verdictsDiffer } : {}),
  };
}

function evaluationJson(e: EpochEvaluation): unknown {
  const d = e.dynamicP0;
  return {
    epoch: e.epoch,
    governance: { source: e.governance.source, binomTestP0: e.governance.binomTestP0 === null ? null : chainDecimalJson(e.governance.binomTestP0) },
    p0: chainDecimalJson(e.p0),
    skipPunishment: e.skipPunishment,
    p0Reason: {
      reason: d.reason,
      governanceCeilPermille: d.governanceCeilPermille,
      governancePermille: d.governancePermille,
      totalRequests: d.totalRequests,
      missedRequests: d.missedRequests,
      participantsUsed: d.participantsUsed,
      ...(d.baselinePermille !== undefined ? { baselinePermille: d.baselinePermille, targetPermille: d.targetPermille, selectedTablePermille: d.selectedTablePermille } : {}),
      decidedBy: p0Decision(d, e.governance.source === "grace-epoch").decidedBy,
    },
    participants: e.participants.map(participantJson),
    rewards: e.rewards === null ? null : Object.fromEntries(e.rewards),
    zeroed: e.zeroed,
  };
}

function reasonText(e: EpochEvaluation): string[] {
  const d = e.dynamicP0;
  const gov = `governance p0 ${decText(e.governance.binomTestP0)} (${e.governance.source})`;
  switch (d.reason) {
    case "governance-pass-through":
      return [`${gov} rounds up above 500‰: used as is, no tables, no network adjustment, no circuit breaker`];
    case "sample-gate":
      return [
        `${gov} → table ${d.governancePermille}‰`,
        `network: ${groupDigits(d.totalRequests)} requests from ${groupDigits(d.participantsUsed)} participants: below the 1000-request / 5-participant minimum, so the governance table is used`,
      ];
    case "dynamic":
      return [
        `${gov} → table ${d.governancePermille}‰`,
        `network: ${groupDigits(d.missedRequests)} missed of ${groupDigits(d.totalRequests)} requests from ${groupDigits(d.participantsUsed)} participants → ${d.baselinePermille}‰ + 20‰ margin = ${d.targetPermille}‰ → table ${d.selectedTablePermille}‰`,
        `p0 = max(${d.selectedTablePermille}‰, ${d.governancePermille}‰)${e.skipPunishment ? "; the network table is 500‰: circuit breaker, nobody is punished" : ""}`,
      ];
  }
}

function epochText(e: EpochEvaluation): string {
  const lines = [`epoch ${e.epoch}: settlement downtime step`];
  for (const l of reasonText(e)) lines.push(`  ${l}`);
  lines.push(`  decided by ${p0Decision(e.dynamicP0, e.governance.source === "grace-epoch").words}`);
  lines.push(`  p0 used: ${decText(e.p0)}   skip punishment: ${e.skipPunishment ? "yes" : "no"}`);
  lines.push("");
  const rows = e.participants.map((pe) => {
    const v = pe.verdict;
    const onChain = pe.outcome === "zeroed" ? "ZEROED" : pe.outcome === "kept" ? "kept" : pe.outcome;
    const exact = pe.exact === undefined ? "" : "unavailable" in pe.exact ? "exact n/a" : `exact ${pe.exact.passed ? "pass" : "FAIL"} p=${pe.exact.pValueText} max ${groupDigits(pe.exact.criticalValue)}${pe.verdictsDiffer ? " (DIFFERS)" : ""}`;
    const reward = pe.rewardBefore === null ? "" : `${groupDigits(pe.rewardBefore)} → ${groupDigits(pe.rewardAfter ?? 0n)}`;
    const n = (x: bigint | null | undefined) => (x == null ? "-" : groupDigits(x));
    return [pe.address, n(pe.total), n(pe.missed), n(v?.maxAllowedMissed), v ? v.path : "-", onChain, reward, exact];
  });
  // no reward weights in the input (a REST dump's or a snapshot's slice: counts and p0 only): no column, and why
  const weights = e.rewards !== null;
  const header = ["participant", "requests", "missed", "allowed", "path", "on-chain", ...(weights ? ["reward weight"] : []), "exact test"];
  const cells = weights ? rows : rows.map((r) => [...r.slice(0, 6), r[7]!]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const fmt = (r: string[]) => `  ${r.map((c, i) => (i >= 1 && i <= 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ")}`.trimEnd();
  lines.push(fmt(header));
  for (const r of cells) lines.push(fmt(r));
  if (!weights) lines.push("  (no reward weight column: this input holds the counts and the p0, not the weights settlement pays on; an epoch file's rewards give them, and settle works them out from a snapshot or a dump)");
  lines.push("");
  lines.push(e.zeroed.length === 0 ? "  nobody is zeroed" : `  zeroed (${e.zeroed.length}): ${e.zeroed.join(", ")}`);
  return lines.join("\n");
}

/** `restGaps`: a REST dump's lines for the JSON warnings (the text said them on stderr already, as the source was read). */
function runEpoch(input: EpochInput, json: boolean, exact: boolean, io: CliIO, address: string | undefined, version: VersionChoice, restGaps: readonly string[] = []): number {
  const e = evaluateEpoch(input, { exact });
  const chainVersion = versionJson(version);
  const said = [...(input.warnings ?? []), ...countOverflowWarnings(input, address), ...(e.exactSkipped !== undefined ? [e.exactSkipped] : [])];
  for (const w of said) io.err(`warning: ${w}`);
  const warnings = [...said, ...restGaps];
  // v0.2.16 (#1588): the failed set SettleAccounts returns also zeroes each failer's trust baseline P_N
  const trust = atLeast(version.version, "v0.2.16");
  if (address !== undefined) {
    const one = e.participants.find((x) => x.address === address);
    if (!one) throw new InputError(`${describeValue(address)} is not a participant of epoch ${e.epoch} (${e.participants.length} participants; check the address)`, "--address");
    const zeroed = e.zeroed.filter((z) => z === address);
    if (json) {
      io.out(jsonDocument("miss-test-epoch", { ...(evaluationJson(e) as object), chainVersion, participants: [participantJson(one)], zeroed, nextEpochTrustZeroed: trust ? zeroed : null, address, warnings }));
    } else io.out(`${participantText(e, one)}${trust && zeroed.length > 0 ? `\n  ${trustLine(e.epoch, "this host")}` : ""}\n  ${versionLine(version)}`);
    return 0;
  }
  const trustText = trust && e.zeroed.length > 0 ? `\n${trustLine(e.epoch, `the ${groupDigits(e.zeroed.length)} host${e.zeroed.length === 1 ? "" : "s"} zeroed here`)}` : "";
  io.out(json ? jsonDocument("miss-test-epoch", { ...(evaluationJson(e) as object), chainVersion, nextEpochTrustZeroed: trust ? e.zeroed : null, warnings }) : `${epochText(e)}${trustText}\n  ${versionLine(version)}`);
  return 0;
}

/** What a failed test costs from v0.2.16 besides the reward (#1588, zeroFailedMissRateWeights). */
function trustLine(epoch: bigint, who: string): string {
  return `v0.2.16 also: ${who} start${who === "this host" ? "s" : ""} epoch ${groupDigits(epoch + 1n)} with trust weight 0 (the failed test sets the previous-epoch baseline P_N to 0, #1588): no governance, BLS or PoC-validation voting power there, while rewards still follow the real weight`;
}

/** One participant's settlement downtime step, in sentences. */
function participantText(e: EpochEvaluation, pe: ParticipantEvaluation): string {
  const lines = [`${pe.address} in epoch ${groupDigits(e.epoch)}: settlement downtime step`];
  for (const l of reasonText(e)) lines.push(`  ${l}`);
  lines.push(`  p0 used: ${decText(e.p0)}${e.skipPunishment ? " (circuit breaker: nobody is punished)" : ""}`);
  if (pe.total === null || pe.missed === null) lines.push("  no request counts for this participant: the miss test does not run");
  else lines.push(`  requests: ${groupDigits(pe.missed)} missed of ${groupDigits(pe.total)} (inferences finished + missed)`);
  const v = pe.verdict;
  if (v) {
    lines.push(`  path:     ${pathText(v)}`);
    lines.push(`  allowed:  ${allowedText(v)}`);
  }
  const outcome = pe.outcome === "zeroed" ? "FAIL: the epoch reward weight is zeroed" : pe.outcome === "kept" ? "PASS: the reward weight is kept" : pe.outcome;
  lines.push(`  verdict:  ${outcome}`);
  if (pe.rewardBefore !== null) lines.push(`  reward weight: ${groupDigits(pe.rewardBefore)} → ${groupDigits(pe.rewardAfter ?? 0n)}`);
  if (pe.exact !== undefined) lines.push(`  exact:    ${exactText(pe.exact)}${pe.verdictsDiffer ? " (the verdicts DIFFER)" : ""}`);
  return lines.join("\n");
}

export const missTestCommand: Command = {
  name: "miss-test",
  summary: "the on-chain miss test for one count (--missed/--total) or a whole epoch (--epoch/--snapshot)",
  usage,
  async run(args, io) {
    const p = parse(joinNegativeValues(args), options);
    const json = p.values.json === true || wantsJson(args);
    // With --rest-dump, --epoch N is the epoch of the dumps (as for every command); otherwise an epoch file.
    const epochFile = str(p, "rest-dump") !== undefined && /^\s*\d{1,19}\s*$/.test(str(p, "epoch") ?? "") ? undefined : str(p, "epoch");
    const single = ["missed", "total", "p0", "p0-permille", "exact", "fraction"].filter((k) => p.values[k] !== undefined);
    const counts = p.values.missed !== undefined || p.values.total !== undefined;
    let sources = [epochFile, str(p, "snapshot"), str(p, "rpc") ?? str(p, "node"), str(p, "rest-dump")].filter((x) => x !== undefined).length;
    // With no source and no count, the node named by GONKA_NODE is the source (as for every command that reads a node).
    const envNode = sources === 0 && !counts && nodeUrl(p) !== undefined;
    if (envNode) sources = 1;
    if (sources > 1) throw new InputError("give one of --epoch, --snapshot, --rest-dump or --rpc");
    if (sources === 0 && p.values.height !== undefined) throw new InputError("--height applies with --rpc");
    if (sources === 0 && p.values.address !== undefined) throw new InputError("--address applies to --epoch/--snapshot/--rpc (one participant of a settled epoch)");
    if (sources === 1) {
      const exact = p.values["no-exact"] !== true;
      let input: EpochInput;
      let source: P0Source;
      let version: VersionChoice;
      let restGaps: string[] = [];
      if (epochFile !== undefined) {
        input = readEpochInputText(readTextFile(epochFile), epochFile);
        source = "epoch-file";
        // an epoch file may name its chain and settlement block (the table places the version); else the newest rules, named
        version = input.chain !== undefined ? versionForHeight(input.chain.chainId, input.chain.settlementHeight, chainVersionFlag(p), undefined, MISS_TEST_HEIGHT) : resolveChainVersion(chainVersionFlag(p), null, MISS_TEST_FAMILY);
      } else {
        const state = await readSnapshotSource(p, { warn: (l) => io.err(l) });
        version = missTestVersionOf(state, chainVersionFlag(p)); // refused past the miss test's frontier
        input = missTestEpochOf(state);
        restGaps = gapInputLines(state.read, (f) => flagTaken(p, f)); // the lines the text counts
        source = envNode || (str(p, "rpc") ?? str(p, "node")) !== undefined ? "chain" : "snapshot";
      }
      if (counts) {
        if (p.values.address !== undefined) throw new InputError("give either --missed/--total or --address, not both");
        if (p.values["no-exact"] !== undefined) throw new InputError("--no-exact applies to an epoch; a single count computes the exact test only with --exact");
        const e = evaluateEpoch(input, { exact: false }); // the dynamic p0 needs the whole network's counts
        return runSingle(p, io, json, version, { p0: Decimal.fromChain(e.p0), source, epoch: e.epoch, warnings: [...(input.warnings ?? []), ...countOverflowWarnings(input)], restGaps });
      }
      if (single.length > 0) throw new InputError(`--${single[0]} applies to a single count (--missed/--total)`);
      return runEpoch(input, json, exact, io, str(p, "address"), version, restGaps);
    }
    if (p.values["no-exact"] !== undefined) throw new InputError("--no-exact applies to --epoch/--snapshot (a single count computes the exact test only with --exact)");
    return runSingle(p, io, json, resolveChainVersion(chainVersionFlag(p), null, MISS_TEST_FAMILY));
  },
};
