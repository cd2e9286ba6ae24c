// One model's side at its edges (issue 30 item 13, mutation testing): the smallest node by weight
// first (a lighter node of a later participant wins), then participant, then node id; the node weights
// sorted; a demand of zero beside a positive capacity; the index keeping a node's largest weight.
import { describe, expect, it } from "vitest";
import type { PreservedModelRun } from "../../src/compare/engines.js";
import { emptySide, modelSide, nodeWeight, type NodeWeights } from "../../src/compare/preserved-side.js";

const index: NodeWeights = new Map([
  ["m", new Map([
    ["gonka1a", new Map([["n1", 9n], ["n5", 7n]])],
    ["gonka1b", new Map([["n9", 3n], ["n2", 3n]])],
    ["gonka1c", new Map([["n0", 3n], ["n8", 1n]])],
  ])],
]);
const run = (nodes: [string, string][], achieved = 23n, target = 30n): PreservedModelRun => ({ modelId: "m", totalWeight: 100n, targetWeight: target, achievedWeight: achieved, nodes: nodes.map(([participant, nodeId]) => ({ participant, nodeId })) });

describe("one model's side at its edges", () => {
  it("the smallest node: weight first, then participant, then node id", () => {
    const s = modelSide(run([["gonka1a", "n1"], ["gonka1b", "n9"], ["gonka1c", "n0"], ["gonka1b", "n2"], ["gonka1a", "n5"]]), index, 10n, null);
    expect(s.smallestNode).toEqual({ participant: "gonka1b", nodeId: "n2", pocWeight: 3n });
    expect(s.nodeWeights).toEqual([3n, 3n, 3n, 7n, 9n]);
    expect([s.nodeCount, s.participantCount, s.shortfallWeight]).toEqual([5, 3, 7n]);
    const t = modelSide(run([["gonka1a", "n1"], ["gonka1c", "n0"], ["gonka1b", "n9"], ["gonka1a", "n5"], ["gonka1c", "n8"]]), index, 10n, null);
    expect(t.smallestNode).toEqual({ participant: "gonka1c", nodeId: "n8", pocWeight: 1n });
    expect(t.nodeWeights).toEqual([1n, 3n, 3n, 7n, 9n]);
    const u = modelSide(run([["gonka1c", "n0"], ["gonka1b", "n2"], ["gonka1b", "n9"]]), index, 10n, null);
    expect(u.smallestNode).toEqual({ participant: "gonka1b", nodeId: "n2", pocWeight: 3n });
    expect(modelSide(run([["gonka1b", "n9"], ["gonka1b", "n2"]]), index, 10n, null).smallestNode).toEqual({ participant: "gonka1b", nodeId: "n2", pocWeight: 3n });
    // equal weights, the later node of a later participant: the earlier participant stays the smallest
    expect(modelSide(run([["gonka1b", "n9"], ["gonka1c", "n0"]]), index, 10n, null).smallestNode).toEqual({ participant: "gonka1b", nodeId: "n9", pocWeight: 3n });
    expect(emptySide(5n).nodeWeights).toEqual([]);
    const v = modelSide(run([["gonka1a", "n5"], ["gonka1a", "n1"], ["gonka1c", "n8"], ["gonka1b", "n2"], ["gonka1c", "n0"], ["gonka1b", "n9"]]), index, 10n, null);
    expect(v.nodeWeights).toEqual([1n, 3n, 3n, 3n, 7n, 9n]);
  });

  it("a demand of zero beside a positive capacity, a met target, a node the index lacks", () => {
    const s = modelSide(run([["gonka1a", "n1"]], 30n, 30n), index, 10000n, 0n);
    expect([s.capacityRequests > 0n, s.capacityOverDemand, s.demandRequests, s.shortfallWeight]).toEqual([true, null, 0n, 0n]);
    expect([nodeWeight(index, "m", "gonka1a", "n1"), nodeWeight(index, "m", "gonka1a", "zz"), nodeWeight(index, "m", "gonka1z", "n1"), nodeWeight(index, "x", "gonka1a", "n1")]).toEqual([9n, 0n, 0n, 0n]);
  });
});

describe("the node weight index", () => {
  it("keeps the heaviest of a node listed twice, skips a null node, and reads every model", async () => {
    const { nodeWeightIndex } = await import("../../src/compare/preserved-side.js");
    const vw = (memberAddress: string, mlNodes: ({ nodeId: string; pocWeight: bigint } | null)[]) => ({ memberAddress, weight: 0n, mlNodes });
    const state = {
      liveSubGroups: {
        error: false,
        byModel: new Map([
          ["m", { liveMembers: [], validationWeights: [vw("gonka1a", [{ nodeId: "n1", pocWeight: 5n }, null, { nodeId: "n1", pocWeight: 9n }, { nodeId: "n1", pocWeight: 7n }, { nodeId: "n2", pocWeight: 0n }]), vw("gonka1b", [{ nodeId: "n1", pocWeight: 3n }])] }],
          ["k", { liveMembers: [], validationWeights: [vw("gonka1a", [{ nodeId: "x", pocWeight: 4n }, { nodeId: "x", pocWeight: 4n }])] }],
        ]),
      },
    } as never;
    const index = nodeWeightIndex(state);
    expect([nodeWeight(index, "m", "gonka1a", "n1"), nodeWeight(index, "m", "gonka1a", "n2"), nodeWeight(index, "m", "gonka1b", "n1"), nodeWeight(index, "k", "gonka1a", "x")]).toEqual([9n, 0n, 3n, 4n]);
    expect([...index.get("m")!.get("gonka1a")!.keys()]).toEqual(["n1", "n2"]);
  });
});
