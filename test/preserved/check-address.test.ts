// The operator check: per-node reasons at one anchor and the exact probability over anchors.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseJson } from "../../src/go/json.js";
import { parseSnapshot } from "../../src/snapshot/snapshot.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { samplePreservedForEpisode } from "../../src/preserved/sample-preserved-for-episode.js";
import { checkAddressAtAnchor, resolveParticipantAddress } from "../../src/preserved/check-address.js";
import { percentString, preservationProbability } from "../../src/preserved/check-probability.js";
import { InputError } from "../../src/errors.js";

const FILE = join(import.meta.dirname, "..", "..", "examples", "mainnet-like.snapshot.json");
const snap = parseSnapshot(parseJson(readFileSync(FILE, "utf8"), FILE), FILE);
const state = parsePreservedState(snap.preserved, "preserved");
const anchor = state.anchorHeight!;
const base = samplePreservedForEpisode(state, anchor, { explain: false });

/** Addresses of the example with nodes in two models (large operators). */
const multiModel = (() => {
  const count = new Map<string, number>();
  for (const g of state.liveSubGroups.byModel.values()) for (const vw of g.validationWeights) if (vw.mlNodes.length > 0) count.set(vw.memberAddress, (count.get(vw.memberAddress) ?? 0) + 1);
  return [...count].filter(([, c]) => c >= 2).map(([a]) => a);
})();
const preservedSomewhere = base.snapshot.modelPreservedNodes.flatMap((m) => m.participants.map((p) => p.participantId));

describe("check at one anchor", () => {
  it("agrees with the sampler's snapshot node by node, with a reason for every node", () => {
    for (const address of [preservedSomewhere[0]!, ...multiModel.slice(0, 3)]) {
      const c = checkAddressAtAnchor(state, address, anchor);
      for (const m of c.models) {
        const entry = base.snapshot.modelPreservedNodes.find((x) => x.modelId === m.modelId)?.participants.find((p) => p.participantId === address);
        const preservedIds = m.nodes.filter((n) => n.preserved).map((n) => n.nodeId).sort();
        expect(preservedIds).toEqual([...(entry?.nodeIds ?? [])].sort());
        for (const n of m.nodes) {
          expect(n.reason.length).toBeGreaterThan(5);
          expect(n.preserved).toBe(n.code === "preserved");
        }
      }
      expect(c.preservedAtAnchor).toBe(c.models.some((m) => m.preserved));
    }
  });

  it("lists every node the address has in a live subgroup", () => {
    const address = multiModel[0]!;
    const c = checkAddressAtAnchor(state, address, anchor);
    for (const [modelId, g] of state.liveSubGroups.byModel) {
      const ids = g.validationWeights.filter((vw) => vw.memberAddress === address).flatMap((vw) => vw.mlNodes.map((n) => n!.nodeId));
      const listed = c.models.find((m) => m.modelId === modelId)?.nodes.map((n) => n.nodeId) ?? [];
      expect([...listed].sort()).toEqual([...ids].sort());
    }
  });

  it("accepts the operator (gonkavaloper) address of a participant", () => {
    const g = state.genesisGuardianAddresses[0]!;
    const acc = resolveParticipantAddress(state, g);
    expect(acc.startsWith("gonka1")).toBe(true);
    const c = checkAddressAtAnchor(state, g, anchor);
    expect(c.address).toBe(acc);
    expect(c.preservedAtAnchor).toBe(false); // guardians are never preserved
    for (const m of c.models) for (const n of m.nodes) expect(n.code === "guardian" || n.code === "not_live").toBe(true);
  });

  it("rejects an unknown address with an InputError naming it", () => {
    expect(() => resolveParticipantAddress(state, "gonka1nobody")).toThrow(InputError);
    expect(() => resolveParticipantAddress(state, "gonka1nobody")).toThrow(/unknown address "gonka1nobody"/);
    expect(() => resolveParticipantAddress(state, "not-an-address")).toThrow(/not a bech32 address/);
  });
});

describe("probability over anchors", () => {
  it("counts exactly what the full sampler gives at each anchor (per model and overall)", () => {
    const addresses = [multiModel[0]!, multiModel[1]!, preservedSomewhere[1]!];
    const n = 40;
    for (const address of addresses) {
      const p = preservationProbability(state, address, { first: anchor + 1000n, count: n });
      const perModel = new Map<string, number>();
      let any = 0;
      for (let i = 0; i < n; i++) {
        const r = samplePreservedForEpisode(state, anchor + 1000n + BigInt(i), { explain: false });
        let hit = false;
        for (const m of r.snapshot.modelPreservedNodes) {
          if (m.participants.some((x) => x.participantId === address)) {
            perModel.set(m.modelId, (perModel.get(m.modelId) ?? 0) + 1);
            hit = true;
          }
        }
        if (hit) any++;
      }
      expect(p.preservedCount).toBe(any);
      for (const m of p.models) expect(m.preservedCount).toBe(perModel.get(m.modelId) ?? 0);
      expect(p.anchorsEvaluated).toBe(n);
      expect(p.probability).toBe(percentString(any, n));
    }
  });

  it("is consistent: per-model counts ≤ overall ≤ sum of per-model ≤ anchors", () => {
    fc.assert(
      fc.property(fc.constantFrom(...multiModel, ...preservedSomewhere.slice(0, 5)), fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.integer({ min: 1, max: 30 }), (address, first, count) => {
        const p = preservationProbability(state, address, { first, count });
        const sum = p.models.reduce((s, m) => s + m.preservedCount, 0);
        for (const m of p.models) expect(m.preservedCount).toBeLessThanOrEqual(p.preservedCount);
        expect(p.preservedCount).toBeLessThanOrEqual(Math.min(sum, count));
      }),
      { numRuns: 15 },
    );
  });

  it("a guardian's probability is exactly 0 and percentages are exact truncations", () => {
    const p = preservationProbability(state, state.genesisGuardianAddresses[0]!, { first: anchor, count: 25 });
    expect(p.preservedCount).toBe(0);
    expect(p.probability).toBe("0.00%");
    expect(percentString(6520, 10000)).toBe("65.20%");
    expect(percentString(1, 3)).toBe("33.33%");
    expect(percentString(2, 3)).toBe("66.66%");
    expect(() => preservationProbability(state, multiModel[0]!, { first: anchor, count: 0 })).toThrow(InputError);
  });
});
