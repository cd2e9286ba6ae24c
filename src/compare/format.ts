/**
 * Display helpers shared by the terminal table and the HTML report. Display only: every value here
 * was decided exactly before it reaches these functions.
 */
import type { AnchorProbability, ComparisonModel, ResolvedValue } from "./model.js";
import { groupDigits } from "../format/numbers.js";

/** "37.5% (75/200)": a count over anchors as a percentage with one decimal, computed on integers. */
export function probability(p: AnchorProbability | undefined): string {
  if (!p || p.anchors === 0) return "n/a";
  const tenths = Math.round((p.preserved * 1000) / p.anchors);
  return `${Math.floor(tenths / 10)}.${tenths % 10}% (${p.preserved}/${p.anchors})`;
}

/** "2.35": the expected preserved nodes per PoC over the anchors (two decimals, rounded on integers); "n/a" when not counted. */
export function expectedNodes(p: AnchorProbability | undefined): string {
  if (!p || p.anchors === 0 || p.nodeSum === undefined) return "n/a";
  const hundredths = Math.round((p.nodeSum * 100) / p.anchors);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}

/** "4,512": the expected preserved PoC weight per PoC over the anchors (rounded half up on bigint); "n/a" when not counted. */
export function expectedWeight(p: AnchorProbability | undefined): string {
  if (!p || p.anchors === 0 || p.weightSum === undefined) return "n/a";
  const n = BigInt(p.anchors);
  return groupDigits((p.weightSum * 2n + n) / (2n * n));
}

/** "64.0% → 64.0%", "2.35 → 5.10": one figure under A and B. */
export function aToB(a: string, b: string): string {
  return `${a} → ${b}`;
}

/** A resolved parameter: its value, and where it came from unless the proposal set it (and what a real proposal sets instead, when compare does not run it). */
export function resolved<T>(v: ResolvedValue<T>): string {
  const s = v.value === null ? "(unset: chain default)" : String(v.value);
  if (v.source === "proposal") return s;
  return v.proposed === undefined ? `${s} (${v.source})` : `${s} (${v.source}; the proposal sets ${v.proposed}: not compared)`;
}

/** What each part of the comparison reads: "the snapshot's preserved state, demand from …, the miss test on …[, the epoch-433 replay …]". */
export function inputsText(m: ComparisonModel): string {
  const dump = m.snapshot.source === "rest-dump";
  const demand = m.a.demandSource === m.b.demandSource ? (m.a.demandSource === null ? "no demand input" : `demand from ${m.a.demandSource}`) : `demand A from ${m.a.demandSource ?? "none"}, B from ${m.b.demandSource ?? "none"}`;
  const state = dump ? "the preserved state rebuilt from the REST dump" : "the snapshot's preserved state";
  const miss = m.missTest === null ? "no settlement slice" : dump ? "the dump's settled epoch" : "the snapshot's settlement slice";
  return `${state}, ${demand}, the miss test on ${miss}${m.simulation === null ? "" : ", the epoch-433 replay on the built-in scenario"}`;
}

/**
 * The warning a real proposal B gets when the chain refuses its Params: one head line and one line per
 * refused value (empty when nothing is refused, or B is a proposal file).
 */
export function refusalLines(m: ComparisonModel): string[] {
  const b = m.bProposal;
  if (b === null || b.refused.length === 0) return [];
  const n = b.refused.length;
  return [
    `WARNING: the chain would refuse B: Params.Validate (${b.validateVersion}) refuses ${n === 1 ? "a value" : `${n} values`} of proposal ${b.id}'s Params, so its MsgUpdateParams fails when executed and nothing changes (the proposal ends failed); what follows is what B's values would do if they took effect:`,
    ...b.refused.map((r) => `${r.path}${r.value === null ? " (left out)" : ` ${r.value === "" ? '""' : r.value}`}: ${r.rule}${r.kept ? " (the value in force too)" : ""}`),
  ];
}

/** Shorten a long bech32 address for narrow tables: gonka1abcd…wxyz. */
export function shortAddress(a: string): string {
  return a.length > 20 ? `${a.slice(0, 10)}…${a.slice(-6)}` : a;
}

/** The parameter rows both renderings show: [name, A's value, B's value], values with their source. */
export function parameterRows(m: ComparisonModel): [string, string, string][] {
  return [
    ["PocSlotAllocation", resolved(m.a.pocSlotAllocation), resolved(m.b.pocSlotAllocation)],
    ["PoCMaxConcurrentPer10000Weight", resolved(m.a.pocMaxConcurrentPer10000Weight), resolved(m.b.pocMaxConcurrentPer10000Weight)],
    ["BinomTestP0", resolved(m.a.binomTestP0), resolved(m.b.binomTestP0)],
    ["vote_threshold_factor", resolved(m.a.voteThresholdFactor), resolved(m.b.voteThresholdFactor)],
    ["preserved rule", resolved(m.a.preservedRule), resolved(m.b.preservedRule)],
    ["demand input", m.a.demandSource ?? "none", m.b.demandSource ?? "none"],
  ];
}
