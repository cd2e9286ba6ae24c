/**
 * SamplePreservedForEpisode up to the anchor-seeded shuffle: everything that does not depend on the
 * anchor, done once per state (`prepareEpisode`), and shared between states that differ only in the
 * slot allocation (`prepareEpisodeShared`, compare's two proposals).
 */
import { resolveTrustWeights } from "./resolve-trust-weights.js";
import { compareGoStrings, compareNarrowStrings, sortedGoStringsNarrow } from "../go/bytes.js";
import { GoError, GoPanic } from "../go/errors.js";
import { addInt64, Int64Sum } from "../go/int64.js";
import { InputError } from "../errors.js";
import type { LegacyDec } from "../go/legacy-dec.js";
import { operatorAddressToAccAddress } from "./bech32.js";
import { legacyDecOrOne } from "./coefficient-adjusted-weight.js";
import { EpochMLNodeData, mergeSortedUnique, participantsHash, type NodeList } from "./epoch-ml-node-data.js";
import { maxNonVotingVotingPower, prepareModelFilter, type ModelFilterPrep } from "./filter-eligible-ml-nodes.js";
import { dedupedMLNodes, dedupMLNodesById, type DedupResult } from "./ml-node.js";
import { LATEST_PRESERVED_RULES, type PreservedRules } from "./preserved-rules.js";
import { targetPoCWeight } from "./sample-preserved-for-model.js";
import type { ChainDecimal, PreservedState, ValidationWeight } from "./state.js";

/** One genesis guardian address and its conversion (account address, or why it failed and was skipped). */
export interface GuardianConversion {
  operatorAddress: string;
  accAddress?: string;
  error?: string;
}

/** How one subgroup entry was read (for explanations): live or not, and its dedup decisions. */
export interface SubGroupEntry {
  index: number;
  vw: ValidationWeight;
  live: boolean;
  dedup: DedupResult | undefined;
}

/** The anchor-independent part of the episode. */
export interface PreparedEpisode {
  /** The chain version's switches this episode was prepared with. */
  rules: PreservedRules;
  epochIndex: bigint;
  /** True when GetRootGroupDataWithLiveMembers failed: the snapshot is empty whatever the anchor. */
  rootUnavailable: boolean;
  /** True when GetLiveSubGroupsForCurrentEpoch failed: no current data, empty snapshot. */
  subGroupsUnavailable: boolean;
  allocationFraction: ChainDecimal;
  /** True when pocSlotAllocation was nil or zero and the default 0.5 was used. */
  defaultFraction: boolean;
  liveRootTotalWeight: bigint;
  guardianConversions: GuardianConversion[];
  guardianSet: Set<string>;
  /** Root subGroupModels sorted (duplicates kept). */
  sortedModelIds: string[];
  currentEpochData: EpochMLNodeData;
  previousEpochData: EpochMLNodeData;
  participantVotingPowers: Map<string, Map<string, bigint>>;
  allParticipantsHash: string;
  /**
   * The 34 % cap: 34 % of the live root weight (v0.2.13), or of the raw current weight summed over
   * models (v0.2.12's maxAllowedNonVotingWeight, then `capBaseWeight`).
   */
  maxNonVotingVP: bigint;
  /** v0.2.16: the trust weights the live root weight summed (undefined before v0.2.16). */
  trustWeights?: Map<string, bigint>;
  /** The weight the 34 % cap is taken of (the live root weight from v0.2.13). */
  capBaseWeight: bigint;
  /** Model weight scale factors as LegacyDec (v0.2.12's ModelCoefficients; empty from v0.2.13). */
  coefficients: Map<string, LegacyDec>;
  /** Per model of the current data (sorted, unique). */
  modelPreps: ModelFilterPrep[];
  modelPrepByModel: Map<string, ModelFilterPrep>;
  totalWeights: Map<string, bigint>;
  targetWeights: Map<string, bigint>;
  /** Subgroup entries per model as read (for explanations). */
  subGroupEntries: Map<string, SubGroupEntry[]>;
  state: PreservedState;
}

/**
 * Mirrors inference.sumLiveRootTotalWeight: root weights of live members (nil set = everyone), int64 sum;
 * from v0.2.16 a member's trust weight where `trustWeights` has one (zpoken/gonka@ef1a5efd).
 */
export function sumLiveRootTotalWeight(validationWeights: readonly (ValidationWeight | null)[], liveRootSet: ReadonlySet<string> | null, trustWeights?: ReadonlyMap<string, bigint>): bigint {
  const total = new Int64Sum();
  for (const vw of validationWeights) {
    if (vw === null || (liveRootSet !== null && !liveRootSet.has(vw.memberAddress))) continue;
    total.add(trustWeights?.get(vw.memberAddress) ?? vw.weight);
  }
  return total.value;
}

/**
 * The trust weights the v0.2.16 sampler reads: GetActiveParticipants of the sampled epoch, then
 * resolveTrustWeights; a record not found (null), like one the state does not hold (absent: the sources
 * name that lack), gives none, so every member counts its root weight.
 */
export function sampledTrustWeights(state: PreservedState): Map<string, bigint> {
  const ap = state.activeParticipants;
  return ap === undefined || ap === null ? new Map() : resolveTrustWeights(ap.participants, ap.capWeightApplied);
}

/** Mirrors the guardian-set step of SamplePreservedForEpisode (OperatorAddressToAccAddress; failures skipped). */
export function guardianSetOf(addresses: readonly string[]): { conversions: GuardianConversion[]; set: Set<string> } {
  const conversions: GuardianConversion[] = [];
  const set = new Set<string>();
  for (const a of addresses) {
    const r = operatorAddressToAccAddress(a);
    if (typeof r === "string") {
      conversions.push({ operatorAddress: a, accAddress: r });
      set.add(r);
    } else conversions.push({ operatorAddress: a, error: r.error });
  }
  return { conversions, set };
}

/** Mirrors inference.ModelCoefficients (aggregation.go@d8b8e907): model id → weight scale factor, later configs win. */
export function modelCoefficients(configs: readonly { modelId: string; weightScaleFactor: ChainDecimal | null }[]): Map<string, LegacyDec> {
  const out = new Map<string, LegacyDec>();
  for (const c of configs) if (c.modelId !== "") out.set(c.modelId, legacyDecOrOne(c.weightScaleFactor));
  return out;
}

const DEFAULT_FRACTION: ChainDecimal = { value: 5n, exponent: -1 };
const NIL_DEREFERENCE = "runtime error: invalid memory address or nil pointer dereference";

/**
 * Mirrors SamplePreservedForEpisode up to the shuffle (anchor-independent), under `rules` (default: the
 * newest version's). Throws GoError when GetParams fails.
 */
export function prepareEpisode(state: PreservedState, rules: PreservedRules = LATEST_PRESERVED_RULES): PreparedEpisode {
  if (state.params.error) throw new GoError("params unavailable");
  const psa = state.params.epochParams.pocSlotAllocation;
  const defaultFraction = psa === null || psa.value === 0n;
  const allocationFraction = defaultFraction ? DEFAULT_FRACTION : psa!;
  // v0.2.12 reads no guardian list; v0.2.13 excludes the converted genesis guardians.
  const guardians = rules.excludeGenesisGuardians ? guardianSetOf(state.genesisGuardianAddresses) : { conversions: [], set: new Set<string>() };
  let coefficients = new Map<string, LegacyDec>();
  if (rules.nonVotingCap === "globalScaledWeight") {
    if (!state.pocModelConfigs) {
      throw new InputError(
        `the ${rules.version} sampler weighs its 34 % cap by each model's weight scale factor, and this state records none: add params.pocParams.models (or, in a schema-v1 snapshot, chain.weightScaleFactors)`,
        "params.pocParams",
      );
    }
    coefficients = modelCoefficients(state.pocModelConfigs.models);
  }
  if (!rules.liveMemberFilter && state.liveSubGroups.error) {
    throw new InputError(
      `the ${rules.version} sampler reads each model's subgroup by itself (no live x/group read that can fail as a whole); record the subgroups that exist in byModel and leave "error" unset`,
      "liveSubGroups.error",
    );
  }
  const epochIndex = state.epoch.index;
  const currentEpochData = new EpochMLNodeData();
  const previousEpochData = new EpochMLNodeData();
  const participantVotingPowers = new Map<string, Map<string, bigint>>();
  // The result, built once (filled in below) rather than spread from a base object.
  const base: PreparedEpisode = {
    rules,
    coefficients,
    epochIndex,
    allocationFraction,
    defaultFraction,
    guardianConversions: guardians.conversions,
    guardianSet: guardians.set,
    currentEpochData,
    previousEpochData,
    participantVotingPowers,
    modelPreps: [] as ModelFilterPrep[],
    modelPrepByModel: new Map<string, ModelFilterPrep>(),
    totalWeights: new Map<string, bigint>(),
    targetWeights: new Map<string, bigint>(),
    subGroupEntries: new Map<string, SubGroupEntry[]>(),
    state,
    rootUnavailable: true,
    subGroupsUnavailable: false,
    liveRootTotalWeight: 0n,
    sortedModelIds: [],
    allParticipantsHash: "",
    maxNonVotingVP: 0n,
    capBaseWeight: 0n,
  };
  if (state.rootGroup.error) return base;
  // v0.2.12 never sums root weights (reported as 0).
  const trust = rules.trustRootTotal ? sampledTrustWeights(state) : undefined;
  const liveRootTotalWeight = rules.liveMemberFilter ? sumLiveRootTotalWeight(state.rootGroup.validationWeights, state.rootGroup.liveMembers, trust) : 0n;
  const readsVotingPower = rules.participantLine === "votingPower" || rules.nonVotingCap === "perModelVotingPower";
  const sortedModelIds = [...state.rootGroup.subGroupModels].sort(compareGoStrings);
  const subErr = state.liveSubGroups.error;
  const uniqueModels = [...new Set(sortedModelIds)];
  for (const modelId of uniqueModels) {
    const sub = subErr ? undefined : state.liveSubGroups.byModel.get(modelId);
    // Go ranges over the group's []*ValidationWeight and reads vw.MemberAddress / vw.MlNodes unchecked.
    if (sub?.nilEntries) throw new GoPanic(NIL_DEREFERENCE);
    const entries: SubGroupEntry[] = [];
    // The model's maps, created at its first live entry (as EpochMLNodeData.Set and the VP map would).
    let current: Map<string, NodeList> | undefined;
    let vps: Map<string, bigint> | undefined;
    if (sub) {
      const list = sub.validationWeights;
      for (let index = 0; index < list.length; index++) {
        const vw = list[index]!;
        const live = !rules.liveMemberFilter || sub.liveMembers === null || sub.liveMembers.has(vw.memberAddress);
        if (!live) {
          entries.push({ index, vw, live, dedup: undefined });
          continue;
        }
        const dedup = dedupMLNodesById(vw.mlNodes);
        entries.push({ index, vw, live, dedup });
        if (!current) currentEpochData.data.set(modelId, (current = new Map()));
        current.set(vw.memberAddress, dedup.deduped);
        if (readsVotingPower && vw.votingPower > 0n) {
          if (!vps) participantVotingPowers.set(modelId, (vps = new Map()));
          vps.set(vw.memberAddress, vw.votingPower);
        }
      }
    }
    base.subGroupEntries.set(modelId, entries);
    if (epochIndex > 0n) {
      const prev = state.previousEpochGroupData.get(modelId);
      // Same unchecked loop (GetEpochPerformanceSummary(ctx, previousEpochIndex, vw.MemberAddress)).
      if (prev?.nilEntries) throw new GoPanic(NIL_DEREFERENCE);
      let previous: Map<string, NodeList> | undefined; // created at the first rewarded member, as Set would
      for (const vw of prev?.validationWeights ?? []) {
        const summary = state.previousEpochPerformanceSummaries.get(vw.memberAddress);
        if (summary === undefined || summary.rewardedCoins === 0n) continue;
        if (!previous) previousEpochData.data.set(modelId, (previous = new Map()));
        previous.set(vw.memberAddress, dedupedMLNodes(vw.mlNodes));
      }
    }
  }
  // Each model's participants sorted once: the thresholds and the draw read them, and merged they are
  // GetAllParticipantsHash's sorted list (no set and no second sort of every participant).
  const currentModels = currentEpochData.models();
  let narrow = true;
  const sortedByModel = currentModels.map((m) => {
    const r = sortedGoStringsNarrow(currentEpochData.data.get(m)!.keys());
    narrow &&= r.narrow;
    return r.sorted;
  });
  const allParticipantsHash = participantsHash(mergeSortedUnique(sortedByModel, narrow ? compareNarrowStrings : compareGoStrings)).hash;
  let capBaseWeight = liveRootTotalWeight;
  if (rules.nonVotingCap === "globalScaledWeight") {
    // v0.2.12's totalCurrentEpochWeight: the raw current weight of every model, whatever its name says.
    capBaseWeight = 0n;
    for (const m of currentModels) capBaseWeight = addInt64(capBaseWeight, currentEpochData.getTotalWeightForModel(m));
  }
  const maxNonVotingVP = maxNonVotingVotingPower(capBaseWeight);
  const modelPreps = currentModels.map((m, i) =>
    prepareModelFilter(m, currentEpochData, previousEpochData, participantVotingPowers.get(m), liveRootTotalWeight, guardians.set, rules, coefficients, { sortedParticipants: sortedByModel[i], nodesByIdUnique: true }),
  );
  for (const m of uniqueModels) {
    const total = currentEpochData.getTotalWeightForModel(m);
    base.totalWeights.set(m, total);
    base.targetWeights.set(m, targetPoCWeight(allocationFraction, total));
  }
  for (const p of modelPreps) base.modelPrepByModel.set(p.modelId, p);
  base.rootUnavailable = false;
  base.subGroupsUnavailable = subErr;
  base.liveRootTotalWeight = liveRootTotalWeight;
  if (trust !== undefined) base.trustWeights = trust;
  base.sortedModelIds = sortedModelIds;
  base.allParticipantsHash = allParticipantsHash;
  base.maxNonVotingVP = maxNonVotingVP;
  base.capBaseWeight = capBaseWeight;
  base.modelPreps = modelPreps;
  return base;
}

/** Everything prepareEpisode reads except the slot allocation (compared by identity). */
function sameButFraction(a: PreservedState, b: PreservedState): boolean {
  return (
    a.rootGroup === b.rootGroup &&
    a.liveSubGroups === b.liveSubGroups &&
    a.previousEpochGroupData === b.previousEpochGroupData &&
    a.previousEpochPerformanceSummaries === b.previousEpochPerformanceSummaries &&
    a.genesisGuardianAddresses === b.genesisGuardianAddresses &&
    a.epoch === b.epoch &&
    a.pocModelConfigs === b.pocModelConfigs &&
    a.params.error === b.params.error
  );
}

const rulesKey = (r: PreservedRules): string => `${r.version}|${r.liveMemberFilter}|${r.excludeGenesisGuardians}|${r.participantLine}|${r.nonVotingCap}`;
const preparedEpisodes = new WeakMap<object, { state: PreservedState; key: string; prepared: PreparedEpisode }[]>();

/**
 * `prepareEpisode`, shared: a state prepared before (the same object, or a copy that differs only in
 * `params.epochParams.pocSlotAllocation`, as compare's two proposals are) reuses the anchor-independent
 * work, and only the fraction and the per-model targets are recomputed. States are values: a state must
 * not be changed in place after it was prepared.
 */
export function prepareEpisodeShared(state: PreservedState, rules: PreservedRules = LATEST_PRESERVED_RULES): PreparedEpisode {
  if (state.params.error) return prepareEpisode(state, rules);
  const key = rulesKey(rules);
  let list = preparedEpisodes.get(state.liveSubGroups);
  if (!list) preparedEpisodes.set(state.liveSubGroups, (list = []));
  const same = list.find((e) => e.key === key && e.state === state);
  if (same) return same.prepared;
  const base = list.find((e) => e.key === key && sameButFraction(e.state, state));
  let prepared: PreparedEpisode;
  if (!base) prepared = prepareEpisode(state, rules);
  else {
    const psa = state.params.epochParams.pocSlotAllocation;
    const defaultFraction = psa === null || psa.value === 0n;
    const allocationFraction = defaultFraction ? DEFAULT_FRACTION : psa!;
    const targetWeights = new Map<string, bigint>();
    for (const [m, total] of base.prepared.totalWeights) targetWeights.set(m, targetPoCWeight(allocationFraction, total));
    prepared = { ...base.prepared, allocationFraction, defaultFraction, targetWeights, state };
  }
  list.push({ state, key, prepared });
  return prepared;
}
