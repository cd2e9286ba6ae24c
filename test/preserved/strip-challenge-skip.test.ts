// stripChallengeSkipFromPreserved (v0.2.16, #1811): what a confirmation PoC's caller does to the sampled set.
import { describe, expect, it } from "vitest";
import { stripChallengeSkipFromPreserved } from "../../src/preserved/strip-challenge-skip-from-preserved.js";
import { preservedRulesFor } from "../../src/preserved/preserved-rules.js";

const snapshot = {
  episodeAnchorHeight: 42n,
  modelPreservedNodes: [
    { modelId: "m1", participants: [{ participantId: "c", nodeIds: ["n1"] }, { participantId: "a", nodeIds: ["n2", "n3"] }, { participantId: "b", nodeIds: ["n4"] }] },
    { modelId: "m2", participants: [{ participantId: "a", nodeIds: ["n5"] }] },
  ],
};

describe("stripChallengeSkipFromPreserved", () => {
  it("no target: the snapshot itself", () => {
    expect(stripChallengeSkipFromPreserved(snapshot, new Set())).toBe(snapshot);
  });

  it("drops every target from every model, keeps the others in order and a model left empty, nobody in their place", () => {
    const before = structuredClone(snapshot);
    const out = stripChallengeSkipFromPreserved(snapshot, new Set(["a", "zzz"]));
    expect(out).toEqual({
      episodeAnchorHeight: 42n,
      modelPreservedNodes: [
        { modelId: "m1", participants: [{ participantId: "c", nodeIds: ["n1"] }, { participantId: "b", nodeIds: ["n4"] }] },
        { modelId: "m2", participants: [] },
      ],
    });
    expect(snapshot).toEqual(before); // the sampled set is not changed
  });

  it("is a v0.2.16 switch of the sampler's caller", () => {
    expect(preservedRulesFor("v0.2.15").confirmationChallengeSkip).toBe(false);
    expect(preservedRulesFor("v0.2.16").confirmationChallengeSkip).toBe(true);
  });
});
