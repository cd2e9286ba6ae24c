/**
 * The chain client's public surface: `snapshotFromRpc(url, {height})` (read a snapshot at one height
 * from a CometBFT RPC endpoint) and `loadSnapshotFromArgs({snapshot?, rpc?, height?})` (what every
 * command that takes `--snapshot FILE` or `--rpc URL [--height H]` calls), plus an atomic file writer.
 */
import { InputError } from "../errors.js";
import { loadSnapshot, type Snapshot } from "../snapshot/snapshot.js";
import { buildSnapshot } from "./build-snapshot.js";
import { ChainClient, type ChainClientOptions, type PinnedReader } from "./client.js";
import { ChainError } from "./errors.js";

export { buildSnapshot, type BuildSnapshotOptions } from "./build-snapshot.js";
export { ChainClient, PinnedReader, type ChainClientOptions, type Progress, type RecordedAnswer } from "./client.js";
export { ChainError, type ChainErrorKind } from "./errors.js";
export { DecodeError } from "./wire.js";

/** Default chain id; `expectedChainId: "any"` accepts every chain. */
export const GONKA_MAINNET = "gonka-mainnet";

export interface SnapshotFromRpcOptions extends ChainClientOptions {
  /** Block height to pin every read to (default: the node's latest height, resolved once). */
  height?: number | bigint | string;
  /** Epoch whose settlement goes into the `settlement` slice (default: effective epoch − 1). */
  epoch?: bigint;
  /** `preserved.anchorHeight` (default: the pinned height). */
  anchorHeight?: bigint;
  /** Refuse a node that serves another chain (default "gonka-mainnet"; "any" disables the check). */
  expectedChainId?: string;
  /** x/group page size (default 1000). */
  pageLimit?: bigint;
}

/** Parse a `--height` value: a positive integer. */
export function parseHeight(v: number | bigint | string, where = "--height"): number {
  const s = String(v).trim();
  if (!/^\d+$/.test(s) || BigInt(s) === 0n) throw new InputError(`expected a positive block height, got ${JSON.stringify(String(v))}`, where);
  const n = Number(s);
  if (!Number.isSafeInteger(n)) throw new InputError(`height ${s} is too large`, where);
  return n;
}

/**
 * Connect, check the chain id, resolve the height once (latest unless given) and refuse a future
 * height. The caller owns the client (disconnect it).
 */
export async function openPinned(url: string, options: SnapshotFromRpcOptions = {}): Promise<{ client: ChainClient; reader: PinnedReader; chainId: string; latest: number }> {
  const wanted = options.height === undefined ? undefined : parseHeight(options.height);
  const client = ChainClient.connect(url, options);
  try {
    const st = await client.status();
    const expected = options.expectedChainId ?? GONKA_MAINNET;
    if (expected !== "any" && st.chainId !== expected) {
      throw new ChainError("chain-id", `the node at ${url} serves chain "${st.chainId}", not "${expected}" (pass --chain-id ${st.chainId} if that is intended)`);
    }
    const height = wanted ?? st.latestHeight;
    if (height > st.latestHeight) throw new ChainError("future", `height ${height} is in the future: the node's latest block is ${st.latestHeight}`);
    return { client, reader: client.at(height), chainId: st.chainId, latest: st.latestHeight };
  } catch (e) {
    client.disconnect();
    throw e;
  }
}

/**
 * Connect, pin and read a full snapshot; returns it with the (closed) client for its counters. With an
 * explicit height the `status` check (chain id, future height) runs alongside the first reads, saving
 * one round trip; nothing is returned unless it passes.
 */
export async function readSnapshot(url: string, options: SnapshotFromRpcOptions = {}): Promise<{ snapshot: Snapshot; client: ChainClient; reader: PinnedReader }> {
  const wanted = options.height === undefined ? undefined : parseHeight(options.height);
  const client = ChainClient.connect(url, options);
  try {
    const expected = options.expectedChainId ?? GONKA_MAINNET;
    const check = client.status().then((st) => {
      if (expected !== "any" && st.chainId !== expected) {
        throw new ChainError("chain-id", `the node at ${url} serves chain "${st.chainId}", not "${expected}" (pass --chain-id ${st.chainId} if that is intended)`);
      }
      if (wanted !== undefined && wanted > st.latestHeight) throw new ChainError("future", `height ${wanted} is in the future: the node's latest block is ${st.latestHeight}`);
      return st;
    });
    const height = wanted ?? (await check).latestHeight;
    const reader = client.at(height);
    const build = buildSnapshot(reader, { chainId: expected, settlementEpoch: options.epoch, anchorHeight: options.anchorHeight, pageLimit: options.pageLimit });
    check.catch(() => undefined); // awaited below; a failure there is the error to report
    let snapshot: Snapshot;
    try {
      snapshot = await build;
    } catch (e) {
      await check; // a wrong chain or a future height explains the failure better: report that first
      throw e;
    }
    const st = await check;
    snapshot.chainId = st.chainId;
    return { snapshot, client, reader };
  } finally {
    client.disconnect();
  }
}

/** Read a full snapshot at one height from a CometBFT RPC endpoint. */
export async function snapshotFromRpc(url: string, options: SnapshotFromRpcOptions = {}): Promise<Snapshot> {
  return (await readSnapshot(url, options)).snapshot;
}

export interface SnapshotArgs {
  snapshot?: string;
  rpc?: string;
  height?: string | number | bigint;
  /** Passed through to snapshotFromRpc (chain id, timeout, progress...). */
  rpcOptions?: SnapshotFromRpcOptions;
}

/** `--snapshot FILE` or `--rpc URL [--height H]` → a validated Snapshot (exactly one source). */
export async function loadSnapshotFromArgs(args: SnapshotArgs): Promise<Snapshot> {
  if (args.snapshot !== undefined && args.rpc !== undefined) throw new InputError("give either --snapshot FILE or --rpc URL, not both");
  if (args.snapshot !== undefined) {
    if (args.height !== undefined) throw new InputError("--height only applies with --rpc");
    return loadSnapshot(args.snapshot);
  }
  if (args.rpc !== undefined) return snapshotFromRpc(args.rpc, { ...args.rpcOptions, height: args.height ?? args.rpcOptions?.height });
  throw new InputError("missing --snapshot FILE or --rpc URL");
}

/** The atomic writer lives in src/fs (the CLI uses it without loading the chain client). */
export { writeFileAtomic } from "../fs/files.js";
export { StoreKeys, INFERENCE_QUERY, GROUP_QUERY } from "./queries.js";
