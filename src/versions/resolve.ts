/**
 * The version a rule runs for a state (the --chain-version flag's value, a version recorded with the
 * state, or the mainnet upgrade table), and how an answer names it: one text line (`versionLine`) and,
 * in JSON, `chainVersion: {version, source, basis, tableCandidates, detail}` (`versionJson`). The CLI's
 * flag itself is src/cli/chain-version-flag.ts.
 */
import { InputError, describeValue } from "../errors.js";
import type { Snapshot } from "../snapshot/snapshot.js";
import { LATEST_CHAIN_VERSION, parseChainVersion, type ChainVersion, type VersionChoice } from "./chain-version.js";
import { versionForHeight, type RecordedVersion, type VersionForHeightOptions } from "./upgrade-table.js";

/** The version recorded in a snapshot (`chainVersion`: `{version, source, detail, …}` or a bare "vX.Y.Z"), if any. */
export function recordedVersion(snapshot: Snapshot, where = "snapshot"): RecordedVersion | undefined {
  const cv = (snapshot as { chainVersion?: unknown }).chainVersion;
  if (cv === undefined || cv === null) return undefined;
  if (typeof cv === "string") return { version: parseChainVersion(cv, `${where}: chainVersion`), source: "snapshot", detail: `recorded in the snapshot file (chainVersion ${cv})` };
  if (typeof cv !== "object" || Array.isArray(cv)) throw new InputError(`chainVersion: expected an object or "vX.Y.Z", got ${describeValue(cv)}`, where);
  const o = cv as Record<string, unknown>;
  const v = o.version;
  if (v !== null && typeof v !== "string") throw new InputError(`chainVersion.version: expected "vX.Y.Z" or null, got ${describeValue(v)}`, where);
  const version = v === null ? null : parseChainVersion(v, `${where}: chainVersion.version`);
  const source = o.source === "node" ? "node" : "snapshot";
  const detail = typeof o.detail === "string" && o.detail !== "" ? o.detail : `recorded in the snapshot file (chainVersion.version ${v === null ? "null" : v})`;
  return { version, source, detail };
}

export interface ResolveOptions extends VersionForHeightOptions {
  /** The height whose rules apply (default: the snapshot's height). */
  height?: bigint;
}

/**
 * The version a command runs: `flag` (--chain-version), else the snapshot's recorded version, else the
 * mainnet table at the height. With no snapshot (a command given no chain state) and no flag: the
 * newest rules, named as such (source "latest").
 */
export function resolveChainVersion(flag: string | undefined, snapshot: Snapshot | null, options: ResolveOptions = {}): VersionChoice {
  if (snapshot === null) {
    if (flag !== undefined) return versionForHeight("", 0n, flag, undefined, options);
    return { version: LATEST_CHAIN_VERSION, source: "latest", detail: `no chain state given: the newest rules the port knows (${LATEST_CHAIN_VERSION})` };
  }
  const height = options.height ?? BigInt(snapshot.height);
  return versionForHeight(snapshot.chainId, height, flag, flag === undefined ? recordedVersion(snapshot) : undefined, options);
}

/** One line for people: `chain version v0.2.12 (mainnet upgrade table: …)`. */
export function versionLine(c: VersionChoice): string {
  return `chain version ${c.version} (${c.source === "flag" ? "set by --chain-version" : c.detail})`;
}

/**
 * Why a version was chosen, as a code for scripts: `flag` (--chain-version), `applied-plans` (the node's
 * applied upgrade plans), `recorded` (written into the snapshot file), `table` (the mainnet upgrade
 * table at the height), `no-state` (no chain state given: the newest rules the port knows).
 */
export type VersionBasis = "flag" | "applied-plans" | "recorded" | "table" | "no-state";

/** The basis code of a choice. */
export function versionBasis(c: VersionChoice): VersionBasis {
  switch (c.source) {
    case "flag":
      return "flag";
    case "node":
      return "applied-plans";
    case "snapshot":
      return "recorded";
    case "latest":
      return "no-state";
    case "table":
      return "table";
  }
}

/** The JSON shape of a chosen version (schemas/common.schema.json#/definitions/chainVersion). */
export interface VersionJson {
  version: ChainVersion;
  source: string;
  /** Machine code of why (see VersionBasis). */
  basis: VersionBasis;
  /** The version the mainnet table places at the height (one); null when the table was not consulted. */
  tableCandidates: ChainVersion[] | null;
  /** The same reason in words, for people (display text: scripts read `source` and `basis`). */
  detail: string;
}

/** The JSON field value: `{version, source, basis, tableCandidates, detail}`. */
export function versionJson(c: VersionChoice): VersionJson {
  return { version: c.version, source: c.source, basis: versionBasis(c), tableCandidates: c.candidates ? [...c.candidates] : null, detail: c.detail };
}
