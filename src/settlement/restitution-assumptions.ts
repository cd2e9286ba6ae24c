/**
 * Which restitution rows rest on an input the source assumed (src/assumptions.ts): a row reads parts of
 * the settlement input (its own, the restituted participants' and the shared ones); an assumption that
 * fills one of them makes the row not computable from the inputs, and the answer says so, naming the lack
 * and what the assumption gave, never presenting the figure as fact.
 *
 * Two differences from the zero causes (assumed-causes.ts), both because a restitution pays rows the
 * settlement as run did not:
 * - an assumption naming whose values it filled (`fills.addresses`) counts for those participants
 *   whatever rows it could change in the settlement as run (that count is of the rows as run: an excluded
 *   participant's coin balance changes nothing there, and its work coins and debt in a restitution);
 * - a shared input (the reward params, the PoC model scale factors, the collateral grace period, the p0,
 *   the supply cap) is corroborated when the settlement as run reproduces every row the source records
 *   the chain paid: it is then listed as such, and marks no row.
 */
import { lackText, type NamedAssumption } from "../assumptions.js";
import type { ChainVersion } from "../versions/chain-version.js";
import type { SettlementPart } from "./assumed-causes.js";
import type { Counterfactual, RestitutionRow } from "./restitution.js";

/** An assumed input a row reads: the assumption, the lack in words, and the parts of the input it fills that the row reads. */
export interface RowAssumption {
  input: string;
  assumption: string;
  lack: string;
  /** The flag that supplies the input instead, when there is one. */
  flag?: string;
  parts: SettlementPart[];
  /** What those parts could change in this row, in words. */
  changes: string;
}

/** What each part could change in a restitution row. */
const PART_EFFECT: Record<SettlementPart, string> = {
  participants: "who settles",
  status: "whether the participant was excluded at settlement at all",
  "coin-balance": "its work coins (a positive balance is paid as work coins) and its reward (a debt is taken from it first)",
  "epoch-stats": "the restituted participant's miss test",
  "validation-weights": "the restituted participant's weight, and through the power cap others' pay",
  "model-nodes": "the restituted participant's effective weight (its node total), and through the power cap others' pay",
  "poc-model-scales": "every effective weight rescaled by the PoC model scale factors",
  collateral: "every effective weight rescaled under the collateral grace period",
  "reward-params": "every reward (the fixed epoch reward)",
  p0: "every miss test",
  supply: "every reward (the supply cap's cut)",
  delegation: "the reward weight delegation moves",
};

/** What a restituted participant's weight reads, for every row of its counterfactual (the power cap, delegation). */
const WEIGHT_PARTS: readonly SettlementPart[] = ["status", "validation-weights", "model-nodes", "delegation"];
/** A restituted row's own: its weight, its miss test, and its coin balance (work coins, and the debt taken from the reward). */
const RESTITUTED_OWN: readonly SettlementPart[] = [...WEIGHT_PARTS, "epoch-stats", "coin-balance"];
/** A row whose pay the restitution moves: its coin balance (a debt takes the change first) and its delegation. */
const MOVED_OWN: readonly SettlementPart[] = ["coin-balance", "delegation"];
/** Values every participant shares. */
export const SHARED_PARTS: readonly SettlementPart[] = ["reward-params", "poc-model-scales", "collateral", "p0", "supply"];

/** The shared parts the rules of `version` read: the PoC model scale factors only v0.2.12's rescale, the collateral grace period only v0.2.11's. */
export function sharedPartsRead(version: ChainVersion): SettlementPart[] {
  return SHARED_PARTS.filter((p) => (p === "poc-model-scales" ? version === "v0.2.12" : p === "collateral" ? version === "v0.2.11" : true));
}

/** An assumption a restitution can rest on: one that is no warning and names what it fills. */
function candidate(a: NamedAssumption): boolean {
  return a.warning !== true && a.fills !== undefined && a.fills.parts.length > 0;
}

/** A shared input's assumption that could change a row (the ones a full match with the chain's records corroborates). */
function sharedOnly(a: NamedAssumption): boolean {
  return candidate(a) && a.fills!.addresses === undefined && a.rowsAffected > 0 && a.fills!.parts.every((p) => (SHARED_PARTS as readonly string[]).includes(p));
}

/** The shared inputs' assumptions corroborated by the chain's records (empty unless `corroborated`). */
export function corroboratedAssumptions<A extends NamedAssumption>(assumptions: readonly A[], corroborated: boolean): A[] {
  return corroborated ? assumptions.filter(sharedOnly) : [];
}

/** The parts of whose input the row reads: address → parts. */
function partsRead(row: RestitutionRow, cf: Counterfactual): Map<string, readonly SettlementPart[]> {
  const m = new Map<string, SettlementPart[]>();
  const add = (address: string, parts: readonly SettlementPart[]): void => {
    const cur = m.get(address) ?? [];
    for (const p of parts) if (!cur.includes(p)) cur.push(p);
    m.set(address, cur);
  };
  for (const r of cf.restituted) add(r, r === row.address ? RESTITUTED_OWN : WEIGHT_PARTS);
  const moved = row.would.rewardCoins !== row.paid.rewardCoins || row.would.workCoins !== row.paid.workCoins;
  if (!row.restituted && moved) add(row.address, MOVED_OWN);
  return m;
}

/**
 * The assumed inputs `row` of `cf` reads under the rules of `version`, in the order of `assumptions`: each
 * with the parts it fills that the row reads. `corroborated`: the settlement as run reproduced every
 * recorded row.
 */
export function rowAssumptions(row: RestitutionRow, cf: Counterfactual, assumptions: readonly (NamedAssumption & { flag?: string })[], corroborated: boolean, version: ChainVersion): RowAssumption[] {
  const reads = partsRead(row, cf);
  const shared = sharedPartsRead(version);
  const out: RowAssumption[] = [];
  for (const a of assumptions) {
    if (!candidate(a)) continue;
    const whose = a.fills!.addresses === undefined ? null : new Set(a.fills!.addresses);
    if (whose === null && a.rowsAffected === 0) continue; // the source holds the value, or one the chain is known to have written
    const hit: SettlementPart[] = [];
    for (const part of a.fills!.parts as readonly SettlementPart[]) {
      if (SHARED_PARTS.includes(part)) {
        if (!corroborated && whose === null && shared.includes(part)) hit.push(part);
        continue;
      }
      for (const [address, parts] of reads) {
        if (parts.includes(part) && (whose === null || whose.has(address)) && !hit.includes(part)) hit.push(part);
      }
    }
    if (hit.length > 0) {
      out.push({ input: a.input, assumption: a.assumption, lack: lackText(a), ...(a.flag !== undefined ? { flag: a.flag } : {}), parts: hit, changes: hit.map((h) => PART_EFFECT[h]).join("; ") });
    }
  }
  return out;
}
