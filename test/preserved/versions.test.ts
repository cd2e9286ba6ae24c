// The v0.2.12 switches of the preserved sampler (model_assignment.go@d8b8e907) beside the shared functions.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { stringifyJson, type Json } from "../../src/go/json.js";
import { LATEST_PRESERVED_RULES, preservedRulesFor } from "../../src/preserved/preserved-rules.js";
import { prepareEpisode, sampleAtAnchor, samplePreservedForEpisode, sampleSnapshotAtAnchor } from "../../src/preserved/sample-preserved-for-episode.js";
import { parsePreservedState, type PreservedState } from "../../src/preserved/state.js";
import { preservationProbability } from "../../src/preserved/check-probability.js";
import { GUARDIANS, MODELS, stateJson } from "./arbitraries.js";

const V12 = preservedRulesFor("v0.2.12");
const N = (nodeId: string, pocWeight: number) => ({ nodeId, pocWeight, throughput: 0, timeslotAllocation: [] });
const G = GUARDIANS[0]!;

/** One model, four participants (one a genesis guardian, one not a live member), all rewarded last epoch. */
function base(): { [k: string]: any } {
  const vws = [
    { memberAddress: G.acc, weight: 0, votingPower: 40, mlNodes: [N("g1", 10), N("g2", 10), N("g3", 10)] },
    { memberAddress: "gonka1alice", weight: 0, votingPower: 30, mlNodes: [N("a1", 10), N("a2", 10), N("a3", 10)] },
    { memberAddress: "gonka1bob", weight: 0, votingPower: 20, mlNodes: [N("b1", 10), N("b2", 10), N("b3", 10)] },
    { memberAddress: "gonka1dead", weight: 0, votingPower: 10, mlNodes: [N("d1", 10), N("d2", 10), N("d3", 10)] },
  ];
  const live = [G.acc, "gonka1alice", "gonka1bob"];
  return {
    anchorHeight: 1234,
    epoch: { index: 2 },
    genesisGuardianAddresses: [G.valoper],
    liveSubGroups: { byModel: { m: { liveMembers: live, validationWeights: vws } } },
    params: { epochParams: { pocSlotAllocation: { value: 9, exponent: -1 } }, pocParams: { models: [{ modelId: "m", weightScaleFactor: { value: 5, exponent: -1 } }] } },
    previousEpochGroupData: { m: { validationWeights: vws } },
    previousEpochPerformanceSummaries: Object.fromEntries(vws.map((v) => [v.memberAddress, { rewardedCoins: 1 }])),
    rootGroup: { liveMembers: live, subGroupModels: ["m"], validationWeights: vws.map((v) => ({ memberAddress: v.memberAddress, weight: v.votingPower })) },
  };
}
const parse = (j: Json): PreservedState => parsePreservedState(j, "state", { lenient: true });
const participantsOf = (s: PreservedState, rules = LATEST_PRESERVED_RULES, anchor = 1234n) =>
  new Set(samplePreservedForEpisode(s, anchor, { explain: false, rules }).snapshot.modelPreservedNodes.flatMap((m) => m.participants.map((p) => p.participantId)));

describe("v0.2.12 sampler switches", () => {
  it("reads no live filter and no guardians: the dead member and the guardian are candidates", () => {
    const st = parse(base() as Json);
    const p12 = prepareEpisode(st, V12);
    const p14 = prepareEpisode(st);
    expect(p12.currentEpochData.getForModel("m")!.size).toBe(4);
    expect(p14.currentEpochData.getForModel("m")!.size).toBe(3);
    expect(p12.guardianSet.size).toBe(0);
    expect(p14.guardianSet.has(G.acc)).toBe(true);
    expect(p12.modelPreps[0]!.filteredParticipantAddrs).toContain("gonka1dead");
    expect(p12.modelPreps[0]!.filteredParticipantAddrs).toContain(G.acc);
    expect(p14.modelPreps[0]!.filteredParticipantAddrs).not.toContain(G.acc);
    // Across anchors the guardian is preserved under v0.2.12 only.
    let guardianPreserved12 = 0;
    for (let a = 0n; a < 40n; a++) {
      if (participantsOf(st, V12, a).has(G.acc)) guardianPreserved12++;
      expect(participantsOf(st, LATEST_PRESERVED_RULES, a).has(G.acc)).toBe(false);
    }
    expect(guardianPreserved12).toBeGreaterThan(0);
  });

  it("75 % line on raw model PoC weight (calculateWeightThreshold), not voting power", () => {
    const s = base();
    // VP says alice is top; raw weight says bob (weights 50 + 50).
    s.liveSubGroups.byModel.m.validationWeights[2].mlNodes = [N("b1", 50), N("b2", 50)];
    const st = parse(s as Json);
    const t12 = prepareEpisode(st, V12).modelPreps[0]!.thresholds;
    expect(t12.participantWeights.slice().sort((a, b) => Number(a - b))).toEqual([30n, 30n, 30n, 100n]);
    // 75 % of 190 = 142: 100 + 30 + 30 = 160 ≥ 142 at a 30 with another 30 after it → line 30.
    expect(t12.participantWeightThreshold).toBe(30n);
    const t14 = prepareEpisode(st).modelPreps[0]!.thresholds;
    expect([...t14.participantWeights].sort((a, b) => Number(a - b))).toEqual([20n, 30n, 40n]); // the live participants' VP
  });

  it("a participant without nodes is not ranked by the v0.2.12 line (GetAllParticipantWeights skips it)", () => {
    const s = base();
    s.liveSubGroups.byModel.m.validationWeights.push({ memberAddress: "gonka1empty", weight: 0, votingPower: 5, mlNodes: [] });
    const st = parse(s as Json);
    expect(prepareEpisode(st, V12).modelPreps[0]!.thresholds.participantWeights).toHaveLength(4);
  });

  it("the 34 % cap: 34 % of the raw current weight, the charge the coefficient-adjusted participant weight", () => {
    const st = parse(base() as Json);
    const p = prepareEpisode(st, V12);
    expect(p.capBaseWeight).toBe(120n);
    expect(p.maxNonVotingVP).toBe(40n); // IntPart(0.34 × 120)
    const c = p.modelPreps[0]!.candidates.get("gonka1alice")!;
    expect(c.capTotal).toBe(15n); // trunc(0.5 × 30)
    expect(c.capCharge).toBe(15n);
    expect(prepareEpisode(st).maxNonVotingVP).toBe(30n); // IntPart(0.34 × live root 90)
  });

  it("one counter over all models: a second model's participants see the first model's charges", () => {
    const s = base();
    // bob (only in m) is below the 75 % line (raw 10 < 29) and the IQR is 0: both his nodes are eligible, and
    // trunc(0.5 × 4) + trunc(0.5 × 6) reaches his adjusted total trunc(0.5 × 10): he is charged 5.
    s.liveSubGroups.byModel.m.validationWeights[2].mlNodes = [N("b1", 4), N("b2", 6)];
    const vws2 = s.liveSubGroups.byModel.m.validationWeights.filter((v: any) => v.memberAddress !== "gonka1bob").map((v: any) => ({ ...v, mlNodes: [N("x1", 10), N("x2", 10)] }));
    s.liveSubGroups.byModel.m2 = { liveMembers: s.liveSubGroups.byModel.m.liveMembers, validationWeights: vws2 };
    s.previousEpochGroupData.m2 = { validationWeights: vws2 };
    s.rootGroup.subGroupModels = ["m", "m2"];
    const st = parse(s as Json);
    const p = prepareEpisode(st, V12);
    // The participant total spans both models: trunc(0.5 × 30) + trunc(1 × 20).
    expect(p.modelPreps[1]!.candidates.get("gonka1alice")!.capTotal).toBe(35n);
    let carried = 0;
    for (let a = 0n; a < 30n; a++) {
      const at = sampleAtAnchor(p, a);
      const [d1, d2] = at.perModelFilter;
      // m2's first decision starts from m's final counter.
      const first2 = d2!.nodeDecisions[0]!;
      expect(first2.nonVotingVPBefore).toBe(d1!.nonVotingVPForModelFinal);
      if (first2.nonVotingVPBefore > 0n) {
        expect(first2.nonVotingVPBefore).toBe(5n);
        carried++;
      }
    }
    expect(carried).toBeGreaterThan(0);
  });

  it("per-node truncation: with a 0.5 factor, nodes 5 + 5 never reach trunc(0.5 × 10), so that participant is never charged", () => {
    const s = base();
    s.liveSubGroups.byModel.m.validationWeights[2].mlNodes = [N("b1", 5), N("b2", 5)];
    const p = prepareEpisode(parse(s as Json), V12);
    let seen = 0;
    for (let a = 0n; a < 30n; a++) {
      for (const d of sampleAtAnchor(p, a).perModelFilter[0]!.nodeDecisions) {
        if (d.participant === "gonka1bob") {
          seen++;
          expect(d.eligibleParticipantModelWeight < d.participantModelWeight).toBe(true);
          expect(d.nonVotingVPAfter).toBe(d.nonVotingVPBefore);
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("refuses what the v0.2.12 chain never had: no weight scale factors recorded, a failed live-subgroup read", () => {
    const s = base();
    delete s.params.pocParams;
    const e = (() => {
      try {
        prepareEpisode(parse(s as Json), V12);
      } catch (x) {
        return x;
      }
    })();
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message).toMatch(/weight scale factor/);
    expect(() => prepareEpisode(parse(s as Json))).not.toThrow();
    const s2 = base();
    s2.liveSubGroups.error = true;
    expect(() => prepareEpisode(parse(s2 as Json), V12)).toThrow(/liveSubGroups\.error/);
  });

  it("weight scale factors: an empty PocParams means every coefficient is 1; the v1 fallback map is read when the slice has none", () => {
    const s = base();
    s.params.pocParams = { models: [] };
    expect(prepareEpisode(parse(s as Json), V12).modelPreps[0]!.candidates.get("gonka1alice")!.capTotal).toBe(30n);
    delete s.params.pocParams;
    const st = parsePreservedState(s as Json, "state", { weightScaleFactorsFallback: { json: { m: { value: 25, exponent: -2 } }, path: "chain.weightScaleFactors" } });
    expect(st.pocModelConfigs?.source).toBe("chain.weightScaleFactors");
    expect(prepareEpisode(st, V12).modelPreps[0]!.candidates.get("gonka1alice")!.capTotal).toBe(7n); // trunc(0.25 × 30)
  });
});

describe("v0.2.12 invariants over generated states", () => {
  const withFactors = (j: Json): Json => {
    const o = j as { params: { pocParams?: Json } };
    o.params.pocParams = { models: MODELS.map((m, i) => ({ modelId: m, weightScaleFactor: { value: [3593n, 12620856201975851n, 0n][i]!, exponent: [-4, -16, 0][i]! } })) };
    return j;
  };

  it("the fast path and the traced path give the same snapshot (the counter carried across models in both)", () => {
    fc.assert(
      fc.property(stateJson({ big: true }), fc.array(fc.bigInt({ min: -1000n, max: 1_000_000n }), { minLength: 1, maxLength: 3 }), (j, anchors) => {
        const p = prepareEpisode(parse(withFactors(j)), V12);
        for (const a of anchors) expect(stringifyJson(sampleSnapshotAtAnchor(p, a).snapshot)).toBe(stringifyJson(sampleAtAnchor(p, a).snapshot));
      }),
      { numRuns: 150 },
    );
  });

  it("preserved nodes are current nodes, and the counter never reaches the cap through an allowed charge", () => {
    fc.assert(
      fc.property(stateJson(), (j) => {
        const st = parse(withFactors(j));
        const p = prepareEpisode(st, V12);
        const at = sampleAtAnchor(p, st.anchorHeight!);
        for (const m of at.snapshot.modelPreservedNodes) {
          for (const q of m.participants) {
            const ids = new Set((p.currentEpochData.getForParticipant(m.modelId, q.participantId) ?? []).map((n) => n.nodeId));
            for (const id of q.nodeIds) expect(ids.has(id)).toBe(true);
          }
        }
        for (const f of at.perModelFilter) {
          for (const d of f.nodeDecisions) if (d.canAllocate && d.nonVotingVPAfter !== d.nonVotingVPBefore) expect(d.nonVotingVPAfter < p.maxNonVotingVP).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("the probability over anchors runs every model under v0.2.12 (the counter spans them)", () => {
    const s = base();
    const st = parse(s as Json);
    const r = preservationProbability(st, "gonka1alice", { first: 0n, count: 20 }, V12);
    let direct = 0;
    for (let a = 0n; a < 20n; a++) if (participantsOf(st, V12, a).has("gonka1alice")) direct++;
    expect(r.preservedCount).toBe(direct);
  });
});
