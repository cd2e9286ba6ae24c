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
 * Fields a chain version does not have on the wire are written as null (not as the zero a decoder
 * reads): EpochGroupData.confirmation_weight_scales before v0.2.13, PocParams.models before v0.2.12,
 * DevshardEscrowParams.max_nonce before v0.2.13 and fields 14–17 before v0.2.14.
 */
import { compareGoStrings } from "../go/bytes.js";
import type { Json } from "../go/json.js";
import { SNAPSHOT_SCHEMA, SNAPSHOT_VERSION, type JsonObject, type Snapshot } from "../snapshot/snapshot.js";
import { atLeast, type ChainVersion } from "../versions/chain-version.js";
import { readChainVersion, type NodeChainVersion } from "./applied-plan.js";
import type { PinnedReader } from "./client.js";
import { ChainError } from "./errors.js";
import type { Decimal, DelegationRewardTransferSnapshot, EpochGroupData, GenesisOnlyParams, MLNodeInfo, Params, Participant, PreservedNodesSnapshot, TokenomicsData, ValidationWeight } from "./gen/proto.js";
import * as Q from "./queries.js";
import { endOfPoCValidation, setNewValidators } from "./epoch-stages.js";

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

const dec = (d: Decimal | undefined): Json => (d === undefined ? null : { value: d.value, exponent: d.exponent });

function node(n: MLNodeInfo): JsonObject {
  return { nodeId: n.nodeId, pocWeight: n.pocWeight, throughput: n.throughput, timeslotAllocation: n.timeslotAllocation };
}

function subWeight(vw: ValidationWeight): JsonObject {
  return { memberAddress: vw.memberAddress, weight: vw.weight, confirmationWeight: vw.confirmationWeight, votingPower: vw.votingPower, mlNodes: vw.mlNodes.map(node) };
}

const sorted = (xs: Iterable<string>): string[] => [...new Set(xs)].sort(compareGoStrings);

/**
 * Whether a field that exists from version `min` on is on the wire at the node's version: true/false,
 * or undefined when the node's version is not known (no applied plan answered).
 */
function has(v: NodeChainVersion, min: ChainVersion): boolean | undefined {
  if (v.version) return atLeast(v.version, min);
  return v.plan ? false : undefined; // an applied plan older than every known version: none of them
}
/** `value` when the field exists at the node's version (or the version is unknown), else null. */
const ifHas = <T extends Json>(v: NodeChainVersion, min: ChainVersion, value: T): T | null => (has(v, min) === false ? null : value);

function paramsJson(p: Params | undefined, v: NodeChainVersion): JsonObject | null {
  if (!p) return null;
  const pp = p.pocParams;
  const ep = p.epochParams;
  const vp = p.validationParams;
  const de = p.devshardEscrowParams;
  const cp = p.confirmationPocParams;
  const br = p.bitcoinRewardParams;
  return {
    epochParams: ep
      ? {
          epochLength: ep.epochLength,
          epochMultiplier: ep.epochMultiplier,
          epochShift: ep.epochShift,
          pocStageDuration: ep.pocStageDuration,
          pocValidationDelay: ep.pocValidationDelay,
          pocValidationDuration: ep.pocValidationDuration,
          setNewValidatorsDelay: ep.setNewValidatorsDelay,
          inferenceValidationCutoff: ep.inferenceValidationCutoff,
          pocSlotAllocation: dec(ep.pocSlotAllocation),
          confirmationPocSafetyWindow: ep.confirmationPocSafetyWindow,
        }
      : null,
    validationParams: vp
      ? {
          missPercentageCutoff: dec(vp.missPercentageCutoff),
          missRequestsPenalty: dec(vp.missRequestsPenalty),
          binomTestP0: dec(vp.binomTestP0),
          claimValidationEnabled: vp.claimValidationEnabled,
        }
      : null,
    pocParams: pp
      ? {
          weightScaleFactor: dec(pp.weightScaleFactor),
          pocV2Enabled: pp.pocV2Enabled,
          confirmationPocV2Enabled: pp.confirmationPocV2Enabled,
          validationSlots: pp.validationSlots,
          // exact: coefficients above 2^53 stay bigints (written as bare JSON integers)
          models: ifHas(
            v,
            "v0.2.12",
            pp.models.map((m) => ({ modelId: m.modelId, seqLen: m.seqLen, weightScaleFactor: dec(m.weightScaleFactor), penaltyStartEpoch: m.penaltyStartEpoch })),
          ),
        }
      : null,
    bitcoinRewardParams: br
      ? {
          useBitcoinRewards: br.useBitcoinRewards,
          initialEpochReward: br.initialEpochReward,
          decayRate: dec(br.decayRate),
          genesisEpoch: br.genesisEpoch,
          utilizationBonusFactor: dec(br.utilizationBonusFactor),
          fullCoverageBonusFactor: dec(br.fullCoverageBonusFactor),
          partialCoverageBonusFactor: dec(br.partialCoverageBonusFactor),
        }
      : null,
    confirmationPocParams: cp
      ? {
          expectedConfirmationsPerEpoch: cp.expectedConfirmationsPerEpoch,
          alphaThreshold: dec(cp.alphaThreshold),
          slashFraction: dec(cp.slashFraction),
          upgradeProtectionWindow: cp.upgradeProtectionWindow,
        }
      : null,
    genesisGuardianAddresses: p.genesisGuardianParams?.guardianAddresses ?? [],
    devshardEscrowParams: de
      ? {
          minAmount: de.minAmount,
          maxAmount: de.maxAmount,
          maxEscrowsPerEpoch: de.maxEscrowsPerEpoch,
          groupSize: de.groupSize,
          tokenPrice: de.tokenPrice,
          maxNonce: ifHas(v, "v0.2.13", de.maxNonce),
          refusalTimeout: ifHas(v, "v0.2.14", de.refusalTimeout),
          executionTimeout: ifHas(v, "v0.2.14", de.executionTimeout),
          validationRate: ifHas(v, "v0.2.14", de.validationRate),
          voteThresholdFactor: ifHas(v, "v0.2.14", de.voteThresholdFactor),
        }
      : null,
  };
}

/** Root group weights as settlement reads them: weight and confirmation weight per member. */
function rootWeights(g: EpochGroupData): JsonObject[] {
  return g.validationWeights.map((vw) => ({ memberAddress: vw.memberAddress, weight: vw.weight, confirmationWeight: vw.confirmationWeight, reputation: vw.reputation }));
}

/** confirmation_weight_scales (field 19, from v0.2.13); null where the version has no such field. */
function scalesJson(g: EpochGroupData, v: NodeChainVersion): Json {
  return ifHas(
    v,
    "v0.2.13",
    g.confirmationWeightScales.map((c) => ({ modelId: c.modelId, weightScaleFactor: dec(c.weightScaleFactor) })),
  );
}

const STATUS = ["UNSPECIFIED", "ACTIVE", "INACTIVE", "INVALID", "RAMPING", "UNCONFIRMED"];

function participantJson(address: string, p: Participant | undefined): JsonObject {
  if (!p) return { address, found: false };
  const st = p.currentEpochStats;
  return {
    address,
    found: true,
    status: STATUS[p.status] ?? String(p.status),
    coinBalance: p.coinBalance,
    epochsCompleted: p.epochsCompleted,
    currentEpochStats: st
      ? { inferenceCount: st.inferenceCount, missedRequests: st.missedRequests, earnedCoins: st.earnedCoins, rewardedCoins: st.rewardedCoins, validatedInferences: st.validatedInferences, invalidatedInferences: st.invalidatedInferences }
      : null,
  };
}

function tokenomicsJson(t: TokenomicsData | undefined): JsonObject | null {
  return t ? { totalFees: t.totalFees, totalSubsidies: t.totalSubsidies, totalRefunded: t.totalRefunded, totalBurned: t.totalBurned } : null;
}

function genesisOnlyJson(g: GenesisOnlyParams | undefined): JsonObject | null {
  return g
    ? { totalSupply: g.totalSupply, originatorSupply: g.originatorSupply, standardRewardAmount: g.standardRewardAmount, preProgrammedSaleAmount: g.preProgrammedSaleAmount, supplyDenom: g.supplyDenom }
    : null;
}

function versionJson(v: NodeChainVersion): JsonObject {
  return { version: v.version, source: v.source, detail: v.detail, plan: v.plan, upgrades: v.upgrades.map((u) => ({ name: u.name, height: u.height })) };
}

function groupInfo(g: EpochGroupData): JsonObject {
  return {
    epochIndex: g.epochIndex,
    modelId: g.modelId,
    epochGroupId: g.epochGroupId,
    pocStartBlockHeight: g.pocStartBlockHeight,
    effectiveBlockHeight: g.effectiveBlockHeight,
    lastBlockHeight: g.lastBlockHeight,
    totalWeight: g.totalWeight,
    members: g.validationWeights.length,
  };
}

export function preservedSnapshotJson(s: PreservedNodesSnapshot): JsonObject {
  return {
    episodeAnchorHeight: s.episodeAnchorHeight,
    modelPreservedNodes: s.modelPreservedNodes.map((m) => ({
      modelId: m.modelId,
      participants: m.participants.map((p) => ({ participantId: p.participantId, nodeIds: p.nodeIds })),
    })),
  };
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

  // Round 2: the effective epoch's root group and everything indexed by epoch.
  const [root, epochRecord, events, excluded, grace, active, settledRoot, settledExcluded, upcomingRoot] = await Promise.all([
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
  const [rootLive, subGroups, previous, settledSubs] = await Promise.all([liveSet(r, root.epochGroupId, pageLimit), subGroupsP, previousP, settledSubsP]);

  // Round 4: the previous subgroups' members' summaries (deduplicated by the reader's cache).
  const prevMembers = sorted(previous.flatMap((p) => (p.group ? p.group.validationWeights.map((vw) => vw.memberAddress) : [])));
  const [prevSummaries, settledSummaries, settledParticipants] = await Promise.all([
    Promise.all(prevMembers.map(async (a) => ({ a, s: await Q.performanceSummary(r, N - 1n, a) }))),
    settledSummariesP,
    settledParticipantsP,
  ]);

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
    rootGroup: { ...groupInfo(root), confirmationWeightScales: scalesJson(root, version) },
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
    settlementEpoch: E,
    settlementEpochGroup: settledRoot
      ? { ...groupInfo(settledRoot), validationWeights: rootWeights(settledRoot), confirmationWeightScales: scalesJson(settledRoot, version) }
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

interface SettlementReads {
  E: bigint;
  H: bigint;
  sHeight: bigint | null;
  params: Params | undefined;
  grace: { binomTestP0: Decimal | undefined; upgradeProtectionWindow: bigint } | undefined;
  version: NodeChainVersion;
  group: EpochGroupData | undefined;
  subgroups: { model: string; group: EpochGroupData | undefined }[];
  summaries: { a: string; s: { inferenceCount: bigint; missedRequests: bigint; rewardedCoins: bigint } | undefined }[];
  participants: { a: string; p: Participant | undefined }[];
  excluded: { address: string; reason: string; exclusionBlockHeight: bigint }[];
  tokenomics: TokenomicsData | undefined;
  genesisOnly: GenesisOnlyParams | undefined;
  delegation: DelegationRewardTransferSnapshot | undefined;
  /** false: Participant records were not asked for (BuildSnapshotOptions.participants). */
  participantsRead: boolean;
}

/**
 * The `settlement` slice (src/settlement/settlement-input.ts): everything SettleAccounts reads for epoch
 * E, each read at the pinned height, with every approximation that height implies named in
 * `reward.assumptions`. Participants: ActiveParticipants(E) in stored order; counts from their
 * EpochPerformanceSummary (exactly what settlement used) or, before S, their live current_epoch_stats.
 */
function settlementSlice(x: SettlementReads): JsonObject {
  const { E, H, sHeight, params } = x;
  const assumptions: JsonObject[] = [];
  const before = sHeight !== null && H < sHeight;
  const summary = new Map(x.summaries.map(({ a, s }) => [a, s]));
  const record = new Map(x.participants.map(({ a, p }) => [a, p]));
  const rows: JsonObject[] = [];
  let live = 0;
  let missing = 0;
  for (const { a } of x.summaries) {
    const s = summary.get(a);
    const p = record.get(a);
    let stats: JsonObject | null;
    if (s) stats = { inferenceCount: s.inferenceCount, missedRequests: s.missedRequests };
    else if (before && p?.currentEpochStats) {
      stats = { inferenceCount: p.currentEpochStats.inferenceCount, missedRequests: p.currentEpochStats.missedRequests };
      live++;
    } else continue; // settled without a summary: not settled (Go could not resolve it)
    if (!p) missing++;
    rows.push({ address: a, status: p ? (STATUS[p.status] ?? "UNSPECIFIED") : "ACTIVE", coinBalance: p ? p.coinBalance : 0n, currentEpochStats: stats });
  }
  if (live > 0) {
    assumptions.push({ input: "participants[].currentEpochStats", assumption: `epoch ${E} settles at block ${sHeight}, after height ${H}: the live current_epoch_stats at ${H}, not yet the counts settlement will use`, flag: "--height", rowsAffected: live });
  }
  if (sHeight !== null && H >= sHeight && rows.length > 0) {
    assumptions.push({ input: "participants[].coinBalance", assumption: `read at height ${H}, after settlement at block ${sHeight} reset every balance to 0; pin --height ${sHeight - 1n} for the balances it paid`, flag: "--height", rowsAffected: rows.length });
  }
  if (missing > 0) {
    const why = x.participantsRead ? `no Participant record at height ${H}` : "Participant records not read";
    assumptions.push({ input: "participants[].status", assumption: `${why}: taken as ACTIVE with coin balance 0`, rowsAffected: missing });
  }
  if (sHeight !== null && H !== sHeight - 1n) {
    assumptions.push({ input: "params", assumption: `validation, bitcoin reward, PoC model and collateral params read at height ${H}; settlement read those of block ${sHeight - 1n} (they differ only if governance changed them in between)`, flag: "--height", rowsAffected: 0 });
  }
  // v0.2.14: GetDelegationRewardTransfersForEpoch / PenaltiesForEpoch read the singleton snapshot and
  // apply it only when its epoch_index is E; absent → none.
  const d = x.delegation;
  const delegationApplies = has(x.version, "v0.2.14") !== false && d !== undefined && d.epochIndex === E;
  if (has(x.version, "v0.2.14") !== false) {
    if (d !== undefined && d.epochIndex !== E) {
      assumptions.push({ input: "reward.delegationRewardTransfers", assumption: `the delegation reward snapshot stored at height ${H} is for epoch ${d.epochIndex}, not ${E} (overwritten or not yet written): taken as none`, flag: "--height", rowsAffected: 0 });
    } else if (d === undefined && sHeight !== null && H !== sHeight - 1n) {
      assumptions.push({ input: "reward.delegationRewardTransfers", assumption: `no delegation reward snapshot stored at height ${H}: taken as none (exact at height ${sHeight - 1n})`, flag: "--height", rowsAffected: 0 });
    }
  }
  let settleParameters: JsonObject | null = null;
  const g = x.genesisOnly;
  if (x.tokenomics && g) {
    // NormalizeCoin(NewInt64Coin(supply_denom, standard_reward_amount)): ngonka is the base denom already.
    if (g.supplyDenom === "ngonka") settleParameters = { totalSubsidyPaid: BigInt.asIntN(64, x.tokenomics.totalSubsidies), totalSubsidySupply: g.standardRewardAmount };
    else assumptions.push({ input: "reward.settleParameters", assumption: `supply denom ${JSON.stringify(g.supplyDenom)} is not ngonka: the supply cap is not converted (taken as not reached)`, rowsAffected: 0 });
  } else {
    assumptions.push({ input: "reward.settleParameters", assumption: `${x.tokenomics ? "GenesisOnlyParams" : "TokenomicsData"} not found at height ${H}: the supply cap is taken as not reached`, rowsAffected: 0 });
  }
  const br = params?.bitcoinRewardParams;
  const grp = x.group;
  const scales = grp && has(x.version, "v0.2.13") !== false ? grp.confirmationWeightScales : [];
  return {
    epoch: E,
    validationParams: params?.validationParams ? { binomTestP0: dec(params.validationParams.binomTestP0) } : null,
    graceEpoch: x.grace ? { binomTestP0: dec(x.grace.binomTestP0), upgradeProtectionWindow: x.grace.upgradeProtectionWindow } : null,
    participants: rows,
    reward: {
      bitcoinRewardParams: br ? { initialEpochReward: br.initialEpochReward, decayRate: dec(br.decayRate), genesisEpoch: br.genesisEpoch, useBitcoinRewards: br.useBitcoinRewards } : null,
      validationWeights: grp ? grp.validationWeights.map((vw) => ({ memberAddress: vw.memberAddress, weight: vw.weight, confirmationWeight: vw.confirmationWeight, mlNodes: vw.mlNodes.map(node) })) : [],
      subgroups: x.subgroups
        .filter((s) => s.group)
        .map((s) => ({ modelId: s.model, validationWeights: s.group!.validationWeights.map((vw) => ({ memberAddress: vw.memberAddress, mlNodes: vw.mlNodes.map(node) })) })),
      confirmationWeightScales: scales.map((c) => ({ modelId: c.modelId, weightScaleFactor: dec(c.weightScaleFactor) })),
      pocModelScales: (params?.pocParams?.models ?? []).map((m) => ({ modelId: m.modelId, weightScaleFactor: dec(m.weightScaleFactor) })),
      collateralGracePeriodEndEpoch: params?.collateralParams ? params.collateralParams.gracePeriodEndEpoch : null,
      settleParameters,
      delegationRewardTransfers: delegationApplies ? d!.transfers.map((t) => ({ from: t.from, to: t.to, modelId: t.modelId, share: dec(t.share) })) : [],
      delegationRewardPenalties: delegationApplies ? d!.penalties.map((p) => ({ participant: p.participant, penaltyFraction: dec(p.penaltyFraction) })) : [],
      exclusions: x.excluded.map((e) => ({ address: e.address, reason: e.reason, exclusionBlockHeight: e.exclusionBlockHeight })),
      settlementHeight: sHeight,
      assumptions,
    },
  };
}

/**
 * The block whose EndBlock settled epoch E (SettleAccounts runs in onEndOfPoCValidationStage), from
 * E+1's PoC start (root(N).poc_start_block_height with N = E+1) and the epoch params at this height.
 */
export function settlementHeight(E: bigint, N: bigint, root: EpochGroupData, params: Params | undefined): bigint | null {
  const ep = params?.epochParams;
  if (E + 1n !== N || !ep || root.pocStartBlockHeight === 0n) return null;
  return endOfPoCValidation(root.pocStartBlockHeight, ep);
}


function eventJson(e: { epochIndex: bigint; eventSequence: bigint; triggerHeight: bigint; generationStartHeight: bigint; phase: number; pocSeedBlockHash: string }): JsonObject {
  const phases = ["INACTIVE", "GRACE_PERIOD", "GENERATION", "VALIDATION", "COMPLETED"];
  return {
    epochIndex: e.epochIndex,
    eventSequence: e.eventSequence,
    triggerHeight: e.triggerHeight,
    generationStartHeight: e.generationStartHeight,
    phase: phases[e.phase] ?? String(e.phase),
    pocSeedBlockHash: e.pocSeedBlockHash,
  };
}
