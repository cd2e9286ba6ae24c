/**
 * Scenario for proposal devshard #2078: a group of N single-slot hosts of which k run a raised local
 * context limit; a compliant executor refuses a request just over the governance limit. For every
 * k = 0..N the same message stream is replayed through this port under today's rule and under the
 * proposed context-aware rule, and the record's end state and the executor's Missed / Invalid are
 * reported. The stream follows what the Go hosts and user client do at 85835b31:
 *
 *  1. record 1 (executor slot 1) starts; the executor signs its receipt before running (→ started);
 *  2. a redundant attempt, record 2 with the same prompt, goes to slot 2 (the first raised-limit slot
 *     when k ≥ 1): a raised-limit host serves it (finish, inputTokens = the prompt's tokens), a
 *     compliant one refuses it too;
 *  3. if the executor is compliant (k < N) vLLM rejects the request and no finish is ever sent; every
 *     other address accepts the execution timeout (verifiers do not ask why), the votes carrying the
 *     verifiers' own prompt-token count as evidence. If k = N the executor itself runs a raised limit
 *     and serves the request.
 *
 * A third, hypothetical column replays the v7 design the spec note discusses (a refusal recorded as a
 * finished record and re-executed by validators: raised-limit validators reproduce an answer and vote
 * invalid, compliant ones get HTTP 400 and vote valid) through this port's real tally, to show the
 * strict-majority threshold: Invalidated once the raised-limit validators' weight exceeds T.
 */
import { computeVoteThreshold, defaultSessionConfig } from "./session-config.js";
import { statusName } from "./inference-record.js";
import type { TallyRule } from "./context-length-rule.js";
import { applyLocal, newEscrowState, type EscrowState } from "./state-machine.js";
import type { DevshardTx } from "./devshard-tx.js";
import { InputError } from "../errors.js";

export interface ContextLengthScenarioOptions {
  /** Group size N (2..128). */
  slots: number;
  /** vote_threshold_factor in percent (default 50). */
  factor?: number;
  /** Governance max context length of the model (default 8192). */
  limit?: bigint;
  /** The request's max_tokens (default 1024). */
  maxTokens?: bigint;
  /** Prompt tokens (default limit − maxTokens + 1: one token over the governance limit). */
  promptTokens?: bigint;
}

/** A record's end state and its executor's counters. */
export interface ScenarioOutcome {
  status: string;
  missed: number;
  invalid: number;
  votesValid: number;
  votesInvalid: number;
}

export interface ScenarioRow {
  k: number;
  /** Whether the executor (slot 1) itself runs a raised limit (only when k = N). */
  executorRaised: boolean;
  current: ScenarioOutcome;
  contextAware: ScenarioOutcome;
  /** Hypothetical v7 replay tally (see the module comment); null when the executor serves. */
  replayed: ScenarioOutcome | null;
}

export interface ScenarioResult {
  slots: number;
  factor: number;
  voteThreshold: number;
  limit: bigint;
  maxTokens: bigint;
  promptTokens: bigint;
  rows: ScenarioRow[];
}

const MODEL = "llama";
const PROMPT = Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + 3) & 0xff);
const EXEC = 1;

function hostAddr(slot: number): string {
  return `gonka1host${String(slot).padStart(3, "0")}`;
}

/** The raised-limit slots for a given k: non-executor slots from slot 2 upwards (wrapping to 0), the executor last. */
export function raisedSlots(n: number, k: number): Set<number> {
  const order: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = (2 + i) % n;
    if (s !== EXEC) order.push(s);
  }
  order.push(EXEC);
  return new Set(order.slice(0, k));
}

function outcome(st: EscrowState, id: bigint): ScenarioOutcome {
  const rec = st.inferences.get(id) ?? st.sealedRecords.get(id)?.record;
  const h = st.hostStats.get(EXEC)!;
  return {
    status: rec ? statusName(rec.status) : "absent",
    missed: h.missed,
    invalid: h.invalid,
    votesValid: rec?.votesValid ?? 0,
    votesInvalid: rec?.votesInvalid ?? 0,
  };
}

function run(st: EscrowState, txs: DevshardTx[]): EscrowState {
  return applyLocal(st, st.latestNonce + 1n, txs).state;
}

function session(n: number, factor: number, rule: TallyRule): EscrowState {
  const config = { ...defaultSessionConfig(n), createDevshardFee: 0n, feePerNonce: 0n, voteThreshold: computeVoteThreshold(n, factor) };
  const group = Array.from({ length: n }, (_, s) => hostAddr(s));
  return newEscrowState({ escrowId: "escrow-scenario", config, group, balance: 1_000_000_000n, userAddress: "gonka1user", rule });
}

function start(id: bigint, promptTokens: bigint, maxTokens: bigint): DevshardTx {
  return { type: "start", inferenceId: id, promptHash: PROMPT, model: MODEL, inputLength: promptTokens * 4n, maxTokens, startedAt: 1000n };
}

/** The stream of today's protocol for one k, under one rule. */
function realStream(n: number, k: number, factor: number, rule: TallyRule, o: Required<Omit<ContextLengthScenarioOptions, "factor" | "slots">>): ScenarioOutcome {
  const raised = raisedSlots(n, k);
  let st = session(n, factor, rule);
  st = run(st, [start(1n, o.promptTokens, o.maxTokens)]);
  const confirm1: DevshardTx = { type: "confirm", inferenceId: 1n, confirmedAt: 1000n, signer: hostAddr(EXEC) };
  const sib = Number(2n % BigInt(n));
  if (sib === EXEC) st = run(st, [confirm1]);
  else {
    st = run(st, [start(2n, o.promptTokens, o.maxTokens), confirm1]);
    st = run(st, [{ type: "confirm", inferenceId: 2n, confirmedAt: 1000n, signer: hostAddr(sib) }]);
    if (raised.has(sib)) {
      st = run(st, [
        { type: "finish", inferenceId: 2n, responseHash: PROMPT, inputTokens: o.promptTokens, outputTokens: 100n, executorSlot: sib, signer: hostAddr(sib), escrowId: "escrow-scenario" },
      ]);
    }
  }
  if (raised.has(EXEC)) {
    st = run(st, [
      { type: "finish", inferenceId: 1n, responseHash: PROMPT, inputTokens: o.promptTokens, outputTokens: 100n, executorSlot: EXEC, signer: hostAddr(EXEC), escrowId: "escrow-scenario" },
    ]);
    return outcome(st, 1n);
  }
  const votes = [];
  for (let s = 0; s < n; s++) if (s !== EXEC) votes.push({ voterSlot: s, accept: true, signer: hostAddr(s) });
  st = run(st, [{ type: "timeout", inferenceId: 1n, reason: 2, votes, promptTokens: o.promptTokens }]);
  return outcome(st, 1n);
}

/** The hypothetical v7 replay: the refusal as a finished record, re-executed by every other address. */
function replayedStream(n: number, k: number, factor: number, o: Required<Omit<ContextLengthScenarioOptions, "factor" | "slots">>): ScenarioOutcome | null {
  const raised = raisedSlots(n, k);
  if (raised.has(EXEC)) return null;
  let st = session(n, factor, { kind: "current" });
  st = run(st, [start(1n, o.promptTokens, o.maxTokens)]);
  st = run(st, [{ type: "confirm", inferenceId: 1n, confirmedAt: 1000n, signer: hostAddr(EXEC) }]);
  st = run(st, [
    { type: "finish", inferenceId: 1n, responseHash: new Uint8Array(0), inputTokens: 0n, outputTokens: 0n, executorSlot: EXEC, signer: hostAddr(EXEC), escrowId: "escrow-scenario" },
  ]);
  const validators: number[] = [];
  for (let s = 0; s < n; s++) if (s !== EXEC) validators.push(s);
  const challenger = validators.find((s) => raised.has(s));
  if (challenger !== undefined) {
    st = run(st, [{ type: "validation", inferenceId: 1n, validatorSlot: challenger, valid: false, signer: hostAddr(challenger), escrowId: "escrow-scenario" }]);
    for (const s of validators) {
      if (s === challenger) continue;
      st = run(st, [{ type: "vote", inferenceId: 1n, voterSlot: s, voteValid: !raised.has(s), signer: hostAddr(s), escrowId: "escrow-scenario" }]);
    }
  } else {
    for (const s of validators) st = run(st, [{ type: "validation", inferenceId: 1n, validatorSlot: s, valid: true, signer: hostAddr(s), escrowId: "escrow-scenario" }]);
  }
  return outcome(st, 1n);
}

/** Proposal #2078 scenario: for k = 0..N raised-limit slots, the record's end state and the executor's counters under both rules. */
export function contextLengthScenario(opts: ContextLengthScenarioOptions): ScenarioResult {
  const n = opts.slots;
  if (!Number.isInteger(n) || n < 2 || n > 128) throw new InputError(`expected a group size in 2..128, got ${n}`, "--slots");
  const factor = opts.factor ?? 50;
  const limit = opts.limit ?? 8192n;
  const maxTokens = opts.maxTokens ?? 1024n;
  if (maxTokens > limit) throw new InputError(`max tokens ${maxTokens} exceed the limit ${limit}`, "--max-tokens");
  const promptTokens = opts.promptTokens ?? limit - maxTokens + 1n;
  const o = { limit, maxTokens, promptTokens };
  const rule: TallyRule = { kind: "context-aware", modelLimits: new Map([[MODEL, limit]]) };
  const rows: ScenarioRow[] = [];
  for (let k = 0; k <= n; k++) {
    rows.push({
      k,
      executorRaised: raisedSlots(n, k).has(EXEC),
      current: realStream(n, k, factor, { kind: "current" }, o),
      contextAware: realStream(n, k, factor, rule, o),
      replayed: replayedStream(n, k, factor, o),
    });
  }
  return { slots: n, factor, voteThreshold: computeVoteThreshold(n, factor), limit, maxTokens, promptTokens, rows };
}

