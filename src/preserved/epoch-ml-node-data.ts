/**
 * EpochMLNodeData: ML nodes indexed by model, then participant (model_assignment.go). A stored list
 * may be `null` (Go's nil slice), which differs from an empty list in `getForParticipant`.
 */
import { compareGoStrings, sortedGoStrings } from "../go/bytes.js";
import { addInt64, Int64Sum } from "../go/int64.js";
import { sortMLNodesByNodeId } from "./ml-node.js";
import { sha256 } from "../go/sha256.js";
import type { MLNodeInfo } from "./state.js";

export type NodeList = MLNodeInfo[] | null;

/** Mirrors inference.sortedKeys: map keys in Go byte order. */
export function sortedKeys<V>(m: ReadonlyMap<string, V> | undefined): string[] {
  return m === undefined ? [] : sortedGoStrings(m.keys());
}

/** Mirrors inference.EpochMLNodeData. */
export class EpochMLNodeData {
  readonly data = new Map<string, Map<string, NodeList>>();

  /** Mirrors EpochMLNodeData.Set (overwrites). */
  set(modelId: string, participantAddr: string, nodes: NodeList): void {
    let m = this.data.get(modelId);
    if (!m) this.data.set(modelId, (m = new Map()));
    m.set(participantAddr, nodes);
  }

  /** Mirrors EpochMLNodeData.Append. */
  append(modelId: string, participantAddr: string, node: MLNodeInfo): void {
    let m = this.data.get(modelId);
    if (!m) this.data.set(modelId, (m = new Map()));
    const list = m.get(participantAddr);
    if (list) list.push(node);
    else m.set(participantAddr, [node]);
  }

  /** Mirrors EpochMLNodeData.GetForModel (the participant → nodes map; undefined for an absent model). */
  getForModel(modelId: string): ReadonlyMap<string, NodeList> | undefined {
    return this.data.get(modelId);
  }

  /** Mirrors EpochMLNodeData.GetForParticipant: a copy sorted by node id; null when absent or stored as nil. */
  getForParticipant(modelId: string, participantAddr: string): MLNodeInfo[] | null {
    const list = this.data.get(modelId)?.get(participantAddr);
    if (list === undefined || list === null) return null;
    return sortMLNodesByNodeId(list);
  }

  /** Mirrors EpochMLNodeData.Models: model ids in byte order. */
  models(): string[] {
    return sortedKeys(this.data);
  }

  /** Mirrors EpochMLNodeData.ForModel: a single-model view. */
  forModel(modelId: string): EpochMLNodeData {
    const view = new EpochMLNodeData();
    const m = this.data.get(modelId);
    if (m) view.data.set(modelId, new Map(m));
    return view;
  }

  /** Mirrors EpochMLNodeData.GetAllIndividualNodeWeights (order: sorted models, sorted participants). */
  getAllIndividualNodeWeights(): bigint[] {
    const out: bigint[] = [];
    for (const modelId of sortedKeys(this.data)) {
      const md = this.data.get(modelId)!;
      for (const addr of sortedKeys(md)) for (const n of md.get(addr) ?? []) out.push(n.pocWeight);
    }
    return out;
  }

  /** Mirrors EpochMLNodeData.GetAllParticipantWeights (per participant over all models; sorted by participant). */
  getAllParticipantWeights(): bigint[] {
    const w = new Map<string, bigint>();
    for (const modelId of sortedKeys(this.data)) {
      for (const [addr, nodes] of this.data.get(modelId)!) {
        // A participant enters the map only through one of its nodes.
        for (const n of nodes ?? []) w.set(addr, addInt64(w.get(addr) ?? 0n, n.pocWeight));
      }
    }
    return sortedKeys(w).map((a) => w.get(a)!);
  }

  /** Every participant address over all models, in byte order. */
  allParticipants(): string[] {
    const u = new Set<string>();
    for (const md of this.data.values()) for (const a of md.keys()) u.add(a);
    return sortedGoStrings(u);
  }

  /** Mirrors EpochMLNodeData.GetAllParticipantsHash. */
  getAllParticipantsHash(): string {
    return participantsHash(this.allParticipants()).hash;
  }

  /** Mirrors EpochMLNodeData.GetTotalWeightForModel (int64 sum, wraps). */
  getTotalWeightForModel(modelId: string): bigint {
    const total = new Int64Sum();
    for (const nodes of this.data.get(modelId)?.values() ?? []) for (const n of nodes ?? []) total.add(n.pocWeight);
    return total.value;
  }

  /** Mirrors EpochMLNodeData.GetParticipantWeight (over all models). */
  getParticipantWeight(participantAddr: string): bigint {
    const w = new Int64Sum();
    for (const md of this.data.values()) for (const n of md.get(participantAddr) ?? []) w.add(n.pocWeight);
    return w.value;
  }

  /** Mirrors EpochMLNodeData.GetParticipantModelNodes: model → stored list, for models listing the participant. */
  getParticipantModelNodes(participantAddr: string): Map<string, NodeList> {
    const out = new Map<string, NodeList>();
    for (const modelId of sortedKeys(this.data)) {
      const md = this.data.get(modelId)!;
      if (md.has(participantAddr)) out.set(modelId, md.get(participantAddr)!);
    }
    return out;
  }
}

/**
 * The union of lists each sorted in Go byte order without repeats (as `sortedKeys` gives), in byte
 * order, each once: what `allParticipants` returns when given every model's sorted participants.
 * `compare`: compareNarrowStrings when every string is known narrow.
 */
export function mergeSortedUnique(lists: readonly (readonly string[])[], compare: (a: string, b: string) => number = compareGoStrings): string[] {
  let out: readonly string[] = [];
  for (const list of lists) {
    if (out.length === 0) {
      out = list;
      continue;
    }
    const merged: string[] = [];
    let i = 0;
    let j = 0;
    while (i < out.length && j < list.length) {
      const a = out[i]!;
      const b = list[j]!;
      const c = compare(a, b);
      if (c <= 0) {
        merged.push(a);
        i++;
        if (c === 0) j++;
      } else {
        merged.push(b);
        j++;
      }
    }
    while (i < out.length) merged.push(out[i++]!);
    while (j < list.length) merged.push(list[j++]!);
    out = merged;
  }
  return out.slice();
}

/** Mirrors the hashing in EpochMLNodeData.GetAllParticipantsHash: `%v` of the sorted list, SHA-256, hex of 8 bytes. */
export function participantsHash(sortedParticipants: readonly string[]): { hash: string; hashedString: string } {
  const hashedString = `[${sortedParticipants.join(" ")}]`;
  const hash = sha256(hashedString).toString("hex", 0, 8);
  return { hash, hashedString };
}

