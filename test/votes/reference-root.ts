// A hand-written reference for the devshard state root, written from the Go text and not from the port
// (src/votes/state-hash.ts is not imported): the golden v4/v5 cases compare the port's roots with it.
// Go could not be built here (see fixtures/README.md), so this is the derivation, byte by byte:
//
//   entry        = InferenceRecordProto (state.proto): fields in number order, proto3 zero values omitted,
//                  validated_by (17) always 16 bytes; v5 adds started_at_height 18 / confirmed_at_height 19
//   sealed_acc   = fold over sealed records: sha256(acc ‖ be64(seal_nonce) ‖ be64(id) ‖ entry), acc0 = 32 zero bytes
//   live_hash    = sha256(concat over live ids ascending of 0x0a ‖ varint(len) ‖ entry)
//   inferences   = sha256(sealed_acc32 ‖ live_hash)
//   warm_keys    = sha256("") (no warm keys in these cases)
//   hs_hash (v5) = sha256(be64 × 6 ‖ be32 len(reason) ‖ reason)   (hash.go@86cff503 hashHeightSyncEscrow)
//   rest_hash    = sha256(be64(balance) ‖ inferences ‖ warm_keys [‖ hs_hash])
//   host_stats   = sha256(concat over slots ascending of 0x0a ‖ varint(len) ‖ HostStatsProto{slot, missed, invalid, cost})
//   state_root   = sha256(host_stats ‖ be64(fees) ‖ rest_hash ‖ sha256(tag) ‖ phase)
import { createHash } from "node:crypto";

const sha = (...parts: Uint8Array[]): Buffer => {
  const h = createHash("sha256");
  for (const p of parts) h.update(p);
  return h.digest();
};

function varint(v: bigint): number[] {
  const out: number[] = [];
  let x = v;
  while (x >= 128n) {
    out.push(Number(x % 128n) + 128);
    x /= 128n;
  }
  out.push(Number(x));
  return out;
}

const key = (field: number, wire: number): number[] => varint(BigInt(field * 8 + wire));
const num = (field: number, v: bigint | number): number[] => (BigInt(v) === 0n ? [] : [...key(field, 0), ...varint(BigInt(v))]);
const bytes = (field: number, b: Uint8Array, always = false): number[] => (b.length === 0 && !always ? [] : [...key(field, 2), ...varint(BigInt(b.length)), ...b]);

export const be64 = (v: bigint): Buffer => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt.asUintN(64, v));
  return b;
};

/** The record fields a reference entry needs (the rest are zero in these cases). */
export interface RefRecord {
  id: bigint;
  status: number;
  slot: number;
  model: string;
  prompt: Uint8Array;
  response?: Uint8Array;
  inputLength: bigint;
  maxTokens: bigint;
  inputTokens?: bigint;
  outputTokens?: bigint;
  reserved: bigint;
  actual: bigint;
  startedAt: bigint;
  confirmedAt: bigint;
  startedAtHeight?: bigint;
  confirmedAtHeight?: bigint;
}

export function refEntry(r: RefRecord): Buffer {
  return Buffer.from([
    ...num(1, r.id), ...num(2, r.status), ...num(3, r.slot), ...bytes(4, Buffer.from(r.model)), ...bytes(5, r.prompt),
    ...bytes(6, r.response ?? new Uint8Array(0)), ...num(7, r.inputLength), ...num(8, r.maxTokens), ...num(9, r.inputTokens ?? 0n),
    ...num(10, r.outputTokens ?? 0n), ...num(11, r.reserved), ...num(12, r.actual), ...num(13, r.startedAt), ...num(14, r.confirmedAt),
    ...bytes(17, new Uint8Array(16), true), ...num(18, r.startedAtHeight ?? 0n), ...num(19, r.confirmedAtHeight ?? 0n),
  ]);
}

export interface RefState {
  balance: bigint;
  fees: bigint;
  phase: number;
  tag: string;
  /** slot → [missed, invalid, cost], every slot of the group. */
  hostStats: [number, number, bigint][];
  /** Sealed records in fold order, with their seal nonce. */
  sealed: { nonce: bigint; rec: RefRecord }[];
  live: RefRecord[];
  heightSyncHash: boolean;
}

/** sha256 of the idle height-sync commit: 6 × be64(0) ‖ be32(0) and an empty reason = 52 zero bytes. */
export const IDLE_HS_HASH = sha(Buffer.alloc(52));

export function refStateRoot(s: RefState): string {
  let acc: Buffer = Buffer.alloc(32);
  for (const { nonce, rec } of s.sealed) acc = sha(acc, be64(nonce), be64(rec.id), refEntry(rec));
  const live = sha(Buffer.concat(s.live.map((r) => Buffer.from(bytes(1, refEntry(r), true)))));
  const inferences = sha(acc, live);
  const rest = sha(be64(s.balance), inferences, sha(), ...(s.heightSyncHash ? [IDLE_HS_HASH] : []));
  const hs = sha(Buffer.concat(s.hostStats.map(([missed, invalid, cost], slot) => Buffer.from(bytes(1, Buffer.from([...num(1, slot), ...num(2, missed), ...num(3, invalid), ...num(4, cost)]), true)))));
  return sha(hs, be64(s.fees), rest, sha(Buffer.from(s.tag)), Buffer.from([s.phase])).toString("hex");
}
