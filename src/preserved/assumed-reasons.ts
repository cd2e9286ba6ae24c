/**
 * Which node reasons rest on an input the source assumed (src/assumptions.ts): a reason reads its
 * participant's x/group membership (every reason after the subgroup is read) and, from the history step
 * on, whether the participant was rewarded in the previous epoch. A reason reading a part an assumption
 * filled for that participant is not computable from the inputs, and is marked so.
 */
import { assumptionUnder, lackText, type AssumptionIndex, type NamedAssumption, type PartsRead } from "../assumptions.js";
import type { NodeReasonCode } from "./explanations.js";

/** The parts of a PreservedState an assumption may fill (AssumedInput.parts of a preserved source). */
export type PreservedPart =
  /** x/group live members of the sampled epoch's groups (read from v0.2.13). */
  | "live-members"
  /** The previous epoch's performance summaries: who was rewarded (the sampler's history). */
  | "history";

/** What the reason of one node reads of its participant (the draw and the fill read everyone's, which the source's summary names). */
export function reasonReads(code: NodeReasonCode): PartsRead {
  switch (code) {
    case "root_unavailable":
    case "no_subgroup_data":
    case "epoch_zero":
      return { own: [], network: [] };
    case "no_history":
    case "not_sampled":
    case "voting_cap":
    case "target_met":
    case "preserved":
      return { own: ["live-members", "history"], network: [] };
    default:
      return { own: ["live-members"], network: [] };
  }
}

/** The lack a node reason of `address` rests on, in words (with the assumption), or undefined. */
export function reasonAssumption<A extends NamedAssumption>(code: NodeReasonCode, address: string, index: AssumptionIndex<A>): { input: string; assumption: string; lack: string } | undefined {
  const a = assumptionUnder(reasonReads(code), address, index);
  return a === undefined ? undefined : { input: a.input, assumption: a.assumption, lack: lackText(a) };
}
