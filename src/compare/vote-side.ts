/**
 * How many slots a devshard resolution needs under A's and B's vote_threshold_factor: a vote resolves
 * with more than T = ComputeVoteThreshold(N, factor) slots, i.e. T + 1 of N.
 */
import type { VoteThresholdRow } from "./model.js";

export function voteThresholdRows(
  threshold: (groupSize: number, factor: bigint) => number,
  factorA: bigint,
  factorB: bigint,
  groupSizes: { n: number; note: string }[],
): VoteThresholdRow[] {
  const seen = new Set<number>();
  const rows: VoteThresholdRow[] = [];
  for (const g of groupSizes) {
    if (seen.has(g.n)) continue;
    seen.add(g.n);
    const ta = threshold(g.n, factorA);
    const tb = threshold(g.n, factorB);
    rows.push({ groupSize: g.n, note: g.note, thresholdA: ta, neededA: ta + 1, thresholdB: tb, neededB: tb + 1 });
  }
  return rows;
}
