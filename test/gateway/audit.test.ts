/**
 * Audit of the PoC routing simulator against devshardctl (devshard @ 85835b31,
 * devshard/cmd/devshardctl/). Each test pins one rule where the model used to disagree with the Go
 * code, pins a rule that is easy to get wrong the other way, or (last block) checks the proposal's
 * arithmetic against its Go counterpart.
 */
import { describe, expect, it } from "vitest";
import { perHostCap } from "../../src/gateway/host-cap.js";
import { parseScenario } from "../../src/gateway/scenario.js";
import { simulatePoc } from "../../src/gateway/simulate.js";

const three = (extra: Record<string, unknown>) =>
  parseScenario({
    name: "audit",
    phases: [{ name: "gen", startMs: 0, kind: "poc-generation" }],
    hosts: [
      { address: "a", weight: 10_000 },
      { address: "b", weight: 10_000 },
      { address: "c", weight: 10_000 },
    ],
    escrows: [{ id: "x", slots: ["a", "b", "c"] }],
    traffic: [{ route: "pooled", count: 1 }],
    ...extra,
  } as never);

describe("weights during PoC do not depend on the request mode", () => {
  // phase_gate.go:(*ChainPhaseGate).refresh feeds CapacityState with participantWeight(participant,
  // active, ...): during any PoC phase only preserved ML nodes count, in mode "off" as in "relaxed".
  // The mode only decides SetPoCPreserved (availability). So in mode "off" a PoC with no preserved
  // weight gives W_cur = 0, gateway_limiter.go:weightConcurrencyLimit gives 0, and
  // (*GatewayLimiter).acquireLocked refuses with 429 before the proxy's 503.
  it("mode off, nobody preserved: the limiter's W_cur is 0, so every request is a 429 (phase_gate.go:participantWeight)", () => {
    const hosts = ["a", "b", "c"].map((address) => ({ address, weight: 10_000, preserved: { gen: false } }));
    const r = simulatePoc(three({ gateway: { relaxedPoC: false }, hosts, traffic: [{ route: "pooled", count: 4, intervalMs: 1 }] }));
    expect(r.gateway.refusedBy).toMatchObject({ limiter: 4, phaseBlocked: 0 });
    expect(r.hosts.every((h) => h.misses === 0 && h.real === 0)).toBe(true);
  });
  it("mode off, one host preserved: the limiter passes on its weight alone and the proxy answers 503", () => {
    const hosts = [
      { address: "a", weight: 1_000, preserved: true },
      { address: "b", weight: 10_000, preserved: { gen: false } },
      { address: "c", weight: 10_000, preserved: { gen: false } },
    ];
    // W_cur = 1,000 (not 21,000): PoC rate 10 gives a cap of 1, so requests one at a time pass
    const r = simulatePoc(three({ gateway: { relaxedPoC: false }, hosts, traffic: [{ route: "pooled", count: 3, intervalMs: 1 }] }));
    expect(r.gateway.refusedBy).toMatchObject({ limiter: 0, phaseBlocked: 3 });
  });
});

describe("direct route: an inactive escrow is refused before the limiter", () => {
  // gateway.go:(*Gateway).handleDevshard checks rt.acceptsNewInferences() (409) before
  // AcquireForModelWithCapacity; the pooled route (handlePooledChat) checks the limiter first.
  it("a zero limiter and an inactive named escrow: 409 (noRuntime), not 429 (gateway.go:handleDevshard)", () => {
    const r = simulatePoc(three({
      phases: [{ name: "n", startMs: 0, kind: "normal" }],
      hosts: [{ address: "a", weight: 1 }, { address: "b", weight: 1 }, { address: "c", weight: 1 }],
      escrows: [{ id: "x", slots: ["a", "b", "c"], active: false }, { id: "y", slots: ["a", "b", "c"] }],
      traffic: [{ route: "x", count: 2, intervalMs: 1 }, { route: "y", startMs: 10, count: 1 }],
    }));
    // floor(3 x 5 / 10000) = 0: the active escrow's request meets the limiter, the inactive one's does not
    expect(r.gateway.refusedBy).toMatchObject({ noRuntime: 2, limiter: 1 });
  });
});

describe("an attempt sent before generation that times out during it is still a miss", () => {
  // The model's execution timeout is devshardctl's non-streaming path: redundancy.go:(*Redundancy).awaitRace
  // cancels the attempt at nonStreamingNoContentTimeout (20 min after the send) and hands it to
  // finishRaceOutcome in a goroutine. The send goroutine in startInflight returns early on an error,
  // and awaitRace's doneCh case (the only other caller of markPhaseTransitionAbort for a pending
  // attempt) is no longer running, so inf.phaseTransitionAborted stays false and HandleTimeout votes.
  // (Only a streaming attempt that ends on its own during generation is exempt; the model has none.)
  const scenario = (relaxedPoC: boolean) =>
    parseScenario({
      name: "carry-over-timeout",
      gateway: { phasePollMs: 0, executionTimeoutMs: 15_000, relaxedPoC },
      phases: [{ name: "before", startMs: 0, kind: "normal" }, { name: "gen", startMs: 10_000, kind: "poc-generation" }],
      hosts: [{ address: "a", weight: 10_000, parallel: 1, serviceMs: 30_000 }],
      escrows: [{ id: "x", slots: ["a"] }],
      traffic: [{ route: "x", startMs: 0, intervalMs: 1000, count: 2 }, { route: "x", startMs: 20_000, count: 1 }],
    } as never);

  it("relaxed: receipts at 0 s and 1 s time out at 15 s and 16 s (generation since 10 s) and both miss (redundancy.go:awaitRace)", () => {
    expect(simulatePoc(scenario(true)).hosts[0]).toMatchObject({ real: 3, served: 0, failedAfterReceipt: 3, misses: 3 });
  });
  it("mode off: the same two miss, and the request during generation gets 503", () => {
    const r = simulatePoc(scenario(false));
    expect(r.hosts[0]).toMatchObject({ real: 2, failedAfterReceipt: 2, misses: 2 });
    expect(r.gateway.refusedBy.phaseBlocked).toBe(1);
  });
});

describe("an execution timeout frees the handler at the timeout, not at the vote", () => {
  // redundancy.go:(*Redundancy).awaitRace, case nonStreamingTimeoutC: cancel the pending attempt, run
  // finishRaceOutcome (HandleTimeout: vote at confirmedAt + ExecutionTimeout + TimeoutBuffer) in a
  // goroutine and return; gateway.go:handleDevshard / handlePooledChat then release the limiter
  // slot and activeRequests(e) (deferred). The model used to hold both until the vote, 5 s later.
  it("a cap-1 limiter admits the next request between the timeout (10 s) and the vote (15 s) (redundancy.go:awaitRace)", () => {
    const r = simulatePoc(parseScenario({
      name: "release-at-timeout",
      gateway: { executionTimeoutMs: 10_000 },
      phases: [{ name: "n", startMs: 0, kind: "normal" }],
      hosts: [{ address: "a", weight: 2000, parallel: 1, serviceMs: 100_000 }], // floor(2000 x 5 / 10000) = 1
      escrows: [{ id: "x", slots: ["a"] }],
      traffic: [{ route: "x", startMs: 0, count: 1 }, { route: "x", startMs: 12_000, count: 1 }],
    } as never));
    expect(r.gateway.refusedBy.limiter).toBe(0);
    expect(r.hosts[0]).toMatchObject({ real: 2, failedAfterReceipt: 2, misses: 2 });
  });
});

describe("the proposed per-host cap against weightConcurrencyLimit", () => {
  /** gateway_limiter.go:weightConcurrencyLimit, in float64 as Go computes it. */
  const weightConcurrencyLimit = (weight: number, per10000: number): number =>
    weight <= 0 || per10000 <= 0 ? 0 : Math.floor((weight * per10000) / 10000);

  it("perHostCap(w, rate) = max(1, weightConcurrencyLimit(w, rate)) across the rounding boundaries", () => {
    const weights = [0, 1, 999, 1000, 1001, 1809, 1999, 2000, 2001, 9999, 10_000, 749_558, 1_000_000_007, 999_999_999_999];
    for (const rate of [1, 5, 10, 37, 10_000]) {
      for (const w of weights) {
        expect(perHostCap(w, rate), `w=${w} rate=${rate}`).toBe(Math.max(1, weightConcurrencyLimit(w, rate)));
      }
    }
  });
});
