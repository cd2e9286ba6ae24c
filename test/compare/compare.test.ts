import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareProposals } from "../../src/compare/build.js";
import { defaultEngines } from "../../src/compare/default-engines.js";
import type { ComparisonModel } from "../../src/compare/model.js";
import { loadProposal, type ProposalParams } from "../../src/compare/params.js";
import { Decimal } from "../../src/go/decimal.js";
import { loadSnapshot, type Snapshot } from "../../src/snapshot/snapshot.js";

const root = join(import.meta.dirname, "..", "..");
const snapshot = loadSnapshot(join(root, "examples", "mainnet-like.snapshot.json"));
const proposalA = loadProposal(join(root, "examples", "proposal-a.json"));
const proposalB = loadProposal(join(root, "examples", "proposal-b.json"));
const engines = defaultEngines();

/** Five healthy participants and one that missed 30 of 100, as a settlement slice (miss-test epoch input). */
const settlement = {
  epoch: 141,
  validationParams: { binomTestP0: { value: 4, exponent: -1 } },
  graceEpoch: null,
  participants: [
    ...["gonka1p1", "gonka1p2", "gonka1p3", "gonka1p4", "gonka1p5"].map((address) => ({ address, currentEpochStats: { inferenceCount: 396, missedRequests: 4 } })),
    { address: "gonka1slow", currentEpochStats: { inferenceCount: 70, missedRequests: 30 } },
  ],
  rewards: { gonka1p1: 1000, gonka1p2: 1000, gonka1p3: 1000, gonka1p4: 1000, gonka1p5: 1000, gonka1slow: 2500 },
};
const withSettlement: Snapshot = { ...snapshot, settlement };

const run = (a: ProposalParams, b: ProposalParams, s: Snapshot = snapshot, anchors = 0): ComparisonModel => compareProposals({ snapshot: s, a, b }, engines, { anchors });

/** −x, with 0 staying 0 (so +0/−0 never matter). */
const neg = <T extends bigint | number | null>(x: T): T => (x === null ? x : typeof x === "bigint" ? ((x === 0n ? 0n : -x) as T) : ((x === 0 ? 0 : -x) as T));

describe("compare: identical proposals", () => {
  it("reports no difference", () => {
    const m = run(proposalA, { ...proposalA, name: "same again" }, withSettlement, 10);
    expect(m.differences).toEqual([]);
    expect(m.changes).toEqual([]);
    for (const x of m.models) {
      expect(x.a).toEqual(x.b);
      expect(Object.values(x.delta).every((v) => v === 0n || v === 0)).toBe(true);
    }
    expect(m.missTest!.participants.every((p) => p.passedA === p.passedB)).toBe(true);
    expect(m.curves.map((c) => c.label)).toEqual(["A = B", "A = B"]);
    expect(m.voteThreshold.every((r) => r.neededA === r.neededB)).toBe(true);
    expect(m.simulation!.a).toEqual(m.simulation!.b);
  });

  it("an empty proposal is today's state: every value from the snapshot or the default", () => {
    const m = run({ name: "x" }, { name: "y" });
    expect(m.differences).toEqual([]);
    expect(m.a.pocSlotAllocation).toEqual({ value: "0.1", source: "snapshot" });
    expect(m.a.pocMaxConcurrentPer10000Weight).toEqual({ value: 10n, source: "snapshot" });
    expect(m.a.binomTestP0).toEqual({ value: "0.1", source: "snapshot" }); // the example's settlement slice (mainnet's 0.10)
    expect(run({ name: "x" }, { name: "y" }, { ...snapshot, settlement: undefined }).a.binomTestP0).toEqual({ value: "0.1", source: "default" });
    expect(m.a.voteThresholdFactor).toEqual({ value: 50n, source: "default" });
    expect(m.a.preservedRule).toEqual({ value: "current", source: "default" });
  });
});

describe("compare: values from the snapshot's chain slice", () => {
  it("takes vote_threshold_factor and group_size from the chain client's params", () => {
    const s: Snapshot = { ...snapshot, chain: { params: { devshardEscrowParams: { groupSize: 12, voteThresholdFactor: 60 } } } };
    const m = run({ name: "x" }, { name: "y", voteThresholdFactor: 100n }, s);
    expect(m.a.voteThresholdFactor).toEqual({ value: 60n, source: "snapshot" });
    expect(m.voteThreshold).toEqual([
      { groupSize: 16, note: "default group size", thresholdA: 9, neededA: 10, thresholdB: 16, neededB: 17 },
      { groupSize: 12, note: "snapshot group_size", thresholdA: 7, neededA: 8, thresholdB: 12, neededB: 13 },
    ]);
  });
});

describe("compare: A against B on the example snapshot", () => {
  // A at p0 0.40 (the value the v0.2.6 upgrade once set; mainnet runs 0.10 today) so the miss test differs.
  const m = run({ ...proposalA, binomTestP0: Decimal.fromString("0.40") }, proposalB, withSettlement);

  it("the demand rule raises every target to max(0.25 × W, ⌈peak × 10000 / rate⌉)", () => {
    const qwq = m.models.find((x) => x.modelId === "Qwen/QwQ-32B")!;
    expect(qwq.a.targetWeight).toBe((qwq.a.totalWeight * 1n) / 10n); // ⌊0.1 × W⌋
    expect(qwq.b.targetWeight).toBe(140_000n); // peak 140 requests at rate 10
    expect(qwq.delta.targetWeight).toBe(qwq.b.targetWeight - qwq.a.targetWeight);
    for (const x of m.models) {
      expect(x.b.targetWeight).toBeGreaterThanOrEqual((x.b.totalWeight * 25n) / 100n);
      expect(x.b.achievedWeight).toBeGreaterThanOrEqual(x.a.achievedWeight);
      expect(x.b.capacityRequests).toBe((x.b.achievedWeight * 10n) / 10000n);
      expect(x.b.nodeWeights.length).toBe(x.b.nodeCount);
      expect(x.b.nodeWeights.reduce((s, w) => s + w, 0n)).toBe(x.b.achievedWeight);
      expect(x.b.smallestNode?.pocWeight).toBe(x.b.nodeWeights[0]);
    }
    expect(qwq.a.capacityOverDemand).toBe("0.16"); // ⌊23,266 × 10 / 10000⌋ = 23 of 140
    const q32 = m.models.find((x) => x.modelId === "Qwen/Qwen3-32B-FP8")!;
    expect(q32.b.shortfallWeight).toBe(108_120n - 42_119n); // the eligible set holds 42,119
    for (const x of m.models) for (const s of [x.a, x.b]) expect(s.shortfallWeight).toBe(s.achievedWeight < s.targetWeight ? s.targetWeight - s.achievedWeight : 0n);
  });

  it("a resolution needs 9 of 16 slots at factor 50 and 11 of 16 at factor 67", () => {
    expect(m.voteThreshold).toEqual([{ groupSize: 16, note: "default group size", thresholdA: 8, neededA: 9, thresholdB: 10, neededB: 11 }]);
  });

  it("the slow participant passes at p0 0.40 (48 allowed of 100) and is zeroed at 0.10 (14 allowed)", () => {
    const t = m.missTest!;
    expect(t.a.settlementP0).toBe("0.4");
    expect(t.b.settlementP0).toBe("0.1");
    const slow = t.participants.find((p) => p.address === "gonka1slow")!;
    expect(slow).toEqual({ address: "gonka1slow", missed: 30n, total: 100n, passedA: true, passedB: false, rewardAtStake: 2500n });
    expect([t.zeroedA, t.zeroedB, t.rewardZeroedA, t.rewardZeroedB]).toEqual([0, 1, 0n, 2500n]);
    expect(m.differences.some((d) => d.what === "participants zeroed by the miss test" && d.a === "0" && d.b === "1")).toBe(true);
  });

  it("boundary curves come from the miss test: 14 of 100 at 0.10 on chain, 15 exact; the drop after 990", () => {
    const at = (label: string, rule: string, n: bigint) => m.curves.find((c) => c.label === label && c.rule === rule)!.points.find((p) => p.total === n)!.allowed;
    expect(at("B", "on-chain", 100n)).toBe(14n);
    expect(at("B", "exact", 100n)).toBe(15n);
    expect(at("B", "on-chain", 990n)).toBe(114n);
    expect(at("B", "on-chain", 1000n)).toBe(100n);
    expect(at("A", "on-chain", 100n)).toBe(48n);
    expect(m.curves.every((c) => c.points.length === 200)).toBe(true);
  });

  it("the epoch-433 replay: today's gateway zeroes the host; the per-host cap at rate 10 does not", () => {
    const s = m.simulation!;
    expect(s.today).toMatchObject({ policy: "today", misses: 749n, total: 1497n, passed: false });
    expect(s.a).toMatchObject({ policy: "per-host-cap", rate: 10n, passed: true });
    expect(s.a.refusedBeforeReceipt).toBeGreaterThan(0n);
  });
});

describe("compare: swapping A and B mirrors every delta", () => {
  const a: ProposalParams = { ...proposalA, pocSlotAllocation: Decimal.fromString("0.01") };
  const b: ProposalParams = { ...proposalB, pocMaxConcurrentPer10000Weight: 20n };
  const ab = run(a, b, withSettlement, 8);
  const ba = run(b, a, withSettlement, 8);

  it("has gains to mirror (a 1% slot allocation leaves participants out)", () => {
    expect(ab.changes.filter((c) => c.change === "gains").length).toBeGreaterThan(0);
    const c = ab.changes[0]!;
    expect(c.probabilityA!.anchors).toBe(8);
    expect(c.probabilityB!.preserved).toBeGreaterThan(0);
  });

  it("negates model deltas and swaps the sides", () => {
    expect(ba.models.map((x) => x.modelId)).toEqual(ab.models.map((x) => x.modelId));
    ab.models.forEach((x, i) => {
      const y = ba.models[i]!;
      expect(y.a).toEqual(x.b);
      expect(y.b).toEqual(x.a);
      expect(y.delta).toEqual({
        targetWeight: neg(x.delta.targetWeight),
        achievedWeight: neg(x.delta.achievedWeight),
        nodeCount: neg(x.delta.nodeCount),
        participantCount: neg(x.delta.participantCount),
        smallestNodeWeight: neg(x.delta.smallestNodeWeight),
        capacityRequests: neg(x.delta.capacityRequests),
      });
    });
  });

  it("turns every gain into a loss and back, with the probabilities swapped", () => {
    const flip = { gains: "loses", loses: "gains", changes: "changes" } as const;
    expect(ba.changes).toEqual(
      ab.changes.map((c) => ({
        ...c,
        change: flip[c.change],
        weightA: c.weightB,
        weightB: c.weightA,
        nodesA: c.nodesB,
        nodesB: c.nodesA,
        nodesGained: c.nodesLost,
        nodesLost: c.nodesGained,
        weightGained: c.weightLost,
        weightLost: c.weightGained,
        probabilityA: c.probabilityB,
        probabilityB: c.probabilityA,
      })),
    );
    expect(ba.operators.map((o) => [o.address, o.nodesGained, o.weightGained])).toEqual(ab.operators.map((o) => [o.address, o.nodesLost, o.weightLost]));
  });

  it("swaps verdicts, curves, vote rows, the simulation and the difference list", () => {
    const t1 = ab.missTest!;
    const t2 = ba.missTest!;
    expect(t2.a).toEqual(t1.b);
    expect(t2.participants).toEqual(t1.participants.map((p) => ({ ...p, passedA: p.passedB, passedB: p.passedA })));
    expect([t2.zeroedA, t2.zeroedB]).toEqual([t1.zeroedB, t1.zeroedA]);
    const swapLabel = (l: string) => (l === "A" ? "B" : l === "B" ? "A" : l);
    const key = (c: { label: string; rule: string }) => `${c.label}/${c.rule}`;
    expect([...ba.curves].sort((x, y) => key(x).localeCompare(key(y)))).toEqual(
      ab.curves.map((c) => ({ ...c, label: swapLabel(c.label) })).sort((x, y) => key(x).localeCompare(key(y))),
    );
    expect(ba.voteThreshold).toEqual(ab.voteThreshold.map((r) => ({ ...r, thresholdA: r.thresholdB, neededA: r.neededB, thresholdB: r.thresholdA, neededB: r.neededA })));
    expect(ba.simulation!.a).toEqual(ab.simulation!.b);
    expect(ba.simulation!.b).toEqual(ab.simulation!.a);
    expect(ba.differences).toEqual(ab.differences.map((d) => ({ ...d, a: d.b, b: d.a })));
    expect(ab.differences.length).toBeGreaterThan(5);
  });
});
