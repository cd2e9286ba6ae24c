/**
 * Who gains or loses preservation between A and B: per model, the participants that keep at least one
 * node under one proposal and none under the other, at the comparison's anchor.
 */
import { compareGoStrings } from "../go/bytes.js";
import type { PreservedModelRun } from "./engines.js";
import type { PreservationChange } from "./model.js";
import { nodeWeight, type NodeWeights } from "./preserved-side.js";

/** participant → preserved node ids, for one model's run. */
function byParticipant(run: PreservedModelRun | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const n of run?.nodes ?? []) {
    const list = out.get(n.participant) ?? [];
    list.push(n.nodeId);
    out.set(n.participant, list);
  }
  for (const l of out.values()) l.sort(compareGoStrings);
  return out;
}

/** The gains and losses of one model, sorted by address (byte order), losses and gains interleaved. */
export function modelChanges(modelId: string, a: PreservedModelRun | undefined, b: PreservedModelRun | undefined, index: NodeWeights): PreservationChange[] {
  const pa = byParticipant(a);
  const pb = byParticipant(b);
  const weight = (address: string, nodes: string[]): bigint => nodes.reduce((s, id) => s + nodeWeight(index, modelId, address, id), 0n);
  const out: PreservationChange[] = [];
  const addresses = [...new Set([...pa.keys(), ...pb.keys()])].sort(compareGoStrings);
  for (const address of addresses) {
    const nodesA = pa.get(address) ?? [];
    const nodesB = pb.get(address) ?? [];
    if ((nodesA.length > 0) === (nodesB.length > 0)) continue;
    out.push({
      modelId,
      address,
      change: nodesB.length > 0 ? "gains" : "loses",
      weightA: weight(address, nodesA),
      weightB: weight(address, nodesB),
      nodesA,
      nodesB,
    });
  }
  return out;
}
