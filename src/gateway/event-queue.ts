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
  private seq = 0;

  get size(): number {
    return this.heap.length;
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
