/** The settlement input as the ported functions read it (parsed by settlement-input.ts). */
import type { ChainDecimal } from "../go/chain-decimal.js";
import type { GraceEpochParams } from "../misstest/grace-epoch.js";
import type { ValidationParams } from "../misstest/get-dynamic-p0.js";

/** types.ParticipantStatus names (the enum of x/inference). */
export const PARTICIPANT_STATUSES = ["UNSPECIFIED", "ACTIVE", "INACTIVE", "INVALID", "RAMPING", "UNCONFIRMED"] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** types.Participant as settlement reads it. */
export interface SettlementParticipant {
  address: string;
  status: ParticipantStatus;
  /** int64: positive → work coins; negative → a debt taken from the reward. */
  coinBalance: bigint;
  /** The epoch's counters (null = Go's nil pointer: getDynamicP0 skips it, the punishment panics). */
  currentEpochStats: { inferenceCount: bigint; missedRequests: bigint } | null;
}

/** types.MLNodeInfo (the fields settlement reads). */
export interface SettlementMLNode {
  nodeId: string;
  pocWeight: bigint;
  throughput: bigint;
  timeslotAllocation: boolean[];
}

/** A root EpochGroupData validation weight. */
export interface RootValidationWeight {
  memberAddress: string;
  weight: bigint;
  confirmationWeight: bigint;
  /** The root's own ml_nodes (v0.2.10/11 fall back to them when no subgroup lists the participant's nodes). */
  mlNodes: (SettlementMLNode | null)[];
}

/** A per-model EpochGroupData of the same epoch: its members' nodes. */
export interface ModelSubgroup {
  modelId: string;
  validationWeights: { memberAddress: string; mlNodes: (SettlementMLNode | null)[] }[];
}

/**
 * A (model, weight scale factor) pair: PocParams.models[] (v0.2.12) or EpochGroupData.confirmation_weight_scales
 * (v0.2.13+); from v0.2.16 a confirmation scale also carries the controller's effective coefficient (field 3)
 * and its exclusion flag (field 8), read by settlement (absent: Go's nil and false).
 */
export interface ModelScale {
  modelId: string;
  weightScaleFactor: ChainDecimal | null;
  effectiveCoefficient?: ChainDecimal | null;
  excludeFromConfirmation?: boolean;
}

/** types.BitcoinRewardParams (the fields settlement reads). */
export interface BitcoinRewardParams {
  initialEpochReward: bigint;
  decayRate: ChainDecimal | null;
  genesisEpoch: bigint;
  useBitcoinRewards: boolean;
}

/** keeper.SettleParameters: subsidies already paid and the supply cap (int64). */
export interface SettleParameters {
  totalSubsidyPaid: bigint;
  totalSubsidySupply: bigint;
}

/** types.DelegationRewardTransfer (v0.2.14). */
export interface DelegationRewardTransfer {
  from: string;
  to: string;
  modelId: string;
  share: ChainDecimal | null;
}

/** types.DelegationRewardPenalty (v0.2.14). */
export interface DelegationRewardPenalty {
  participant: string;
  penaltyFraction: ChainDecimal | null;
}

/**
 * The exclusion reasons the chain writes in an ExcludedParticipant record (calculations.ParticipantStatusReason),
 * each with the status it leaves: INVALID for the invalidation tests, INACTIVE for downtime and a failed
 * confirmation PoC.
 */
export const EXCLUSION_REASON_STATUS: Readonly<Record<string, "INVALID" | "INACTIVE">> = Object.freeze({
  consecutive_failures: "INVALID",
  statistical_invalidations: "INVALID",
  invalidated: "INVALID",
  downtime: "INACTIVE",
  failed_confirmation_poc: "INACTIVE",
});

/** An ExcludedParticipant record (read only to explain a non-active status). */
export interface Exclusion {
  address: string;
  reason: string;
  exclusionBlockHeight: bigint;
}

/** Everything SettleAccounts reads for one epoch. */
export interface SettlementInput {
  epoch: bigint;
  /** GetActiveParticipants(E) resolved to Participant records, in stored order. */
  participants: SettlementParticipant[];
  validationWeights: RootValidationWeight[];
  subgroups: ModelSubgroup[];
  /** EpochGroupData.confirmation_weight_scales (v0.2.13+; empty = none). */
  confirmationWeightScales: ModelScale[];
  /** Params.poc_params.models[].weight_scale_factor (read by v0.2.12's rescale). */
  pocModelScales: ModelScale[];
  /** Params.collateral_params.grace_period_end_epoch (read by v0.2.11's rescale; null = no collateral params). */
  collateralGracePeriodEndEpoch: bigint | null;
  bitcoinRewardParams: BitcoinRewardParams | null;
  /** Params.validation_params (null = the chain's defaults). */
  validationParams: ValidationParams | null;
  graceEpoch: GraceEpochParams | null;
  /** null = unknown: the supply cap is taken as not reached (named as an assumption). */
  settleParameters: SettleParameters | null;
  delegationRewardTransfers: DelegationRewardTransfer[];
  delegationRewardPenalties: DelegationRewardPenalty[];
  exclusions: Exclusion[];
}
