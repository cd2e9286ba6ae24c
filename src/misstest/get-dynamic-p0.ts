/**
 * Settlement's choice of p0: the governance value rounded up to a table, raised to the table for
 * the network's miss share plus a 20‰ margin, with a circuit breaker when that table is 500‰.
 */
import { GoPanic } from "../go/errors.js";
import { UINT64_MAX } from "../go/int64.js";
import { ceilToSupportedP0Permille } from "./ceil-to-supported-p0-permille.js";
import type { ChainDecimal } from "../go/chain-decimal.js";
import { decimalToPermilleCeil } from "./decimal-to-permille-ceil.js";
import { permilleToP0Decimal } from "./permille-to-p0-decimal.js";

/** Mirrors keeper.dynamicP0MarginPermille. */
export const DYNAMIC_P0_MARGIN_PERMILLE = 20n;
/** Mirrors keeper.dynamicP0MinTotalRequests. */
export const DYNAMIC_P0_MIN_TOTAL_REQUESTS = 1000n;
/** Mirrors keeper.dynamicP0MinParticipantsWithTotal. */
export const DYNAMIC_P0_MIN_PARTICIPANTS_WITH_TOTAL = 5;

/** types.CurrentEpochStats: the two counters the miss test reads (uint64). */
export interface CurrentEpochStats {
  inferenceCount: bigint;
  missedRequests: bigint;
}

/** The part of types.Participant the downtime step reads. */
export interface Participant {
  address: string;
  currentEpochStats: CurrentEpochStats | null;
}

/** The part of types.ValidationParams the miss test reads. */
export interface ValidationParams {
  binomTestP0: ChainDecimal | null;
}

/** Why getDynamicP0 returned what it did. */
export type DynamicP0Reason =
  /** Governance p0 rounds up above 500‰: returned unchanged, no tables, no circuit breaker. */
  | "governance-pass-through"
  /** Fewer than 1000 requests or fewer than 5 participants with requests: the governance table. */
  | "sample-gate"
  /** Network miss share + margin decided (possibly raised to the governance table). */
  | "dynamic";

export interface DynamicP0Explanation {
  p0: ChainDecimal;
  skipPunishment: boolean;
  reason: DynamicP0Reason;
  /** decimalToPermilleCeil of the governance p0 (0 when nil). */
  governanceCeilPermille: bigint;
  /** The governance table permille (default 100). */
  governancePermille: bigint;
  totalRequests: bigint;
  missedRequests: bigint;
  participantsUsed: number;
  /** Only for reason "dynamic". */
  baselinePermille?: bigint;
  targetPermille?: bigint;
  selectedTablePermille?: bigint;
}

/** Go's bits.Add64 with the carry turned into saturation at 2^64 − 1. */
function saturatingAdd(a: bigint, b: bigint): bigint {
  const s = a + b;
  return s > UINT64_MAX ? UINT64_MAX : s;
}

/** getDynamicP0 with every intermediate value, for explanations. Same result as getDynamicP0. */
export function explainDynamicP0(participants: readonly Participant[], validationParams: ValidationParams | null): DynamicP0Explanation {
  let governancePermille = 100n;
  let governanceCeilPermille = 0n;
  if (validationParams !== null && validationParams.binomTestP0 !== null) {
    governanceCeilPermille = decimalToPermilleCeil(validationParams.binomTestP0);
    if (governanceCeilPermille > 500n) {
      return {
        p0: validationParams.binomTestP0,
        skipPunishment: false,
        reason: "governance-pass-through",
        governanceCeilPermille,
        governancePermille,
        totalRequests: 0n,
        missedRequests: 0n,
        participantsUsed: 0,
      };
    }
    if (governanceCeilPermille > 0n) governancePermille = ceilToSupportedP0Permille(governanceCeilPermille);
  }

  let totalRequests = 0n;
  let missedRequests = 0n;
  let participantsUsed = 0;
  for (const participant of participants) {
    const stats = participant.currentEpochStats;
    if (stats === null) continue;
    const total = saturatingAdd(stats.inferenceCount, stats.missedRequests);
    if (total === 0n) continue;
    totalRequests = saturatingAdd(totalRequests, total);
    missedRequests = saturatingAdd(missedRequests, stats.missedRequests);
    participantsUsed++;
  }
  const base = { governanceCeilPermille, governancePermille, totalRequests, missedRequests, participantsUsed };
  if (totalRequests < DYNAMIC_P0_MIN_TOTAL_REQUESTS || participantsUsed < DYNAMIC_P0_MIN_PARTICIPANTS_WITH_TOTAL) {
    return { ...base, p0: permilleToP0Decimal(governancePermille), skipPunishment: false, reason: "sample-gate" };
  }

  // bits.Mul64 then bits.Div64: a 128-bit product divided by a 64-bit total (panics if the quotient overflows).
  const product = missedRequests * 1000n;
  if (product >> 64n >= totalRequests) throw new GoPanic("runtime error: integer overflow");
  const baselinePermille = product / totalRequests;

  let targetPermille = baselinePermille + DYNAMIC_P0_MARGIN_PERMILLE;
  if (targetPermille > 500n) targetPermille = 500n;
  const selectedTablePermille = ceilToSupportedP0Permille(targetPermille);
  const finalPermille = governancePermille > selectedTablePermille ? governancePermille : selectedTablePermille;
  return {
    ...base,
    p0: permilleToP0Decimal(finalPermille),
    skipPunishment: selectedTablePermille === 500n,
    reason: "dynamic",
    baselinePermille,
    targetPermille,
    selectedTablePermille,
  };
}

/** Mirrors keeper.getDynamicP0 (the epoch argument is only logged by Go, so it is omitted). */
export function getDynamicP0(
  participants: readonly Participant[],
  validationParams: ValidationParams | null,
): { p0: ChainDecimal; skipPunishment: boolean } {
  const e = explainDynamicP0(participants, validationParams);
  return { p0: e.p0, skipPunishment: e.skipPunishment };
}
