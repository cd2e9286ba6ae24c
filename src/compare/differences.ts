/**
 * Every parameter and outcome that differs between A and B, in words: the "what changes" list at the
 * top of every rendering. Empty when the two proposals agree on everything.
 */
import { groupDigits } from "../format/numbers.js";
import type { ComparisonModel, Difference, ModelSide, ResolvedParams } from "./model.js";

type Body = Omit<ComparisonModel, "differences" | "notes">;

const preserved = (s: ModelSide): string => `${groupDigits(s.achievedWeight)} of target ${groupDigits(s.targetWeight)}, ${s.nodeCount} nodes`;

const show = (v: unknown): string => (v === null || v === undefined ? "(unset)" : String(v));

function paramDifferences(a: ResolvedParams, b: ResolvedParams): Difference[] {
  const out: Difference[] = [];
  const add = (what: string, x: unknown, y: unknown): void => {
    if (show(x) !== show(y)) out.push({ what, a: show(x), b: show(y) });
  };
  add("PocSlotAllocation", a.pocSlotAllocation.value, b.pocSlotAllocation.value);
  add("PoCMaxConcurrentPer10000Weight", a.pocMaxConcurrentPer10000Weight.value, b.pocMaxConcurrentPer10000Weight.value);
  add("BinomTestP0", a.binomTestP0.value, b.binomTestP0.value);
  add("vote_threshold_factor", a.voteThresholdFactor.value, b.voteThresholdFactor.value);
  add("preserved rule", a.preservedRule.value, b.preservedRule.value);
  add("demand input", a.demandSource, b.demandSource);
  return out;
}

/** The differences of a model body (parameters first, then outcomes in report order). */
export function differences(m: Body): Difference[] {
  const out = paramDifferences(m.a, m.b);
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
