// fast-check properties of the vote tally, over random groups (multi-slot addresses), factors and
// message sequences, every message applied as its own strict diff.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bitmapIsSet } from "../../src/votes/bitmap128.js";
import { Status, type InferenceRecord } from "../../src/votes/inference-record.js";
import { applyLocal, computeStateRoot, type EscrowState } from "../../src/votes/state-machine.js";
import { toHex } from "../../src/votes/state-hash.js";
import { record, session, timeout, val, vote } from "./helpers.js";

const groupArb = fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 2, maxLength: 16 }).map((ids) => ids.map((i) => `gonka1h${i}`));
const opArb = fc.record({ kind: fc.constantFrom("val", "vote"), slot: fc.integer({ min: 0, max: 17 }), valid: fc.boolean() });
const caseArb = fc.record({ group: groupArb, factor: fc.integer({ min: 0, max: 100 }), ops: fc.array(opArb, { maxLength: 30 }) });

interface Trace {
  before: InferenceRecord;
  after: InferenceRecord;
  kind: string;
  slot: number;
  ok: boolean;
  stBefore: EscrowState;
  stAfter: EscrowState;
}

function replay(c: { group: string[]; factor: number; ops: { kind: string; slot: number; valid: boolean }[] }): { st: EscrowState; trace: Trace[] } {
  let st = record(session(c.group, c.factor), "finished");
  const trace: Trace[] = [];
  for (const op of c.ops) {
    const tx = op.kind === "val" ? val(st, op.slot, op.valid) : vote(st, op.slot, op.valid);
    const out = applyLocal(st, st.latestNonce + 1n, [tx]);
    trace.push({ before: st.inferences.get(1n)!, after: out.state.inferences.get(1n)!, kind: op.kind, slot: op.slot, ok: !out.error, stBefore: st, stAfter: out.state });
    st = out.state;
  }
  return { st, trace };
}

const terminal = (s: number): boolean => s === Status.Validated || s === Status.Invalidated;

/** Total weight of the distinct addresses with any bit in ValidatedBy. */
function participatingWeight(st: EscrowState, rec: InferenceRecord): number {
  let w = 0;
  for (const [addr, slots] of st.session.addressToSlots) if (slots.some((s) => bitmapIsSet(rec.validatedBy, s))) w += st.session.addressToSlotCount.get(addr)!;
  return w;
}

describe("vote tally properties", () => {
  it("resolution needs weight strictly greater than T, and invalid is checked before valid", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { st, trace } = replay(c);
        const t = st.session.config.voteThreshold;
        for (const x of trace) {
          if (terminal(x.before.status)) continue;
          if (x.after.status === Status.Invalidated) expect(x.after.votesInvalid).toBeGreaterThan(t);
          if (x.after.status === Status.Validated) {
            expect(x.after.votesValid).toBeGreaterThan(t);
            expect(x.after.votesInvalid).toBeLessThanOrEqual(t);
          }
          if (x.kind === "vote" && x.ok && x.after.status === Status.Challenged) {
            expect(x.after.votesInvalid).toBeLessThanOrEqual(t);
            expect(x.after.votesValid).toBeLessThanOrEqual(t);
          }
          if (x.after.votesInvalid > t && x.after.votesValid > t && x.kind === "vote" && x.ok) expect(x.after.status).toBe(Status.Invalidated);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("one address never counts twice", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { trace } = replay(c);
        for (const x of trace) {
          const gained = x.after.votesValid + x.after.votesInvalid - (x.before.votesValid + x.before.votesInvalid);
          if (gained > 0) {
            const addr = x.stBefore.session.group[x.slot]!;
            const slots = x.stBefore.session.addressToSlots.get(addr)!;
            expect(slots.some((s) => bitmapIsSet(x.before.validatedBy, s))).toBe(false);
            expect(gained).toBe(x.stBefore.session.addressToSlotCount.get(addr));
          }
          expect(x.after.votesValid + x.after.votesInvalid).toBeLessThanOrEqual(participatingWeight(x.stAfter, x.after));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("Validated and Invalidated absorb every later vote and validation", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { trace } = replay(c);
        for (const x of trace) {
          if (!terminal(x.before.status)) continue;
          expect(x.after.status).toBe(x.before.status);
          expect(x.after.votesValid).toBe(x.before.votesValid);
          expect(x.after.votesInvalid).toBe(x.before.votesInvalid);
          expect(x.stAfter.hostStats).toEqual(x.stBefore.hostStats);
          expect(x.stAfter.balance).toBe(x.stBefore.balance);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("factor 100 never resolves a record and never passes a timeout", () => {
    fc.assert(
      fc.property(caseArb, fc.boolean(), (c, refused) => {
        const { st } = replay({ ...c, factor: 100 });
        const rec = st.inferences.get(1n)!;
        expect(terminal(rec.status)).toBe(false);
        const pending = record(session(c.group, 100), refused ? "pending" : "started");
        const distinct = [...new Set(c.group)].map((a) => c.group.indexOf(a));
        const out = applyLocal(pending, pending.latestNonce + 1n, [timeout(pending, refused ? 1 : 2, distinct)]);
        expect(out.error?.sentinel).toBe("ErrInsufficientVotes");
      }),
      { numRuns: 200 },
    );
  });

  it("the total weight counted never exceeds N", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { trace } = replay(c);
        for (const x of trace) expect(x.after.votesValid + x.after.votesInvalid).toBeLessThanOrEqual(c.group.length);
      }),
      { numRuns: 300 },
    );
  });

  it("a timeout passes iff the accepting distinct addresses weigh more than T", () => {
    fc.assert(
      fc.property(groupArb, fc.integer({ min: 0, max: 100 }), fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }), (group, factor, accepts) => {
        const st = record(session(group, factor), "started");
        const distinct = [...new Set(group)].map((a) => group.indexOf(a));
        const tx = { type: "timeout" as const, inferenceId: 1n, reason: 2, votes: distinct.map((s, i) => ({ voterSlot: s, accept: accepts[i]!, signer: group[s]! })) };
        const weight = distinct.filter((_, i) => accepts[i]).reduce((w, s) => w + st.session.addressToSlotCount.get(group[s]!)!, 0);
        const out = applyLocal(st, st.latestNonce + 1n, [tx]);
        expect(out.error === undefined).toBe(weight > st.session.config.voteThreshold);
        if (!out.error) expect(out.state.hostStats.get(1 % group.length)!.missed).toBe(1);
      }),
      { numRuns: 300 },
    );
  });

  it("transitions are pure: the input state is never modified", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        let st = record(session(c.group, c.factor), "finished");
        for (const op of c.ops) {
          const rootBefore = toHex(computeStateRoot(st));
          const tx = op.kind === "val" ? val(st, op.slot, op.valid) : vote(st, op.slot, op.valid);
          const out = applyLocal(st, st.latestNonce + 1n, [tx]);
          expect(toHex(computeStateRoot(st))).toBe(rootBefore);
          st = out.state;
        }
      }),
      { numRuns: 50 },
    );
  });
});
