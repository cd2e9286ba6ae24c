/**
 * The per-anchor fast path of SamplePreservedForEpisode, for evaluating many anchors on one state
 * (`check --anchors N`, compare's probabilities). Built once per prepared episode; each anchor then
 * costs the seeded draw (SHA-256, the math/rand seeding and the shuffle of the participants with
 * history), the 34 % cap over the drawn participants only, and a fill that stops as soon as the
 * question is answered. Nothing here decides differently from the reference path
 * (`sampleAtAnchor`): test/preserved/anchor-index.property.test.ts checks both on generated states
 * under every chain version's rules.
 *
 * What does not depend on the anchor, precomputed per model:
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
import { compareGoStrings } from "../go/bytes.js";
import { goSortFunc } from "../go/slices-sort.js";
import { LegacyDec } from "../go/legacy-dec.js";
import { NonVotingCap, sampleModelAtAnchor, type ModelFilterPrep } from "./filter-eligible-ml-nodes.js";
import { participantSeed } from "./sample-eligible-participants.js";
import type { PreparedEpisode } from "./sample-preserved-for-episode.js";

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A bigint bound as a number that compares exactly with any integer in [0, 2^53). */
function bound(b: bigint): number {
  if (b > SAFE) return Infinity;
  if (b < -SAFE) return -Infinity;
  return Number(b);
}

/** One model's anchor-independent index. Scratch arrays are overwritten by every anchor. */
export interface ModelAnchorIndex {
  modelId: string;
  prep: ModelFilterPrep;
  /** Sorted candidates (prep.filteredParticipantAddrs). */
  addrs: readonly string[];
  indexOf: Map<string, number>;
  /** Candidate indices with previous-epoch history, in candidate order (the shuffle's input). */
  history: Int32Array;
  /** ⌊N/2⌋+1 capped at the history size; 0 when nothing is drawn (no history, epoch 0). */
  numEligible: number;
  /** Filtered node count per candidate. */
  nodeCount: Int32Array;
  /** Charge positions per candidate: chargePos[chargeStart[i] .. chargeStart[i+1]). */
  chargeStart: Int32Array;
  chargePos: Int32Array;
  /** v0.2.13 cap in numbers (null: bigint path). */
  chargeNum: Float64Array | null;
  maxNum: number;
  /** Every charge of every candidate fits under the cap: the loop can be skipped. */
  capNeverBinds: boolean;
  /** Filtered node weights per candidate as numbers (null: bigint path for the fill). */
  weightNum: Float64Array[] | null;
  targetWeight: bigint;
  totalWeight: bigint;
  targetNum: number;
  /** Every candidate's filtered ids are distinct (always after dedup): the fill takes prefixes. */
  uniqueIds: boolean;
  /** Scratch: eligible node count per candidate at the last anchor (0 = not eligible). */
  count: Int32Array;
  /** Scratch: the shuffle's working copy. */
  work: Int32Array;
}

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

function modelIndex(prepared: PreparedEpisode, prep: ModelFilterPrep): ModelAnchorIndex {
  const addrs = prep.filteredParticipantAddrs;
  const n = addrs.length;
  const indexOf = new Map(addrs.map((a, i) => [a, i]));
  const history = Int32Array.from(prep.participantsWithHistory.map((a) => indexOf.get(a)!));
  const drawn = history.length > 0 && prepared.epochIndex !== 0n;
  const numEligible = drawn ? Math.min(Math.floor(n / 2) + 1, history.length) : 0;
  const nodeCount = new Int32Array(n);
  const chargeStart = new Int32Array(n + 1);
  const charges: number[] = [];
  let chargeSum = 0n;
  let chargesNonNegative = true;
  let weightSum = 0n;
  let weightsNonNegative = true;
  let uniqueIds = true;
  addrs.forEach((a, i) => {
    const c = prep.candidates.get(a)!;
    nodeCount[i] = c.filteredNodes.length;
    chargeStart[i] = charges.length;
    for (let k = 0; k < c.prefix.length; k++) if (!(c.prefix[k]! < c.capTotal)) charges.push(k);
    const nCharges = charges.length - chargeStart[i]!;
    if (c.capCharge < 0n) chargesNonNegative = false;
    chargeSum += c.capCharge * BigInt(nCharges);
    for (const node of c.filteredNodes) {
      if (node.pocWeight < 0n) weightsNonNegative = false;
      weightSum += node.pocWeight;
    }
    if (!c.uniqueIds) uniqueIds = false;
  });
  chargeStart[n] = charges.length;
  const capNumeric = chargesNonNegative && chargeSum <= SAFE;
  const chargeNum = capNumeric ? Float64Array.from(addrs, (a) => Number(prep.candidates.get(a)!.capCharge)) : null;
  const fillNumeric = weightsNonNegative && weightSum <= SAFE;
  const weightNum = fillNumeric ? addrs.map((a) => Float64Array.from(prep.candidates.get(a)!.filteredNodes, (x) => Number(x.pocWeight))) : null;
  const targetWeight = prepared.targetWeights.get(prep.modelId) ?? 0n;
  return {
    modelId: prep.modelId,
    prep,
    addrs,
    indexOf,
    history,
    numEligible,
    nodeCount,
    chargeStart,
    chargePos: Int32Array.from(charges),
    chargeNum,
    maxNum: bound(prepared.maxNonVotingVP),
    capNeverBinds: capNumeric && chargeSum < prepared.maxNonVotingVP,
    weightNum,
    targetWeight,
    totalWeight: prepared.totalWeights.get(prep.modelId) ?? 0n,
    targetNum: bound(targetWeight),
    uniqueIds,
    count: new Int32Array(n),
    work: new Int32Array(history.length),
  };
}

/**
 * v0.2.12's 34 % cap in numbers. The test weighs, for a drawn participant at its j-th filtered node of
 * model m, the truncated coefficient-adjusted raw weight of its eligible nodes so far in every model
 * (one truncation per model) plus the node's own adjusted weight; per candidate the adjusted prefixes
 * and node weights are precomputed, per anchor only the sum over earlier models (`base`) is kept.
 * Built only when every value is a non-negative integer whose every possible sum stays below 2^53 (no
 * int64 wrap, no LegacyDec panic possible); otherwise null.
 */
export interface GlobalCapIndex {
  /** Per model (ix.models order), per candidate: a participant number shared across models. */
  gid: Int32Array[];
  /** trunc(coefficient × raw weight of the first j filtered nodes), j = 0 … n. */
  adjBefore: Float64Array[][];
  /** trunc(coefficient × weight of filtered node j). */
  adjNode: Float64Array[][];
  capTotal: Float64Array[];
  capCharge: Float64Array[];
  /** Per candidate: adjBefore[n − 1] + adjNode[n − 1] (the last node's tested weight without `base`) and adjBefore[n]. */
  lastTested: Float64Array[];
  adjAll: Float64Array[];
  max: number;
  /** Scratch: per participant, the adjusted eligible weight of the models drawn so far at this anchor. */
  base: Float64Array;
}

function globalCapIndex(prepared: PreparedEpisode, models: readonly ModelAnchorIndex[]): GlobalCapIndex | null {
  const ids = new Map<string, number>();
  const perParticipant: bigint[] = [];
  let chargeSum = 0n;
  const out: GlobalCapIndex = { gid: [], adjBefore: [], adjNode: [], capTotal: [], capCharge: [], lastTested: [], adjAll: [], max: bound(prepared.maxNonVotingVP), base: new Float64Array(0) };
  const one = LegacyDec.fromInt(1);
  const safe = (x: bigint): boolean => x >= 0n && x <= SAFE;
  try {
    for (const m of models) {
      const coeff = prepared.coefficients.get(m.modelId) ?? one;
      if (coeff.isNegative()) return null;
      const gid = new Int32Array(m.addrs.length);
      const before: Float64Array[] = [];
      const node: Float64Array[] = [];
      const capTotal = new Float64Array(m.addrs.length);
      const capCharge = new Float64Array(m.addrs.length);
      const lastTested = new Float64Array(m.addrs.length);
      const adjAll = new Float64Array(m.addrs.length);
      for (let i = 0; i < m.addrs.length; i++) {
        const addr = m.addrs[i]!;
        const c = m.prep.candidates.get(addr)!;
        if (c.capError !== undefined || !safe(c.capCharge)) return null;
        let g = ids.get(addr);
        if (g === undefined) {
          ids.set(addr, (g = perParticipant.length));
          perParticipant.push(0n);
        }
        gid[i] = g;
        const n = c.filteredNodes.length;
        const b = new Float64Array(n + 1);
        const a = new Float64Array(n);
        let maxNode = 0n;
        for (let j = 0; j < n; j++) {
          if (c.filteredNodes[j]!.pocWeight < 0n) return null;
          const adjB = coeff.mulInt64(c.prefix[j]!).truncateInt64();
          const adjN = coeff.mulInt64(c.filteredNodes[j]!.pocWeight).truncateInt64();
          if (!safe(adjB) || !safe(adjN)) return null;
          b[j + 1] = Number(adjB);
          a[j] = Number(adjN);
          if (adjN > maxNode) maxNode = adjN;
        }
        perParticipant[g]! += (n > 0 ? BigInt(b[n]!) : 0n) + maxNode;
        chargeSum += c.capCharge * BigInt(n);
        capTotal[i] = bound(c.capTotal);
        capCharge[i] = Number(c.capCharge);
        lastTested[i] = n > 0 ? b[n - 1]! + a[n - 1]! : -Infinity;
        adjAll[i] = b[n]!;
        before.push(b);
        node.push(a);
      }
      out.gid.push(gid);
      out.adjBefore.push(before);
      out.adjNode.push(node);
      out.capTotal.push(capTotal);
      out.capCharge.push(capCharge);
      out.lastTested.push(lastTested);
      out.adjAll.push(adjAll);
    }
  } catch {
    // A LegacyDec panic: the reference loop raises it when (and if) the draw reaches it, as Go does.
    return null;
  }
  if (chargeSum > SAFE || perParticipant.some((x) => x > SAFE)) return null;
  out.base = new Float64Array(perParticipant.length);
  return out;
}

/** Mirrors v0.2.12's 34 % cap loop of filterEligibleMLNodes (one counter over all models) into each model's counts. */
function globalCapInto(ix: AnchorIndex, gi: GlobalCapIndex, anchorHeight: bigint): void {
  gi.base.fill(0);
  const max = gi.max;
  let counter = 0;
  for (let k = 0; k < ix.models.length; k++) {
    const m = ix.models[k]!;
    drawInto(ix, m, anchorHeight);
    const { count, work, nodeCount } = m;
    count.fill(0);
    const gid = gi.gid[k]!;
    const before = gi.adjBefore[k]!;
    const node = gi.adjNode[k]!;
    const capTotal = gi.capTotal[k]!;
    const capCharge = gi.capCharge[k]!;
    const lastTested = gi.lastTested[k]!;
    const adjAll = gi.adjAll[k]!;
    for (let s = 0; s < m.numEligible; s++) {
      const i = work[s]!;
      const g = gid[i]!;
      const base = gi.base[g]!;
      const n = nodeCount[i]!;
      // The tested weight never decreases along the nodes (weights ascending, coefficient ≥ 0): when
      // the last node's stays below the total, no node charges the counter and all are eligible.
      if (base + lastTested[i]! < capTotal[i]!) {
        count[i] = n;
        gi.base[g] = base + adjAll[i]!;
        continue;
      }
      const b = before[i]!;
      const a = node[i]!;
      let j = 0;
      for (; j < n; j++) {
        if (base + b[j]! + a[j]! < capTotal[i]!) continue;
        const after = counter + capCharge[i]!;
        if (!(after < max)) break;
        counter = after;
      }
      count[i] = j;
      gi.base[g] = base + b[j]!;
    }
  }
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

/** Mirrors the draw of sampleEligibleParticipantsWithHistory into `m.work`: the drawn candidates are work[0 .. numEligible). */
function drawInto(ix: AnchorIndex, m: ModelAnchorIndex, anchorHeight: bigint): void {
  if (m.numEligible === 0) return;
  const p = ix.prepared;
  const { seedInt } = participantSeed(p.epochIndex, anchorHeight, p.allParticipantsHash, m.modelId);
  const w = m.work;
  w.set(m.history);
  ix.rand.seed(seedInt);
  ix.rand.shuffleInt32(w);
}

/** Mirrors v0.2.13's 34 % cap loop of filterEligibleMLNodes over the drawn candidates, into `m.count`. */
function capInto(ix: AnchorIndex, m: ModelAnchorIndex): void {
  const { count, work, nodeCount, chargeStart, chargePos } = m;
  count.fill(0);
  const k = m.numEligible;
  if (m.capNeverBinds) {
    for (let s = 0; s < k; s++) count[work[s]!] = nodeCount[work[s]!]!;
    return;
  }
  if (m.chargeNum !== null) {
    const charge = m.chargeNum;
    const max = m.maxNum;
    let counter = 0;
    for (let s = 0; s < k; s++) {
      const i = work[s]!;
      let eligible = nodeCount[i]!;
      for (let c = chargeStart[i]!; c < chargeStart[i + 1]!; c++) {
        const after = counter + charge[i]!;
        if (!(after < max)) {
          eligible = chargePos[c]!;
          break;
        }
        counter = after;
      }
      count[i] = eligible;
    }
    return;
  }
  const max = ix.prepared.maxNonVotingVP;
  let counter = 0n;
  for (let s = 0; s < k; s++) {
    const i = work[s]!;
    const charge = m.prep.candidates.get(m.addrs[i]!)!.capCharge;
    let eligible = nodeCount[i]!;
    for (let c = chargeStart[i]!; c < chargeStart[i + 1]!; c++) {
      const after = addInt64(counter, charge);
      if (!(after < max)) {
        eligible = chargePos[c]!;
        break;
      }
      counter = after;
    }
    count[i] = eligible;
  }
}

/**
 * The eligible node count of every candidate at `anchorHeight`, per model (the arrays are the index's
 * scratch, valid until the next call). `only`: the models to draw (others keep stale counts); under
 * v0.2.12 every model is drawn, since the counter runs across them.
 */
export function eligibleCountsAt(ix: AnchorIndex, anchorHeight: bigint, only?: ReadonlySet<string>): void {
  if (ix.globalCapIndex !== null) {
    globalCapInto(ix, ix.globalCapIndex, anchorHeight);
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
    drawInto(ix, m, anchorHeight);
    capInto(ix, m);
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

/** A model's eligible nodes in the demand rule's order (heaviest first; ties by node id, then address). */
export interface LargestFirstOrder {
  candidate: Int32Array;
  position: Int32Array;
  weight: bigint[];
  /** Weights as numbers when every weight is non-negative and their sum is below 2^53 (else null). */
  weightNum: Float64Array | null;
}

const largestFirstOrders = new WeakMap<ModelAnchorIndex, LargestFirstOrder>();

/** Every filtered node of the model in the demand rule's fill order (built once per model index). */
export function largestFirstOrder(m: ModelAnchorIndex): LargestFirstOrder {
  let o = largestFirstOrders.get(m);
  if (o) return o;
  const entries: { c: number; p: number; w: bigint; id: string }[] = [];
  m.addrs.forEach((a, c) => m.prep.candidates.get(a)!.filteredNodes.forEach((n, p) => entries.push({ c, p, w: n.pocWeight, id: n.nodeId })));
  const sorted = goSortFunc(entries, (x, y) => {
    if (x.w !== y.w) return x.w > y.w ? -1 : 1;
    return compareGoStrings(x.id, y.id) || compareGoStrings(m.addrs[x.c]!, m.addrs[y.c]!);
  });
  o = {
    candidate: Int32Array.from(sorted, (e) => e.c),
    position: Int32Array.from(sorted, (e) => e.p),
    weight: sorted.map((e) => e.w),
    weightNum: m.weightNum !== null ? Float64Array.from(sorted, (e) => Number(e.w)) : null,
  };
  largestFirstOrders.set(m, o);
  return o;
}

/**
 * The demand rule's largest-first fill at the current counts (same as fillLargestFirst over the
 * eligible set): calls `visit(candidate)` for each taken node, in fill order. Requires unique ids.
 */
export function forEachLargestFirst(m: ModelAnchorIndex, target: bigint, visit: (candidate: number) => void): void {
  const o = largestFirstOrder(m);
  const { count } = m;
  const { candidate, position } = o;
  if (o.weightNum !== null) {
    const w = o.weightNum;
    const t = bound(target);
    let cw = 0;
    for (let e = 0; e < candidate.length; e++) {
      const c = candidate[e]!;
      if (position[e]! >= count[c]!) continue;
      if (!(cw < t)) return;
      cw += w[e]!;
      visit(c);
    }
    return;
  }
  let cw = 0n;
  for (let e = 0; e < candidate.length; e++) {
    const c = candidate[e]!;
    if (position[e]! >= count[c]!) continue;
    if (!(cw < target)) return;
    cw += o.weight[e]!;
    visit(c);
  }
}
