/**
 * The comparison's engines wired to the project's rule families (adapters only: every rule is the
 * family's own function).
 *
 * - preserved: the exact sampler (prepareEpisode / sampleAtAnchor); the demand rule fills the same
 *   eligible set with the demand rule's own target and largest-first fill (src/preserved/demand-rule.ts).
 *   The preparation is shared by every anchor, so the probability over 200 anchors costs 200 draws.
 * - miss test: missedStatTest and the exact critical value; settlement through the epoch input reader.
 * - votes: computeVoteThreshold.
 */
import { Decimal } from "../go/decimal.js";
import type { Json } from "../go/json.js";
import { parseDemand } from "../preserved/demand.js";
import { demandTarget, demandWeight, fillRoundRobin, type FillNode } from "../preserved/demand-rule.js";
import { prepareEpisode, sampleAtAnchor, type PreparedEpisode } from "../preserved/sample-preserved-for-episode.js";
import type { PreservedState } from "../preserved/state.js";
import { exactCriticalValue } from "../misstest/exact-binomial.js";
import { explainDynamicP0 } from "../misstest/get-dynamic-p0.js";
import { missedStatTest } from "../misstest/missed-stat-test.js";
import { computeVoteThreshold } from "../votes/session-config.js";
import type { Engines, MissTestEngine, PreservedEngine, PreservedModelRun, PreservedSettings } from "./engines.js";
import { settlementEngine } from "./settlement-adapter.js";
import { simulateEpoch433 } from "./simulation-adapter.js";

/** The preserved set of every model at one anchor of a prepared episode. */
function runPrepared(prepared: PreparedEpisode, s: PreservedSettings, anchor: bigint): PreservedModelRun[] {
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
    const peak = s.demand?.peakInFlight.get(modelId);
    const target = demandTarget(today, peak === undefined ? undefined : demandWeight(peak, s.rate));
    const fill = fillRoundRobin(eligible, target, "largest");
    out.push({
      modelId,
      totalWeight: prepared.totalWeights.get(modelId) ?? 0n,
      targetWeight: target,
      achievedWeight: fill.achievedWeight,
      nodes: fill.allocationOrder.map((n) => ({ participant: n.participant, nodeId: n.nodeId })),
    });
  }
  return out;
}

export const preservedEngine: PreservedEngine = {
  run(state: PreservedState, s: PreservedSettings): PreservedModelRun[] {
    return runPrepared(prepareEpisode(state), s, s.anchor);
  },
  probabilities(state, s, who, anchors) {
    const prepared = prepareEpisode(state);
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
  },
  parseDemand(json: Json, path: string) {
    const d = parseDemand(json, path);
    return { peakInFlight: d.peakInFlight, rate: d.rate };
  },
};

/** The most misses in [0, total] that pass (−1 if none): binary search over a monotone verdict. */
export function largestPassing(total: bigint, passes: (m: bigint) => boolean): bigint {
  if (!passes(0n)) return -1n;
  let lo = 0n;
  let hi = total;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (passes(mid)) lo = mid;
    else hi = mid - 1n;
  }
  return lo;
}

export const missTestEngine: MissTestEngine = {
  ...settlementEngine,
  settlementP0(p0: Decimal): Decimal {
    // A healthy network (no dynamic raise): the governance p0 rounded up to a table, or passed through above 0.5.
    const e = explainDynamicP0([], { binomTestP0: p0.toChain() });
    return Decimal.fromChain(e.p0);
  },
  allowedMisses(total: bigint, p0: Decimal, rule: "on-chain" | "exact"): bigint {
    if (rule === "exact") return exactCriticalValue(total, p0);
    return largestPassing(total, (m) => missedStatTest(m, total, p0));
  },
};

/** The real engines. */
export function defaultEngines(): Engines {
  return {
    preserved: preservedEngine,
    missTest: missTestEngine,
    voteThreshold: (n, factor) => computeVoteThreshold(n, factor),
    simulate: simulateEpoch433,
  };
}
