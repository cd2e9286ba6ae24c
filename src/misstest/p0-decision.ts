/**
 * Which side of getDynamicP0's comparison set the p0 the miss test used, with the numbers on both
 * sides: governance (or a grace epoch's p0, which replaces it), the dynamic table of the network's
 * miss share, or the circuit breaker. An explanation read off explainDynamicP0, never a second rule.
 */
import { groupDigits } from "../format/numbers.js";
import { DYNAMIC_P0_MARGIN_PERMILLE, DYNAMIC_P0_MIN_PARTICIPANTS_WITH_TOTAL, DYNAMIC_P0_MIN_TOTAL_REQUESTS, type DynamicP0Explanation } from "./get-dynamic-p0.js";

export type P0DecidedBy =
  /** The governance p0 (its table, or itself above 500‰). */
  | "governance"
  /** A punishment grace epoch's p0, which replaced governance's for this epoch. */
  | "grace-epoch"
  /** The network miss share + margin selected a table above governance's. */
  | "dynamic-table"
  /** Both sides selected the same table. */
  | "governance-and-dynamic-table"
  /** The dynamic table reached 500‰: nobody is punished. */
  | "circuit-breaker";

export interface P0Decision {
  decidedBy: P0DecidedBy;
  /** The governance (or grace) side in ‰: its table, or its rounded-up value when above 500‰. */
  governancePermille: bigint;
  /** The dynamic side: the table the miss share selected (null when no comparison ran). */
  dynamicTablePermille: bigint | null;
  /** The network miss share in ‰ and the target (share + margin, at most 500‰). */
  missSharePermille: bigint | null;
  targetPermille: bigint | null;
  /** One phrase for people, e.g. "governance: its 100‰ table is above the dynamic 50‰ table, from …". */
  words: string;
}

/** The decision behind `d` (explainDynamicP0's result); `graceEpochApplied`: the governance side is a grace epoch's p0. */
export function p0Decision(d: DynamicP0Explanation, graceEpochApplied: boolean): P0Decision {
  const gov: P0DecidedBy = graceEpochApplied ? "grace-epoch" : "governance";
  const govName = graceEpochApplied ? "the grace epoch's p0" : "governance";
  const govsTable = graceEpochApplied ? "the grace epoch's" : "governance's";
  const none = { dynamicTablePermille: null, missSharePermille: null, targetPermille: null };
  if (d.reason === "governance-pass-through") {
    return { decidedBy: gov, governancePermille: d.governanceCeilPermille, ...none, words: `${govName}: above 500‰ (${d.governanceCeilPermille}‰ rounded up), used as is: no table, no network adjustment, no circuit breaker` };
  }
  const g = d.governancePermille;
  if (d.reason === "sample-gate") {
    return {
      decidedBy: gov,
      governancePermille: g,
      ...none,
      words: `${govName}: its ${g}‰ table; no dynamic p0, the network's ${groupDigits(d.totalRequests)} requests from ${groupDigits(d.participantsUsed)} participants are under the minimum of ${groupDigits(DYNAMIC_P0_MIN_TOTAL_REQUESTS)} requests from ${DYNAMIC_P0_MIN_PARTICIPANTS_WITH_TOTAL} participants`,
    };
  }
  const share = d.baselinePermille!;
  const target = d.targetPermille!;
  const table = d.selectedTablePermille!;
  const capped = share + DYNAMIC_P0_MARGIN_PERMILLE > 500n;
  const dyn = `network miss share ${share}‰ + ${DYNAMIC_P0_MARGIN_PERMILLE}‰ margin ${capped ? "capped at 500‰" : `= ${target}‰`}`;
  const nums = { governancePermille: g, dynamicTablePermille: table, missSharePermille: share, targetPermille: target };
  if (d.skipPunishment) return { decidedBy: "circuit-breaker", ...nums, words: `circuit breaker: ${dyn} reaches the 500‰ table, so nobody is punished (${govsTable} table ${g}‰)` };
  if (g > table) return { decidedBy: gov, ...nums, words: `${govName}: its ${g}‰ table is above the dynamic ${table}‰ table, from ${dyn}` };
  if (g < table) return { decidedBy: "dynamic-table", ...nums, words: `dynamic table: ${dyn} → the ${table}‰ table, above ${govsTable} ${g}‰` };
  return { decidedBy: "governance-and-dynamic-table", ...nums, words: `${govName} and the dynamic table agree on ${g}‰, from ${dyn} → ${table}‰` };
}

