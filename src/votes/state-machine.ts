/**
 * The devshard escrow state machine (devshard/state/machine.go, seal.go), as pure transitions:
 * every public function takes an `EscrowState` and returns a new one (the input is never changed).
 * Checks run in Go's order, including the silent no-ops that precede signature verification.
 * Signatures are modelled: a message's `signer` is the address its signature recovers to.
 * The transitions themselves: inference-lifecycle.ts, validation-tally.ts, timeout-tally.ts, seal.ts.
 */
import { wrapUint64 } from "../go/int64.js";
import { DevshardError, prefixError, sentinelError, wrapSentinel } from "./devshard-errors.js";
import type { DevshardTx } from "./devshard-tx.js";
import type { InferenceRecord } from "./inference-record.js";
import { DEFAULT_AUTO_SEAL_EVERY_N_NONCES } from "./session-config.js";
import { IDLE_HEIGHT_SYNC, computeHostStatsHash, computeRestHashV2, computeStateRootFromRestHash, sealedAccBytes32 } from "./state-hash.js";
import { cmpBig, Draft } from "./draft.js";
import { Phase, type EscrowState } from "./escrow-state.js";
import { applyErrorMiss } from "./error-miss-tally.js";
import { applyConfirmStart, applyFinishInference, applyStartInference } from "./inference-lifecycle.js";
import { autoSeal, drainLive, sealOne } from "./seal.js";
import { applyTimeout } from "./timeout-tally.js";
import { applyValidation, applyValidationVote } from "./validation-tally.js";

export {
  DEFAULT_STATE_ROOT_VERSION, Phase, newEscrowState, tokenCost,
  type EscrowState, type NewSessionParams, type SealedObservation, type Session, type WarmKeyResolver,
} from "./escrow-state.js";

/** Mirrors StateMachine.applyTx: dispatch; returns a short explanation of what happened. */
export function applyTxOn(d: Draft, tx: DevshardTx): string {
  switch (tx.type) {
    case "start":
      return applyStartInference(d, tx);
    case "confirm":
      return applyConfirmStart(d, tx);
    case "finish":
      return applyFinishInference(d, tx);
    case "validation":
      return applyValidation(d, tx);
    case "vote":
      return applyValidationVote(d, tx);
    case "timeout":
      return applyTimeout(d, tx);
    case "error_miss":
      // Before v5 DevshardTx has no field 14: Go decodes the message as an unknown field, so no
      // message is set (GetTx() == nil) and applyTx returns ErrEmptyTx.
      if (!d.s.rules.errorMiss) throw sentinelError("ErrEmptyTx");
      return applyErrorMiss(d, tx);
    case "reveal_seed":
      return "reveal-seed is deprecated and ignored (no-op)";
    case "finalize_round":
      return applyFinalizeRound(d);
    default:
      throw sentinelError("ErrEmptyTx");
  }
}

/** Mirrors StateMachine.applyFinalizeRound. */
export function applyFinalizeRound(d: Draft): string {
  if (d.phase !== Phase.Active) throw sentinelError("ErrAlreadyFinalizing");
  d.phase = Phase.Finalizing;
  return "finalize round: phase active → finalizing";
}

/** Mirrors the tail of StateMachine.applyCore / ApplyLocalBestEffort: per-nonce fee, nonce, settlement drain, auto-seal. */
export function finishDiff(d: Draft, nonce: bigint): string[] {
  const notes: string[] = [];
  if (d.phase === Phase.Active) {
    if (d.balance < d.s.config.feePerNonce) throw sentinelError("ErrInsufficientBalance");
    d.balance -= d.s.config.feePerNonce;
    d.fees = wrapUint64(d.fees + d.s.config.feePerNonce);
  }
  d.latestNonce = nonce;
  if (d.phase === Phase.Finalizing && d.finalizeNonce === 0n) d.finalizeNonce = nonce;
  if (d.phase === Phase.Finalizing) {
    if (d.latestNonce >= wrapUint64(d.finalizeNonce + BigInt(d.s.group.length))) {
      d.phase = Phase.Settlement;
      notes.push(...drainLive(d, d.latestNonce));
    }
  }
  if (d.phase === Phase.Active) {
    const interval = BigInt(d.s.config.autoSealEveryNNonces === 0 ? DEFAULT_AUTO_SEAL_EVERY_N_NONCES : d.s.config.autoSealEveryNNonces);
    if (interval === 0n || nonce % interval === 0n) autoSeal(d, nonce);
  }
  return notes;
}

/** The outcome of one transaction: the state after it, and Go's error if it failed. */
export interface TxOutcome {
  /** After a failure this equals the input except for warm-key bindings cached before the failing check (as in Go). */
  state: EscrowState;
  error?: DevshardError;
  /** Why the transaction did what it did (for --explain). */
  note: string;
}

/** One transaction applied on its own (StateMachine.applyTx): a new state, or Go's named error. */
export function applyTx(state: EscrowState, tx: DevshardTx): TxOutcome {
  const d = new Draft(state);
  try {
    const note = applyTxOn(d, tx);
    return { state: d.freeze(), note };
  } catch (e) {
    if (e instanceof DevshardError) return { state: d.freeze(), error: e, note: e.message };
    throw e;
  }
}

/** The outcome of a diff. */
export interface DiffOutcome {
  state: EscrowState;
  error?: DevshardError;
  /** Best effort only: the indices of the transactions kept in the diff. */
  applied?: number[];
  /** Per transaction: what happened (for --explain). */
  notes: string[];
}

function precheckStarts(nonce: bigint, txs: readonly DevshardTx[]): void {
  let starts = 0;
  for (const tx of txs) {
    if (tx.type === "start") {
      starts++;
      if (tx.inferenceId !== nonce) throw sentinelError("ErrInvalidInferenceID");
    }
  }
  if (starts > 1) throw sentinelError("ErrMultipleStartMsgs");
}

function checkNonce(state: EscrowState, nonce: bigint): void {
  const expected = wrapUint64(state.latestNonce + 1n);
  if (nonce !== expected) throw wrapSentinel("ErrInvalidNonce", `expected ${expected}, got ${nonce}`);
}

/**
 * Mirrors StateMachine.ApplyLocal (applyCore without a post-state root): any error rolls the whole diff back.
 * v5's applyCore adds three prechecks after the start check (at most one MsgForceHeightSyncTurn, the
 * height-sync floor restored, heightsync.CheckDiffLogPlane); on the messages the port replays (no
 * height-sync txs, no stamps, a freshly built machine whose floor is ready) the first two cannot fire
 * and the third is assumed to pass (devshard-rules.ts V5_ASSUMPTIONS). clearExpiredHeightSyncFlags is
 * then a no-op: no turn is ever open.
 */
export function applyLocal(state: EscrowState, nonce: bigint, txs: readonly DevshardTx[]): DiffOutcome {
  return applyCore(state, nonce, txs, false);
}

/**
 * Mirrors StateMachine.ApplyLocalPersisted (v5): applyCore while replaying this node's own journal,
 * the one path that skips the max_tokens floor. Under rules without that floor it is applyLocal.
 */
export function applyLocalPersisted(state: EscrowState, nonce: bigint, txs: readonly DevshardTx[]): DiffOutcome {
  return applyCore(state, nonce, txs, true);
}

function applyCore(state: EscrowState, nonce: bigint, txs: readonly DevshardTx[], replayingPersisted: boolean): DiffOutcome {
  const notes: string[] = [];
  try {
    checkNonce(state, nonce);
    precheckStarts(nonce, txs);
    const d = new Draft(state);
    d.replayingPersisted = replayingPersisted;
    for (const tx of txs) notes.push(applyTxOn(d, tx));
    notes.push(...finishDiff(d, nonce));
    return { state: d.freeze(), notes };
  } catch (e) {
    if (e instanceof DevshardError) return { state, error: e, notes: [...notes, `diff rejected and rolled back: ${e.message}`] };
    throw e;
  }
}

/**
 * Mirrors StateMachine.ApplyLocalBestEffort: failing transactions are dropped, except a failing start,
 * which aborts. v5's per-transaction log-plane check and its heartbeat/ack drop in Finalizing concern
 * only messages the port does not replay (see applyLocal).
 */
export function applyLocalBestEffort(state: EscrowState, nonce: bigint, txs: readonly DevshardTx[]): DiffOutcome {
  const notes: string[] = [];
  try {
    checkNonce(state, nonce);
    precheckStarts(nonce, txs);
  } catch (e) {
    if (e instanceof DevshardError) return { state, error: e, notes };
    throw e;
  }
  const d = new Draft(state);
  const applied: number[] = [];
  for (let i = 0; i < txs.length; i++) {
    const tx = txs[i]!;
    try {
      notes.push(applyTxOn(d, tx));
      applied.push(i);
    } catch (e) {
      if (!(e instanceof DevshardError)) throw e;
      if (tx.type === "start") return { state, error: prefixError("mandatory start inference", e), notes: [...notes, `start failed: ${e.message}`] };
      notes.push(`dropped: ${e.message}`);
    }
  }
  try {
    notes.push(...finishDiff(d, nonce));
  } catch (e) {
    if (e instanceof DevshardError) return { state, error: e, notes };
    throw e;
  }
  return { state: d.freeze(), applied, notes };
}

/** Mirrors StateMachine.SealInference: fold a live record into the accumulator at the latest nonce (no-op if not live). */
export function sealInference(state: EscrowState, id: bigint): EscrowState {
  if (!state.inferences.has(id)) return state;
  const d = new Draft(state);
  sealOne(d, id, state.latestNonce);
  return d.freeze();
}

/** Mirrors StateMachine.computeStateRootLocked. */
export function computeStateRoot(state: EscrowState): Uint8Array {
  return computeStateRootFromRestHash(
    computeHostStatsHash(state.hostStats),
    computeRestHash(state),
    state.fees,
    state.phase,
    state.session.stateRootAndProtocolVersion,
  );
}

/**
 * Mirrors the state.ComputeRestHashV2 call of computeStateRootLocked / BuildSettlement. Under v5 the
 * height-sync commit is HeightSyncEscrowCommitFromState: always idle here (no turn is ever opened).
 */
export function computeRestHash(state: EscrowState): Uint8Array {
  const hs = state.session.rules.heightSyncHash ? IDLE_HEIGHT_SYNC : undefined;
  return computeRestHashV2(state.balance, sealedAccBytes32(state.sealedAcc), state.inferences, state.warmKeys, hs);
}

/** A record by id: live, or as the observability store kept it when sealed (StateMachine.GetInference / LookupSealedInference). */
export function lookupInference(
  state: EscrowState,
  id: bigint,
): { where: "live"; record: InferenceRecord } | { where: "sealed"; record: InferenceRecord; sealedNonce: bigint } | undefined {
  const live = state.inferences.get(id);
  if (live) return { where: "live", record: live };
  const obs = state.sealedRecords.get(id);
  if (obs) return { where: "sealed", record: obs.record, sealedNonce: obs.sealedNonce };
  return undefined;
}

/** Every record ever started, ascending id (StateMachine.ExportAllInferenceRecords). */
export function allInferenceIds(state: EscrowState): bigint[] {
  const ids = new Set<bigint>([...state.inferences.keys(), ...state.sealedRecords.keys()]);
  return [...ids].sort(cmpBig);
}
