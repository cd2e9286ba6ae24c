import { describe, expect, it } from "vitest";
import { builtinScenarioNames, loadScenario } from "../../src/gateway/scenario-source.js";
import { simulatePoc } from "../../src/gateway/simulate.js";

const H = "gonka1incidenthost0433";

describe("epoch-433 (the #2107 incident)", () => {
  const sc = loadScenario("epoch-433");

  it("today: every request lands on the one preserved host, 15 ghosts per dispatch, hundreds of misses, reward zeroed", () => {
    const r = simulatePoc(sc);
    const h = r.hosts.find((x) => x.address === H)!;
    expect(h.real).toBe(720);
    expect(h.ghosts).toBe(0); // the ghosts are on the other 15 slots
    expect(r.hosts.filter((x) => x.address !== H).reduce((s, x) => s + x.ghosts, 0)).toBe(10_789);
    expect(r.escrows[0]).toMatchObject({ firstNonce: 0, lastNonce: 11_509, noncesUsed: 11_509, real: 720, ghosts: { poc: 10_789, throttled: 0, capped: 0 } });
    // one server, 20 s each, arrivals every 250 ms: request k finishes at 20(k+1) s; late from k = 60
    expect(h.served).toBe(60);
    expect(h.failedAfterReceipt).toBe(660);
    expect(h.misses).toBe(660);
    expect(h.refusedBeforeReceipt).toBe(0);
    expect(r.gateway).toMatchObject({ requests: 720, served: 60, refused: 0, failed: 660 });
    expect(r.missTest).toEqual({
      address: H, missed: 749, total: 1497, windowMissed: 660, windowTotal: 720, p0: "0.1", passed: false, rewardZeroed: true,
    });
  });

  it("per-host-cap: cap 1, 9 served, 711 refused before receipt, no overload misses, reward kept", () => {
    const r = simulatePoc(sc, { policy: "per-host-cap" });
    const h = r.hosts.find((x) => x.address === H)!;
    expect(h.cap).toBe(1);
    expect(h).toMatchObject({ real: 9, served: 9, refusedBeforeReceipt: 711, rejectedByHost: 0, failedAfterReceipt: 0, misses: 0, peakInflight: 1 });
    expect(r.escrows[0]).toMatchObject({ noncesUsed: 133, real: 9, ghosts: { poc: 124, throttled: 0, capped: 0 } });
    expect(r.gateway.refusedBy.noAvailableHost).toBe(711);
    expect(r.missTest).toMatchObject({ missed: 89, total: 786, windowMissed: 0, passed: true, rewardZeroed: false });
  });

  it("per-host-cap where the capped host also leaves W(e): the refusals become 429s at escrow choice", () => {
    const r = simulatePoc(sc, { policy: "per-host-cap", capLeavesEscrowWeight: true });
    const h = r.hosts.find((x) => x.address === H)!;
    expect(h).toMatchObject({ served: 9, refusedBeforeReceipt: 711, misses: 0 });
    expect(r.gateway.refusedBy).toMatchObject({ allZeroWeight: 711, noAvailableHost: 0 });
  });
});

describe("soak-7 (#1733)", () => {
  const sc = loadScenario("soak-7");
  const served = (r: ReturnType<typeof simulatePoc>) => r.hosts.map((h) => h.served);

  it("top-score starves the second host", () => {
    const r = simulatePoc(sc, { tieBreak: "top-score" });
    expect(served(r)).toEqual([1260, 0]);
    expect(r.split.maxDistancePoints).toBe(40);
  });

  it("weighted-random follows the 60:40 scores, neither host starved, reproducibly", () => {
    const r = simulatePoc(sc, { tieBreak: "weighted-random" });
    const [a, b] = served(r) as [number, number];
    expect(a + b).toBe(1260);
    expect(b).toBeGreaterThan(400);
    expect(r.split.maxDistancePoints).toBeLessThan(5);
    expect(served(simulatePoc(sc, { tieBreak: "weighted-random" }))).toEqual([a, b]);
  });

  it("devshardctl's round-robin splits evenly whatever the scores", () => {
    expect(served(simulatePoc(sc, { tieBreak: "round-robin" }))).toEqual([630, 630]);
  });
});

describe("built-in scenarios", () => {
  it("are the documented files and all load", () => {
    expect(builtinScenarioNames()).toEqual(expect.arrayContaining(["epoch-433", "large", "soak-7"]));
    for (const n of builtinScenarioNames()) expect(loadScenario(n).name).toBe(n);
  });

  it("large: 100 escrows x 16 slots, 100,000 requests, every request accounted for", () => {
    const sc = loadScenario("large");
    expect(sc.escrows.length).toBe(100);
    expect(sc.escrows.every((e) => e.slots.length === 16)).toBe(true);
    const r = simulatePoc(sc);
    const g = r.gateway;
    expect(g.requests).toBe(100_000);
    expect(g.served + g.refused + g.failed).toBe(100_000);
  });
});
