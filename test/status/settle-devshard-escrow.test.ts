// What a MsgSettleDevshardEscrow gives a host's counters (keeper/msg_server_settle_devshard_escrow.go at
// d8b8e907, ee730031 and zpoken@ef1a5efd): which hosts a batch counts for, the assigned bound per slot
// from the nonce, the merge, and v0.2.16's waiver of a challenged host's misses.
import { describe, expect, it } from "vitest";
import { GoError } from "../../src/go/errors.js";
import { devshardAssignedUpperBoundForSlot } from "../../src/status/devshard-assigned-upper-bound-for-slot.js";
import { settleDevshardEscrow, type SettleHostState } from "../../src/status/settle-devshard-escrow.js";
import { statusRulesFor } from "../../src/status/index.js";
import { waiveDevshardMissesForActiveChallenge } from "../../src/status/waive-devshard-misses-for-active-challenge.js";

describe("devshardAssignedUpperBoundForSlot: requests nonce n goes to slot n mod slots, nonces from 1", () => {
  it("10 nonces over 3 slots: slot 0 serves 3, 6, 9; slot 1 serves 1, 4, 7, 10; slot 2 serves 2, 5, 8", () => {
    expect([0n, 1n, 2n].map((s) => devshardAssignedUpperBoundForSlot(10n, 3n, s))).toEqual([3n, 4n, 3n]);
  });
  it("a slot before its first nonce has 0; the sum over slots is the nonce", () => {
    expect(devshardAssignedUpperBoundForSlot(2n, 3n, 0n)).toBe(0n);
    expect(devshardAssignedUpperBoundForSlot(0n, 16n, 5n)).toBe(0n);
    for (const n of [1n, 15n, 16n, 17n, 1000n]) {
      let sum = 0n;
      for (let s = 0n; s < 16n; s++) sum += devshardAssignedUpperBoundForSlot(n, 16n, s);
      expect(sum).toBe(n);
    }
  });
  it("refuses no slots and a slot outside the escrow (the message fails)", () => {
    expect(() => devshardAssignedUpperBoundForSlot(5n, 0n, 0n)).toThrow(GoError);
    expect(() => devshardAssignedUpperBoundForSlot(5n, 3n, 3n)).toThrow(/out of range/);
  });
});

describe("waiveDevshardMissesForActiveChallenge (v0.2.16)", () => {
  it("a challenged host's misses are waived and its assigned count drops by them, floored at 0", () => {
    expect(waiveDevshardMissesForActiveChallenge(true, { missed: 4n, invalid: 1n }, 10n)).toEqual({ slot: { missed: 0n, invalid: 1n }, assigned: 6n });
    expect(waiveDevshardMissesForActiveChallenge(true, { missed: 4n, invalid: 0n }, 3n)).toEqual({ slot: { missed: 0n, invalid: 0n }, assigned: 0n });
    expect(waiveDevshardMissesForActiveChallenge(false, { missed: 4n, invalid: 1n }, 10n)).toEqual({ slot: { missed: 4n, invalid: 1n }, assigned: 10n });
  });
});

const A = "gonka1aaa";
const B = "gonka1bbb";
const host = (over: Partial<SettleHostState> = {}): SettleHostState => ({ stats: null, active: true, accountsSettled: false, challenged: false, ...over });

describe("settleDevshardEscrow: the counters of each host, saved once per batch", () => {
  const base = { escrowEpoch: 7n, slots: [A, B, A], nonce: 10n, currentEpoch: 7n };
  it("every slot of a host is merged before its one save: A's slots 0 and 2 (3 + 3 assigned), B's slot 1 (4)", () => {
    const r = settleDevshardEscrow(statusRulesFor("v0.2.14"), {
      ...base,
      hostStats: [
        { slotId: 0n, missed: 1n, invalid: 1n },
        { slotId: 1n, missed: 0n, invalid: 2n },
        { slotId: 2n, missed: 0n, invalid: 0n },
      ],
      host: () => host(),
    });
    expect(r.counted.map((h) => h.address)).toEqual([A, B]);
    const a = r.counted[0]!;
    expect([a.stats.inferenceCount, a.stats.missedRequests, a.stats.validatedInferences, a.stats.invalidatedInferences]).toEqual([5n, 1n, 4n, 1n]);
    expect(a.slots.map((s) => [s.slotId, s.assigned])).toEqual([[0n, 3n], [2n, 3n]]);
    const b = r.counted[1]!.stats;
    expect([b.inferenceCount, b.missedRequests, b.validatedInferences, b.invalidatedInferences]).toEqual([4n, 0n, 2n, 2n]);
  });
  it("an escrow of the previous epoch pays but counts for nobody; a host outside the active set takes nothing", () => {
    const hs = [{ slotId: 1n, missed: 0n, invalid: 1n }];
    const prev = settleDevshardEscrow(statusRulesFor("v0.2.14"), { ...base, currentEpoch: 8n, hostStats: hs, host: () => host() });
    expect(prev.counted).toEqual([]);
    expect(prev.notCounted.map((n) => n.why)).toEqual(["escrow-of-previous-epoch", "escrow-of-previous-epoch"]);
    const out = settleDevshardEscrow(statusRulesFor("v0.2.14"), { ...base, hostStats: hs, host: (x) => host({ active: x !== B }) });
    expect(out.counted).toEqual([]);
    expect(out.notCounted).toEqual([{ address: B, why: "not-in-active-set" }]);
  });
  it("v0.2.16: a host whose accounts are settled takes nothing; a challenged host's misses are waived; v0.2.14 does neither", () => {
    const hs = [{ slotId: 0n, missed: 2n, invalid: 0n }];
    const settledA = (x: string) => host({ accountsSettled: x === A, challenged: x === A });
    expect(settleDevshardEscrow(statusRulesFor("v0.2.16"), { ...base, hostStats: hs, host: settledA }).counted).toEqual([]);
    expect(settleDevshardEscrow(statusRulesFor("v0.2.14"), { ...base, hostStats: hs, host: settledA }).counted[0]!.stats.missedRequests).toBe(2n);
    const waived = settleDevshardEscrow(statusRulesFor("v0.2.16"), { ...base, hostStats: hs, host: (x) => host({ challenged: x === A }) }).counted[0]!;
    expect([waived.stats.missedRequests, waived.stats.inferenceCount]).toEqual([0n, 1n]); // assigned 3 − 2 waived = 1 completed
    expect(waived.slots[0]).toMatchObject({ missed: 2n, mergedMissed: 0n, assigned: 3n, mergedAssigned: 1n });
  });
  it("fails the whole message on an escrow two epochs old, a slot outside the escrow, a host with no record, or more misses than the nonce allows", () => {
    const r = statusRulesFor("v0.2.14");
    expect(() => settleDevshardEscrow(r, { ...base, currentEpoch: 9n, hostStats: [], host: () => host() })).toThrow(/current or previous epoch/);
    expect(() => settleDevshardEscrow(r, { ...base, hostStats: [{ slotId: 3n, missed: 0n, invalid: 0n }], host: () => host() })).toThrow(/out of range/);
    expect(() => settleDevshardEscrow(r, { ...base, hostStats: [], host: (x) => (x === B ? undefined : host()) })).toThrow(/not found/);
    expect(() => settleDevshardEscrow(r, { ...base, hostStats: [{ slotId: 0n, missed: 4n, invalid: 0n }], host: () => host() })).toThrow(/exceeds assigned/);
    expect(() => settleDevshardEscrow(r, { ...base, slots: [], hostStats: [], host: () => host() })).toThrow(/no slots/);
  });
});
