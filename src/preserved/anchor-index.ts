/**
 * The per-anchor fast path of SamplePreservedForEpisode, for evaluating many anchors on one state
 * (`check --anchors N`, compare's probabilities). Built once per prepared episode; each anchor then
 * costs the seeded draw (SHA-256, the math/rand seeding and the shuffle of the participants with
 * history), the 34 % cap over the drawn participants only, and a fill that stops as soon as the
 * question is answered. Nothing here decides differently from the reference path
 * (`sampleAtAnchor`): test/preserved/anchor-index.property.test.ts checks both on generated states
 * under every chain version's rules.
 *
 * What does not depend on the anchor is precomputed per model (model-anchor-index.ts):
 * - candidates as indices into the sorted candidate list; the history list as those indices;
 * - per candidate the positions at which the cap loop charges the counter (a running prefix of
 *   filtered weights reaching the participant's model weight), so the loop visits charges, not nodes;
 * - whether plain numbers are exact: when every weight and charge is non-negative and their sums stay
 *   below 2^53, the counter and the fill's running weight cannot wrap int64 and number arithmetic
 *   equals Go's; otherwise the same loops run on bigint with Go's wrap;
 * - whether the cap can bind at all (the sum of every possible charge below the cap: then every drawn
 *   participant keeps all its filtered nodes).
 * v0.2.12 carries the counter across models with coefficient-adjusted weights: its cap runs on
 * precomputed adjusted prefixes in numbers when they are exact (GlobalCapIndex), else through the
 * reference loop (`sampleModelAtAnchor`); the rest of this path is shared.
 */
import { addInt64 } from "../go/int64.js";
import { GoRand } from "../go/math-rand.js";
import { NonVotingCap, sampleModelAtAnchor } from "./filter-eligible-ml-nodes.js";
import type { PreparedEpisode } from "./prepare-episode.js";
import { globalCapIndex, globalCapInto } from "./global-cap-index.js";
import { capInto, drawInto, modelIndex, type ModelAnchorIndex } from "./model-anchor-index.js";
import type { GlobalCapIndex } from "./global-cap-index.js";

export type { ModelAnchorIndex } from "./model-anchor-index.js";

export interface AnchorIndex {
  prepared: PreparedEpisode;
  /** Per model of prepared.modelPreps (same order). */
  models: ModelAnchorIndex[];
  byModel: Map<string, ModelAnchorIndex>;
  /** v0.2.12's counter across models. */
  globalCap: boolean;
  /** v0.2.12's cap in numbers (null: the reference loop, `sampleModelAtAnchor`, runs instead). */
  globalCapIndex: GlobalCapIndex | null;
  rand: GoRand;
}

const indexes = new WeakMap<PreparedEpisode, AnchorIndex>();

/** The anchor index of a prepared episode (built on first use, then cached with the episode). */
export function anchorIndex(prepared: PreparedEpisode): AnchorIndex {
  let ix = indexes.get(prepared);
  if (!ix) {
    const models = prepared.rootUnavailable ? [] : prepared.modelPreps.map((p) => modelIndex(prepared, p));
    const globalCap = prepared.rules.nonVotingCap === "globalScaledWeight";
    ix = { prepared, models, byModel: new Map(models.map((m) => [m.modelId, m])), globalCap, globalCapIndex: globalCap ? globalCapIndex(prepared, models) : null, rand: new GoRand(1n) };
    indexes.set(prepared, ix);
  }
  return ix;
}

/**
 * The eligible node count of every candidate at `anchorHeight`, per model (the arrays are the index's
 * scratch, valid until the next call). `only`: the models to draw (others keep stale counts); under
 * v0.2.12 every model is drawn, since the counter runs across them.
 */
export function eligibleCountsAt(ix: AnchorIndex, anchorHeight: bigint, only?: ReadonlySet<string>): void {
  if (ix.globalCapIndex !== null) {
    globalCapInto(ix.prepared, ix.rand, ix.models, ix.globalCapIndex, anchorHeight);
    return;
  }
  if (ix.globalCap) {
    const p = ix.prepared;
    const cap = new NonVotingCap(p.rules, p.coefficients);
    for (const m of ix.models) {
      const at = sampleModelAtAnchor(m.prep, p.epochIndex, p.allParticipantsHash, anchorHeight, p.maxNonVotingVP, false, cap);
      m.count.fill(0);
      for (const [a, l] of at.eligible) m.count[m.indexOf.get(a)!] = l.length;
    }
    return;
  }
  for (const m of ix.models) {
    if (only !== undefined && !only.has(m.modelId)) continue;
    drawInto(ix.prepared, ix.rand, m, anchorHeight);
    capInto(ix.prepared, m);
  }
}

/**
 * Mirrors the first round of samplePreservedForModel's round robin: the candidates (sorted order)
 * that receive at least one node. Each eligible participant gives its lightest node in turn until the
 * target is met; whoever the first round reaches is preserved, nobody else is.
 * Calls `visit(i)` for each, in order. Requires the counts of the current anchor.
 */
export function forEachPreserved(m: ModelAnchorIndex, visit: (candidate: number) => void, upTo = m.addrs.length - 1): void {
  const { count } = m;
  if (m.weightNum !== null) {
    const w = m.weightNum;
    const target = m.targetNum;
    let current = 0;
    for (let i = 0; i <= upTo; i++) {
      if (count[i] === 0) continue;
      if (!(current < target)) return;
      current += w[i]![0]!;
      visit(i);
    }
    return;
  }
  let current = 0n;
  for (let i = 0; i <= upTo; i++) {
    if (count[i] === 0) continue;
    if (!(current < m.targetWeight)) return;
    current = addInt64(current, m.prep.candidates.get(m.addrs[i]!)!.filteredNodes[0]!.pocWeight);
    visit(i);
  }
}

/** Whether candidate `i` keeps at least one node at the current anchor's counts. */
export function isPreserved(m: ModelAnchorIndex, i: number): boolean {
  if (m.count[i] === 0) return false;
  let hit = false;
  forEachPreserved(m, (j) => { if (j === i) hit = true; }, i);
  return hit;
}

/**
 * Mirrors samplePreservedForModel's round robin over the eligible prefixes (participants sorted, each
 * giving its lightest remaining node per round) until the target is met or every node is taken.
 * Returns the taken count per candidate and the achieved weight. Requires unique ids per candidate.
 */
export function roundRobinCounts(m: ModelAnchorIndex): { taken: Int32Array; achievedWeight: bigint } {
  const { count } = m;
  const taken = new Int32Array(count.length);
  let active: number[] = [];
  for (let i = 0; i < count.length; i++) if (count[i]! > 0) active.push(i);
  if (m.weightNum !== null) {
    const w = m.weightNum;
    const target = m.targetNum;
    let current = 0;
    while (active.length > 0) {
      const next: number[] = [];
      for (const i of active) {
        if (!(current < target)) return { taken, achievedWeight: BigInt(current) };
        current += w[i]![taken[i]!]!;
        if (++taken[i]! < count[i]!) next.push(i);
      }
      active = next;
    }
    return { taken, achievedWeight: BigInt(current) };
  }
  let current = 0n;
  while (active.length > 0) {
    const next: number[] = [];
    for (const i of active) {
      if (!(current < m.targetWeight)) return { taken, achievedWeight: current };
      current = addInt64(current, m.prep.candidates.get(m.addrs[i]!)!.filteredNodes[taken[i]!]!.pocWeight);
      if (++taken[i]! < count[i]!) next.push(i);
    }
    active = next;
  }
  return { taken, achievedWeight: current };
}
