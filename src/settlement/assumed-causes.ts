/**
 * Which zero causes rest on an input the source assumed (src/assumptions.ts): each cause names the parts
 * of the settlement input it reads, for the participant itself or shared by every participant; a cause
 * that reads a part an assumption filled is not computable from the inputs, and is marked so, never
 * given as the participant's cause.
 */
import { assumptionUnder, lackText, type AssumptionIndex, type NamedAssumption, type PartsRead } from "../assumptions.js";
import type { EffectiveWeightRule } from "./effective-weight.js";
import type { ZeroCause, ZeroCauseCode } from "./zero-causes.js";

/** The parts of a SettlementInput an assumption may fill (AssumedInput.parts of a settlement source). */
export type SettlementPart =
  /** Who settles: ActiveParticipants(E) and the Participant records. */
  | "participants"
  /** Each participant's status at settlement (the exclusions). */
  | "status"
  /** Participant.coin_balance before settlement. */
  | "coin-balance"
  /** currentEpochStats: the miss test's counts. */
  | "epoch-stats"
  /** The root group's weights and confirmation weights. */
  | "validation-weights"
  /** The per-model subgroups' nodes: node totals, preserved (POC_SLOT) node weight. */
  | "model-nodes"
  /** Params' PoC model weight scale factors (v0.2.12's node total). */
  | "poc-model-scales"
  /** Params' collateral grace period end (v0.2.11's rescale). */
  | "collateral"
  /** Bitcoin reward params: the fixed epoch reward. */
  | "reward-params"
  /** The governance p0 and a grace epoch's. */
  | "p0"
  /** SettleParameters: the subsidy supply cap. */
  | "supply"
  /** v0.2.14 delegation reward transfers and penalties. */
  | "delegation";

const own = (...parts: SettlementPart[]): PartsRead => ({ own: parts, network: [] });

/** What each cause reads, by the rule that computed the participant's effective weight. */
export function causeReads(code: ZeroCauseCode, rule: EffectiveWeightRule | null): PartsRead {
  switch (code) {
    case "excluded":
    case "inactive":
      return own("status");
    case "no-validation-weight":
    case "zero-validation-weight":
      return own("validation-weights");
    case "confirmation-weight-zero":
      // v0.2.10/11 add the preserved (POC_SLOT) nodes' weight, read from the subgroups
      return rule === "preserved-plus-confirmation" || rule === "preserved-plus-confirmation-collateral" ? own("validation-weights", "model-nodes") : own("validation-weights");
    case "confirmation-rescale-zero":
      return {
        own: ["validation-weights", "model-nodes"],
        network: rule === "confirmation-rescaled-poc-coefficients" ? ["poc-model-scales"] : rule === "preserved-plus-confirmation-collateral" ? ["collateral"] : [],
      };
    case "node-total-zero":
      return own("validation-weights", "model-nodes");
    case "power-cap":
      // the cap is a share of every participant's weight after the confirmation rescale
      return { own: [], network: ["validation-weights", "model-nodes", "poc-model-scales", "collateral", "status"] };
    case "failed-miss-test":
      // the dynamic p0 reads every participant's counts
      return { own: [], network: ["epoch-stats", "p0"] };
    case "delegation":
      return own("delegation");
    case "no-fixed-reward":
      return { own: [], network: ["reward-params"] };
    case "rounding":
      return { own: ["model-nodes"], network: ["reward-params", "validation-weights"] };
    case "negative-balance":
      return own("coin-balance");
    case "supply-cap":
      return { own: [], network: ["supply"] };
  }
}

/** The assumption cause `code` of `address` rests on, if any. */
export function causeAssumption<A extends NamedAssumption>(code: ZeroCauseCode, rule: EffectiveWeightRule | null, address: string, index: AssumptionIndex<A>): A | undefined {
  return assumptionUnder(causeReads(code, rule), address, index);
}

/**
 * The causes of one participant with each that rests on an assumption marked not computable: its
 * detail stays (what the assumption gave), its operator advice goes (it is no cause of the participant's).
 */
export function causesUnderAssumptions<A extends NamedAssumption>(causes: readonly ZeroCause[], address: string, rule: EffectiveWeightRule | null, index: AssumptionIndex<A>): ZeroCause[] {
  return causes.map((c) => {
    const a = causeAssumption(c.code, rule, address, index);
    return a === undefined ? c : { ...c, operator: null, notComputable: { input: a.input, assumption: a.assumption, lack: lackText(a) } };
  });
}

/** A cause in words: its detail, or for one resting on an assumption "not computable: LACK" and what the assumption gave. */
export function causeWords(c: ZeroCause): string {
  return c.notComputable === undefined ? c.detail : `not computable: ${c.notComputable.lack} (what that assumption gives: ${c.detail})`;
}
