/**
 * Which PoC episode anchor a command samples at when the user gives no --anchor, and where it comes
 * from: the anchor the chain itself uses. A snapshot read from a node records the height it was read
 * at, which is not an episode anchor; the chain's own choice is, in order:
 * 1. a PoC is running (a confirmation PoC is active, or the latest epoch is ahead of the effective
 *    one: its PoC started and the new validators are not set yet) and the stored
 *    PreservedNodesSnapshot is that episode's: its episode_anchor_height;
 * 2. a regular PoC is running without a matching stored snapshot: the latest epoch's PoC start;
 * 3. otherwise the next PoC's start, as EpochContext.NextPoCStart computes it from the latest epoch
 *    and the epoch params (poc_start + epoch_length; epoch 0: epoch_length − epoch_shift).
 * A snapshot file that names its own preserved.anchorHeight (a generated file, or `snapshot --anchor`)
 * keeps it. Also: the stored PreservedNodesSnapshot as data, to compare the port's set with it.
 */
import { compareGoStrings } from "../go/bytes.js";
import type { Json } from "../go/json.js";
import { isJsonObject, type JsonObject } from "../json-input.js";
import type { PreservedState } from "../preserved/state.js";
import type { Snapshot } from "../snapshot/snapshot.js";
import { groupDigits } from "../format/numbers.js";


export type AnchorSource =
  /** --anchor H */
  | "flag"
  /** The chain's stored PreservedNodesSnapshot of the running PoC. */
  | "stored-snapshot"
  /** The running regular PoC's start (no stored snapshot for it). */
  | "running-poc"
  /** The next PoC's start from the latest epoch and the epoch params. */
  | "next-poc"
  /** The snapshot file's preserved.anchorHeight. */
  | "snapshot-file"
  /** Nothing better: the snapshot's height. */
  | "snapshot-height";

export interface EpisodeAnchor {
  height: bigint;
  source: AnchorSource;
  /** One sentence: the anchor and where it came from. */
  explanation: string;
}

/** The chain's stored preserved set (camelCase from `gonka-spec snapshot`, snake_case from REST dumps). */
export interface StoredPreservedSet {
  episodeAnchorHeight: bigint;
  /** model → participant → node ids (sorted). */
  nodes: Map<string, Map<string, string[]>>;
}

const big = (v: Json | undefined): bigint | undefined => {
  if (typeof v === "bigint") return v;
  if (typeof v === "number" && Number.isInteger(v)) return BigInt(v);
  if (typeof v === "string" && /^-?\d+$/.test(v)) return BigInt(v);
  return undefined;
};
const obj = (v: Json | undefined): JsonObject | undefined => (v !== undefined && isJsonObject(v) ? v : undefined);
const field = (o: JsonObject | undefined, camel: string, snake: string): Json | undefined => (o === undefined ? undefined : o[camel] ?? o[snake]);

/** The stored PreservedNodesSnapshot recorded in the snapshot's chain slice, if any. */
export function storedPreservedSet(snapshot: Snapshot): StoredPreservedSet | undefined {
  const s = obj(snapshot.chain?.preservedNodesSnapshot);
  const anchor = big(field(s, "episodeAnchorHeight", "episode_anchor_height"));
  if (s === undefined || anchor === undefined) return undefined;
  const nodes = new Map<string, Map<string, string[]>>();
  const models = field(s, "modelPreservedNodes", "model_preserved_nodes");
  for (const m of Array.isArray(models) ? models : []) {
    const mo = obj(m);
    const id = field(mo, "modelId", "model_id");
    if (typeof id !== "string") continue;
    const byP = nodes.get(id) ?? new Map<string, string[]>();
    const ps = field(mo, "participants", "participants");
    for (const p of Array.isArray(ps) ? ps : []) {
      const po = obj(p);
      const addr = field(po, "participantId", "participant_id");
      const ids = field(po, "nodeIds", "node_ids");
      if (typeof addr !== "string") continue;
      byP.set(addr, (Array.isArray(ids) ? ids.map(String) : []).sort(compareGoStrings));
    }
    nodes.set(id, byP);
  }
  return { episodeAnchorHeight: anchor, nodes };
}

/** A confirmation PoC event the snapshot's chain slice lists (camelCase from a node, snake_case from REST dumps). */
export interface ConfirmationPocEventRef {
  epochIndex: bigint;
  triggerHeight: bigint;
  generationStartHeight: bigint;
}

/** The confirmation PoC events a snapshot's chain slice lists (`chain.confirmationPocEvents`: the effective epoch's). */
export function confirmationPocEvents(chain: Snapshot["chain"]): ConfirmationPocEventRef[] {
  const list = chain?.confirmationPocEvents;
  if (!Array.isArray(list)) return [];
  const out: ConfirmationPocEventRef[] = [];
  for (const e of list) {
    const o = obj(e);
    const t = big(field(o, "triggerHeight", "trigger_height"));
    const ep = big(field(o, "epochIndex", "epoch_index"));
    const g = big(field(o, "generationStartHeight", "generation_start_height"));
    if (t !== undefined && ep !== undefined && g !== undefined) out.push({ triggerHeight: t, epochIndex: ep, generationStartHeight: g });
  }
  return out;
}

/**
 * The confirmation PoC whose episode anchor (its trigger height) is `height`, if the snapshot names one:
 * the running one (`chain.activeConfirmationPocEvent`; `running`), else one of the events it lists.
 */
export function confirmationPocAt(snapshot: Snapshot, height: bigint): (ConfirmationPocEventRef & { running: boolean }) | undefined {
  const active = obj(snapshot.chain?.activeConfirmationPocEvent);
  const t = big(field(active, "triggerHeight", "trigger_height"));
  const ep = big(field(active, "epochIndex", "epoch_index"));
  if (t === height && ep !== undefined) return { triggerHeight: t, epochIndex: ep, generationStartHeight: big(field(active, "generationStartHeight", "generation_start_height")) ?? 0n, running: true };
  const listed = confirmationPocEvents(snapshot.chain).find((e) => e.triggerHeight === height);
  return listed === undefined ? undefined : { ...listed, running: false };
}

/** The anchor to sample at: --anchor, else the chain's (see the file comment). */
export function resolveEpisodeAnchor(snapshot: Snapshot, state: PreservedState, flag: bigint | undefined): EpisodeAnchor {
  if (flag !== undefined) return { height: flag, source: "flag", explanation: `anchor ${flag} (--anchor)` };
  const height = BigInt(snapshot.height);
  const fileAnchor = state.anchorHeight;
  // A node-read snapshot records its read height as preserved.anchorHeight unless told otherwise.
  const readHeightOnly = snapshot.source === "rpc" && (fileAnchor === undefined || fileAnchor === height);
  if (!readHeightOnly) {
    if (fileAnchor !== undefined) return { height: fileAnchor, source: "snapshot-file", explanation: `anchor ${fileAnchor} (the snapshot file's preserved.anchorHeight)` };
  }
  const chain = snapshot.chain;
  const stored = storedPreservedSet(snapshot);
  const effective = big(chain?.effectiveEpochIndex);
  const latest = obj(chain?.latestEpoch);
  const latestIndex = big(latest?.index);
  const latestStart = big(latest?.pocStartBlockHeight);
  const cpoc = obj(chain?.activeConfirmationPocEvent);
  const trigger = big(cpoc?.triggerHeight);
  if (trigger !== undefined && stored?.episodeAnchorHeight === trigger) {
    return { height: trigger, source: "stored-snapshot", explanation: `anchor ${trigger}: the chain's stored PreservedNodesSnapshot for the running confirmation PoC (triggered at block ${groupDigits(trigger)})` };
  }
  const running = latestIndex !== undefined && effective !== undefined && latestIndex > effective;
  if (running && latestStart !== undefined) {
    if (stored?.episodeAnchorHeight === latestStart) {
      return { height: latestStart, source: "stored-snapshot", explanation: `anchor ${latestStart}: the chain's stored PreservedNodesSnapshot for the running PoC of epoch ${latestIndex}` };
    }
    return { height: latestStart, source: "running-poc", explanation: `anchor ${latestStart}: the start of epoch ${latestIndex}'s PoC, running at height ${groupDigits(height)} (the chain has no stored snapshot for it)` };
  }
  const ep = obj(obj(chain?.params)?.epochParams);
  const length = big(ep?.epochLength);
  if (latestIndex !== undefined && latestStart !== undefined && length !== undefined) {
    const next = latestIndex === 0n ? length - (big(ep?.epochShift) ?? 0n) : latestStart + length;
    return {
      height: next,
      source: "next-poc",
      explanation: `anchor ${next}: the next PoC's start (epoch ${latestIndex}'s PoC start ${groupDigits(latestStart)} + epoch_length ${groupDigits(length)})`,
    };
  }
  if (fileAnchor !== undefined && !readHeightOnly) return { height: fileAnchor, source: "snapshot-file", explanation: `anchor ${fileAnchor} (the snapshot file's preserved.anchorHeight)` };
  return { height, source: "snapshot-height", explanation: `anchor ${height}: the snapshot's height (it records no epoch schedule to find the PoC's anchor)` };
}

/** model → participant → node ids of a sampled snapshot, in the shape of StoredPreservedSet.nodes. */
export function nodesOf(models: readonly { modelId: string; participants: readonly { participantId: string; nodeIds: readonly string[] }[] }[]): Map<string, Map<string, string[]>> {
  const out = new Map<string, Map<string, string[]>>();
  for (const m of models) {
    const byP = out.get(m.modelId) ?? new Map<string, string[]>();
    for (const p of m.participants) byP.set(p.participantId, [...p.nodeIds].sort(compareGoStrings));
    out.set(m.modelId, byP);
  }
  return out;
}

export interface SetDifference {
  /** "model participant node" entries only the chain stored / only the port sampled. */
  onlyChain: string[];
  onlyPort: string[];
  /** Nodes both have. */
  both: number;
}

/** The node-level difference between the chain's stored set and the port's. */
export function diffPreservedSets(chain: Map<string, Map<string, string[]>>, port: Map<string, Map<string, string[]>>): SetDifference {
  const flat = (m: Map<string, Map<string, string[]>>): Set<string> => {
    const s = new Set<string>();
    for (const [model, byP] of m) for (const [p, ids] of byP) for (const id of ids) s.add(`${model} ${p} ${id}`);
    return s;
  };
  const a = flat(chain);
  const b = flat(port);
  return {
    onlyChain: [...a].filter((k) => !b.has(k)).sort(compareGoStrings),
    onlyPort: [...b].filter((k) => !a.has(k)).sort(compareGoStrings),
    both: [...a].filter((k) => b.has(k)).length,
  };
}
