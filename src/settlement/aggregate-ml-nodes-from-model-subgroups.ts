/** The participant's nodes gathered from the epoch's per-model subgroups (what settlement rescales with). */
import type { ModelSubgroup, RootValidationWeight, SettlementMLNode } from "./settlement-types.js";

/**
 * Mirrors keeper.AggregateMLNodesFromModelSubgroups as of v0.2.12 (accountsettle.go@d8b8e907):
 * address → model → the nodes of the first matching member of that model's subgroup.
 */
export function aggregateMLNodesFromModelSubgroups(
  subgroups: readonly ModelSubgroup[],
  validationWeights: readonly RootValidationWeight[],
): Map<string, Map<string, (SettlementMLNode | null)[]>> {
  // Each subgroup's first entry per address (Go breaks at the first match), indexed once.
  const firstByAddress = subgroups.map((sg) => {
    const m = new Map<string, (SettlementMLNode | null)[]>();
    for (const v of sg.validationWeights) if (!m.has(v.memberAddress)) m.set(v.memberAddress, v.mlNodes);
    return m;
  });
  const out = new Map<string, Map<string, (SettlementMLNode | null)[]>>();
  for (const vw of validationWeights) {
    const byModel = new Map<string, (SettlementMLNode | null)[]>();
    subgroups.forEach((sg, i) => {
      if (sg.modelId === "") return;
      const nodes = firstByAddress[i]!.get(vw.memberAddress);
      if (nodes !== undefined) byModel.set(sg.modelId, nodes);
    });
    out.set(vw.memberAddress, byModel);
  }
  return out;
}

/**
 * Mirrors keeper.AggregateMLNodesFromModelSubgroups before v0.2.12 (accountsettle.go@bb2de824 and
 * bd1fd508): one flat list, the subgroups' node lists appended in subgroup order.
 */
export function aggregateMLNodesFlat(byModel: ReadonlyMap<string, readonly (SettlementMLNode | null)[]> | undefined): (SettlementMLNode | null)[] {
  const out: (SettlementMLNode | null)[] = [];
  for (const nodes of byModel?.values() ?? []) out.push(...nodes);
  return out;
}
