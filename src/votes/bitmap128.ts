/** The 128-bit participation bitmap of an inference record (devshard/types/bitmap.go), as an immutable bigint. */

export const MAX_GROUP_SIZE = 128;

/** A Bitmap128 value: bit s is slot s (bigint in [0, 2^128)). */
export type Bitmap128 = bigint;

/** Mirrors types.Bitmap128.Set: a copy with bit `bit` set; bits ≥ 128 are ignored. */
export function bitmapSet(b: Bitmap128, bit: number): Bitmap128 {
  if (bit >= MAX_GROUP_SIZE || bit < 0) return b;
  return b | (1n << BigInt(bit));
}

/** Mirrors types.Bitmap128.IsSet. */
export function bitmapIsSet(b: Bitmap128, bit: number): boolean {
  if (bit >= MAX_GROUP_SIZE || bit < 0) return false;
  return ((b >> BigInt(bit)) & 1n) === 1n;
}

/** Mirrors types.Bitmap128.Bytes: always 16 bytes, two little-endian uint64 words (word 0 = bits 0..63). */
export function bitmapBytes(b: Bitmap128): Uint8Array {
  const out = new Uint8Array(16);
  let v = b;
  for (let i = 0; i < 16; i++) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/** Mirrors types.Bitmap128.SetBits: the set positions, ascending. */
export function bitmapSetBits(b: Bitmap128): number[] {
  const out: number[] = [];
  for (let i = 0; i < MAX_GROUP_SIZE; i++) if (((b >> BigInt(i)) & 1n) === 1n) out.push(i);
  return out;
}
