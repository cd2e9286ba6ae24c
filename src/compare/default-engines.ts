/**
 * The comparison's engines wired to the project's rule families (adapters only: every rule is the
 * family's own function).
 *
 * - preserved: one anchor runs `runPreservedRules` (today's rule or the demand rule, the preserved
 *   family's own entry point). The probability over anchors counts, like the operator check's
 *   `preservationProbability`, the anchors first, first + 1, … at which the address keeps at least one
 *   node in the model; it draws each anchor once for every address at the same time, through the
 *   sampler's per-anchor index (src/preserved/anchor-index.ts: the draw and the 34 % cap, then
 *   today's first round or the demand rule's largest-first walk, without a full fill).
 *   test/compare/engines.test.ts and test/preserved/anchor-index.property.test.ts check both against
 *   the family's functions.
 * - miss test: the allowed maximum of explainMissedStatTest and the exact critical value; settlement
 *   through the epoch input reader and evaluateEpoch.
 * - votes: computeVoteThreshold.
 */
import { Decimal } from "../go/decimal.js";
import type { Json } from "../go/json.js";
import { parseDemand } from "../preserved/demand.js";
import { demandRuleFill, demandTarget, demandWeight, type FillNode } from "../preserved/demand-rule.js";
import { anchorIndex, eligibleCountsAt, forEachPreserved, type ModelAnchorIndex } from "../preserved/anchor-index.js";
import { forEachLargestFirst } from "../preserved/largest-first-order.js";
import { runPreservedRules } from "../preserved/compare-rules.js";
import { prepareEpisodeShared, sampleAtAnchor, type PreparedEpisode } from "../preserved/sample-preserved-for-episode.js";
import type { PreservedState } from "../preserved/state.js";
import type { PreservedRules } from "../preserved/preserved-rules.js";
import { exactCriticalValue } from "../misstest/exact-binomial.js";
import { explainDynamicP0 } from "../misstest/get-dynamic-p0.js";
import { explainMissedStatTest } from "../misstest/missed-stat-verdict.js";
import { computeVoteThreshold } from "../votes/session-config.js";
import type { Engines, MissTestEngine, PreservedEngine, PreservedModelRun, PreservedSettings } from "./engines.js";
import { settlementEngine, settlementEngineFor } from "./settlement-adapter.js";
import type { ChainVersion } from "../versions/chain-version.js";
import { simulateEpoch433 } from "./simulation-adapter.js";
import { preservedTallies } from "./preserved-expectations.js";

/** The preserved set of every model at one anchor of a prepared episode (the probability's inner loop). */
export function runPrepared(prepared: PreparedEpisode, s: PreservedSettings, anchor: bigint): PreservedModelRun[] {
  const at = sampleAtAnchor(prepared, anchor, { traceDecisions: false });
  if (s.rule === "current") {
    return at.samplePreservedCalls
      .filter((c, i, all) => all.findIndex((d) => d.modelId === c.modelId) === i)
      .map((c) => ({
        modelId: c.modelId,
        totalWeight: c.totalWeight,
        targetWeight: c.targetWeight,
        achievedWeight: c.achievedWeight,
        nodes: [...c.allocated].flatMap(([participant, ids]) => [...ids].map((nodeId) => ({ participant, nodeId }))),
      }));
  }
  // The demand rule: same eligible set, target max(today's, D_m), largest node first.
  const out: PreservedModelRun[] = [];
  const byModel = new Map(prepared.modelPreps.map((p, i) => [p.modelId, at.perModelFilter[i]!.eligible]));
  for (const modelId of prepared.sortedModelIds) {
    if (out.some((r) => r.modelId === modelId)) continue;
    const eligible = new Map<string, FillNode[]>();
    for (const [addr, nodes] of byModel.get(modelId) ?? new Map<string, FillNode[]>()) eligible.set(addr, nodes.map((n) => ({ nodeId: n.nodeId, pocWeight: n.pocWeight })));
    const today = prepared.targetWeights.get(modelId) ?? 0n;
    const { fill } = demandRuleFill(eligible, today, s.demand?.peakInFlight.get(modelId), s.rate);
    out.push({
      modelId,
      totalWeight: prepared.totalWeights.get(modelId) ?? 0n,
      targetWeight: fill.targetWeight,
      achievedWeight: fill.achievedWeight,
      nodes: fill.allocationOrder.map((n) => ({ participant: n.participant, nodeId: n.nodeId })),
    });
  }
  return out;
}

/** The probabilities from full runs at each anchor (the reference; used when a participant lists a node id twice). */
function probabilitiesByRuns(prepared: PreparedEpisode, s: PreservedSettings, who: { modelId: string; address: string }[], anchors: number): Map<string, number> {
  const counts = new Map<string, number>();
  const wanted = new Set(who.map((w) => `${w.modelId}\u0000${w.address}`));
  for (let i = 0; i < anchors; i++) {
    const seen = new Set<string>();
    for (const run of runPrepared(prepared, s, s.anchor + BigInt(i))) {
      for (const n of run.nodes) {
        const k = `${run.modelId}\u0000${n.participant}`;
        if (wanted.has(k) && !seen.has(k)) {
          seen.add(k);
          counts.set(k, (counts.get(k) ?? 0) + 1);
        }
      }
    }
  }
  return counts;
}

/** The preserved engine under one chain version's sampler rules (default: the newest). */
export function preservedEngineFor(rules?: PreservedRules): PreservedEngine {
  return {
  run(state: PreservedState, s: PreservedSettings): PreservedModelRun[] {
    const demand = s.demand ? { rate: undefined, peakInFlight: new Map(s.demand.peakInFlight) } : undefined;
    const r = runPreservedRules(state, { anchor: s.anchor, rule: s.rule, rate: s.rate, ...(demand ? { demand } : {}), rules });
    const result = s.rule === "current" ? r.current : r.demand;
    return (result?.models ?? []).map((m) => ({
      modelId: m.modelId,
      totalWeight: m.totalWeight,
      targetWeight: m.targetWeight,
      achievedWeight: m.achievedWeight,
      nodes: m.participants.flatMap((p) => p.nodeIds.map((nodeId) => ({ participant: p.address, nodeId }))),
    }));
  },
  probabilities(state, s, who, anchors) {
    // Shared with `run` on the same state (runPreservedRules prepares through prepareEpisodeShared too).
    const prepared = prepareEpisodeShared(state, rules);
    const ix = anchorIndex(prepared);
    if (ix.models.some((m) => !m.uniqueIds)) return probabilitiesByRuns(prepared, s, who, anchors);
    // Per wanted model: its index and a hit count per candidate. Only the anchor-dependent part runs per
    // anchor (anchor-index.ts): the draw and the 34 % cap of these models, then today's first round
    // (who keeps a node) or the demand rule's largest-first walk over the eligible nodes.
    const inRoot = new Set(prepared.sortedModelIds);
    const wanted = new Map<string, { m: ModelAnchorIndex; hits: Int32Array; upTo: number; demandTarget: bigint }>();
    for (const w of who) {
      const m = inRoot.has(w.modelId) ? ix.byModel.get(w.modelId) : undefined;
      const i = m?.indexOf.get(w.address);
      if (m === undefined || i === undefined) continue;
      let e = wanted.get(w.modelId);
      if (!e) {
        const today = prepared.targetWeights.get(w.modelId) ?? 0n;
        const peak = s.demand?.peakInFlight.get(w.modelId);
        e = { m, hits: new Int32Array(m.addrs.length), upTo: -1, demandTarget: demandTarget(today, peak === undefined ? undefined : demandWeight(peak, s.rate)) };
        wanted.set(w.modelId, e);
      }
      e.upTo = Math.max(e.upTo, i);
    }
    const only = new Set(wanted.keys());
    for (let k = 0; k < anchors && (only.size > 0 || ix.globalCap); k++) {
      eligibleCountsAt(ix, s.anchor + BigInt(k), only);
      for (const e of wanted.values()) {
        const { hits } = e;
        if (s.rule === "current") {
          forEachPreserved(e.m, (c) => hits[c]!++, e.upTo);
          continue;
        }
        // A participant may give several nodes: count it once per anchor.
        const seen = new Set<number>();
        forEachLargestFirst(e.m, e.demandTarget, (c) => {
          if (!seen.has(c)) {
            seen.add(c);
            hits[c]!++;
          }
        });
      }
    }
    const counts = new Map<string, number>();
    for (const w of who) {
      const e = wanted.get(w.modelId);
      const i = e?.m.indexOf.get(w.address);
      if (e !== undefined && i !== undefined && e.hits[i]! > 0) counts.set(`${w.modelId}\u0000${w.address}`, e.hits[i]!);
    }
    return counts;
  },
  tallies(state, s, who, anchors) {
    return preservedTallies(state, s, who, anchors, rules);
  },
  parseDemand(json: Json, path: string) {
    const d = parseDemand(json, path);
    return { peakInFlight: d.peakInFlight, rate: d.rate };
  },
  };
}

export const preservedEngine: PreservedEngine = preservedEngineFor();

export const missTestEngine: MissTestEngine = {
  ...settlementEngine,
  settlementP0(p0: Decimal): Decimal {
    // A healthy network (no dynamic raise): the governance p0 rounded up to a table, or passed through above 0.5.
    const e = explainDynamicP0([], { binomTestP0: p0.toChain() });
    return Decimal.fromChain(e.p0);
  },
  allowedMisses(total: bigint, p0: Decimal, rule: "on-chain" | "exact"): bigint {
    if (rule === "exact") return exactCriticalValue(total, p0);
    // The miss-test family's allowed maximum: every count 0..m passes (the direct path is not monotone).
    return explainMissedStatTest(0n, total, p0).maxAllowedMissed ?? -1n;
  },
};

/** The real engines. */
export function defaultEngines(options: { preservedRules?: PreservedRules; settlementVersion?: ChainVersion } = {}): Engines {
  return {
    preserved: options.preservedRules === undefined ? preservedEngine : preservedEngineFor(options.preservedRules),
    missTest: options.settlementVersion === undefined ? missTestEngine : { ...missTestEngine, ...settlementEngineFor(options.settlementVersion) },
    voteThreshold: (n, factor) => computeVoteThreshold(n, factor),
    simulate: simulateEpoch433,
  };
}
