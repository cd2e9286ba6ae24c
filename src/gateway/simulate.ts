/**
 * The deterministic discrete-event model of devshardctl's gateway during PoC (issue 6).
 *
 * Path of one request: (503 if PoC and the request mode is "off") → gateway limiter (skipped in
 * relaxed PoC unless capacity-aware limits are on) → escrow choice (pooled route: lowest
 * activeRequests / W(e), ties by the tie-break) → the escrow's FIFO queue → its picker binds the next
 * nonce (slot = nonce mod N): ghost for a PoC-required, quarantined or (proposal) capped slot, real
 * dispatch of the queue head otherwise; a queue with no available participant is refused with
 * ErrNoAvailableHost (no nonce) → the host admits (receipt) or refuses (429/503/500, no receipt) →
 * FIFO service on `parallel` servers → served, or an execution timeout → timeout vote → miss.
 *
 * Simulated time is integer milliseconds; nothing reads a clock; the only random draw is the
 * weighted-random tie-break (GoRand seeded from the scenario's seed). Same inputs → same result.
 * Not modelled: retries and speculation (one attempt per request), the response cache, capability
 * blocks, escrow rotation, hosts' catch-up cost, the token bucket (throttled = quarantined).
 */
import { compareLoad, type Rational } from "./escrow-weight.js";
import { EventClass } from "./event-queue.js";
import { limiterApplies, limiterCap } from "./limiter.js";
import { missTestVerdict } from "./miss-verdict.js";
import { nonceUse, slotOf } from "./picker.js";
import type { GatewayResult, RefusalCounts, SimulationResult } from "./result.js";
import type { Scenario } from "./scenario.js";
import { SimState, type SimulateOptions } from "./sim-state.js";
import { splitOf } from "./split.js";
import { breakTie } from "./tie-break.js";

export type { SimulateOptions };

// Event kinds
const ARRIVAL = 0;
const PICKER = 1;
const COMPLETE = 2;
const EXEC_TIMEOUT = 3;
const VOTE = 4;
const PHASE = 5;
const QUARANTINE_END = 6;

// Attempt states (0: no attempt)
const RUNNING = 1;
const DONE = 2;
const TIMED_OUT = 3;

// Request outcomes
const PENDING = 0;
const SERVED = 1;
const REFUSED = 2;
const FAILED = 3;

type RefusalReason = keyof RefusalCounts;

const SAFE_PRODUCT = 2 ** 53;

/** Run one scenario; `options` override the scenario's policy, tie-break, seed and cap flag. */
export function simulatePoc(scenario: Scenario, options: SimulateOptions = {}): SimulationResult {
  return new Simulation(scenario, options).run();
}

class Simulation extends SimState {
  run(): SimulationResult {
    const sc = this.sc;
    const poll = sc.gateway.phasePollMs;
    sc.phases.forEach((p, i) => {
      const t = poll > 0 ? Math.ceil(p.startMs / poll) * poll : p.startMs;
      this.q.pushInitial(t, EventClass.tick, PHASE, i);
    });
    let r = 0;
    for (const s of sc.traffic) {
      const route = s.route === "pooled" ? -1 : sc.escrows.findIndex((e) => e.id === s.route);
      for (let k = 0; k < s.count; k++, r++) {
        this.reqRoute[r] = route;
        this.q.pushInitial(s.startMs + k * s.intervalMs, EventClass.arrival, ARRIVAL, r);
      }
    }
    this.q.seal();
    for (let ev = this.q.pop(); ev !== undefined; ev = this.q.pop()) {
      this.now = ev.t;
      switch (ev.kind) {
        case ARRIVAL: this.arrive(ev.a); break;
        case PICKER: this.runPicker(ev.a); break;
        case COMPLETE: this.complete(ev.a); break;
        case EXEC_TIMEOUT: this.execTimeout(ev.a); break;
        case VOTE: this.vote(ev.a); break;
        case PHASE: this.enterPhase(ev.a); break;
        case QUARANTINE_END: this.quarantineEnd(ev.a); break;
      }
    }
    return this.result();
  }

  // ---------------------------------------------------------------- phases and quarantine

  enterPhase(i: number): void {
    this.phase = i;
    const kind = this.sc.phases[i]!.kind;
    this.pocActive = kind !== "normal";
    this.capActive =
      this.policy === "per-host-cap" && this.sc.gateway.relaxedPoC &&
      (kind === "poc-generation" || (this.sc.capPhases === "all-poc" && kind === "poc-other"));
    this.allChanged();
    if (this.capActive) {
      // attempts dispatched before the cap became active still count while it is active
      for (let h = 0; h < this.H; h++) {
        const res = this.hr[h]!;
        if (this.inflight[h]! > res.peakInflightWhileCapActive) res.peakInflightWhileCapActive = this.inflight[h]!;
      }
    }
    for (let e = 0; e < this.E; e++) this.wakePicker(e);
  }

  /** Models devshardctl.(*ParticipantRequestLimiter).ObserveResult on a 429/503: quarantine for httpThrottleQuarantine. */
  quarantine(h: number): void {
    const until = this.now + this.sc.gateway.quarantineMs;
    if (until <= this.quarantineUntil[h]!) return;
    this.quarantineUntil[h] = until;
    this.hr[h]!.quarantines++;
    this.hostChanged(h);
    this.q.push(until, EventClass.tick, QUARANTINE_END, h);
  }

  quarantineEnd(h: number): void {
    if (this.quarantined(h)) return; // extended meanwhile
    this.hostChanged(h);
    for (const e of this.hostEscrows[h]!) this.wakePicker(e);
  }

  // ---------------------------------------------------------------- arrivals and escrow choice

  arrive(r: number): void {
    const g = this.sc.gateway;
    const direct = this.reqRoute[r]! >= 0;
    // devshardctl.(*Gateway).handleDevshard answers 409 for an inactive escrow before the limiter
    if (direct && !this.sc.escrows[this.reqRoute[r]!]!.active) {
      this.refuse(r, "noRuntime", -1);
      return;
    }
    const limited = limiterApplies(g.capacityAwareLimits, g.relaxedPoC, this.pocActive);
    if (limited) {
      const rate = this.pocActive ? g.pocMaxConcurrentPer10000Weight : g.maxConcurrentPer10000Weight;
      if (this.limiterInflight + 1 > limiterCap(this.limiterCurrentWeight(), this.limiterWBase, rate, g.maxConcurrentRequests)) {
        this.refuse(r, "limiter", -1);
        return;
      }
    }
    const e = direct ? this.reqRoute[r]! : this.chooseEscrow(r);
    if (e < 0) return;
    if (limited) {
      this.reqHoldsLimiter[r] = 1;
      this.limiterInflight++;
    }
    this.reqEscrow[r] = e;
    this.active[e]!++;
    if (!g.relaxedPoC && this.pocActive) {
      this.refuse(r, "phaseBlocked", -1);
      return;
    }
    this.queue[e]!.push(r);
    this.wakePicker(e);
  }

  /** Models devshardctl.(*Gateway).reserveRuntimeForModel (one model): lowest activeRequests / W(e), then the tie-break. */
  chooseEscrow(r: number): number {
    // The hot loop of the simulator (every pooled arrival scans every escrow): W(e) is read from the
    // number fields of the cached rational and compared as integer products below 2^53, exactly.
    const limit = this.sc.gateway.nonceLimit;
    const best = this.tied;
    best.length = 0;
    const active = this.active;
    const dirty = this.wDirty;
    let bestW: Rational | undefined;
    let bestActive = 0;
    let bestN = 0;
    let bestD = 0;
    for (let e = 0; e < this.E; e++) {
      if (!this.escrowActive[e]) continue;
      if (this.nonce[e]! >= limit) {
        this.er[e]!.reachedNonceLimit = true;
        continue;
      }
      const w = dirty[e] ? this.escrowWeightNow(e) : this.w[e]!;
      const a = active[e]!;
      let c: number;
      if (bestW === undefined) c = -1;
      else {
        const n = w.n;
        if (n !== 0 && bestN !== 0) {
          // fast exact path: a/(n/d) vs bestActive/(bestN/bestD) as integer products below 2^53
          const x = a * w.d * bestN;
          const y = bestActive * bestD * n;
          c = x < SAFE_PRODUCT && y < SAFE_PRODUCT ? (x < y ? -1 : x > y ? 1 : 0) : compareLoad(a, w, bestActive, bestW);
        } else c = compareLoad(a, w, bestActive, bestW);
      }
      if (c < 0) {
        best.length = 0;
        best.push(e);
        bestW = w;
        bestActive = a;
        bestN = w.n;
        bestD = w.d;
      } else if (c === 0) best.push(e);
    }
    if (bestW === undefined) {
      this.refuse(r, "noRuntime", -1);
      return -1;
    }
    if (bestW.num === 0n) {
      this.refuse(r, "allZeroWeight", this.blockingHost(best[0]!));
      return -1;
    }
    if (best.length === 1) return best[0]!;
    const scores = this.tiedScores;
    scores.length = best.length;
    for (let i = 0; i < best.length; i++) scores[i] = this.tieScore[best[i]!]!;
    return best[breakTie(this.tieBreak, scores, this.tie)]!;
  }

  refuse(r: number, reason: RefusalReason, h: number): void {
    this.refusedBy[reason]++;
    this.reqOutcome[r] = REFUSED;
    if (h >= 0) this.hr[h]!.refusedBeforeReceipt++;
    else this.unattributed++;
    this.release(r);
  }

  /** The user handler returns: release activeRequests(e) and the limiter slot. */
  release(r: number): void {
    const e = this.reqEscrow[r]!;
    if (e >= 0) this.active[e]!--;
    if (this.reqHoldsLimiter[r]) {
      this.reqHoldsLimiter[r] = 0;
      this.limiterInflight--;
    }
  }

  // ---------------------------------------------------------------- the escrow-session picker

  wakePicker(e: number): void {
    if (this.queue[e]!.size === 0) return;
    if (this.pickerAt[e] === this.now) return;
    this.pickerAt[e] = this.now;
    this.q.push(this.now, EventClass.picker, PICKER, e);
  }

  /** Models devshardctl.(*sessionPicker).run for one wake-up: sweep, then bind nonces until the queue is empty. */
  runPicker(e: number): void {
    this.pickerAt[e] = -1;
    const queue = this.queue[e]!;
    const slots = this.slotHost[e]!;
    const er = this.er[e]!;
    while (queue.size > 0) {
      if (!this.anyPickerAvailable(e)) {
        // exhaustion sweep: ErrNoAvailableHost, no nonce, nothing sent
        const h = this.blockingHost(e);
        for (const r of queue.drain()) this.refuse(r, "noAvailableHost", h);
        return;
      }
      const next = this.nonce[e]! + 1;
      const h = slots[slotOf(next, slots.length)]!;
      this.nonce[e] = next;
      er.lastNonce = next;
      er.noncesUsed++;
      const use = nonceUse(this.pocRequired(h), this.quarantined(h), this.capped(h));
      if (use === "real") {
        er.real++;
        this.dispatch(queue.shift(), h);
      } else {
        er.ghosts[use]++;
        this.hr[h]!.ghosts++;
      }
    }
  }

  // ---------------------------------------------------------------- the host

  dispatch(r: number, h: number): void {
    const host = this.sc.hosts[h]!;
    const g = this.sc.gateway;
    const res = this.hr[h]!;
    res.real++;
    this.reqHost[r] = h;
    this.inflight[h]!++;
    if (this.inflight[h]! > res.peakInflight) res.peakInflight = this.inflight[h]!;
    if (this.capActive && this.inflight[h]! > res.peakInflightWhileCapActive) res.peakInflightWhileCapActive = this.inflight[h]!;
    if (this.capLeaves && this.capped(h)) this.hostChanged(h); // it just reached its cap

    if (host.admissionLimit !== null && this.accepted[h]! >= host.admissionLimit) {
      this.attemptEnded(h);
      if (host.overload === "fail-after-receipt") {
        res.failedAfterReceipt++;
        this.q.push(this.now + g.executionTimeoutMs + g.voteBufferMs, EventClass.vote, VOTE, r);
      } else {
        res.rejectedByHost++;
        if (host.overload !== "500") this.quarantine(h);
        this.q.push(this.now + g.refusalTimeoutMs + g.voteBufferMs, EventClass.vote, VOTE, r);
      }
      return;
    }
    this.accepted[h]!++;
    this.reqReceipt[r] = this.now;
    this.reqAttempt[r] = RUNNING;
    if (this.busy[h]! < host.parallel) this.start(r, h);
    else this.waitQ[h]!.push(r);
    if (this.busy[h]! >= host.parallel || host.serviceMs > g.executionTimeoutMs) {
      this.q.push(this.now + g.executionTimeoutMs, EventClass.timeout, EXEC_TIMEOUT, r);
    }
  }

  start(r: number, h: number): void {
    this.busy[h]!++;
    this.q.push(this.now + this.sc.hosts[h]!.serviceMs, EventClass.completion, COMPLETE, r);
  }

  /** The gateway's transport call for an attempt on h has ended. */
  attemptEnded(h: number): void {
    const wasCapped = this.capped(h);
    this.inflight[h]!--;
    if (wasCapped && !this.capped(h)) {
      if (this.capLeaves) this.hostChanged(h);
      for (const e of this.hostEscrows[h]!) this.wakePicker(e);
    }
  }

  complete(r: number): void {
    const h = this.reqHost[r]!;
    this.busy[h]!--;
    this.accepted[h]!--;
    const next = this.waitQ[h]!.shift();
    if (next >= 0) this.start(next, h);
    if (this.reqAttempt[r] !== RUNNING) return; // timed out already: the host finished for nobody
    this.reqAttempt[r] = DONE;
    this.hr[h]!.served++;
    this.reqOutcome[r] = SERVED;
    this.attemptEnded(h);
    this.release(r);
  }

  execTimeout(r: number): void {
    if (this.reqAttempt[r] !== RUNNING) return;
    const h = this.reqHost[r]!;
    this.reqAttempt[r] = TIMED_OUT;
    this.hr[h]!.failedAfterReceipt++;
    this.attemptEnded(h);
    // devshardctl.(*Redundancy).awaitRace, nonStreamingNoContentTimeout: the attempt is canceled,
    // finishRaceOutcome (and so HandleTimeout's vote) runs in a goroutine and the handler returns
    // now, releasing activeRequests(e) and the limiter slot; the vote follows voteBufferMs later.
    this.reqOutcome[r] = FAILED;
    this.release(r);
    this.q.push(this.now + this.sc.gateway.voteBufferMs, EventClass.vote, VOTE, r);
  }

  /** Timeout votes are handled: a miss if they pass; the user handler returns (failed) unless it already has. */
  vote(r: number): void {
    if (this.sc.gateway.timeoutVotesPass) this.hr[this.reqHost[r]!]!.misses++;
    if (this.reqOutcome[r] === FAILED) return; // execution timeout: the handler returned at the timeout
    this.reqOutcome[r] = FAILED;
    this.release(r);
  }

  // ---------------------------------------------------------------- results

  result(): SimulationResult {
    let served = 0;
    let refused = 0;
    let failed = 0;
    for (let r = 0; r < this.R; r++) {
      const o = this.reqOutcome[r];
      if (o === SERVED) served++;
      else if (o === REFUSED) refused++;
      else if (o === FAILED) failed++;
      else if (o === PENDING) throw new Error(`internal: request ${r} never resolved`);
    }
    const gateway: GatewayResult = {
      requests: this.R, served, refused, failed, refusedBy: this.refusedBy,
      unattributedRefusals: this.unattributed, endMs: this.now,
    };
    return {
      scenario: this.sc.name,
      policy: this.policy,
      tieBreak: this.tieBreak,
      capLeavesEscrowWeight: this.capLeaves,
      seed: this.seed,
      hosts: this.hr,
      escrows: this.er,
      gateway,
      split: splitOf(this.hr),
      missTest: this.sc.missTest === null ? null : missTestVerdict(this.sc.missTest, this.hr),
    };
  }
}
