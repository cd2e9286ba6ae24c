// isBech32's table checksum and its account-address pass against bech32Decode (the SDK's decoder), on
// every single-character edit of a few valid strings (either case, data of odd and even length, the
// account prefix and others) with the characters each branch tells apart (the first code unit past
// ASCII, DEL, a capital, the separator, a space), and on valid strings of each length around the
// bounds (8, 90, 1023).
import { describe, expect, it } from "vitest";
import { bech32Decode, isBech32 } from "../../src/preserved/bech32.js";
import { bech32Encode } from "./bech32-helpers.js";

const decodes = (s: string): boolean => !("error" in bech32Decode(s));
/** A valid bech32 string of `length` characters with human-readable part `hrp`; its data starts with `q` (0), which the first code unit past ASCII must not pass for. */
const validOfLength = (hrp: string, length: number): string => bech32Encode(hrp, Array.from({ length: length - hrp.length - 7 }, (_, i) => (i * 7) & 31));

describe("isBech32 agrees with bech32Decode", () => {
  it("on every one-character edit of valid strings", () => {
    const bases = [validOfLength("gonka", 44), validOfLength("gonka", 45), validOfLength("cosmos", 45), validOfLength("cosmos", 46), validOfLength("gonkb", 44), validOfLength("gonkavaloper", 51)];
    const chars = ["\u0080", "\u007f", "\u00ff", "\uffff", "\ud83d", "A", "Z", "a", "1", "b", "q", " ", "!", "~"];
    let valid = 0;
    for (const b of [...bases, ...bases.map((x) => x.toUpperCase())]) {
      expect(isBech32(b), b).toBe(true);
      for (let i = 0; i < b.length; i++) {
        for (const c of chars) {
          const s = b.slice(0, i) + c + b.slice(i + 1);
          const d = decodes(s);
          if (d) valid++;
          expect(isBech32(s), JSON.stringify(s)).toBe(d);
        }
        // a capital in a lowercase string (or the reverse): mixed case
        const flipped = b.slice(0, i) + (b[i] === b[i]!.toLowerCase() ? b[i]!.toUpperCase() : b[i]!.toLowerCase()) + b.slice(i + 1);
        expect(isBech32(flipped), flipped).toBe(decodes(flipped));
      }
    }
    expect(valid).toBeGreaterThan(0); // an edit of a capital into its own letter, or of 'q' into 'q', stays valid
  });

  it("on valid strings of each length around the bounds, and one character short of a checksum", () => {
    for (const hrp of ["a", "gonka"]) {
      for (const n of [8, 9, 12, 13, 89, 90, 91, 92, 1022, 1023, 1024]) {
        if (n < hrp.length + 7) continue;
        const s = validOfLength(hrp, n);
        expect(s.length).toBe(n);
        expect(isBech32(s), `${hrp} ${n}`).toBe(n <= 1023);
        expect(isBech32(s.toUpperCase()), `${hrp} ${n} upper`).toBe(n <= 1023);
        expect(isBech32(s.slice(0, -1)), `${hrp} ${n - 1} cut`).toBe(decodes(s.slice(0, -1)));
      }
    }
    for (const s of ["a1qqqqqq", "gonka1qqqqqq", "gonka1qqqqqqq", "1qqqqqqqq", "gonka1", "abcdefg", "a1\u0080qqqqqq"]) expect(isBech32(s), s).toBe(decodes(s));
  });
});
