// Explanations on the upstream Go test scenarios of the sample_preserved_for_episode vectors.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import { samplePreservedForEpisode } from "../../src/preserved/sample-preserved-for-episode.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { readVectorFile } from "../../src/vectors/check.js";

const doc = readVectorFile(join(import.meta.dirname, "../vectors/go/sample_preserved_for_episode.json.gz")) as { cases: { name: string; input: Json }[] };
const input = (name: string): Json => doc.cases.find((c) => c.name === name)!.input;

function run(name: string) {
  const st = parsePreservedState(input(name), name, { lenient: true });
  return samplePreservedForEpisode(st, st.anchorHeight!);
}

const codeOf = (r: ReturnType<typeof run>, participant: string, nodeId: string) => r.explanations.find((e) => e.participant === participant && e.nodeId === nodeId)?.code;

describe("explanations", () => {
  it("guardian test: guardian nodes, the count rule and the unsampled participant", () => {
    const r = run("upstream_excludes_guardians");
    const g = "gonka1gcrlrhvw8kd7zr6pl92rxnc6j20chatkyxtfzx";
    const n0 = "gonka1nonguardian00000000000000000000000000000000";
    const n1 = "gonka1nonguardian11111111111111111111111111111111";
    expect(codeOf(r, g, `${g}-n1`)).toBe("guardian");
    expect(codeOf(r, n0, `${n0}-n1`)).toBe("preserved");
    // 3 × 10: the uniform-weight count rule keeps one node eligible, the other two vote
    expect(codeOf(r, n0, `${n0}-n2`)).toBe("count_cut");
    // 3 candidates → 2 drawn at anchor 1234; nonguardian1 is not among them
    expect(codeOf(r, n1, `${n1}-n1`)).toBe("not_sampled");
    const preserved = r.explanations.filter((e) => e.preserved);
    expect(preserved.every((e) => e.round === 1 || e.round === 2)).toBe(true);
  });

  it("dead subgroup members are explained as not live", () => {
    const r = run("upstream_filters_dead_subgroup_members");
    const dead = r.explanations.filter((e) => e.participant.includes("dead"));
    expect(dead.length).toBeGreaterThan(0);
    expect(dead.every((e) => e.code === "not_live")).toBe(true);
  });

  it("no reward in the previous epoch", () => {
    const r = run("upstream_no_reward_no_eligible");
    expect(r.snapshot.modelPreservedNodes).toEqual([]);
    const codes = new Set(r.explanations.map((e) => e.code));
    expect(codes.has("no_history")).toBe(true);
    expect(codes.has("preserved")).toBe(false);
  });

  it("epoch 0 preserves nothing and says why", () => {
    const r = run("epoch0_no_previous_lookup_no_preservation");
    expect(r.snapshot.modelPreservedNodes).toEqual([]);
    expect(r.explanations.length).toBeGreaterThan(0);
    expect(r.explanations.every((e) => ["epoch_zero", "guardian", "kept_for_voting", "count_cut", "above_outlier_cap", "not_live"].includes(e.code))).toBe(true);
  });

  it("a single heavy node of a top-75% participant is kept for voting", () => {
    const r = run("upstream_matches_subgroup_data_single_participant");
    // -n1 (29) is above the 25% threshold 28; -n2 (28) is preserved
    const byNode = Object.fromEntries(r.explanations.map((e) => [e.nodeId.replace(/^.*-/, ""), e.code]));
    expect(byNode).toEqual({ n1: "kept_for_voting", n2: "preserved" });
  });

  it("explanations can be skipped for speed", () => {
    const st = parsePreservedState(input("upstream_excludes_guardians"), "x", { lenient: true });
    expect(samplePreservedForEpisode(st, 1234n, { explain: false }).explanations).toEqual([]);
  });
});

describe("explanations of the 34% cap and the target", () => {
  // Live root weight 100 → max non-voting VP 34. a is top-75% (VP 80) but was not rewarded;
  // b and c (VP 20 each) are below the 75% line, so only the IQR cap (18) applies to them.
  // b becomes fully preserved (non-voting 20); c would bring it to 40 ≥ 34. Target = trunc(0.05 × 85) = 4.
  const node = (nodeId: string, pocWeight: number) => ({ nodeId, pocWeight, throughput: 0, timeslotAllocation: [] });
  const vw = (memberAddress: string, votingPower: number, mlNodes: object[]) => ({ memberAddress, weight: 0, votingPower, mlNodes });
  const state = {
    anchorHeight: 42,
    epoch: { index: 2 },
    genesisGuardianAddresses: [],
    liveSubGroups: { byModel: { m: { liveMembers: ["a", "b", "c"], validationWeights: [vw("a", 80, [node("a1", 10), node("a2", 10), node("a3", 50)]), vw("b", 20, [node("b1", 4), node("b2", 5)]), vw("c", 20, [node("c1", 6)])] } } },
    params: { epochParams: { pocSlotAllocation: { value: 5, exponent: -2 } } },
    previousEpochGroupData: { m: { validationWeights: [vw("a", 0, [node("a1", 1)]), vw("b", 0, [node("b1", 1)]), vw("c", 0, [node("c1", 1)])] } },
    previousEpochPerformanceSummaries: { a: { rewardedCoins: 0 }, b: { rewardedCoins: 3 }, c: { rewardedCoins: 3 } },
    rootGroup: { liveMembers: ["a", "b", "c"], subGroupModels: ["m"], validationWeights: [{ memberAddress: "a", weight: 40 }, { memberAddress: "b", weight: 30 }, { memberAddress: "c", weight: 30 }] },
  };

  it("gives each node the rule that decided it", () => {
    const st = parsePreservedState(state as unknown as Json, "state");
    const r = samplePreservedForEpisode(st, 42n);
    expect(r.snapshot.modelPreservedNodes).toEqual([{ modelId: "m", participants: [{ participantId: "b", nodeIds: ["b1"] }] }]);
    const byNode = Object.fromEntries(r.explanations.map((e) => [e.nodeId, e.code]));
    expect(byNode).toEqual({ a1: "no_history", a2: "no_history", a3: "kept_for_voting", b1: "preserved", b2: "target_met", c1: "voting_cap" });
    expect(r.explanations.find((e) => e.nodeId === "a1")!.text).toContain("rewarded 0 coins");
    expect(r.intermediates.maxNonVotingVP).toBe(34n);
    expect(r.intermediates.samplePreservedCalls[0]!.targetWeight).toBe(4n);
  });

  it("a member listed twice: its earlier entry's nodes are replaced, its later entry's explained; a repeated node id loses", () => {
    const s = structuredClone(state);
    const m = s.liveSubGroups.byModel.m;
    // c's first entry (c0) is replaced by its later one; b lists b2 twice, the heavier copy is kept
    m.validationWeights = [vw("c", 20, [node("c0", 6)]), ...m.validationWeights.slice(0, 1), vw("b", 20, [node("b1", 4), node("b2", 5), node("b2", 3)]), m.validationWeights[2]!];
    const r = samplePreservedForEpisode(parsePreservedState(s as unknown as Json, "state"), 42n);
    expect(r.explanations.map((e) => [e.nodeId, e.code])).toEqual([
      ["c0", "duplicate_member_entry"],
      ["a1", "no_history"],
      ["a2", "no_history"],
      ["a3", "kept_for_voting"],
      ["b1", "preserved"],
      ["b2", "target_met"],
      ["b2", "duplicate_node_id"],
      ["c1", "voting_cap"],
    ]);
  });
});
