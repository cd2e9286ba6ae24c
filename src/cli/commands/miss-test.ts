/** `gonka-spec miss-test`: the on-chain miss test for one count, or a whole epoch as settlement runs it. */
import { InputError, describeValue } from "../../errors.js";
import { DEC_ONE, Decimal } from "../../go/decimal.js";
import { GoError } from "../../go/errors.js";
import { INT64_MAX } from "../../go/int64.js";
import { stringifyJson } from "../../go/json.js";
import { chainDecimalJson, type ChainDecimal } from "../../go/chain-decimal.js";
import { parseEpochInput, type EpochInput } from "../../misstest/epoch-input.js";
import { evaluateEpoch, exactTestFor, type EpochEvaluation, type ExactTest, type ParticipantEvaluation } from "../../misstest/evaluate-epoch.js";
import { explainMissedStatTest, type MissTestVerdict } from "../../misstest/missed-stat-verdict.js";
import { intFlag, parse, readJsonFile, str } from "../args.js";
import type { CliIO, Command } from "../command.js";
import { readSnapshotSource, SNAPSHOT_SOURCE_OPTIONS } from "../snapshot-source.js";

const usage = `Usage:
  gonka-spec miss-test --missed M --total T [--p0 P | --p0-permille N] [--exact] [--json]
  gonka-spec miss-test --epoch FILE [--no-exact] [--json]
  gonka-spec miss-test --snapshot FILE | --rpc URL [--height H] [--no-exact] [--json]

One count: the chain's verdict for M missed of T requests (T = inferenceCount + missedRequests),
the largest allowed missed count for T, and the path that decided (table row for T <= 990, the
ratio rule above 990, or the direct p-value for a p0 without a table). p0 defaults to 0.10 (the
chain's default binom_test_p0); settlement itself uses 0.05/0.10/0.20/.../0.50 (see --epoch).
--exact adds the exact binomial test (rational arithmetic, p >= 0.05 passes) and whether the two
verdicts differ.

Epoch: evaluates the settlement downtime step of an epoch file (or a snapshot's settlement slice):
the p0 chosen and why, the circuit breaker, and per participant whether the reward weight is kept
or zeroed, with the exact test beside it (--no-exact skips it: it costs a few milliseconds per
participant with tens of thousands of requests). See examples/epoch-433.epoch.json for the format.

Exit 0 when the answer was computed (pass or fail), 2 on bad input.`;

const options = {
  missed: { type: "string" },
  total: { type: "string" },
  p0: { type: "string" },
  "p0-permille": { type: "string" },
  exact: { type: "boolean" },
  "no-exact": { type: "boolean" },
  epoch: { type: "string" },
  ...SNAPSHOT_SOURCE_OPTIONS,
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
  let d: Decimal;
  try {
    d = Decimal.fromString(p0Text.trim());
  } catch (e) {
    if (e instanceof GoError) throw new InputError(`not a decimal number: ${describeValue(p0Text)}`, "--p0");
    throw e;
  }
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
      return `total ${v.nTotal} is below the first table row: passes`;
    case "table-row":
      return `table ${v.permille}‰, row n = ${v.row!.total}: critical ${v.row!.criticalMisses}, ${v.nMissed} ${v.passed ? "<=" : ">"} ${v.row!.criticalMisses}`;
    case "ratio-rule": {
      const { numerator: num, denominator: den } = v.ratio!;
      return `ratio rule (total ${v.nTotal} > 990, table ${v.permille}‰): ${v.nMissed} × ${den} ${v.passed ? "<=" : ">"} ${v.nTotal} × ${num}`;
    }
    case "direct-p-value":
      return `direct p-value (no table for p0 ${v.p0}): BinomialPValue = ${v.pValue} ${v.passed ? ">=" : "<"} 0.05`;
  }
}

function allowedText(v: MissTestVerdict): string {
  if (v.maxAllowedMissed === null) return "n/a";
  if (v.maxAllowedMissed < 0n) return `none (even 0 missed fails)`;
  return `at most ${v.maxAllowedMissed} missed of ${v.nTotal}`;
}

/** The exact test as JSON; the reduced fraction (thousands of digits for large totals) only when asked. */
function exactJson(e: ExactTest, withFraction = true): unknown {
  if ("unavailable" in e) return { unavailable: e.unavailable };
  return {
    ...(withFraction ? { pValue: { numerator: e.pValue.numerator.toString(), denominator: e.pValue.denominator.toString() } } : {}),
    pValueText: e.pValueText,
    passed: e.passed,
    criticalValue: e.criticalValue,
  };
}

function exactText(e: ExactTest): string {
  if ("unavailable" in e) return `unavailable (${e.unavailable})`;
  return `p = ${e.pValueText} → ${e.passed ? "PASS" : "FAIL"} (exact allows at most ${e.criticalValue})`;
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

function runSingle(p: ReturnType<typeof parse>, io: CliIO): number {
  const missed = countOf(intFlag(p, "missed"), "missed");
  const total = countOf(intFlag(p, "total"), "total");
  if (missed > total) throw new InputError(`missed ${missed} is more than total ${total} (total = inferenceCount + missedRequests)`, "--missed");
  const p0 = p0Of(str(p, "p0"), str(p, "p0-permille"));
  const v = explainMissedStatTest(missed, total, p0);
  const exact = p.values.exact ? exactTestFor(missed, total, { value: p0.value, exponent: p0.exp }) : undefined;
  const differ = exact !== undefined && "passed" in exact && v.error === undefined ? exact.passed !== v.passed : undefined;
  if (p.values.json) {
    io.out(stringifyJson({ ...verdictJson(v), ...(exact ? { exact: exactJson(exact), verdictsDiffer: differ ?? null } : {}) }, 2));
    return 0;
  }
  const lines = [
    `miss test: ${missed} missed of ${total} requests at p0 = ${p0.toString()}`,
    `  verdict: ${v.error !== undefined ? "ERROR (no punishment)" : v.passed ? "PASS (reward kept)" : "FAIL (reward weight zeroed at settlement)"}`,
    `  path:    ${pathText(v)}`,
    `  allowed: ${allowedText(v)}`,
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
        `network: ${d.totalRequests} requests from ${d.participantsUsed} participants: below the 1000-request / 5-participant minimum, so the governance table is used`,
      ];
    case "dynamic":
      return [
        `${gov} → table ${d.governancePermille}‰`,
        `network: ${d.missedRequests} missed of ${d.totalRequests} requests from ${d.participantsUsed} participants → ${d.baselinePermille}‰ + 20‰ margin = ${d.targetPermille}‰ → table ${d.selectedTablePermille}‰`,
        `p0 = max(${d.selectedTablePermille}‰, ${d.governancePermille}‰)${e.skipPunishment ? "; the network table is 500‰: circuit breaker, nobody is punished" : ""}`,
      ];
  }
}

function epochText(e: EpochEvaluation): string {
  const lines = [`epoch ${e.epoch}: settlement downtime step`];
  for (const l of reasonText(e)) lines.push(`  ${l}`);
  lines.push(`  p0 used: ${decText(e.p0)}   skip punishment: ${e.skipPunishment ? "yes" : "no"}`);
  lines.push("");
  const rows = e.participants.map((pe) => {
    const v = pe.verdict;
    const onChain = pe.outcome === "zeroed" ? "ZEROED" : pe.outcome === "kept" ? "kept" : pe.outcome;
    const exact = pe.exact === undefined ? "" : "unavailable" in pe.exact ? "exact n/a" : `exact ${pe.exact.passed ? "pass" : "FAIL"} p=${pe.exact.pValueText} max ${pe.exact.criticalValue}${pe.verdictsDiffer ? " (DIFFERS)" : ""}`;
    const reward = pe.rewardBefore === null ? "" : `${pe.rewardBefore} → ${pe.rewardAfter}`;
    return [pe.address, pe.total === null ? "-" : String(pe.total), pe.missed === null ? "-" : String(pe.missed), v?.maxAllowedMissed == null ? "-" : String(v.maxAllowedMissed), v ? v.path : "-", onChain, reward, exact];
  });
  const header = ["participant", "total", "missed", "allowed", "path", "on-chain", "reward", "exact test"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (r: string[]) => `  ${r.map((c, i) => (i >= 1 && i <= 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ")}`.trimEnd();
  lines.push(fmt(header));
  for (const r of rows) lines.push(fmt(r));
  lines.push("");
  lines.push(e.zeroed.length === 0 ? "  nobody is zeroed" : `  zeroed: ${e.zeroed.join(", ")}`);
  return lines.join("\n");
}

function runEpoch(input: EpochInput, json: boolean, exact: boolean, io: CliIO): number {
  const e = evaluateEpoch(input, { exact });
  io.out(json ? stringifyJson(evaluationJson(e), 2) : epochText(e));
  return 0;
}

export const missTestCommand: Command = {
  name: "miss-test",
  summary: "the on-chain miss test for one count (--missed/--total) or a whole epoch (--epoch/--snapshot)",
  usage,
  async run(args, io) {
    const p = parse(joinNegativeValues(args), options);
    const epochFile = str(p, "epoch");
    const single = ["missed", "total", "p0", "p0-permille", "exact"].filter((k) => p.values[k] !== undefined);
    const sources = [epochFile, str(p, "snapshot"), str(p, "rpc")].filter((x) => x !== undefined).length;
    if (sources > 1) throw new InputError("give one of --epoch, --snapshot or --rpc");
    if (sources === 0 && p.values.height !== undefined) throw new InputError("--height applies with --rpc");
    if (sources === 1) {
      if (single.length > 0) throw new InputError(`--${single[0]} applies to a single count, not to --epoch/--snapshot`);
      const exact = p.values["no-exact"] !== true;
      if (epochFile !== undefined) return runEpoch(parseEpochInput(readJsonFile(epochFile), epochFile), p.values.json === true, exact, io);
      const { snapshot: snap, label } = await readSnapshotSource(p);
      if (snap.settlement === undefined) throw new InputError("the snapshot has no settlement slice", `${label}: settlement`);
      return runEpoch(parseEpochInput(snap.settlement, `${label}: settlement`), p.values.json === true, exact, io);
    }
    if (p.values["no-exact"] !== undefined) throw new InputError("--no-exact applies to --epoch/--snapshot (a single count computes the exact test only with --exact)");
    return runSingle(p, io);
  },
};
