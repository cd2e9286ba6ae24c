/** The epoch's reward distribution: full weights, confirmation rescale, power cap, miss test, coins, debt, remainder. */
import { GoError } from "../go/errors.js";
import { INT64_MAX, UINT64_MAX, wrapInt64, wrapUint64 } from "../go/int64.js";
import { explainDynamicP0, type DynamicP0Explanation } from "../misstest/get-dynamic-p0.js";
import { checkAndPunishForDowntimeForParticipants } from "../misstest/check-and-punish-for-downtime.js";
import { legacyDecOrOne } from "../preserved/coefficient-adjusted-weight.js";
import { atLeast, type ChainVersion } from "../versions/chain-version.js";
import { aggregateMLNodesFromModelSubgroups } from "./aggregate-ml-nodes-from-model-subgroups.js";
import { applyPowerCappingForWeights, type PowerCappingResult } from "./apply-power-capping-for-weights.js";
import { calculateFixedEpochReward } from "./calculate-fixed-epoch-reward.js";
import { confirmationCoefficientsV0216, confirmationWeightCoefficients } from "./confirmation-weight-scales.js";
import { toLegacyDecExponentBound } from "./to-legacy-dec-exponent-bound.js";
import { applyDelegationRewardPenalties, applyDelegationRewardTransfers, type DelegationChange } from "./delegation-reward-transfers.js";
import { effectiveWeight, type EffectiveWeight, type EffectiveWeightContext } from "./effective-weight.js";
import type { ValidationParams } from "../misstest/get-dynamic-p0.js";
import type { RootValidationWeight, SettlementInput, SettlementParticipant } from "./settlement-types.js";
import type { LegacyDec } from "../go/legacy-dec.js";

/** One participant's way through the distribution. */
export interface ParticipantReward {
  address: string;
  status: SettlementParticipant["status"];
  /** The root validation weight entry's weight, or null when the participant has none. */
  validationWeight: bigint | null;
  /** The full weight counted in the denominator (0 without a positive validation weight). */
  fullWeight: bigint;
  /** The confirmation step (null: no positive validation weight, or not ACTIVE). */
  effective: EffectiveWeight | null;
  /** After power capping (null when not in the capped list). */
  cappedWeight: bigint | null;
  /** The reward weight entering the miss test (0 for those outside the capped list). */
  weightBeforeDowntime: bigint;
  /** After the miss test. */
  weightAfterDowntime: bigint;
  /** After v0.2.14's delegation penalties and transfers (same as after downtime before v0.2.14). */
  rewardWeight: bigint;
  /** floor(rewardWeight × fixed reward ÷ total full weight) before any debt. */
  rewardBeforeDebt: bigint;
  /** The debt taken from the reward (negative coin balance). */
  debtRecovered: bigint;
  /** Coin balance below zero and larger than the reward (Go's ErrNegativeCoinBalance: no SettleAmount written). */
  negativeBalanceError: boolean;
  rewardCoins: bigint;
  workCoins: bigint;
}

export interface BitcoinResult {
  /** The fixed epoch reward minted (int64). */
  amount: bigint;
  epochNumber: bigint;
  decayApplied: boolean;
  /** Undistributed: sent to the gov module when use_bitcoin_rewards. */
  governanceAmount: bigint;
}

export interface RewardDistribution {
  version: ChainVersion;
  epochsSinceGenesis: bigint;
  fixedEpochReward: bigint;
  /** Why the fixed reward is 0 when CalculateFixedEpochReward returned an error. */
  fixedEpochRewardError: string | null;
  totalFullWeight: bigint;
  capping: PowerCappingResult;
  dynamicP0: DynamicP0Explanation;
  /**
   * Who failed the miss test (v0.2.16's BitcoinResult.FailedMissRate, which sets their next-epoch trust
   * baseline P_N to 0); null when the outage circuit breaker skipped the test. Computed at every version.
   */
  failedMissRate: Set<string> | null;
  delegationChanges: DelegationChange[];
  participants: ParticipantReward[];
  totalDistributed: bigint;
  result: BitcoinResult;
}

/** Go's map lookup `for _, vw := range ValidationWeights { if addr == … { break } }`: the first entry. */
function firstValidationWeight(vws: readonly RootValidationWeight[]): Map<string, RootValidationWeight> {
  const m = new Map<string, RootValidationWeight>();
  for (const vw of vws) if (!m.has(vw.memberAddress)) m.set(vw.memberAddress, vw);
  return m;
}

function coefficientsOf(scales: SettlementInput["pocModelScales"], maxExponentAbs: number | null): Map<string, LegacyDec> {
  const m = new Map<string, LegacyDec>();
  for (const s of scales) if (s.modelId !== "") m.set(s.modelId, legacyDecOrOne(s.weightScaleFactor, maxExponentAbs));
  return m;
}

/**
 * Mirrors keeper.CalculateParticipantBitcoinRewards (bitcoin_rewards.go@d8b8e907; version switches for
 * bb2de824, bd1fd508, 17808620 and ee730031's CalculateParticipantBitcoinRewardsWithTransfers).
 * `validationParams` is what SettleAccounts passes: the params at the settlement block with the grace
 * override applied (see misstest settlementValidationParams).
 */
export function calculateParticipantBitcoinRewards(input: SettlementInput, validationParams: ValidationParams, version: ChainVersion): RewardDistribution {
  if (input.participants.length === 0) throw new GoError("participants cannot be nil"); // nil exactly when empty on chain
  const bp = input.bitcoinRewardParams;
  if (bp === null) throw new GoError("bitcoin parameters cannot be nil");
  const currentEpoch = input.epoch;
  const epochsSinceGenesis = wrapUint64(currentEpoch - bp.genesisEpoch);

  let fixedEpochReward = 0n;
  let fixedEpochRewardError: string | null = null;
  try {
    fixedEpochReward = calculateFixedEpochReward(epochsSinceGenesis, bp.initialEpochReward, bp.decayRate);
  } catch (e) {
    if (!(e instanceof GoError)) throw e;
    fixedEpochRewardError = e.message; // Go logs it and pays no reward (work coins still paid)
  }

  const vwByAddress = firstValidationWeight(input.validationWeights);
  const exponentBound = toLegacyDecExponentBound(version);
  const ctx: EffectiveWeightContext = {
    version,
    epoch: currentEpoch,
    participantMLNodes: aggregateMLNodesFromModelSubgroups(input.subgroups, input.validationWeights),
    collateralGracePeriodEndEpoch: input.collateralGracePeriodEndEpoch,
    pocCoefficients: coefficientsOf(input.pocModelScales, exponentBound),
    confirmationCoefficients: atLeast(version, "v0.2.16") ? confirmationCoefficientsV0216(input.confirmationWeightScales) : confirmationWeightCoefficients(input.confirmationWeightScales, exponentBound),
    hasConfirmationScales: input.confirmationWeightScales.length > 0,
  };

  const weights = new Map<string, bigint>();
  const fullWeights = new Map<string, bigint>();
  const rows = new Map<string, ParticipantReward>();
  const toCap: { index: string; weight: bigint }[] = [];
  for (const p of input.participants) {
    const vw = vwByAddress.get(p.address);
    const row: ParticipantReward = {
      address: p.address,
      status: p.status,
      validationWeight: vw === undefined ? null : vw.weight,
      fullWeight: 0n,
      effective: null,
      cappedWeight: null,
      weightBeforeDowntime: 0n,
      weightAfterDowntime: 0n,
      rewardWeight: 0n,
      rewardBeforeDebt: 0n,
      debtRecovered: 0n,
      negativeBalanceError: false,
      rewardCoins: 0n,
      workCoins: 0n,
    };
    rows.set(p.address, row);
    if (vw === undefined || vw.weight <= 0n) {
      weights.set(p.address, 0n);
      fullWeights.set(p.address, 0n);
      continue;
    }
    const fullWeight = vw.weight;
    fullWeights.set(p.address, fullWeight);
    row.fullWeight = fullWeight;
    if (p.status !== "ACTIVE") {
      weights.set(p.address, 0n);
      continue;
    }
    const eff = effectiveWeight(vw, fullWeight, ctx);
    row.effective = eff;
    toCap.push({ index: p.address, weight: eff.weight });
  }

  const capping = applyPowerCappingForWeights(toCap, version);
  for (const c of capping.participants) {
    const w = c.weight < 0n ? 0n : c.weight;
    weights.set(c.index, w);
    const row = rows.get(c.index);
    if (row !== undefined) row.cappedWeight = c.weight;
  }

  let totalFullWeight = 0n;
  for (const w of fullWeights.values()) totalFullWeight = wrapUint64(totalFullWeight + w);
  for (const row of rows.values()) row.weightBeforeDowntime = weights.get(row.address) ?? 0n;

  const missParticipants = input.participants.map((p) => ({ address: p.address, currentEpochStats: p.currentEpochStats }));
  const dynamicP0 = explainDynamicP0(missParticipants, validationParams);
  // v0.2.16 returns the failed set (P_N = 0 for them next epoch); the test is the same at every version.
  const failedMissRate = dynamicP0.skipPunishment ? null : checkAndPunishForDowntimeForParticipants(missParticipants, weights, dynamicP0.p0);
  for (const row of rows.values()) row.weightAfterDowntime = weights.get(row.address) ?? 0n;

  const delegationChanges: DelegationChange[] = [];
  if (atLeast(version, "v0.2.14")) {
    applyDelegationRewardPenalties(weights, input.delegationRewardPenalties, delegationChanges, exponentBound);
    applyDelegationRewardTransfers(weights, input.delegationRewardTransfers, delegationChanges, exponentBound);
  }

  let totalDistributed = 0n;
  const ordered: ParticipantReward[] = [];
  const used = new Set<string>();
  for (const p of input.participants) {
    // A repeated address shares Go's map entries but gets its own row (its own balance and status).
    const shared = rows.get(p.address)!;
    const row = used.has(p.address) ? { ...shared } : shared;
    used.add(p.address);
    row.rewardWeight = weights.get(p.address) ?? 0n;
    row.workCoins = p.coinBalance > 0n && p.status === "ACTIVE" ? p.coinBalance : 0n;
    let reward = 0n;
    if (p.status === "ACTIVE" && totalFullWeight > 0n && row.rewardWeight > 0n) {
      const q = (row.rewardWeight * fixedEpochReward) / totalFullWeight;
      // Beyond uint64: MaxUint64 before v0.2.14, MaxInt64 from v0.2.14.
      reward = q <= UINT64_MAX ? q : atLeast(version, "v0.2.14") ? INT64_MAX : UINT64_MAX;
      totalDistributed = wrapUint64(totalDistributed + reward);
    }
    row.rewardBeforeDebt = reward;
    // Each row carries its own debt outcome (a repeated address must not inherit the first row's error).
    row.debtRecovered = 0n;
    row.negativeBalanceError = false;
    if (p.coinBalance < 0n) {
      const debt = wrapUint64(wrapInt64(-p.coinBalance));
      if (reward >= debt) {
        reward -= debt;
        row.debtRecovered = debt;
        totalDistributed = wrapUint64(totalDistributed - debt);
      } else {
        totalDistributed = wrapUint64(totalDistributed - reward);
        row.debtRecovered = reward;
        reward = 0n;
        row.negativeBalanceError = true;
      }
    }
    row.rewardCoins = reward;
    ordered.push(row);
  }

  let remainder = wrapUint64(fixedEpochReward - totalDistributed);
  if (fixedEpochReward < totalDistributed) remainder = 0n;
  if (remainder > INT64_MAX) remainder = INT64_MAX;

  return {
    version,
    epochsSinceGenesis,
    fixedEpochReward,
    fixedEpochRewardError,
    totalFullWeight,
    capping,
    dynamicP0,
    failedMissRate,
    delegationChanges,
    participants: ordered,
    totalDistributed,
    result: { amount: wrapInt64(fixedEpochReward), epochNumber: currentEpoch, decayApplied: epochsSinceGenesis > 0n, governanceAmount: remainder },
  };
}
