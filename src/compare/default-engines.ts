/**
 * The comparison's engines wired to the project's rule families (adapters only: every rule is the
 * family's own function).
 *
 * - preserved: one anchor runs `runPreservedRules` (today's rule or the demand rule, the preserved
 *   family's own entry point). The probability over anchors counts, like the operator check's
 *   `preservationProbability`, the anchors first, first + 1, … at which the address keeps at least one
 *   node in the model; it draws each anchor once for every address at the same time (the check's
 *   function runs the sampler once per address, ~100 ms per address at 200 anchors, too slow for a
 *   hundred changed participants), and for the demand rule it applies the demand fill to each draw.
 *   test/compare/engines.test.ts checks both against the family's functions.
 * - miss test: the allowed maximum of explainMissedStatTest and the exact critical value; settlement
 *   through the epoch input reader and evaluateEpoch.
 * - votes: computeVoteThreshold.
 */
import { Decimal } from "../go/decimal.js";
import type { Json } from "../go/json.js";
import { parseDemand } from "../preserved/demand.js";
import { demandRuleFill, type FillNode } from "../preserved/demand-rule.js";
import { runPreservedRules } from "../preserved/compare-rules.js";
import { prepareEpisode, sampleAtAnchor, sampleSnapshotAtAnchor, type PreparedEpisode } from "../preserved/sample-preserved-for-episode.js";
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
    const prepared = prepareEpisode(state, rules);
    const counts = new Map<string, number>();
    const wanted = new Set(who.map((w) => `${w.modelId}\u0000${w.address}`));
    for (let i = 0; i < anchors; i++) {
      const seen = new Set<string>();
      if (s.rule === "current") {
        // Today's rule needs only who is preserved: the sampler's lean per-anchor path (the one the
        // operator check uses), without the traces sampleAtAnchor keeps for explanations.
        for (const m of sampleSnapshotAtAnchor(prepared, s.anchor + BigInt(i)).snapshot.modelPreservedNodes) {
          for (const p of m.participants) {
            const k = `${m.modelId}\u0000${p.participantId}`;
            if (p.nodeIds.length > 0 && wanted.has(k) && !seen.has(k)) {
              seen.add(k);
              counts.set(k, (counts.get(k) ?? 0) + 1);
            }
          }
        }
        continue;
      }
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
