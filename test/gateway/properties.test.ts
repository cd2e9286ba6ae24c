import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import { parseScenario, POLICIES, TIE_BREAKS } from "../../src/gateway/scenario.js";
import { simulatePoc, type SimulateOptions } from "../../src/gateway/simulate.js";
import type { SimulationResult } from "../../src/gateway/result.js";

/** Small random scenarios: 1-5 hosts, 1-3 escrows, 1-3 phases, up to 120 requests. */
const scenarioArb: fc.Arbitrary<Json> = fc
  .record({
    nHosts: fc.integer({ min: 1, max: 5 }),
    phases: fc.array(fc.record({ gap: fc.integer({ min: 1, max: 20_000 }), kind: fc.constantFrom("normal", "poc-generation", "poc-other") }), { minLength: 1, maxLength: 3 }),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
  })
  .chain(({ nHosts, phases, seed }) => {
    const addrs = Array.from({ length: nHosts }, (_, i) => `gonka1h${i}`);
    let t = 0;
    const phaseList = phases.map((p, i) => {
      const start = i === 0 ? 0 : (t += p.gap);
      return { name: `p${i}`, startMs: start, kind: p.kind };
    });
    const host = (address: string) =>
      fc.record({
        address: fc.constant(address),
        weight: fc.integer({ min: 0, max: 30_000 }),
        score: fc.integer({ min: 0, max: 10 }),
        preserved: fc.tuple(...phaseList.map(() => fc.boolean())).map((bs) => Object.fromEntries(phaseList.map((p, i) => [p.name, bs[i]!]))),
        parallel: fc.integer({ min: 1, max: 3 }),
        serviceMs: fc.integer({ min: 0, max: 50 }).map((x) => x * 100),
        admissionLimit: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
        overload: fc.constantFrom("429", "503", "500", "fail-after-receipt"),
      });
    const escrow = (i: number) =>
      fc.record({
        id: fc.constant(`e${i}`),
        slots: fc.array(fc.constantFrom(...addrs), { minLength: 1, maxLength: 16 }),
        nonce: fc.integer({ min: 0, max: 50 }),
        active: fc.boolean().map((b) => b || i === 0),
      });
    return fc.integer({ min: 1, max: 3 }).chain((nEscrows) =>
      fc.record({
        name: fc.constant("prop"),
        seed: fc.constant(seed),
        phases: fc.constant(phaseList),
        hosts: fc.tuple(...addrs.map(host)),
        escrows: fc.tuple(...Array.from({ length: nEscrows }, (_, i) => escrow(i))),
        traffic: fc.array(
          fc.record({
            route: fc.constantFrom("pooled", ...Array.from({ length: nEscrows }, (_, i) => `e${i}`)),
            startMs: fc.integer({ min: 0, max: 30_000 }),
            intervalMs: fc.integer({ min: 1, max: 2_000 }),
            count: fc.integer({ min: 0, max: 60 }),
          }),
          { minLength: 1, maxLength: 2 },
        ),
        gateway: fc.record({
          relaxedPoC: fc.boolean().map((b) => b || seed % 5 !== 0),
          capacityAwareLimits: fc.boolean(),
          executionTimeoutMs: fc.integer({ min: 1_000, max: 20_000 }),
          refusalTimeoutMs: fc.integer({ min: 0, max: 5_000 }),
          quarantineMs: fc.integer({ min: 0, max: 20_000 }),
          phasePollMs: fc.constantFrom(0, 1_000, 5_000),
          nonceLimit: fc.integer({ min: 10, max: 1_000 }),
          timeoutVotesPass: fc.boolean().map((b) => b || seed % 7 !== 0),
        }),
        missTest: fc.constant({ address: addrs[0]! }),
      }),
    ) as fc.Arbitrary<Json>;
  });

const optionsArb: fc.Arbitrary<SimulateOptions> = fc.record({
  policy: fc.constantFrom(...POLICIES),
  tieBreak: fc.constantFrom(...TIE_BREAKS),
  capLeavesEscrowWeight: fc.boolean(),
});

const sum = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);

function run(doc: Json, o: SimulateOptions): SimulationResult {
  return simulatePoc(parseScenario(doc, "generated"), o);
}

const params = { numRuns: 150 };

describe("simulator properties", () => {
  it("every request is served, refused or failed: total = served + refused + failed, per host too", () => {
    fc.assert(
      fc.property(scenarioArb, optionsArb, (doc, o) => {
        const r = run(doc, o);
        const g = r.gateway;
        expect(g.served + g.refused + g.failed).toBe(g.requests);
        expect(sum(r.hosts, (h) => h.served)).toBe(g.served);
        expect(sum(r.hosts, (h) => h.refusedBeforeReceipt) + g.unattributedRefusals).toBe(g.refused);
        expect(sum(r.hosts, (h) => h.rejectedByHost + h.failedAfterReceipt)).toBe(g.failed);
        const byReason = g.refusedBy;
        expect(byReason.limiter + byReason.allZeroWeight + byReason.noAvailableHost + byReason.phaseBlocked + byReason.noRuntime).toBe(g.refused);
        for (const h of r.hosts) expect(h.served + h.rejectedByHost + h.failedAfterReceipt).toBe(h.real);
      }),
      params,
    );
  });

  it("ghosts and refusals before receipt never become misses; every nonce is a real dispatch or a ghost", () => {
    fc.assert(
      fc.property(scenarioArb, optionsArb, (doc, o) => {
        const r = run(doc, o);
        const votesPass = (doc as { gateway: { timeoutVotesPass: boolean } }).gateway.timeoutVotesPass;
        for (const h of r.hosts) {
          // misses come only from attempts that reached the host
          expect(h.misses).toBe(votesPass ? h.rejectedByHost + h.failedAfterReceipt : 0);
          if (h.real === 0) expect(h.misses).toBe(0);
        }
        expect(sum(r.escrows, (e) => e.noncesUsed)).toBe(sum(r.hosts, (h) => h.real + h.ghosts));
        expect(sum(r.escrows, (e) => e.ghosts.poc + e.ghosts.throttled + e.ghosts.capped)).toBe(sum(r.hosts, (h) => h.ghosts));
        for (const e of r.escrows) expect(e.lastNonce - e.firstNonce).toBe(e.noncesUsed);
      }),
      params,
    );
  });

  it("with the cap, no host ever has more real requests in flight than its cap during generation", () => {
    // every phase is a generation phase (they differ in who is preserved), so nothing is carried
    // over from an uncapped phase: the cap must hold at every instant
    const generationOnly = scenarioArb.map((doc) => {
      const d = structuredClone(doc) as { phases: { kind: string }[] };
      for (const p of d.phases) p.kind = "poc-generation";
      return d as unknown as Json;
    });
    fc.assert(
      fc.property(generationOnly, fc.boolean(), fc.constantFrom(...TIE_BREAKS), (doc, leaves, tieBreak) => {
        const r = run(doc, { policy: "per-host-cap", capLeavesEscrowWeight: leaves, tieBreak });
        for (const h of r.hosts) {
          expect(h.cap).not.toBeNull();
          expect(h.peakInflightWhileCapActive).toBeLessThanOrEqual(h.cap!);
        }
      }),
      params,
    );
  });

  it("the same seed gives the same result", () => {
    fc.assert(
      fc.property(scenarioArb, optionsArb, (doc, o) => {
        expect(run(doc, o)).toEqual(run(doc, o));
      }),
      { numRuns: 60 },
    );
  });

  it("under today's policy no host is ever refused by the gateway for being capped", () => {
    fc.assert(
      fc.property(scenarioArb, fc.constantFrom(...TIE_BREAKS), (doc, tieBreak) => {
        const r = run(doc, { policy: "today", tieBreak });
        for (const e of r.escrows) expect(e.ghosts.capped).toBe(0);
        for (const h of r.hosts) expect(h.cap).toBeNull();
      }),
      { numRuns: 60 },
    );
  });
});

describe("the generator reaches every branch (so the properties above are not vacuous)", () => {
  it("some sampled runs have misses, quarantines, capped ghosts and each kind of refusal", () => {
    const seen = { misses: 0, quarantines: 0, capped: 0, throttled: 0, noAvailableHost: 0, allZeroWeight: 0, limiter: 0, phaseBlocked: 0, timeouts: 0, rejected: 0 };
    const docs = fc.sample(scenarioArb, { numRuns: 300, seed: 42 });
    for (const [i, doc] of docs.entries()) {
      const r = run(doc, { policy: i % 2 === 0 ? "per-host-cap" : "today", capLeavesEscrowWeight: i % 4 === 0 });
      if (sum(r.hosts, (h) => h.misses) > 0) seen.misses++;
      if (sum(r.hosts, (h) => h.quarantines) > 0) seen.quarantines++;
      if (sum(r.escrows, (e) => e.ghosts.capped) > 0) seen.capped++;
      if (sum(r.escrows, (e) => e.ghosts.throttled) > 0) seen.throttled++;
      if (sum(r.hosts, (h) => h.failedAfterReceipt) > 0) seen.timeouts++;
      if (sum(r.hosts, (h) => h.rejectedByHost) > 0) seen.rejected++;
      for (const k of ["noAvailableHost", "allZeroWeight", "limiter", "phaseBlocked"] as const) if (r.gateway.refusedBy[k] > 0) seen[k]++;
    }
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBeGreaterThan(0);
  });
});
