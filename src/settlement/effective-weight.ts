/**
 * Step 2 of keeper.CalculateParticipantBitcoinRewards for one ACTIVE participant with positive weight:
 * the reward weight before power capping, from the confirmation weight. The one step whose formula
 * changed at every upgrade; each version's rule is a small named branch here.
 */
import { addInt64, wrapInt64 } from "../go/int64.js";
import type { LegacyDec } from "../go/legacy-dec.js";
import { coefficientAdjustedWeight } from "../preserved/coefficient-adjusted-weight.js";
import { atLeast, type ChainVersion } from "../versions/chain-version.js";
import { aggregateMLNodesFlat } from "./aggregate-ml-nodes-from-model-subgroups.js";
import { confirmationWeightOfModelNodesWithCoefficients } from "./confirmation-weight-scales.js";
import { effectiveConfirmedWeight } from "./effective-confirmed-weight.js";
import type { RootValidationWeight, SettlementMLNode } from "./settlement-types.js";

/** Which formula produced the effective weight. */
export type EffectiveWeightRule =
  /** v0.2.10: preserved (POC_SLOT) node weight + confirmation weight. */
  | "preserved-plus-confirmation"
  /** v0.2.11: the same, rescaled by weight ÷ raw node total when collateral adjustment is active. */
  | "preserved-plus-confirmation-collateral"
  /** v0.2.12: confirmation weight × weight ÷ coefficient-adjusted node total (when weight < that total), at most the full weight. */
  | "confirmation-rescaled-poc-coefficients"
  /** v0.2.13+: confirmation weight × weight ÷ confirmation-scaled node total, at most the full weight. */
  | "confirmation-weight-scales"
  /** v0.2.16: EffectiveConfirmedWeight(weight, confirmation, total by the dynamic coefficients), at most the full weight. */
  | "effective-confirmed-weight"
  /** v0.2.13+ without confirmation_weight_scales in the epoch group: the full weight. */
  | "no-confirmation-scales";

export interface EffectiveWeight {
  rule: EffectiveWeightRule;
  /** The weight before power capping (int64). */
  weight: bigint;
  /** The confirmation weight as read (before clamping at 0). */
  confirmationWeight: bigint;
  /** Preserved (POC_SLOT) node weight (v0.2.10/11). */
  preservedWeight?: bigint;
  /** The node total the confirmation weight was rescaled by (when read). */
  rawTotal?: bigint;
  /** True when the × weight ÷ rawTotal rescale was applied. */
  rescaled: boolean;
  /** True when the result was lowered to the full weight. */
  cappedAtFull: boolean;
}

/** Go's big.Int a·b/c for a ≥ 0, b > 0, c > 0 (Euclidean = truncating here), then Int64() (low 64 bits). */
function mulDiv(a: bigint, b: bigint, c: bigint): bigint {
  return wrapInt64((a * b) / c);
}

/** Mirrors keeper.RecomputeEffectiveWeightFromMLNodes (bitcoin_rewards.go@bb2de824): POC_SLOT nodes' weight + confirmation weight. */
export function recomputeEffectiveWeightFromMLNodes(vw: RootValidationWeight, mlNodes: readonly (SettlementMLNode | null)[]): { weight: bigint; preserved: bigint } {
  const nodes = mlNodes.length === 0 ? vw.mlNodes : mlNodes;
  let preserved = 0n;
  for (const n of nodes) {
    if (n === null || n.timeslotAllocation.length < 2) continue;
    if (n.timeslotAllocation[1]) preserved = addInt64(preserved, n.pocWeight);
  }
  return { weight: addInt64(preserved, vw.confirmationWeight), preserved };
}

export interface EffectiveWeightContext {
  version: ChainVersion;
  epoch: bigint;
  /** address → model → nodes (from the model subgroups). */
  participantMLNodes: ReadonlyMap<string, ReadonlyMap<string, readonly (SettlementMLNode | null)[]>>;
  /** v0.2.11: collateral_params.grace_period_end_epoch (null: no collateral params, no rescale). */
  collateralGracePeriodEndEpoch: bigint | null;
  /** v0.2.12: PocParams model weight scale factors as LegacyDec. */
  pocCoefficients: ReadonlyMap<string, LegacyDec>;
  /** v0.2.13+: confirmation weight scale coefficients (v0.2.16: the dynamic ones, excluded models left out), and whether the epoch group has any scales. */
  confirmationCoefficients: ReadonlyMap<string, LegacyDec>;
  hasConfirmationScales: boolean;
}

/**
 * The effective-weight block of keeper.CalculateParticipantBitcoinRewards (bitcoin_rewards.go at
 * bb2de824 v0.2.10, bd1fd508 v0.2.11, d8b8e907 v0.2.12, 17808620 v0.2.13; v0.2.14 ee730031 = v0.2.13;
 * v0.2.16 zpoken/gonka@ef1a5efd: types.EffectiveConfirmedWeight).
 */
export function effectiveWeight(vw: RootValidationWeight, fullWeight: bigint, ctx: EffectiveWeightContext): EffectiveWeight {
  const cw = vw.confirmationWeight;
  const byModel = ctx.participantMLNodes.get(vw.memberAddress) ?? new Map();
  if (!atLeast(ctx.version, "v0.2.12")) {
    const flat = aggregateMLNodesFlat(byModel);
    const r = recomputeEffectiveWeightFromMLNodes(vw, flat);
    let weight = r.weight < 0n ? 0n : r.weight;
    const collateral = ctx.version === "v0.2.11" && ctx.collateralGracePeriodEndEpoch !== null && ctx.epoch > ctx.collateralGracePeriodEndEpoch;
    if (!collateral) return { rule: "preserved-plus-confirmation", weight, confirmationWeight: cw, preservedWeight: r.preserved, rescaled: false, cappedAtFull: false };
    const nodes = flat.length === 0 ? vw.mlNodes : flat;
    let rawTotal = 0n;
    for (const n of nodes) if (n !== null) rawTotal = addInt64(rawTotal, n.pocWeight);
    const rescale = rawTotal > 0n && vw.weight < rawTotal;
    if (rescale) weight = mulDiv(weight, vw.weight, rawTotal);
    return { rule: "preserved-plus-confirmation-collateral", weight, confirmationWeight: cw, preservedWeight: r.preserved, rawTotal, rescaled: rescale, cappedAtFull: false };
  }
  if (!atLeast(ctx.version, "v0.2.13")) {
    let weight = cw < 0n ? 0n : cw;
    const rawTotal = coefficientAdjustedWeight(byModel, ctx.pocCoefficients, null);
    const rescale = rawTotal > 0n && vw.weight < rawTotal;
    if (rescale) weight = mulDiv(weight, vw.weight, rawTotal);
    const cappedAtFull = weight > fullWeight;
    if (cappedAtFull) weight = fullWeight;
    return { rule: "confirmation-rescaled-poc-coefficients", weight, confirmationWeight: cw, rawTotal, rescaled: rescale, cappedAtFull };
  }
  if (!ctx.hasConfirmationScales) return { rule: "no-confirmation-scales", weight: fullWeight, confirmationWeight: cw, rescaled: false, cappedAtFull: false };
  const rawTotal = confirmationWeightOfModelNodesWithCoefficients(byModel, ctx.confirmationCoefficients);
  if (atLeast(ctx.version, "v0.2.16")) {
    let weight = effectiveConfirmedWeight(vw.weight, cw, rawTotal);
    const cappedAtFull = weight > fullWeight;
    if (cappedAtFull) weight = fullWeight;
    return { rule: "effective-confirmed-weight", weight, confirmationWeight: cw, rawTotal, rescaled: rawTotal > 0n, cappedAtFull };
  }
  let weight = 0n;
  if (rawTotal > 0n) weight = mulDiv(cw < 0n ? 0n : cw, vw.weight, rawTotal);
  const cappedAtFull = weight > fullWeight;
  if (cappedAtFull) weight = fullWeight;
  return { rule: "confirmation-weight-scales", weight, confirmationWeight: cw, rawTotal, rescaled: rawTotal > 0n, cappedAtFull };
}
