/**
 * A working copy of an escrow state that one transition mutates and then freezes into a new
 * EscrowState, with the StateMachine helpers every transition shares (slot lookup, warm keys, proposer
 * signatures, record lookups with Go's errors).
 */
import { bitmapIsSet } from "./bitmap128.js";
import { wrapSentinel } from "./devshard-errors.js";
import { ZERO_HOST_STATS, type HostStats, type InferenceRecord } from "./inference-record.js";
import type { EscrowState, SealedObservation, Session } from "./escrow-state.js";

export const cmpBig = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

/** Go's status names, for explanations. */
export const STATUS_WORD = ["pending", "started", "finished", "challenged", "validated", "invalidated", "timed out"];

/** A working copy of the state, mutated by one transition and then frozen into a new EscrowState. */
export class Draft {
  readonly s: Session;
  balance: bigint;
  fees: bigint;
  phase: number;
  finalizeNonce: bigint;
  latestNonce: bigint;
  inferences: Map<bigint, InferenceRecord>;
  hostStats: Map<number, HostStats>;
  warmKeys: Map<number, string>;
  sealedAcc: Uint8Array | null;
  sealedNonces: Map<bigint, bigint>;
  sealedRecords: Map<bigint, SealedObservation>;
  /** StateMachine.replayingPersisted (v5): set only while ApplyLocalPersisted replays this node's journal. */
  replayingPersisted = false;

  constructor(st: EscrowState) {
    this.s = st.session;
    this.balance = st.balance;
    this.fees = st.fees;
    this.phase = st.phase;
    this.finalizeNonce = st.finalizeNonce;
    this.latestNonce = st.latestNonce;
    this.inferences = new Map(st.inferences);
    this.hostStats = new Map(st.hostStats);
    this.warmKeys = new Map(st.warmKeys);
    this.sealedAcc = st.sealedAcc;
    this.sealedNonces = new Map(st.sealedNonces);
    this.sealedRecords = new Map(st.sealedRecords);
  }

  freeze(): EscrowState {
    return {
      session: this.s,
      balance: this.balance,
      fees: this.fees,
      phase: this.phase,
      finalizeNonce: this.finalizeNonce,
      latestNonce: this.latestNonce,
      inferences: this.inferences,
      hostStats: this.hostStats,
      warmKeys: this.warmKeys,
      sealedAcc: this.sealedAcc,
      sealedNonces: this.sealedNonces,
      sealedRecords: this.sealedRecords,
    };
  }

  slotAddress(slot: number): string | undefined {
    return slot >= 0 && slot < this.s.group.length ? this.s.group[slot] : undefined;
  }

  updateHostStats(slot: number, f: (h: HostStats) => HostStats): void {
    this.hostStats.set(slot, f(this.hostStats.get(slot) ?? ZERO_HOST_STATS));
  }

  /** Mirrors StateMachine.isDuplicateInferenceID (committed entries always equal the live set here). */
  isDuplicateInferenceID(id: bigint): boolean {
    return this.inferences.has(id) || this.sealedNonces.has(id);
  }

  /** Mirrors StateMachine.isInferenceEvictedFromLive. */
  isEvictedFromLive(id: bigint): boolean {
    return !this.inferences.has(id) && this.sealedNonces.has(id);
  }

  /** Mirrors StateMachine.ResolveWarmKey: a cached binding decides; otherwise ask the resolver and cache a yes. */
  resolveWarmKey(slot: number, recovered: string, expected: string): boolean {
    const cached = this.warmKeys.get(slot);
    if (cached !== undefined) return cached === recovered;
    if (!this.s.warmResolver) return false;
    if (!this.s.warmResolver(recovered, expected)) return false;
    this.warmKeys.set(slot, recovered);
    return true;
  }

  /** Mirrors StateMachine.verifyProposerSig (the modelled verifier recovers `signer`). */
  verifyProposerSig(signer: string | null, expected: string, slot: number): void {
    if (signer === null) throw wrapSentinel("ErrInvalidProposerSig", "signature does not recover to an address");
    if (signer !== expected) {
      if (this.resolveWarmKey(slot, signer, expected)) return;
      throw wrapSentinel("ErrInvalidProposerSig", `expected ${expected}, got ${signer}`);
    }
  }

  /** Mirrors StateMachine.addressHasValidated: the first slot of the address already in ValidatedBy. */
  addressHasValidated(rec: InferenceRecord, slot: number): number | undefined {
    const addr = this.slotAddress(slot)!;
    for (const s of this.s.addressToSlots.get(addr) ?? []) if (bitmapIsSet(rec.validatedBy, s)) return s;
    return undefined;
  }



  /** Mirrors the record lookup of applyConfirmStart / applyFinishInference / applyTimeout ("is sealed" or not found). */
  liveOrTransitionError(id: bigint): InferenceRecord {
    const rec = this.inferences.get(id);
    if (rec) return rec;
    if (this.isEvictedFromLive(id)) throw wrapSentinel("ErrInvalidTransition", `inference ${id} is sealed`);
    throw wrapSentinel("ErrInferenceNotFound", `inference ${id}`);
  }

  /** Mirrors the record lookup of applyValidation / applyValidationVote (ErrInferenceSealed when sealed at nonce > 0). */
  liveOrSealedError(id: bigint): InferenceRecord {
    const rec = this.inferences.get(id);
    if (rec) return rec;
    const sealNonce = this.sealedNonces.get(id);
    if (sealNonce !== undefined && sealNonce > 0n) throw wrapSentinel("ErrInferenceSealed", `inference ${id}`);
    throw wrapSentinel("ErrInferenceNotFound", `inference ${id}`);
  }



  /** Mirrors the escrow_id replay check of applyFinishInference / applyValidation / applyValidationVote. */
  checkEscrowId(got: string): void {
    if (got !== this.s.escrowId) throw wrapSentinel("ErrEscrowIDMismatch", `expected ${this.s.escrowId}, got ${got}`);
  }









}
