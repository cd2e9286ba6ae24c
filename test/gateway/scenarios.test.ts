import { describe, expect, it } from "vitest";
import { builtinScenarioNames, loadScenario, SCENARIO_DIR } from "../../src/gateway/scenario-source.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIELDS } from "../../src/gateway/scenario.js";
import { simulatePoc } from "../../src/gateway/simulate.js";

const H = "gonka1v8n6p0tgz4mw7j2q5h3c9s0lx6dk8r2fc2uv8x";

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
    expect(builtinScenarioNames()).toEqual(expect.arrayContaining(["epoch-433", "large", "shared-escrow", "soak-7"]));
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

describe("cross-checks against the routing notes (gateway-poc-routing.md §5) and closed forms", () => {
  it("shared-escrow: E1 = {B 100,000; H 1,809}, E2 = {C 100,000}, S = 20 s: H takes 25% today, 9 with the cap", () => {
    const sc = loadScenario("shared-escrow");
    const today = simulatePoc(sc);
    expect(today.hosts.map((h) => [h.served, h.peakInflight])).toEqual([[180, 20], [180, 20], [360, 40]]);
    const capped = simulatePoc(sc, { policy: "per-host-cap" });
    expect(capped.hosts.map((h) => [h.cap, h.served])).toEqual([[100, 351], [1, 9], [100, 360]]);
    expect(capped.hosts[1]!.ghosts).toBe(342); // H's slots while it is at its cap
    expect(capped.gateway.refused).toBe(0);
  });

  it("the notes' cap table: S = 10 / 20 / 30 s gives 18 / 9 / 6 served, 702 / 711 / 714 refused, 259 / 124 / 79 ghosts", () => {
    const base = loadScenario("epoch-433");
    const rows = [[10_000, 18, 702, 259, 277], [20_000, 9, 711, 124, 133], [30_000, 6, 714, 79, 85]] as const;
    for (const [s, served, refused, ghosts, nonces] of rows) {
      const sc = { ...base, hosts: base.hosts.map((h, i) => (i === 0 ? { ...h, serviceMs: s } : h)) };
      const r = simulatePoc(sc, { policy: "per-host-cap" });
      expect(r.hosts[0], `S=${s}`).toMatchObject({ served, refusedBeforeReceipt: refused, peakInflight: 1, misses: 0 });
      expect(r.escrows[0], `S=${s}`).toMatchObject({ noncesUsed: nonces, ghosts: { poc: ghosts } });
    }
  });

  it("the incident host as a FIFO with A servers of S each misses exactly the requests finishing > 1,200 s after receipt", () => {
    const base = loadScenario("epoch-433");
    // request k (arrival k/4 s) finishes at S·(⌊k/A⌋ + 1); it misses when that minus k/4 exceeds 1,200 s
    const closedForm = (a: number, sMs: number) => {
      let n = 0;
      for (let k = 0; k < 720; k++) if (sMs * (Math.floor(k / a) + 1) - 250 * k > 1_200_000) n++;
      return n;
    };
    for (const [a, s] of [[1, 20_000], [4, 20_000], [8, 20_000], [4, 10_000], [4, 30_000], [16, 30_000]] as const) {
      const sc = { ...base, hosts: base.hosts.map((h, i) => (i === 0 ? { ...h, parallel: a, serviceMs: s } : h)) };
      expect(simulatePoc(sc).hosts[0]!.misses, `A=${a} S=${s}`).toBe(closedForm(a, s));
    }
    expect(closedForm(4, 20_000)).toBe(468);
  });
});

describe("the format documentation", () => {
  it("examples/scenarios/README.md has a row for every field the parser accepts", () => {
    const readme = readFileSync(join(SCENARIO_DIR, "README.md"), "utf8");
    for (const [object, fields] of Object.entries(FIELDS)) {
      for (const f of fields) expect(readme, `${object}.${f}`).toContain(`| \`${f}\` |`);
    }
  });
});
