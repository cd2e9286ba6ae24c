/**
 * The epochs a change of the status tests' parameters is judged over (proposal, backtest): every
 * participant's replay input from saved answers or a node, the epoch's settlement to price the change,
 * and what the saved params answer is (saved later; perhaps already holding the proposal's values): it is
 * named, never taken as the baseline, which is each epoch's own params.
 */
import { InputError } from "../errors.js";
import { Decimal } from "../go/decimal.js";
import type { JsonObject } from "../json-input.js";
import { STATUS_PARAMETERS, statusParamPath } from "../compare/status-params.js";
import { field } from "../sources/rest-dump/recognise-rest-file.js";
import { refuseEpochsNotHeld } from "../sources/epochs.js";
import { readRestDumps, type RestDump } from "../sources/rest-dump/read-rest-dump.js";
import { readSavedActivity } from "../sources/status/saved-activity.js";
import { statusFromRest } from "../sources/status/status-from-rest.js";
import { settlementFromRestDumps, settlementFromSnapshot } from "../sources/settlement-inputs.js";
import { settlementVersion } from "../settlement/settlement-version.js";
import type { EpochStatusInputs } from "../status-replay/judge-status-change.js";
import type { StatusOverrides } from "../status-replay/status-overrides.js";
import { versionForHeight, MAINNET_CHAIN_ID } from "../versions/upgrade-table.js";
import { recordedVersion } from "../versions/resolve.js";
import type { SnapshotFromRpcOptions } from "../chain/index.js";

export interface StatusEpochOptions {
  /** --chain-version for every height. */
  versionFlag?: string;
  chainId?: string;
  /** The epochs to judge (default: every epoch the inputs hold). */
  range?: { from: bigint; to: bigint } | null;
}

const inRange = (e: bigint, r: StatusEpochOptions["range"]): boolean => r === null || r === undefined || (e >= r.from && e <= r.to);

function members(dump: RestDump, e: bigint): string[] {
  const root = dump.roots.get(e)!.value;
  const w = (field(root, "validation_weights") as JsonObject[] | undefined) ?? [];
  const ex = dump.exclusions.get(e)?.value ?? [];
  return [...new Set([...w.map((x) => String(field(x, "member_address"))), ...ex.map((x) => String(field(x, "address")))])];
}

/** Every epoch of the dumps (each participant's replay input, the settlement), and the saved params answers' notes. */
export function statusEpochsFromRestDumps(dirs: readonly string[], overrides: StatusOverrides, options: StatusEpochOptions = {}): { epochs: EpochStatusInputs[]; notes: string[] } {
  const dump = readRestDumps(dirs);
  const activity = readSavedActivity(dump.activity);
  const chainId = options.chainId ?? MAINNET_CHAIN_ID;
  const versionAt = (h: bigint) => versionForHeight(chainId, h, options.versionFlag, undefined, { family: "status", heightName: "block" });
  const held = [...dump.roots.keys()].sort((a, b) => (a < b ? -1 : 1));
  // an epoch asked for that the dumps lack is refused by name, never left out of the judgement silently
  if (options.range !== null && options.range !== undefined) refuseEpochsNotHeld(options.range, held);
  const epochs = held.filter((e) => inRange(e, options.range));
  const out: EpochStatusInputs[] = epochs.map((e) => {
    let settlement: EpochStatusInputs["settlement"];
    try {
      const s = settlementFromRestDumps(dirs, { epoch: e, chainId });
      settlement = { input: s.input, version: settlementVersion(options.versionFlag, s.settlementHeight, chainId).version };
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      settlement = `epoch ${e}'s settlement cannot run from the dumps: ${err.message}`;
    }
    return { epoch: e, from: `saved answers in ${dirs.join(", ")}`, participants: members(dump, e).map((address) => ({ address, source: statusFromRest(dump, address, e, versionAt, activity) })), settlement };
  });
  return { epochs: out, notes: paramsAnswerNotes(dump, overrides) };
}

/** What each saved params answer is to the change: saved later, and, where it equals every value the change sets, probably saved after it passed. */
export function paramsAnswerNotes(dump: RestDump, overrides: StatusOverrides): string[] {
  const set = STATUS_PARAMETERS.filter((q) => overrides[q.key] !== undefined);
  return (dump.allParams ?? (dump.params === null ? [] : [dump.params])).map((p) => {
    const equal = set.filter((q) => {
      const holder = field(p.value, q.message);
      const v = holder !== undefined && holder !== null && typeof holder === "object" && !Array.isArray(holder) ? field(holder as JsonObject, q.field) : undefined;
      const o = overrides[q.key]!;
      if (v === undefined || v === null || typeof v !== "object" || Array.isArray(v)) return o === null;
      const d = v as JsonObject;
      return o !== null && Decimal.fromChain({ value: BigInt(String(d.value)), exponent: Number(d.exponent) }).equal(Decimal.fromChain(o));
    });
    const all = set.length > 0 && equal.length === set.length;
    return `${p.file} (the params answer) was saved after the epochs and is not their baseline (each epoch's own params are)${all ? `; it already holds every value the change sets (${set.map(statusParamPath).join(", ")}): saved after the proposal passed, most likely` : equal.length > 0 ? `; it already holds ${equal.map(statusParamPath).join(", ")} as the change sets them` : ""}`;
  });
}

/** Every epoch of `epochs` from a node: each participant's updates (statusFromNode), the epoch read at its settlement (readSettledEpochs). */
export async function statusEpochsFromNode(url: string, epochs: readonly bigint[], options: SnapshotFromRpcOptions & { versionFlag?: string; onEpochMembers?: (e: bigint, n: number) => void } = {}): Promise<EpochStatusInputs[]> {
  const { readEpochMembers } = await import("../chain/read-status-activity.js");
  const { readSettledEpochs } = await import("../chain/read-settled-epoch.js");
  const { statusFromNode } = await import("../sources/status/status-from-node.js");
  const chainId = options.expectedChainId ?? MAINNET_CHAIN_ID;
  const version = options.versionFlag === undefined ? undefined : (h: bigint) => versionForHeight(chainId, h, options.versionFlag, undefined, { family: "status", heightName: "block" });
  const out: EpochStatusInputs[] = [];
  for (const e of epochs) {
    const who = await readEpochMembers(url, e, options);
    options.onEpochMembers?.(e, who.length);
    const participants = [];
    const { onEpochMembers: _o, versionFlag: _f, ...read } = options;
    for (const address of who) participants.push({ address, source: await statusFromNode(url, address, e, { ...read, ...(version ? { version } : {}) }) });
    let settlement: EpochStatusInputs["settlement"];
    try {
      const { onEpochMembers: _skip, versionFlag: _v, ...client } = options;
      const [r] = await readSettledEpochs(url, [e], client);
      const s = settlementFromSnapshot(r!.snapshot, `${url}@${r!.snapshot.height}`);
      settlement = { input: s.input, version: settlementVersion(options.versionFlag, r!.settlementHeight, chainId, recordedVersion(r!.snapshot)).version };
    } catch (err) {
      settlement = `epoch ${e}'s settlement cannot be read from the node: ${(err as Error).message}`;
    }
    out.push({ epoch: e, from: `node ${url}`, participants, settlement });
  }
  return out;
}
