/**
 * The snapshot file: the contract between the chain client and the rules. One versioned JSON
 * document; the envelope is checked here, and each rule family validates the slice it reads
 * (errors name the path inside the file, e.g. `snap.json: preserved.rootGroup.validationWeights[3].weight`).
 *
 * Slices (all but `preserved` optional):
 * - `preserved`: the preserved-set state object (src/preserved/state.ts), one field per keeper read.
 * - `settlement`: the epoch-settlement input of the miss test (src/misstest/epoch-input.ts).
 * - `demand`: per-model PoC demand for the demand-based preserved rule (src/preserved/demand.ts).
 * - `chain`: raw extras the chain client records (escrow params, PoC events) for reference.
 *
 * The full schema, with the chain read behind every field and the height it is pinned to, is in
 * docs/snapshot.md; `gonka-spec snapshot` (src/chain/) writes it from a node.
 */
import { readTextFile } from "../fs/files.js";
import { InputError, describeValue } from "../errors.js";
import { parseJson, stringifyJson, type Json } from "../go/json.js";
import { isJsonObject, type JsonObject } from "../json-input.js";

export const SNAPSHOT_SCHEMA = "gonka-spec/snapshot";
/**
 * The version this gonka-spec writes. 2 added `chainVersion` and the settlement reads under `chain`
 * (participants' status and coin balance, confirmation weights and scales, poc_params, tokenomics,
 * genesis-only params) and marks params a chain version lacks as null; version 1 files load unchanged.
 */
export const SNAPSHOT_VERSION = 2;
/** Every version this gonka-spec reads. */
export const SNAPSHOT_VERSIONS_READ = [1, 2] as const;
export type SnapshotVersion = (typeof SNAPSHOT_VERSIONS_READ)[number];

export type { JsonObject };

export interface Snapshot {
  schema: typeof SNAPSHOT_SCHEMA;
  version: SnapshotVersion;
  /** Chain id the state was read from ("example" for generated files). */
  chainId: string;
  /** Block height every read was pinned to (decimal string). */
  height: string;
  /** When the snapshot was taken (ISO 8601), informational only: no rule reads it. */
  fetchedAt?: string;
  /** Where it came from: "rpc" or "generated". */
  source?: string;
  /**
   * The chain version in force at `height` as the node reported it (version 2; absent in version 1
   * and in generated files): `{version, source: "node", detail, plan, upgrades: [{name, height}]}`.
   */
  chainVersion?: JsonObject;
  preserved: JsonObject;
  settlement?: JsonObject;
  demand?: JsonObject;
  chain?: JsonObject;
}


/** The envelope's fields (docs/snapshot.md). */
const ENVELOPE_KEYS = ["schema", "version", "chainId", "height", "fetchedAt", "source", "chainVersion", "preserved", "settlement", "demand", "chain"] as const;

/** Validate a parsed document as a snapshot envelope. `where` names the file in errors. */
export function parseSnapshot(doc: Json, where = "snapshot"): Snapshot {
  if (!isJsonObject(doc)) throw new InputError("a snapshot must be a JSON object", where);
  if (doc.schema !== SNAPSHOT_SCHEMA) {
    throw new InputError(`schema: expected "${SNAPSHOT_SCHEMA}", got ${describeValue(doc.schema)}; is this a gonka-spec snapshot?`, where);
  }
  if (!(SNAPSHOT_VERSIONS_READ as readonly unknown[]).includes(doc.version)) {
    throw new InputError(
      `version: this gonka-spec reads snapshot versions ${SNAPSHOT_VERSIONS_READ.join(" and ")}, the file has ${describeValue(doc.version)}; re-create it with 'gonka-spec snapshot'`,
      where,
    );
  }
  if (typeof doc.chainId !== "string" || doc.chainId === "") throw new InputError(`chainId: expected a non-empty string, got ${describeValue(doc.chainId)}`, where);
  const h = doc.height;
  if (!(typeof h === "string" && /^\d+$/.test(h)) && !(typeof h === "number" && Number.isInteger(h) && h >= 0) && typeof h !== "bigint") {
    throw new InputError(`height: expected a block height, got ${describeValue(h)}`, where);
  }
  if (!isJsonObject(doc.preserved)) throw new InputError(`preserved: expected an object, got ${describeValue(doc.preserved)}`, where);
  for (const k of Object.keys(doc)) {
    // a misspelt slice ("settlment") would be a slice silently absent
    if (!(ENVELOPE_KEYS as readonly string[]).includes(k)) throw new InputError(`unknown field ${describeValue(k)} (expected ${ENVELOPE_KEYS.join(", ")})`, where);
  }
  for (const k of ["settlement", "demand", "chain", "chainVersion"] as const) {
    if (doc[k] !== undefined && !isJsonObject(doc[k])) throw new InputError(`${k}: expected an object, got ${describeValue(doc[k])}`, where);
  }
  if (doc.fetchedAt !== undefined && typeof doc.fetchedAt !== "string") throw new InputError(`fetchedAt: expected a string`, where);
  return { ...(doc as unknown as Snapshot), height: String(h) };
}

/** Read and validate a snapshot file. */
export function loadSnapshot(file: string): Snapshot {
  // A regular file below the size limit: a FIFO or /dev/zero would block or exhaust memory.
  let text: string;
  try {
    text = readTextFile(file);
  } catch (e) {
    if (e instanceof InputError && e.message === `${file}: file not found`) throw new InputError("snapshot file not found", file);
    throw e;
  }
  return parseSnapshot(parseJson(text, file), file);
}

/** Serialise a snapshot (stable key order as built, bigints as bare integers). */
export function serializeSnapshot(s: Snapshot): string {
  return `${stringifyJson(s, 1)}\n`;
}
