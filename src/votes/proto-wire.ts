/**
 * A minimal deterministic protobuf (proto3) writer for the messages that enter the devshard state root
 * (proto/devshard/state.proto): fields in field-number order, zero values omitted, as Go's
 * `proto.MarshalOptions{Deterministic: true}` emits them for these scalar-only messages.
 */

/** Appends protobuf fields to a growing byte buffer. */
export class ProtoWriter {
  private readonly bytes: number[] = [];

  /** A raw varint (uint64 two's-complement for negative int64, as protowire.AppendVarint). */
  varint(v: bigint): this {
    let x = BigInt.asUintN(64, v);
    while (x >= 0x80n) {
      this.bytes.push(Number((x & 0x7fn) | 0x80n));
      x >>= 7n;
    }
    this.bytes.push(Number(x));
    return this;
  }

  /** A field key: (field << 3) | wire type. */
  tag(field: number, wireType: 0 | 2): this {
    return this.varint(BigInt((field << 3) | wireType));
  }

  /** A varint-typed field (uint32/uint64/int64/bool/enum), omitted when zero. */
  uint(field: number, v: bigint | number): this {
    const x = BigInt(v);
    if (x === 0n) return this;
    return this.tag(field, 0).varint(x);
  }

  /** A length-delimited field (bytes, string, sub-message); omitted when empty unless `always`. */
  lengthDelimited(field: number, data: Uint8Array, always = false): this {
    if (data.length === 0 && !always) return this;
    this.tag(field, 2).varint(BigInt(data.length));
    for (const b of data) this.bytes.push(b);
    return this;
  }

  /** A string field (UTF-8), omitted when empty. */
  string(field: number, s: string): this {
    return this.lengthDelimited(field, new TextEncoder().encode(s));
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}
