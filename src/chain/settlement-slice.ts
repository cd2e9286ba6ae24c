/**
 * The snapshot's settlement slice from the reads buildSnapshot made at one height (what SettleAccounts
 * reads for an epoch E, with every approximation the height implies named), and the block that settled E.
 */
import type { JsonObject } from "../snapshot/snapshot.js";
import type { NodeChainVersion } from "./applied-plan.js";
import type { Decimal, DelegationRewardTransferSnapshot, EpochGroupData, GenesisOnlyParams, Params, Participant, TokenomicsData } from "./gen/proto.js";
import { endOfPoCValidation } from "./epoch-stages.js";
import { STATUS, dec, has, node } from "./snapshot-json.js";


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
export function settlementSlice(x: SettlementReads): JsonObject {
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
      // v0.2.16 settlement reads each scale's effective coefficient (field 3) and exclusion (field 8); not on an older node's wire
      confirmationWeightScales: scales.map((c): JsonObject =>
        has(x.version, "v0.2.16") !== false
          ? { modelId: c.modelId, weightScaleFactor: dec(c.weightScaleFactor), effectiveCoefficient: dec(c.effectiveCoefficient), excludeFromConfirmation: c.excludeFromConfirmation }
          : { modelId: c.modelId, weightScaleFactor: dec(c.weightScaleFactor) },
      ),
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
