/**
 * Chain versions: an ordered list, like Lodestar's ForkSeq. Every rule family takes a ChainVersion
 * and branches with `atLeast(v, "v0.2.13")`; per-version behaviour is a small named switch beside the
 * shared function (docs/versions.md lists each with its Go commit and file). The list names every
 * mainnet release the public record shows, including those whose rules the port does not hold: which
 * versions a family knows exactly is src/versions/rule-families.ts.
 */
import { InputError, describeValue } from "../errors.js";

/**
 * Every release the port names, oldest first: the mainnet upgrade table's rows (v0.2.8 and v0.2.9 only to
 * place their heights), then v0.2.17, the next release past the frontier (branch code, no proposal on
 * record), named so that a state recording its plan is refused by name.
 */
export const CHAIN_VERSIONS = ["v0.2.8", "v0.2.9", "v0.2.10", "v0.2.11", "v0.2.12", "v0.2.13", "v0.2.14", "v0.2.15", "v0.2.16", "v0.2.17"] as const;
export type ChainVersion = (typeof CHAIN_VERSIONS)[number];

/**
 * The newest version whose rules the port holds for every rule family it covers (v0.2.15 runs
 * v0.2.14's rules but for one switch; the Go vectors are v0.2.14's). The default of every rule function.
 */
export const LATEST_CHAIN_VERSION: ChainVersion = "v0.2.15";

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
  /** One line for people: e.g. "mainnet upgrade table: v0.2.12 from block 3,834,200". */
  detail: string;
  /** The version the mainnet upgrade table places at the height, when it was consulted (one; kept as a list for the JSON). */
  candidates?: readonly ChainVersion[];
}
