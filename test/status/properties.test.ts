// Invariants of the in-epoch status tests that a wrong port would break.
//
// 1. The LLR is additive over batches, exactly. shopspring's Mul and Add are exact (no rounding), the logs
//    are fixed for the block (v0.2.11+: precomputed; v0.2.10: recomputed from the same params, the same
//    digits), so two updates (a, b) then (c, d) store the same LLR — value and exponent — as one update
//    (a + c, b + d), provided (i) every count is ≥ 0 (UpdateCounts skips a batch whose two counts are both
//    ≤ 0, so a negative one is not additive: the last test shows one), and (ii) the stored coefficient
//    never wraps int64 in between (DecimalFromDecimal). What batching changes is *when* the test is
//    decided, not the LLR: the second property.
// 2. A larger H never fires earlier: over the same batches the LLR path is the same whatever H is until
//    the participant leaves ACTIVE, and LLR ≥ H₂ implies LLR ≥ H₁ for H₁ ≤ H₂.
// 3. An INVALID or INACTIVE participant stays so (reason already_set, LLRs untouched, no side effect)
//    under any params that hold a false_positive_rate and a quick_failure_threshold: Go's nil-params
//    branch (genesis only) answers ACTIVE before the check, and test/status/status.test.ts pins that.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChainDecimal } from "../../src/go/chain-decimal.js";
import {
  computeStatus,
  precomputedForParams,
  statusRulesFor,
  statusUpdate,
  updateParticipantStatus,
  EMPTY_EPOCH_STATS,
  type EpochStats,
  type SprtPrecomputedValues,
  type StatusParticipant,
  type StatusValidationParams,
} from "../../src/status/index.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";
import { propertyRuns, underMutation } from "../helpers/property-runs.js";

const D = (value: bigint, exponent: number): ChainDecimal => ({ value, exponent });
const VERSIONS: ChainVersion[] = ["v0.2.10", "v0.2.11", "v0.2.13", "v0.2.16"];
/** Rates strictly inside (0, 1), as NewSPRT (v0.2.10) and the precompute require. */
const rate = fc.integer({ min: 1, max: 9999 }).map((v) => D(BigInt(v), -4));
const count = fc.bigInt({ min: 0n, max: 100_000n });
/** A stored LLR of the chain's shape (12 places; |LLR| ≤ 1000). */
const llr = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }).map((v) => D(v, -12));

const params = (r: { fpr: ChainDecimal; bad: ChainDecimal; good: ChainDecimal; downBad: ChainDecimal }, h: ChainDecimal, downH: ChainDecimal): StatusValidationParams => ({
  falsePositiveRate: r.fpr,
  badParticipantInvalidationRate: r.bad,
  invalidationHThreshold: h,
  downtimeGoodPercentage: r.good,
  downtimeBadPercentage: r.downBad,
  downtimeHThreshold: downH,
  quickFailureThreshold: D(0n, 0), // rate^N < 0 never: the quick rule stays out of the way
  invalidReputationPreserve: D(5n, -1),
  downtimeReputationPreserve: D(5n, -1),
});
const rates = fc.record({ fpr: rate, bad: rate, good: rate, downBad: rate });

function step(v: ChainVersion, vp: StatusValidationParams, pre: SprtPrecomputedValues, before: EpochStats, after: EpochStats) {
  return computeStatus(statusRulesFor(v), {
    validationParams: vp,
    confirmationPocParams: null,
    participant: { status: "ACTIVE", consecutiveInvalidInferences: 0n, epochsCompleted: 0, currentEpochStats: after },
    oldStats: before,
    precomputed: pre,
  });
}

const add = (s: EpochStats, b: readonly bigint[]): EpochStats => ({
  ...s,
  invalidatedInferences: s.invalidatedInferences + b[0]!,
  validatedInferences: s.validatedInferences + b[1]!,
  missedRequests: s.missedRequests + b[2]!,
  inferenceCount: s.inferenceCount + b[3]!,
});

describe("the LLR is additive over batches (exactly, in Go's decimal arithmetic)", () => {
  const never = D(1n, 9); // H far beyond any LLR drawn: no test decides, every update stores
  it("two batches store the LLR of their sum, value and exponent, for both SPRTs, at every version", () => {
    fc.assert(
      fc.property(fc.constantFrom(...VERSIONS), rates, llr, llr, fc.array(count, { minLength: 4, maxLength: 4 }), fc.array(count, { minLength: 4, maxLength: 4 }), (v, r, l1, l2, b1, b2) => {
        const vp = params(r, never, never);
        const pre = precomputedForParams(vp);
        const start: EpochStats = { ...EMPTY_EPOCH_STATS, invalidLlr: l1, inactiveLlr: l2 };
        const first = step(v, vp, pre, start, add(start, b1));
        const second = step(v, vp, pre, first.stats, add(first.stats, b2));
        const merged = step(v, vp, pre, start, add(start, b1.map((x, i) => x + b2[i]!)));
        expect([first.status, second.status, merged.status]).toEqual(["ACTIVE", "ACTIVE", "ACTIVE"]);
        expect(second.stats.invalidLlr).toEqual(merged.stats.invalidLlr);
        expect(second.stats.inactiveLlr).toEqual(merged.stats.inactiveLlr);
        // and the statistic is the exact sum: the stored value is the Decimal Decision compared
        expect(second.tests.invalidation!.llr!.equal(merged.tests.invalidation!.llr!)).toBe(true);
      }),
      propertyRuns(150),
    );
  });

  it("not for a batch whose counts are both ≤ 0 with one negative: UpdateCounts skips it (Go's rule, not a rounding)", () => {
    const vp = params({ fpr: D(5n, -2), bad: D(1n, -1), good: D(98n, -2), downBad: D(99n, -2) }, never, never);
    const pre = precomputedForParams(vp);
    const start: EpochStats = { ...EMPTY_EPOCH_STATS, invalidatedInferences: 5n, invalidLlr: D(0n, 0), inactiveLlr: D(0n, 0) };
    const down = step("v0.2.16", vp, pre, start, { ...start, invalidatedInferences: 4n }); // −1 failure, 0 passes: skipped
    const up = step("v0.2.16", vp, pre, down.stats, { ...down.stats, invalidatedInferences: 6n });
    const merged = step("v0.2.16", vp, pre, start, { ...start, invalidatedInferences: 6n });
    expect(down.stats.invalidLlr).toEqual(D(0n, 0));
    expect(up.stats.invalidLlr).not.toEqual(merged.stats.invalidLlr); // 2 × ln 2 against 1 × ln 2
  });
});

/** The step (0-based) at which the participant first leaves ACTIVE over the batches, or Infinity. */
function firstExclusion(v: ChainVersion, vp: StatusValidationParams, batches: readonly (readonly bigint[])[]): number {
  let before: StatusParticipant = { status: "ACTIVE", consecutiveInvalidInferences: 0n, epochsCompleted: 0, currentEpochStats: EMPTY_EPOCH_STATS };
  let s: EpochStats = EMPTY_EPOCH_STATS;
  for (let i = 0; i < batches.length; i++) {
    s = add(s, batches[i]!);
    const r = statusUpdate(statusRulesFor(v), { validationParams: vp, confirmationPocParams: null, before, stats: s });
    if (r.status !== "ACTIVE") return i;
    before = r.participant;
    s = r.participant.currentEpochStats!;
  }
  return Infinity;
}

describe("a larger H never fires earlier", () => {
  const smallCount = fc.bigInt({ min: 0n, max: 30n });
  const batches = fc.array(fc.tuple(smallCount, smallCount, smallCount, smallCount), { minLength: 1, maxLength: 12 });
  const h = fc.integer({ min: 1, max: 4000 }).map((x) => D(BigInt(x), -2));

  it("for the invalidation threshold and for the downtime threshold, over the same batches, at every version", () => {
    const seen = { excluded: 0, later: 0 };
    fc.assert(
      fc.property(fc.constantFrom(...VERSIONS), rates, h, h, h, fc.boolean(), batches, (v, r, h1, h2, other, downtime, bs) => {
        const [lo, hi] = h1.value <= h2.value ? [h1, h2] : [h2, h1];
        const at = (x: ChainDecimal) => firstExclusion(v, downtime ? params(r, other, x) : params(r, x, other), bs);
        const [a, b] = [at(lo), at(hi)];
        expect(b).toBeGreaterThanOrEqual(a);
        if (a < Infinity) seen.excluded++;
        if (b > a) seen.later++;
      }),
      propertyRuns(120),
    );
    // the draws reach exclusions, and a larger H that fires later or never (not only equal steps)
    if (!underMutation) expect([seen.excluded > 20, seen.later > 5]).toEqual([true, true]);
  });

  it("reaches both outcomes: some draws exclude under the lower H only", () => {
    const vp = (h: bigint) => params({ fpr: D(5n, -2), bad: D(1n, -1), good: D(98n, -2), downBad: D(99n, -2) }, D(h, 0), D(1n, 2));
    const bs = [[3n, 17n, 0n, 20n]];
    expect(firstExclusion("v0.2.16", vp(1n), bs)).toBe(0);
    expect(firstExclusion("v0.2.16", vp(40n), bs)).toBe(Infinity);
  });
});

describe("an INVALID or INACTIVE participant stays so", () => {
  const anyRate = fc.tuple(fc.bigInt({ min: -5n, max: 20_000n }), fc.integer({ min: -6, max: 1 })).map(([v, e]) => D(v, e));
  const maybe = (a: fc.Arbitrary<ChainDecimal>) => fc.option(a, { nil: null });
  const vp = fc.record({
    falsePositiveRate: anyRate,
    badParticipantInvalidationRate: maybe(anyRate),
    invalidationHThreshold: maybe(anyRate),
    downtimeGoodPercentage: maybe(anyRate),
    downtimeBadPercentage: maybe(anyRate),
    downtimeHThreshold: maybe(anyRate),
    quickFailureThreshold: anyRate,
    invalidReputationPreserve: maybe(anyRate),
    downtimeReputationPreserve: maybe(anyRate),
  });
  const statsArb = fc.record({
    inferenceCount: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
    missedRequests: fc.bigInt({ min: 0n, max: 10n ** 6n }),
    validatedInferences: fc.bigInt({ min: 0n, max: 10n ** 6n }),
    invalidatedInferences: fc.bigInt({ min: 0n, max: 10n ** 6n }),
    confirmationPoCRatio: maybe(anyRate),
    invalidLlr: maybe(llr),
    inactiveLlr: maybe(llr),
  });

  it("under any params holding a false-positive rate and a cutoff, any counters, any stored record: already_set, no side effect", () => {
    fc.assert(
      fc.property(fc.constantFrom(...VERSIONS), fc.constantFrom("INVALID" as const, "INACTIVE" as const), vp, statsArb, statsArb, fc.bigInt({ min: -5n, max: 50n }), (v, status, p, before, after, consecutive) => {
        const rules = statusRulesFor(v);
        const participant: StatusParticipant = { status, consecutiveInvalidInferences: consecutive, epochsCompleted: 9, currentEpochStats: after };
        const c = computeStatus(rules, { validationParams: p, confirmationPocParams: null, participant, oldStats: before, precomputed: precomputedForParams(p) });
        expect([c.status, c.reason]).toEqual([status, "already_set"]);
        expect(c.stats.invalidLlr).toEqual(after.invalidLlr ?? D(0n, 0));
        expect(c.stats.inactiveLlr).toEqual(after.inactiveLlr ?? D(0n, 0));
        const u = updateParticipantStatus(rules, { validationParams: p, confirmationPocParams: null, precomputed: precomputedForParams(p), stored: { ...participant, currentEpochStats: before }, participant });
        expect([u.participant.status, u.participant.epochsCompleted, u.transition]).toEqual([status, 9, null]);
      }),
      propertyRuns(150),
    );
  });
});
