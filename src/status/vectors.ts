/**
 * Replays of the status family's Go vector suites (test/vectors/go-status/), compiled from each release's
 * Go: one file per version where the Go differs, every case name starting with its version
 * ("v0.2.10/…"), which picks the rules it is replayed with.
 */
import type { ChainDecimal } from "../go/chain-decimal.js";
import { Decimal } from "../go/decimal.js";
import { INT64_MAX, INT64_MIN, UINT32_MAX, UINT64_MAX } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { decimalOut } from "../go/vectors.js";
import { expectBoolean, exactObject, expectString, type JsonObject } from "../json-input.js";
import { parseChainVersion } from "../versions/chain-version.js";
import { chainDecimalField, enumField, intField } from "../vectors/spec-suite.js";
import { firstDifference } from "../vectors/compare.js";
import type { SuiteTable } from "../vectors/types.js";
import { aggregateDevshardHostStatsIntoCurrentEpochStats } from "./aggregate-devshard-host-stats-into-current-epoch-stats.js";
import { calculateLogLlr } from "./calculate-log-llr.js";
import { computeStatus } from "./compute-status.js";
import { getPrecomputedSprtValues, precomputedForParams, ZERO_SPRT_VALUES } from "./get-precomputed-sprt-values.js";
import { precomputeSprtValues } from "./precompute-sprt-values.js";
import { probabilityOfConsecutiveFailures } from "./probability-of-consecutive-failures.js";
import { statusRulesFor, type StatusRules } from "./status-rules.js";
import {
  STATUS_NAMES,
  type EpochStats,
  type SprtPrecomputedValues,
  type StatusConfirmationPoCParams,
  type StatusParticipant,
  type StatusValidationParams,
} from "./status-types.js";
import { updateParticipantStatus } from "./update-participant-status.js";

const dec = chainDecimalField;
const u64 = (v: Json | undefined, path: string): bigint => intField(v, path, 0n, UINT64_MAX);

/** The rules of the version a case name starts with. */
function rulesOf(name: string): StatusRules {
  return statusRulesFor(parseChainVersion(name.slice(0, name.indexOf("/")), "case name"));
}

function statsIn(v: Json | undefined, path: string): EpochStats | null {
  if (v === null) return null;
  const o = exactObject(v, ["inferenceCount", "missedRequests", "validatedInferences", "invalidatedInferences", "confirmationPoCRatio", "invalidLlr", "inactiveLlr"], path);
  return {
    inferenceCount: u64(o.inferenceCount, `${path}.inferenceCount`),
    missedRequests: u64(o.missedRequests, `${path}.missedRequests`),
    validatedInferences: u64(o.validatedInferences, `${path}.validatedInferences`),
    invalidatedInferences: u64(o.invalidatedInferences, `${path}.invalidatedInferences`),
    confirmationPoCRatio: dec(o.confirmationPoCRatio, `${path}.confirmationPoCRatio`),
    invalidLlr: dec(o.invalidLlr, `${path}.invalidLlr`),
    inactiveLlr: dec(o.inactiveLlr, `${path}.inactiveLlr`),
  };
}

const decOut = (d: ChainDecimal | null) => (d === null ? null : { value: d.value, exponent: d.exponent });

function statsOut(s: EpochStats | null): JsonObject | null {
  if (s === null) return null;
  return {
    inferenceCount: s.inferenceCount,
    missedRequests: s.missedRequests,
    validatedInferences: s.validatedInferences,
    invalidatedInferences: s.invalidatedInferences,
    confirmationPoCRatio: decOut(s.confirmationPoCRatio),
    invalidLlr: decOut(s.invalidLlr),
    inactiveLlr: decOut(s.inactiveLlr),
  };
}

function vparamsIn(v: Json | undefined, path: string): StatusValidationParams | null {
  if (v === null) return null;
  const keys = [
    "falsePositiveRate",
    "badParticipantInvalidationRate",
    "invalidationHThreshold",
    "downtimeGoodPercentage",
    "downtimeBadPercentage",
    "downtimeHThreshold",
    "quickFailureThreshold",
    "invalidReputationPreserve",
    "downtimeReputationPreserve",
  ] as const;
  const o = exactObject(v, keys, path);
  return Object.fromEntries(keys.map((k) => [k, dec(o[k], `${path}.${k}`)])) as unknown as StatusValidationParams;
}

function confirmIn(v: Json | undefined, path: string): StatusConfirmationPoCParams | null {
  if (v === null) return null;
  return { alphaThreshold: dec(exactObject(v, ["alphaThreshold"], path).alphaThreshold, `${path}.alphaThreshold`) };
}

function precomputedIn(v: Json | undefined, path: string): SprtPrecomputedValues {
  const o = exactObject(v, ["invalidationLogFail", "invalidationLogPass", "inactiveLogFail", "inactiveLogPass"], path);
  return {
    invalidationLogFail: dec(o.invalidationLogFail, `${path}.invalidationLogFail`),
    invalidationLogPass: dec(o.invalidationLogPass, `${path}.invalidationLogPass`),
    inactiveLogFail: dec(o.inactiveLogFail, `${path}.inactiveLogFail`),
    inactiveLogPass: dec(o.inactiveLogPass, `${path}.inactiveLogPass`),
  };
}

const precomputedOut = (p: SprtPrecomputedValues) => ({
  invalidationLogFail: decOut(p.invalidationLogFail),
  invalidationLogPass: decOut(p.invalidationLogPass),
  inactiveLogFail: decOut(p.inactiveLogFail),
  inactiveLogPass: decOut(p.inactiveLogPass),
});

function participantIn(v: Json | undefined, path: string): StatusParticipant {
  const o = exactObject(v, ["status", "consecutiveInvalidInferences", "epochsCompleted", "currentEpochStats"], path);
  return {
    status: enumField(o.status, `${path}.status`, STATUS_NAMES),
    consecutiveInvalidInferences: intField(o.consecutiveInvalidInferences, `${path}.consecutiveInvalidInferences`, INT64_MIN, INT64_MAX),
    epochsCompleted: Number(intField(o.epochsCompleted, `${path}.epochsCompleted`, 0n, UINT32_MAX)),
    currentEpochStats: statsIn(o.currentEpochStats, `${path}.currentEpochStats`),
  };
}

const participantOut = (p: StatusParticipant) => ({
  status: p.status,
  consecutiveInvalidInferences: p.consecutiveInvalidInferences,
  epochsCompleted: p.epochsCompleted,
  currentEpochStats: statsOut(p.currentEpochStats),
});

/** A shopspring Decimal input: coefficient as decimal text, exponent. */
function shopspringIn(v: Json | undefined, path: string): Decimal {
  const o = exactObject(v, ["coefficient", "exponent"], path);
  const c = expectString(o.coefficient, `${path}.coefficient`);
  return Decimal.new(BigInt(c), Number(intField(o.exponent, `${path}.exponent`, -(2n ** 31n), 2n ** 31n - 1n)));
}

export const suites: SuiteTable = {
  status_compute_status: {
    run(input, name) {
      const rules = rulesOf(name);
      const keys = ["validationParams", "confirmationPocParams", "participant", "oldStats"];
      const o = exactObject(input, rules.sprtLogs === "per-call" ? keys : [...keys, "precomputed"], "input");
      const r = computeStatus(rules, {
        validationParams: vparamsIn(o.validationParams, "input.validationParams"),
        confirmationPocParams: confirmIn(o.confirmationPocParams, "input.confirmationPocParams"),
        participant: participantIn(o.participant, "input.participant"),
        oldStats: statsIn(o.oldStats, "input.oldStats")!,
        precomputed: rules.sprtLogs === "per-call" ? ZERO_SPRT_VALUES : precomputedIn(o.precomputed, "input.precomputed"),
      });
      return { status: r.status, reason: r.reason, stats: statsOut(r.stats) };
    },
  },
  status_update_participant_status: {
    run(input, name) {
      const rules = rulesOf(name);
      const keys = ["params", "stored", "participant"];
      const o = exactObject(input, rules.sprtLogs === "per-call" ? keys : [...keys, "precomputeAtBeginBlock"], "input");
      const params = exactObject(o.params, ["validationParams", "confirmationPocParams"], "input.params");
      const vp = vparamsIn(params.validationParams, "input.params.validationParams");
      const atBeginBlock = rules.sprtLogs === "precomputed" && expectBoolean(o.precomputeAtBeginBlock, "input.precomputeAtBeginBlock");
      const r = updateParticipantStatus(rules, {
        validationParams: vp,
        confirmationPocParams: confirmIn(params.confirmationPocParams, "input.params.confirmationPocParams"),
        precomputed: atBeginBlock ? precomputedForParams(vp) : getPrecomputedSprtValues(null),
        stored: o.stored === null ? null : participantIn(o.stored, "input.stored"),
        participant: participantIn(o.participant, "input.participant"),
      });
      const t = r.transition;
      const actions = t === null ? [] : [`slash_for_${t.slash}`, `record_exclusion:${t.exclusionReason}`, "remove_from_epoch_groups"];
      return { returned: null, participant: participantOut(r.participant), actions };
    },
  },
  status_precompute_sprt_values: {
    run(input) {
      const vp = vparamsIn(exactObject(input, ["validationParams"], "input").validationParams, "input.validationParams");
      let error: string | null = null;
      let stored: SprtPrecomputedValues | null = null;
      try {
        stored = precomputeSprtValues(vp);
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      return { precomputeError: error, values: precomputedOut(getPrecomputedSprtValues(stored)) };
    },
    /** The error text is not the contract: its presence is. */
    compare(expected, actual) {
      const e = expected as JsonObject;
      const a = actual as { precomputeError: string | null; values: unknown };
      if ((e.precomputeError === null) !== (a.precomputeError === null)) return `output.precomputeError: expected ${e.precomputeError === null ? "none" : "an error"}, got ${a.precomputeError ?? "none"}`;
      return firstDifference(e.values, a.values, "output.values");
    },
  },
  status_calculate_log_llr: {
    run(input) {
      const o = exactObject(input, ["p1", "p0", "isFail"], "input");
      return decimalOut(calculateLogLlr(shopspringIn(o.p1, "input.p1"), shopspringIn(o.p0, "input.p0"), expectBoolean(o.isFail, "input.isFail")));
    },
  },
  status_probability_of_consecutive_failures: {
    run(input) {
      const o = exactObject(input, ["rate", "consecutive"], "input");
      return decimalOut(probabilityOfConsecutiveFailures(shopspringIn(o.rate, "input.rate"), intField(o.consecutive, "input.consecutive", INT64_MIN, INT64_MAX)));
    },
  },
  status_aggregate_devshard_host_stats: {
    run(input) {
      const o = exactObject(input, ["stats", "missed", "invalid", "assignedPerSlot"], "input");
      const u32 = (k: string) => intField(o[k], `input.${k}`, 0n, UINT32_MAX);
      return { stats: statsOut(aggregateDevshardHostStatsIntoCurrentEpochStats(statsIn(o.stats, "input.stats"), u32("missed"), u32("invalid"), u64(o.assignedPerSlot, "input.assignedPerSlot"))) };
    },
  },
};
