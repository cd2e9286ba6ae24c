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
  const out = new Map<string, Map<string, (SettlementMLNode | null)[]>>();
  for (const vw of validationWeights) {
    const byModel = new Map<string, (SettlementMLNode | null)[]>();
    for (const sg of subgroups) {
      if (sg.modelId === "") continue;
      const member = sg.validationWeights.find((m) => m.memberAddress === vw.memberAddress);
      if (member !== undefined) byModel.set(sg.modelId, member.mlNodes);
    }
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
