/**
 * The devshard state root (devshard/state/hash.go), v2 composition:
 *   state_root = sha256(host_stats_hash ‖ be64(fees) ‖ rest_hash ‖ sha256(version) ‖ phase)
 *   rest_hash  = sha256(be64(balance) ‖ sha256(sealed_acc ‖ live_inferences_hash) ‖ warm_keys_hash)
 * Devshard v5 (zpoken@86cff503) appends the height-sync escrow hash to rest_hash: ‖ height_sync_hash.
 */
import { createHash } from "node:crypto";
import { marshalHostStatsEntry, marshalInferenceEntry, type HostStats, type InferenceRecord } from "./inference-record.js";
import { ProtoWriter } from "./proto-wire.js";

function sha256(...parts: Uint8Array[]): Uint8Array {
  const h = createHash("sha256");
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
}

/** Big-endian uint64. */
export function be64(v: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt.asUintN(64, v));
  return out;
}

function be32(v: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, v >>> 0);
  return out;
}

/** Mirrors state.ComputeHostStatsHash: sha256 of HostStatsMapProto with entries sorted by slot id. */
export function computeHostStatsHash(hostStats: ReadonlyMap<number, HostStats>): Uint8Array {
  const slots = [...hostStats.keys()].sort((a, b) => a - b);
  const w = new ProtoWriter();
  for (const s of slots) w.lengthDelimited(1, marshalHostStatsEntry(s, hostStats.get(s)!), true);
  return sha256(w.finish());
}

/** Mirrors state.computeInferencesHashFromEntries over the live records (ascending id, each as field 1 bytes). */
export function computeInferencesHash(inferences: ReadonlyMap<bigint, InferenceRecord>): Uint8Array {
  const ids = [...inferences.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const w = new ProtoWriter();
  for (const id of ids) w.lengthDelimited(1, marshalInferenceEntry(id, inferences.get(id)!), true);
  return sha256(w.finish());
}

/** Mirrors state.computeWarmKeysHash: sha256 over (be32 slot ‖ be32 len ‖ addr) sorted by slot; sha256("") when empty. */
export function computeWarmKeysHash(warmKeys: ReadonlyMap<number, string>): Uint8Array {
  const h = createHash("sha256");
  const slots = [...warmKeys.keys()].sort((a, b) => a - b);
  for (const s of slots) {
    const addr = new TextEncoder().encode(warmKeys.get(s)!);
    h.update(be32(s));
    h.update(be32(addr.length));
    h.update(addr);
  }
  return new Uint8Array(h.digest());
}

/** Mirrors state.sealedAccBytes32: the accumulator as exactly 32 bytes (zero-padded, truncated). */
export function sealedAccBytes32(acc: Uint8Array | null): Uint8Array {
  const out = new Uint8Array(32);
  if (acc) out.set(acc.subarray(0, 32));
  return out;
}

/** Mirrors state.ComputeInferencesHashV2: sha256(sealed_acc ‖ live_inferences_hash). */
export function computeInferencesHashV2(sealedAcc: Uint8Array, live: ReadonlyMap<bigint, InferenceRecord>): Uint8Array {
  return sha256(sealedAcc, computeInferencesHash(live));
}

/** types.HeightSyncEscrowCommit (zpoken@86cff503): the height-sync fields of the escrow state that are hashed. */
export interface HeightSyncEscrowCommit {
  forcedStart: bigint;
  forcedEnd: bigint;
  cadenceSwallowUntil: bigint;
  swallowFe: bigint;
  turnK: bigint;
  turnSlots: bigint;
  reason: string;
}

/** No height-sync turn open (every field zero, empty reason). */
export const IDLE_HEIGHT_SYNC: HeightSyncEscrowCommit = {
  forcedStart: 0n, forcedEnd: 0n, cadenceSwallowUntil: 0n, swallowFe: 0n, turnK: 0n, turnSlots: 0n, reason: "",
};

/** Mirrors state.hashHeightSyncEscrow (v5): sha256(be64 × 6 ‖ be32 len(reason) ‖ reason). */
export function hashHeightSyncEscrow(h: HeightSyncEscrowCommit): Uint8Array {
  const reason = new TextEncoder().encode(h.reason);
  return sha256(be64(h.forcedStart), be64(h.forcedEnd), be64(h.cadenceSwallowUntil), be64(h.swallowFe), be64(h.turnK), be64(h.turnSlots), be32(reason.length), reason);
}

/** Mirrors state.ComputeRestHashV2: v2..v4 take four inputs; v5 also hashes the height-sync commit (`heightSync`). */
export function computeRestHashV2(
  balance: bigint,
  sealedAcc: Uint8Array,
  live: ReadonlyMap<bigint, InferenceRecord>,
  warmKeys: ReadonlyMap<number, string>,
  heightSync?: HeightSyncEscrowCommit,
): Uint8Array {
  const parts = [be64(balance), computeInferencesHashV2(sealedAcc, live), computeWarmKeysHash(warmKeys)];
  if (heightSync) parts.push(hashHeightSyncEscrow(heightSync));
  return sha256(...parts);
}

/** Mirrors state.ComputeVersionHash. */
export function computeVersionHash(version: string): Uint8Array {
  return sha256(new TextEncoder().encode(version));
}

/** Mirrors state.ComputeStateRootFromRestHash. */
export function computeStateRootFromRestHash(hostStatsHash: Uint8Array, restHash: Uint8Array, fees: bigint, phase: number, version: string): Uint8Array {
  return sha256(hostStatsHash, be64(fees), restHash, computeVersionHash(version), Uint8Array.of(phase & 0xff));
}

/** Mirrors state.FoldSealedAccumulator: sha256(acc ‖ be64(seal_nonce) ‖ be64(id) ‖ entry). */
export function foldSealedAccumulator(acc: Uint8Array, sealNonce: bigint, id: bigint, entry: Uint8Array): Uint8Array {
  return sha256(acc, be64(sealNonce), be64(id), entry);
}

/** Lowercase hex of bytes. */
export function toHex(b: Uint8Array): string {
  return Buffer.from(b).toString("hex");
}
