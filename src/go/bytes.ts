/**
 * Go compares strings as raw bytes. For well-formed text UTF-8 byte order equals Unicode code point
 * order, which differs from JavaScript's default UTF-16 code-unit order only where a surrogate
 * (U+D800–U+DFFF, i.e. a character above U+FFFF) meets a code unit in U+E000–U+FFFF. Every sort of
 * ids and addresses in the port goes through `compareGoStrings`.
 */

/** Go's `strings.Compare(a, b)` / `a < b` on strings: -1, 0 or 1. */
export function compareGoStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    // Below the surrogate range, and whenever both sides are surrogates (same UTF-8 lead byte
    // ordering as code units), UTF-16 order is byte order; otherwise a surrogate sorts last.
    if (ca >= 0xd800 && cb >= 0xd800) {
      const sa = ca <= 0xdfff;
      const sb = cb <= 0xdfff;
      if (sa !== sb) return sa ? 1 : -1;
    }
    return ca < cb ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** A code unit from U+D800 on: the only ones where UTF-16 order and byte order can part. */
const WIDE = /[\ud800-\uffff]/;

/** Whether no string of `xs` has a code unit from U+D800 on (then `<` on them is Go's byte order). */
export function allNarrow(xs: readonly string[]): boolean {
  for (let i = 0; i < xs.length; i++) if (WIDE.test(xs[i]!)) return false;
  return true;
}

/**
 * Sort a copy of `xs` in Go byte order (a total order, so the sort's stability does not matter):
 * with no code unit from U+D800 on, the engine's own string sort (UTF-16 order, the same order
 * there) instead of a comparator called from the sort.
 */
export function sortedGoStrings(xs: Iterable<string>): string[] {
  return sortedGoStringsNarrow(xs).sorted;
}

/** `sortedGoStrings`, and whether no string has a code unit from U+D800 on (then `<` on them is byte order). */
export function sortedGoStringsNarrow(xs: Iterable<string>): { sorted: string[]; narrow: boolean } {
  const out = [...xs];
  const narrow = allNarrow(out);
  if (out.length < 2) return { sorted: out, narrow };
  return { sorted: narrow ? out.sort() : out.sort(compareGoStrings), narrow };
}

/** `compareGoStrings` for strings known narrow (see allNarrow): the engine's `<`, the same order there. */
export function compareNarrowStrings(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/** UTF-8 bytes of a string, as Go's `[]byte(s)`. */
export function utf8Bytes(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}
