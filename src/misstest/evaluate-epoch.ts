/**
 * A whole epoch as settlement sees it: the validation params after the grace override, the dynamic
 * p0 and why, the circuit breaker, and for every participant the verdict, the reward weight kept or
 * zeroed, and the exact binomial test beside it.
 */
import { DEC_ONE } from "../go/decimal.js";
import { GoError, GoPanic } from "../go/errors.js";
import { type ChainDecimal } from "../go/chain-decimal.js";
import { checkAndPunishForDowntimeForParticipants, downtimeCounts, NIL_DEREFERENCE, type MissTestFn } from "./check-and-punish-for-downtime.js";
import type { EpochInput } from "./epoch-input.js";
import { EXACT_EPOCH_BUDGET, EXACT_MAX_TOTAL, exactCriticalValue, exactTestLimit, exactTestWork, exactTestPasses, exactUpperTail, fractionToScientific, type Fraction } from "./exact-binomial.js";
import { explainDynamicP0, type DynamicP0Explanation } from "./get-dynamic-p0.js";
import { settlementValidationParams } from "./grace-epoch.js";
import { explainMissedStatTest, type MissTestVerdict } from "./missed-stat-verdict.js";
import { Decimal } from "../go/decimal.js";
import { groupDigits } from "../format/numbers.js";

/** The exact binomial test of one count, or why it was not computed. */
export type ExactTest =
  | { pValue: Fraction; pValueText: string; passed: boolean; criticalValue: bigint }
  | { unavailable: string };

export type ParticipantOutcome =
  /** Passed the test: reward weight kept. */
  | "kept"
  /** Failed the test: reward weight set to 0. */
  | "zeroed"
  /** total = 0: no test, weight kept. */
  | "kept-no-requests"
  /** MissedStatTest returned an error: no punishment. */
  | "kept-error"
  /** Circuit breaker: no participant is tested. */
  | "not-tested";

export interface ParticipantEvaluation {
  index: number;
  address: string;
  /** InferenceCount + MissedRequests (uint64, wrapping) and MissedRequests; null without stats. */
  total: bigint | null;
  missed: bigint | null;
  rewardBefore: bigint | null;
  rewardAfter: bigint | null;
  outcome: ParticipantOutcome;
  verdict?: MissTestVerdict;
  exact?: ExactTest;
  /** The exact test and the chain disagree (only when both verdicts exist). */
  verdictsDiffer?: boolean;
}

export type GovernanceSource = "grace-epoch" | "validation-params" | "default-params" | "unset";

export interface EpochEvaluation {
  epoch: bigint;
  /** Where the governance p0 came from and its value (null when unset: getDynamicP0 then uses 100‰). */
  governance: { source: GovernanceSource; binomTestP0: ChainDecimal | null };
  dynamicP0: DynamicP0Explanation;
  /** The p0 passed to the miss test. */
  p0: ChainDecimal;
  skipPunishment: boolean;
  participants: ParticipantEvaluation[];
  /** Reward weights after the step (null when the input gave none). */
  rewards: Map<string, bigint> | null;
  /** Addresses whose weight was zeroed, in participant order. */
  zeroed: string[];
  /** Why no participant's exact test was computed (the epoch's exact tests are past EXACT_EPOCH_BUDGET). */
  exactSkipped?: string;
}

export interface EvaluateOptions {
  /** Compute the exact binomial test for each participant (default true). */
  exact?: boolean;
}


/**
 * The exact test for one count at p0, or why it is unavailable. `critical` (optional) keeps the
 * critical value by total across the calls of one epoch (it depends on the total and p0 only).
 */
export function exactTestFor(missed: bigint, total: bigint, p0: ChainDecimal, critical?: Map<bigint, bigint>): ExactTest {
  const d = Decimal.fromChain(p0);
  if (total > EXACT_MAX_TOTAL) return { unavailable: `total ${groupDigits(total)} requests is above the exact test's limit of ${groupDigits(EXACT_MAX_TOTAL)}` };
  if (!(d.isPositive() && d.lessThan(DEC_ONE))) return { unavailable: `p0 ${d.toString()} outside (0, 1)` };
  const tooLarge = exactTestLimit(total, d);
  if (tooLarge !== undefined) return { unavailable: tooLarge };
  if (missed < 0n || missed > total) return { unavailable: "missed outside 0..total" };
  const pValue = exactUpperTail(missed, total, d);
  let criticalValue = critical?.get(total);
  if (criticalValue === undefined) {
    criticalValue = exactCriticalValue(total, d);
    critical?.set(total, criticalValue);
  }
  return { pValue, pValueText: fractionToScientific(pValue), passed: exactTestPasses(pValue), criticalValue };
}

function governanceOf(input: EpochInput): EpochEvaluation["governance"] {
  if (input.graceEpoch !== null && input.graceEpoch.binomTestP0 !== null) return { source: "grace-epoch", binomTestP0: input.graceEpoch.binomTestP0 };
  if (input.validationParams === null) return { source: "default-params", binomTestP0: { value: 1n, exponent: -1 } };
  if (input.validationParams.binomTestP0 === null) return { source: "unset", binomTestP0: null };
  return { source: "validation-params", binomTestP0: input.validationParams.binomTestP0 };
}

/** Evaluate the settlement downtime step of one epoch (throws GoPanic where Go's loop would panic). */
export function evaluateEpoch(input: EpochInput, options: EvaluateOptions = {}): EpochEvaluation {
  const withExact = options.exact ?? true;
  const params = settlementValidationParams(input.validationParams, input.graceEpoch);
  const dyn = explainDynamicP0(input.participants, params);
  const p0 = dyn.p0;
  const skip = dyn.skipPunishment;

  if (!skip) {
    const i = input.participants.findIndex((p) => p.currentEpochStats === null);
    if (i !== -1) {
      throw new GoPanic(
        `participants[${i}] (${JSON.stringify(input.participants[i]!.address)}) has currentEpochStats null: settlement's punishment loop dereferences it (${NIL_DEREFERENCE})`,
      );
    }
  }

  // The exact tests' work in total, bounded (EXACT_EPOCH_BUDGET): past it none is computed, and the answer says why.
  let exactSkipped: string | undefined;
  if (withExact && !skip) {
    const d = Decimal.fromChain(p0);
    if (d.isPositive() && d.lessThan(DEC_ONE)) {
      let work = 0;
      let tested = 0;
      let requests = 0n;
      for (const pt of input.participants) {
        if (pt.currentEpochStats === null) continue;
        const { total } = downtimeCounts(pt);
        if (total === 0n || total > EXACT_MAX_TOTAL) continue;
        work += exactTestWork(total, d);
        tested++;
        requests += total;
      }
      if (work > EXACT_EPOCH_BUDGET) {
        exactSkipped = `the exact tests of this epoch (${groupDigits(tested)} participants, ${groupDigits(requests)} requests at p0 ${d.toString()}) are past their budget of about half a minute of exact arithmetic, so none is computed; the chain's verdicts are (--no-exact skips the exact tests; miss-test --missed M --total T --exact tests one count)`;
      }
    }
  }
  const critical = new Map<bigint, bigint>();

  // The punishment asks each participant's test once; the verdicts, explained, are kept in the order
  // it asks them (the participants with requests) for the per-row view below.
  const verdicts: MissTestVerdict[] = [];
  const explained: MissTestFn = (nMissed, nTotal, d) => {
    const v = explainMissedStatTest(nMissed, nTotal, d);
    verdicts.push(v);
    if (v.error !== undefined) throw new GoError(v.error); // as missedStatTest does (the punishment keeps the reward)
    return v.passed;
  };
  const rewardsAfter = new Map(input.rewards ?? []);
  if (!skip) checkAndPunishForDowntimeForParticipants(input.participants, rewardsAfter, p0, explained);
  let asked = 0;

  // Per-row view, replaying the loop's reads so a repeated address shows what Go saw at that row.
  const running = new Map(input.rewards ?? []);
  const participants: ParticipantEvaluation[] = input.participants.map((participant, index) => {
    const before = input.rewards === null ? null : (running.get(participant.address) ?? 0n);
    const ev: ParticipantEvaluation = {
      index,
      address: participant.address,
      total: null,
      missed: null,
      rewardBefore: before,
      rewardAfter: before,
      outcome: "not-tested",
    };
    if (participant.currentEpochStats !== null) {
      const { total, missed } = downtimeCounts(participant);
      ev.total = total;
      ev.missed = missed;
    }
    if (skip || ev.total === null || ev.missed === null) return ev;
    const total = ev.total;
    const missed = ev.missed;
    if (total === 0n) ev.outcome = "kept-no-requests";
    else {
      const verdict = verdicts[asked++]!; // (the test of this row, as the punishment asked it)
      ev.verdict = verdict;
      ev.outcome = verdict.error !== undefined ? "kept-error" : verdict.passed ? "kept" : "zeroed";
      if (withExact) {
        const exact: ExactTest = exactSkipped !== undefined ? { unavailable: "past the epoch's exact-test budget" } : exactTestFor(missed, total, p0, critical);
        ev.exact = exact;
        if ("passed" in exact && verdict.error === undefined) ev.verdictsDiffer = exact.passed !== verdict.passed;
      }
    }
    const after = ev.outcome === "zeroed" ? 0n : (before ?? 0n);
    if (before !== null) ev.rewardAfter = after;
    running.set(participant.address, after);
    return ev;
  });

  return {
    epoch: input.epoch,
    governance: governanceOf(input),
    dynamicP0: dyn,
    p0,
    skipPunishment: skip,
    participants,
    rewards: input.rewards === null ? null : rewardsAfter,
    zeroed: participants.filter((p) => p.outcome === "zeroed").map((p) => p.address),
    ...(exactSkipped !== undefined ? { exactSkipped } : {}),
  };
}
