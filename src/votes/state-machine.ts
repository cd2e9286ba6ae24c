/**
 * The devshard escrow state machine (devshard/state/machine.go, seal.go), as pure transitions:
 * every public function takes an `EscrowState` and returns a new one (the input is never changed).
 * Checks run in Go's order, including the silent no-ops that precede signature verification.
 * Signatures are modelled: a message's `signer` is the address its signature recovers to.
 */
import { wrapUint64, wrapInt64, UINT64_MAX } from "../go/int64.js";
import { bitmapIsSet, bitmapSet } from "./bitmap128.js";
import { CURRENT_RULE, contextLengthFault, type TallyRule } from "./context-length-rule.js";
import { DevshardError, prefixError, sentinelError, wrapSentinel } from "./devshard-errors.js";
import {
  TimeoutReason,
  timeoutReasonString,
  type DevshardTx,
  type MsgConfirmStart,
  type MsgFinishInference,
  type MsgStartInference,
  type MsgTimeoutInference,
  type MsgValidation,
  type MsgValidationVote,
} from "./devshard-tx.js";
import { Status, ZERO_HOST_STATS, marshalInferenceEntry, type HostStats, type InferenceRecord } from "./inference-record.js";
import { normalizeSessionConfig, DEFAULT_AUTO_SEAL_EVERY_N_NONCES, type SessionConfig } from "./session-config.js";
import { computeHostStatsHash, computeRestHashV2, computeStateRootFromRestHash, foldSealedAccumulator, sealedAccBytes32 } from "./state-hash.js";

export const Phase = { Active: 0, Finalizing: 1, Settlement: 2 } as const;

/** Injected check that `warm` is authorised to act for `cold` (state.WarmKeyResolver). */
export type WarmKeyResolver = (warm: string, cold: string) => boolean;

/** The constants of a session, fixed at construction (the StateMachine's lookup maps and options). */
export interface Session {
  readonly escrowId: string;
  readonly stateRootAndProtocolVersion: string;
  readonly userAddress: string;
  readonly config: SessionConfig;
  /** group[slot] = the slot's cold address (SlotID == index). */
  readonly group: readonly string[];
  readonly addressToSlotCount: ReadonlyMap<string, number>;
  readonly addressToSlots: ReadonlyMap<string, readonly number[]>;
  readonly warmResolver: WarmKeyResolver | null;
  readonly rule: TallyRule;
}

/** A record as the observability store kept it when it was sealed. */
export interface SealedObservation {
  readonly sealedNonce: bigint;
  readonly record: InferenceRecord;
}

/** types.EscrowState plus the state machine's seal bookkeeping (sealedNonces, observability rows). */
export interface EscrowState {
  readonly session: Session;
  readonly balance: bigint;
  readonly fees: bigint;
  readonly phase: number;
  readonly finalizeNonce: bigint;
  readonly latestNonce: bigint;
  /** Live records by inference id. */
  readonly inferences: ReadonlyMap<bigint, InferenceRecord>;
  readonly hostStats: ReadonlyMap<number, HostStats>;
  readonly warmKeys: ReadonlyMap<number, string>;
  /** The v2 sealed accumulator (null until the first seal). */
  readonly sealedAcc: Uint8Array | null;
  readonly sealedNonces: ReadonlyMap<bigint, bigint>;
  readonly sealedRecords: ReadonlyMap<bigint, SealedObservation>;
}

/** The inputs of NewStateMachine. */
export interface NewSessionParams {
  escrowId: string;
  config: SessionConfig;
  group: readonly string[];
  balance: bigint;
  userAddress: string;
  stateRootAndProtocolVersion?: string;
  warmResolver?: WarmKeyResolver | null;
  rule?: TallyRule;
}

export const DEFAULT_STATE_ROOT_VERSION = "v2";

/** Mirrors state.NewStateMachine: derives the lookup maps, zeroes every slot's stats, charges the creation fee. */
export function newEscrowState(p: NewSessionParams): EscrowState {
  const n = p.group.length;
  const addressToSlotCount = new Map<string, number>();
  const addressToSlots = new Map<string, number[]>();
  p.group.forEach((addr, slot) => {
    addressToSlotCount.set(addr, wrapU32((addressToSlotCount.get(addr) ?? 0) + 1));
    const list = addressToSlots.get(addr) ?? [];
    list.push(slot);
    addressToSlots.set(addr, list);
  });
  for (const l of addressToSlots.values()) l.sort((a, b) => a - b);
  const config = normalizeSessionConfig(p.config, n);
  if (p.balance < config.createDevshardFee) {
    throw new DevshardError(
      "ErrInsufficientBalance",
      `insufficient escrow balance: create devshard fee ${config.createDevshardFee} exceeds escrow amount ${p.balance}`,
    );
  }
  const hostStats = new Map<number, HostStats>();
  for (let s = 0; s < n; s++) hostStats.set(s, ZERO_HOST_STATS);
  const session: Session = {
    escrowId: p.escrowId,
    stateRootAndProtocolVersion: p.stateRootAndProtocolVersion ?? DEFAULT_STATE_ROOT_VERSION,
    userAddress: p.userAddress,
    config,
    group: [...p.group],
    addressToSlotCount,
    addressToSlots,
    warmResolver: p.warmResolver ?? null,
    rule: p.rule ?? CURRENT_RULE,
  };
  return {
    session,
    balance: p.balance - config.createDevshardFee,
    fees: config.createDevshardFee,
    phase: Phase.Active,
    finalizeNonce: 0n,
    latestNonce: 0n,
    inferences: new Map(),
    hostStats,
    warmKeys: new Map(),
    sealedAcc: null,
    sealedNonces: new Map(),
    sealedRecords: new Map(),
  };
}

const wrapU32 = (x: number): number => x >>> 0;
const cmpBig = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

/** Mirrors state.tokenCost: (a + b) * price in uint64, ErrCostOverflow on overflow. */
export function tokenCost(a: bigint, b: bigint, price: bigint): bigint {
  const sum = a + b;
  if (sum > UINT64_MAX) throw sentinelError("ErrCostOverflow");
  const cost = sum * price;
  if (cost > UINT64_MAX) throw sentinelError("ErrCostOverflow");
  return cost;
}

/** A working copy of the state, mutated by one transition and then frozen into a new EscrowState. */
class Draft {
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

  /** Mirrors StateMachine.applyTx: dispatch; returns a short explanation of what happened. */
  applyTx(tx: DevshardTx): string {
    switch (tx.type) {
      case "start":
        return this.applyStartInference(tx);
      case "confirm":
        return this.applyConfirmStart(tx);
      case "finish":
        return this.applyFinishInference(tx);
      case "validation":
        return this.applyValidation(tx);
      case "vote":
        return this.applyValidationVote(tx);
      case "timeout":
        return this.applyTimeout(tx);
      case "reveal_seed":
        return "reveal-seed is deprecated and ignored (no-op)";
      case "finalize_round":
        return this.applyFinalizeRound();
      default:
        throw sentinelError("ErrEmptyTx");
    }
  }

  /** Mirrors StateMachine.applyStartInference. */
  applyStartInference(msg: MsgStartInference): string {
    if (this.phase !== Phase.Active) throw sentinelError("ErrSessionFinalizing");
    if (this.isDuplicateInferenceID(msg.inferenceId)) throw sentinelError("ErrDuplicateInferenceID");
    const n = BigInt(this.s.group.length);
    const executorSlot = Number(msg.inferenceId % n);
    const reservedCost = tokenCost(msg.inputLength, msg.maxTokens, this.s.config.tokenPrice);
    if (this.balance < reservedCost) throw sentinelError("ErrInsufficientBalance");
    this.balance -= reservedCost;
    this.inferences.set(msg.inferenceId, {
      status: Status.Pending,
      executorSlot,
      model: msg.model,
      promptHash: msg.promptHash,
      responseHash: new Uint8Array(0),
      inputLength: msg.inputLength,
      maxTokens: msg.maxTokens,
      inputTokens: 0n,
      outputTokens: 0n,
      reservedCost,
      actualCost: 0n,
      startedAt: msg.startedAt,
      confirmedAt: 0n,
      votesValid: 0,
      votesInvalid: 0,
      validatedBy: 0n,
    });
    return `inference ${msg.inferenceId} pending: executor slot ${executorSlot} (= id mod ${n}), reserved ${reservedCost}`;
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

  /** Mirrors StateMachine.applyConfirmStart. */
  applyConfirmStart(msg: MsgConfirmStart): string {
    const rec = this.liveOrTransitionError(msg.inferenceId);
    if (rec.status !== Status.Pending) throw wrapSentinel("ErrInvalidTransition", `expected pending, got ${rec.status}`);
    if (msg.signer === null) throw wrapSentinel("ErrInvalidExecutorSig", "signature does not recover to an address");
    const expected = this.slotAddress(rec.executorSlot)!;
    if (msg.signer !== expected && !this.resolveWarmKey(rec.executorSlot, msg.signer, expected)) {
      throw wrapSentinel("ErrInvalidExecutorSig", `expected executor ${expected} (slot ${rec.executorSlot}), got ${msg.signer}`);
    }
    this.inferences.set(msg.inferenceId, { ...rec, status: Status.Started, confirmedAt: msg.confirmedAt });
    return `inference ${msg.inferenceId} started: executor slot ${rec.executorSlot} signed the receipt`;
  }

  /** Mirrors StateMachine.applyFinishInference. */
  applyFinishInference(msg: MsgFinishInference): string {
    const rec = this.liveOrTransitionError(msg.inferenceId);
    if (rec.status !== Status.Started) throw wrapSentinel("ErrInvalidTransition", `expected started, got ${rec.status}`);
    if (msg.executorSlot !== rec.executorSlot) {
      throw wrapSentinel("ErrWrongExecutorSlot", `expected ${rec.executorSlot}, got ${msg.executorSlot}`);
    }
    this.verifyProposerSig(msg.signer, this.slotAddress(rec.executorSlot)!, rec.executorSlot);
    this.checkEscrowId(msg.escrowId);
    let actualCost = tokenCost(msg.inputTokens, msg.outputTokens, this.s.config.tokenPrice);
    if (actualCost > rec.reservedCost) actualCost = rec.reservedCost;
    const surplus = rec.reservedCost - actualCost;
    this.balance = wrapUint64(this.balance + surplus);
    this.inferences.set(msg.inferenceId, {
      ...rec,
      status: Status.Finished,
      responseHash: msg.responseHash,
      inputTokens: msg.inputTokens,
      outputTokens: msg.outputTokens,
      actualCost,
    });
    this.updateHostStats(rec.executorSlot, (h) => ({ ...h, cost: wrapUint64(h.cost + actualCost) }));
    return `inference ${msg.inferenceId} finished: actual cost ${actualCost} (surplus ${surplus} back to the escrow), slot ${rec.executorSlot} Cost += ${actualCost}`;
  }

  /** Mirrors the escrow_id replay check of applyFinishInference / applyValidation / applyValidationVote. */
  checkEscrowId(got: string): void {
    if (got !== this.s.escrowId) throw wrapSentinel("ErrEscrowIDMismatch", `expected ${this.s.escrowId}, got ${got}`);
  }

  /** Mirrors StateMachine.applyValidation. */
  applyValidation(msg: MsgValidation): string {
    const rec = this.liveOrSealedError(msg.inferenceId);
    const addr = this.slotAddress(msg.validatorSlot);
    if (addr === undefined) throw wrapSentinel("ErrSlotNotInGroup", `slot ${msg.validatorSlot}`);
    if (msg.validatorSlot === rec.executorSlot) throw sentinelError("ErrSelfValidation");
    const already = this.addressHasValidated(rec, msg.validatorSlot);
    if (already !== undefined) {
      return `no-op: address ${addr} already participated via slot ${already} (checked before status and signature)`;
    }
    switch (rec.status) {
      case Status.Finished:
      case Status.Challenged:
      case Status.Validated:
      case Status.Invalidated:
        break;
      default:
        throw wrapSentinel("ErrInvalidTransition", `expected finished or later, got ${rec.status}`);
    }
    this.verifyProposerSig(msg.signer, addr, msg.validatorSlot);
    this.checkEscrowId(msg.escrowId);
    let next: InferenceRecord = { ...rec, validatedBy: bitmapSet(rec.validatedBy, msg.validatorSlot) };
    let note: string;
    if (rec.status === Status.Finished) {
      const w = this.s.addressToSlotCount.get(addr) ?? 0;
      if (msg.valid) {
        next = { ...next, votesValid: wrapU32(next.votesValid + w) };
        note = `valid validation from slot ${msg.validatorSlot} (${addr}, weight ${w}): VotesValid = ${next.votesValid}, stays finished`;
      } else {
        next = { ...next, votesInvalid: wrapU32(next.votesInvalid + w), status: Status.Challenged };
        note = `invalid validation from slot ${msg.validatorSlot} (${addr}, weight ${w}): VotesInvalid = ${next.votesInvalid}, challenged (no threshold check here)`;
      }
    } else {
      note = `late validation from slot ${msg.validatorSlot} on a ${STATUS_WORD[rec.status]} record: bit set, weight lost (the address can no longer vote)`;
    }
    this.inferences.set(msg.inferenceId, next);
    return note;
  }

  /** Mirrors StateMachine.applyValidationVote, with the resolution (invalid checked first, strict >). */
  applyValidationVote(msg: MsgValidationVote): string {
    const rec = this.liveOrSealedError(msg.inferenceId);
    const voterAddr = this.slotAddress(msg.voterSlot);
    if (voterAddr === undefined) throw wrapSentinel("ErrSlotNotInGroup", `slot ${msg.voterSlot}`);
    if (rec.status === Status.Validated || rec.status === Status.Invalidated) {
      return `no-op: record already ${STATUS_WORD[rec.status]} (checked before dedup and signature)`;
    }
    if (rec.status !== Status.Challenged) throw wrapSentinel("ErrInvalidTransition", `expected challenged, got ${rec.status}`);
    const existing = this.addressHasValidated(rec, msg.voterSlot);
    if (existing !== undefined) {
      throw wrapSentinel("ErrDuplicateVote", `slot ${msg.voterSlot} (address ${voterAddr} already participated via slot ${existing})`);
    }
    this.verifyProposerSig(msg.signer, voterAddr, msg.voterSlot);
    this.checkEscrowId(msg.escrowId);
    const w = this.s.addressToSlotCount.get(voterAddr) ?? 0;
    let validatedBy = rec.validatedBy;
    for (const s of this.s.addressToSlots.get(voterAddr) ?? []) validatedBy = bitmapSet(validatedBy, s);
    let next: InferenceRecord = msg.voteValid
      ? { ...rec, validatedBy, votesValid: wrapU32(rec.votesValid + w) }
      : { ...rec, validatedBy, votesInvalid: wrapU32(rec.votesInvalid + w) };
    const t = this.s.config.voteThreshold;
    let note = `${msg.voteValid ? "valid" : "invalid"} vote from slot ${msg.voterSlot} (${voterAddr}, weight ${w}): valid ${next.votesValid}, invalid ${next.votesInvalid}, threshold ${t}`;
    if (next.votesInvalid > t) {
      next = { ...next, status: Status.Invalidated };
      const actual = rec.actualCost;
      this.updateHostStats(rec.executorSlot, (h) => ({
        ...h,
        invalid: wrapU32(h.invalid + 1),
        cost: h.cost < actual ? 0n : h.cost - actual,
      }));
      this.balance = wrapUint64(this.balance + actual);
      note += `; invalid ${next.votesInvalid} > ${t}: invalidated, slot ${rec.executorSlot} Invalid++, Cost -= ${actual}, Balance += ${actual}`;
    } else if (next.votesValid > t) {
      next = { ...next, status: Status.Validated };
      note += `; invalid ${next.votesInvalid} ≤ ${t}, valid ${next.votesValid} > ${t}: validated`;
    } else {
      note += `; neither tally > ${t}: stays challenged`;
    }
    this.inferences.set(msg.inferenceId, next);
    return note;
  }

  /** Mirrors StateMachine.applyTimeout (plus the #2078 fault decision when that rule is selected). */
  applyTimeout(msg: MsgTimeoutInference): string {
    const rec = this.liveOrTransitionError(msg.inferenceId);
    if (msg.reason === TimeoutReason.Refused) {
      if (rec.status !== Status.Pending) throw wrapSentinel("ErrInvalidTimeoutReason", `reason=refused requires pending, got ${rec.status}`);
    } else if (msg.reason === TimeoutReason.Execution) {
      if (rec.status !== Status.Started) throw wrapSentinel("ErrInvalidTimeoutReason", `reason=execution requires started, got ${rec.status}`);
    } else {
      throw wrapSentinel("ErrInvalidTimeoutReason", `unknown reason ${timeoutReasonString(msg.reason)}`);
    }
    let accept = 0;
    const seen = new Set<string>();
    for (const v of msg.votes) {
      const addr = this.slotAddress(v.voterSlot);
      if (addr === undefined) throw wrapSentinel("ErrSlotNotInGroup", `slot ${v.voterSlot}`);
      if (seen.has(addr)) throw wrapSentinel("ErrDuplicateVote", `slot ${v.voterSlot}`);
      seen.add(addr);
      if (v.signer === null) throw wrapSentinel("ErrInvalidVoteSig", `vote from slot ${v.voterSlot}: signature does not recover to an address`);
      if (v.signer !== addr && !this.resolveWarmKey(v.voterSlot, v.signer, addr)) {
        throw wrapSentinel("ErrInvalidVoteSig", `vote from slot ${v.voterSlot}: expected ${addr}, got ${v.signer}`);
      }
      if (v.accept) accept = wrapU32(accept + (this.s.addressToSlotCount.get(addr) ?? 0));
    }
    const t = this.s.config.voteThreshold;
    if (accept <= t) throw wrapSentinel("ErrInsufficientVotes", `need >${t} accept votes, got ${accept}`);
    const verdict = contextLengthFault(this.s.rule, msg.inferenceId, rec, msg.promptTokens, this.inferences);
    this.inferences.set(msg.inferenceId, { ...rec, status: Status.TimedOut });
    if (verdict.atFault) this.updateHostStats(rec.executorSlot, (h) => ({ ...h, missed: wrapU32(h.missed + 1) }));
    this.balance = wrapUint64(this.balance + rec.reservedCost);
    const reason = msg.reason === TimeoutReason.Refused ? "refused" : "execution";
    return (
      `${reason} timeout: accept weight ${accept} > ${t}: timed out, reserve ${rec.reservedCost} back to the escrow; ` +
      (verdict.atFault ? `slot ${rec.executorSlot} Missed++ (${verdict.reason})` : `slot ${rec.executorSlot} not charged (${verdict.reason})`)
    );
  }

  /** Mirrors StateMachine.applyFinalizeRound. */
  applyFinalizeRound(): string {
    if (this.phase !== Phase.Active) throw sentinelError("ErrAlreadyFinalizing");
    this.phase = Phase.Finalizing;
    return "finalize round: phase active → finalizing";
  }

  /** Mirrors the per-record fold shared by SealInference, autoSealLocked and drainLiveIntoSealedAccLocked. */
  sealOne(id: bigint, sealNonce: bigint): void {
    const rec = this.inferences.get(id)!;
    const entry = marshalInferenceEntry(id, rec);
    this.sealedAcc = foldSealedAccumulator(sealedAccBytes32(this.sealedAcc), sealNonce, id, entry);
    this.sealedNonces.set(id, sealNonce);
    this.sealedRecords.set(id, { sealedNonce: sealNonce, record: rec });
    this.inferences.delete(id);
  }

  /** Mirrors StateMachine.drainLiveIntoSealedAccLocked: every live record, ascending id, as-is. */
  drainLive(sealNonce: bigint): void {
    for (const id of [...this.inferences.keys()].sort(cmpBig)) this.sealOne(id, sealNonce);
  }

  /** Mirrors StateMachine.stateClockLocked: max ConfirmedAt > 0 over the last 3N live ids (0 = unknown). */
  stateClock(): bigint {
    if (this.inferences.size === 0) return 0n;
    let window = this.s.group.length * 3;
    if (window <= 0) window = 3;
    const ids = [...this.inferences.keys()].sort(cmpBig);
    const tail = ids.slice(Math.max(0, ids.length - window));
    let max = 0n;
    let any = false;
    for (const id of tail) {
      const c = this.inferences.get(id)!.confirmedAt;
      if (c <= 0n) continue;
      if (!any || c > max) max = c;
      any = true;
    }
    return any ? max : 0n;
  }

  /** Mirrors StateMachine.autoSealLocked. */
  autoSeal(sealNonce: bigint): void {
    if (this.inferences.size === 0) return;
    const graceNonces = BigInt(this.s.config.inferenceSealGraceNonces);
    const graceSeconds = BigInt(this.s.config.inferenceSealGraceSeconds);
    const clock = this.stateClock();
    if (clock === 0n) return;
    const eligible: bigint[] = [];
    for (const [id, rec] of this.inferences) {
      const st = rec.status;
      if (st !== Status.Finished && st !== Status.Validated && st !== Status.Invalidated && st !== Status.TimedOut) continue;
      if (!(sealNonce >= wrapUint64(id + graceNonces))) continue;
      if (st !== Status.Finished) {
        eligible.push(id);
        continue;
      }
      const remaining = wrapInt64(graceSeconds - wrapInt64(clock - rec.confirmedAt));
      if (remaining <= 0n) eligible.push(id);
    }
    for (const id of eligible.sort(cmpBig)) this.sealOne(id, sealNonce);
  }

  /** Mirrors the tail of StateMachine.applyCore / ApplyLocalBestEffort: per-nonce fee, nonce, settlement drain, auto-seal. */
  finishDiff(nonce: bigint): void {
    if (this.phase === Phase.Active) {
      if (this.balance < this.s.config.feePerNonce) throw sentinelError("ErrInsufficientBalance");
      this.balance -= this.s.config.feePerNonce;
      this.fees = wrapUint64(this.fees + this.s.config.feePerNonce);
    }
    this.latestNonce = nonce;
    if (this.phase === Phase.Finalizing && this.finalizeNonce === 0n) this.finalizeNonce = nonce;
    if (this.phase === Phase.Finalizing) {
      if (this.latestNonce >= wrapUint64(this.finalizeNonce + BigInt(this.s.group.length))) {
        this.phase = Phase.Settlement;
        this.drainLive(this.latestNonce);
      }
    }
    if (this.phase === Phase.Active) {
      const interval = BigInt(this.s.config.autoSealEveryNNonces === 0 ? DEFAULT_AUTO_SEAL_EVERY_N_NONCES : this.s.config.autoSealEveryNNonces);
      if (interval === 0n || nonce % interval === 0n) this.autoSeal(nonce);
    }
  }
}

const STATUS_WORD = ["pending", "started", "finished", "challenged", "validated", "invalidated", "timed out"];

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
    const note = d.applyTx(tx);
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

/** Mirrors StateMachine.ApplyLocal (applyCore without a post-state root): any error rolls the whole diff back. */
export function applyLocal(state: EscrowState, nonce: bigint, txs: readonly DevshardTx[]): DiffOutcome {
  const notes: string[] = [];
  try {
    checkNonce(state, nonce);
    precheckStarts(nonce, txs);
    const d = new Draft(state);
    for (const tx of txs) notes.push(d.applyTx(tx));
    d.finishDiff(nonce);
    return { state: d.freeze(), notes };
  } catch (e) {
    if (e instanceof DevshardError) return { state, error: e, notes: [...notes, `diff rejected and rolled back: ${e.message}`] };
    throw e;
  }
}

/** Mirrors StateMachine.ApplyLocalBestEffort: failing transactions are dropped, except a failing start, which aborts. */
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
      notes.push(d.applyTx(tx));
      applied.push(i);
    } catch (e) {
      if (!(e instanceof DevshardError)) throw e;
      if (tx.type === "start") return { state, error: prefixError("mandatory start inference", e), notes: [...notes, `start failed: ${e.message}`] };
      notes.push(`dropped: ${e.message}`);
    }
  }
  try {
    d.finishDiff(nonce);
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
  d.sealOne(id, state.latestNonce);
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

/** Mirrors the state.ComputeRestHashV2 call of computeStateRootLocked / BuildSettlement. */
export function computeRestHash(state: EscrowState): Uint8Array {
  return computeRestHashV2(state.balance, sealedAccBytes32(state.sealedAcc), state.inferences, state.warmKeys);
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
