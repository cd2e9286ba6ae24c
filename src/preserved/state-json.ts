/**
 * The preserved-set state as the snapshot's `preserved` slice: the one writer of that JSON shape, so
 * that `parsePreservedState(preservedStateJson(s))` is `s` again (but for the paths its warnings and
 * `pocModelConfigs.source` name). Integers stay bigints (stringifyJson writes them bare). A root
 * entry is written as {memberAddress, weight} (votingPower only when not 0; Go's root reads neither it
 * nor nodes); nil entries a lenient read dropped (`nilEntries`) are written back as nulls at the end.
 */
import type { Json } from "../go/json.js";
import type { JsonObject } from "../json-input.js";
import type { ChainDecimal } from "../go/chain-decimal.js";
import type { MLNodeInfo, PreservedState, ValidationWeight } from "./state.js";

const decimal = (d: ChainDecimal | null): Json => (d === null ? null : { value: d.value, exponent: d.exponent });

const node = (n: MLNodeInfo | null): Json => (n === null ? null : { nodeId: n.nodeId, pocWeight: n.pocWeight, throughput: n.throughput, timeslotAllocation: n.timeslotAllocation.slice() });

function subWeights(g: { validationWeights: ValidationWeight[]; nilEntries?: number }): Json[] {
  const list: Json[] = g.validationWeights.map((w) => ({ memberAddress: w.memberAddress, weight: w.weight, votingPower: w.votingPower, mlNodes: w.mlNodes.map(node) }));
  for (let i = 0; i < (g.nilEntries ?? 0); i++) list.push(null);
  return list;
}

const rootWeight = (w: ValidationWeight | null): Json => (w === null ? null : w.votingPower === 0n ? { memberAddress: w.memberAddress, weight: w.weight } : { memberAddress: w.memberAddress, weight: w.weight, votingPower: w.votingPower });

const members = (s: Set<string> | null): Json => (s === null ? null : [...s]);

/** A map as a JSON object, in the map's order (own keys even for a name like `__proto__`). */
const object = <T>(m: ReadonlyMap<string, T>, value: (v: T) => Json): JsonObject => Object.fromEntries([...m].map(([k, v]) => [k, value(v)]));

/** The snapshot's `preserved` slice of `state` (docs/snapshot.md). */
export function preservedStateJson(state: PreservedState): JsonObject {
  const params: JsonObject = { error: state.params.error, epochParams: { pocSlotAllocation: decimal(state.params.epochParams.pocSlotAllocation) } };
  if (state.pocModelConfigs !== undefined && state.pocModelConfigs !== null) {
    params.pocParams = { models: state.pocModelConfigs.models.map((m) => ({ modelId: m.modelId, weightScaleFactor: decimal(m.weightScaleFactor) })) };
  }
  const out: JsonObject = {};
  if (state.anchorHeight !== undefined) out.anchorHeight = state.anchorHeight;
  out.epoch = { index: state.epoch.index };
  out.params = params;
  out.genesisGuardianAddresses = state.genesisGuardianAddresses.slice();
  out.rootGroup = {
    error: state.rootGroup.error,
    subGroupModels: state.rootGroup.subGroupModels.slice(),
    validationWeights: state.rootGroup.validationWeights.map(rootWeight),
    liveMembers: members(state.rootGroup.liveMembers),
  };
  out.liveSubGroups = { error: state.liveSubGroups.error, byModel: object(state.liveSubGroups.byModel, (g) => ({ liveMembers: members(g.liveMembers), validationWeights: subWeights(g) })) };
  out.previousEpochGroupData = object(state.previousEpochGroupData, (g) => ({ validationWeights: subWeights(g) }));
  out.previousEpochPerformanceSummaries = object(state.previousEpochPerformanceSummaries, (s) => ({ rewardedCoins: s.rewardedCoins }));
  if (state.activeParticipants !== undefined) {
    const a = state.activeParticipants;
    out.activeParticipants = a === null ? null : { capWeightApplied: a.capWeightApplied, participants: a.participants.map((p) => (p === null ? null : { index: p.index, weight: p.weight, capWeight: p.capWeight })) };
  }
  if (state.pocChallengeTargets !== undefined) out.pocChallengeTargets = state.pocChallengeTargets.slice();
  return out;
}
