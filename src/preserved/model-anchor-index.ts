/**
 * One model's part of the per-anchor fast path (anchor-index.ts): what does not depend on the anchor,
 * precomputed once per model, and the two per-anchor steps on it (the seeded draw and v0.2.13's 34 %
 * cap loop). Precomputed per model:
 * - candidates as indices into the sorted candidate list; the history list as those indices;
 * - per candidate the positions at which the cap loop charges the counter (a running prefix of
 *   filtered weights reaching the participant's model weight), so the loop visits charges, not nodes;
 * - whether plain numbers are exact: when every weight and charge is non-negative and their sums stay
 *   below 2^53, the counter and the fill's running weight cannot wrap int64 and number arithmetic
 *   equals Go's; otherwise the same loops run on bigint with Go's wrap;
 * - whether the cap can bind at all (the sum of every possible charge below the cap: then every drawn
 *   participant keeps all its filtered nodes).
 */
import { addInt64 } from "../go/int64.js";
import type { GoRand } from "../go/math-rand.js";
import type { ModelFilterPrep } from "./filter-eligible-ml-nodes.js";
import { participantSeed } from "./sample-eligible-participants.js";
import type { PreparedEpisode } from "./prepare-episode.js";

export const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A bigint bound as a number that compares exactly with any integer in [0, 2^53). */
export function bound(b: bigint): number {
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


/** The anchor-independent index of one model of a prepared episode. */
export function modelIndex(prepared: PreparedEpisode, prep: ModelFilterPrep): ModelAnchorIndex {
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

/** Mirrors the draw of sampleEligibleParticipantsWithHistory into `m.work`: the drawn candidates are work[0 .. numEligible). */
export function drawInto(p: PreparedEpisode, rand: GoRand, m: ModelAnchorIndex, anchorHeight: bigint): void {
  if (m.numEligible === 0) return;
  const { seedInt } = participantSeed(p.epochIndex, anchorHeight, p.allParticipantsHash, m.modelId);
  const w = m.work;
  w.set(m.history);
  rand.seed(seedInt);
  rand.shuffleInt32(w);
}

/** Mirrors v0.2.13's 34 % cap loop of filterEligibleMLNodes over the drawn candidates, into `m.count`. */
export function capInto(prepared: PreparedEpisode, m: ModelAnchorIndex): void {
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
  const max = prepared.maxNonVotingVP;
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
