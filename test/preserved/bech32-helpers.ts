// Small helpers over src/preserved/bech32.ts for the tests.
import { bech32Encode, convertBits } from "../../src/preserved/bech32.js";

export { bech32Encode };

/** 8-bit bytes → 5-bit groups (padding on), throwing on the impossible error. */
export function convertBitsForTest(bytes: number[]): number[] {
  const r = convertBits(bytes, 8, 5, true);
  if (!Array.isArray(r)) throw new Error(r.error);
  return r;
}
