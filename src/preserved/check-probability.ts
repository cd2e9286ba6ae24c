/**
 * How likely an address is to be preserved: the sampler run at N consecutive anchors (the anchor
 * only changes the shuffle seed of the history sampling), counting the anchors at which the address
 * has at least one preserved node, per model and in any model. Counts are exact; percentages are for
 * display, truncated to two decimals from the integers.
 */
import { compareGoStrings } from "../go/bytes.js";
import { InputError } from "../errors.js";
import { resolveParticipantAddress } from "./check-address.js";
import { ratioString } from "./demand-rule.js";
import { prepareEpisode, sampleSnapshotAtAnchor, type PreparedEpisode } from "./sample-preserved-for-episode.js";
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

/**
 * The prepared episode restricted to `models`. Each model's draw, 34 % counter and fill depend only
 * on that model's preparation (and the global cap), so dropping other models changes nothing for these.
 */
function restrictTo(prepared: PreparedEpisode, models: Set<string>): PreparedEpisode {
  // v0.2.12 carries the 34 % counter across models: every model must run.
  if (prepared.rules.nonVotingCap === "globalScaledWeight") return prepared;
  return {
    ...prepared,
    modelPreps: prepared.modelPreps.filter((p) => models.has(p.modelId)),
    sortedModelIds: [...new Set(prepared.sortedModelIds)].filter((m) => models.has(m)),
  };
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
  const prepared = restrictTo(prepareEpisode(state, rules), models);
  const perModel = new Map<string, number>(ordered.map((m) => [m, 0]));
  let any = 0;
  for (let i = 0; i < anchors.count; i++) {
    const at = sampleSnapshotAtAnchor(prepared, anchors.first + BigInt(i));
    let hit = false;
    for (const m of at.snapshot.modelPreservedNodes) {
      if (m.participants.some((p) => p.participantId === participant)) {
        perModel.set(m.modelId, perModel.get(m.modelId)! + 1);
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
