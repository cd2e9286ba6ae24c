/**
 * The simulator's state and the questions the rules ask of it: who is available to the picker, to
 * W(e) and to the limiter; W(e) itself; the per-host cap. simulate.ts moves this state through events.
 */
import { GoRand } from "../go/math-rand.js";
import { escrowWeight, type Rational, type WeightPart } from "./escrow-weight.js";
import { EventQueue } from "./event-queue.js";
import { Fifo } from "./fifo.js";
import { perHostCap } from "./host-cap.js";
import type { EscrowResult, HostResult, RefusalCounts } from "./result.js";
import type { Policy, Scenario, TieBreak } from "./scenario.js";
import type { TieState } from "./tie-break.js";

/** Overrides of the scenario's own defaults for one run. */
export interface SimulateOptions {
  /** `today` or `per-host-cap`. */
  policy?: Policy;
  /** Tie-break among escrows tied on the lowest load. */
  tieBreak?: TieBreak;
  /** Seed of the GoRand behind `weighted-random` (an int64). */
  seed?: bigint;
  /** Under `per-host-cap`, whether a capped host also leaves W(e). */
  capLeavesEscrowWeight?: boolean;
}

/** Everything the event handlers read and change; arrays are indexed by host, escrow or request number. */
export class SimState {
  readonly sc: Scenario;
  readonly policy: Policy;
  readonly tieBreak: TieBreak;
  readonly seed: bigint;
  readonly capLeaves: boolean;
  readonly q = new EventQueue();
  readonly tie: TieState;
  now = 0;

  // phase
  phase = -1;
  pocActive = false;
  capActive = false;

  // hosts (index = position in scenario.hosts)
  readonly H: number;
  readonly cap: number[];
  readonly totalSlots: number[];
  readonly hostEscrows: number[][];
  readonly inGateway: boolean[];
  readonly inflight: Int32Array;
  readonly accepted: Int32Array;
  readonly busy: Int32Array;
  readonly waitQ: Fifo[];
  readonly quarantineUntil: Float64Array;
  readonly hr: HostResult[];

  // escrows
  readonly E: number;
  readonly slotHost: Int32Array[];
  readonly participants: number[][];
  readonly slotsOf: Map<number, number>[];
  readonly nonce: number[];
  readonly active: Int32Array;
  readonly queue: Fifo[];
  readonly pickerAt: Float64Array;
  readonly wDirty: boolean[];
  private readonly parts: WeightPart[][] = [];
  readonly w: Rational[];
  readonly tieScore: number[];
  readonly er: EscrowResult[];
  readonly escrowActive: boolean[];
  readonly tied: number[] = [];
  /** The tie-break scores of `tied` (reused: no allocation per arrival). */
  readonly tiedScores: number[] = [];

  // gateway limiter
  limiterInflight = 0;
  limiterDirty = true;
  limiterWCur = 0n;
  readonly limiterWBase: bigint;

  // requests
  readonly R: number;
  readonly reqRoute: Int32Array;
  readonly reqEscrow: Int32Array;
  readonly reqHost: Int32Array;
  readonly reqReceipt: Float64Array;
  readonly reqAttempt: Uint8Array;
  readonly reqOutcome: Uint8Array;
  readonly reqHoldsLimiter: Uint8Array;
  readonly refusedBy: RefusalCounts = { limiter: 0, allZeroWeight: 0, noAvailableHost: 0, phaseBlocked: 0, noRuntime: 0 };
  unattributed = 0;

  constructor(sc: Scenario, o: SimulateOptions) {
    this.sc = sc;
    this.policy = o.policy ?? sc.policy;
    this.tieBreak = o.tieBreak ?? sc.tieBreak;
    this.seed = o.seed ?? sc.seed;
    this.capLeaves = o.capLeavesEscrowWeight ?? sc.capLeavesEscrowWeight;
    this.tie = { roundRobin: 0, rand: new GoRand(this.seed) };

    const index = new Map(sc.hosts.map((h, i) => [h.address, i] as const));
    this.H = sc.hosts.length;
    this.E = sc.escrows.length;
    this.slotHost = sc.escrows.map((e) => Int32Array.from(e.slots, (a) => index.get(a)!));
    this.slotsOf = this.slotHost.map((slots) => {
      const m = new Map<number, number>();
      for (const h of slots) m.set(h, (m.get(h) ?? 0) + 1);
      return m;
    });
    // participants in sorted host order (the model sums W(e) in a fixed order)
    this.participants = this.slotsOf.map((m) => [...m.keys()].sort((a, b) => a - b));
    this.totalSlots = sc.hosts.map(() => 0);
    this.hostEscrows = sc.hosts.map(() => []);
    this.slotsOf.forEach((m, e) => {
      for (const [h, n] of m) {
        this.totalSlots[h]! += n;
        this.hostEscrows[h]!.push(e);
      }
    });
    this.inGateway = this.totalSlots.map((n) => n > 0);
    this.cap = sc.hosts.map((h) => perHostCap(h.weight, sc.gateway.pocMaxConcurrentPer10000Weight));
    this.inflight = new Int32Array(this.H);
    this.accepted = new Int32Array(this.H);
    this.busy = new Int32Array(this.H);
    this.waitQ = sc.hosts.map(() => new Fifo());
    this.quarantineUntil = new Float64Array(this.H).fill(-1);
    const pocPhases = sc.phases.map((p, i) => (p.kind === "normal" ? -1 : i)).filter((i) => i >= 0);
    this.hr = sc.hosts.map((h, i) => ({
      address: h.address,
      weight: h.weight,
      preserved: pocPhases.every((p) => h.preserved[p]),
      score: h.score,
      cap: this.policy === "per-host-cap" ? this.cap[i]! : null,
      real: 0, served: 0, ghosts: 0, refusedBeforeReceipt: 0, rejectedByHost: 0, failedAfterReceipt: 0,
      misses: 0, peakInflight: 0, peakInflightWhileCapActive: 0, quarantines: 0,
    }));
    let base = 0n;
    sc.hosts.forEach((h, i) => { if (this.inGateway[i]) base += BigInt(h.fullWeight); });
    this.limiterWBase = base;

    this.nonce = sc.escrows.map((e) => e.nonce);
    this.escrowActive = sc.escrows.map((e) => e.active);
    this.active = new Int32Array(this.E);
    this.queue = sc.escrows.map(() => new Fifo());
    this.pickerAt = new Float64Array(this.E).fill(-1);
    this.wDirty = sc.escrows.map(() => true);
    this.w = sc.escrows.map(() => escrowWeight([]));
    this.tieScore = sc.escrows.map(() => 0);
    this.er = sc.escrows.map((e) => ({
      id: e.id, firstNonce: e.nonce, lastNonce: e.nonce, noncesUsed: 0, real: 0,
      ghosts: { poc: 0, throttled: 0, capped: 0 }, reachedNonceLimit: false,
    }));

    this.R = sc.traffic.reduce((s, t) => s + t.count, 0);
    this.reqRoute = new Int32Array(this.R);
    this.reqEscrow = new Int32Array(this.R).fill(-1);
    this.reqHost = new Int32Array(this.R).fill(-1);
    this.reqReceipt = new Float64Array(this.R);
    this.reqAttempt = new Uint8Array(this.R);
    this.reqOutcome = new Uint8Array(this.R);
    this.reqHoldsLimiter = new Uint8Array(this.R);
  }

  // ---------------------------------------------------------------- availability

  /** Models devshardctl.shouldUseProbeForParticipant: relaxed mode, PoC active, and the host not preserved. */
  pocRequired(h: number): boolean {
    return this.sc.gateway.relaxedPoC && this.pocActive && !this.sc.hosts[h]!.preserved[this.phase]!;
  }

  /** Models devshardctl.(*ParticipantRequestLimiter).IsBlocked, with throttled = quarantined (no token bucket). */
  quarantined(h: number): boolean {
    return this.now < this.quarantineUntil[h]!;
  }

  capped(h: number): boolean {
    return this.capActive && this.inflight[h]! >= this.cap[h]!;
  }

  /**
   * The current weight w_cur(h): preserved-node weight during PoC (0 if not preserved), all nodes
   * outside. Models devshardctl.participantWeight as fed by (*ChainPhaseGate).refresh: during a PoC
   * phase only preserved ML nodes count whatever DEVSHARD_POC_REQUEST_MODE is (the mode decides only
   * whether the preserved set also gates availability, SetPoCPreserved), so in mode "off" a
   * non-preserved host still weighs 0 for the limiter and for W(e).
   */
  currentWeight(h: number): number {
    const host = this.sc.hosts[h]!;
    if (!this.pocActive) return host.fullWeight;
    return host.preserved[this.phase] ? host.weight : 0;
  }

  /** Models devshardctl.(*CapacityState).IsAvailable for W(e): not PoC-excluded, not quarantined (and, if the flag says so, not capped). */
  availableForWeight(h: number): boolean {
    return !this.pocRequired(h) && !this.quarantined(h) && !(this.capLeaves && this.capped(h));
  }

  /** The picker's available set is non-empty (Phase 0 of the picker loop). */
  anyPickerAvailable(e: number): boolean {
    for (const h of this.participants[e]!) {
      if (!this.pocRequired(h) && !this.quarantined(h) && !this.capped(h)) return true;
    }
    return false;
  }

  hostChanged(h: number): void {
    for (const e of this.hostEscrows[h]!) this.wDirty[e] = true;
    this.limiterDirty = true;
  }

  allChanged(): void {
    this.wDirty.fill(true);
    this.limiterDirty = true;
  }

  /** W(e) and the escrow's tie-break score, recomputed only after an availability change. */
  escrowWeightNow(e: number): Rational {
    if (this.wDirty[e]) {
      // The escrow's parts are allocated once and updated in place (this runs after every cap change).
      const parts = (this.parts[e] ??= this.participants[e]!.map((h) => ({ weight: 0, slotsHere: this.slotsOf[e]!.get(h)!, totalSlots: this.totalSlots[h]! })));
      const hosts = this.participants[e]!;
      let score = 0;
      for (let i = 0; i < hosts.length; i++) {
        const h = hosts[i]!;
        const ok = this.availableForWeight(h);
        const part = parts[i]!;
        part.weight = ok ? this.currentWeight(h) : 0;
        if (ok) score += part.slotsHere * this.sc.hosts[h]!.score;
      }
      this.w[e] = escrowWeight(parts);
      this.tieScore[e] = score;
      this.wDirty[e] = false;
    }
    return this.w[e]!;
  }

  limiterCurrentWeight(): bigint {
    if (this.limiterDirty) {
      let sum = 0n;
      for (let h = 0; h < this.H; h++) {
        if (this.inGateway[h] && !this.pocRequired(h) && !this.quarantined(h)) sum += BigInt(this.currentWeight(h));
      }
      this.limiterWCur = sum;
      this.limiterDirty = false;
    }
    return this.limiterWCur;
  }

  /**
   * The host a refusal is attributed to: the first participant, in slot order from the next
   * nonce, that is preserved (so it could have served) but is quarantined or capped; -1 if none.
   */
  blockingHost(e: number): number {
    const slots = this.slotHost[e]!;
    const n = slots.length;
    const start = this.nonce[e]! + 1;
    for (let k = 0; k < n; k++) {
      const h = slots[(start + k) % n]!;
      if (!this.pocRequired(h)) return h;
    }
    return -1;
  }
}
