// Invariants of the dynamic-coefficient controller (#1566) that a wrong port would break: the stored base
// and the effective coefficient stay in [coeff_min, coeff_max] (effective never above the base), the base
// does not move inside the target zone, pinned bounds (MiniMax's 0.3024) never move, and the direction
// follows the previous share.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculate } from "../../src/coefficients/calculate.js";
import { legacyScale, type ConfirmationWeightScale } from "../../src/coefficients/confirmation-weight-scale.js";
import type { ChainDecimal } from "../../src/go/chain-decimal.js";
import { chainDecimalToLegacyDec } from "../../src/go/chain-decimal.js";
import { LegacyDec } from "../../src/go/legacy-dec.js";
import { propertyRuns } from "../helpers/property-runs.js";

const L = (d: ChainDecimal | null) => chainDecimalToLegacyDec(d!, 18);
const PARAMS = { targetZoneBps: 500n, stepMin: { value: 5n, exponent: -3 }, stepMax: { value: 5n, exponent: -2 }, bootstrapStepMax: { value: 25n, exponent: -2 }, bootstrapShareBps: 100n };
/** A coefficient in (0, 9): up to 6 significant digits, so encodeDecimal never cuts digits. */
const coeff = fc.integer({ min: 1, max: 899_999 }).map((v): ChainDecimal => ({ value: BigInt(v), exponent: -5 }));
const models = ["a", "b", "c"];

const epoch = fc.record({
  ranges: fc.tuple(...models.map(() => fc.tuple(coeff, coeff, fc.integer({ min: 1, max: 40 })))),
  targets: fc.constantFrom([3334n, 3333n, 3333n], [5000n, 5000n, 0n], [10000n, 0n, 0n], [2000n, 3000n, 5000n]),
  previous: fc.tuple(...models.map(() => fc.option(fc.tuple(coeff, fc.integer({ min: 1, max: 300 }), fc.constantFrom(-1, 0, 1)), { nil: null }))),
  previousRaw: fc.tuple(...models.map(() => fc.bigInt({ min: 0n, max: 10n ** 7n }))),
  currentRaw: fc.tuple(...models.map(() => fc.bigInt({ min: 0n, max: 10n ** 7n }))),
});

type Epoch = typeof epoch extends fc.Arbitrary<infer T> ? T : never;

function run(e: Epoch) {
  const frozen: ConfirmationWeightScale[] = models.map((m, i) => {
    const [x, y, d] = e.ranges[i]!;
    const [min, max] = x.value <= y.value ? [x, y] : [y, x];
    return { ...legacyScale(m, null), config: { coeffMin: min, coeffMax: max, relativeDifficulty: { value: BigInt(d), exponent: -1 }, targetShareBps: e.targets[i] } };
  });
  const previousScales = models.map((m, i) => {
    const p = e.previous[i];
    return p === null || p === undefined ? legacyScale(m, null) : { ...legacyScale(m, null), baseCoefficient: p[0], adaptiveStep: { value: BigInt(p[1]), exponent: -4 }, prevSign: p[2] };
  });
  const r = calculate({
    params: PARAMS,
    frozenScales: frozen,
    previousScales,
    previousRawTotals: new Map(models.map((m, i) => [m, e.previousRaw[i]!])),
    currentRawTotals: new Map(models.map((m, i) => [m, e.currentRaw[i]!])),
    participantModelIds: models,
    hasPriorTotals: true,
  });
  return { frozen, previousScales, r };
}

describe("the controller's invariants", () => {
  it("base and effective stay in [coeff_min, coeff_max], effective at most the base; the step stays in (0, bootstrap_step_max]", () => {
    fc.assert(
      fc.property(epoch, (e) => {
        const { frozen, r } = run(e);
        r.scales.forEach((s, i) => {
          const min = L(frozen[i]!.config!.coeffMin);
          const max = L(frozen[i]!.config!.coeffMax);
          const base = L(s.baseCoefficient);
          const eff = L(s.effectiveCoefficient);
          expect(base.cmp(min) >= 0 && base.cmp(max) <= 0).toBe(true);
          expect(eff.cmp(min) >= 0 && eff.cmp(base) <= 0).toBe(true);
          expect(r.effective.get(s.modelId)!.cmp(eff)).toBe(0);
          const step = L(s.adaptiveStep);
          expect(step.isPositive() && step.cmp(LegacyDec.fromString("0.25")) <= 0).toBe(true);
        });
      }),
      propertyRuns(400),
    );
  });

  it("inside the target zone the base does not move (beyond its clamp) and the step resets to step_max / 2", () => {
    fc.assert(
      fc.property(epoch, (e) => {
        const { r } = run(e);
        for (const m of r.models) {
          if (m.move !== "zone") continue;
          const s = r.scales.find((x) => x.modelId === m.modelId)!;
          expect(s.prevSign).toBe(0);
          expect(L(s.adaptiveStep).toString()).toBe("0.025000000000000000");
          const i = models.indexOf(m.modelId);
          const [x, y] = e.ranges[i]!;
          const [min, max] = x.value <= y.value ? [x, y] : [y, x];
          const start = e.previous[i]![0];
          const clamped = L(start).cmp(L(min)) < 0 ? min : L(start).cmp(L(max)) > 0 ? max : start;
          expect(L(s.baseCoefficient).cmp(L(clamped))).toBe(0);
        }
      }),
      propertyRuns(400),
    );
  });

  it("a model whose bounds are equal (MiniMax at 0.3024) keeps exactly that coefficient in every epoch", () => {
    fc.assert(
      fc.property(epoch, (e) => {
        const pinned = { value: 3024n, exponent: -4 };
        const { r } = run({ ...e, ranges: [[pinned, pinned, 10], e.ranges[1], e.ranges[2]] as Epoch["ranges"] });
        expect(r.scales[0]!.effectiveCoefficient).toEqual(pinned);
        expect(r.scales[0]!.baseCoefficient).toEqual(pinned);
      }),
      propertyRuns(200),
    );
  });

  it("a move follows the previous share: up below the zone, down above it", () => {
    fc.assert(
      fc.property(epoch, (e) => {
        const { r } = run(e);
        for (const m of r.models) {
          if (m.move !== "up" && m.move !== "down") continue;
          expect(r.scales.find((x) => x.modelId === m.modelId)!.prevSign).toBe(m.move === "up" ? 1 : -1);
        }
        // the moves seen must include both directions somewhere across runs: checked below
      }),
      propertyRuns(200),
    );
    const seen = new Set<string>();
    fc.assert(fc.property(epoch, (e) => void run(e).r.models.forEach((m) => seen.add(m.move))), propertyRuns(200));
    expect([...seen].sort()).toEqual(["down", "held", "no-target", "up", "zone"]);
  });
});
