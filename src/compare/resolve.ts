/**
 * Fill in what a proposal leaves out: the value in force in the snapshot, else the chain's (or the
 * gateway's) default. Each resolved value says where it came from, so a reader of the report can tell
 * a proposed change from an inherited value.
 */
import { InputError } from "../errors.js";
import { Decimal } from "../go/decimal.js";
import type { Json } from "../go/json.js";
import type { PreservedState } from "../preserved/state.js";
import type { Snapshot } from "../snapshot/snapshot.js";
import type { DemandFigures, Engines } from "./engines.js";
import type { ResolvedParams, ResolvedValue } from "./model.js";
import type { ProposalParams } from "./params.js";
import { isJsonObject } from "../json-input.js";

/** devshardctl's default GATEWAY_POC_MAX_CONCURRENT_REQUESTS_PER_10000_WEIGHT. */
export const DEFAULT_RATE = 10n;
/** ValidationParams.binom_test_p0 default {1, -1}. */
export const DEFAULT_P0 = "0.1";
/** DevshardEscrowParams.vote_threshold_factor default. */
export const DEFAULT_FACTOR = 50n;
/** DevshardEscrowParams.group_size default. */
export const DEFAULT_GROUP_SIZE = 16;

/** Find the first of `names` in `o` or one level down under `parents` (the chain slice is informal). */
function dig(o: Json | undefined, parents: string[], names: string[]): Json | undefined {
  if (!isJsonObject(o)) return undefined;
  for (const n of names) if (o[n] !== undefined) return o[n];
  for (const p of parents) {
    const v = dig(o[p], parents, names);
    if (v !== undefined) return v;
  }
  return undefined;
}

const ESCROW_PARENTS = ["params", "devshardEscrowParams", "devshard_escrow_params", "escrowParams"];

function smallInt(v: Json | undefined): bigint | undefined {
  if (typeof v === "bigint") return v;
  if (typeof v === "number" && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === "string" && /^\d+$/.test(v)) return BigInt(v);
  return undefined;
}

/** vote_threshold_factor recorded in the snapshot's chain slice, if any. */
export function snapshotVoteThresholdFactor(snapshot: Snapshot): bigint | undefined {
  const f = smallInt(dig(snapshot.chain, ESCROW_PARENTS, ["voteThresholdFactor", "vote_threshold_factor"]));
  return f !== undefined && f > 0n && f <= 100n ? f : undefined;
}

/** group_size recorded in the snapshot's chain slice, if any. */
export function snapshotGroupSize(snapshot: Snapshot): number | undefined {
  const g = smallInt(dig(snapshot.chain, ESCROW_PARENTS, ["groupSize", "group_size"]));
  return g !== undefined && g > 0n && g <= 4096n ? Number(g) : undefined;
}

/** The inputs one proposal runs with, beside its resolved (display) form. */
export interface ProposalRun {
  params: ResolvedParams;
  slotAllocation: Decimal | null;
  rate: bigint;
  p0: Decimal;
  factor: bigint;
  demand: DemandFigures | undefined;
}

function pick<T>(proposal: T | undefined, snapshot: T | undefined, dflt: T): ResolvedValue<T> {
  if (proposal !== undefined) return { value: proposal, source: "proposal" };
  if (snapshot !== undefined) return { value: snapshot, source: "snapshot" };
  return { value: dflt, source: "default" };
}

/**
 * A real proposal's value (`set`) beside the one compare runs: the same value is the proposal's; another
 * (the params in force do not record it, so it is not compared) is named as what the proposal sets.
 */
function marked<T>(v: ResolvedValue<T>, set: string | undefined): ResolvedValue<T> {
  if (set === undefined || v.source === "proposal") return v;
  return String(v.value) === set ? { value: v.value, source: "proposal" } : { ...v, proposed: set };
}

/** Resolve one proposal against the snapshot. Demand errors name the proposal's `demand` key. */
export function resolveProposal(p: ProposalParams, where: string, snapshot: Snapshot, state: PreservedState, engines: Engines): ProposalRun {
  let demandJson: { json: Json; path: string; source: string } | undefined;
  if (p.demand) demandJson = { json: p.demand.json, path: `${where}: demand`, source: p.demand.source };
  else if (snapshot.demand !== undefined) demandJson = { json: snapshot.demand, path: "snapshot: demand", source: "snapshot" };
  const demand = demandJson ? engines.preserved.parseDemand(demandJson.json, demandJson.path) : undefined;

  const chainPsa = state.params.epochParams.pocSlotAllocation;
  const snapPsa = chainPsa ? Decimal.fromChain(chainPsa) : undefined;
  const psa = pick<Decimal | null>(p.pocSlotAllocation, snapPsa, null);

  const rate = pick(p.pocMaxConcurrentPer10000Weight, demand?.rate, DEFAULT_RATE);
  const snapP0 = snapshot.settlement !== undefined ? engines.missTest.governanceP0(snapshot.settlement) : undefined;
  const p0 = pick(p.binomTestP0, snapP0, Decimal.fromString(DEFAULT_P0));
  const factor = pick(p.voteThresholdFactor, snapshotVoteThresholdFactor(snapshot), DEFAULT_FACTOR);
  const rule = pick(p.preservedRule, undefined, "current" as const);
  if (rule.value === "demand" && !demand) {
    throw new InputError(`the demand rule needs peak in-flight PoC requests per model: give "demand" (a file or an object) here, or use a snapshot with a demand slice`, `${where}: preserved_rule`);
  }

  const params: ResolvedParams = {
    name: p.name,
    ...(p.description !== undefined ? { description: p.description } : {}),
    pocSlotAllocation: marked({ value: psa.value === null ? null : psa.value.toString(), source: psa.source }, p.sets?.PocSlotAllocation),
    pocMaxConcurrentPer10000Weight: rate,
    binomTestP0: marked({ value: p0.value.toString(), source: p0.source }, p.sets?.BinomTestP0),
    voteThresholdFactor: marked(factor, p.sets?.vote_threshold_factor),
    preservedRule: rule,
    demandSource: demandJson?.source ?? null,
  };
  return { params, slotAllocation: psa.value, rate: rate.value, p0: p0.value, factor: factor.value, demand };
}

/** The state with PocSlotAllocation replaced (a copy; the input is not touched). */
export function withSlotAllocation(state: PreservedState, psa: Decimal | null): PreservedState {
  if (psa === null) return state;
  return { ...state, params: { ...state.params, epochParams: { ...state.params.epochParams, pocSlotAllocation: psa.toChain() } } };
}
