/**
 * Choosing among escrows tied on the lowest load. Go's devshardctl takes tied[c mod k] with one
 * gateway-wide counter (round-robin). The #1733 rules: `top-score` takes the candidate with the
 * highest integer score (first in candidate order on equal scores); `weighted-random` draws with
 * Go's math/rand (Int63n of the score total) proportionally to the scores.
 */
import type { GoRand } from "../go/math-rand.js";
import type { TieBreak } from "./scenario.js";

export interface TieState {
  /** devshardctl's roundRobinSeed: advances only when more than one escrow is tied. */
  roundRobin: number;
  rand: GoRand;
}

/** Index into `tied` (length ≥ 1) of the winner; `scores[i]` is the integer score of tied[i]. */
export function breakTie(rule: TieBreak, scores: readonly number[], state: TieState): number {
  const k = scores.length;
  if (k <= 1) return 0;
  if (rule === "round-robin") return roundRobinPick(k, state);
  if (rule === "top-score") return topScorePick(scores);
  return weightedRandomPick(scores, state.rand);
}

/** Models devshardctl.(*Gateway).reserveRuntimeForModel's tie rule: tied[(counter++) mod k]. */
export function roundRobinPick(k: number, state: TieState): number {
  const i = state.roundRobin % k;
  state.roundRobin++;
  return i;
}

/** The highest score wins; equal scores keep candidate order. */
export function topScorePick(scores: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[best]!) best = i;
  return best;
}

/** A draw proportional to integer scores; when every score is 0, a uniform draw (Intn). */
export function weightedRandomPick(scores: readonly number[], rand: GoRand): number {
  let total = 0;
  for (const s of scores) total += s; // scores are validated integers ≤ 1e9, so the sum stays exact
  if (total === 0) return rand.intn(scores.length);
  let r = Number(rand.int63n(BigInt(total)));
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i]!;
    if (r < s) return i;
    r -= s;
  }
  return scores.length - 1;
}
