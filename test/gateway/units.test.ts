import { describe, expect, it } from "vitest";
import { GoRand } from "../../src/go/math-rand.js";
import { compareLoad, escrowWeight, rational } from "../../src/gateway/escrow-weight.js";
import { perHostCap } from "../../src/gateway/host-cap.js";
import { limiterApplies, limiterCap } from "../../src/gateway/limiter.js";
import { defaultRates, parseScenario } from "../../src/gateway/scenario.js";
import { simulatePoc } from "../../src/gateway/simulate.js";
import { breakTie, topScorePick, weightedRandomPick } from "../../src/gateway/tie-break.js";
import { Fifo } from "../../src/gateway/fifo.js";
import { nonceUse, slotOf } from "../../src/gateway/picker.js";

describe("per-host cap", () => {
  it("is max(1, floor(weight x rate / 10000))", () => {
    expect(perHostCap(1809, 10)).toBe(1); // the incident host
    expect(perHostCap(1809, 5)).toBe(1); // floor(0.90) = 0, raised to 1
    expect(perHostCap(1999, 10)).toBe(1);
    expect(perHostCap(2000, 10)).toBe(2);
    expect(perHostCap(0, 10)).toBe(1);
    expect(perHostCap(749_558, 10)).toBe(749);
  });
});

describe("gateway limiter (capacity_state_test / gateway_test expectations)", () => {
  it("is skipped during relaxed PoC unless capacity-aware limits are on", () => {
    expect(limiterApplies(false, true, true)).toBe(false);
    expect(limiterApplies(true, true, true)).toBe(true);
    expect(limiterApplies(false, true, false)).toBe(true);
    expect(limiterApplies(false, false, true)).toBe(true);
  });
  it("DerivesModelConcurrencyFromWeight: base 10,000, current 6,000, rate 5 -> 3 (static 512 ignored)", () => {
    expect(limiterCap(6000n, 10000n, 5, 512)).toBe(3);
  });
  it("W = 749,558 gives PoC cap 749 and normal cap 374", () => {
    expect(limiterCap(749_558n, 749_558n, 10, 512)).toBe(749);
    expect(limiterCap(749_558n, 749_558n, 5, 512)).toBe(374);
  });
  it("without a weight the static cap scales by Wcur/Wbase (0 = unlimited)", () => {
    expect(limiterCap(0n, 0n, 0, 512)).toBe(512);
    expect(limiterCap(1n, 2n, 0, 10)).toBe(5);
    expect(limiterCap(0n, 0n, 0, 0)).toBe(Infinity);
  });
  it("rate defaulting: 0 -> 5 normal; PoC 0 -> 10 when normal is 5, else the normal rate", () => {
    expect(defaultRates(0, 0)).toEqual({ normal: 5, poc: 10 });
    expect(defaultRates(7, 0)).toEqual({ normal: 7, poc: 7 });
    expect(defaultRates(5, 3)).toEqual({ normal: 5, poc: 3 });
  });
});

describe("escrow weight and load", () => {
  it("EscrowWeightSplitsSharedHosts: A 2 slots in X + 1 in Y, B 1 in X; A=3, B=1 -> W(X)=3, W(Y)=1", () => {
    const wx = escrowWeight([{ weight: 3, slotsHere: 2, totalSlots: 3 }, { weight: 1, slotsHere: 1, totalSlots: 1 }]);
    const wy = escrowWeight([{ weight: 3, slotsHere: 1, totalSlots: 3 }]);
    expect([wx.num, wx.den]).toEqual([3n, 1n]);
    expect([wy.num, wy.den]).toEqual([1n, 1n]);
  });
  it("RuntimeLoadIsActivePerWeight: 2 active -> load(4)=0.5 < load(1)=2; W=0 scores +Inf", () => {
    expect(compareLoad(2, rational(4n, 1n), 2, rational(1n, 1n))).toBe(-1);
    expect(compareLoad(2, rational(0n, 1n), 1000, rational(1n, 1000n))).toBe(1);
    expect(compareLoad(0, rational(0n, 1n), 5, rational(0n, 1n))).toBe(0);
    expect(compareLoad(1, rational(1n, 3n), 2, rational(2n, 3n))).toBe(0); // exact tie
  });
});

describe("tie-breaks", () => {
  it("round-robin cycles with one counter that advances only on ties", () => {
    const st = { roundRobin: 0, rand: new GoRand(1) };
    expect([0, 1, 2, 3].map(() => breakTie("round-robin", [5, 5, 5], st))).toEqual([0, 1, 2, 0]);
    expect(breakTie("round-robin", [5], st)).toBe(0);
    expect(st.roundRobin).toBe(4);
  });
  it("top-score takes the highest score, first on equal scores", () => {
    expect(topScorePick([3, 7, 7])).toBe(1);
    expect(topScorePick([0, 0])).toBe(0);
  });
  it("weighted-random never picks a zero score and is reproducible from the seed", () => {
    const draws = (seed: number) => {
      const rand = new GoRand(seed);
      return Array.from({ length: 200 }, () => weightedRandomPick([3, 0, 1], rand));
    };
    const d = draws(9);
    expect(d).toEqual(draws(9));
    expect(d.includes(1)).toBe(false);
    const zeros = d.filter((x) => x === 0).length;
    expect(zeros).toBeGreaterThan(120); // about 150 of 200
    expect(zeros).toBeLessThan(180);
  });
});

describe("picker decision (session_picker_test expectations)", () => {
  it("nonce n binds slot n mod N: the first nonce, 1, binds slot 1", () => {
    expect(slotOf(1, 3)).toBe(1);
    expect(slotOf(3, 3)).toBe(0);
    expect(slotOf(21, 16)).toBe(5);
  });
  it("PoCWinsOverThrottle: a PoC-required and throttled slot is a PoC ghost; capped comes after throttled", () => {
    expect(nonceUse(true, true, true)).toBe("poc");
    expect(nonceUse(false, true, true)).toBe("throttled");
    expect(nonceUse(false, false, true)).toBe("capped");
    expect(nonceUse(false, false, false)).toBe("real");
  });
  it("the FIFO keeps order and drains", () => {
    const q = new Fifo();
    [4, 5, 6].forEach((x) => q.push(x));
    expect(q.shift()).toBe(4);
    q.push(7);
    expect(q.size).toBe(3);
    expect(q.drain()).toEqual([5, 6, 7]);
    expect(q.shift()).toBe(-1);
  });
});

/** A one-escrow scenario for picker tests. */
function small(extra: Record<string, unknown>) {
  return parseScenario({
    name: "t",
    phases: [{ name: "gen", startMs: 0, kind: "poc-generation" }],
    hosts: [
      { address: "a", weight: 100 },
      { address: "b", weight: 100 },
      { address: "c", weight: 100 },
    ],
    escrows: [{ id: "x", slots: ["a", "b", "c"] }],
    traffic: [{ route: "pooled", count: 1 }],
    ...extra,
  } as never);
}

describe("the picker", () => {
  it("first nonce is 1 and goes to slot 1 (NoExclude_DispatchesNormally)", () => {
    const r = simulatePoc(small({}));
    expect(r.hosts.map((h) => h.real)).toEqual([0, 1, 0]);
    expect(r.escrows[0]).toMatchObject({ firstNonce: 0, lastNonce: 1, noncesUsed: 1 });
  });

  it("ghosts a non-preserved slot and dispatches on the next preserved one", () => {
    const sc = small({
      hosts: [{ address: "a", weight: 1 }, { address: "b", weight: 1, preserved: { gen: false } }, { address: "c", weight: 1 }],
    });
    const r = simulatePoc(sc);
    expect(r.hosts.map((h) => [h.real, h.ghosts])).toEqual([[0, 0], [0, 1], [1, 0]]);
    expect(r.escrows[0]!.ghosts.poc).toBe(1);
  });

  it("a non-preserved slot is served outside PoC", () => {
    const sc = small({
      phases: [{ name: "gen", startMs: 0, kind: "normal" }],
      hosts: [{ address: "a", weight: 10_000 }, { address: "b", weight: 10_000, preserved: false }, { address: "c", weight: 10_000 }],
    });
    expect(simulatePoc(sc).hosts.map((h) => h.real)).toEqual([0, 1, 0]);
  });

  it("a 429 quarantines the host: its slot then burns throttled ghosts and the refusal-timeout vote is a miss", () => {
    const sc = small({
      hosts: [
        { address: "a", weight: 10_000, parallel: 10 },
        { address: "b", weight: 10_000, parallel: 1, serviceMs: 10_000, admissionLimit: 1, overload: "429" },
        { address: "c", weight: 10_000, preserved: false },
      ],
      traffic: [{ route: "x", startMs: 0, intervalMs: 1000, count: 5 }],
    });
    const r = simulatePoc(sc);
    // nonces: 1 b (accepted) | 2 c ghost, 3 a | 4 b refuses (429) | 5 c ghost, 6 a | 7 b throttled ghost, 8 c ghost, 9 a
    expect(r.hosts[1]).toMatchObject({ real: 2, served: 1, rejectedByHost: 1, misses: 1, quarantines: 1, ghosts: 1 });
    expect(r.hosts[0]).toMatchObject({ real: 3, served: 3, misses: 0 });
    expect(r.escrows[0]).toMatchObject({ lastNonce: 9, ghosts: { poc: 3, throttled: 1, capped: 0 } });
    expect(r.gateway).toMatchObject({ served: 4, failed: 1, refused: 0 });
  });

  it("a quarantined only host: the direct route is swept (502), the pooled route sees W(e) = 0 (429); no misses", () => {
    const hosts = [
      { address: "a", weight: 10_000, preserved: false },
      { address: "b", weight: 10_000, parallel: 1, serviceMs: 10_000, admissionLimit: 1, overload: "503" },
      { address: "c", weight: 10_000, preserved: false },
    ];
    const direct = simulatePoc(small({ hosts, traffic: [{ route: "x", intervalMs: 1000, count: 4 }] }));
    expect(direct.hosts[1]).toMatchObject({ real: 2, served: 1, rejectedByHost: 1, misses: 1, refusedBeforeReceipt: 2 });
    expect(direct.gateway.refusedBy.noAvailableHost).toBe(2);
    const pooled = simulatePoc(small({ hosts, traffic: [{ route: "pooled", intervalMs: 1000, count: 4 }] }));
    expect(pooled.hosts[1]).toMatchObject({ misses: 1, refusedBeforeReceipt: 2 });
    expect(pooled.gateway.refusedBy.allZeroWeight).toBe(2);
  });

  it("an attempt that waits past the execution timeout is a failure after receipt and a miss", () => {
    const sc = small({
      gateway: { executionTimeoutMs: 15_000 },
      hosts: [
        { address: "a", weight: 1, preserved: false },
        { address: "b", weight: 1, parallel: 1, serviceMs: 10_000 },
        { address: "c", weight: 1, preserved: false },
      ],
      traffic: [{ route: "pooled", startMs: 0, intervalMs: 1, count: 3 }],
    });
    const b = simulatePoc(sc).hosts[1]!;
    // finishes at 10 s, 20 s (19.999 s after receipt: late), 30 s (late)
    expect(b).toMatchObject({ real: 3, served: 1, failedAfterReceipt: 2, misses: 2 });
  });

  it("attempts from before generation count against the cap once it applies; new ones wait until they drain", () => {
    const sc = parseScenario({
      name: "carry-over",
      gateway: { phasePollMs: 0, maxConcurrentPer10000Weight: 1000 },
      phases: [{ name: "before", startMs: 0, kind: "normal" }, { name: "gen", startMs: 5000, kind: "poc-generation" }],
      hosts: [{ address: "a", weight: 1000, parallel: 10, serviceMs: 10_000 }],
      escrows: [{ id: "x", slots: ["a"] }],
      traffic: [{ route: "x", startMs: 0, intervalMs: 1, count: 3 }, { route: "x", startMs: 6000, intervalMs: 1000, count: 2 }, { route: "x", startMs: 11_000, count: 1 }],
    });
    const a = simulatePoc(sc, { policy: "per-host-cap" }).hosts[0]!;
    expect(a).toMatchObject({ cap: 1, real: 4, served: 4, refusedBeforeReceipt: 2, peakInflight: 3, peakInflightWhileCapActive: 3 });
    expect(simulatePoc(sc, { policy: "today" }).hosts[0]).toMatchObject({ real: 6, served: 6, refusedBeforeReceipt: 0 });
  });

  it("an escrow at the nonce limit leaves the pooled route", () => {
    const sc = small({
      gateway: { nonceLimit: 5 },
      escrows: [{ id: "x", slots: ["a", "b", "c"], nonce: 5 }, { id: "y", slots: ["a", "b", "c"] }],
      traffic: [{ route: "pooled", count: 3, intervalMs: 10 }],
    });
    const r = simulatePoc(sc);
    expect(r.escrows.map((e) => e.real)).toEqual([0, 3]);
    expect(r.escrows[0]!.reachedNonceLimit).toBe(true);
  });

  it("outside relaxed PoC the limiter applies: tiny weights give a cap of 0 and every request gets 429", () => {
    const r = simulatePoc(small({ phases: [{ name: "n", startMs: 0, kind: "normal" }], traffic: [{ route: "x", count: 3, intervalMs: 1 }] }));
    expect(r.gateway.refusedBy.limiter).toBe(3); // floor(300 x 5 / 10000) = 0
  });

  it("PoC with the request mode off refuses every request with 503", () => {
    const r = simulatePoc(small({
      gateway: { relaxedPoC: false, pocMaxConcurrentPer10000Weight: 1000 },
      traffic: [{ route: "x", count: 4, intervalMs: 1 }],
    }));
    expect(r.gateway.refusedBy.phaseBlocked).toBe(4);
    expect(r.hosts.every((h) => h.real === 0)).toBe(true);
  });

  it("the escrow choice prefers the higher W(e) under load (PrefersHigherWeightEscrow)", () => {
    const sc = parseScenario({
      name: "t",
      phases: [{ name: "n", startMs: 0, kind: "normal" }],
      hosts: [{ address: "hi", weight: 100_000, serviceMs: 1_000_000, parallel: 1000 }, { address: "lo", weight: 10_000, serviceMs: 1_000_000, parallel: 1000 }],
      escrows: [{ id: "hi", slots: ["hi"] }, { id: "lo", slots: ["lo"] }],
      traffic: [{ route: "pooled", count: 100, intervalMs: 1 }],
      gateway: { executionTimeoutMs: 10_000_000, maxConcurrentPer10000Weight: 1000 },
    });
    const [hi, lo] = simulatePoc(sc).escrows.map((e) => e.real) as [number, number];
    expect(hi).toBeGreaterThan(5 * lo);
    expect(hi + lo).toBe(100);
  });
});

describe("W(e) arithmetic", () => {
  it("the safe-integer path and the big-integer path agree", () => {
    // totalSlots whose lcm exceeds 2^21 force the big-integer path
    const big = [{ weight: 7, slotsHere: 1, totalSlots: 1999 }, { weight: 5, slotsHere: 2, totalSlots: 2003 }, { weight: 3, slotsHere: 1, totalSlots: 2011 }];
    const w = escrowWeight(big);
    const expectNum = 7n * 2003n * 2011n + 5n * 2n * 1999n * 2011n + 3n * 1999n * 2003n;
    const expectDen = 1999n * 2003n * 2011n;
    expect(w.num * expectDen).toBe(expectNum * w.den);
    const small = escrowWeight([{ weight: 3, slotsHere: 2, totalSlots: 4 }, { weight: 5, slotsHere: 1, totalSlots: 6 }]);
    expect([small.num, small.den, small.n, small.d]).toEqual([7n, 3n, 7, 3]); // 3·2/4 + 5·1/6 = 7/3
  });
});

// The gateway family's first mutation run (2026-12-06): the limiter's branches and the split's filter.
describe("limiterCap's branches and splitOf's hosts (mutation run, 2026-12-06)", () => {
  it("the weight limit takes the smaller of current and base; no base weight falls to the static cap; the static cap scales by Wcur/Wbase clamped to 1, rounded half up", () => {
    expect(limiterCap(20_000n, 10_000n, 100, 0)).toBe(100); // min(200, 100)
    expect(limiterCap(5n, 0n, 100, 7)).toBe(7); // rate set but Wbase 0: the static cap
    expect(limiterCap(30n, 10n, 0, 4)).toBe(4); // Wcur above Wbase is clamped
    expect(limiterCap(5n, 10n, 0, 4)).toBe(2); // 4 × 5/10
    expect(limiterCap(5n, 10n, 0, 3)).toBe(2); // 1.5 rounds up
  });

  it("splitOf counts only hosts preserved in every phase, and a zero score sum gives 0 %", async () => {
    const { splitOf } = await import("../../src/gateway/split.js");
    const h = (address: string, preserved: boolean, served: number, score: number) => ({ address, weight: 1, preserved, score, cap: null, real: served, served }) as unknown as Parameters<typeof splitOf>[0][number];
    const r = splitOf([h("a", true, 30, 0), h("b", false, 70, 0), h("c", true, 10, 0)]);
    expect(r.hosts.map((x) => [x.address, x.servedPercent, x.scorePercent])).toEqual([["a", 75, 0], ["c", 25, 0]]);
    expect(r.maxDistancePoints).toBe(75);
  });
});

describe("weightedRandomPick walks the cumulative scores (mutation run, 2026-12-06)", () => {
  it("equal scores: every candidate is drawn, each about a third of the time", () => {
    const rand = new GoRand(11);
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) counts[weightedRandomPick([1, 1, 1], rand)]!++;
    for (const c of counts) expect(c).toBeGreaterThan(850);
  });
});

describe("missTestVerdict reads the named host (mutation run, 2026-12-06)", () => {
  it("the scenario's host, not the first: its misses and attempts plus the counts outside the window", async () => {
    const { missTestVerdict } = await import("../../src/gateway/miss-verdict.js");
    const { Decimal } = await import("../../src/go/decimal.js");
    const h = (address: string, misses: number, real: number) => ({ address, weight: 1, preserved: true, score: 1, cap: null, real, served: real - misses, misses }) as unknown as Parameters<typeof missTestVerdict>[1][number];
    const r = missTestVerdict({ address: "b", p0: Decimal.fromString("0.1"), missedOutsideWindow: 1, totalOutsideWindow: 100 }, [h("a", 0, 50), h("b", 40, 60)]);
    expect([r.address, r.missed, r.total, r.windowMissed, r.windowTotal, r.passed, r.rewardZeroed]).toEqual(["b", 41, 160, 40, 60, false, true]);
  });
});
