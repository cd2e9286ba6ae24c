/**
 * P_N, the trust baseline of the next epoch: each live member's confirmed weight in the epoch that
 * ends (buildPreviousConfirmedWeightCaps and the sum of getPreviousConfirmedWeights, #1588).
 */
import { GoError, GoPanic } from "../go/errors.js";
import { addInt64 } from "../go/int64.js";
import { NIL_DEREFERENCE } from "../misstest/check-and-punish-for-downtime.js";
import { aggregateMLNodesFromModelSubgroups } from "../settlement/aggregate-ml-nodes-from-model-subgroups.js";
import { confirmationCoefficientsV0216, confirmationWeightOfModelNodesWithCoefficients } from "../settlement/confirmation-weight-scales.js";
import { effectiveConfirmedWeight } from "../settlement/effective-confirmed-weight.js";
import type { ModelScale, ModelSubgroup, RootValidationWeight } from "../settlement/settlement-types.js";
import type { PreviousConfirmedWeights } from "./trust-types.js";

export interface PreviousRoot {
  epochIndex: bigint;
  /** The root EpochGroupData's validation weights (null: a nil entry, skipped). */
  validationWeights: readonly (RootValidationWeight | null)[];
  /** The root's x/group members (GetRootGroupDataWithLiveMembers); only they get a baseline. */
  liveMembers: ReadonlySet<string>;
  confirmationWeightScales: readonly (ModelScale | null)[];
  /** The epoch's per-model groups (AggregateMLNodesFromModelSubgroups reads the members' nodes there; a null entry is a nil pointer). */
  subgroups: readonly { modelId: string; validationWeights: readonly (ModelSubgroup["validationWeights"][number] | null)[] }[];
}

/**
 * AggregateMLNodesFromModelSubgroups reads each subgroup's entries up to the member's first one: a nil
 * entry met on the way panics (a root entry never panics here: nil ones are refused before).
 */
function checkNilSubgroupEntries(root: PreviousRoot, vws: readonly RootValidationWeight[]): ModelSubgroup[] {
  for (const vw of vws) {
    for (const sg of root.subgroups) {
      if (sg.modelId === "") continue;
      for (const e of sg.validationWeights) {
        if (e === null) throw new GoPanic(NIL_DEREFERENCE);
        if (e.memberAddress === vw.memberAddress) break;
      }
    }
  }
  return root.subgroups.map((sg) => ({ modelId: sg.modelId, validationWeights: sg.validationWeights.filter((e) => e !== null) }));
}

/**
 * Mirrors AppModule.buildPreviousConfirmedWeightCaps and getPreviousConfirmedWeights' sum: for each live
 * root member (stored order; a later duplicate overwrites), max(weight, 0), or with confirmation scales
 * EffectiveConfirmedWeight(that, confirmation weight, its nodes weighed by the epoch's coefficients).
 */
export function buildPreviousConfirmedWeightCaps(root: PreviousRoot): PreviousConfirmedWeights {
  // AggregateMLNodesFromModelSubgroups reads every entry's address: a nil one panics
  if (root.validationWeights.includes(null)) throw new GoPanic(NIL_DEREFERENCE);
  const vws = root.validationWeights as readonly RootValidationWeight[];
  const nodesByAddress = aggregateMLNodesFromModelSubgroups(checkNilSubgroupEntries(root, vws), vws);
  const hasScales = root.confirmationWeightScales.length > 0;
  const weights = new Map<string, bigint>();
  for (const vw of vws) {
    if (!root.liveMembers.has(vw.memberAddress)) continue;
    const weight = vw.weight < 0n ? 0n : vw.weight;
    let cap = weight;
    if (hasScales) {
      // ConfirmationWeightOfModelNodes rebuilds the coefficient map per member: same map, same panics
      const raw = confirmationWeightOfModelNodesWithCoefficients(nodesByAddress.get(vw.memberAddress) ?? new Map(), confirmationCoefficientsV0216(root.confirmationWeightScales));
      cap = effectiveConfirmedWeight(weight, vw.confirmationWeight, raw);
    }
    weights.set(vw.memberAddress, cap);
  }
  let totalWeight = 0n;
  for (const w of weights.values()) totalWeight = addInt64(totalWeight, w);
  return { epochIndex: root.epochIndex, weights, totalWeight };
}

/**
 * Mirrors AppModule.getPreviousConfirmedWeights: no effective epoch → null (genesis: no cap); the root
 * group read must be of the effective epoch (Go's error otherwise, which halts epoch formation).
 */
export function getPreviousConfirmedWeights(effectiveEpochIndex: bigint | null, root: PreviousRoot): PreviousConfirmedWeights | null {
  if (effectiveEpochIndex === null) return null;
  if (root.epochIndex !== effectiveEpochIndex) throw new GoError(`previous-confirmed-weight epoch mismatch: effective=${effectiveEpochIndex} group=${root.epochIndex}`);
  return buildPreviousConfirmedWeightCaps(root);
}
