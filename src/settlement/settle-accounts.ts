/** One epoch's settlement as the chain computes it, with every participant's weight path and zero causes. */
import { GoError } from "../go/errors.js";
import { settlementValidationParams } from "../misstest/grace-epoch.js";
import type { ChainDecimal } from "../go/chain-decimal.js";
import { Decimal } from "../go/decimal.js";
import type { DynamicP0Explanation } from "../misstest/get-dynamic-p0.js";
import { wrapUint64 } from "../go/int64.js";
import { atLeast, type ChainVersion } from "../versions/chain-version.js";
import type { EffectiveWeight } from "./effective-weight.js";
import { getBitcoinSettleAmounts, type SettleAmounts, type SupplyCapOutcome } from "./get-bitcoin-settle-amounts.js";
import type { PowerCappingResult } from "./apply-power-capping-for-weights.js";
import type { DelegationChange } from "./delegation-reward-transfers.js";
import type { Exclusion, ParticipantStatus, SettlementInput } from "./settlement-types.js";
import { participantMissTest, zeroCauses, type ParticipantMissTest, type ZeroCause } from "./zero-causes.js";
import { requireFamilyVersion } from "../versions/rule-families.js";

export interface SettledParticipant {
  address: string;
  status: ParticipantStatus;
  exclusion: Exclusion | null;
  rewardCoins: bigint;
  workCoins: bigint;
  /** full (denominator) → effective (confirmation rescale) → capped → after the miss test → reward weight. */
  weights: {
    validationWeight: bigint | null;
    full: bigint;
    confirmationWeight: bigint | null;
    effective: bigint | null;
    capped: bigint | null;
    afterDowntime: bigint;
    reward: bigint;
  };
  effectiveRule: EffectiveWeight["rule"] | null;
  rewardBeforeDebt: bigint;
  debtRecovered: bigint;
  coinBalance: bigint;
  missTest: ParticipantMissTest | null;
  /** Non-empty exactly when rewardCoins is 0. */
  zeroCauses: ZeroCause[];
  /** Whether SettleAccounts writes this participant's SettleAmount (what it can claim): see settleAmountWritten. */
  settleAmountWritten: boolean;
}

export interface Settlement {
  epoch: bigint;
  version: ChainVersion;
  epochsSinceGenesis: bigint;
  fixedEpochReward: bigint;
  fixedEpochRewardError: string | null;
  totalFullWeight: bigint;
  distributed: bigint;
  /** GovernanceAmount: fixed reward − distributed (capped at MaxInt64), what the gov module receives. */
  remainder: bigint;
  minted: bigint;
  useBitcoinRewards: boolean;
  capping: PowerCappingResult;
  dynamicP0: DynamicP0Explanation;
  /** The p0 source: the grace entry or the validation params. */
  graceEpochApplied: boolean;
  supplyCap: SupplyCapOutcome;
  delegationChanges: DelegationChange[];
  participants: SettledParticipant[];
}

/**
 * Mirrors the SettleAmount write loop of keeper.SettleAccounts (accountsettle.go@d8b8e907; ee730031): no
 * record for a row carrying ErrNegativeCoinBalance, nor when work + reward coins is 0. Before v0.2.14 that
 * sum is a wrapping uint64 add, so work + reward = 2^64 also writes nothing; from v0.2.14 a checked add
 * (a carry means a payment).
 */
export function settleAmountWritten(workCoins: bigint, rewardCoins: bigint, negativeBalanceError: boolean, version: ChainVersion): boolean {
  if (negativeBalanceError) return false;
  const sum = workCoins + rewardCoins;
  return atLeast(version, "v0.2.14") ? sum !== 0n : wrapUint64(sum) !== 0n;
}

/**
 * Mirrors the computing part of keeper.SettleAccounts (accountsettle.go@d8b8e907; bb2de824, bd1fd508,
 * 17808620, ee730031 by version): default validation params, the grace-epoch p0 override, then
 * GetBitcoinSettleAmounts; each participant's RewardCoins is what its EpochPerformanceSummary records.
 */
export interface SettleOptions {
  /**
   * Explain (miss-test verdict, zero causes) this address only; every other participant keeps its exact
   * coins and weights but `missTest: null` and no zero causes. For re-runs that ask about one participant.
   */
  explainOnly?: string;
}

export function settleAccounts(input: SettlementInput, version: ChainVersion, options: SettleOptions = {}): Settlement {
  requireFamilyVersion("settlement", version); // never older rules for a version the port cannot pin
  const vp = settlementValidationParams(input.validationParams, input.graceEpoch);
  let s: SettleAmounts;
  try {
    s = getBitcoinSettleAmounts(input, vp, version);
  } catch (e) {
    // SettleAccounts returns GetBitcoinSettleAmounts' error before minting; the chain logs an epoch_error.
    if (e instanceof GoError) throw new GoError(`the chain refuses to settle epoch ${input.epoch}: GetBitcoinSettleAmounts: ${e.message}; nothing is minted and nobody is paid`);
    throw e;
  }
  if (s.result.amount < 0n) {
    // SettleAccounts returns ErrNegativeRewardAmount before paying anyone; the chain logs an epoch_error.
    throw new GoError(
      `the chain refuses to settle epoch ${input.epoch}: the minted amount ${s.result.amount} is negative (fixed epoch reward ${s.fixedEpochReward} ngonka does not fit int64): ErrNegativeRewardAmount, nobody is paid`,
    );
  }
  const p0: ChainDecimal = s.dynamicP0.p0;
  const exclusions = new Map(input.exclusions.map((e) => [e.address, e] as const));
  const ctx = {
    p0,
    fixedEpochReward: s.fixedEpochReward,
    fixedEpochRewardError: s.fixedEpochRewardError,
    totalFullWeight: s.totalFullWeight,
    supplyCap: s.supplyCap,
    exclusions,
  };
  let distributed = 0n;
  let p0Decimal: Decimal | undefined;
  const participants = input.participants.map((p, i): SettledParticipant => {
    const r = s.participants[i]!;
    distributed += r.rewardCoins;
    const explain = options.explainOnly === undefined || options.explainOnly === p.address;
    const miss = explain ? participantMissTest(p, (p0Decimal ??= Decimal.fromChain(p0)), s.dynamicP0.skipPunishment) : null;
    return {
      address: p.address,
      status: p.status,
      exclusion: exclusions.get(p.address) ?? null,
      rewardCoins: r.rewardCoins,
      workCoins: r.workCoins,
      weights: {
        validationWeight: r.validationWeight,
        full: r.fullWeight,
        confirmationWeight: r.effective?.confirmationWeight ?? null,
        effective: r.effective?.weight ?? null,
        capped: r.cappedWeight,
        afterDowntime: r.weightAfterDowntime,
        reward: r.rewardWeight,
      },
      effectiveRule: r.effective?.rule ?? null,
      rewardBeforeDebt: r.rewardBeforeDebt,
      debtRecovered: r.debtRecovered,
      coinBalance: p.coinBalance,
      missTest: miss,
      zeroCauses: explain ? zeroCauses(p, r, miss, ctx) : [],
      settleAmountWritten: settleAmountWritten(r.workCoins, r.rewardCoins, r.negativeBalanceError, version),
    };
  });
  return {
    epoch: input.epoch,
    version,
    epochsSinceGenesis: s.epochsSinceGenesis,
    fixedEpochReward: s.fixedEpochReward,
    fixedEpochRewardError: s.fixedEpochRewardError,
    totalFullWeight: s.totalFullWeight,
    distributed,
    remainder: s.result.governanceAmount,
    minted: s.result.amount,
    useBitcoinRewards: input.bitcoinRewardParams?.useBitcoinRewards ?? false,
    capping: s.capping,
    dynamicP0: s.dynamicP0,
    graceEpochApplied: input.graceEpoch !== null && input.graceEpoch.binomTestP0 !== null,
    supplyCap: s.supplyCap,
    delegationChanges: s.delegationChanges,
    participants,
  };
}
