/**
 * How likely an address is to be preserved: the sampler run at N consecutive anchors (the anchor
 * only changes the shuffle seed of the history sampling), counting the anchors at which the address
 * has at least one preserved node, per model and in any model. Each anchor runs only what the
 * address's outcome needs (anchor-index.ts): the draw and the 34 % cap of its models, and the first
 * round of the fill up to the address (a participant keeps a node exactly when the first round
 * reaches it). Counts are exact; percentages are for
 * display, truncated to two decimals from the integers.
 */
import { compareGoStrings } from "../go/bytes.js";
import { InputError } from "../errors.js";
import { resolveParticipantAddress } from "./check-address.js";
import { ratioString } from "./demand-rule.js";
import { anchorIndex, eligibleCountsAt, isPreserved } from "./anchor-index.js";
import { prepareEpisodeShared } from "./sample-preserved-for-episode.js";
import type { PreservedState } from "./state.js";
import type { PreservedRules } from "./preserved-rules.js";

export interface AnchorRange {
  /** First anchor height evaluated. */
  first: bigint;
  /** Number of consecutive anchors (first, first + 1, …). */
  count: number;
}

export interface ModelProbability {
  modelId: string;
  preservedCount: number;
  anchorsEvaluated: number;
  /** preservedCount / anchorsEvaluated as a percentage, e.g. "61.27%". */
  probability: string;
}

export interface PreservationProbability {
  address: string;
  firstAnchor: bigint;
  anchorsEvaluated: number;
  /** Anchors at which at least one node of the address is preserved in some model. */
  preservedCount: number;
  probability: string;
  /** Per model in which the address has nodes. */
  models: ModelProbability[];
}

/** k/n as a percentage string with two (truncated) decimals. */
export function percentString(k: number | bigint, n: number | bigint): string {
  const r = ratioString(BigInt(k) * 100n, BigInt(n));
  return r === null ? "n/a" : `${r}%`;
}

/** Models in which `address` is listed with at least one node in the current subgroups. */
function modelsOf(state: PreservedState, address: string): Set<string> {
  const out = new Set<string>();
  for (const [m, g] of state.liveSubGroups.byModel) {
    if (g.validationWeights.some((vw) => vw.memberAddress === address && vw.mlNodes.some((n) => n !== null))) out.add(m);
  }
  return out;
}

/** Probability over `anchors` that `address` is preserved, per model and overall. */
export function preservationProbability(state: PreservedState, address: string, anchors: AnchorRange, rules?: PreservedRules): PreservationProbability {
  if (!Number.isSafeInteger(anchors.count) || anchors.count < 1) throw new InputError(`expected a positive number of anchors, got ${anchors.count}`, "anchors");
  // Anchors are Go int64 heights: the range must not run past 2^63 − 1 (it would wrap to negative heights).
  if (anchors.first < 0n || anchors.first + BigInt(anchors.count) - 1n > (1n << 63n) - 1n) {
    throw new InputError(`anchors ${anchors.first} to ${anchors.first + BigInt(anchors.count) - 1n} leave the int64 height range 0..9223372036854775807`, "anchors");
  }
  const participant = resolveParticipantAddress(state, address);
  const models = modelsOf(state, participant);
  const ordered = [...models].sort(compareGoStrings);
  const prepared = prepareEpisodeShared(state, rules);
  // Per model of the address: its candidate index, when the chain fills the model and the address is
  // a candidate in it (otherwise it is never preserved there). Only these models are drawn (v0.2.12
  // draws every model: its 34 % counter runs across them).
  const ix = anchorIndex(prepared);
  const inRoot = new Set(prepared.sortedModelIds);
  const targets = ordered.map((modelId) => {
    const m = inRoot.has(modelId) ? ix.byModel.get(modelId) : undefined;
    const i = m?.indexOf.get(participant);
    return m !== undefined && i !== undefined ? { modelId, m, i } : null;
  });
  const only = new Set(targets.flatMap((t) => (t ? [t.modelId] : [])));
  const perModel = new Map<string, number>(ordered.map((m) => [m, 0]));
  let any = 0;
  for (let k = 0; k < anchors.count && (only.size > 0 || ix.globalCap); k++) {
    eligibleCountsAt(ix, anchors.first + BigInt(k), only);
    let hit = false;
    for (const t of targets) {
      if (t && isPreserved(t.m, t.i)) {
        perModel.set(t.modelId, perModel.get(t.modelId)! + 1);
        hit = true;
      }
    }
    if (hit) any++;
  }
  return {
    address: participant,
    firstAnchor: anchors.first,
    anchorsEvaluated: anchors.count,
    preservedCount: any,
    probability: percentString(any, anchors.count),
    models: ordered.map((modelId) => ({
      modelId,
      preservedCount: perModel.get(modelId)!,
      anchorsEvaluated: anchors.count,
      probability: percentString(perModel.get(modelId)!, anchors.count),
    })),
  };
}
