/**
 * The real epochs a backtest runs over, read from saved REST answers (a dump directory, or a directory
 * of epoch_N dump directories), snapshot files, or a node. Reading is here; the backtest itself
 * (backtest.ts) is a pure function of what this returns.
 */
import { statSync } from "node:fs";
import { fsCause, isDirectory, listDirectory } from "../fs/files.js";
import { InputError, describeValue } from "../errors.js";
import type { Json } from "../go/json.js";
import { isJsonObject } from "../json-input.js";
import type { PreservedState } from "../preserved/state.js";
import { preservedStateOfSnapshot } from "../preserved/snapshot-state.js";
import { dumpDirectories, mergeRestDumps, readRestDump, type RestDump } from "./rest-dump/read-rest-dump.js";
import { preservedFromRestDump } from "./rest-dump/preserved-from-rest.js";
import type { RecordedOutcome, RestSettlementOptions } from "./rest-dump/settlement-from-rest.js";
import { settlementFromDump, settlementFromSnapshot } from "./settlement-inputs.js";
import { loadSnapshot, type Snapshot } from "../snapshot/snapshot.js";
import type { SettlementInput } from "../settlement/settlement-types.js";
import type { SettlementAssumption } from "../settlement/settlement-input.js";
import type { DumpGap } from "./rest-dump/dump-gap.js";
import type { ChainVersion } from "../versions/chain-version.js";
import { groupDigits } from "../format/numbers.js";

/** One real epoch as read, before a chain version is chosen for it. */
export interface EpochSource {
  epoch: bigint;
  /** Where it came from (a directory, a file, "URL@height"). */
  label: string;
  chainId: string;
  settlementHeight: bigint | null;
  input: SettlementInput;
  /** What the chain paid (rewarded/earned coins by address), when the source records it. */
  recorded: Map<string, RecordedOutcome> | null;
  /** What the source lacks and the assumption made (one line each). */
  assumptions: string[];
  /** Lacks that only rules from a version on read (x/group live members, v0.2.13): the backtest keeps those its version reads. */
  versionedAssumptions?: { line: string; readFrom: ChainVersion }[];
  /** The settlement input's assumptions as named, with the parts each fills: a zero cause reading one is not computable. */
  settlementAssumptions?: SettlementAssumption[];
  /** The preserved-set sampler's inputs, when the source holds them (a snapshot's preserved slice). */
  preserved: PreservedState | null;
  /** A chain version recorded with the state (a snapshot's chainVersion), applying at the snapshot's height. */
  recordedVersion: { snapshot: Snapshot; height: bigint } | null;
  /** The snapshot's demand slice (peak in-flight PoC requests per model), for the demand rule. */
  demand: { json: Json; source: string } | null;
  /** Stored PreservedNodesSnapshot answers in a REST dump (the chain's own set; no sampler inputs). */
  storedPreservedSnapshots: number;
}

/** Every epoch of one dump directory (each root epoch group in it). */
function epochsOfDump(dump: RestDump, options: EpochReadOptions): EpochSource[] {
  const dir = dump.dir;
  const roots = [...dump.roots.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (roots.length === 0) throw new InputError("no root epoch group data (the REST answer of /epoch_group_data/N, with validation_weights) among the files", dir);
  return roots.map((epoch) => {
    const l = settlementFromDump(dump, dir, { ...options, epoch });
    return {
      epoch,
      label: dir,
      chainId: l.chainId,
      settlementHeight: l.settlementHeight,
      input: l.input,
      recorded: l.recorded,
      assumptions: l.assumptions.filter((g) => g.readFrom === undefined && (g.rowsAffected > 0 || g.input === "the chain id")).map((g) => `${g.input}: ${g.assumption}`),
      versionedAssumptions: l.assumptions.filter((g) => g.readFrom !== undefined && g.rowsAffected > 0).map((g) => ({ line: `${g.input}: ${g.assumption}`, readFrom: g.readFrom! })),
      settlementAssumptions: l.assumptions,
      preserved: null,
      recordedVersion: null,
      demand: null,
      storedPreservedSnapshots: dump.preservedSnapshots.length,
    };
  });
}

/**
 * `--rest-dump DIR`: DIR holds one dump (REST answers as .json/.json.gz files, one or several epochs),
 * or dump directories (epoch_247/, epoch_248/, …), each read as a dump.
 */
export function epochsFromRestDump(dir: string, options: EpochReadOptions = {}): EpochSource[] {
  return epochsFromRestDumps([dir], options);
}

/** A dump's settlement choices that hold for every epoch read (--validation-params, --missing-subgroups). */
export type EpochReadOptions = Pick<RestSettlementOptions, "validationParams" | "missingSubgroups">;

/**
 * Every `--rest-dump DIR` at once: each epoch's settlement from its own directory, and the preserved
 * set from all of them together (epoch N's sampler reads N−1's answers, which may be another DIR).
 */
export function epochsFromRestDumps(dirs: readonly string[], options: EpochReadOptions = {}): EpochSource[] {
  if (dirs.length === 0) return [];
  // Each dump directory read once: its epochs' settlement from it, the preserved sets from all together.
  const dumps = dirs.flatMap(dumpDirectoriesOf).map(readRestDump);
  return withPreserved(dumps.flatMap((d) => epochsOfDump(d, options)), mergeRestDumps(dumps, dirs));
}

/** The dump directories of one --rest-dump DIR (itself, or its epoch_N sub-directories). */
function dumpDirectoriesOf(dir: string): string[] {
  if (!isDirectory(dir)) {
    try {
      statSync(dir);
    } catch (e) {
      throw new InputError((e as NodeJS.ErrnoException).code === "ENOENT" ? "directory not found" : `cannot read the directory: ${fsCause(e)}`, `--rest-dump ${dir}`);
    }
    throw new InputError("is not a directory (--rest-dump takes a directory of saved REST answers, or of epoch_N directories)", `--rest-dump ${dir}`);
  }
  const dirs = dumpDirectories(dir);
  if (dirs.length === 1 && dirs[0] === dir && !listDirectory(dir).some((n) => /\.json(\.gz)?$/.test(n))) {
    throw new InputError("holds neither saved REST answers (.json files) nor epoch directories", `--rest-dump ${dir}`);
  }
  return dirs;
}

/**
 * The preserved-set sampler's inputs of each epoch N whose dumps (with N−1's) hold them: the PoC that
 * starts N+1, sampled from N (src/rest-dump/preserved-from-rest.ts). Epochs whose history is not in the
 * same --rest-dump keep none (the backtest then says the preserved set is not computed).
 */
function withPreserved(sources: EpochSource[], dump: RestDump): EpochSource[] {
  return sources.map((s) => {
    try {
      const pr = preservedFromRestDump(dump, { epoch: s.epoch });
      const lacks = pr.gaps.filter((g) => g.rowsAffected > 0);
      const line = (g: DumpGap): string => `${g.input}: ${g.assumption}`;
      const rules = `the preserved set at anchor ${groupDigits(pr.anchor.height)} (the PoC after the epoch): sampled with the rules of the version the epoch settles with`;
      return {
        ...s,
        preserved: pr.state,
        assumptions: [...s.assumptions, rules, ...lacks.filter((g) => g.readFrom === undefined).map(line)],
        versionedAssumptions: [...(s.versionedAssumptions ?? []), ...lacks.filter((g) => g.readFrom !== undefined).map((g) => ({ line: line(g), readFrom: g.readFrom! }))],
      };
    } catch (e) {
      if (e instanceof InputError) return s;
      throw e;
    }
  });
}

/** A snapshot's settlement slice (and preserved slice, when it holds the sampler's inputs). */
export function epochFromSnapshot(snapshot: Snapshot, label: string): EpochSource {
  if (snapshot.settlement === undefined) throw new InputError("the snapshot has no settlement slice: a backtest settles each epoch (re-create it with 'gonka-spec snapshot' or 'gonka-spec import-rest')", label);
  const l = settlementFromSnapshot(snapshot, label);
  const hasPreserved = isJsonObject(snapshot.preserved) && Object.keys(snapshot.preserved).length > 0;
  return {
    epoch: l.input.epoch,
    label,
    chainId: l.chainId,
    settlementHeight: l.settlementHeight,
    input: l.input,
    recorded: l.recorded,
    assumptions: l.assumptions.filter((a) => a.rowsAffected > 0).map((a) => `${a.input}: ${a.assumption}`),
    settlementAssumptions: l.assumptions,
    // with the model weight scale factors from the chain slice (the v0.2.12+ sampler reads them)
    preserved: hasPreserved ? preservedStateOfSnapshot(snapshot, label) : null,
    recordedVersion: { snapshot, height: BigInt(snapshot.height) },
    demand: snapshot.demand === undefined ? null : { json: snapshot.demand, source: `${label}: demand` },
    storedPreservedSnapshots: 0,
  };
}

/** `--snapshot FILE`. */
export function epochFromSnapshotFile(file: string): EpochSource {
  return epochFromSnapshot(loadSnapshot(file), file);
}

/** `--epochs FROM..TO` (or a single N): the inclusive range. */
export function parseEpochRange(text: string, where = "--epochs"): { from: bigint; to: bigint } {
  const m = /^\s*(\d{1,19})\s*(?:\.\.\s*(\d{1,19}))?\s*$/.exec(text);
  if (m === null) throw new InputError(`expected FROM..TO (e.g. 247..249) or one epoch number, got ${describeValue(text)}`, where);
  const from = BigInt(m[1]!);
  const to = m[2] === undefined ? from : BigInt(m[2]);
  if (to < from) throw new InputError(`the range runs backwards (${from} > ${to})`, where);
  if (to - from >= 10_000n) throw new InputError(`at most 10,000 epochs at once, got ${to - from + 1n}`, where);
  return { from, to };
}

/**
 * Keep the epochs of `range` (all when null), sorted; each epoch once. An epoch of the range that no
 * source holds, or one epoch given twice, is an InputError.
 */
export function selectEpochs(sources: EpochSource[], range: { from: bigint; to: bigint } | null): EpochSource[] {
  const byEpoch = new Map<bigint, EpochSource>();
  for (const s of sources) {
    const prev = byEpoch.get(s.epoch);
    if (prev !== undefined) throw new InputError(`epoch ${s.epoch} is given twice (${prev.label} and ${s.label})`, s.label);
    byEpoch.set(s.epoch, s);
  }
  const have = [...byEpoch.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (range === null) return have.map((e) => byEpoch.get(e)!);
  refuseEpochsNotHeld(range, have);
  return have.filter((e) => e >= range.from && e <= range.to).map((e) => byEpoch.get(e)!);
}

/** An epoch of `range` that the inputs (holding `have`, sorted) lack is an InputError naming them and what they hold. */
export function refuseEpochsNotHeld(range: { from: bigint; to: bigint }, have: readonly bigint[]): void {
  const held = new Set(have);
  const missing: bigint[] = [];
  for (let e = range.from; e <= range.to; e++) if (!held.has(e)) missing.push(e);
  if (missing.length > 0) {
    const list = missing.length > 5 ? `${missing.slice(0, 5).join(", ")} … (${missing.length} epochs)` : missing.join(", ");
    throw new InputError(`${missing.length === 1 ? `epoch ${list} is` : `epochs ${list} are`} not in the inputs (they hold ${have.length === 0 ? "none" : have.join(", ")})`, `--epochs ${range.from}..${range.to}`);
  }
}
