/**
 * A gonka-spec snapshot built from REST dumps: the settlement slice of epoch N, the preserved slice of
 * the PoC after N (sampling epoch N, history N−1), the chain's recorded outcome and stored preserved
 * snapshot, and what the dumps lack. Either slice is left out (with a gap naming why) when the dumps
 * hold not all of its inputs, unless the caller requires it; then the reason is the error.
 */
import { InputError } from "../../errors.js";
import { SNAPSHOT_SCHEMA, SNAPSHOT_VERSION, type JsonObject, type Snapshot } from "../../snapshot/snapshot.js";
import { settlementInputToJson } from "../../settlement/settlement-input.js";
import { preservedStateJson } from "../../preserved/state-json.js";
import { readRestDumps, type RestDump } from "./read-rest-dump.js";
import { preservedFromRestDump, type RestPreserved, type RestPreservedOptions } from "./preserved-from-rest.js";
import { settlementFromRestDump, type DumpGap, type RestSettlement, type RestSettlementOptions } from "./settlement-from-rest.js";
import { DumpLacksError } from "./dump-gap.js";
import { dumpContentGaps } from "./dump-contents.js";

export interface RestSnapshotOptions extends RestSettlementOptions, RestPreservedOptions {
  /** The dump does not say which chain it came from (default gonka-mainnet, named as an assumption). */
  chainId?: string;
  /** A slice the caller reads: missing inputs of it are an error instead of a gap. */
  require?: "settlement" | "preserved";
}

export interface RestSnapshot {
  snapshot: Snapshot;
  /** Every input the dumps lack, with its assumption (settlement's, then the preserved slice's). */
  gaps: DumpGap[];
  /** The preserved slice's build (null when the dumps lack its inputs). */
  preserved: RestPreserved | null;
  /** The settlement slice's typed input (null when the dumps lack its inputs). */
  settlement: RestSettlement | null;
}

/** The newest root epoch with performance summaries (a settled epoch), else the newest root. */
function settlementEpoch(dump: RestDump, options: RestSnapshotOptions): bigint | undefined {
  if (options.epoch !== undefined) return options.epoch;
  const roots = [...dump.roots.keys()].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  return roots.find((e) => dump.summaries.has(e)) ?? roots[0];
}

/** Build a snapshot from an already read (and merged) dump. */
export function snapshotFromDump(dump: RestDump, options: RestSnapshotOptions = {}): RestSnapshot {
  const gaps: DumpGap[] = [];
  const lacks: string[] = [];
  let rs: RestSettlement | null = null;
  // A reader of the preserved slice picks its epoch first (it may follow a stored snapshot's anchor); the settlement slice is then of the same epoch.
  const early = options.require === "preserved" ? preservedFromRestDump(dump, options) : null;
  try {
    const e = early?.samplingEpoch ?? settlementEpoch(dump, options);
    rs = settlementFromRestDump(dump, { ...options, ...(e !== undefined ? { epoch: e } : {}) });
    gaps.push(...rs.gaps);
  } catch (err) {
    // Only an input the dumps lack leaves the slice out; an answer they hold that is wrong is refused.
    if (!(err instanceof DumpLacksError) || options.require === "settlement") throw err;
    lacks.push(err.path === undefined ? err.message : err.message.slice(err.path.length + 2));
    gaps.push({ input: "the settlement slice", assumption: `not built: ${err.message}`, rowsAffected: 0, uses: ["settle", "miss-test"], brief: `no settlement slice (${err.message})` });
  }
  let pr: RestPreserved | null = early;
  try {
    pr ??= preservedFromRestDump(dump, { ...options, ...(options.epoch === undefined && rs !== null ? { epoch: rs.input.epoch } : {}) });
    gaps.push(...pr.gaps);
  } catch (err) {
    if (!(err instanceof DumpLacksError) || options.require === "preserved") throw err;
    if (!lacks.some((l) => err.message.endsWith(l))) lacks.push(err.path === undefined ? err.message : err.message.slice(err.path.length + 2));
    gaps.push({
      input: "the preserved-set sampler's inputs",
      assumption: `not built, so preserved, check and verify cannot run on it: ${err.message}`,
      rowsAffected: 0,
      uses: ["preserved"],
      brief: `no preserved slice (${err.message})`,
    });
  }
  // A snapshot with neither slice answers nothing (an empty or unrelated directory, an epoch the dumps do not hold).
  if (rs === null && pr === null) {
    const read = dump.files.filter((f) => f.kind !== null).length;
    throw new InputError(`the dumps hold neither a settlement slice nor a preserved slice (${read} of ${dump.files.length} .json files recognised as REST answers): ${lacks.join("; ")}`, (dump.dirs ?? [dump.dir]).join(", "));
  }
  const answered = rs?.input.epoch ?? pr!.samplingEpoch;
  const chosen = options.epoch !== undefined ? undefined : early !== null ? "the epoch the preserved set is sampled from" : rs?.recorded.size ? "the newest with performance summaries" : "the newest";
  gaps.push(...dumpContentGaps([dump], answered, chosen));
  if (options.chainId === undefined) gaps.push({ input: "the chain id", assumption: "gonka-mainnet (a REST dump does not record it)", flag: "--chain-id ID", rowsAffected: 0, brief: "chain id: gonka-mainnet (not recorded in a REST dump)" });

  const height = rs?.heights.settlementEstimate ?? pr?.anchor.height ?? rs?.heights.lastBlock ?? 0n;
  const chain: JsonObject = { restDump: { dirs: dump.dirs ?? [dump.dir], files: dump.files.map((f) => ({ file: f.file, kind: f.kind })) } };
  if (rs !== null) {
    const outcome: JsonObject = {};
    for (const [a, o] of rs.recorded) outcome[a] = { rewardedCoins: o.rewardedCoins.toString(), earnedCoins: o.earnedCoins.toString() };
    chain.settlementEpoch = rs.input.epoch.toString();
    chain.settlementHeight = rs.heights.settlementEstimate === null ? null : rs.heights.settlementEstimate.toString();
    chain.settlementOutcome = outcome;
  }
  if (pr !== null) {
    chain.effectiveEpochIndex = pr.samplingEpoch;
    chain.latestEpoch = { index: pr.samplingEpoch, pocStartBlockHeight: pr.pocStart };
    if (pr.epochLength !== null) chain.params = { epochParams: { epochLength: pr.epochLength } };
    chain.restDumpAnchor = { height: pr.anchor.height, source: pr.anchor.source, explanation: pr.anchor.explanation };
    chain.preservedNodesSnapshot = pr.storedSnapshot?.value ?? null;
    chain.confirmationPocEvents = pr.confirmationPocEvents;
    chain.conversion = { ...pr.conversion, assumptions: pr.gaps.map((g) => `${g.input}: ${g.assumption}`) };
  }
  chain.warnings = gaps.map((g) => `${g.input}: ${g.assumption}`);
  const snapshot: Snapshot = {
    schema: SNAPSHOT_SCHEMA,
    version: SNAPSHOT_VERSION,
    chainId: options.chainId ?? "gonka-mainnet",
    height: height.toString(),
    source: "rest-dump",
    preserved: pr === null ? {} : preservedStateJson(pr.state),
    ...(rs !== null ? { settlement: settlementInputToJson(rs.input, { settlementHeight: rs.heights.settlementEstimate, assumptions: gaps.filter((g) => g.uses === undefined || g.uses.includes("settle")) }) } : {}),
    chain,
  };
  return { snapshot, gaps, preserved: pr, settlement: rs };
}

/** Build a snapshot from the REST answers in `dirs` (each a dump, or a folder of epoch_N dumps). */
export function snapshotFromRestDumps(dirs: readonly string[], options: RestSnapshotOptions = {}): RestSnapshot {
  return snapshotFromDump(readRestDumps(dirs), options);
}

/** Build a snapshot (schema v2) from the REST answers in `dir`. */
export function snapshotFromRestDump(dir: string, options: RestSnapshotOptions = {}): RestSnapshot {
  return snapshotFromRestDumps([dir], options);
}
