// The replay engine on hand-built inputs: block order, the first lack stops it (none after a turn), an
// unseen update between checkpoints, the rules of each block's version, and the counterfactual's params.
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import type { ChainDecimal } from "../../src/go/chain-decimal.js";
import { eventOrder, type DevshardBatchEvent, type ParamsInForce, type ReplayEvent, type StatusReplayInput } from "../../src/status-replay/replay-input.js";
import { replayStatus } from "../../src/status-replay/replay-status.js";
import { overrideParams, parseStatusOverrides, statusParamIn, statusParamValue, withStatusOverrides } from "../../src/status-replay/status-overrides.js";
import { finalCountsStatistics } from "../../src/status-replay/final-counts-statistics.js";
import { statusRulesFor } from "../../src/status/index.js";
import type { StatusParticipant, StatusValidationParams } from "../../src/status/status-types.js";
import { statusParameterNamed, STATUS_PARAMETER_ALIASES } from "../../src/compare/status-params.js";

const D = (value: bigint, exponent: number): ChainDecimal => ({ value, exponent });
const VP: StatusValidationParams = {
  falsePositiveRate: D(5n, -2), badParticipantInvalidationRate: D(1n, -1), invalidationHThreshold: D(4n, 0),
  downtimeGoodPercentage: D(98n, -2), downtimeBadPercentage: D(99n, -2), downtimeHThreshold: D(1n, 2),
  quickFailureThreshold: D(1n, -6), invalidReputationPreserve: D(0n, 0), downtimeReputationPreserve: D(0n, 0),
};
const PARAMS: ParamsInForce = { validation: VP, confirmation: { alphaThreshold: D(5n, -1) }, source: "test params", assumption: null };
const A = "gonka1a";
const START: StatusParticipant = { status: "ACTIVE", consecutiveInvalidInferences: 0n, epochsCompleted: 3, currentEpochStats: { inferenceCount: 0n, missedRequests: 0n, validatedInferences: 0n, invalidatedInferences: 0n, confirmationPoCRatio: null, invalidLlr: D(0n, 0), inactiveLlr: D(0n, 0) } };

/** A batch of one slot (slot 0 of a one-slot escrow), `nonce` requests, `invalid` of them invalid. */
function batch(height: bigint, nonce: bigint, invalid: bigint, over: Partial<DevshardBatchEvent> = {}): DevshardBatchEvent {
  return { kind: "devshard-batch", height, txIndex: 0, msgIndex: 0, txHash: `T${height}`, escrowId: 1n, escrowEpoch: 9n, slots: [A], nonce, hostStats: [{ slotId: 0n, missed: 0n, invalid }], currentEpoch: 9n, host: { active: true, accountsSettled: false, challenged: false, notes: [] }, where: `block ${height}`, ...over };
}

function input(events: ReplayEvent[], over: Partial<StatusReplayInput> = {}): StatusReplayInput {
  return { address: A, epoch: 9n, start: { record: START, height: 100n, source: "test" }, events, lacks: [], paramsAt: () => PARAMS, versionAt: () => ({ version: "v0.2.16", source: "flag", detail: "test" }), ...over };
}

describe("replayStatus", () => {
  it("takes the events in block order, and stops at the first turn: 8 of 30 invalid crosses H 4, the later batch is not replayed", () => {
    // nonce 30 on one slot: slot 0 first serves nonce 1 (slot count 1), so 30 requests
    const r = replayStatus(input([batch(300n, 60n, 0n), batch(200n, 30n, 8n)]));
    expect(r.available).toBe(true);
    expect(r.excluded).toEqual({ reason: "statistical_invalidations", height: 200n, status: "INVALID" });
    expect(r.steps.map((s) => s.event.height)).toEqual([200n]);
    expect(r.steps[0]!.counts).toEqual({ validated: 22n, invalidated: 8n, missed: 0n, inferences: 30n });
  });

  it("throughEnd goes on after the turn: the counters keep moving (already_set)", () => {
    const r = replayStatus(input([batch(200n, 30n, 8n), batch(300n, 30n, 0n)]), { throughEnd: true });
    expect(r.steps.map((s) => [s.event.height, s.status, s.reason])).toEqual([[200n, "INVALID", "statistical_invalidations"], [300n, "INVALID", "already_set"]]);
    expect(r.excluded?.height).toBe(200n);
  });

  it("a lack at or before an update stops the replay there; one placed after the last update still leaves it unavailable; a turn before any lack is final", () => {
    const lack = { input: "the X", detail: "why", from: 250n };
    const stopped = replayStatus(input([batch(200n, 30n, 1n), batch(300n, 30n, 8n)], { lacks: [lack] }));
    expect(stopped).toMatchObject({ available: false, excluded: null, stoppedAt: lack });
    expect(stopped.steps.map((s) => s.event.height)).toEqual([200n]);
    const after = replayStatus(input([batch(200n, 30n, 1n)], { lacks: [{ ...lack, from: 900n }] }));
    expect(after).toMatchObject({ available: false, stoppedAt: { from: 900n } });
    const turned = replayStatus(input([batch(200n, 30n, 8n)], { lacks: [lack] }));
    expect(turned).toMatchObject({ available: true, lacks: [], excluded: { height: 200n } });
    const fromStart = replayStatus(input([batch(200n, 30n, 8n)], { lacks: [{ ...lack, from: null }, { ...lack, input: "later", from: 150n }] }));
    expect(fromStart.stoppedAt?.from).toBeNull();
    expect(fromStart.lacks.map((l) => l.input)).toEqual(["the X", "later"]);
    expect(replayStatus(input([], { start: null })).stoppedAt?.input).toMatch(/record before its first update/);
  });

  it("an unknown host state is a lack only where the rules read it: the active set for the current epoch's escrow, v0.2.16's challenge only with misses in a counted batch", () => {
    const unknownActive = batch(200n, 30n, 0n, { host: { active: null, accountsSettled: false, challenged: false, notes: [] } });
    expect(replayStatus(input([unknownActive])).stoppedAt?.input).toBe(`whether ${A} is in epoch 9's active participant set`);
    const missed = (host: DevshardBatchEvent["host"]) => batch(200n, 30n, 0n, { hostStats: [{ slotId: 0n, missed: 2n, invalid: 0n }], host });
    expect(replayStatus(input([missed({ active: true, accountsSettled: false, challenged: null, notes: [] })])).stoppedAt?.flag).toBe("--node URL");
    // not counted (settled accounts): the challenge does not matter
    expect(replayStatus(input([missed({ active: true, accountsSettled: true, challenged: null, notes: [] })])).available).toBe(true);
    // v0.2.15 has no waiver: no lack
    expect(replayStatus(input([missed({ active: true, accountsSettled: null, challenged: null, notes: [] })], { versionAt: () => ({ version: "v0.2.15", source: "flag", detail: "" }) })).available).toBe(true);
    // a challenged host's misses are waived: 2 missed of 30 become 0 of 28
    const waived = replayStatus(input([missed({ active: true, accountsSettled: false, challenged: true, notes: [] })]));
    expect(waived.steps[0]!.counts).toEqual({ validated: 28n, invalidated: 0n, missed: 0n, inferences: 28n });
  });

  it("a saved batch the handler would refuse (more invalid than completed) contradicts its success: named, not replayed", () => {
    const r = replayStatus(input([batch(200n, 3n, 5n)]));
    expect(r.stoppedAt?.input).toBe("a consistent record of escrow 1's batch at block 200");
    expect(r.stoppedAt?.detail).toMatch(/invalid inferences \(5\) exceeds completed requests \(3\)/);
  });

  it("a checkpoint whose counters differ names the unseen update; one that agrees is silent; a counterfactual does not compare status", () => {
    const cp = (status: StatusParticipant["status"] | null, validated: bigint) => [{ height: 250n, status, counts: { validated, invalidated: 1n, missed: 0n, inferences: 30n }, where: "record" }];
    const events = [batch(200n, 30n, 1n), batch(300n, 30n, 0n)];
    expect(replayStatus(input(events, { checkpoints: cp("ACTIVE", 29n) })).available).toBe(true);
    expect(replayStatus(input(events, { checkpoints: cp("ACTIVE", 31n) })).stoppedAt?.input).toMatch(/moved gonka1a's record between block 200 and block 250/);
    expect(replayStatus(input(events, { checkpoints: cp("INVALID", 29n) })).available).toBe(false);
    expect(replayStatus(withStatusOverrides(input(events, { checkpoints: cp("INVALID", 29n) }), {})).available).toBe(true);
  });

  it("the epoch start sets ACTIVE and the count 0; a confirmation ratio under alpha turns it INACTIVE", () => {
    const r = replayStatus(input([
      { kind: "epoch-start", height: 150n, where: "start" },
      { kind: "confirmation-ratio", height: 400n, eventSequence: 2n, ratio: D(3n, -1), where: "cpoc" },
    ], { start: { record: { ...START, status: "INVALID", consecutiveInvalidInferences: 7n }, height: 100n, source: "t" } }));
    expect(r.steps[0]).toMatchObject({ effect: "reset", status: "ACTIVE" });
    expect(r.steps[0]!.record.consecutiveInvalidInferences).toBe(0n);
    expect(r.excluded).toEqual({ reason: "failed_confirmation_poc", height: 400n, status: "INACTIVE" });
  });

  it("eventOrder: height, then the block's transactions in order, then EndBlock's epoch start and evaluations", () => {
    const evs: ReplayEvent[] = [
      { kind: "confirmation-ratio", height: 5n, eventSequence: 1n, ratio: null, where: "" },
      { kind: "epoch-start", height: 5n, where: "" },
      batch(5n, 1n, 0n, { txIndex: 2 }),
      batch(5n, 1n, 0n, { txIndex: 1, msgIndex: 1 }),
      batch(5n, 1n, 0n, { txIndex: 1, msgIndex: 0 }),
      batch(4n, 1n, 0n, { txIndex: 9 }),
    ];
    const sorted = [...evs].sort(eventOrder).map((e) => (e.kind === "devshard-batch" ? `${e.height}:${e.txIndex}.${e.msgIndex}` : `${e.height}:${e.kind}`));
    expect(sorted).toEqual(["4:9.0", "5:1.0", "5:1.1", "5:2.0", "5:epoch-start", "5:confirmation-ratio"]);
  });
});

describe("the counterfactual's parameters", () => {
  it("every spelling of a status parameter names it; --set refuses unknown names, two spellings, negative values and too many digits", () => {
    for (const n of ["InvalidationHThreshold", "invalidation_h_threshold", "validation_params.invalidation_h_threshold", "ValidationParams.InvalidationHThreshold", "invalidationHThreshold", "validationParams.invalidationHThreshold"]) expect(statusParameterNamed(n)?.key, n).toBe("InvalidationHThreshold");
    expect(statusParameterNamed("confirmation_poc_params.alpha_threshold")?.message).toBe("confirmation_poc_params");
    expect(STATUS_PARAMETER_ALIASES.AlphaThreshold).toContain("ConfirmationPoCParams.AlphaThreshold");
    expect(parseStatusOverrides(["invalidation_h_threshold=40", "AlphaThreshold = 0.25"])).toEqual({ InvalidationHThreshold: D(40n, 0), AlphaThreshold: D(25n, -2) });
    expect(() => parseStatusOverrides(["x"])).toThrow(/expected NAME=VALUE/);
    expect(() => parseStatusOverrides(["binom_test_p0=0.1"])).toThrow(/"binom_test_p0" is not a parameter of the status tests/);
    expect(() => parseStatusOverrides(["downtime_h_threshold=1", "downtime_h_threshold=2"])).toThrow(/"downtime_h_threshold" is set twice/);
    expect(() => statusParamValue("-1", "--set x")).toThrow(InputError);
    expect(() => statusParamValue("99999999999999999999", "--set x")).toThrow(/more significant digits than the chain's Decimal holds/);
  });

  it("overrides lay over the params in force (a nil one too) and name themselves in the source", () => {
    const o = overrideParams(PARAMS, { InvalidationHThreshold: D(40n, 0), DowntimeHThreshold: null, AlphaThreshold: D(1n, -1) });
    expect(o.validation?.invalidationHThreshold).toEqual(D(40n, 0));
    expect(o.validation?.downtimeHThreshold).toBeNull();
    expect(o.confirmation?.alphaThreshold).toEqual(D(1n, -1));
    expect(o.source).toBe("test params, with validation_params.invalidation_h_threshold = 40, validation_params.downtime_h_threshold = nil, confirmation_poc_params.alpha_threshold = 0.1");
    expect(overrideParams(PARAMS, {})).toBe(PARAMS);
    const none = overrideParams({ ...PARAMS, validation: null, confirmation: null }, { QuickFailureThreshold: D(1n, -3) });
    expect(none.validation?.quickFailureThreshold).toEqual(D(1n, -3));
    expect(none.validation?.falsePositiveRate).toBeNull();
    expect(statusParamIn(o, "AlphaThreshold")).toEqual(D(1n, -1));
    expect(statusParamIn({ ...PARAMS, confirmation: null }, "AlphaThreshold")).toBeNull();
  });

  it("H 40 spares the batch that crossed H 4", () => {
    const r = replayStatus(withStatusOverrides(input([batch(200n, 30n, 8n)]), { InvalidationHThreshold: D(40n, 0) }));
    expect(r).toMatchObject({ available: true, excluded: null });
    expect(r.steps[0]!.paramsSource).toMatch(/invalidation_h_threshold = 40/);
  });
});

describe("finalCountsStatistics", () => {
  it("both SPRTs over the final counts from zero: 8 of 30 invalid reaches H; 1 of 30 does not; misses move the downtime LLR by ln(0.99/0.98) each", () => {
    const r = statusRulesFor("v0.2.16");
    const hi = finalCountsStatistics(r, VP, { validated: 22n, invalidated: 8n, missed: 0n, inferences: 30n });
    expect(hi.invalidation.llr?.toString()).toBe("4.35569857654");
    expect(hi.invalidation.decision).toBe("Fail");
    const lo = finalCountsStatistics(r, VP, { validated: 29n, invalidated: 1n, missed: 3n, inferences: 30n });
    expect(lo.invalidation.decision).not.toBe("Fail");
    expect(lo.downtime.failures).toBe(3n);
    expect(lo.downtime.passes).toBe(30n);
  });
});

// The status-replay family's first mutation run (2026-12-06): the judge had no case of a participant
// newly excluded, of a reason changed at the same update, nor of an epoch it cannot price.
describe("judgeStatusChange on hand-built epochs: priced by the same settlement", async () => {
  const { judgeStatusChange } = await import("../../src/status-replay/judge-status-change.js");
  const { settleAccounts } = await import("../../src/settlement/settle-accounts.js");
  const { epoch } = await import("../settlement/epoch-builder.js");
  const B = "gonka1b";
  const C = "gonka1c";
  const source = (address: string, events: ReplayEvent[], over: Partial<StatusReplayInput> = {}) => ({
    address,
    source: { input: input(events.map((e) => ({ ...e, slots: [address] }) as ReplayEvent), { address, ...over }), facts: { record: undefined, finalCounts: null, confirmationEvaluations: [], heights: { statsReset: null, effective: null, settlement: null } }, notes: [], from: "test" },
  });
  // B first in the settlement: A was excluded by the chain (INVALID), B and C were paid
  const settlementInput = epoch(
    [
      { address: B, weight: 2000n, cw: 2000n, nodes: [2000n] },
      { address: A, weight: 1000n, cw: 1000n, nodes: [1000n], status: "INVALID" },
      { address: C, weight: 3000n, cw: 3000n, nodes: [3000n] },
    ],
    { exclusions: [{ address: A, reason: "statistical_invalidations", exclusionBlockHeight: 200n }] },
  );
  const participants = [
    source(A, [batch(200n, 30n, 8n)]), // 8 of 30 invalid: fires at H 4
    source(B, [batch(200n, 30n, 3n)]), // 3 of 30: LLR ≈ 0.62, fires only under a lower H
    source(C, [batch(200n, 30n, 0n)], { start: null }), // no record to start from: unknown
  ];
  const e = { epoch: 9n, from: "test", participants, settlement: { input: settlementInput, version: "v0.2.16" as const } };

  it("H 0.5 newly excludes B (paid → 0), A stays excluded alike, C is unknown and unpriced; the totals are the two settlements'", () => {
    const [r] = judgeStatusChange([e], { InvalidationHThreshold: D(5n, -1) });
    const by = (a: string) => r!.participants.find((p) => p.address === a)!;
    expect([by(A).verdict, by(B).verdict, by(C).verdict]).toEqual(["same", "newly-excluded", "unknown"]);
    expect(by(C).missing?.input).toMatch(/record before its first update/);
    expect([by(A).coins, by(C).coins]).toEqual([null, null]);
    const paid = settleAccounts(settlementInput, "v0.2.16");
    const after = settleAccounts({ ...settlementInput, participants: settlementInput.participants.map((p) => (p.address === B ? { ...p, status: "INVALID" as const } : p)) }, "v0.2.16");
    const coins = (s: typeof paid, a: string) => s.participants.find((p) => p.address === a)!.rewardCoins;
    expect(coins(paid, B)).toBeGreaterThan(0n);
    expect(by(B).coins).toEqual({ paid: coins(paid, B), withChange: 0n });
    const sum = (s: typeof paid) => s.participants.reduce((t, p) => t + p.rewardCoins, 0n);
    expect(r!.totals).toEqual({ paid: sum(paid), withChange: sum(after) });
    expect(coins(after, C)).toBeGreaterThan(0n);
    expect(r!.othersDelta).toBe(coins(after, C) - coins(paid, C));
    expect(r!.notPriced).toBeNull();
  });

  it("H 40 spares A; when nothing moves nothing is priced; a settlement that is a reason, or that refuses its input, is named", () => {
    const [spared] = judgeStatusChange([e], { InvalidationHThreshold: D(40n, 0) });
    const a = spared!.participants.find((p) => p.address === A)!;
    expect(a.verdict).toBe("spared");
    expect(a.coins!.paid).toBe(0n);
    expect(a.coins!.withChange).toBeGreaterThan(0n);
    const [still] = judgeStatusChange([e], { InvalidationHThreshold: D(4n, 0) });
    expect([still!.totals, still!.othersDelta, still!.notPriced]).toEqual([null, null, null]);
    expect(still!.participants.map((p) => p.coins)).toEqual([null, null, null]);
    const [unpriced] = judgeStatusChange([{ ...e, settlement: "no settlement saved" }], { InvalidationHThreshold: D(40n, 0) });
    expect([unpriced!.notPriced, unpriced!.totals, unpriced!.othersDelta]).toEqual(["no settlement saved", null, null]);
    expect(unpriced!.participants.find((p) => p.address === A)!.coins).toBeNull();
    const refused = { ...e, settlement: { input: settlementInput, version: "v0.2.9" as never } };
    const [r] = judgeStatusChange([refused], { InvalidationHThreshold: D(40n, 0) });
    expect(r!.notPriced).toMatch(/^the epoch's settlement refuses its input: ./);
    expect([r!.totals, r!.othersDelta]).toEqual([null, null]);
  });

  it("excluded both ways at the same update for another reason is 'changed' (invalidation with the params in force, downtime with the change)", () => {
    const both = source(A, [batch(200n, 30n, 8n, { hostStats: [{ slotId: 0n, missed: 20n, invalid: 8n }] })]);
    const change = { InvalidationHThreshold: D(40n, 0), DowntimeGoodPercentage: D(1n, -2), DowntimeBadPercentage: D(5n, -1), DowntimeHThreshold: D(1n, 0) };
    const [r] = judgeStatusChange([{ ...e, participants: [both] }], change);
    const [a] = r!.participants;
    expect([a!.verdict, a!.baseline.excluded, a!.proposal.excluded]).toEqual(["changed", { reason: "statistical_invalidations", height: 200n }, { reason: "downtime", height: 200n }]);
    // priced with the change's exclusion even where the saved settlement ran it ACTIVE: 0 with the change
    const activeA = { input: { ...settlementInput, participants: settlementInput.participants.map((p) => ({ ...p, status: "ACTIVE" as const })), exclusions: [] }, version: "v0.2.16" as const };
    const [priced] = judgeStatusChange([{ ...e, participants: [both], settlement: activeA }], change);
    expect(priced!.participants[0]!.coins!.paid).toBeGreaterThan(0n);
    expect(priced!.participants[0]!.coins!.withChange).toBe(0n);
  });
});

describe("replayStatus's edges (status-replay mutation run, 2026-12-06)", () => {
  const lack = (name: string, from: bigint | null) => ({ input: name, detail: `why ${name}`, from });

  it("a lack placed at an update's own block stops before it; two lacks at one block keep their given order", () => {
    const at = replayStatus(input([batch(200n, 30n, 1n)], { lacks: [lack("at 200", 200n)] }));
    expect([at.available, at.stoppedAt?.input, at.steps]).toEqual([false, "at 200", []]);
    const two = replayStatus(input([batch(200n, 30n, 1n)], { lacks: [lack("first", 150n), lack("second", 150n), lack("earlier", 120n)] }));
    expect(two.stoppedAt?.input).toBe("earlier");
    expect(two.lacks.map((l) => l.input)).toEqual(["earlier", "first", "second"]);
  });

  it("throughEnd: a lack after the turn leaves the turn standing, available, with no lack", () => {
    const r = replayStatus(input([batch(200n, 30n, 8n), batch(300n, 30n, 0n)], { lacks: [lack("later", 250n)] }), { throughEnd: true });
    expect([r.available, r.stoppedAt, r.lacks, r.excluded?.height, r.steps.length]).toEqual([true, null, [], 200n, 1]);
  });

  it("no start record: the lack says what the first update starts from", () => {
    expect(replayStatus(input([], { start: null })).stoppedAt).toEqual({ input: "the participant's record before its first update", detail: "the counters and stored LLRs the first update starts from", from: null });
  });

  it("an unknown active set is a lack without a --node flag (only the challenge record is the node's)", () => {
    const r = replayStatus(input([batch(200n, 30n, 0n, { host: { active: null, accountsSettled: false, challenged: false, notes: [] } })]));
    expect(r.stoppedAt).toEqual({ input: `whether ${A} is in epoch 9's active participant set`, detail: "it decides whether the batch of escrow 1 at block 200 counts for it (block 200)", from: 200n });
  });

  it("a batch with no slot of the participant is not counted, and says so; a confirmation event that writes no ratio changes nothing (unchanged)", () => {
    const r = replayStatus(input([batch(200n, 30n, 0n, { slots: ["gonka1other"] }), { kind: "confirmation-ratio", height: 300n, eventSequence: 1n, ratio: null, where: "cpoc" }]));
    expect(r.steps.map((s) => [s.effect, s.notCountedWhy])).toEqual([["not-counted", "no slot of it in the batch"], ["unchanged", null]]);
  });

  it("a checkpoint at the last update's own block is compared; each counter and the status count; the lack names both records", () => {
    const at = (counts: Partial<{ validated: bigint; invalidated: bigint; missed: bigint; inferences: bigint }>, status: StatusParticipant["status"] | null = "ACTIVE", height = 200n) => [
      { height, status, counts: { validated: 29n, invalidated: 1n, missed: 0n, inferences: 30n, ...counts }, where: "record" },
    ];
    const events = [batch(200n, 30n, 1n), batch(300n, 30n, 0n)];
    const stop = (c: ReturnType<typeof at>) => replayStatus(input(events, { checkpoints: c })).stoppedAt;
    expect(stop(at({}))).toBeNull();
    for (const k of ["validated", "invalidated", "missed", "inferences"] as const) expect(stop(at({ [k]: 7n })), k).not.toBeNull();
    expect(stop(at({ invalidated: 2n }))).toEqual({
      input: `the update that moved ${A}'s record between block 200 and block 200 (no saved transaction or evaluation explains it)`,
      detail: "the chain's record at block 200 holds 29 validated, 2 invalidated, 0 missed, 30 inferences, ACTIVE; the replay holds 29 validated, 1 invalidated, 0 missed, 30 inferences, ACTIVE (record)",
      from: 200n,
    });
    expect(stop(at({ missed: 1n }, null))?.detail).toBe("the chain's record at block 200 holds 29 validated, 1 invalidated, 1 missed, 30 inferences; the replay holds 29 validated, 1 invalidated, 0 missed, 30 inferences, ACTIVE (record)");
  });
});

describe("replayStatus: which host facts a batch needs, and why it is not counted (mutation run, 2026-12-06)", () => {
  const host = (over: Partial<DevshardBatchEvent["host"]>): DevshardBatchEvent["host"] => ({ active: true, accountsSettled: false, challenged: false, notes: [], ...over });

  it("an escrow of the previous epoch needs neither the active set nor the accounts: not counted, said why", () => {
    const r = replayStatus(input([batch(200n, 30n, 1n, { escrowEpoch: 8n, host: host({ active: null, accountsSettled: null, challenged: null }) })]));
    expect(r.available).toBe(true);
    expect(r.steps.map((s) => [s.effect, s.notCountedWhy])).toEqual([["not-counted", "its escrow belongs to the previous epoch: the batch pays, but the counters take nothing"]]);
  });

  it("v0.2.16 needs whether the accounts were settled (named at the block); settled or outside the active set, the batch is not counted, said why", () => {
    const unknown = replayStatus(input([batch(200n, 30n, 1n, { host: host({ accountsSettled: null }) })]));
    expect(unknown.stoppedAt).toEqual({ input: `whether ${A}'s accounts of epoch 9 were settled by block 200 (its EpochPerformanceSummary)`, detail: "it decides whether the batch of escrow 1 at block 200 counts for it (block 200)", from: 200n });
    const why = (h: DevshardBatchEvent["host"]) => replayStatus(input([batch(200n, 30n, 1n, { host: h })])).steps[0]!.notCountedWhy;
    expect(why(host({ accountsSettled: true }))).toBe("the epoch's accounts of this host are already settled (v0.2.16): the counters take nothing");
    expect(why(host({ active: false }))).toBe("the host is not in the epoch's active participant set: the counters take nothing");
  });

  it("an unknown challenge record with misses to waive: named with its block and what it decides", () => {
    const r = replayStatus(input([batch(200n, 30n, 0n, { hostStats: [{ slotId: 0n, missed: 2n, invalid: 0n }], host: host({ challenged: null }) })]));
    expect(r.stoppedAt).toEqual({
      input: `whether ${A} had an open PoC challenge record of epoch 9 at block 200 (the node's record at the block before)`,
      detail: "v0.2.16 waives every devshard miss of a challenged host: it decides how many misses the batch of escrow 1 adds (block 200)",
      from: 200n,
      flag: "--node URL",
    });
  });

  it("the epoch start resets to ACTIVE with no reason; a confirmation step merges no slot; through the end a second turn after a reset does not move the first", () => {
    const cpoc = { kind: "confirmation-ratio" as const, height: 250n, eventSequence: 1n, ratio: D(9n, -1), where: "cpoc" };
    const r = replayStatus(input([batch(200n, 30n, 8n), cpoc, { kind: "epoch-start", height: 260n, where: "start" }, batch(300n, 30n, 8n)]), { throughEnd: true });
    expect(r.steps.map((s) => [s.event.height, s.effect, s.status, s.reason, s.slots.length])).toEqual([
      [200n, "update", "INVALID", "statistical_invalidations", 1],
      [250n, "update", "INVALID", "already_set", 0],
      [260n, "reset", "ACTIVE", "", 0],
      [300n, "update", "INVALID", "statistical_invalidations", 1],
    ]);
    expect([r.available, r.excluded, r.lacks, r.stoppedAt]).toEqual([true, { reason: "statistical_invalidations", height: 200n, status: "INVALID" }, [], null]);
  });
});

describe("replayStatus: the challenge record is needed only by a batch that counts (mutation run, 2026-12-06)", () => {
  it("with misses and no challenge record: an escrow of the previous epoch and a host outside the active set replay, not counted, with no reason", () => {
    const missed = (over: Partial<DevshardBatchEvent>) => batch(200n, 30n, 0n, { hostStats: [{ slotId: 0n, missed: 2n, invalid: 0n }], ...over });
    for (const ev of [missed({ escrowEpoch: 8n, host: { active: true, accountsSettled: false, challenged: null, notes: [] } }), missed({ host: { active: false, accountsSettled: false, challenged: null, notes: [] } })]) {
      const r = replayStatus(input([ev]));
      expect([r.available, r.steps.map((s) => [s.effect, s.status, s.reason])]).toEqual([true, [["not-counted", "ACTIVE", ""]]]);
    }
  });
});

describe("status overrides: the refusals' words and the checkpoints of a counterfactual (mutation run, 2026-12-06)", () => {
  it("a negative value, an empty name and an unknown name are refused in full", () => {
    expect(() => statusParamValue("-1", "--set x")).toThrow(new InputError('a status parameter is not negative, got "-1"', "--set x"));
    expect(() => parseStatusOverrides(["=5"])).toThrow(/expected NAME=VALUE \(e\.g\. validation_params\.invalidation_h_threshold=40\), got "=5"/);
    expect(() => parseStatusOverrides(["binom_test_p0=0.1"])).toThrow(
      /they are validation_params\.false_positive_rate, validation_params\.bad_participant_invalidation_rate, validation_params\.invalidation_h_threshold, /,
    );
  });

  it("a counterfactual keeps each checkpoint's counters and drops only its status", () => {
    const cps = [{ height: 250n, status: "INVALID" as const, counts: { validated: 29n, invalidated: 1n, missed: 0n, inferences: 30n }, where: "record" }];
    expect(withStatusOverrides(input([], { checkpoints: cps }), {}).checkpoints).toEqual([{ ...cps[0], status: null }]);
    expect("checkpoints" in withStatusOverrides(input([]), {})).toBe(false);
  });
});

describe("replayStatus follows one host (mutation run, 2026-12-06)", () => {
  it("another host's slot of the escrow is not merged: counts the handler would refuse for it do not stop this host's replay", () => {
    const ev = batch(200n, 30n, 1n, { slots: [A, "gonka1other"], hostStats: [{ slotId: 0n, missed: 0n, invalid: 1n }, { slotId: 1n, missed: 99n, invalid: 0n }] });
    const r = replayStatus(input([ev]));
    expect(r.available).toBe(true);
    expect(r.steps.map((s) => [s.effect, s.slots.map((x) => x.slotId)])).toEqual([["update", [0n]]]);
  });
});
