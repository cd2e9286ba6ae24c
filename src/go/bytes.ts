/**
 * Go compares strings as raw bytes. For well-formed text UTF-8 byte order equals Unicode code point
 * order, which differs from JavaScript's default UTF-16 code-unit order for characters above U+FFFF
 * versus U+E000–U+FFFF. Every sort of ids and addresses in the port goes through `compareGoStrings`.
 */
const asciiOnly = /^[\x00-\x7f]*$/;

/** Go's `strings.Compare(a, b)` / `a < b` on strings: -1, 0 or 1. */
export function compareGoStrings(a: string, b: string): number {
  if (a === b) return 0;
  if (asciiOnly.test(a) && asciiOnly.test(b)) return a < b ? -1 : 1;
  const n = Math.min(a.length, b.length);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.codePointAt(i)!;
    const cb = b.codePointAt(j)!;
    if (ca !== cb) return ca < cb ? -1 : 1;
    i += ca > 0xffff ? 2 : 1;
    j += cb > 0xffff ? 2 : 1;
  }
  void n;
  if (i < a.length) return 1;
  if (j < b.length) return -1;
  return 0;
}

/** Sort a copy of `xs` in Go byte order (a total order, so the sort's stability does not matter). */
export function sortedGoStrings(xs: Iterable<string>): string[] {
  return [...xs].sort(compareGoStrings);
}

/** UTF-8 bytes of a string, as Go's `[]byte(s)`. */
export function utf8Bytes(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}
