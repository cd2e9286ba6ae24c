/**
 * The vote-tally family's own vector suite for other languages: proposal devshard #2078's fault
 * decision for a context-length refusal (context-length-rule.ts) and its k = 0..N scenario replayed
 * through this port's tally (context-length-scenario.ts).
 */
import { InputError, describeValue } from "../errors.js";
import { INT64_MAX, UINT64_MAX } from "../go/int64.js";
import type { Json } from "../go/json.js";
import type { ExportSuite } from "../vectors/export-types.js";
import { buildCases, enumField, intField, ruleRejects, type CaseInput } from "../vectors/spec-suite.js";
import { expectArray, exactObject, expectObject, expectString, type JsonObject } from "../json-input.js";
import type { SuiteTable } from "../vectors/types.js";
import { contextLengthFault, type TallyRule } from "./context-length-rule.js";
import { contextLengthScenario, type ScenarioOutcome } from "./context-length-scenario.js";
import { STATUS_NAMES, Status, type InferenceRecord, type InferenceStatus } from "./inference-record.js";

export const CONTEXT_LENGTH_SUITE = "spec_context_length_rule";

const FAULT_FIELDS = ["kind", "rule", "modelLimits", "record", "promptTokens", "siblings"] as const;
const RECORD_FIELDS = ["id", "model", "promptHash", "maxTokens"] as const;
const SIBLING_FIELDS = ["id", "status", "promptHash", "inputTokens"] as const;
const SCENARIO_FIELDS = ["kind", "slots", "factor", "limit", "maxTokens", "promptTokens"] as const;

function hexBytes(v: Json | undefined, path: string): Uint8Array {
  const s = expectString(v, path);
  if (!/^([0-9a-f]{2})*$/.test(s)) throw new InputError(`expected lowercase hex bytes, got ${describeValue(s)}`, path);
  return Uint8Array.from(s.match(/../g) ?? [], (b) => parseInt(b, 16));
}

function record(over: Partial<InferenceRecord>): InferenceRecord {
  return {
    status: Status.Started, executorSlot: 0, model: "", promptHash: new Uint8Array(0), responseHash: new Uint8Array(0), inputLength: 0n,
    maxTokens: 0n, inputTokens: 0n, outputTokens: 0n, reservedCost: 0n, actualCost: 0n, startedAt: 0n, confirmedAt: 0n, votesValid: 0,
    votesInvalid: 0, validatedBy: 0n, ...over,
  };
}

/** The fault verdict's basis, read off the rule's reason (the reason's wording is not part of the spec). */
function basisOf(reason: string): { basis: string; sibling: bigint | null } {
  const sib = /^sibling (\d+) served/.exec(reason);
  if (sib) return { basis: "sibling-within-limit", sibling: BigInt(sib[1]!) };
  const table: [RegExp, string][] = [
    [/^today's rule/, "current-rule"],
    [/^no governance limit/, "no-limit"],
    [/^no prompt-token evidence/, "no-evidence"],
    [/^request fits/, "fits-limit"],
    [/^request exceeds/, "exceeds-limit"],
  ];
  for (const [re, basis] of table) if (re.test(reason)) return { basis, sibling: null };
  throw new Error(`internal: unrecognised fault reason ${JSON.stringify(reason)}`);
}

function runFault(i: JsonObject): unknown {
  const ruleKind = enumField(i.rule, "input.rule", ["current", "context-aware"] as const);
  const limits = expectObject(i.modelLimits, "input.modelLimits");
  const modelLimits = new Map<string, bigint>();
  for (const m of Object.keys(limits)) modelLimits.set(m, intField(limits[m], `input.modelLimits[${JSON.stringify(m)}]`, 0n, UINT64_MAX));
  const rule: TallyRule = ruleKind === "current" ? { kind: "current" } : { kind: "context-aware", modelLimits };
  const r = exactObject(i.record, RECORD_FIELDS, "input.record");
  const id = intField(r.id, "input.record.id", 0n, UINT64_MAX);
  const rec = record({ model: expectString(r.model, "input.record.model"), promptHash: hexBytes(r.promptHash, "input.record.promptHash"), maxTokens: intField(r.maxTokens, "input.record.maxTokens", 0n, UINT64_MAX) });
  const promptTokens = i.promptTokens === null ? undefined : intField(i.promptTokens, "input.promptTokens", 0n, UINT64_MAX);
  const siblings = new Map<bigint, InferenceRecord>();
  expectArray(i.siblings, "input.siblings").forEach((s, j) => {
    const p = `input.siblings[${j}]`;
    const o = exactObject(s, SIBLING_FIELDS, p);
    const sid = intField(o.id, `${p}.id`, 0n, UINT64_MAX);
    if (siblings.has(sid) || sid === id) throw new InputError(`duplicate record id ${sid}`, `${p}.id`);
    const status = STATUS_NAMES.indexOf(enumField(o.status, `${p}.status`, STATUS_NAMES)) as InferenceStatus;
    siblings.set(sid, record({ status, model: rec.model, promptHash: hexBytes(o.promptHash, `${p}.promptHash`), inputTokens: intField(o.inputTokens, `${p}.inputTokens`, 0n, UINT64_MAX) }));
  });
  const v = contextLengthFault(rule, id, rec, promptTokens, siblings);
  return { atFault: v.atFault, ...basisOf(v.reason) };
}

const outcomeJson = (o: ScenarioOutcome) => ({ status: o.status, missed: o.missed, invalid: o.invalid, votesValid: o.votesValid, votesInvalid: o.votesInvalid });

function runScenario(i: JsonObject): unknown {
  const slots = intField(i.slots, "input.slots", 0n, 1024n);
  const factor = intField(i.factor, "input.factor", 0n, 100n);
  const limit = intField(i.limit, "input.limit", 0n, INT64_MAX);
  const maxTokens = intField(i.maxTokens, "input.maxTokens", 0n, INT64_MAX);
  const promptTokens = intField(i.promptTokens, "input.promptTokens", 0n, INT64_MAX);
  const r = ruleRejects(() => contextLengthScenario({ slots: Number(slots), factor: Number(factor), limit, maxTokens, promptTokens }));
  return {
    voteThreshold: r.voteThreshold,
    rows: r.rows.map((row) => ({
      k: row.k,
      executorRaised: row.executorRaised,
      current: outcomeJson(row.current),
      contextAware: outcomeJson(row.contextAware),
      replayed: row.replayed === null ? null : outcomeJson(row.replayed),
    })),
  };
}

function runContextLength(input: Json): unknown {
  const kind = enumField(expectObject(input, "input").kind, "input.kind", ["fault", "scenario"] as const);
  return kind === "fault" ? runFault(exactObject(input, FAULT_FIELDS, "input")) : runScenario(exactObject(input, SCENARIO_FIELDS, "input"));
}

const HASH_A = "0707070707070707070707070707070707070707070707070707070707070707";
const HASH_B = "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20";

function faultInputs(): CaseInput[] {
  const out: CaseInput[] = [];
  const limits = { "Qwen/QwQ-32B": 32768n, llama: 8192n }; // keys in byte order, as every map in the vectors
  const fault = (name: string, o: { rule?: string; model?: string; hash?: string; maxTokens?: bigint; promptTokens: bigint | null; siblings?: Json[] }): void => {
    out.push({
      name: `fault_${name}`,
      input: {
        kind: "fault",
        rule: o.rule ?? "context-aware",
        modelLimits: limits,
        record: { id: 1n, model: o.model ?? "llama", promptHash: o.hash ?? HASH_A, maxTokens: o.maxTokens ?? 1024n },
        promptTokens: o.promptTokens,
        siblings: o.siblings ?? [],
      },
    });
  };
  const sib = (id: bigint, status: string, inputTokens: bigint, hash = HASH_A): Json => ({ id, status, promptHash: hash, inputTokens });
  fault("current_rule_over_limit", { rule: "current", promptTokens: 9000n });
  fault("current_rule_within_limit", { rule: "current", promptTokens: 100n });
  fault("current_rule_no_evidence", { rule: "current", promptTokens: null });
  fault("fits_exactly_at_limit", { promptTokens: 7168n });
  fault("one_token_over_limit", { promptTokens: 7169n });
  fault("far_within_limit", { promptTokens: 10n });
  fault("far_over_limit", { promptTokens: 100000n });
  fault("zero_max_tokens_at_limit", { maxTokens: 0n, promptTokens: 8192n });
  fault("zero_max_tokens_over_limit", { maxTokens: 0n, promptTokens: 8193n });
  fault("max_tokens_alone_over_limit", { maxTokens: 9000n, promptTokens: 0n });
  fault("no_evidence", { promptTokens: null });
  fault("model_without_limit", { model: "mistral", promptTokens: 100000n });
  fault("second_model_fits", { model: "Qwen/QwQ-32B", maxTokens: 4096n, promptTokens: 28672n });
  fault("second_model_over", { model: "Qwen/QwQ-32B", maxTokens: 4096n, promptTokens: 28673n });
  fault("sibling_finished_within_limit", { promptTokens: 7169n, siblings: [sib(2n, "finished", 7000n)] });
  fault("sibling_finished_at_limit", { promptTokens: 7169n, siblings: [sib(2n, "finished", 7168n)] });
  fault("sibling_raised_limit_excuses_nothing", { promptTokens: 7169n, siblings: [sib(2n, "finished", 7169n)] });
  fault("sibling_validated_within_limit", { promptTokens: 7169n, siblings: [sib(5n, "validated", 6000n)] });
  fault("sibling_challenged_within_limit", { promptTokens: 7169n, siblings: [sib(3n, "challenged", 6000n)] });
  fault("sibling_timed_out_ignored", { promptTokens: 7169n, siblings: [sib(2n, "timed_out", 6000n)] });
  fault("sibling_invalidated_ignored", { promptTokens: 7169n, siblings: [sib(2n, "invalidated", 6000n)] });
  fault("sibling_started_ignored", { promptTokens: 7169n, siblings: [sib(2n, "started", 6000n)] });
  fault("sibling_other_prompt_ignored", { promptTokens: 7169n, siblings: [sib(2n, "finished", 6000n, HASH_B)] });
  fault("empty_prompt_hash_matches_nothing", { hash: "", promptTokens: 7169n, siblings: [sib(2n, "finished", 6000n, "")] });
  fault("lowest_qualifying_sibling_id_named", {
    promptTokens: 7169n,
    siblings: [sib(9n, "finished", 100n), sib(4n, "finished", 8000n), sib(7n, "validated", 200n), sib(3n, "finished", 50n, HASH_B)],
  });
  fault("current_rule_ignores_siblings", { rule: "current", promptTokens: 7169n, siblings: [sib(2n, "finished", 7169n)] });
  return out;
}

function scenarioInputs(): CaseInput[] {
  const out: CaseInput[] = [];
  const scenario = (name: string, slots: bigint, factor: bigint, limit: bigint, maxTokens: bigint, promptTokens: bigint): void => {
    out.push({ name: `scenario_${name}`, input: { kind: "scenario", slots, factor, limit, maxTokens, promptTokens } });
  };
  for (const n of [2n, 3n, 4n, 5n, 8n, 16n]) scenario(`n${n}_one_over`, n, 50n, 8192n, 1024n, 7169n);
  scenario("n16_fits_limit", 16n, 50n, 8192n, 1024n, 7168n);
  scenario("n16_factor67", 16n, 67n, 8192n, 1024n, 7169n);
  scenario("n5_factor100", 5n, 100n, 8192n, 1024n, 7169n);
  scenario("n7_factor0", 7n, 0n, 8192n, 1024n, 7169n);
  scenario("n4_limit32768", 4n, 50n, 32768n, 4096n, 30000n);
  scenario("error_one_slot", 1n, 50n, 8192n, 1024n, 7169n);
  scenario("error_max_tokens_over_limit", 4n, 50n, 1000n, 1024n, 10n);
  return out;
}

export const contextLengthExport: ExportSuite = {
  name: CONTEXT_LENGTH_SUITE,
  function: "contextLengthFault (proposal devshard #2078) and contextLengthScenario (k = 0..N)",
  source: "gonka-spec src/votes/context-length-rule.ts, src/votes/context-length-scenario.ts (tally: devshard/state/machine.go@85835b31)",
  notes:
    "Two kinds of case, by input.kind. " +
    "kind \"fault\": is the executor of a timed-out record at fault? rule \"current\" (today: every accepted timeout is a miss) or " +
    "\"context-aware\" (#2078: at fault iff promptTokens + record.maxTokens <= modelLimits[record.model], or a sibling record " +
    "with the same non-empty promptHash (hex bytes) in status finished, challenged or validated has sibling.inputTokens + " +
    "record.maxTokens <= that limit; siblings are scanned in ascending id order). promptTokens null = the timeout carries no " +
    "token evidence; a model absent from modelLimits has no governance limit; either way the host is at fault as today. " +
    "output: atFault, basis (current-rule, no-limit, no-evidence, fits-limit, sibling-within-limit, exceeds-limit) and sibling " +
    "(the id of the sibling that decided, else null). " +
    "kind \"scenario\": N = slots single-slot hosts, k = 0..N of them with a raised local context limit (slot 2 upwards, " +
    "wrapping, the executor slot 1 last); record 1 on the executor, a redundant record 2 on slot 2; a compliant executor refuses, " +
    "the others accept the execution timeout carrying promptTokens as evidence. factor = vote_threshold_factor in percent, " +
    "voteThreshold = ComputeVoteThreshold(N, factor). Per k: the record's end status and the executor's Missed/Invalid and the " +
    "record's vote counts under today's rule (current) and the proposal (contextAware), and replayed = the hypothetical v7 design " +
    "(a refusal recorded as finished and re-executed by validators; null when the executor serves). " +
    "A group size outside 2..128 or maxTokens > limit is rejected: {\"error\": ...}.",
  inputFields: ["kind", "rule", "modelLimits", "record", "promptTokens", "siblings", "slots", "factor", "limit", "maxTokens"],
  outputFields: ["atFault", "basis", "sibling", "voteThreshold", "rows[k, executorRaised, current, contextAware, replayed]"],
  cases: () => buildCases(CONTEXT_LENGTH_SUITE, runContextLength, [...faultInputs(), ...scenarioInputs()]),
};

export const exportSuites: ExportSuite[] = [contextLengthExport];

/** Replay adapters for `vectors check` (registered in src/vectors/registry.ts). */
export const suites: SuiteTable = {
  [CONTEXT_LENGTH_SUITE]: { run: runContextLength },
};
