/**
 * Restitution: what an epoch would have paid had an exclusion not fired. The same settlement
 * (settleAccounts, never a second implementation) re-run on the input with the exclusion lifted by the
 * zero-cause lift (lift-zero-cause.ts: status ACTIVE, the exclusion record gone, every other input as
 * recorded), beside the settlement as run. Each excluded participant alone (one counterfactual each) or
 * all of them together (one counterfactual): lifting one moves others' pay wherever the rules let an
 * ACTIVE participant's weight reach them (the power cap, over the ACTIVE weights; v0.2.14's delegation
 * transfers; the supply cap's proportional cut), while the denominator, the total full weight, already
 * counts every excluded participant's weight.
 */
import { InputError } from "../errors.js";
import { didYouMean } from "../format/suggest.js";
import type { ChainDecimal } from "../go/chain-decimal.js";
import type { ChainVersion } from "../versions/chain-version.js";
import { liftCause } from "./lift-zero-cause.js";
import { settleAccounts, type Settlement, type SettledParticipant } from "./settle-accounts.js";
import { EXCLUSION_REASON_STATUS, type Exclusion, type ParticipantStatus, type SettlementInput } from "./settlement-types.js";
import type { ZeroCauseCode } from "./zero-causes.js";

/** Each excluded participant in its own counterfactual, or all of them in one. */
export type RestitutionMode = "alone" | "together";

/** One participant's pay on one side. */
export interface RestitutionSide {
  status: ParticipantStatus;
  /** The weight the reward is proportional to (after the power cap, the miss test and delegation). */
  rewardWeight: bigint;
  rewardCoins: bigint;
  workCoins: bigint;
}

export interface RestitutionRow {
  address: string;
  /** Its exclusion is one of those lifted in this counterfactual. */
  restituted: boolean;
  /** Its exclusion record (a restituted row's is the one lifted; null: none recorded). */
  exclusion: Exclusion | null;
  paid: RestitutionSide;
  would: RestitutionSide;
  /** (would reward + work) − (paid reward + work), ngonka. */
  difference: bigint;
  /** A restituted row: the causes that still zero its reward with the exclusion lifted (empty when paid). */
  stillZeroBy: ZeroCauseCode[];
}

/** The settlement-wide figures of one side. */
export interface RestitutionTotals {
  distributed: bigint;
  remainder: bigint;
  /** Work coins paid (the sum of the rows'). */
  workCoins: bigint;
  /** The power cap applied (null: not binding). */
  powerCap: bigint | null;
  p0: ChainDecimal;
  fixedEpochReward: bigint;
  totalFullWeight: bigint;
}

export interface Counterfactual {
  /** The addresses whose exclusion is lifted, in participant order. */
  restituted: string[];
  /** The input change, in words. */
  lifted: string;
  paid: RestitutionTotals;
  would: RestitutionTotals;
  /**
   * The restituted rows first, then the others in participant order: alone, those whose pay the
   * counterfactual changes; together, every participant of the epoch (a difference of 0 included).
   */
  rows: RestitutionRow[];
}

export interface Restitution {
  epoch: bigint;
  version: ChainVersion;
  mode: RestitutionMode;
  counterfactuals: Counterfactual[];
}

/** The statuses an exclusion leaves (calculations.ComputeStatus: INVALID for the invalidation tests, INACTIVE for downtime and a failed confirmation PoC). */
const EXCLUDED_STATUSES: readonly ParticipantStatus[] = ["INVALID", "INACTIVE"];

/** Whether settlement ran `p` as excluded: not ACTIVE with an exclusion record, or INVALID/INACTIVE without one. */
export function isExcluded(p: SettledParticipant): boolean {
  return p.status !== "ACTIVE" && (p.exclusion !== null || EXCLUDED_STATUSES.includes(p.status));
}

/** The excluded participants of a settlement, once each, in participant order. */
export function excludedParticipants(s: Settlement): SettledParticipant[] {
  const seen = new Set<string>();
  const out: SettledParticipant[] = [];
  for (const p of s.participants) {
    if (!isExcluded(p) || seen.has(p.address)) continue;
    seen.add(p.address);
    out.push(p);
  }
  return out;
}

/** Which exclusions to restitute: addresses and reasons (each absent: any), and whether a restitution was asked for as such. */
export interface RestitutionChoice {
  addresses?: readonly string[];
  reasons?: readonly string[];
  /**
   * A restitution was asked for (settle's --restitution, --together, --reason): every address must name an
   * excluded participant. Otherwise only the excluded among `addresses` are restituted, and none is no answer.
   */
  asked: boolean;
}

/**
 * The excluded participants of `s` to restitute (in participant order), or null when none is asked. Bad
 * choices are InputErrors naming the flag: a reason the chain does not write (the nearest one suggested),
 * an address of a participant settlement did not exclude (when asked), an excluded address whose reason is
 * not among `reasons`. Addresses that are no participant are the caller's to refuse.
 */
export function chooseRestituted(s: Settlement, choice: RestitutionChoice): SettledParticipant[] | null {
  const excluded = excludedParticipants(s);
  const { addresses, reasons } = choice;
  if (reasons !== undefined) {
    const known = [...new Set([...Object.keys(EXCLUSION_REASON_STATUS), ...excluded.flatMap((p) => (p.exclusion === null ? [] : [p.exclusion.reason]))])];
    for (const r of reasons) if (!known.includes(r)) throw new InputError(`not an exclusion reason${didYouMean(r, known, (k) => k) || ` (the chain writes ${Object.keys(EXCLUSION_REASON_STATUS).join(", ")})`}`, `--reason ${r}`);
  }
  let chosen = excluded;
  if (addresses !== undefined) {
    if (choice.asked) {
      for (const a of addresses) {
        const p = s.participants.find((x) => x.address === a);
        if (p !== undefined && !isExcluded(p)) throw new InputError(`${p.status} at the settlement of epoch ${s.epoch}: no exclusion to restitute`, `--address ${a}`);
      }
    }
    chosen = excluded.filter((p) => addresses.includes(p.address));
    if (chosen.length === 0 && !choice.asked) return null;
  } else if (!choice.asked) return null;
  if (reasons !== undefined) {
    if (addresses !== undefined) {
      for (const p of chosen) {
        if (p.exclusion === null || !reasons.includes(p.exclusion.reason)) throw new InputError(`excluded ${p.exclusion === null ? `with status ${p.status} and no exclusion record` : `for ${p.exclusion.reason}`}, not for ${reasons.join(" or ")}`, `--address ${p.address}`);
      }
    }
    chosen = chosen.filter((p) => p.exclusion !== null && reasons.includes(p.exclusion.reason));
  }
  return chosen;
}

function totals(s: Settlement): RestitutionTotals {
  let workCoins = 0n;
  for (const p of s.participants) workCoins += p.workCoins;
  return {
    distributed: s.distributed,
    remainder: s.remainder,
    workCoins,
    powerCap: s.capping.wasCapped ? s.capping.cap : null,
    p0: s.dynamicP0.p0,
    fixedEpochReward: s.fixedEpochReward,
    totalFullWeight: s.totalFullWeight,
  };
}

const side = (p: SettledParticipant): RestitutionSide => ({ status: p.status, rewardWeight: p.weights.reward, rewardCoins: p.rewardCoins, workCoins: p.workCoins });

/** One counterfactual: `addresses` lifted together, set beside the settlement as run. */
function counterfactual(input: SettlementInput, version: ChainVersion, factual: Settlement, addresses: readonly string[], everyRow: boolean): Counterfactual {
  let lifted = input;
  let words = "";
  for (const a of addresses) {
    const l = liftCause(lifted, a, "excluded");
    if (typeof l === "string") throw new Error(`no lift of an exclusion: ${l}`); // the lift of an exclusion is always defined
    lifted = l.input;
    words = l.lifted;
  }
  // Only the restituted rows' causes are read: one of them alone is explained, or every row together.
  const cf = settleAccounts(lifted, version, addresses.length === 1 ? { explainOnly: addresses[0]! } : {});
  const chosen = new Set(addresses);
  const first: RestitutionRow[] = [];
  const rest: RestitutionRow[] = [];
  factual.participants.forEach((p, i) => {
    const q = cf.participants[i]!; // the same input order on both sides
    const restituted = chosen.has(p.address);
    const difference = q.rewardCoins + q.workCoins - (p.rewardCoins + p.workCoins);
    const moved = q.rewardCoins !== p.rewardCoins || q.workCoins !== p.workCoins;
    if (!restituted && !moved && !everyRow) return;
    const row: RestitutionRow = {
      address: p.address,
      restituted,
      exclusion: p.exclusion,
      paid: side(p),
      would: side(q),
      difference,
      stillZeroBy: restituted ? q.zeroCauses.map((c) => c.code) : [],
    };
    (restituted ? first : rest).push(row);
  });
  return { restituted: first.map((r) => r.address), lifted: words, paid: totals(factual), would: totals(cf), rows: [...first, ...rest] };
}

/**
 * The restitution of `addresses` (excluded participants of `factual`, the settlement of `input` on
 * `version`): one counterfactual per address (`alone`) or one for all (`together`). Addresses that
 * settlement did not run as excluded are refused by the caller (an Error here).
 */
export function restitute(input: SettlementInput, version: ChainVersion, factual: Settlement, addresses: readonly string[], mode: RestitutionMode): Restitution {
  const byAddress = new Map(factual.participants.map((p) => [p.address, p] as const));
  for (const a of addresses) {
    const p = byAddress.get(a);
    if (p === undefined || !isExcluded(p)) throw new Error(`${a} is not an excluded participant of epoch ${factual.epoch}`);
  }
  const unique = [...new Set(addresses)];
  const counterfactuals =
    unique.length === 0 ? [] : mode === "together" ? [counterfactual(input, version, factual, unique, true)] : unique.map((a) => counterfactual(input, version, factual, [a], false));
  return { epoch: factual.epoch, version, mode, counterfactuals };
}
