/** `gonka-spec tally`: replay a devshard record's messages through the vote tally, step by step. */
import { InputError, describeValue } from "../../errors.js";
import { camelKeys, jsonDocument } from "../json-output.js";

import type { TallyRule } from "../../votes/context-length-rule.js";
import { contextLengthScenario, type ScenarioOutcome } from "../../votes/context-length-scenario.js";
import { parseRulesName, type DevshardRulesName } from "../../votes/devshard-rules.js";
import type { DevshardTx } from "../../votes/devshard-tx.js";
import { statusName } from "../../votes/inference-record.js";
import { lookupInference, type EscrowState } from "../../votes/state-machine.js";
import { stateView } from "../../votes/state-view.js";
import { parseTallyFile, type TallyFile, type TallyStep } from "../../votes/tally-file.js";
import { replayTally, type StepResult } from "../../votes/tally-replay.js";
import { checkRange, choice, intFlag, parse, readJsonFile, str } from "../args.js";
import { checkVoteThresholdFactor } from "../../votes/session-config.js";
import { UINT64_MAX } from "../../go/int64.js";
import type { Command } from "../command.js";
import { groupDigits } from "../../format/numbers.js";

const usage = `Usage:
  gonka-spec tally --file FILE [--factor F] [--devshard-rules v2|v3|v4|v4.1|v5] [--rule current|context-aware] [--explain] [--json]
  gonka-spec tally --scenario context-length [--slots N] [--factor F] [--limit L] [--max-tokens M] [--json]

Replays a devshard record's messages (start, confirm, finish, validation, vote, timeout, error_miss,
finalize_round) through the port of devshard/state/machine.go and prints each step's result and the
final state. The session tag (state_root_and_protocol_version, hashed into every root) picks the rules:
  v2, v3          gonka 85835b31 / v0.2.14 (the same transitions)
  v4              + settlement drain credits Started and refunds Pending; vote threshold from the escrow row
  v4.1            the v4 rules: release/devshard/v4.1.0's state roots replay under them (its bind is assumed v4's)
  v5              + MsgErrorMiss, pending drain credit, max_tokens floor 64, seal gate + ExecutionTimeout,
                  height-sync hash in rest_hash (height-sync messages and stamps are refused)
  v6, v6.x        refused: devshard v6 is only a branch, no release and no approval (--devshard-rules overrides)
  --file FILE     tally file (format: src/votes/tally-file.ts; examples/tally-*.json)
  --devshard-rules R
                  run the rules of R (v2, v3, v4, v4.1, v5) whatever the tag says; the tag is still hashed
  --factor F      vote_threshold_factor in percent; T = floor(N*F/100), F = 0 gives N/2 (overrides the file's
                  factor, or from v4 on the escrow row's)
  --rule R        current (default: the session's devshard rules) or context-aware (proposal devshard #2078:
                  a context-length refusal counts against the host only if prompt + max_tokens <= limit)
  --explain       say why at each step
  --scenario context-length
                  N slots, k of them with a raised local context limit, a compliant host refusing a
                  request just over the governance limit: end state and Missed / Invalid for k = 0..N
  --json          machine-readable output
Exit 0 on success (Go errors inside the replay are results, not failures); 2 on bad input.`;

/** Short description of a transaction for a step line. */
function describeTx(tx: DevshardTx): string {
  switch (tx.type) {
    case "start":
      return `start #${tx.inferenceId} (input ${tx.inputLength}, max_tokens ${tx.maxTokens})`;
    case "confirm":
      return `confirm #${tx.inferenceId}`;
    case "finish":
      return `finish #${tx.inferenceId} (tokens ${tx.inputTokens}+${tx.outputTokens})`;
    case "validation":
      return `validation #${tx.inferenceId} slot ${tx.validatorSlot} ${tx.valid ? "valid" : "INVALID"}`;
    case "vote":
      return `vote #${tx.inferenceId} slot ${tx.voterSlot} ${tx.voteValid ? "valid" : "INVALID"}`;
    case "timeout":
      return `timeout #${tx.inferenceId} ${tx.reason === 1 ? "refused" : tx.reason === 2 ? "execution" : `reason ${tx.reason}`} [${tx.votes
        .map((v) => `${v.voterSlot}${v.accept ? "" : "✗"}`)
        .join(",")}]`;
    case "error_miss":
      return `error_miss #${tx.inferenceId} [${tx.votes.map((v) => `${v.voterSlot}${v.accept ? "" : "✗"}`).join(",")}]`;
    case "reveal_seed":
      return `reveal_seed slot ${tx.slotId}`;
    default:
      return "finalize_round";
  }
}

function describeStep(s: TallyStep): string {
  if (s.kind === "seal") return `seal #${s.inferenceId}`;
  const txs = s.txs.length === 0 ? "(empty diff)" : s.txs.map(describeTx).join("; ");
  const mode = s.mode === "best_effort" ? "best-effort " : s.mode === "persisted" ? "persisted " : "";
  return `${mode}${txs}${s.repeat > 1 ? ` ×${s.repeat}` : ""}`;
}

function recordLine(st: EscrowState, id: bigint): string {
  const f = lookupInference(st, id);
  if (!f) return `#${id} absent`;
  const r = f.record;
  const h = st.hostStats.get(r.executorSlot);
  return `#${id} ${statusName(r.status)} (valid ${r.votesValid}, invalid ${r.votesInvalid}); executor slot ${r.executorSlot}: Missed ${h?.missed ?? 0}, Invalid ${h?.invalid ?? 0}, Cost ${h?.cost ?? 0n}`;
}

function firstStartId(file: TallyFile): bigint | undefined {
  for (const s of [...file.setup, ...file.steps]) {
    if (s.kind !== "diff") continue;
    for (const tx of s.txs) if (tx.type === "start") return tx.inferenceId;
  }
  return undefined;
}

function stepJson(r: StepResult, id: bigint | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { nonce: r.nonce, step: describeStep(r.step), result: r.error ? "error" : "ok" };
  if (r.error) out.error = { sentinel: r.error.sentinel, message: r.error.message };
  if (r.applied) out.applied = r.applied;
  out.explain = r.notes;
  out.state = stateView(r.state, id);
  return out;
}

interface FileOptions {
  factor: number | undefined;
  devshardRules: DevshardRulesName | undefined;
  ruleName: "current" | "context-aware";
  explain: boolean;
  json: boolean;
}

function runFile(file: string, o: FileOptions, io: Parameters<Command["run"]>[1]): number {
  const { factor, ruleName, explain, json } = o;
  const tally = parseTallyFile(readJsonFile(file), file, { strictSlots: true, strictKeys: true, factor, devshardRules: o.devshardRules });
  const dr = tally.rules;
  const rule: TallyRule = ruleName === "current" ? { kind: "current" } : { kind: "context-aware", modelLimits: tally.modelLimits };
  const id = tally.inferenceId ?? firstStartId(tally);
  const r = replayTally(tally, rule);
  const all = [...r.setup, ...r.steps];
  const final = all.length > 0 ? all[all.length - 1]!.state : r.afterSetup;
  const n = tally.group.length;
  const t = tally.config.voteThreshold;
  if (json) {
    io.out(
      jsonDocument(
        "tally",
        camelKeys({
          rule: ruleName,
          devshardRules: { rules: dr.rules.name, source: dr.source, tag: dr.tag, goSource: dr.rules.source, detail: dr.detail, notes: tally.notes },
          groupSize: n,
          voteThreshold: t,
          inferenceId: id ?? null,
          steps: all.map((s) => stepJson(s, id)),
          final: stateView(final, id),
        }) as object,
      ),
    );
    return 0;
  }
  const addrs = new Set(tally.group).size;
  io.out(`devshard rules ${dr.rules.name} (${dr.rules.source}): ${dr.detail}`);
  for (const note of tally.notes) io.out(`note: ${note}`);
  io.out(`group: ${n} slots, ${addrs} addresses; vote threshold T = ${t} (resolution needs weight > ${t}); rule: ${ruleName}`);
  for (const s of all) {
    const res = s.error ? `ERROR ${s.error.sentinel}: ${s.error.message}` : s.applied ? `ok (kept ${s.applied.length ? s.applied.join(",") : "none"})` : "ok";
    io.out(`nonce ${s.nonce}: ${describeStep(s.step)} → ${res}`);
    if (explain) for (const note of s.notes) io.out(`    why: ${note}`);
    if (id !== undefined) io.out(`    ${recordLine(s.state, id)}`);
  }
  io.out(`final: phase ${["active", "finalizing", "settlement"][final.phase] ?? final.phase}, latest nonce ${groupDigits(final.latestNonce)}, escrow balance ${groupDigits(final.balance)}, fees ${groupDigits(final.fees)}`);
  if (id !== undefined) io.out(`record: ${recordLine(final, id)}`);
  io.out(`state root: ${String(stateView(final, id).state_root)}`);
  return 0;
}

function outcomeText(o: ScenarioOutcome): string {
  return `${o.status.padEnd(11)} M${o.missed} I${o.invalid}`;
}

function runScenario(name: string, p: ReturnType<typeof parse>, json: boolean, io: Parameters<Command["run"]>[1]): number {
  if (name !== "context-length") throw new InputError(`unknown scenario ${describeValue(name)} (expected context-length)`, "--scenario");
  const slots = intFlag(p, "slots") ?? 16n;
  if (slots < 2n || slots > 128n) throw new InputError(`expected a group size in 2..128, got ${slots}`, "--slots");
  const factor = BigInt(checkVoteThresholdFactor(intFlag(p, "factor") ?? 50n, "--factor"));
  const limit = intFlag(p, "limit") ?? 8192n;
  const maxTokens = intFlag(p, "max-tokens") ?? 1024n;
  checkRange(limit, 1n, UINT64_MAX, "--limit", "the context limit (uint64 tokens)");
  checkRange(maxTokens, 0n, UINT64_MAX, "--max-tokens", "max tokens (uint64)");
  const r = contextLengthScenario({ slots: Number(slots), factor: Number(factor), limit, maxTokens });
  if (json) {
    io.out(jsonDocument("tally-scenario", r));
    return 0;
  }
  io.out(
    `context-length scenario: N = ${r.slots} slots, factor ${r.factor} % → T = ${r.voteThreshold} slots; governance limit ${groupDigits(r.limit)} tokens; ` +
      `request ${groupDigits(r.promptTokens)} prompt + ${groupDigits(r.maxTokens)} max tokens = ${groupDigits(r.promptTokens + r.maxTokens)} tokens (> limit); executor slot 1 is compliant unless k = N`,
  );
  io.out(`${"k".padStart(3)}  ${"today's rule".padEnd(22)}${"proposal #2078".padEnd(22)}if the others re-executed it`);
  for (const row of r.rows) {
    io.out(
      `${String(row.k).padStart(3)}  ${outcomeText(row.current).padEnd(22)}${outcomeText(row.contextAware).padEnd(22)}${
        row.replayed ? `${outcomeText(row.replayed)} (valid ${row.replayed.votesValid}, invalid ${row.replayed.votesInvalid})` : "n/a (executor serves)"
      }`,
    );
  }
  io.out("M = executor's Missed, I = executor's Invalid. Today the refusal always times out and charges Missed;");
  io.out("under #2078 the over-limit refusal is excused; a raised-limit sibling serving the prompt does not count against it.");
  io.out("Today's rule is the devshard Go code (machine.go at 85835b31). The last column is no rule of any version: what a tally");
  io.out("would give if the refusal were recorded as finished and every other slot re-executed the request (a v7-style replay).");
  return 0;
}

export const tallyCommand: Command = {
  name: "tally",
  summary: "replay a devshard record's messages through the validation vote tally (today or #2078)",
  usage,
  async run(args, io) {
    const p = parse(args, {
      file: { type: "string" },
      factor: { type: "string" },
      "devshard-rules": { type: "string" },
      rule: { type: "string" },
      explain: { type: "boolean" },
      json: { type: "boolean" },
      scenario: { type: "string" },
      slots: { type: "string" },
      limit: { type: "string" },
      "max-tokens": { type: "string" },
    });
    const json = p.values.json === true;
    const scenario = str(p, "scenario");
    const file = str(p, "file");
    // Each form's flags only with it: a flag of the other form would be ignored silently.
    const only = (form: string, flags: string[]) => {
      const f = flags.find((x) => p.values[x] !== undefined);
      if (f !== undefined) throw new InputError(`applies to ${form} only`, `--${f}`);
    };
    if (scenario !== undefined) {
      only("--file FILE (a scenario builds its own record)", ["file", "devshard-rules", "rule", "explain"]);
      return runScenario(scenario, p, json, io);
    }
    only("--scenario context-length", ["slots", "limit", "max-tokens"]);
    if (file === undefined) throw new InputError("missing required option --file (or --scenario context-length)");
    const rule = choice(p, "rule", ["current", "context-aware"] as const, "current");
    const f = intFlag(p, "factor");
    if (f !== undefined) checkVoteThresholdFactor(f, "--factor");
    const dr = str(p, "devshard-rules");
    const devshardRules = dr === undefined ? undefined : parseRulesName(dr, "--devshard-rules");
    return runFile(file, { factor: f === undefined ? undefined : Number(f), devshardRules, ruleName: rule, explain: p.values.explain === true, json }, io);
  },
};
