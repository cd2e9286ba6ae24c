// isBech32 is the fast check of every root member's address; bech32Decode (the SDK's decoder, ported
// with its error texts) is the reference. Property: they agree on every string, valid or one edit away.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { bech32Decode, isBech32 } from "../../src/preserved/bech32.js";
import { bech32Encode, convertBitsForTest } from "./bech32-helpers.js";

const decodes = (s: string): boolean => !("error" in bech32Decode(s));
const hrp = fc.oneof(fc.constant("gonka"), fc.constant("gonkavaloper"), fc.constant("cosmos"), fc.stringMatching(/^[a-z]{1,12}$/));
const address = fc.tuple(hrp, fc.uint8Array({ minLength: 0, maxLength: 40 })).map(([h, b]) => bech32Encode(h, convertBitsForTest([...b])));

describe("isBech32 agrees with bech32Decode", () => {
  it("on valid addresses, in either case", () => {
    fc.assert(
      fc.property(address, fc.boolean(), (a, upper) => {
        const s = upper ? a.toUpperCase() : a;
        expect(isBech32(s)).toBe(true);
        expect(decodes(s)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("on one character changed, dropped, inserted or swapped in case", () => {
    const chars = "qpzry9x8gf2tvdw0s3jn54khce6mua7l1bioQPZ \u0000~\u00e9";
    fc.assert(
      fc.property(address, fc.nat(), fc.integer({ min: 0, max: chars.length - 1 }), fc.integer({ min: 0, max: 3 }), (a, at, ci, kind) => {
        const i = at % a.length;
        const s =
          kind === 0 ? a.slice(0, i) + chars[ci] + a.slice(i + 1) : kind === 1 ? a.slice(0, i) + a.slice(i + 1) : kind === 2 ? a.slice(0, i) + chars[ci] + a.slice(i) : a.slice(0, i) + a[i]!.toUpperCase() + a.slice(i + 1);
        expect(isBech32(s)).toBe(decodes(s));
      }),
      { numRuns: 2000 },
    );
  });

  it("on the gonka prefix's near misses and arbitrary strings", () => {
    const valid = bech32Encode("gonka", convertBitsForTest(Array.from({ length: 20 }, (_, i) => i * 13)));
    for (const s of [valid, valid.replace(/^gonka/, "gonkb"), valid.replace(/^gonka1/, "gonka11"), `x${valid}`, valid.slice(1), valid.toUpperCase(), valid.replace(/^gonka/, "GONKA")]) {
      expect(isBech32(s), s).toBe(decodes(s));
    }
    expect(isBech32(valid)).toBe(true);
    fc.assert(fc.property(fc.string({ maxLength: 100 }), (s) => {
        expect(isBech32(s)).toBe(decodes(s));
      }), { numRuns: 1000 });
  });
});
