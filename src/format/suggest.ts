/**
 * "Did you mean": the closest known word to a mistyped one, by optimal-string-alignment distance
 * (Levenshtein plus the swap of two neighbours, so `chekc` is one edit from `check`). Hand code: the
 * words are a few dozen flags and commands, and the project takes no dependency for ten lines.
 */

/** Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known word nearest to `word` (case, `_` and `-` ignored), if it is near enough to be a typo:
 * none for words under 3 letters, at most 1 edit up to 4 letters, 2 up to 8, else 3; ties go to the first in `known`.
 */
export function closest(word: string, known: readonly string[]): string | undefined {
  const norm = (s: string): string => s.toLowerCase().replace(/[_-]/g, "");
  const w = norm(word);
  if (w.length < 3) return undefined;
  const limit = w.length <= 4 ? 1 : w.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestD = limit + 1;
  for (const k of known) {
    const dist = editDistance(w, norm(k));
    if (dist < bestD) {
      best = k;
      bestD = dist;
    }
  }
  return best;
}

/** " (did you mean X?)" or "". */
export function didYouMean(word: string, known: readonly string[], show: (k: string) => string = (k) => k): string {
  const c = closest(word, known);
  return c === undefined ? "" : ` (did you mean ${show(c)}?)`;
}
