/**
 * Who gains or loses preserved nodes between A and B, at the comparison's anchor: per model every
 * participant whose preserved nodes differ, and per operator the totals over models.
 */
import { compareGoStrings } from "../go/bytes.js";
import type { PreservedModelRun } from "./engines.js";
import type { OperatorChange, PreservationChange } from "./model.js";
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

/**
 * Every participant of one model whose preserved nodes differ between A and B, sorted by address (byte
 * order): "gains" (none under A, some under B), "loses" (the reverse) or "changes" (some under both,
 * not the same nodes), with the nodes and weight gained and lost.
 */
export function modelChanges(modelId: string, a: PreservedModelRun | undefined, b: PreservedModelRun | undefined, index: NodeWeights): PreservationChange[] {
  const pa = byParticipant(a);
  const pb = byParticipant(b);
  const weight = (address: string, nodes: string[]): bigint => nodes.reduce((s, id) => s + nodeWeight(index, modelId, address, id), 0n);
  const out: PreservationChange[] = [];
  const addresses = [...new Set([...pa.keys(), ...pb.keys()])].sort(compareGoStrings);
  for (const address of addresses) {
    const nodesA = pa.get(address) ?? [];
    const nodesB = pb.get(address) ?? [];
    const setA = new Set(nodesA);
    const setB = new Set(nodesB);
    const nodesGained = nodesB.filter((n) => !setA.has(n));
    const nodesLost = nodesA.filter((n) => !setB.has(n));
    if (nodesGained.length === 0 && nodesLost.length === 0) continue;
    out.push({
      modelId,
      address,
      change: nodesA.length === 0 ? "gains" : nodesB.length === 0 ? "loses" : "changes",
      weightA: weight(address, nodesA),
      weightB: weight(address, nodesB),
      nodesA,
      nodesB,
      nodesGained,
      nodesLost,
      weightGained: weight(address, nodesGained),
      weightLost: weight(address, nodesLost),
    });
  }
  return out;
}

/** Per operator over every model: nodes and weight gained and lost (largest net weight change first, then address). */
export function operatorChanges(changes: readonly PreservationChange[]): OperatorChange[] {
  const by = new Map<string, OperatorChange>();
  for (const c of changes) {
    const o = by.get(c.address) ?? { address: c.address, models: [], nodesGained: 0, nodesLost: 0, weightGained: 0n, weightLost: 0n };
    if (!o.models.includes(c.modelId)) o.models.push(c.modelId);
    o.nodesGained += c.nodesGained.length;
    o.nodesLost += c.nodesLost.length;
    o.weightGained += c.weightGained;
    o.weightLost += c.weightLost;
    by.set(c.address, o);
  }
  const net = (o: OperatorChange): bigint => o.weightGained - o.weightLost;
  return [...by.values()].sort((x, y) => {
    const ax = net(x) < 0n ? -net(x) : net(x);
    const ay = net(y) < 0n ? -net(y) : net(y);
    return ax !== ay ? (ax > ay ? -1 : 1) : compareGoStrings(x.address, y.address);
  });
}
