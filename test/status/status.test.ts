// The status family beside its Go vectors (test/vectors/go-status/): the per-version switches, the
// per-update API and its explanation, the keeper step's version differences on one input each, and the
// direct calls no vector makes (a Go function called outside ComputeStatus).
import { describe, expect, it } from "vitest";
import type { ChainDecimal } from "../../src/go/chain-decimal.js";
import { Decimal } from "../../src/go/decimal.js";
import { GoError, GoPanic } from "../../src/go/errors.js";
import { InputError } from "../../src/errors.js";
import {
  aggregateDevshardHostStatsIntoCurrentEpochStats,
  computeStatus,
  confirmationPocStatus,
  decision,
  statsHaveChanged,
  getInactiveStatus,
  getInvalidationStatus,
  multiply,
  precomputedForParams,
  precomputeSprtValues,
  statusRulesFor,
  statusUpdate,
  updateParticipantStatus,
  ZERO_SPRT_VALUES,
  EMPTY_EPOCH_STATS,
  type EpochStats,
  type StatusParticipant,
  type StatusValidationParams,
} from "../../src/status/index.js";

const D = (value: bigint, exponent: number): ChainDecimal => ({ value, exponent });
/** Mainnet's validation params (test/realdata params answers, 2026), preserves set for the keeper step. */
const MAINNET: StatusValidationParams = {
  falsePositiveRate: D(5n, -2),
  badParticipantInvalidationRate: D(1n, -1),
  invalidationHThreshold: D(4n, 0),
  downtimeGoodPercentage: D(98n, -2),
  downtimeBadPercentage: D(99n, -2),
  downtimeHThreshold: D(1n, 2),
  quickFailureThreshold: D(1n, -6),
  invalidReputationPreserve: D(5n, -1),
  downtimeReputationPreserve: D(25n, -2),
};
const ALPHA = { alphaThreshold: D(5n, -1) };
const stats = (over: Partial<EpochStats> = {}): EpochStats => ({ ...EMPTY_EPOCH_STATS, invalidLlr: D(0n, 0), inactiveLlr: D(0n, 0), ...over });
const participant = (over: Partial<StatusParticipant> = {}): StatusParticipant => ({ status: "ACTIVE", consecutiveInvalidInferences: 0n, epochsCompleted: 12, currentEpochStats: stats({ inferenceCount: 100n, validatedInferences: 100n }), ...over });

describe("statusRulesFor: one switch per version difference", () => {
  it("v0.2.10 computes the logs per call and every SetParticipant; v0.2.11 precomputes and skips unchanged stats; v0.2.12 adds devshard stats; v0.2.13 resets the consecutive count", () => {
    const row = (v: Parameters<typeof statusRulesFor>[0]) => {
      const r = statusRulesFor(v);
      return [r.sprtLogs, r.skipUnchangedStats, r.devshardHostStats, r.resetConsecutiveOnFailure];
    };
    expect(row("v0.2.10")).toEqual(["per-call", false, false, false]);
    expect(row("v0.2.11")).toEqual(["precomputed", true, false, false]);
    expect(row("v0.2.12")).toEqual(["precomputed", true, true, false]);
    for (const v of ["v0.2.13", "v0.2.14", "v0.2.15", "v0.2.16"] as const) expect(row(v)).toEqual(["precomputed", true, true, true]);
    expect(statusRulesFor("v0.2.14").version).toBe("v0.2.14");
  });

  it("refuses v0.2.9 and v0.2.17 by name, never running other rules", () => {
    expect(() => statusRulesFor("v0.2.9")).toThrow(InputError);
    expect(() => statusRulesFor("v0.2.9")).toThrow(/status tests start at v0\.2\.10/);
    expect(() => statusRulesFor("v0.2.17")).toThrow(/no exact rules for the in-epoch status tests/);
  });
});

describe("statusUpdate: the per-update API and its explanation", () => {
  const firstBatch = (h: ChainDecimal, bad: ChainDecimal) =>
    statusUpdate(statusRulesFor("v0.2.16"), {
      validationParams: { ...MAINNET, invalidationHThreshold: h, badParticipantInvalidationRate: bad },
      confirmationPocParams: ALPHA,
      before: participant({ currentEpochStats: stats() }),
      stats: stats({ inferenceCount: 20n, invalidatedInferences: 7n, validatedInferences: 13n }),
      consecutiveInvalidInferences: 2n,
    });

  it("a first batch of 7 invalid in 20 under H = 4 and bad rate 0.1: the invalidation SPRT fires (INVALID, statistical_invalidations), statistic against threshold", () => {
    const r = firstBatch(D(4n, 0), D(1n, -1));
    expect([r.status, r.reason, r.computed]).toEqual(["INVALID", "statistical_invalidations", true]);
    expect(r.tests.map((t) => [t.test, t.decision])).toEqual([["consecutive_failures", "Pass"], ["invalidation_sprt", "Fail"]]);
    const [consecutive, sprt] = r.tests;
    expect(consecutive!.statistic!.toString()).toBe("0.0025"); // 0.05² against 1e-6
    expect(consecutive!.threshold!.toString()).toBe("0.000001");
    expect(sprt!.threshold!.toString()).toBe("4");
    expect(sprt!.statistic!.greaterThanOrEqual(sprt!.threshold!)).toBe(true);
    // the stored LLR is the statistic: 7 × ln(0.1/0.05) + 13 × ln(0.9/0.95), each log at 12 places
    const logs = precomputeSprtValues(MAINNET);
    const expected = Decimal.fromChain(logs.invalidationLogFail!).mul(Decimal.fromInt(7n)).add(Decimal.fromChain(logs.invalidationLogPass!).mul(Decimal.fromInt(13n)));
    expect(sprt!.statistic!.equal(expected)).toBe(true);
    expect(r.invalidLlr).toEqual(expected.toChain());
    expect(Decimal.fromChain(logs.invalidationLogFail!).toString()).toBe("0.69314718056");
    expect(r.transition).toMatchObject({ to: "INVALID", slash: "invalid_status", exclusionReason: "statistical_invalidations", epochsCompletedBefore: 12, epochsCompletedAfter: 6 });
    expect(r.participant.status).toBe("INVALID");
  });

  it("the same batch with H = 40 and bad rate 0.18 (the proposal): nothing fires, every test is listed, the new LLRs stored", () => {
    const r = firstBatch(D(40n, 0), D(18n, -2));
    expect([r.status, r.reason, r.transition]).toEqual(["ACTIVE", "", null]);
    expect(r.tests.map((t) => [t.test, t.decision])).toEqual([
      ["consecutive_failures", "Pass"],
      ["invalidation_sprt", "Undetermined"],
      ["downtime_sprt", "Undetermined"],
      ["confirmation_poc", "Pass"],
    ]);
    expect(r.tests[1]!.statistic!.lessThan(Decimal.fromInt(40n))).toBe(true);
    expect(r.tests[1]!.statistic!.greaterThan(Decimal.fromInt(4n))).toBe(true);
    expect(r.invalidLlr).toEqual(r.tests[1]!.statistic!.toChain());
    expect(r.inactiveLlr).toEqual(r.tests[2]!.statistic!.toChain());
    expect(r.tests[3]).toMatchObject({ statistic: null, error: null });
    expect(r.tests[3]!.threshold!.toString()).toBe("0.5");
  });

  it("names why a test could not run (algorithm_error), and defaults precomputed logs from the params", () => {
    const r = statusUpdate(statusRulesFor("v0.2.16"), {
      validationParams: { ...MAINNET, downtimeHThreshold: null },
      confirmationPocParams: null,
      before: null,
      stats: stats({ missedRequests: 5n }),
    });
    expect([r.status, r.reason]).toEqual(["ACTIVE", "algorithm_error"]);
    expect(r.tests.at(-1)).toMatchObject({ test: "downtime_sprt", decision: "Error", error: "downtime_h_threshold is nil", statistic: null, threshold: null });
  });

  it("says when the chain skipped the tests (v0.2.11+: counters unchanged), and keeps the stored LLRs", () => {
    const before = participant({ currentEpochStats: stats({ inferenceCount: 10n, invalidLlr: D(5n, 0) }) });
    const r = statusUpdate(statusRulesFor("v0.2.13"), { validationParams: MAINNET, confirmationPocParams: ALPHA, before, stats: before.currentEpochStats! });
    expect([r.status, r.reason, r.computed, r.tests, r.invalidLlr]).toEqual(["ACTIVE", "", false, [], D(5n, 0)]);
    // v0.2.10 runs ComputeStatus on every SetParticipant: the stored LLR above H fires at once
    const old = statusUpdate(statusRulesFor("v0.2.10"), { validationParams: MAINNET, confirmationPocParams: ALPHA, before, stats: before.currentEpochStats! });
    expect([old.status, old.reason, old.computed]).toEqual(["INVALID", "statistical_invalidations", true]);
  });
});

describe("statusUpdate: records not stored yet, already excluded, and without confirmation params", () => {
  const v16 = statusRulesFor("v0.2.16");
  it("a record not stored yet starts ACTIVE with no consecutive failures and no reputation; its stored LLRs alone can fire", () => {
    const r = statusUpdate(v16, { validationParams: MAINNET, confirmationPocParams: ALPHA, before: null, stats: stats({ invalidLlr: D(4n, 0) }) });
    expect([r.status, r.reason, r.participant.consecutiveInvalidInferences, r.transition?.epochsCompletedBefore, r.transition?.epochsCompletedAfter]).toEqual(["INVALID", "statistical_invalidations", 0n, 0, 0]);
    expect(r.tests.map((t) => t.test)).toEqual(["consecutive_failures", "invalidation_sprt"]);
  });

  it("a record not stored yet whose tests all pass is stored ACTIVE (the default record's status), with no transition", () => {
    const r = statusUpdate(v16, { validationParams: MAINNET, confirmationPocParams: ALPHA, before: null, stats: stats({ inferenceCount: 10n, validatedInferences: 10n }) });
    expect([r.status, r.reason, r.participant.status, r.transition]).toEqual(["ACTIVE", "", "ACTIVE", null]);
  });

  it("N consecutive invalid inferences with rate^N below the cutoff: the first line fires and nothing else runs", () => {
    const r = statusUpdate(v16, { validationParams: MAINNET, confirmationPocParams: ALPHA, before: participant(), stats: stats({ inferenceCount: 105n, validatedInferences: 100n, invalidatedInferences: 5n }), consecutiveInvalidInferences: 5n });
    expect([r.status, r.reason, r.tests.length, r.participant.consecutiveInvalidInferences]).toEqual(["INVALID", "consecutive_failures", 1, 0n]);
    expect(r.tests[0]).toMatchObject({ test: "consecutive_failures", decision: "Fail", error: null });
    expect(r.tests[0]!.statistic!.toString()).toBe("0.0000003125"); // 0.05^5 < 0.000001
  });

  it("an INVALID record: already_set, no test line, nothing moves", () => {
    const before = participant({ status: "INVALID", currentEpochStats: stats() });
    const r = statusUpdate(v16, { validationParams: MAINNET, confirmationPocParams: ALPHA, before, stats: stats({ invalidatedInferences: 3n }) });
    expect([r.status, r.reason, r.computed, r.tests, r.transition]).toEqual(["INVALID", "already_set", true, [], null]);
  });

  it("no confirmation params: the confirmation line has no threshold and passes", () => {
    const r = statusUpdate(v16, { validationParams: MAINNET, confirmationPocParams: null, before: participant(), stats: stats({ inferenceCount: 101n, validatedInferences: 101n, confirmationPoCRatio: D(1n, -1) }) });
    expect(r.tests.at(-1)).toMatchObject({ test: "confirmation_poc", threshold: null, decision: "Pass" });
    expect(r.tests.at(-1)!.statistic!.toString()).toBe("0.1");
  });
});

describe("updateParticipantStatus: the keeper step by version", () => {
  const run = (v: Parameters<typeof statusRulesFor>[0], p: StatusParticipant, stored: StatusParticipant | null = participant(), vp: StatusValidationParams | null = MAINNET) =>
    updateParticipantStatus(statusRulesFor(v), { validationParams: vp, confirmationPocParams: ALPHA, precomputed: precomputedForParams(vp), stored, participant: p });

  it("v0.2.13 resets ConsecutiveInvalidInferences on consecutive_failures; v0.2.12 keeps it", () => {
    const p = participant({ consecutiveInvalidInferences: 6n, currentEpochStats: stats({ inferenceCount: 100n, validatedInferences: 100n, invalidatedInferences: 6n }) });
    expect(run("v0.2.12", p).participant).toMatchObject({ status: "INVALID", consecutiveInvalidInferences: 6n });
    expect(run("v0.2.13", p).participant).toMatchObject({ status: "INVALID", consecutiveInvalidInferences: 0n });
    expect(run("v0.2.13", p).transition).toMatchObject({ reason: "consecutive_failures", exclusionReason: "consecutive_failures", epochsCompletedAfter: 6 });
  });

  it("a stored ConfirmationPoCRatio makes every update 'changed' (Go compares the pointers)", () => {
    const s = stats({ inferenceCount: 100n, validatedInferences: 100n, confirmationPoCRatio: D(3n, -1) });
    const r = run("v0.2.11", participant({ currentEpochStats: s }), participant({ currentEpochStats: s }));
    expect(r.computed).not.toBeNull();
    expect(r.transition).toMatchObject({ to: "INACTIVE", reason: "failed_confirmation_poc", slash: "downtime", epochsCompletedAfter: 3 });
  });

  it("a turn from RAMPING to ACTIVE sets the status with no side effect; INVALID stays; a stored record with nil stats is dereferenced", () => {
    const ramping = run("v0.2.16", participant({ status: "RAMPING", currentEpochStats: stats({ inferenceCount: 101n, validatedInferences: 100n }) }));
    expect([ramping.participant.status, ramping.transition]).toEqual(["ACTIVE", null]);
    const invalid = run("v0.2.16", participant({ status: "INVALID", currentEpochStats: stats({ inferenceCount: 101n, invalidatedInferences: 50n }) }));
    expect([invalid.participant.status, invalid.computed?.reason, invalid.transition]).toEqual(["INVALID", "already_set", null]);
    expect(() => run("v0.2.16", participant({ currentEpochStats: stats({ invalidatedInferences: 1n }) }), participant({ currentEpochStats: null }))).toThrow(
      new GoPanic("runtime error: invalid memory address or nil pointer dereference"),
    );
  });

  it("nil validation params (genesis only): no test runs, and even an INVALID participant comes back ACTIVE, as in Go", () => {
    const r = run("v0.2.16", participant({ status: "INVALID", currentEpochStats: stats({ invalidatedInferences: 1n }) }), participant(), null);
    expect([r.participant.status, r.computed?.reason, r.transition]).toEqual(["ACTIVE", "", null]);
  });

  it("a participant not yet stored is compared with itself: zero deltas, the stored LLRs decide", () => {
    const p = participant({ currentEpochStats: stats({ invalidatedInferences: 1000n, invalidLlr: D(39n, -1) }) });
    expect(run("v0.2.16", p, null).participant.status).toBe("ACTIVE");
    expect(run("v0.2.16", { ...p, currentEpochStats: stats({ invalidLlr: D(4n, 0) }) }, null).participant.status).toBe("INVALID");
    expect(run("v0.2.16", { ...p, currentEpochStats: null }, null).participant.currentEpochStats).toEqual(stats());
  });
});

describe("the Go functions called directly (outside ComputeStatus)", () => {
  const ps = stats({ invalidatedInferences: 3n });
  it("getInvalidationStatus with a nil false_positive_rate: Error from v0.2.11, a nil dereference at v0.2.10", () => {
    const vp = { ...MAINNET, falsePositiveRate: null };
    const r = getInvalidationStatus(statusRulesFor("v0.2.11"), ps, EMPTY_EPOCH_STATS, vp, precomputeSprtValues(MAINNET));
    expect([r.test.decision, r.test.error, r.stats]).toEqual(["Error", "false_positive_rate is nil", ps]);
    expect(() => getInvalidationStatus(statusRulesFor("v0.2.10"), ps, EMPTY_EPOCH_STATS, vp, ZERO_SPRT_VALUES)).toThrow(
      new GoPanic("runtime error: invalid memory address or nil pointer dereference"),
    );
  });

  it("names the missing precomputed log, and NewSPRT's refusal at v0.2.10", () => {
    const pre = { ...precomputeSprtValues(MAINNET), inactiveLogPass: null };
    expect(getInactiveStatus(statusRulesFor("v0.2.16"), ps, EMPTY_EPOCH_STATS, MAINNET, pre).test.error).toBe("precomputed inactive_log_pass is nil");
    const r = getInactiveStatus(statusRulesFor("v0.2.10"), ps, EMPTY_EPOCH_STATS, { ...MAINNET, downtimeGoodPercentage: D(1n, 0) }, ZERO_SPRT_VALUES);
    expect([r.test.decision, r.test.error]).toEqual(["Error", "NewSPRT: P0 and P1 must be in (0,1)"]);
  });

  it("computeStatus runs the tests in Go's order and stops at the first that fires", () => {
    const r = computeStatus(statusRulesFor("v0.2.16"), {
      validationParams: MAINNET,
      confirmationPocParams: ALPHA,
      participant: participant({ consecutiveInvalidInferences: 10n, currentEpochStats: stats({ invalidatedInferences: 40n }) }),
      oldStats: EMPTY_EPOCH_STATS,
      precomputed: precomputeSprtValues(MAINNET),
    });
    expect([r.status, r.reason, r.tests.invalidation, r.tests.downtime]).toEqual(["INVALID", "consecutive_failures", null, null]);
  });
});

describe("the small Go functions, each answer named", () => {
  it("Decision: Fail at LLR ≥ H, Pass at LLR ≤ −H (−H itself included), else Undetermined", () => {
    const s = (llr: string, h: string) => ({ h: Decimal.fromString(h), llr: Decimal.fromString(llr), logFail: Decimal.fromInt(0n), logPass: Decimal.fromInt(0n) });
    expect([decision(s("4", "4")), decision(s("-4", "4")), decision(s("-4.5", "4")), decision(s("3.99", "4")), decision(s("-3.99", "4"))]).toEqual(["Fail", "Pass", "Pass", "Undetermined", "Undetermined"]);
  });

  it("ConfirmationPoCStatus: Pass with no alpha, a zero alpha or no ratio; Fail only below alpha", () => {
    const st = (r: ChainDecimal | null) => stats({ confirmationPoCRatio: r });
    expect(confirmationPocStatus(st(D(1n, -1)), null)).toBe("Pass");
    expect(confirmationPocStatus(st(D(1n, -1)), { alphaThreshold: null })).toBe("Pass");
    expect(confirmationPocStatus(st(D(1n, -1)), { alphaThreshold: D(0n, 3) })).toBe("Pass");
    expect(confirmationPocStatus(st(null), ALPHA)).toBe("Pass");
    expect(confirmationPocStatus(st(D(5n, -1)), ALPHA)).toBe("Pass");
    expect(confirmationPocStatus(st(D(49n, -2)), ALPHA)).toBe("Fail");
  });

  it("StatsHaveChanged: a ratio on the new record alone is a change; equal counters and no ratio are not", () => {
    expect(statsHaveChanged(stats(), stats({ confirmationPoCRatio: D(3n, -1) }))).toBe(true);
    expect(statsHaveChanged(stats({ confirmationPoCRatio: D(3n, -1) }), stats())).toBe(true);
    expect(statsHaveChanged(stats({ inferenceCount: 4n }), stats({ inferenceCount: 4n }))).toBe(false);
    expect(statsHaveChanged(null, stats())).toBe(true);
    // a ratio below alpha arriving with unchanged counters still runs the test: INACTIVE
    const r = updateParticipantStatus(statusRulesFor("v0.2.16"), {
      validationParams: MAINNET,
      confirmationPocParams: ALPHA,
      precomputed: precomputedForParams(MAINNET),
      stored: participant({ currentEpochStats: stats() }),
      participant: participant({ currentEpochStats: stats({ confirmationPoCRatio: D(3n, -1) }) }),
    });
    expect(r.transition).toEqual({ to: "INACTIVE", reason: "failed_confirmation_poc", slash: "downtime", exclusionReason: "failed_confirmation_poc", epochsCompletedBefore: 12, epochsCompletedAfter: 3, removedFromEpochGroups: true });
  });

  it("each SPRT names the nil parameter or precomputed log that stops it", () => {
    const v16 = statusRulesFor("v0.2.16");
    const pre = precomputeSprtValues(MAINNET);
    const inv = (vp: Partial<StatusValidationParams>, p: Partial<typeof pre> = {}) => getInvalidationStatus(v16, stats(), EMPTY_EPOCH_STATS, { ...MAINNET, ...vp }, { ...pre, ...p }).test.error;
    const down = (vp: Partial<StatusValidationParams>, p: Partial<typeof pre> = {}) => getInactiveStatus(v16, stats(), EMPTY_EPOCH_STATS, { ...MAINNET, ...vp }, { ...pre, ...p }).test.error;
    expect(inv({ badParticipantInvalidationRate: null })).toBe("bad_participant_invalidation_rate is nil");
    expect(inv({ invalidationHThreshold: null })).toBe("invalidation_h_threshold is nil");
    expect(inv({}, { invalidationLogFail: null })).toBe("precomputed invalidation_log_fail is nil");
    expect(inv({}, { invalidationLogPass: null })).toBe("precomputed invalidation_log_pass is nil");
    expect(inv({})).toBeNull();
    expect(down({ downtimeGoodPercentage: null })).toBe("downtime_good_percentage is nil");
    expect(down({ downtimeBadPercentage: null })).toBe("downtime_bad_percentage is nil");
    expect(down({ downtimeHThreshold: null })).toBe("downtime_h_threshold is nil");
    expect(down({}, { inactiveLogFail: null })).toBe("precomputed inactive_log_fail is nil");
    expect(down({})).toBeNull();
  });
});

describe("the precompute, the reputation cut and the devshard merge", () => {
  it("a rate outside [0, 1] or nil: the precompute fails by name and the block runs on zero logs", () => {
    expect(() => precomputeSprtValues({ ...MAINNET, downtimeBadPercentage: D(2n, 0) })).toThrow(/DowntimeBadPercentage must be between 0 and 1/);
    expect(() => precomputeSprtValues({ ...MAINNET, falsePositiveRate: null })).toThrow(GoError);
    expect(() => precomputeSprtValues({ ...MAINNET, falsePositiveRate: null })).toThrow("FalsePositiveRate is nil");
    expect(precomputedForParams({ ...MAINNET, falsePositiveRate: null })).toEqual(ZERO_SPRT_VALUES);
    expect(precomputedForParams(null)).toEqual(precomputeSprtValues(null));
  });

  it("multiply keeps the count for a nil or out-of-range preserve and rounds half away from zero", () => {
    expect(multiply(13, D(5n, -1))).toBe(7);
    expect(multiply(13, null)).toBe(13);
    expect(multiply(13, D(11n, -1))).toBe(13);
    expect(multiply(13, D(-1n, -1))).toBe(13);
    expect(multiply(2 ** 31, D(5n, -1))).toBe(2 ** 32 - 2 ** 30); // int32(2^31) wraps negative, uint32 wraps back
  });

  it("merges one slot: completed = assigned − missed, validated = completed − invalid; refuses impossible or overflowing counts", () => {
    const r = aggregateDevshardHostStatsIntoCurrentEpochStats(null, 2n, 1n, 20n);
    expect([r.missedRequests, r.inferenceCount, r.invalidatedInferences, r.validatedInferences]).toEqual([2n, 18n, 1n, 17n]);
    expect(() => aggregateDevshardHostStatsIntoCurrentEpochStats(null, 21n, 0n, 20n)).toThrow(/missed requests \(21\) exceeds assigned per slot \(20\)/);
    expect(() => aggregateDevshardHostStatsIntoCurrentEpochStats(null, 5n, 16n, 20n)).toThrow(/invalid inferences \(16\) exceeds completed requests \(15\)/);
    const max = 2n ** 64n - 1n;
    expect(() => aggregateDevshardHostStatsIntoCurrentEpochStats(stats({ validatedInferences: max }), 0n, 0n, 1n)).toThrow("participant validated inferences overflow");
    expect(() => aggregateDevshardHostStatsIntoCurrentEpochStats(stats({ missedRequests: max }), 1n, 0n, 1n)).toThrow("participant missed requests overflow");
    expect(() => aggregateDevshardHostStatsIntoCurrentEpochStats(stats({ invalidatedInferences: max }), 0n, 1n, 1n)).toThrow("participant invalidated inferences overflow");
    expect(() => aggregateDevshardHostStatsIntoCurrentEpochStats(stats({ inferenceCount: max }), 0n, 0n, 1n)).toThrow("participant inference count overflow");
  });
});
