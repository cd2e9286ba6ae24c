/**
 * The chain's stored PreservedNodesSnapshot as found in a snapshot file's `chain.preservedNodesSnapshot`:
 * either as the chain client writes it (camelCase, `episodeAnchorHeight` an integer) or as the REST
 * (LCD) API returns it (snake_case, heights as strings; the schema-v1 real-data files). Both read into
 * the port's PreservedNodesSnapshot, and two snapshots compare node by node.
 */
import { InputError, describeValue } from "../errors.js";
import { compareGoStrings } from "../go/bytes.js";
import { checkedInt64 } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { expectArray, expectObject, expectString, type JsonObject } from "../json-input.js";
import type { PreservedNodesSnapshot } from "./sample-preserved-for-episode.js";

function field(o: JsonObject, camel: string, snake: string, path: string): { v: Json; p: string } {
  if (o[camel] !== undefined) return { v: o[camel]!, p: `${path}.${camel}` };
  if (o[snake] !== undefined) return { v: o[snake]!, p: `${path}.${snake}` };
  throw new InputError(`missing field "${camel}" (or "${snake}")`, path);
}

const list = (o: JsonObject, camel: string, snake: string, path: string): { v: Json[]; p: string } => {
  if (o[camel] === undefined && o[snake] === undefined) return { v: [], p: `${path}.${camel}` }; // proto3 JSON omits empty lists
  const f = field(o, camel, snake, path);
  return { v: f.v === null ? [] : expectArray(f.v, f.p), p: f.p };
};

/** Read a stored PreservedNodesSnapshot (camelCase or REST snake_case; a REST answer's `{ snapshot: … }` wrapper accepted). */
export function parseStoredPreservedSnapshot(json: Json, path: string): PreservedNodesSnapshot {
  let o = expectObject(json, path);
  if (o.snapshot !== undefined && o.episodeAnchorHeight === undefined && o.episode_anchor_height === undefined) {
    path = `${path}.snapshot`;
    o = expectObject(o.snapshot, path);
  }
  const h = field(o, "episodeAnchorHeight", "episode_anchor_height", path);
  const hv = typeof h.v === "string" && /^-?\d+$/.test(h.v) ? BigInt(h.v) : h.v;
  const episodeAnchorHeight = checkedInt64(hv, h.p);
  // an anchor is a block height, and the chain's first block is 1: no stored snapshot holds another
  if (episodeAnchorHeight < 1n) throw new InputError(`expected a block height ≥ 1 (the chain's first block is 1), got ${episodeAnchorHeight}`, h.p);
  const models = list(o, "modelPreservedNodes", "model_preserved_nodes", path);
  return {
    episodeAnchorHeight,
    modelPreservedNodes: models.v.map((m, i) => {
      const mp = `${models.p}[${i}]`;
      const mo = expectObject(m, mp);
      const id = field(mo, "modelId", "model_id", mp);
      const parts = list(mo, "participants", "participants", mp);
      // The chain's sampler emits each participant once per model entry, each node once: a second
      // listing is no chain state (and merged into a set it would read as agreement).
      const seen = new Map<string, number>();
      return {
        modelId: expectString(id.v, id.p),
        participants: parts.v.map((x, j) => {
          const pp = `${parts.p}[${j}]`;
          const po = expectObject(x, pp);
          const pid = field(po, "participantId", "participant_id", pp);
          const participantId = expectString(pid.v, pid.p);
          const first = seen.get(participantId);
          if (first !== undefined) throw new InputError(`participant ${describeValue(participantId)} is listed twice in this model's entry (also ${parts.p}[${first}]); the chain's sampler lists each once`, pid.p);
          seen.set(participantId, j);
          const ids = list(po, "nodeIds", "node_ids", pp);
          const nodeIds = ids.v.map((n, k) => expectString(n, `${ids.p}[${k}]`));
          const twice = nodeIds.findIndex((n, k) => nodeIds.indexOf(n) !== k);
          if (twice !== -1) throw new InputError(`node ${describeValue(nodeIds[twice])} is listed twice; the chain's sampler lists each preserved node once`, `${ids.p}[${twice}]`);
          return { participantId, nodeIds };
        }),
      };
    }),
  };
}

/** model → participant → node ids. */
export type NodeSet = Map<string, Map<string, Set<string>>>;

/** The (model, participant, node) triples of a snapshot. */
export function nodeSetOf(s: PreservedNodesSnapshot): NodeSet {
  const out: NodeSet = new Map();
  for (const m of s.modelPreservedNodes) {
    const pm = out.get(m.modelId) ?? new Map<string, Set<string>>();
    for (const p of m.participants) {
      const ns = pm.get(p.participantId) ?? new Set<string>();
      for (const n of p.nodeIds) ns.add(n);
      pm.set(p.participantId, ns);
    }
    out.set(m.modelId, pm);
  }
  return out;
}

/** Number of preserved nodes in a node set. */
export function nodeCount(s: NodeSet): number {
  let n = 0;
  for (const m of s.values()) for (const x of m.values()) n += x.size;
  return n;
}

/** One participant whose preserved nodes differ. */
export interface Difference {
  modelId: string;
  participantId: string;
  onlyOnChain: string[];
  onlyInPort: string[];
}

/** Node-by-node difference, models and participants in Go byte order. */
export function diffPreserved(chain: NodeSet, port: NodeSet): Difference[] {
  const diffs: Difference[] = [];
  const models = [...new Set([...chain.keys(), ...port.keys()])].sort(compareGoStrings);
  for (const m of models) {
    const c = chain.get(m) ?? new Map<string, Set<string>>();
    const p = port.get(m) ?? new Map<string, Set<string>>();
    for (const a of [...new Set([...c.keys(), ...p.keys()])].sort(compareGoStrings)) {
      const cn = c.get(a) ?? new Set<string>();
      const pn = p.get(a) ?? new Set<string>();
      const onlyOnChain = [...cn].filter((n) => !pn.has(n)).sort(compareGoStrings);
      const onlyInPort = [...pn].filter((n) => !cn.has(n)).sort(compareGoStrings);
      if (onlyOnChain.length || onlyInPort.length) diffs.push({ modelId: m, participantId: a, onlyOnChain, onlyInPort });
    }
  }
  return diffs;
}

/** The model entries only one side has (a model listed twice counts twice: Go emits an entry per listing), sorted. */
export function modelDifferences(chain: PreservedNodesSnapshot, port: PreservedNodesSnapshot): { onlyOnChain: string[]; onlyInPort: string[] } {
  const left = chain.modelPreservedNodes.map((m) => m.modelId);
  const right = port.modelPreservedNodes.map((m) => m.modelId);
  const minus = (a: string[], b: string[]): string[] => {
    const rest = [...b];
    return a.filter((x) => {
      const i = rest.indexOf(x);
      if (i === -1) return true;
      rest.splice(i, 1);
      return false;
    });
  };
  return { onlyOnChain: minus(left, right).sort(compareGoStrings), onlyInPort: minus(right, left).sort(compareGoStrings) };
}
