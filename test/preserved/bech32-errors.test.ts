// The guardian conversion's refusals, branch by branch: each lands as text in the sampler's
// guardianConversions (compared exactly with the Go vectors' intermediates), so each of the decoder's,
// the regrouping's and the address check's errors is pinned here with the input that reaches it, and
// Go's strings.TrimSpace is checked on every space it trims and on the code points beside them.
import { describe, expect, it } from "vitest";
import { addressFromBech32, bech32Decode, convertBits, operatorAddressToAccAddress, VALOPER_PREFIX } from "../../src/preserved/bech32.js";
import { bech32Encode, convertBitsForTest } from "./bech32-helpers.js";

const err = (r: unknown): string | undefined => (typeof r === "object" && r !== null && "error" in r ? (r as { error: string }).error : undefined);

describe("bech32Decode's errors", () => {
  it("names the length, the character, the case, the separator and the charset symbol", () => {
    expect(err(bech32Decode("a1qqqqq"))).toBe("invalid bech32 string length 7");
    expect(err(bech32Decode(`a1${"q".repeat(1022)}`))).toBe("invalid bech32 string length 1024");
    expect(err(bech32Decode(`a1${"q".repeat(1022)}`, 2000))).toMatch(/^invalid checksum/);
    expect(err(bech32Decode("a1qqqqqq", 7))).toBe("invalid bech32 string length 8");
    expect(err(bech32Decode("a1qq qqqq"))).toBe("invalid character in string: ' '");
    expect(err(bech32Decode("a1qq\u007fqqqq"))).toBe("invalid character in string: '\u007f'");
    expect(err(bech32Decode("a1qq!qqqq~"))).toMatch(/^invalid character not part of charset: 33$/);
    expect(err(bech32Decode("A1qqqqqqqq"))).toBe("string not all lowercase or all uppercase");
    expect(err(bech32Decode("a1QQQQQQQQ"))).toBe("string not all lowercase or all uppercase");
    expect(err(bech32Decode("qqqqqqqqqq"))).toBe("invalid separator index -1");
    expect(err(bech32Decode("1qqqqqqqqq"))).toBe("invalid separator index 0");
    expect(err(bech32Decode("abcd1qqqqq"))).toBe("invalid separator index 4");
    expect(err(bech32Decode("a1qqqqqqqb"))).toBe("invalid character not part of charset: 98");
    const valid = bech32Encode("ab", [1, 2, 3]);
    expect(bech32Decode(valid)).toEqual({ hrp: "ab", data: [1, 2, 3] });
    expect(bech32Decode(valid.toUpperCase())).toEqual({ hrp: "ab", data: [1, 2, 3] });
    expect(bech32Decode("AB1" + valid.slice(3).toUpperCase())).toEqual({ hrp: "ab", data: [1, 2, 3] });
    expect(err(bech32Decode(`${valid.slice(0, -1)}q`))).toMatch(/^invalid checksum \(expected [a-z0-9]{6} got [a-z0-9]{5}q\)$/);
  });
});

describe("convertBits and the address check", () => {
  it("refuses values out of range and incomplete groups", () => {
    expect(convertBits([32], 5, 8, false)).toEqual({ error: "invalid data range" });
    expect(convertBits([-1], 5, 8, true)).toEqual({ error: "invalid data range" });
    expect(convertBits([31], 5, 8, false)).toEqual({ error: "invalid incomplete group" }); // 5 bits left, ≥ fromBits
    expect(convertBits([0], 5, 8, false)).toEqual({ error: "invalid incomplete group" }); // 5 zero bits left: still a whole group too many
    expect(convertBits([31, 31], 5, 8, false)).toEqual({ error: "invalid incomplete group" }); // 2 bits left, not zero
    expect(convertBits([31, 28], 5, 8, false)).toEqual([255]); // 2 bits left, zero
    expect(convertBits([255], 8, 5, true)).toEqual([31, 28]);
    expect(convertBits([255], 8, 5, false)).toEqual({ error: "invalid incomplete group" });
    expect(convertBits([1, 2, 3, 4, 5], 8, 5, true)).toEqual(convertBitsForTest([1, 2, 3, 4, 5]));
  });

  it("refuses an empty address, a wrong prefix, no bytes and more than 255 bytes", () => {
    const of = (bytes: number[], hrp = VALOPER_PREFIX) => bech32Encode(hrp, convertBitsForTest(bytes));
    expect(addressFromBech32(of([7, 8, 9]), VALOPER_PREFIX)).toEqual([7, 8, 9]);
    expect(err(addressFromBech32(of([7, 8, 9], "gonka"), VALOPER_PREFIX))).toBe("invalid Bech32 prefix; expected gonkavaloper, got gonka");
    expect(err(addressFromBech32(of([]), VALOPER_PREFIX))).toBe("addresses cannot be empty: unknown address");
    expect(addressFromBech32(of(new Array(255).fill(1)), VALOPER_PREFIX)).toHaveLength(255);
    expect(err(addressFromBech32(of(new Array(256).fill(1)), VALOPER_PREFIX))).toBe("address max length is 255, got 256: unknown address");
    expect(err(addressFromBech32(bech32Encode(VALOPER_PREFIX, [31]), VALOPER_PREFIX))).toBe("decoding bech32 failed: invalid incomplete group");
    expect(operatorAddressToAccAddress(of([7, 8, 9]))).toBe(of([7, 8, 9], "gonka"));
  });

  it("reads as empty exactly what Go's TrimSpace trims", () => {
    const spaces = [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2005, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000];
    const beside = [0x08, 0x0e, 0x1f, 0x21, 0x84, 0x86, 0x9f, 0xa1, 0x167f, 0x1681, 0x1fff, 0x200b, 0x2027, 0x202a, 0x202e, 0x2030, 0x205e, 0x2060, 0x2fff, 0x3001, 0xfeff];
    for (const c of spaces) expect(err(operatorAddressToAccAddress(String.fromCharCode(c, c))), c.toString(16)).toBe("empty address string is not allowed");
    for (const c of beside) expect(err(operatorAddressToAccAddress(String.fromCharCode(0x20, c))), c.toString(16)).toMatch(/^decoding bech32 failed: /);
    expect(err(operatorAddressToAccAddress("  a "))).toBe("decoding bech32 failed: invalid bech32 string length 4");
  });
});
