/**
 * Every parameter and outcome that differs between A and B, in words: the "what changes" list at the
 * top of every rendering. Empty when the two proposals agree on everything.
 */
import { groupDigits } from "../format/numbers.js";
import type { ComparisonModel, Difference, ModelSide, RealProposalB, ResolvedParams } from "./model.js";
import type { ModelledKeyName } from "./params.js";

type Body = Omit<ComparisonModel, "differences" | "notes">;

const preserved = (s: ModelSide): string => `${groupDigits(s.achievedWeight)} of target ${groupDigits(s.targetWeight)}, ${s.nodeCount} nodes`;

const show = (v: unknown): string => (v === null || v === undefined ? "(unset)" : String(v));

/**
 * Every parameter a real proposal B changes, whether compare runs it or not: those it runs (named by
 * their compare key), those no rule compare runs varies (A and B run the value in force), then those
 * the params in force do not record (one line each for a key compare varies, one line for the rest).
 */
function proposalDifferences(b: RealProposalB): Difference[] {
  const out: Difference[] = [];
  for (const c of b.changes) {
    if (c.treatment === "modelled") out.push({ what: `${c.modelled} (${c.path})`, a: c.oldText, b: c.newText });
    else if (c.treatment === "not-runnable") out.push({ what: `${c.modelled} (${c.path}; not compared: ${c.why})`, a: c.oldText, b: c.newText });
    else if (c.treatment === "not-modelled") {
      const why = c.readBy === null ? "no rule of the port reads it" : `read by ${c.readBy}; compare runs A and B with the value in force`;
      out.push({ what: `${c.path} (not modelled: ${why})`, a: c.oldText, b: c.newText });
    }
  }
  const unknown = b.changes.filter((c) => c.treatment === "not-recorded");
  for (const c of unknown) if (c.modelled !== null) out.push({ what: `${c.modelled} (${c.path}; not compared: the params in force do not record it)`, a: c.oldText, b: c.newText });
  const rest = unknown.filter((c) => c.modelled === null).length;
  if (rest > 0) out.push({ what: `${rest} ${rest === 1 ? "other parameter" : "other parameters"} the params in force (${b.inForce}) do not record, so whether B changes them is unknown (not modelled; --json lists them under bProposal)`, a: "(not recorded)", b: "set by B" });
  return out;
}

function paramDifferences(a: ResolvedParams, b: ResolvedParams, real: RealProposalB | null): Difference[] {
  const out: Difference[] = [];
  const add = (what: string, x: unknown, y: unknown, key?: ModelledKeyName): void => {
    // a real proposal's change already listed with these values
    const listed = real?.changes.some((c) => c.modelled === key && c.treatment === "modelled" && c.old === show(x) && c.new === show(y)) === true;
    if (show(x) !== show(y) && !listed) out.push({ what, a: show(x), b: show(y) });
  };
  add("PocSlotAllocation", a.pocSlotAllocation.value, b.pocSlotAllocation.value, "PocSlotAllocation");
  add("PoCMaxConcurrentPer10000Weight", a.pocMaxConcurrentPer10000Weight.value, b.pocMaxConcurrentPer10000Weight.value);
  add("BinomTestP0", a.binomTestP0.value, b.binomTestP0.value, "BinomTestP0");
  add("vote_threshold_factor", a.voteThresholdFactor.value, b.voteThresholdFactor.value, "vote_threshold_factor");
  add("preserved rule", a.preservedRule.value, b.preservedRule.value);
  add("demand input", a.demandSource, b.demandSource);
  return out;
}

/** The differences of a model body (a real proposal's changes first, then the other parameters, then outcomes in report order). */
export function differences(m: Body): Difference[] {
  const out = [...(m.bProposal === null ? [] : proposalDifferences(m.bProposal)), ...paramDifferences(m.a, m.b, m.bProposal)];
  for (const x of m.models) {
    if (x.a.achievedWeight !== x.b.achievedWeight || x.a.nodeCount !== x.b.nodeCount || x.a.targetWeight !== x.b.targetWeight) {
      out.push({
        what: `${x.modelId}: preserved weight`,
        a: preserved(x.a),
        b: preserved(x.b),
      });
    }
  }
  if (m.changes.length > 0) {
    const gained = m.changes.reduce((s, c) => s + c.nodesGained.length, 0);
    const lost = m.changes.reduce((s, c) => s + c.nodesLost.length, 0);
    const wg = m.changes.reduce((s, c) => s + c.weightGained, 0n);
    const wl = m.changes.reduce((s, c) => s + c.weightLost, 0n);
    const ops = (f: (c: (typeof m.changes)[number]) => boolean): number => new Set(m.changes.filter(f).map((c) => c.address)).size;
    out.push({
      what: "preserved nodes only under this proposal",
      a: `${groupDigits(lost)} nodes (${groupDigits(wl)} weight) of ${groupDigits(ops((c) => c.nodesLost.length > 0))} operators`,
      b: `${groupDigits(gained)} nodes (${groupDigits(wg)} weight) of ${groupDigits(ops((c) => c.nodesGained.length > 0))} operators`,
    });
  }
  if (m.missTest) {
    const t = m.missTest;
    if (t.a.settlementP0 !== t.b.settlementP0 || t.a.skipped !== t.b.skipped) {
      out.push({ what: "settlement p0", a: `${t.a.settlementP0}${t.a.skipped ? " (skipped)" : ""}`, b: `${t.b.settlementP0}${t.b.skipped ? " (skipped)" : ""}` });
    }
    if (t.participants.some((p) => p.passedA !== p.passedB)) {
      out.push({ what: "participants zeroed by the miss test", a: String(t.zeroedA), b: String(t.zeroedB) });
    }
  }
  for (const r of m.voteThreshold) {
    if (r.neededA !== r.neededB) out.push({ what: `slots a resolution needs (N = ${r.groupSize})`, a: String(r.neededA), b: String(r.neededB) });
  }
  if (m.simulation && (m.simulation.a.misses !== m.simulation.b.misses || m.simulation.a.refusedBeforeReceipt !== m.simulation.b.refusedBeforeReceipt)) {
    out.push({
      what: `${m.simulation.scenario}: misses (refused before receipt)`,
      a: `${m.simulation.a.misses} (${m.simulation.a.refusedBeforeReceipt})`,
      b: `${m.simulation.b.misses} (${m.simulation.b.refusedBeforeReceipt})`,
    });
  }
  return out;
}
