/** Properties of the comparison over random proposals: identity gives no difference; swapping mirrors. */
import fc from "fast-check";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareProposals } from "../../src/compare/build.js";
import { defaultEngines } from "../../src/compare/default-engines.js";
import type { ProposalParams } from "../../src/compare/params.js";
import { Decimal } from "../../src/go/decimal.js";
import { loadSnapshot } from "../../src/snapshot/snapshot.js";

const snapshot = loadSnapshot(join(import.meta.dirname, "..", "..", "examples", "mainnet-like.snapshot.json"));
const engines = defaultEngines();
const options = { anchors: 0, simulate: false, curves: { step: 250n, max: 2000n } };

const proposal: fc.Arbitrary<ProposalParams> = fc.record(
  {
    name: fc.constantFrom("p", "q"),
    pocSlotAllocation: fc.constantFrom("0.01", "0.1", "0.25", "0.5", "1").map((s) => Decimal.fromString(s)),
    pocMaxConcurrentPer10000Weight: fc.bigInt({ min: 1n, max: 40n }),
    binomTestP0: fc.constantFrom("0.05", "0.1", "0.25", "0.4", "0.6").map((s) => Decimal.fromString(s)),
    voteThresholdFactor: fc.bigInt({ min: 1n, max: 100n }),
    preservedRule: fc.constantFrom("current" as const, "demand" as const),
  },
  { requiredKeys: ["name"] },
);

const neg = (x: bigint | number | null) => (x === null ? null : typeof x === "bigint" ? (x === 0n ? 0n : -x) : x === 0 ? 0 : -x);

describe("compare properties", () => {
  it("a proposal compared with itself reports no difference", () => {
    fc.assert(
      fc.property(proposal, (p) => {
        const m = compareProposals({ snapshot, a: p, b: { ...p, name: "copy" } }, engines, options);
        expect(m.differences).toEqual([]);
        expect(m.changes).toEqual([]);
        for (const x of m.models) expect(Object.values(x.delta).every((v) => v === null || v === 0n || v === 0)).toBe(true);
      }),
      { numRuns: 8 },
    );
  });

  it("swapping A and B negates every delta, swaps gains and losses and the difference list", () => {
    fc.assert(
      fc.property(proposal, proposal, (a, b) => {
        const ab = compareProposals({ snapshot, a, b }, engines, options);
        const ba = compareProposals({ snapshot, a: b, b: a }, engines, options);
        ab.models.forEach((x, i) => {
          const y = ba.models[i]!;
          expect(y.a).toEqual(x.b);
          for (const k of Object.keys(x.delta) as (keyof typeof x.delta)[]) expect(y.delta[k]).toEqual(neg(x.delta[k]));
        });
        const flip = { gains: "loses", loses: "gains", changes: "changes" } as const;
        expect(ba.changes.map((c) => [c.modelId, c.address, c.change])).toEqual(ab.changes.map((c) => [c.modelId, c.address, flip[c.change]]));
        expect(ba.differences).toEqual(ab.differences.map((d) => ({ ...d, a: d.b, b: d.a })));
        expect(ba.missTest!.participants.map((p) => [p.passedA, p.passedB])).toEqual(ab.missTest!.participants.map((p) => [p.passedB, p.passedA]));
      }),
      { numRuns: 8 },
    );
  });
});
