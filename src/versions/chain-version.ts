/**
 * Chain versions: an ordered list, like Lodestar's ForkSeq. Every rule family takes a ChainVersion
 * and branches with `atLeast(v, "v0.2.13")`; per-version behaviour is a small named switch beside the
 * shared function (docs/versions.md lists each with its Go commit and file).
 */
import { InputError, describeValue } from "../errors.js";

/** Every version whose rules the port knows, oldest first. */
export const CHAIN_VERSIONS = ["v0.2.10", "v0.2.11", "v0.2.12", "v0.2.13", "v0.2.14"] as const;
export type ChainVersion = (typeof CHAIN_VERSIONS)[number];

/** The newest version the port knows (the Go vectors' rules). */
export const LATEST_CHAIN_VERSION: ChainVersion = "v0.2.14";

/** Position of a version in CHAIN_VERSIONS (the fork ordinal). */
export function versionOrdinal(v: ChainVersion): number {
  return CHAIN_VERSIONS.indexOf(v);
}

/** True when `v` is `min` or later. */
export function atLeast(v: ChainVersion, min: ChainVersion): boolean {
  return versionOrdinal(v) >= versionOrdinal(min);
}

/** Parse a version name ("v0.2.12" or "0.2.12"); anything else is an InputError naming `where`. */
export function parseChainVersion(text: string, where = "--chain-version"): ChainVersion {
  const t = text.trim();
  const v = (t.startsWith("v") ? t : `v${t}`) as ChainVersion;
  if (!(CHAIN_VERSIONS as readonly string[]).includes(v)) {
    throw new InputError(`unknown chain version ${describeValue(text)}; known: ${CHAIN_VERSIONS.join(", ")}`, where);
  }
  return v;
}

/**
 * Why a version was chosen: the --chain-version flag, the mainnet upgrade table, the node's applied
 * upgrade plans, a version written into the snapshot file, or (only for a command given no chain state
 * at all, e.g. `miss-test --missed N --total M`) the newest rules the port knows.
 */
export type VersionSource = "flag" | "table" | "node" | "snapshot" | "latest";

/** The version a command runs, and why (every output names both). */
export interface VersionChoice {
  version: ChainVersion;
  source: VersionSource;
  /** One line for people: e.g. "mainnet upgrade table: v0.2.12 from block 3,xxx,xxx". */
  detail: string;
  /**
   * The versions the mainnet upgrade table allows at the height, when it was consulted (a table choice,
   * or a recorded version checked against the table); several when an upgrade height is uncertain.
   */
  candidates?: readonly ChainVersion[];
}
