// Invariants of the exact preserved-set sampler over generated states.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareGoStrings } from "../../src/go/bytes.js";
import { stringifyJson, type Json } from "../../src/go/json.js";
import { prepareEpisode, sampleAtAnchor, samplePreservedForEpisode, sampleSnapshotAtAnchor } from "../../src/preserved/sample-preserved-for-episode.js";
import { parsePreservedState, type PreservedState } from "../../src/preserved/state.js";
import { GUARDIANS, stateJson } from "./arbitraries.js";

const parse = (j: Json): PreservedState => parsePreservedState(j, "state", { lenient: true });
const RUNS = { numRuns: 150 };

function shuffledCopy<T>(xs: readonly T[], seed: number): T[] {
  const out = [...xs];
  let s = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe("samplePreservedForEpisode invariants", () => {
  it("output is sorted by model, participant and node id (byte order) and has no duplicates", () => {
    fc.assert(
      fc.property(stateJson(), (j) => {
        const st = parse(j);
        const snap = samplePreservedForEpisode(st, st.anchorHeight!, { explain: false }).snapshot;
        const models = snap.modelPreservedNodes.map((m) => m.modelId);
        for (let i = 1; i < models.length; i++) expect(compareGoStrings(models[i - 1]!, models[i]!)).toBeLessThanOrEqual(0);
        for (const m of snap.modelPreservedNodes) {
          expect(m.participants.length).toBeGreaterThan(0);
          for (let i = 1; i < m.participants.length; i++) expect(compareGoStrings(m.participants[i - 1]!.participantId, m.participants[i]!.participantId)).toBe(-1);
          for (const p of m.participants) {
            expect(p.nodeIds.length).toBeGreaterThan(0);
            for (let i = 1; i < p.nodeIds.length; i++) expect(compareGoStrings(p.nodeIds[i - 1]!, p.nodeIds[i]!)).toBe(-1);
          }
        }
      }),
      RUNS,
    );
  });

  it("preserved ⊆ eligible ⊆ live current nodes; guardians are never preserved", () => {
    fc.assert(
      fc.property(stateJson(), (j) => {
        const st = parse(j);
        const r = samplePreservedForEpisode(st, st.anchorHeight!, { explain: false });
        const guardianAccs = new Set(GUARDIANS.filter((g) => st.genesisGuardianAddresses.includes(g.valoper)).map((g) => g.acc));
        for (const m of r.snapshot.modelPreservedNodes) {
          const sub = st.liveSubGroups.byModel.get(m.modelId)!;
          for (const p of m.participants) {
            expect(guardianAccs.has(p.participantId)).toBe(false);
            expect(sub.liveMembers === null || sub.liveMembers.has(p.participantId)).toBe(true);
            const eligibleIds = new Set((r.intermediates.eligibleNodesData.data.get(m.modelId)?.get(p.participantId) ?? []).map((n) => n.nodeId));
            const ownIds = new Set(sub.validationWeights.filter((v) => v.memberAddress === p.participantId).flatMap((v) => v.mlNodes.map((n) => n!.nodeId)));
            for (const id of p.nodeIds) {
              expect(eligibleIds.has(id)).toBe(true);
              expect(ownIds.has(id)).toBe(true);
            }
          }
        }
      }),
      RUNS,
    );
  });

  it("achieved weight reaches the target unless every eligible node is preserved", () => {
    fc.assert(
      fc.property(stateJson(), (j) => {
        const st = parse(j);
        const r = samplePreservedForEpisode(st, st.anchorHeight!, { explain: false });
        for (const call of r.intermediates.samplePreservedCalls) {
          if (call.achievedWeight >= call.targetWeight) continue;
          const eligible = r.intermediates.eligibleNodesData.data.get(call.modelId);
          let count = 0;
          for (const list of eligible?.values() ?? []) count += new Set((list ?? []).map((n) => n.nodeId)).size;
          expect(call.numPreserved).toBe(count);
        }
      }),
      RUNS,
    );
  });

  it("does not depend on the input order of members, nodes, models or root weights", () => {
    fc.assert(
      fc.property(stateJson(), fc.integer(), (j, seed) => {
        const st = parse(j);
        const a = stringifyJson(samplePreservedForEpisode(st, st.anchorHeight!, { explain: false }).snapshot);
        const o = structuredClone(j) as { [k: string]: any };
        o.rootGroup.subGroupModels = shuffledCopy(o.rootGroup.subGroupModels, seed);
        o.rootGroup.validationWeights = shuffledCopy(o.rootGroup.validationWeights, seed + 1);
        const byModel: Record<string, any> = {};
        for (const m of shuffledCopy(Object.keys(o.liveSubGroups.byModel), seed + 2)) {
          const sub = o.liveSubGroups.byModel[m];
          byModel[m] = {
            ...sub,
            validationWeights: shuffledCopy(sub.validationWeights, seed + 3).map((v: any, i: number) => ({ ...v, mlNodes: shuffledCopy(v.mlNodes, seed + 4 + i) })),
          };
        }
        o.liveSubGroups.byModel = byModel;
        const st2 = parse(o as Json);
        const b = stringifyJson(samplePreservedForEpisode(st2, st2.anchorHeight!, { explain: false }).snapshot);
        expect(b).toBe(a);
      }),
      RUNS,
    );
  });

  it("the anchor changes only which participants are sampled", () => {
    fc.assert(
      fc.property(stateJson(), fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }), (j, anchor2) => {
        const st = parse(j);
        const p = prepareEpisode(st);
        const x = sampleAtAnchor(p, st.anchorHeight!);
        const y = sampleAtAnchor(p, anchor2);
        x.perModelFilter.forEach((fx, i) => {
          const fy = y.perModelFilter[i]!;
          // same candidates and history, same draw size; only the drawn members differ
          expect(fy.sample.participantsWithHistory).toEqual(fx.sample.participantsWithHistory);
          expect(fy.sample.numEligible).toBe(fx.sample.numEligible);
          expect([...fx.sample.eligible].every((a) => fx.sample.participantsWithHistory.includes(a))).toBe(true);
          // with the same draw (same members in the same order) everything downstream is the same
          if (stringifyJson(fx.sample.eligible) === stringifyJson(fy.sample.eligible)) {
            expect(stringifyJson([...fy.eligible])).toBe(stringifyJson([...fx.eligible]));
          }
        });
        for (const m of x.snapshot.modelPreservedNodes) {
          const f = x.perModelFilter[p.modelPreps.findIndex((q) => q.modelId === m.modelId)]!;
          for (const part of m.participants) expect(f.sample.eligible).toContain(part.participantId);
        }
        expect(x.samplePreservedCalls.map((c) => c.targetWeight)).toEqual(y.samplePreservedCalls.map((c) => c.targetWeight));
      }),
      RUNS,
    );
  });

  it("the fast snapshot path equals the traced path", () => {
    fc.assert(
      fc.property(stateJson({ big: true }), fc.array(fc.bigInt({ min: -1000n, max: 1_000_000n }), { minLength: 1, maxLength: 4 }), (j, anchors) => {
        const st = parse(j);
        const p = prepareEpisode(st);
        for (const a of anchors) {
          const full = sampleAtAnchor(p, a);
          const fast = sampleSnapshotAtAnchor(p, a);
          expect(stringifyJson(fast.snapshot)).toBe(stringifyJson(full.snapshot));
          expect(fast.fills.map((f) => f.achievedWeight)).toEqual(full.samplePreservedCalls.map((c) => c.achievedWeight));
        }
      }),
      RUNS,
    );
  });

  it("explains every live node once, and 'preserved' exactly for the snapshot's nodes", () => {
    fc.assert(
      fc.property(stateJson(), (j) => {
        const st = parse(j);
        const r = samplePreservedForEpisode(st, st.anchorHeight!);
        const inSnap = new Set(r.snapshot.modelPreservedNodes.flatMap((m) => m.participants.flatMap((p) => p.nodeIds.map((id) => `${m.modelId}|${p.participantId}|${id}`))));
        const explainedPreserved = new Set(r.explanations.filter((e) => e.preserved).map((e) => `${e.modelId}|${e.participant}|${e.nodeId}`));
        expect([...explainedPreserved].sort()).toEqual([...inSnap].sort());
        const keys = r.explanations.map((e) => `${e.modelId}|${e.participant}|${e.nodeId}`);
        expect(new Set(keys).size).toBe(keys.length);
        let expected = 0;
        for (const m of new Set(st.rootGroup.subGroupModels)) for (const vw of st.liveSubGroups.byModel.get(m)?.validationWeights ?? []) expected += vw.mlNodes.length;
        expect(r.explanations.length).toBe(expected);
        for (const e of r.explanations) expect(e.text.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it("each participant's preserved nodes are its lightest eligible ones (ties by node id)", () => {
    fc.assert(
      fc.property(stateJson(), (j) => {
        const st = parse(j);
        const r = samplePreservedForEpisode(st, st.anchorHeight!, { explain: false });
        for (const m of r.snapshot.modelPreservedNodes) {
          for (const p of m.participants) {
            const eligible = [...(r.intermediates.eligibleNodesData.data.get(m.modelId)?.get(p.participantId) ?? [])];
            eligible.sort((a, b) => (a.pocWeight !== b.pocWeight ? (a.pocWeight < b.pocWeight ? -1 : 1) : compareGoStrings(a.nodeId, b.nodeId)));
            const lightest = eligible.slice(0, p.nodeIds.length).map((n) => n.nodeId).sort(compareGoStrings);
            expect(p.nodeIds).toEqual(lightest);
          }
        }
      }),
      RUNS,
    );
  });

  it("a larger slot allocation only adds preserved nodes", () => {
    fc.assert(
      fc.property(stateJson(), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), (j, f1, f2) => {
        const at = (v: number) => {
          const o = structuredClone(j) as { [k: string]: any };
          o.params.epochParams.pocSlotAllocation = { value: v, exponent: -1 };
          const st = parse(o as Json);
          const set = new Set<string>();
          for (const m of samplePreservedForEpisode(st, st.anchorHeight!, { explain: false }).snapshot.modelPreservedNodes) {
            for (const p of m.participants) for (const id of p.nodeIds) set.add(`${m.modelId}|${p.participantId}|${id}`);
          }
          return set;
        };
        const small = at(Math.min(f1, f2));
        const large = at(Math.max(f1, f2));
        for (const k of small) expect(large.has(k)).toBe(true);
      }),
      RUNS,
    );
  });
});
