/**
 * The settlement inputs of one epoch from a source: the typed SettlementInput the rule reads, what the
 * chain paid (when the source records it), the settlement height and the version recorded with the
 * state, and what the source lacks. Used by `settle`, `backtest` and the library alike.
 */
import { InputError, describeValue } from "../errors.js";
import { checkedInt64 } from "../go/int64.js";
import { isJsonObject } from "../json-input.js";
import { parseSettlementInput, type SettlementAssumption } from "../settlement/settlement-input.js";
import type { SettlementInput } from "../settlement/settlement-types.js";
import type { Snapshot } from "../snapshot/snapshot.js";
import type { Source } from "./source.js";
import { recordedVersion } from "../versions/resolve.js";
import type { RecordedVersion } from "../versions/upgrade-table.js";
import { dumpDirectories, readRestDump, type RestDump } from "./rest-dump/read-rest-dump.js";
import { settlementFromRestDump, type RecordedOutcome, type RestSettlementOptions } from "./rest-dump/settlement-from-rest.js";
import { dumpContentGaps } from "./rest-dump/dump-contents.js";

/** One epoch's settlement as a source gives it. */
export interface SettlementInputs {
  input: SettlementInput;
  label: string;
  chainId: string;
  settlementHeight: bigint | null;
  assumptions: SettlementAssumption[];
  recorded: Map<string, RecordedOutcome> | null;
  /** A chain version recorded in the snapshot (chainVersion), if any. */
  recordedVersion?: RecordedVersion;
}

/** The settlement input of a snapshot (its settlement slice) and the chain's recorded outcome, if any. */
export function settlementFromSnapshot(snapshot: Snapshot, label: string): SettlementInputs {
  if (snapshot.settlement === undefined) throw new InputError("the snapshot has no settlement slice (re-create it with 'gonka-spec snapshot' or 'gonka-spec import-rest')", label);
  const parsed = parseSettlementInput(snapshot.settlement, `${label}: settlement`);
  let recorded: Map<string, RecordedOutcome> | null = null;
  const out = isJsonObject(snapshot.chain) ? snapshot.chain.settlementOutcome : undefined;
  if (isJsonObject(out)) {
    recorded = new Map();
    // (each path is written only when its value fails: a large epoch has thousands of rows)
    const coins = (v: unknown, a: string, k: string): bigint => (typeof v === "string" && v.length < 19 && /^-?\d+$/.test(v) ? BigInt(v) : checkedInt64(v, `${label}: chain.settlementOutcome.${a}.${k}`));
    for (const a of Object.keys(out)) {
      const o = out[a];
      if (!isJsonObject(o)) throw new InputError(`expected an object, got ${describeValue(o)}`, `${label}: chain.settlementOutcome.${a}`);
      recorded.set(a, { rewardedCoins: coins(o.rewardedCoins, a, "rewardedCoins"), earnedCoins: coins(o.earnedCoins ?? 0, a, "earnedCoins") });
    }
  }
  const h = parsed.settlementHeight ?? BigInt(snapshot.height);
  const rv = recordedVersion(snapshot, label);
  return { input: parsed.input, label, chainId: snapshot.chainId, settlementHeight: h, assumptions: parsed.assumptions, recorded, ...(rv !== undefined ? { recordedVersion: rv } : {}) };
}

/** The settlement inputs of a source: a REST dump's typed input as read, else the snapshot's settlement slice. */
export function settlementInputsOf(source: Source): SettlementInputs {
  const rs = source.rest?.settlement;
  if (!rs) return settlementFromSnapshot(source.snapshot, source.label);
  return { input: rs.input, label: source.label, chainId: source.snapshot.chainId, settlementHeight: rs.heights.settlementEstimate, assumptions: source.lacks.filter((g) => g.uses === undefined || g.uses.includes("settle")), recorded: rs.recorded };
}

/** Options of a REST dump's settlement (settlement-from-rest.ts) and the chain it came from. */
export type RestSettlementSourceOptions = RestSettlementOptions;

/** One dump's settlement of `options.epoch` (or its only epoch), labelled with its directory. */
export function settlementFromDump(dump: RestDump, label: string, options: RestSettlementSourceOptions = {}): SettlementInputs {
  const rs = settlementFromRestDump(dump, options);
  const assumptions: SettlementAssumption[] = [...rs.gaps];
  if (options.chainId === undefined) assumptions.push({ input: "the chain id", assumption: "gonka-mainnet (a REST dump does not record it)", flag: "--chain-id ID", rowsAffected: 0 });
  return { input: rs.input, label, chainId: options.chainId ?? "gonka-mainnet", settlementHeight: rs.heights.settlementEstimate, assumptions, recorded: rs.recorded };
}

/**
 * The settlement of one epoch from REST dumps (each DIR a dump, or a folder of epoch_N dumps): the
 * epoch is settled from the one dump directory that holds its root epoch group, as `backtest` reads
 * every epoch (its params are the ones saved with it). The one rule of every command for a folder of
 * dumps: without `options.epoch`, the newest settled epoch (the newest root epoch group with
 * performance summaries, else the newest root), as a snapshot built from the dumps holds, and said
 * when the dumps hold several (dump-contents.ts).
 */
export function settlementFromRestDumps(dirs: readonly string[], options: RestSettlementSourceOptions = {}): SettlementInputs {
  const all = dirs.flatMap(dumpDirectories);
  const dumps = all.map((d) => ({ dir: d, dump: readRestDump(d) }));
  const epochs = [...new Set(dumps.flatMap((d) => [...d.dump.roots.keys()]))].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  const where = dirs.join(" + ");
  if (epochs.length === 0) throw new InputError("no root epoch group data (the REST answer of /epoch_group_data/N, with validation_weights) among the files", where);
  const settled = epochs.find((e) => dumps.some((d) => d.dump.roots.has(e) && d.dump.summaries.has(e)));
  const epoch = options.epoch ?? settled ?? epochs[0]!;
  const holding = dumps.filter((d) => d.dump.roots.has(epoch));
  if (holding.length === 0) throw new InputError(`no root epoch group data of epoch ${epoch} (the REST answer of /epoch_group_data/${epoch}); the dumps hold ${[...epochs].reverse().join(", ")}`, where);
  if (holding.length > 1) throw new InputError(`epoch ${epoch} is in several dump directories (${holding.map((d) => d.dir).join(", ")}): give one`, where);
  const inputs = settlementFromDump(holding[0]!.dump, holding[0]!.dir, { ...options, epoch });
  const chosen = options.epoch !== undefined ? undefined : settled !== undefined ? "the newest with performance summaries" : "the newest (none has performance summaries)";
  inputs.assumptions.push(...dumpContentGaps(dumps.map((d) => d.dump), epoch, chosen));
  return inputs;
}
