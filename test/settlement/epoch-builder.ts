/** A small settlement epoch for the settlement tests that build one by hand (zero causes, the weight trace). */
import type { SettlementInput, SettlementParticipant } from "../../src/settlement/settlement-types.js";

export const M = "Qwen/QwQ-32B";
export interface P { address: string; weight?: bigint | null; cw?: bigint; nodes?: bigint[]; preserved?: boolean; status?: SettlementParticipant["status"]; balance?: bigint; stats?: [bigint, bigint] | null }

/** An epoch of 1,000,000 ngonka with the given participants (weight 1,000 and confirmation 1,000 unless said). */
export function epoch(ps: P[], more: Partial<SettlementInput> = {}): SettlementInput {
  return {
    epoch: 300n,
    participants: ps.map((p) => ({ address: p.address, status: p.status ?? "ACTIVE", coinBalance: p.balance ?? 0n, currentEpochStats: p.stats === null ? null : { inferenceCount: p.stats?.[0] ?? 100n, missedRequests: p.stats?.[1] ?? 0n } })),
    validationWeights: ps.flatMap((p) => (p.weight === null ? [] : [{ memberAddress: p.address, weight: p.weight ?? 1000n, confirmationWeight: p.cw ?? 1000n, mlNodes: [] }])),
    subgroups: [{ modelId: M, validationWeights: ps.map((p) => ({ memberAddress: p.address, mlNodes: (p.nodes ?? [1000n]).map((w, j) => ({ nodeId: `n${j}`, pocWeight: w, throughput: 0n, timeslotAllocation: [true, p.preserved ?? false] })) })) }],
    confirmationWeightScales: [{ modelId: M, weightScaleFactor: { value: 1n, exponent: 0 } }],
    pocModelScales: [{ modelId: M, weightScaleFactor: { value: 1n, exponent: 0 } }],
    collateralGracePeriodEndEpoch: null,
    bitcoinRewardParams: { initialEpochReward: 1_000_000n, decayRate: { value: 0n, exponent: 0 }, genesisEpoch: 0n, useBitcoinRewards: true },
    validationParams: { binomTestP0: { value: 1n, exponent: -1 } },
    graceEpoch: null,
    settleParameters: null,
    delegationRewardTransfers: [],
    delegationRewardPenalties: [],
    exclusions: [],
    ...more,
  };
}
