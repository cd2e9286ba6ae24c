/**
 * The operator's question at one anchor: is this address preserved, which of its nodes, and why each
 * node is or is not (the sampler's explanations, grouped by model).
 */
import { InputError, describeValue } from "../errors.js";
import { compareGoStrings } from "../go/bytes.js";
import { checkAddressText } from "../json-input.js";
import { bech32Decode, operatorAddressToAccAddress } from "./bech32.js";
import { explainEpisode } from "./explanations.js";
import { assembleResult, prepareEpisodeShared, sampleAtAnchor, type NodeReasonCode } from "./sample-preserved-for-episode.js";
import type { PreservedRules } from "./preserved-rules.js";
import type { PreservedState } from "./state.js";

export interface CheckedNode {
  nodeId: string;
  pocWeight: bigint;
  preserved: boolean;
  code: NodeReasonCode;
  /** The sampler's sentence for the decision. */
  reason: string;
  /** Round of the round-robin fill (preserved nodes only). */
  round?: number;
}

export interface CheckedModel {
  modelId: string;
  /** At least one node of the address is preserved in this model. */
  preserved: boolean;
  nodes: CheckedNode[];
}

export interface AddressCheck {
  address: string;
  anchorHeight: bigint;
  preservedAtAnchor: boolean;
  /** v0.2.16: the anchor is a confirmation PoC's and a PoC challenge of the epoch targets this address (none of its nodes is preserved). */
  challengeTarget: boolean;
  models: CheckedModel[];
  warnings: string[];
}

/** Every address the state mentions as a participant (root, current or previous subgroups). */
function participantAddresses(state: PreservedState): Set<string> {
  const out = new Set<string>();
  for (const vw of state.rootGroup.validationWeights) if (vw) out.add(vw.memberAddress);
  for (const g of state.liveSubGroups.byModel.values()) for (const vw of g.validationWeights) out.add(vw.memberAddress);
  for (const g of state.previousEpochGroupData.values()) for (const vw of g.validationWeights) out.add(vw.memberAddress);
  return out;
}

/**
 * The participant address for `input` (an account address, or its gonkavaloper operator address);
 * InputError naming `path` and the value when the state does not know it.
 */
export function resolveParticipantAddress(state: PreservedState, input: string, path = "ADDRESS"): string {
  checkAddressText(input, path); // no control or invisible formatting character: no address holds one
  const known = participantAddresses(state);
  if (known.has(input)) return input;
  const acc = operatorAddressToAccAddress(input);
  if (typeof acc === "string" && known.has(acc)) return acc;
  const decoded = bech32Decode(input);
  const hint = "error" in decoded ? ` (${describeValue(input)} is not a bech32 address: ${decoded.error})` : "";
  throw new InputError(`unknown address ${describeValue(input)}: not a member of the root group or of any model subgroup in this snapshot${hint}`, path);
}

/**
 * Is `address` preserved at `anchorHeight`, and why each of its nodes is or is not. `challengeSkip`: a
 * v0.2.16 confirmation PoC's challenge targets (stripChallengeSkipFromPreserved after the sampler): a
 * target's sampled nodes become `challenge_target`, none preserved.
 */
export function checkAddressAtAnchor(state: PreservedState, address: string, anchorHeight: bigint, rules?: PreservedRules, challengeSkip?: ReadonlySet<string>): AddressCheck {
  const participant = resolveParticipantAddress(state, address);
  const prepared = prepareEpisodeShared(state, rules);
  const at = sampleAtAnchor(prepared, anchorHeight, { traceDecisions: false });
  const result = assembleResult(prepared, at, false);
  const byModel = new Map<string, CheckedNode[]>();
  const challengeTarget = challengeSkip?.has(participant) === true;
  for (const e of explainEpisode(prepared, at, participant)) {
    if (e.participant !== participant) continue;
    let list = byModel.get(e.modelId);
    if (!list) byModel.set(e.modelId, (list = []));
    if (challengeTarget && e.preserved) {
      list.push({ nodeId: e.nodeId, pocWeight: e.pocWeight, preserved: false, code: "challenge_target", reason: `sampled (round ${e.round ?? "?"} of the fill), then left out: a PoC challenge of this epoch targets its host, and a confirmation PoC preserves none of a target's nodes (#1811)` });
      continue;
    }
    list.push({ nodeId: e.nodeId, pocWeight: e.pocWeight, preserved: e.preserved, code: e.code, reason: e.text, ...(e.round !== undefined ? { round: e.round } : {}) });
  }
  const models = [...byModel.keys()].sort(compareGoStrings).map((modelId) => {
    const nodes = byModel.get(modelId)!;
    return { modelId, preserved: nodes.some((n) => n.preserved), nodes };
  });
  return { address: participant, anchorHeight, preservedAtAnchor: models.some((m) => m.preserved), challengeTarget, models, warnings: result.warnings };
}
