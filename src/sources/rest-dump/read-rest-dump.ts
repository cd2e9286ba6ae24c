/**
 * Read a directory of saved REST answers (any file names; `.json` or `.json.gz`) and sort them by shape
 * and by the epoch their content names: one list answer per epoch, or one answer per participant
 * (performance summaries saved from /epoch_performance_summary/{epoch}/{address}), merged per epoch.
 */
import { basename, dirname, join } from "node:path";
import { InputError, describeValue } from "../../errors.js";
import { isDirectory, listDirectory, readTextFile } from "../../fs/files.js";
import { checkedUint64 } from "../../go/int64.js";
import { parseJson, stringifyJson, type Json } from "../../go/json.js";
import { isJsonObject, type JsonObject } from "../../json-input.js";
import { field, recogniseRestFile, type RestFileKind } from "./recognise-rest-file.js";

const sameJson = (a: unknown, b: unknown): boolean => stringifyJson(a) === stringifyJson(b);

export interface RestFile<T> {
  /** The file's path as given (DIR/name), named in every error about it. */
  file: string;
  value: T;
}

/**
 * One epoch's rows of a kind that may be saved one answer per row (the performance summaries): the rows
 * of every file holding them, each once. `file` is the first of `files`.
 */
export interface RestRows extends RestFile<JsonObject[]> {
  /** Where each row was read (`FILE: key[i]` in a list answer, `FILE: key` in a one-row answer), named in errors about it. */
  at: string[];
  /** The file of each row. */
  rowFiles: string[];
  /** Every file the rows came from, in reading order. */
  files: string[];
  /** The row of each participant_id. */
  byId: Map<string, number>;
}

/** A dump with nothing read yet. */
function emptyRestDump(dir: string): RestDump {
  return {
    dir,
    files: [],
    roots: new Map(),
    models: new Map(),
    summaries: new Map(),
    exclusions: new Map(),
    emptyExclusions: [],
    params: null,
    confirmationPocEvents: new Map(),
    preservedSnapshots: [],
    openPocChallenges: [],
    activity: [],
  };
}

export interface RestDump {
  dir: string;
  /** Every file read, with the kind it was recognised as (null: not a shape settlement reads; ignored). */
  files: { file: string; kind: RestFileKind | null }[];
  /** Root EpochGroupData by epoch. */
  roots: Map<bigint, RestFile<JsonObject>>;
  /** Per-model EpochGroupData by epoch (model id in the value's `model_id`). */
  models: Map<bigint, RestFile<JsonObject>[]>;
  /** EpochPerformanceSummary rows by epoch, one per participant, from list answers or one answer per participant. */
  summaries: Map<bigint, RestRows>;
  /** ExcludedParticipant rows by epoch (an empty list names no epoch: see emptyExclusions). */
  exclusions: Map<bigint, RestFile<JsonObject[]>>;
  /** Excluded-participants answers with no rows (they name no epoch), one per file. */
  emptyExclusions: RestFile<JsonObject[]>[];
  params: RestFile<JsonObject> | null;
  confirmationPocEvents: Map<bigint, RestFile<JsonObject[]>>;
  preservedSnapshots: RestFile<JsonObject>[];
  /**
   * v0.2.16 /open_poc_challenges answers: each answer's `challenge` records (OPEN ones only, as saved; an
   * empty answer holds none). Placed by no epoch: each record names its own (epoch_index).
   */
  openPocChallenges: RestFile<JsonObject[]>[];
  /** Every params answer read (one per dump directory when several are merged); `params` is the one used. */
  allParams?: RestFile<JsonObject>[];
  /** An archive's metadata.json (`fetched_at_utc`: when the answers were saved), by file. */
  metadata?: RestFile<JsonObject>[];
  /** The dump directories merged into this one (readRestDumps). */
  dirs?: string[];
  /** What a status replay reads (blocks, their results, transactions, escrows, host epoch stats, participant records), parsed by src/sources/status/. */
  activity: RestFile<JsonObject>[];
}

/**
 * The module params to read with an answer of `file`: the params answer saved in the same directory
 * (saved with it, so the nearest in time), else the dump's newest (`params`). Params are saved later
 * than the epochs they are read for; every reader names that as an assumption.
 */
export function paramsFor(dump: RestDump, file: string): RestFile<JsonObject> | null {
  const dir = dirname(file);
  return (dump.allParams ?? []).find((p) => dirname(p.file) === dir) ?? dump.params;
}

/** The numbers a file name holds (`excluded_participants_265.json` → 265), as bigints. */
const numbersInName = (file: string): bigint[] => (basename(file).match(/\d{1,19}/g) ?? []).map((d) => BigInt(d));

/**
 * An excluded-participants answer with no rows for `epoch`, saved in the same directory as `file` (the
 * epoch's root group). Such an answer names no epoch: in a directory of one epoch it is that epoch's; in
 * a directory holding several epochs' answers only the name can say, so it is read for the epoch its
 * file name holds and for no other.
 */
export function emptyExclusionsFor(dump: RestDump, file: string, epoch: bigint): RestFile<JsonObject[]> | undefined {
  const dir = dirname(file);
  const here = dump.emptyExclusions.filter((x) => dirname(x.file) === dir);
  const epochsHere = [...dump.roots.values()].filter((r) => dirname(r.file) === dir).length;
  return epochsHere <= 1 ? here[0] : here.find((x) => numbersInName(x.file).includes(epoch));
}

/** An epoch_index field (uint64), named by file and path in errors. */
export function epochOf(o: JsonObject, where: string): bigint {
  const v = field(o, "epoch_index");
  if (v === undefined) throw new InputError("missing field epoch_index", where);
  return checkedUint64(v, `${where}.epoch_index`);
}

/** A saved answer: `.json` or `.json.gz` (gzip recognised by its bytes; bounded and UTF-8 checked as every input file). */
function readJsonMaybeGz(file: string): Json {
  return parseJson(readTextFile(file), file);
}

/**
 * The rows of a list answer by epoch (each row names its epoch). A second answer for an epoch already
 * read is the same answer saved twice when equal (read once), else refused naming both files.
 */
function rowsByEpoch(rows: Json[], file: string, key: string, into: Map<bigint, RestFile<JsonObject[]>>, empty?: RestFile<JsonObject[]>[]): void {
  const byEpoch = new Map<bigint, JsonObject[]>();
  rows.forEach((r, i) => {
    const at = `${file}: ${key}[${i}]`;
    if (!isJsonObject(r)) throw new InputError(`expected an object, got ${describeValue(r)}`, at);
    const e = epochOf(r, at);
    if (!byEpoch.has(e)) byEpoch.set(e, []);
    byEpoch.get(e)!.push(r);
  });
  if (rows.length === 0) empty?.push({ file, value: [] });
  for (const [e, list] of byEpoch) {
    const prev = into.get(e);
    if (prev === undefined) into.set(e, { file, value: list });
    else if (!sameJson(prev.value, list)) throw new InputError(`a second, different ${key} list for epoch ${e} (the first is ${prev.file})`, file);
  }
}

/**
 * Add performance summaries to their epochs' rows. The chain keeps one summary per (epoch, participant):
 * a participant listed twice in one list answer is refused (counted twice it would be paid twice and
 * double the network's request counts); across answers (a list and one answer per participant, or two
 * saves) an equal summary is the same row saved twice, read once, and a different one is refused naming
 * both files.
 */
export function addSummaryRows(into: Map<bigint, RestRows>, rows: readonly { row: Json; at: string; file: string }[]): void {
  const inFile = new Map<string, string>();
  for (const { row, at, file } of rows) {
    if (!isJsonObject(row)) throw new InputError(`expected an object, got ${describeValue(row)}`, at);
    const e = epochOf(row, at);
    const id = field(row, "participant_id");
    if (typeof id !== "string") throw new InputError(`expected a string, got ${describeValue(id)}`, `${at}.participant_id`);
    const k = `${e}\u0000${id}`;
    const twice = inFile.get(k);
    if (twice !== undefined) throw new InputError(`${describeValue(id)} is listed twice for epoch ${e} (also ${twice}): the chain keeps one epochPerformanceSummary row per participant and epoch`, `${at}.participant_id`);
    inFile.set(k, at.slice(file.length + 2));
    let held = into.get(e);
    if (held === undefined) into.set(e, (held = { file, value: [], at: [], rowFiles: [], files: [], byId: new Map() }));
    const i = held.byId.get(id);
    if (i !== undefined) {
      if (!sameJson(held.value[i], row)) throw new InputError(`a second, different performance summary of ${id} for epoch ${e} (the first is ${held.at[i]})`, at);
      continue;
    }
    held.byId.set(id, held.value.length);
    held.value.push(row);
    held.at.push(at);
    held.rowFiles.push(file);
    if (held.files[held.files.length - 1] !== file) held.files.push(file);
  }
}

/** Read every `.json`/`.json.gz` file of `dir` (not recursive), recognising each by its shape. */
export function readRestDump(dir: string): RestDump {
  const names = listDirectory(dir);
  const dump = emptyRestDump(dir);
  const addGroup = (g: JsonObject, file: string, at: string): void => {
    const epoch = epochOf(g, at);
    const model = field(g, "model_id");
    if (model !== undefined && model !== null && typeof model !== "string") throw new InputError(`expected a string, got ${describeValue(model)}`, `${at}.model_id`);
    if (model === undefined || model === null || model === "") {
      const prev = dump.roots.get(epoch);
      if (prev !== undefined) throw new InputError(`a second root epoch group for epoch ${epoch} (the first is ${prev.file})`, file);
      dump.roots.set(epoch, { file, value: g });
    } else {
      if (!dump.models.has(epoch)) dump.models.set(epoch, []);
      dump.models.get(epoch)!.push({ file, value: g });
    }
  };
  for (const name of names) {
    if (!/\.json(\.gz)?$/.test(name)) continue;
    const file = join(dir, name);
    const json = readJsonMaybeGz(file);
    const kind = recogniseRestFile(json);
    dump.files.push({ file, kind });
    if (kind === null || !isJsonObject(json)) continue;
    switch (kind) {
      case "epoch-group-data":
        addGroup(field(json, "epoch_group_data") as JsonObject, file, `${file}: epoch_group_data`);
        break;
      case "epoch-group-data-list":
        (field(json, "epoch_group_data") as Json[]).forEach((g, i) => {
          if (!isJsonObject(g)) throw new InputError(`expected an object, got ${describeValue(g)}`, `${file}: epoch_group_data[${i}]`);
          addGroup(g, file, `${file}: epoch_group_data[${i}]`);
        });
        break;
      case "epoch-performance-summaries": {
        // a list answer (/epoch_performance_summary/{epoch}) or one participant's (…/{epoch}/{address})
        const v = field(json, "epoch_performance_summary")!;
        const key = Object.keys(json).find((k) => k === "epoch_performance_summary" || k === "epochPerformanceSummary")!;
        addSummaryRows(dump.summaries, Array.isArray(v) ? v.map((row, i) => ({ row, at: `${file}: ${key}[${i}]`, file })) : [{ row: v, at: `${file}: ${key}`, file }]);
        break;
      }
      case "excluded-participants": {
        const key = ["items", "excluded_participants"].find((k) => Array.isArray(field(json, k))) ?? "participants";
        rowsByEpoch(field(json, key) as Json[], file, key, dump.exclusions, dump.emptyExclusions);
        break;
      }
      case "params": {
        // one params answer per directory (they record no height to tell two apart); the same saved twice is read once
        const value = field(json, "params") as JsonObject;
        if (dump.params !== null && !sameJson(dump.params.value, value)) throw new InputError(`a second, different params answer (the first is ${dump.params.file}): a params answer records no height, so one directory holds one`, file);
        dump.params ??= { file, value };
        dump.allParams = [dump.params];
        break;
      }
      case "confirmation-poc-events":
        rowsByEpoch(field(json, "events") as Json[], file, "events", dump.confirmationPocEvents);
        break;
      case "preserved-nodes-snapshot":
        dump.preservedSnapshots.push({ file, value: field(json, "snapshot") as JsonObject });
        break;
      case "open-poc-challenges":
        dump.openPocChallenges.push({
          file,
          value: (field(json, "challenges") as Json[]).map((c, i) => {
            const at = `${file}: challenges[${i}]`;
            if (!isJsonObject(c) || !isJsonObject(field(c, "challenge"))) throw new InputError(`expected an object with a challenge object, got ${describeValue(c)}`, at);
            return field(c, "challenge") as JsonObject;
          }),
        });
        break;
      case "archive-metadata":
        (dump.metadata ??= []).push({ file, value: json });
        break;
      default:
        dump.activity.push({ file, value: json });
    }
  }
  return dump;
}

/** The dump directories a --rest-dump DIR names: DIR itself when it holds answers, else its sub-directories (a folder of epoch_N dumps). */
export function dumpDirectories(dir: string): string[] {
  if (!isDirectory(dir)) return [dir]; // readRestDump names the problem
  const names = listDirectory(dir);
  if (names.some((n) => /\.json(\.gz)?$/.test(n))) return [dir];
  const subs = names.filter((n) => isDirectory(join(dir, n))).map((n) => join(dir, n));
  return subs.length === 0 ? [dir] : subs;
}

function mergeByEpoch<T>(into: Map<bigint, RestFile<T>>, from: Map<bigint, RestFile<T>>, what: string): void {
  for (const [e, f] of from) {
    const prev = into.get(e);
    if (prev === undefined) into.set(e, f);
    else if (!sameJson(prev.value, f.value)) throw new InputError(`a second, different ${what} for epoch ${e} (the first is ${prev.file})`, f.file);
  }
}

/**
 * Read several dump directories (each --rest-dump DIR, a folder of epoch_N dumps expanded) as one dump:
 * the same answer saved twice is read once; two different answers for one epoch are an error naming
 * both files. `params` is the answer of the directory holding the newest root epoch group (every
 * params answer is kept in `allParams`).
 */
export function readRestDumps(dirs: readonly string[]): RestDump {
  const all = dirs.flatMap(dumpDirectories);
  return mergeRestDumps(all.map(readRestDump), dirs);
}

/** Several dumps already read (one per dump directory) as one, by the rules of readRestDumps; `given` names them in messages. */
export function mergeRestDumps(dumps: readonly RestDump[], given: readonly string[] = dumps.map((d) => d.dir)): RestDump {
  const all = dumps.map((d) => d.dir);
  if (dumps.length === 1) return { ...dumps[0]!, dirs: all };
  const merged: RestDump = { ...emptyRestDump(given.join(", ")), allParams: [], metadata: [], dirs: all };
  let newest = -1n;
  for (const d of dumps) {
    merged.files.push(...d.files);
    mergeByEpoch(merged.roots, d.roots, "root epoch group");
    for (const [e, list] of d.models) {
      const have = merged.models.get(e) ?? [];
      for (const m of list) {
        const id = field(m.value, "model_id");
        const prev = have.find((x) => field(x.value, "model_id") === id);
        if (prev === undefined) have.push(m);
        else if (!sameJson(prev.value, m.value)) throw new InputError(`a second, different epoch group of model ${String(id)} for epoch ${e} (the first is ${prev.file})`, m.file);
      }
      merged.models.set(e, have);
    }
    for (const rows of d.summaries.values()) for (const [i, row] of rows.value.entries()) addSummaryRows(merged.summaries, [{ row, at: rows.at[i]!, file: rows.rowFiles[i]! }]);
    mergeByEpoch(merged.exclusions, d.exclusions, "excluded participants list");
    merged.emptyExclusions.push(...d.emptyExclusions);
    mergeByEpoch(merged.confirmationPocEvents, d.confirmationPocEvents, "confirmation PoC event list");
    for (const s of d.preservedSnapshots) if (!merged.preservedSnapshots.some((x) => sameJson(x.value, s.value))) merged.preservedSnapshots.push(s);
    merged.openPocChallenges.push(...d.openPocChallenges);
    merged.activity.push(...d.activity);
    merged.metadata!.push(...(d.metadata ?? []));
    if (d.params !== null) {
      merged.allParams!.push(d.params);
      const top = [...d.roots.keys()].reduce((a, b) => (b > a ? b : a), -1n);
      if (merged.params === null || top > newest) merged.params = d.params;
      if (top > newest) newest = top;
    }
  }
  return merged;
}
