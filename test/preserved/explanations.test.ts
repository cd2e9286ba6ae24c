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
