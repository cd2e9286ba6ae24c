/** Replays a tally file through the state machine, step by step (the harness of the devshard vectors). */
import { stringifyJson } from "../go/json.js";
import type { TallyRule } from "./context-length-rule.js";
import type { DevshardError } from "./devshard-errors.js";
import {
  applyLocal,
  applyLocalBestEffort,
  applyLocalPersisted,
  newEscrowState,
  sealInference,
  type DiffOutcome,
  type EscrowState,
} from "./state-machine.js";
import type { TallyFile, TallyStep } from "./tally-file.js";

/** What one step did. */
export interface StepResult {
  step: TallyStep;
  /** The nonce of the (last) diff attempted; for a seal, the latest nonce. */
  nonce: bigint;
  error?: DevshardError;
  /** Best-effort diffs: the indices of the kept transactions. */
  applied?: number[];
  notes: string[];
  before: EscrowState;
  state: EscrowState;
}

/** The session built from a file, under the chosen rule. */
export function sessionFromFile(file: TallyFile, rule: TallyRule): EscrowState {
  const grants = file.warmGrants;
  return newEscrowState({
    escrowId: file.escrowId,
    config: file.config,
    group: file.group,
    balance: file.initialBalance,
    userAddress: file.userAddress,
    stateRootAndProtocolVersion: file.stateRootAndProtocolVersion,
    warmResolver: (warm, cold) => grants.some((g) => g.cold === cold && g.warm === warm),
    rule,
    rules: file.rules.rules,
  });
}

/** Apply one step to a state. */
export function runStep(state: EscrowState, step: TallyStep): StepResult {
  if (step.kind === "seal") {
    const after = sealInference(state, step.inferenceId);
    const note = after === state ? `inference ${step.inferenceId} is not live: nothing to seal` : `inference ${step.inferenceId} sealed at nonce ${state.latestNonce}`;
    return { step, nonce: state.latestNonce, notes: [note], before: state, state: after };
  }
  let cur = state;
  let out: DiffOutcome | undefined;
  let nonce = state.latestNonce;
  const notes: string[] = [];
  for (let r = 0; r < step.repeat; r++) {
    nonce = cur.latestNonce + 1n;
    const apply = step.mode === "strict" ? applyLocal : step.mode === "persisted" ? applyLocalPersisted : applyLocalBestEffort;
    out = apply(cur, nonce, step.txs);
    notes.push(...out.notes);
    cur = out.state;
    if (out.error) break;
  }
  const res: StepResult = { step, nonce, notes, before: state, state: cur };
  if (out?.error) res.error = out.error;
  else if (step.mode === "best_effort" && out?.applied) res.applied = out.applied;
  return res;
}

/** Replay the setup and the steps; returns the state after setup and each step's result. */
export function replayTally(file: TallyFile, rule: TallyRule): { initial: EscrowState; afterSetup: EscrowState; setup: StepResult[]; steps: StepResult[] } {
  const initial = sessionFromFile(file, rule);
  let st = initial;
  const setup: StepResult[] = [];
  for (const s of file.setup) {
    const r = runStep(st, s);
    setup.push(r);
    st = r.state;
  }
  const afterSetup = st;
  const steps: StepResult[] = [];
  for (const s of file.steps) {
    const r = runStep(st, s);
    steps.push(r);
    st = r.state;
  }
  return { initial, afterSetup, setup, steps };
}

/** Deep equality of two JSON-like views (used for state_changed). */
export function sameView(a: unknown, b: unknown): boolean {
  return stringifyJson(a) === stringifyJson(b);
}
