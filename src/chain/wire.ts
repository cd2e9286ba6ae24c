/**
 * Wire helpers under the generated protobuf code (src/chain/gen/proto.ts): exact 64-bit varints as
 * bigint (never through a float or Long), wire-type checks, and decode errors that name the message
 * and the field path (e.g. `QueryGetEpochGroupDataResponse.epoch_group_data.validation_weights[3].weight`).
 */
import protobuf from "protobufjs/minimal.js";

export type Reader = protobuf.Reader;
export type Writer = protobuf.Writer;
export const Reader = protobuf.Reader;
export const Writer = protobuf.Writer;

/** A response that does not decode as the message it should be. */
export class DecodeError extends Error {
  /** Field path below the top message, e.g. ["epoch_group_data", "validation_weights[3]", "weight"]. */
  readonly fields: string[];
  readonly cause0: string;
  messageName: string;
  constructor(messageName: string, fields: string[], cause: string) {
    super("");
    this.name = "DecodeError";
    this.messageName = messageName;
    this.fields = fields;
    this.cause0 = cause;
    this.message = this.describe();
  }
  describe(): string {
    const where = this.fields.length ? `${this.messageName}.${this.fields.join(".")}` : this.messageName;
    return `cannot decode ${where}: ${this.cause0}`;
  }
  /** Re-anchor under an outer message and field (the generated decoders call this on the way up). */
  within(messageName: string, field: string): DecodeError {
    this.fields.unshift(field);
    this.messageName = messageName;
    this.message = this.describe();
    return this;
  }
}

const WIRE_NAMES = ["varint", "64-bit", "length-delimited", "start-group", "end-group", "32-bit", "6", "7"];

export function expectWire(actual: number, expected: number): void {
  if (actual !== expected) throw new Error(`wire type ${WIRE_NAMES[actual] ?? actual} where ${WIRE_NAMES[expected]} was expected`);
}

/** Wrap any error thrown while reading `field` of `messageName`. */
export function fieldError(e: unknown, messageName: string, field: string): DecodeError {
  if (e instanceof DecodeError) return e.within(messageName, field);
  const msg = e instanceof Error ? e.message : String(e);
  return new DecodeError(messageName, [field], msg);
}

/** Read a varint as an unsigned 64-bit bigint (exact). */
export function readVarint64(r: Reader): bigint {
  const buf = r.buf;
  let lo = 0;
  let shift = 0;
  // First 4 bytes (28 bits) fit a float exactly.
  while (shift < 28) {
    if (r.pos >= r.len) throw new RangeError("truncated varint");
    const b = buf[r.pos++]!;
    lo += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return BigInt(lo);
    shift += 7;
  }
  let result = BigInt(lo);
  let s = 28n;
  for (let i = 0; i < 6; i++) {
    if (r.pos >= r.len) throw new RangeError("truncated varint");
    const b = buf[r.pos++]!;
    result |= BigInt(b & 0x7f) << s;
    if (b < 0x80) return BigInt.asUintN(64, result);
    s += 7n;
  }
  throw new RangeError("varint longer than 10 bytes");
}

export const readUint64 = (r: Reader): bigint => readVarint64(r);
export const readInt64 = (r: Reader): bigint => BigInt.asIntN(64, readVarint64(r));

/** Length prefix of an embedded message or packed field, checked against the buffer. */
export function readLength(r: Reader): number {
  const n = r.uint32();
  if (r.pos + n > r.len) throw new RangeError(`length ${n} runs past the end of the buffer`);
  return n;
}

function longBits(v: bigint): protobuf.Long {
  const u = BigInt.asUintN(64, v);
  return { low: Number(u & 0xffffffffn) | 0, high: Number(u >> 32n) | 0, unsigned: true } as unknown as protobuf.Long;
}

export function writeVarint64(w: Writer, v: bigint): void {
  w.uint64(longBits(v));
}
