/**
 * buildSnapshot: chain state at ONE height → the snapshot document (src/snapshot/snapshot.ts).
 *
 * - `preserved`: the preserved-set state object (the `input` shape of the sample_preserved_for_episode
 *   vectors, validated by src/preserved/state.ts), one field per keeper read of SamplePreservedForEpisode:
 *   GetParams → Params; GetRootGroupDataWithLiveMembers → EpochGroupData(N, "") of the effective epoch N
 *   plus x/group GroupMembers(epoch_group_id); GetLiveSubGroupsForCurrentEpoch → EpochGroupData(N, m)
 *   and GroupMembers per model of the root's sub_group_models (any missing subgroup → `error: true`, as
 *   the keeper fails the whole call); GetEpochGroupData(N−1, m) → previousEpochGroupData;
 *   GetEpochPerformanceSummary(N−1, addr) for every member of those previous subgroups.
 * - `settlement`: the miss-test input of epoch E (default N−1, the last settled epoch): participants of
 *   ActiveParticipants(E) (raw store) with their EpochPerformanceSummary(E, p) counts (exactly what
 *   settlement used), `Params.validation_params` at the pinned height, and PunishmentGraceEpochs[E].
 * - `chain`: reference extras (epoch, epoch group heights, params, CPoC events, exclusions, the chain's
 *   stored PreservedNodesSnapshot at this height) and the further inputs of settlement: the settled
 *   epoch's root group with confirmation weights and scales, its participants' status and coin balance,
 *   TokenomicsData, GenesisOnlyParams.
 * - `chainVersion`: the version in force at the height, from the upgrade module's applied plans.
 * - from v0.2.16 (or an unknown version), the preserved slice also records what the v0.2.16 sampler
 *   reads: `activeParticipants` (GetActiveParticipants(N): cap_weight_applied and each participant's
 *   index, weight, cap_weight; null when not stored) and `pocChallengeTargets` (SameEpochChallengeTargets(N):
 *   the targets of the PoC challenge records of epoch N, any state, read per root member: a challenge
 *   targets a live root member). For an older node both stay absent: the fields are not on its wire.
 * Fields a chain version does not have on the wire are written as null (not as the zero a decoder
 * reads): EpochGroupData.confirmation_weight_scales before v0.2.13, PocParams.models before v0.2.12,
 * DevshardEscrowParams.max_nonce before v0.2.13 and fields 14–17 before v0.2.14, PocParams
 * dynamic_coefficient_params before v0.2.16; the scales' and models' v0.2.16 fields are left out before it.
 */
import { compareGoStrings } from "../go/bytes.js";
import { SNAPSHOT_SCHEMA, SNAPSHOT_VERSION, type JsonObject, type Snapshot } from "../snapshot/snapshot.js";
import { readChainVersion } from "./applied-plan.js";
import type { PinnedReader } from "./client.js";
import { ChainError } from "./errors.js";
import * as Q from "./queries.js";
import { endOfPoCValidation, setNewValidators } from "./epoch-stages.js";
import { settlementHeight, settlementSlice } from "./settlement-slice.js";
import {
  challengeJson,
  dec,
  dynamicParamsJson,
  eventJson,
  genesisOnlyJson,
  groupInfo,
  has,
  ifHas,
  paramsJson,
  participantJson,
  preservedSnapshotJson,
  rootWeights,
  scalesJson,
  sorted,
  subWeight,
  tokenomicsJson,
  trustWeightsJson,
  versionJson,
} from "./snapshot-json.js";

export interface BuildSnapshotOptions {
  /** Chain id recorded in the snapshot (from `status`). */
  chainId: string;
  /** Epoch whose settlement goes into the `settlement` slice (default: effective epoch − 1). */
  settlementEpoch?: bigint;
  /** Episode anchor height recorded in `preserved.anchorHeight` (default: the pinned height). */
  anchorHeight?: bigint;
  /** Page size for x/group GroupMembers (default 1000). */
  pageLimit?: bigint;
  /** ISO time of the fetch (default now). */
  fetchedAt?: string;
  /**
   * Read the settled epoch's Participant records (status, coin balance; one query per participant)
   * for the settlement slice (default true). `verify`, which needs only the preserved slice, skips them;
   * the slice then names the missing records in `reward.assumptions`.
   */
  participants?: boolean;
}


const liveSet = async (r: PinnedReader, groupId: bigint, pageLimit: bigint): Promise<string[]> =>
  sorted((await Q.groupMembers(r, groupId, pageLimit)).map((m) => m.member?.address ?? ""));

/** Read everything the rules need at `r.height` and assemble the snapshot document. */
export async function buildSnapshot(r: PinnedReader, options: BuildSnapshotOptions): Promise<Snapshot> {
  const H = BigInt(r.height);
  const pageLimit = options.pageLimit ?? 1000n;

  // Round 1: height-level singletons.
  const [params, effective, info, storedSnapshot, activeEvent, version, tokenomics, genesisOnly, delegation] = await Promise.all([
    Q.params(r),
    Q.currentEpoch(r),
    Q.epochInfo(r),
    Q.preservedNodesSnapshot(r),
    Q.activeConfirmationPoCEvent(r),
    readChainVersion(r),
    Q.tokenomicsData(r),
    Q.genesisOnlyParams(r),
    Q.delegationRewardTransferSnapshot(r),
  ]);
  if (effective === undefined) throw new ChainError("not-found", `the chain has no effective epoch at height ${H} (GetCurrentEpoch: not found); pick a later --height`);
  const N = effective;
  const E = options.settlementEpoch ?? (N > 0n ? N - 1n : 0n);
  if (E > N) throw new ChainError("not-found", `--epoch ${E} is after the effective epoch ${N} at height ${H}; it has not been settled yet`);

  // v0.2.16's sampler inputs (trust weights, challenge records): read unless the node is known to be older.
  const v16 = has(version, "v0.2.16") !== false;

  // Round 2: the effective epoch's root group and everything indexed by epoch.
  const [root, epochRecord, events, excluded, grace, active, settledRoot, settledExcluded, upcomingRoot, sampledActive] = await Promise.all([
    Q.epochGroupData(r, N, ""),
    Q.epochByIndex(r, N),
    Q.confirmationPoCEvents(r, N),
    Q.excludedParticipants(r, N),
    Q.punishmentGraceEpoch(r, E),
    Q.activeParticipants(r, E),
    E === N ? Promise.resolve(undefined) : Q.epochGroupData(r, E, ""),
    E === N ? Promise.resolve(undefined) : Q.excludedParticipants(r, E),
    // N+1's root group exists from its PoC start: S of epoch N (for --epoch N, and the note below).
    Q.epochGroupData(r, N + 1n, ""),
    // the sampled epoch's ActiveParticipants (its trust weights); the settled one when E = N
    v16 && E !== N ? Q.activeParticipants(r, N) : Promise.resolve(undefined),
  ]);
  if (!root) throw new ChainError("not-found", `epoch group ${N} (root) was not found at height ${H}: EpochGroupData(${N}, "") answered NotFound`);
  if (options.settlementEpoch !== undefined && !active && !(E === N ? root : settledRoot)) {
    throw new ChainError("not-found", `epoch ${E} has no epoch group and no ActiveParticipants at height ${H}; check --epoch`);
  }
  const models = root.subGroupModels;
  const sortedModels = [...models].sort(compareGoStrings);

  // The settled participants' summaries need only round 2: start them now, alongside round 3. (With the
  // default E = N−1 they are mostly the previous subgroups' members, so round 4 then hits the cache.)
  const settled = active?.participants.map((p) => p.index) ?? [];
  const settledSummariesP = Promise.all(settled.map(async (a) => ({ a, s: await Q.performanceSummary(r, E, a) })));
  settledSummariesP.catch(() => undefined); // awaited below
  // Their Participant records (status, coin_balance): settlement zeroes the balance, so they are the
  // balances settlement paid only when read before S (see the warning below).
  const settledParticipantsP = Promise.all(settled.map(async (a) => ({ a, p: options.participants === false ? undefined : await Q.participant(r, a) })));
  settledParticipantsP.catch(() => undefined); // awaited below

  // Round 3: live root members, current subgroups + their members, previous subgroups.
  const subGroupsP = Promise.all(
    models.map(async (m) => {
      const g = await Q.epochGroupData(r, N, m);
      if (!g) return { model: m, group: undefined, live: [] as string[] };
      return { model: m, group: g, live: await liveSet(r, g.epochGroupId, pageLimit) };
    }),
  );
  const previousP =
    N > 0n ? Promise.all(sortedModels.map(async (m) => ({ model: m, group: await Q.epochGroupData(r, N - 1n, m) }))) : Promise.resolve([]);
  // The settled epoch's own model subgroups (settlement aggregates their ml_nodes); mostly the cache.
  const settledGroup = E === N ? root : settledRoot;
  const settledSubsP = settledGroup
    ? Promise.all(settledGroup.subGroupModels.map(async (m) => ({ model: m, group: await Q.epochGroupData(r, E, m) })))
    : Promise.resolve([]);
  // v0.2.16: the PoC challenge record of every root member (CreatePoCChallenge targets live root members only).
  const challengesP = v16 ? Promise.all(sorted(root.validationWeights.map((vw) => vw.memberAddress)).map((a) => Q.pocChallenge(r, a))) : Promise.resolve([]);
  challengesP.catch(() => undefined); // awaited below
  const [rootLive, subGroups, previous, settledSubs] = await Promise.all([liveSet(r, root.epochGroupId, pageLimit), subGroupsP, previousP, settledSubsP]);

  // Round 4: the previous subgroups' members' summaries (deduplicated by the reader's cache).
  const prevMembers = sorted(previous.flatMap((p) => (p.group ? p.group.validationWeights.map((vw) => vw.memberAddress) : [])));
  const [prevSummaries, settledSummaries, settledParticipants, challengeRecords] = await Promise.all([
    Promise.all(prevMembers.map(async (a) => ({ a, s: await Q.performanceSummary(r, N - 1n, a) }))),
    settledSummariesP,
    settledParticipantsP,
    challengesP,
  ]);
  const challenges = challengeRecords.filter((c) => c !== undefined);
  const sampledAp = E === N ? active : sampledActive;

  // preserved slice
  const missingSub = subGroups.find((s) => !s.group);
  const byModel: JsonObject = {};
  if (!missingSub) {
    for (const s of subGroups) byModel[s.model] = { liveMembers: s.live, validationWeights: s.group!.validationWeights.map(subWeight) };
  }
  const previousEpochGroupData: JsonObject = {};
  for (const p of previous) if (p.group) previousEpochGroupData[p.model] = { validationWeights: p.group.validationWeights.map(subWeight) };
  const previousEpochPerformanceSummaries: JsonObject = {};
  for (const { a, s } of prevSummaries) if (s) previousEpochPerformanceSummaries[a] = { rewardedCoins: s.rewardedCoins };

  const preserved: JsonObject = {
    anchorHeight: options.anchorHeight ?? H,
    epoch: { index: N },
    genesisGuardianAddresses: params?.genesisGuardianParams?.guardianAddresses ?? [],
    liveSubGroups: missingSub ? { error: true, byModel: {} } : { error: false, byModel },
    params: params
      ? { error: false, epochParams: { pocSlotAllocation: dec(params.epochParams?.pocSlotAllocation) } }
      : { error: true },
    previousEpochGroupData,
    previousEpochPerformanceSummaries,
    rootGroup: {
      error: false,
      subGroupModels: models,
      validationWeights: root.validationWeights.map((vw) => ({ memberAddress: vw.memberAddress, weight: vw.weight, confirmationWeight: vw.confirmationWeight })),
      liveMembers: rootLive,
    },
  };
  if (v16) {
    preserved.activeParticipants = sampledAp ? trustWeightsJson(sampledAp) : null;
    // SameEpochChallengeTargets(N): a set in Go; sorted here
    preserved.pocChallengeTargets = sorted(challenges.filter((c) => c.epochIndex === N && c.target !== "").map((c) => c.target));
  }

  // settlement slice (the miss-test epoch input, src/misstest/epoch-input.ts): participants of
  // ActiveParticipants(E) in stored order with the counts settlement used (their summaries). A
  // participant without a summary was not settled (Go drops participants it cannot resolve): left out.
  const sHeight = E === N ? (upcomingRoot ? settlementHeight(E, N + 1n, upcomingRoot, params) : null) : settlementHeight(E, N, root, params);
  const settledWith = settledSummaries.filter((x) => x.s !== undefined);
  const settlement = settlementSlice({
    E,
    H,
    sHeight,
    params,
    grace,
    version,
    group: settledGroup,
    subgroups: settledSubs,
    summaries: settledSummaries,
    participants: settledParticipants,
    excluded: E === N ? excluded : (settledExcluded ?? []),
    tokenomics,
    genesisOnly,
    delegation,
    participantsRead: options.participants !== false,
  });
  const settlementOutcome: JsonObject = {};
  for (const { a, s } of settledWith) settlementOutcome[a] = { rewardedCoins: s!.rewardedCoins, earnedCoins: s!.earnedCoins, claimed: s!.claimed };

  // Consistency notes for the reader (nothing here changes a rule's input).
  const warnings: string[] = [];
  const liveRoot = new Set(rootLive);
  for (const x of excluded) {
    if (liveRoot.has(x.address)) warnings.push(`${x.address} is excluded in epoch ${N} (${x.reason || "no reason"}) but still a live member of the root group`);
  }
  const unresolved = settledSummaries.filter((x) => x.s === undefined).length;
  if (sHeight !== null && H < sHeight) warnings.push(`epoch ${E} settles at block ${sHeight}, after height ${H}: its settlement slice is not final`);
  else if (unresolved > 0) warnings.push(`${unresolved} of ${settled.length} participants of ActiveParticipants(${E}) have no performance summary (not settled); they are left out of the settlement slice`);
  if (sHeight !== null && H >= sHeight && settled.length > 0) {
    warnings.push(`epoch ${E} was settled at block ${sHeight} <= height ${H}: settlement reset its participants' coin balances, so chain.settlementParticipants[].coinBalance is not what it paid (pin --height ${sHeight - 1n} for that)`);
  }
  // The group of E+1: it becomes effective set_new_validators_delay blocks after S.
  const next = E === N ? upcomingRoot : root;
  const newValidators = sHeight !== null && next && params?.epochParams ? setNewValidators(next.pocStartBlockHeight, params.epochParams) : null;
  if (newValidators !== null && next && next.effectiveBlockHeight !== 0n && BigInt(next.effectiveBlockHeight) !== newValidators) {
    warnings.push(`epoch ${E + 1n} became effective at block ${next.effectiveBlockHeight}, not at S + set_new_validators_delay = ${newValidators}: the epoch params changed since; chain.settlementHeight may be off`);
  }
  if (!version.version) warnings.push(`chain version: ${version.detail}`);
  // Inside N+1's PoC, before N settles: the default epoch (N−1) is not the one about to settle.
  const sNext = upcomingRoot && params?.epochParams && upcomingRoot.pocStartBlockHeight !== 0n ? endOfPoCValidation(upcomingRoot.pocStartBlockHeight, params.epochParams) : null;
  if (E !== N && sNext !== null && H < sNext) {
    warnings.push(`epoch ${N} settles at block ${sNext}, after height ${H}: this snapshot's settlement slice is epoch ${E}; for epoch ${N}'s pre-settlement state pass --epoch ${N} (and pin --height ${sNext - 1n})`);
  }
  if (missingSub) warnings.push(`subgroup ${JSON.stringify(missingSub.model)} of epoch ${N} is missing: the keeper fails the live-subgroup read and the chain samples no preserved nodes`);

  const chain: JsonObject = {
    effectiveEpochIndex: N,
    epoch: epochRecord ? { index: epochRecord.index, pocStartBlockHeight: epochRecord.pocStartBlockHeight } : null,
    latestEpoch: info.latestEpoch ? { index: info.latestEpoch.index, pocStartBlockHeight: info.latestEpoch.pocStartBlockHeight } : null,
    rootGroup: { ...groupInfo(root), confirmationWeightScales: scalesJson(root, version), dynamicCoefficientParams: ifHas(version, "v0.2.16", dynamicParamsJson(root.dynamicCoefficientParams)) },
    subGroups: subGroups.map((s) => (s.group ? groupInfo(s.group) : { modelId: s.model, missing: true })),
    missingSubGroups: subGroups.filter((s) => !s.group).map((s) => s.model),
    params: paramsJson(params, version),
    confirmationPocEvents: events.map(eventJson),
    activeConfirmationPocEvent: activeEvent ? eventJson(activeEvent) : null,
    excludedParticipants: excluded.map((x) => ({ address: x.address, epochIndex: x.epochIndex, reason: x.reason, exclusionBlockHeight: x.exclusionBlockHeight })),
    activeParticipants: active
      ? { epochId: active.epochId, count: active.participants.length, createdAtBlockHeight: active.createdAtBlockHeight, pocStartBlockHeight: active.pocStartBlockHeight }
      : null,
    preservedNodesSnapshot: storedSnapshot ? preservedSnapshotJson(storedSnapshot) : null,
    // v0.2.16: the PoC challenge records of the root members (any epoch, any state); null before v0.2.16
    pocChallenges: v16 ? challenges.map(challengeJson) : null,
    settlementEpoch: E,
    settlementEpochGroup: settledRoot
      ? {
          ...groupInfo(settledRoot),
          validationWeights: rootWeights(settledRoot),
          confirmationWeightScales: scalesJson(settledRoot, version),
          dynamicCoefficientParams: ifHas(version, "v0.2.16", dynamicParamsJson(settledRoot.dynamicCoefficientParams)),
        }
      : null,
    // S = poc_start(E+1) + poc_stage_duration + poc_validation_delay + poc_validation_duration (with
    // the params at this height): settlement ran in EndBlock of S; its Params are those at S−1. The
    // epoch index flips set_new_validators_delay blocks later (EpochGroupData(E+1).effective_block_height).
    settlementHeight: sHeight,
    setNewValidatorsHeight: newValidators,
    settlementParticipants: options.participants === false ? null : settledParticipants.map(({ a, p }) => participantJson(a, p)),
    tokenomicsData: tokenomicsJson(tokenomics),
    genesisOnlyParams: genesisOnlyJson(genesisOnly),
    settlementOutcome,
    settlementUnresolved: settledSummaries.filter((x) => x.s === undefined).map((x) => x.a),
    queries: r.client.progress.done,
    warnings,
  };

  return {
    schema: SNAPSHOT_SCHEMA,
    version: SNAPSHOT_VERSION,
    chainId: options.chainId,
    height: String(r.height),
    fetchedAt: options.fetchedAt ?? new Date().toISOString(),
    source: "rpc",
    chainVersion: versionJson(version),
    preserved,
    settlement,
    chain,
  };
}
