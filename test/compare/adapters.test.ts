// The comparison's adapters to the other rule families, pinned whole: the epoch-433 replay at a
// proposal's rate and p0 (the built-in scenario's host: 89 misses of its 777 requests outside the PoC
// window, then the window's own), and the settlement at a proposal's p0 (to the coin on a REST dump's
// reward inputs, or on the epoch input's reward weights).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultEngines, missTestEngine, preservedEngine } from "../../src/compare/default-engines.js";
import { settlementEngine, settlementEngineFor } from "../../src/compare/settlement-adapter.js";
import { simulateEpoch433 } from "../../src/compare/simulation-adapter.js";
import { Decimal } from "../../src/go/decimal.js";
import type { Json } from "../../src/go/json.js";
import { preservedRulesFor } from "../../src/preserved/preserved-rules.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { loadSnapshot } from "../../src/snapshot/snapshot.js";
import { snapshotFromRestDump } from "../../src/sources/rest-dump/snapshot-from-rest.js";
import { refusal } from "../helpers/refusal.js";
import { LATEST_CHAIN_VERSION } from "../../src/versions/chain-version.js";
import { REALDATA_DIR } from "../realdata/load.js";

const HOST = "gonka1v8n6p0tgz4mw7j2q5h3c9s0lx6dk8r2fc2uv8x";
const d = (x: string): Decimal => Decimal.fromString(x);

describe("the epoch-433 replay adapter", () => {
  it("the per-host cap at the proposal's rate, the host's epoch miss test at its p0; today's gateway without the cap", () => {
    // rate 10: the cap refuses 711 requests before receipt; the host serves the window's 9 and misses none of them
    expect(simulateEpoch433(10n, d("0.1"))).toEqual({ rate: 10n, policy: "per-host-cap", host: HOST, served: 9n, refusedBeforeReceipt: 711n, misses: 89n, total: 786n, passed: true });
    // the same replay judged at p0 0.05: 89 of 786 (11.3 %) now fails
    expect(simulateEpoch433(10n, d("0.05"))).toEqual({ rate: 10n, policy: "per-host-cap", host: HOST, served: 9n, refusedBeforeReceipt: 711n, misses: 89n, total: 786n, passed: false });
    // a rate of 1000 lets more in than the host can serve: 128 window misses, zeroed
    expect(simulateEpoch433(1000n, d("0.1"))).toEqual({ rate: 1000n, policy: "per-host-cap", host: HOST, served: 60n, refusedBeforeReceipt: 532n, misses: 217n, total: 965n, passed: false });
    // today's gateway refuses nothing before receipt and the host misses 749 of 1,497
    expect(simulateEpoch433(10n, d("0.1"), "today")).toEqual({ rate: 10n, policy: "today", host: HOST, served: 60n, refusedBeforeReceipt: 0n, misses: 749n, total: 1497n, passed: false });
  });

  it("a rate past 2^53 − 1 has no replay (the simulator counts in JavaScript numbers); 2^53 − 1 runs, uncapped in effect", () => {
    const max = BigInt(Number.MAX_SAFE_INTEGER);
    expect(simulateEpoch433(max + 1n, d("0.1"))).toBeUndefined();
    expect(simulateEpoch433(max, d("0.1"))).toEqual({ rate: max, policy: "per-host-cap", host: HOST, served: 60n, refusedBeforeReceipt: 0n, misses: 749n, total: 1497n, passed: false });
  });
});

describe("the settlement adapter", () => {
  const dump = snapshotFromRestDump(join(REALDATA_DIR, "rest", "epoch_248")).snapshot.settlement!;
  const decided = "governance: its 100‰ table is above the dynamic 50‰ table, from network miss share 27‰ + 20‰ margin = 47‰";

  it("to the coin on a REST dump's reward inputs (epoch 248): zeroed only where the miss test takes a reward", () => {
    const e = settlementEngineFor("v0.2.12");
    expect(e.governanceP0(dump)!.toString()).toBe("0.1");
    const r = e.settle(dump, d("0.10"));
    expect(r.side).toEqual({ governanceP0: "0.1", settlementP0: "0.1", skipped: false, reason: `${decided}; rewards settled to the coin on v0.2.12 rules`, rewardUnit: "ngonka" });
    expect(r.rows.length).toBe(95);
    expect(r.rows.filter((x) => !x.passed)).toEqual([
      { address: "gonka1p60lruhxmwcsa9taa28cp4k4f6kv2kvyu5h5ep", missed: 59n, total: 67n, passed: false, rewardAtStake: 126_506_618_585n },
      { address: "gonka1wthc28t25pg63hzvl07rl8e8r6km6hesl6jhsz", missed: 187n, total: 675n, passed: false, rewardAtStake: 1_135_882_178_517n },
      { address: "gonka1kx9mca3xm8u8ypzfuhmxey66u0ufxhs7nm6wc5", missed: 96n, total: 96n, passed: false, rewardAtStake: 683_068_805_643n },
    ]);
    const row = (a: string) => r.rows.find((x) => x.address === a);
    // inactive, it fails the miss test with no reward to lose: not counted as zeroed
    expect(row("gonka1psgzz288a434dv6863ldd73xma70zw7387muj2")).toEqual({ address: "gonka1psgzz288a434dv6863ldd73xma70zw7387muj2", missed: 10n, total: 64n, passed: true, rewardAtStake: 0n });
    // active with a capped weight of 0: nothing at stake
    expect(row("gonka1p2lhgng7tcqju7emk989s5fpdr7k2c3ek6h26m")).toEqual({ address: "gonka1p2lhgng7tcqju7emk989s5fpdr7k2c3ek6h26m", missed: 0n, total: 33n, passed: true, rewardAtStake: 0n });
    // the default engine settles on the newest rules
    expect(settlementEngine.settle(dump, d("0.10")).side.reason).toBe(`${decided}; rewards settled to the coin on ${LATEST_CHAIN_VERSION} rules`);
  });

  it("on the epoch input's reward weights: the verdicts at the proposal's p0, a participant without a weight n/a", () => {
    const slice: Json = {
      epoch: 141,
      validationParams: { binomTestP0: { value: 4, exponent: -1 } },
      graceEpoch: null,
      participants: [
        { address: "gonka1p1", currentEpochStats: { inferenceCount: 396, missedRequests: 4 } },
        { address: "gonka1slow", currentEpochStats: { inferenceCount: 70, missedRequests: 30 } },
      ],
      rewards: { gonka1slow: 2500 },
    };
    expect(settlementEngine.governanceP0(slice)!.toString()).toBe("0.4");
    expect(settlementEngine.governanceP0({ ...(slice as object), validationParams: undefined } as never)).toBeUndefined();
    const at = (p0: string) => settlementEngine.settle(slice, d(p0));
    // 30 of 100 passes at 0.4 and fails at 0.1 (14 allowed of 100): the proposal's p0 replaces the slice's 0.4
    expect(at("0.4").side.reason).toMatch(/^governance: its 400‰ table; /);
    expect(at("0.4").rows).toEqual([
      { address: "gonka1p1", missed: 4n, total: 400n, passed: true, rewardAtStake: null },
      { address: "gonka1slow", missed: 30n, total: 100n, passed: true, rewardAtStake: 2500n },
    ]);
    expect(at("0.1")).toEqual({
      side: { governanceP0: "0.1", settlementP0: "0.1", skipped: false, reason: "governance: its 100‰ table; no dynamic p0, the network's 500 requests from 2 participants are under the minimum of 1,000 requests from 5 participants" },
      rows: [
        { address: "gonka1p1", missed: 4n, total: 400n, passed: true, rewardAtStake: null },
        { address: "gonka1slow", missed: 30n, total: 100n, passed: false, rewardAtStake: 2500n },
      ],
    });
    // without reward weights nothing is at stake; a slice the reader refuses is named as the snapshot's
    const { rewards: _, ...bare } = slice as Record<string, Json>;
    expect(settlementEngine.settle(bare, d("0.1")).rows.map((x) => x.rewardAtStake)).toEqual([null, null]);
    expect(refusal(() => settlementEngine.settle({ ...bare, participants: 1 }, d("0.1")))).toMatch(/^snapshot: settlement\.participants: /);
    expect(refusal(() => settlementEngine.governanceP0({ ...bare, participants: 1 }))).toMatch(/^snapshot: settlement\.participants: /);
  });
});

describe("the engines compare runs with", () => {
  const dump = snapshotFromRestDump(join(REALDATA_DIR, "rest", "epoch_248")).snapshot.settlement!;
  const example = loadSnapshot(join(import.meta.dirname, "..", "..", "examples", "mainnet-like.snapshot.json"));
  const state = parsePreservedState(example.preserved, "snapshot: preserved");

  it("the sampler and settlement of the version compare resolved, else the newest; the vote threshold and the replay wired", () => {
    const settings = { anchor: state.anchorHeight!, rule: "current" as const, rate: 10n, demand: undefined };
    const newest = defaultEngines();
    expect(newest.preserved).toBe(preservedEngine);
    expect(newest.missTest).toBe(missTestEngine);
    expect(newest.preserved.run(state, settings).map((m) => m.achievedWeight)).toEqual([23_266n, 12_762n, 74_410n, 42_119n]);
    // v0.2.12's sampler weighs its cap by the weight scale factors this state lacks: its refusal shows the rules are v0.2.12's
    const v12 = defaultEngines({ preservedRules: preservedRulesFor("v0.2.12"), settlementVersion: "v0.2.12" });
    expect(refusal(() => v12.preserved.run(state, settings))).toBe(
      "params.pocParams: the v0.2.12 sampler weighs its 34 % cap by each model's weight scale factor, and this state records none: add params.pocParams.models (or, in a schema-v1 snapshot, chain.weightScaleFactors)",
    );
    expect(v12.missTest.settle(dump, d("0.10")).side.reason).toMatch(/; rewards settled to the coin on v0\.2\.12 rules$/);
    expect(newest.missTest.settle(dump, d("0.10")).side.reason).toMatch(new RegExp(`; rewards settled to the coin on ${LATEST_CHAIN_VERSION} rules$`));
    // the rest of the miss-test engine is kept beside the version's settlement
    expect(v12.missTest.settlementP0(d("0.25")).toString()).toBe("0.3");
    expect([v12.missTest.allowedMisses(100n, d("0.1"), "on-chain"), v12.missTest.allowedMisses(100n, d("0.1"), "exact")]).toEqual([14n, 15n]);
    // factor 50 of 16 slots: more than 8 needed; the replay is the epoch-433 adapter
    expect([newest.voteThreshold(16, 50n), newest.voteThreshold(16, 100n)]).toEqual([8, 16]);
    expect(newest.simulate).toBe(simulateEpoch433);
  });
});
