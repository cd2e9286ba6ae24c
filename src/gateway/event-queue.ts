/**
 * The simulator's agenda: a binary min-heap ordered by (time, class, sequence). Time is integer
 * milliseconds; the class fixes the order of different kinds of event at the same instant (the
 * model's stand-in for Go's concurrency); the sequence keeps insertion order within a class.
 */

/** Event classes, in the order they run at one instant. */
export const EventClass = {
  /** Host finishes an attempt (releases its server and the gateway's in-flight count). */
  completion: 0,
  /** Execution timeout fires for an attempt with a receipt that has not finished. */
  timeout: 1,
  /** Timeout votes are handled: misses are recorded and the user handler returns. */
  vote: 2,
  /** Phase-poll ticks and quarantine ends. */
  tick: 3,
  /** Request arrivals, in trace order. */
  arrival: 4,
  /** Escrow pickers run. */
  picker: 5,
  /** Picker hold timers expire. */
  hold: 6,
} as const;

export interface SimEvent {
  t: number;
  cls: number;
  seq: number;
  kind: number;
  a: number;
  b: number;
}

function before(x: SimEvent, y: SimEvent): boolean {
  return x.t !== y.t ? x.t < y.t : x.cls !== y.cls ? x.cls < y.cls : x.seq < y.seq;
}

export class EventQueue {
  private readonly heap: SimEvent[] = [];
  /** Events known before the run (phases, arrivals), sorted once: they never pass through the heap. */
  private readonly initial: SimEvent[] = [];
  private initialAt = 0;
  private seq = 0;

  get size(): number {
    return this.heap.length + this.initial.length - this.initialAt;
  }

  /**
   * Queue an event known before the run starts. Same order as push (time, class, sequence), but kept
   * in a sorted list merged with the heap at pop: 100,000 arrivals cost no heap work. Call seal()
   * after the last one and before the first pop.
   */
  pushInitial(t: number, cls: number, kind: number, a = 0, b = 0): void {
    this.initial.push({ t, cls, seq: this.seq++, kind, a, b });
  }

  /** Sort the initial events (usually already in order: then a single pass). */
  seal(): void {
    const xs = this.initial;
    for (let i = 1; i < xs.length; i++) {
      if (before(xs[i]!, xs[i - 1]!)) {
        xs.sort((x, y) => (before(x, y) ? -1 : before(y, x) ? 1 : 0));
        return;
      }
    }
  }

  push(t: number, cls: number, kind: number, a = 0, b = 0): void {
    const h = this.heap;
    const ev: SimEvent = { t, cls, seq: this.seq++, kind, a, b };
    let i = h.length;
    h.push(ev);
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = h[p]!;
      if (!before(ev, parent)) break;
      h[i] = parent;
      i = p;
    }
    h[i] = ev;
  }

  pop(): SimEvent | undefined {
    const f = this.initial[this.initialAt];
    if (f !== undefined && (this.heap.length === 0 || before(f, this.heap[0]!))) {
      this.initialAt++;
      return f;
    }
    return this.popHeap();
  }

  private popHeap(): SimEvent | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (top === undefined || last === undefined || h.length === 0) return top;
    let i = 0;
    const n = h.length;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && before(h[r]!, h[l]!) ? r : l;
      if (!before(h[c]!, last)) break;
      h[i] = h[c]!;
      i = c;
    }
    h[i] = last;
    return top;
  }
}
