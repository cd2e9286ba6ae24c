/**
 * A source of chain state, read once: a snapshot file, saved REST answers (one dump directory, a folder
 * of epoch_N dumps, several directories), or a node at one height. Each gives the state as a snapshot
 * document and what it lacks (a REST dump names every input it does not hold, with the assumption
 * made); the rule families' typed inputs are read from it by preserved-inputs.ts and
 * settlement-inputs.ts. The chain client (CosmJS and the generated protobuf code) is imported only
 * when a node is read, so offline use starts as fast as node itself.
 */
import { loadSnapshot, type Snapshot } from "../snapshot/snapshot.js";
import { InputError } from "../errors.js";
import type { SnapshotFromRpcOptions } from "../chain/index.js";
import type { DumpGap } from "./rest-dump/dump-gap.js";
import { snapshotFromRestDumps, type RestSnapshot, type RestSnapshotOptions } from "./rest-dump/snapshot-from-rest.js";

export type SourceKind = "snapshot" | "rest-dump" | "node";

export interface Source {
  kind: SourceKind;
  /** The state as one snapshot document (a file's, a node's, or one assembled from the dumps). */
  snapshot: Snapshot;
  /** Names the source in errors and answers: the file, "rest dump A + B", or "URL@height". */
  label: string;
  /** Every input the source lacks, with the assumption made (REST dumps; empty for files and nodes). */
  lacks: DumpGap[];
  /** A REST dump's preserved-slice build (anchor, sampling epoch, stored snapshot), when it has one. */
  rest?: RestSnapshot;
}

/** A snapshot file (`.json` or `.json.gz`). */
export function readSnapshotFileSource(file: string): Source {
  return { kind: "snapshot", snapshot: loadSnapshot(file), label: file, lacks: [] };
}

/** Saved REST answers: each DIR a dump directory or a folder of them, read as one dump. */
export function readRestDumpSource(dirs: readonly string[], options: RestSnapshotOptions = {}): Source {
  if (dirs.length === 0) throw new InputError("expected at least one directory of saved REST answers", "--rest-dump");
  const rest = snapshotFromRestDumps(dirs, options);
  return { kind: "rest-dump", snapshot: rest.snapshot, label: `rest dump ${dirs.join(" + ")}`, lacks: rest.gaps, rest };
}

/** A node's state, every read pinned to one height (the latest, resolved once, unless given). */
export async function readNodeSource(url: string, options: SnapshotFromRpcOptions = {}): Promise<Source> {
  const { snapshotFromRpc } = await import("../chain/index.js");
  const snapshot = await snapshotFromRpc(url, options);
  return { kind: "node", snapshot, label: `${url}@${snapshot.height}`, lacks: [] };
}
