/** `--snapshot FILE` or `--rpc URL [--height H]`: every command that reads chain state takes either. */
import { loadSnapshotFromArgs } from "../chain/index.js";
import type { Snapshot } from "../snapshot/snapshot.js";
import { str, type Parsed } from "./args.js";

/** The parseArgs options of a snapshot source. */
export const SNAPSHOT_SOURCE_OPTIONS = {
  snapshot: { type: "string" },
  rpc: { type: "string" },
  height: { type: "string" },
} as const;

/** Usage lines for the options above. */
export const SNAPSHOT_SOURCE_USAGE = `  --snapshot FILE  a snapshot file (gonka-spec snapshot writes one; examples/mainnet-like.snapshot.json)
  --rpc URL        instead of --snapshot: read the state from a node's CometBFT RPC, every read pinned to
  --height H       one height (default: the latest block, resolved once)`;

export interface SnapshotSource {
  snapshot: Snapshot;
  /** Names the source in error paths: the file, or "URL@height". */
  label: string;
}

/** Read the snapshot named by --snapshot, or build it from --rpc at --height. */
export async function readSnapshotSource(p: Parsed): Promise<SnapshotSource> {
  const file = str(p, "snapshot");
  const rpc = str(p, "rpc");
  const snapshot = await loadSnapshotFromArgs({ snapshot: file, rpc, height: str(p, "height") });
  return { snapshot, label: file ?? `${rpc}@${snapshot.height}` };
}
