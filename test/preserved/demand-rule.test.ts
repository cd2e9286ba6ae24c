// The demand rule's arithmetic and its largest-first fill, beside the chain's round robin.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { capacityRequests, demandRuleFill, demandTarget, demandWeight, fillLargestFirst, ratioString, type FillNode } from "../../src/preserved/demand-rule.js";
import { allocationQueue, roundRobin } from "../../src/preserved/sample-preserved-for-model.js";
import { compareGoStrings } from "../../src/go/bytes.js";
import { parseDemand } from "../../src/preserved/demand.js";
import { InputError } from "../../src/errors.js";

/** Eligible sets: up to 8 participants, up to 6 nodes each, unique node ids per participant. */
const eligibleArb = (minWeight = 0) =>
  fc
    .uniqueArray(
      fc.record({
        address: fc.stringMatching(/^gonka1[a-z0-9]{1,4}$/),
        nodes: fc.uniqueArray(fc.record({ nodeId: fc.constantFrom("a", "b", "node1", "node10", "node2", "Z", "", "é", "😀"), pocWeight: fc.bigInt({ min: BigInt(minWeight), max: 5000n }) }), {
          minLength: 1,
          maxLength: 6,
          selector: (n) => n.nodeId,
        }),
      }),
      { maxLength: 8, selector: (p) => p.address },
    )
    .map((ps) => new Map<string, FillNode[]>(ps.map((p) => [p.address, p.nodes])));

const totalOf = (m: Map<string, FillNode[]>) => [...m.values()].flat().reduce((s, n) => s + n.pocWeight, 0n);
const countOf = (m: Map<string, FillNode[]>) => [...m.values()].flat().length;

describe("demand arithmetic", () => {
  it("D_m = ⌈peak × 10000 / rate⌉", () => {
    expect(demandWeight(460n, 10n)).toBe(460_000n);
    expect(demandWeight(1n, 3n)).toBe(3334n);
    expect(demandWeight(0n, 10n)).toBe(0n);
  });

  it("capacity = ⌊weight × rate / 10000⌋ (devshardctl's PoC capacity)", () => {
    expect(capacityRequests(371_913n, 10n)).toBe(371n);
    expect(capacityRequests(9_999n, 1n)).toBe(0n);
    expect(capacityRequests(10_000n, 1n)).toBe(1n);
  });

  it("D_m is the least weight whose capacity covers the peak", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 100_000n }), (peak, rate) => {
        const d = demandWeight(peak, rate);
        expect(capacityRequests(d, rate) >= peak).toBe(true);
        expect(capacityRequests(d - 1n, rate) < peak).toBe(true);
      }),
    );
  });

  it("the demand rule's target is never below today's", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.option(fc.bigInt({ min: 0n, max: 10n ** 15n }), { nil: undefined }), (today, d) => {
        const t = demandTarget(today, d);
        expect(t >= today).toBe(true);
        if (d !== undefined) expect(t >= d).toBe(true);
        expect(t === today || t === d).toBe(true);
      }),
    );
  });

  it("ratios for display are exact truncations of integer quotients", () => {
    expect(ratioString(1234n, 1000n)).toBe("1.23");
    expect(ratioString(1n, 3n)).toBe("0.33");
    expect(ratioString(5n, 0n)).toBeNull();
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.bigInt({ min: 1n, max: 10n ** 18n }), (n, d) => {
        const [i, f] = ratioString(n, d)!.split(".");
        const q = BigInt(i!) * 100n + BigInt(f!);
        expect(q * d <= n * 100n && (q + 1n) * d > n * 100n).toBe(true);
      }),
    );
  });
});

/** Today's fill on the same eligible set: the chain's own round robin (sample-preserved-for-model.ts). */
function chainFill(eligible: Map<string, FillNode[]>, target: bigint) {
  const participants = [...eligible.keys()].sort(compareGoStrings);
  const queues = participants.map((a) => allocationQueue(eligible.get(a)!.map((n) => ({ ...n, throughput: 0n, timeslotAllocation: [] }))));
  return roundRobin("m", 0n, target, participants, queues);
}

describe("largest-first fill", () => {
  it("takes the heaviest nodes of the whole model first, ties by node id then participant in byte order", () => {
    const eligible = new Map<string, FillNode[]>([
      ["gonka1b", [{ nodeId: "x", pocWeight: 10n }, { nodeId: "y", pocWeight: 30n }, { nodeId: "node10", pocWeight: 20n }]],
      ["gonka1a", [{ nodeId: "node2", pocWeight: 20n }, { nodeId: "node10", pocWeight: 20n }, { nodeId: "n", pocWeight: 5n }]],
    ]);
    const r = fillLargestFirst(eligible, 60n);
    expect(r.allocationOrder.map((n) => `${n.participant}/${n.nodeId}#${n.rank}`)).toEqual(["gonka1b/y#1", "gonka1a/node10#2", "gonka1b/node10#3"]);
    expect(r.achievedWeight).toBe(70n);
    expect(r.exhausted).toBe(false);
    // today's round robin on the same set takes each participant's smallest node first
    expect(chainFill(eligible, 60n).allocationOrder.map((s) => `${s.participant}/${s.node.nodeId}`)).toEqual(["gonka1a/n", "gonka1b/x", "gonka1a/node10", "gonka1b/node10", "gonka1a/node2"]);
  });

  it("a participant whose only node is tiny is not preserved unless the target needs it (the epoch-433 shape)", () => {
    const eligible = new Map<string, FillNode[]>([
      ["gonka1big", [{ nodeId: "b1", pocWeight: 90_000n }, { nodeId: "b2", pocWeight: 80_000n }]],
      ["gonka1tiny", [{ nodeId: "t", pocWeight: 1_809n }]],
    ]);
    expect(fillLargestFirst(eligible, 100_000n).allocationOrder.map((n) => n.nodeId)).toEqual(["b1", "b2"]);
    expect(chainFill(eligible, 100_000n).allocationOrder.map((s) => s.node.nodeId)).toEqual(["b2", "t", "b1"]);
  });

  it("stops with every node taken when the eligible set is exhausted", () => {
    const eligible = new Map<string, FillNode[]>([["gonka1a", [{ nodeId: "a", pocWeight: 3n }]], ["gonka1b", [{ nodeId: "b", pocWeight: 4n }]]]);
    const r = fillLargestFirst(eligible, 100n);
    expect(r.exhausted).toBe(true);
    expect(r.achievedWeight).toBe(7n);
    expect(fillLargestFirst(new Map(), 5n)).toMatchObject({ achievedWeight: 0n, exhausted: true, allocationOrder: [] });
    expect(fillLargestFirst(eligible, 0n)).toMatchObject({ achievedWeight: 0n, exhausted: false, allocationOrder: [] });
  });

  it("for the same target, largest-first never uses more nodes than today's smallest-first round robin", () => {
    fc.assert(
      fc.property(eligibleArb(), fc.bigInt({ min: 0n, max: 30_000n }), (eligible, target) => {
        expect(fillLargestFirst(eligible, target).allocationOrder.length).toBeLessThanOrEqual(chainFill(eligible, target).allocationOrder.length);
      }),
      { numRuns: 500 },
    );
  });

  it("achieved ≥ target unless the eligible set is exhausted (then every eligible node is taken)", () => {
    fc.assert(
      fc.property(eligibleArb(), fc.bigInt({ min: 0n, max: 30_000n }), (eligible, target) => {
        const r = fillLargestFirst(eligible, target);
        if (r.exhausted) {
          expect(r.achievedWeight < target).toBe(true);
          expect(r.allocationOrder.length).toBe(countOf(eligible));
          expect(r.achievedWeight).toBe(totalOf(eligible));
        } else {
          expect(r.achievedWeight >= target).toBe(true);
        }
        const keys = r.allocationOrder.map((n) => `${n.participant}\u0000${n.nodeId}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (const n of r.allocationOrder) expect(eligible.get(n.participant)!.some((e) => e.nodeId === n.nodeId)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("every node taken is at least as heavy as every eligible node left out", () => {
    fc.assert(
      fc.property(eligibleArb(), fc.bigInt({ min: 0n, max: 30_000n }), (eligible, target) => {
        const r = fillLargestFirst(eligible, target);
        const taken = new Set(r.allocationOrder.map((n) => `${n.participant}\u0000${n.nodeId}`));
        const lightestTaken = r.allocationOrder.at(-1)?.pocWeight;
        if (lightestTaken === undefined) return;
        for (const [a, ns] of eligible) for (const n of ns) if (!taken.has(`${a}\u0000${n.nodeId}`)) expect(n.pocWeight <= lightestTaken).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("does not depend on the input order of participants or nodes", () => {
    fc.assert(
      fc.property(eligibleArb(), fc.bigInt({ min: 0n, max: 30_000n }), (eligible, target) => {
        const reversed = new Map([...eligible.entries()].reverse().map(([a, ns]) => [a, [...ns].reverse()]));
        expect(fillLargestFirst(reversed, target)).toEqual(fillLargestFirst(eligible, target));
      }),
      { numRuns: 300 },
    );
  });

  it("takes at most one node more than needed: dropping the last node leaves the fill below target", () => {
    fc.assert(
      fc.property(eligibleArb(1), fc.bigInt({ min: 1n, max: 30_000n }), (eligible, target) => {
        const r = fillLargestFirst(eligible, target);
        if (r.allocationOrder.length === 0) return;
        const last = r.allocationOrder[r.allocationOrder.length - 1]!;
        expect(r.achievedWeight - last.pocWeight < target).toBe(true);
      }),
    );
  });

  it("demandRuleFill: target max(today, D_m), today's target without a demand figure", () => {
    const eligible = new Map<string, FillNode[]>([["gonka1a", [{ nodeId: "a", pocWeight: 30_000n }, { nodeId: "b", pocWeight: 20_000n }]]]);
    const r = demandRuleFill(eligible, 10_000n, 40n, 10n);
    expect(r.demandWeight).toBe(40_000n);
    expect(r.fill.targetWeight).toBe(40_000n);
    expect(r.fill.allocationOrder.map((n) => n.nodeId)).toEqual(["a", "b"]);
    expect(demandRuleFill(eligible, 10_000n, undefined, 10n)).toMatchObject({ demandWeight: null, fill: { targetWeight: 10_000n } });
  });
});

describe("demand input", () => {
  it("reads peaks and the optional rate", () => {
    const d = parseDemand({ pocMaxConcurrentPer10000Weight: 5, peakInFlightRequests: { m: 12, "Qwen/QwQ-32B": 0 } }, "d.json");
    expect(d.rate).toBe(5n);
    expect(d.peakInFlight.get("m")).toBe(12n);
    expect(parseDemand({ peakInFlightRequests: {} }, "d").rate).toBeUndefined();
  });

  it("rejects bad input naming the path and the value", () => {
    const bad: [unknown, RegExp][] = [
      [[], /^d\.json: expected an object/],
      [{}, /^d\.json\.peakInFlightRequests: expected an object/],
      [{ peakInFlightRequests: { m: -1 } }, /^d\.json\.peakInFlightRequests\["m"\]: must not be negative, got -1/],
      [{ peakInFlightRequests: { m: 1.5 } }, /^d\.json\.peakInFlightRequests\["m"\]: expected an integer, got 1\.5/],
      [{ peakInFlightRequests: {}, pocMaxConcurrentPer10000Weight: 0 }, /pocMaxConcurrentPer10000Weight: the rate .* got 0/],
      [{ peakInFlightRequests: {}, peak: 3 }, /unknown field "peak"/],
    ];
    for (const [json, re] of bad) {
      expect(() => parseDemand(json as never, "d.json")).toThrow(InputError);
      expect(() => parseDemand(json as never, "d.json")).toThrow(re);
    }
  });
});
