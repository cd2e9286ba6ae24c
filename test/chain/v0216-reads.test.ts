// Issue 28 item 3: the node reader records v0.2.16's state (the sampled epoch's trust weights, its PoC
// challenge targets, the dynamic coefficient fields of the confirmation scales) from a v0.2.16 node, and
// nothing of it from an older one, through the loopback fixture node (encoded with the release's layout).
import { describe, expect, it } from "vitest";
import { snapshotFromRpc } from "../../src/chain/index.js";
import type { Json } from "../../src/go/json.js";
import { parseJson } from "../../src/go/json.js";
import { samplePreservedForEpisode } from "../../src/preserved/sample-preserved-for-episode.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { preservedRulesFor } from "../../src/preserved/preserved-rules.js";
import { parseSettlementInput } from "../../src/settlement/settlement-input.js";
import { parseSnapshot, serializeSnapshot } from "../../src/snapshot/snapshot.js";
import { appliedPlansUpTo, fixtureFromPreserved, type FixtureChainState } from "../../src/testing/fixture-state.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";
import { examplePreserved, fixtureNodes } from "./helpers.js";

const serve = fixtureNodes();
const H = 2_851_200;
const pre = examplePreserved as { [k: string]: Json };
const rootWeights = ((pre.rootGroup as { validationWeights: { memberAddress: string; weight: number | bigint }[] }).validationWeights).map((w) => ({ a: w.memberAddress, w: BigInt(w.weight) }));
const N = 142n;
// Trust weights: half of each real weight (the previous epoch's confirmed weight), the third member new (0).
const trust = rootWeights.map((x, i) => ({ index: x.a, weight: x.w, capWeight: i === 2 ? 0n : x.w / 2n }));
const [t1, t2, t3] = [rootWeights[5]!.a, rootWeights[1]!.a, rootWeights[9]!.a];

/** The example state on a node of `version` with v0.2.16 state: trust weights, challenge records, dynamic scales. */
function state(version: ChainVersion): FixtureChainState {
  const s = fixtureFromPreserved({ ...pre, activeParticipants: { capWeightApplied: true, participants: trust }, pocChallengeTargets: [t1, t2] } as unknown as Json);
  // a decided challenge of the same epoch still counts; one of an earlier epoch (not yet deleted) does not
  s.pocChallenges[1]!.state = 3;
  s.pocChallenges.push({ epochIndex: N - 1n, target: t3, challenger: "", startHeight: 1n, state: 1 });
  // the settled epoch's scales: a dynamic effective coefficient beside the factor, the second model excluded
  const settled = s.groups.find((g) => g.epochIndex === N - 1n && g.modelId === "")!;
  settled.confirmationWeightScales = settled.confirmationWeightScales!.map((c, k) => ({ ...c, effectiveCoefficient: { value: 3024n + BigInt(k), exponent: -4 }, excludeFromConfirmation: k === 1 }));
  s.chainVersion = version;
  s.appliedPlans = appliedPlansUpTo(version);
  return s;
}

async function read(version: ChainVersion, mutate?: (s: FixtureChainState) => void) {
  const st = state(version);
  mutate?.(st);
  const node = await serve({ latestHeight: H + 10, stateAt: () => st });
  // through the file format: what 'gonka-spec snapshot' writes and every command reads back
  return parseSnapshot(parseJson(serializeSnapshot(await snapshotFromRpc(node.url, { height: H }))), "snap");
}

describe("v0.2.16 state from a node (the snapshot's preserved and settlement slices)", () => {
  it("a v0.2.16 node: the sampled epoch's trust weights and challenge targets, the scales' effective coefficients and exclusions", async () => {
    const snap = await read("v0.2.16");
    const p = parsePreservedState(snap.preserved, "preserved");
    expect(p.activeParticipants).toEqual({ capWeightApplied: true, participants: trust });
    // targets of epoch N's records, any state, sorted; the epoch N−1 record is not one
    expect(p.pocChallengeTargets).toEqual([t1, t2].sort());
    const chain = snap.chain as { pocChallenges: { target: string; epochIndex: bigint; state: string }[] };
    expect(chain.pocChallenges.map((c) => [c.target, BigInt(c.epochIndex), c.state]).sort()).toEqual(
      [[t1, N, "OPEN"], [t2, N, "PASSED"], [t3, N - 1n, "CHALLENGE_FAILED"]].sort(),
    );
    // the v0.2.16 sampler sums the trust weights of the live root members
    const live = new Set(p.rootGroup.liveMembers);
    const want = trust.filter((t) => live.has(t.index)).reduce((s, t) => s + t.capWeight, 0n);
    const got = samplePreservedForEpisode(p, BigInt(H), { explain: false, rules: preservedRulesFor("v0.2.16") }).intermediates.liveRootTotalWeight;
    expect(got).toBe(want);
    expect(got).toBeLessThan(rootWeights.filter((x) => live.has(x.a)).reduce((s, x) => s + x.w, 0n));
    // settlement: the effective coefficient and the exclusion of each scale reach the settlement input
    const settlement = parseSettlementInput(snap.settlement!, "settlement").input;
    expect(settlement.confirmationWeightScales.map((c) => [c.effectiveCoefficient, c.excludeFromConfirmation])).toEqual([
      [{ value: 3024n, exponent: -4 }, false],
      [{ value: 3025n, exponent: -4 }, true],
      [{ value: 3026n, exponent: -4 }, false],
      [{ value: 3027n, exponent: -4 }, false],
    ]);
    // the chain slice's scales carry the controller's state, the params the dynamic coefficient configs
    const c = snap.chain as { settlementEpochGroup: { confirmationWeightScales: { baseCoefficient: unknown; adaptiveStep: unknown; prevSign: number; config: unknown }[]; dynamicCoefficientParams: unknown }; params: { pocParams: { dynamicCoefficientParams: { targetZoneBps: number }; models: { dynamicCoefficient: { targetShareBps: number } }[] } } };
    // (small integers come back from the file as JSON numbers)
    expect(c.settlementEpochGroup.confirmationWeightScales[0]!.adaptiveStep).toEqual({ value: 25, exponent: -3 });
    expect(c.settlementEpochGroup.dynamicCoefficientParams).toEqual({ targetZoneBps: 500, stepMin: { value: 5, exponent: -3 }, stepMax: { value: 5, exponent: -2 }, bootstrapStepMax: { value: 25, exponent: -2 }, bootstrapShareBps: 100 });
    expect(c.params.pocParams.dynamicCoefficientParams.targetZoneBps).toBe(500);
    expect(c.params.pocParams.models.map((m) => m.dynamicCoefficient.targetShareBps).reduce((a, b) => a + b, 0)).toBe(10_000);
  });

  it("the sampled epoch's ActiveParticipants not stored: recorded as null (every member counts its root weight), no challenge: []", async () => {
    const snap = await read("v0.2.16", (s) => {
      s.activeParticipants.delete(N);
      s.pocChallenges = [];
    });
    const p = snap.preserved as { activeParticipants: unknown; pocChallengeTargets: unknown };
    expect(p.activeParticipants).toBeNull();
    expect(p.pocChallengeTargets).toEqual([]);
  });

  it("a v0.2.14 node: none of it is recorded (the fields are not on its wire), and settlement reads the factors alone", async () => {
    const snap = await read("v0.2.14");
    expect("activeParticipants" in snap.preserved).toBe(false);
    expect("pocChallengeTargets" in snap.preserved).toBe(false);
    expect((snap.chain as { pocChallenges: unknown }).pocChallenges).toBeNull();
    const scales = (snap.settlement as { reward: { confirmationWeightScales: { [k: string]: Json }[] } }).reward.confirmationWeightScales;
    expect(scales.map((s) => Object.keys(s))).toEqual(scales.map(() => ["modelId", "weightScaleFactor"]));
    expect((snap.chain as { params: { pocParams: { dynamicCoefficientParams: unknown } } }).params.pocParams.dynamicCoefficientParams).toBeNull();
  });

  it("a node whose version is unknown (no applied plan answers): read as it answers", async () => {
    const snap = await read("v0.2.16", (s) => (s.appliedPlans = new Map()));
    expect((snap.preserved as { pocChallengeTargets: unknown }).pocChallengeTargets).toEqual([t1, t2].sort());
  });
});
