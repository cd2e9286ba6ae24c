/**
 * Fixture chain state for the loopback node (tests and bench/chain.js): the x/inference and x/group
 * records the snapshot reads, as plain objects of the generated proto types, plus a builder from a
 * preserved-set state object (the snapshot's `preserved` slice / the vectors' `input`).
 */
import type { Json } from "../go/json.js";
import type {
  ActiveParticipants,
  DelegationRewardTransferSnapshot,
  DevshardEscrow,
  ConfirmationPoCEvent,
  Epoch,
  EpochGroupData,
  EpochPerformanceSummary,
  ExcludedParticipant,
  GenesisOnlyParams,
  GraceEpochParams,
  MLNodeInfo,
  Params,
  Participant,
  PoCChallenge,
  PreservedNodesSnapshot,
  TokenomicsData,
  ValidationWeight,
} from "../chain/gen/proto.js";
import { UPGRADE_PLAN_NAMES } from "../chain/applied-plan.js";
import { LATEST_CHAIN_VERSION, type ChainVersion } from "../versions/chain-version.js";

/** ValidationParams' status-test fields left out (the fixtures that exercise status set them). */
const NO_STATUS_PARAMS = {
  falsePositiveRate: undefined,
  invalidReputationPreserve: undefined,
  badParticipantInvalidationRate: undefined,
  invalidationHThreshold: undefined,
  downtimeGoodPercentage: undefined,
  downtimeBadPercentage: undefined,
  downtimeHThreshold: undefined,
  downtimeReputationPreserve: undefined,
  quickFailureThreshold: undefined,
};

export interface FixtureChainState {
  params: Partial<Params> | undefined;
  /** EffectiveEpochIndex; undefined = the chain has none (GetCurrentEpoch NotFound). */
  effectiveEpoch: bigint | undefined;
  epochs: Epoch[];
  groups: Partial<EpochGroupData>[];
  /** x/group members by group id. */
  groupMembers: Map<bigint, string[]>;
  summaries: Partial<EpochPerformanceSummary>[];
  activeParticipants: Map<bigint, Partial<ActiveParticipants>>;
  grace: Map<bigint, Partial<GraceEpochParams>>;
  preservedSnapshot: PreservedNodesSnapshot | undefined;
  cpocEvents: ConfirmationPoCEvent[];
  activeEvent: ConfirmationPoCEvent | undefined;
  excluded: ExcludedParticipant[];
  /**
   * The chain version this node runs: the fixture node leaves out every field that version does not
   * have on the wire (EpochGroupData.confirmation_weight_scales before v0.2.13, PocParams.models before
   * v0.2.12, DevshardEscrowParams.max_nonce before v0.2.13 and 14–17 before v0.2.14; before v0.2.16 the
   * dynamic coefficient fields, ActiveParticipants' cap weights and the PoC challenge records).
   */
  chainVersion: ChainVersion;
  /** cosmos.upgrade applied plans: name → block applied at (AppliedPlan answers 0 above the asked height). */
  appliedPlans: Map<string, bigint>;
  /** Participant records (Query/Participant). */
  participants: Partial<Participant>[];
  tokenomics: Partial<TokenomicsData> | undefined;
  genesisOnly: Partial<GenesisOnlyParams> | undefined;
  /** v0.2.14's delegation reward snapshot (raw store prefix 108); a node of an older version has none. */
  delegation: Partial<DelegationRewardTransferSnapshot> | undefined;
  /** v0.2.16's PoC challenge records (raw store prefix 111, keyed by the target's address bytes); a node of an older version has none. */
  pocChallenges: Partial<PoCChallenge>[];
  /** Devshard escrows (Query/DevshardEscrow). */
  devshardEscrows?: Partial<DevshardEscrow>[];
}

/** Applied plans of a node running `version`: every plan up to it, plan i at block 10·(i+1). */
export function appliedPlansUpTo(version: ChainVersion): Map<string, bigint> {
  const m = new Map<string, bigint>();
  for (const [i, name] of UPGRADE_PLAN_NAMES.entries()) {
    m.set(name, BigInt(10 * (i + 1)));
    if (name === version) break;
  }
  return m;
}

export function emptyFixtureState(): FixtureChainState {
  return {
    params: {},
    effectiveEpoch: undefined,
    epochs: [],
    groups: [],
    groupMembers: new Map(),
    summaries: [],
    activeParticipants: new Map(),
    grace: new Map(),
    preservedSnapshot: undefined,
    cpocEvents: [],
    activeEvent: undefined,
    excluded: [],
    chainVersion: LATEST_CHAIN_VERSION,
    appliedPlans: appliedPlansUpTo(LATEST_CHAIN_VERSION),
    participants: [],
    tokenomics: undefined,
    genesisOnly: undefined,
    delegation: undefined,
    pocChallenges: [],
  };
}

type Obj = { [k: string]: Json };
const o = (v: Json | undefined): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const a = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
const big = (v: Json | undefined): bigint => (v === undefined || v === null ? 0n : BigInt(v as number | bigint | string));

const models0 = (p: Obj): string[] => a(o(p.rootGroup).subGroupModels).map(String);

/** As on mainnet (params of May 2026): a weight scale factor whose coefficient exceeds 2^53. */
const scaleOf = (i: number) => (i === 0 ? { value: 3593n, exponent: -4 } : { value: 12620856201975851n, exponent: -16 });
/** The v0.2.16 upgrade's split of the 10,000 bps target among n models (the remainder to the first). */
const targetShare = (i: number, n: number): number => Math.floor(10_000 / n) + (i === 0 ? 10_000 % n : 0);
/** DefaultDynamicCoefficientParams (types/params.go at zpoken/gonka@ef1a5efd). */
const DYNAMIC_PARAMS = { targetZoneBps: 500, stepMin: { value: 5n, exponent: -3 }, stepMax: { value: 5n, exponent: -2 }, bootstrapStepMax: { value: 25n, exponent: -2 }, bootstrapShareBps: 100 };

function nodeOf(j: Json): MLNodeInfo {
  const n = o(j);
  return {
    nodeId: String(n.nodeId),
    pocWeight: big(n.pocWeight),
    throughput: big(n.throughput),
    timeslotAllocation: a(n.timeslotAllocation).map((b) => b === true),
  };
}

function weightOf(j: Json): ValidationWeight {
  const w = o(j);
  return {
    memberAddress: String(w.memberAddress),
    weight: big(w.weight),
    reputation: 0,
    mlNodes: a(w.mlNodes).filter((n) => n !== null).map(nodeOf),
    confirmationWeight: big(w.confirmationWeight),
    votingPower: big(w.votingPower),
  };
}

export interface FromPreservedOptions {
  /** binom_test_p0 in Params (default {1,-1}). */
  binomTestP0?: { value: bigint; exponent: number };
  /** First block of the effective epoch (Epochs[N].poc_start_block_height), default 1000. */
  pocStartBlockHeight?: bigint;
}

/**
 * Chain state that reproduces a preserved-set state object: Params (poc_slot_allocation, guardians),
 * effective epoch N, root and model EpochGroupData of N and N−1, x/group members, and the previous
 * epoch's performance summaries (also exposed as the ActiveParticipants of N−1 for the settlement slice).
 * v0.2.16's inputs: ActiveParticipants(N) is the state's `activeParticipants` (null: none stored; absent:
 * every root member with its root weight as both weight and cap weight, cap_weight_applied, so the trust
 * total equals the root total), one OPEN PoC challenge record of epoch N per `pocChallengeTargets` entry,
 * and dynamic coefficient params and scales (effective coefficient = the scale factor).
 */
export function fixtureFromPreserved(preserved: Json, options: FromPreservedOptions = {}): FixtureChainState {
  const p = o(preserved);
  const N = big(o(p.epoch).index);
  const s = emptyFixtureState();
  const psa = o(o(o(p.params).epochParams).pocSlotAllocation);
  const hasPsa = o(o(p.params).epochParams).pocSlotAllocation != null;
  s.params = {
    epochParams: {
      epochLength: 17280n,
      epochMultiplier: 1n,
      epochShift: 0n,
      pocStageDuration: 100n,
      pocExchangeDuration: 0n,
      pocValidationDelay: 5n,
      pocValidationDuration: 50n,
      setNewValidatorsDelay: 10n,
      inferenceValidationCutoff: 0n,
      pocSlotAllocation: hasPsa ? { value: big(psa.value), exponent: Number(psa.exponent) } : undefined,
      confirmationPocSafetyWindow: 0n,
    },
    validationParams: {
      ...NO_STATUS_PARAMS,
      missPercentageCutoff: { value: 1n, exponent: -2 },
      missRequestsPenalty: undefined,
      binomTestP0: options.binomTestP0 ?? { value: 1n, exponent: -1 },
      claimValidationEnabled: false,
    },
    genesisGuardianParams: { networkMaturityThreshold: 0n, networkMaturityMinHeight: 0n, guardianAddresses: a(p.genesisGuardianAddresses).map(String) },
    collateralParams: { gracePeriodEndEpoch: 180n },
    pocParams: {
      weightScaleFactor: undefined,
      pocV2Enabled: true,
      confirmationPocV2Enabled: true,
      validationSlots: 0,
      models: models0(p).map((m, i, all) => ({
        modelId: m,
        seqLen: 1024n,
        statTest: undefined,
        weightScaleFactor: scaleOf(i),
        penaltyStartEpoch: 0n,
        dynamicCoefficient: { coeffMin: scaleOf(i), coeffMax: scaleOf(i), relativeDifficulty: { value: 1n, exponent: 0 }, targetShareBps: targetShare(i, all.length) },
      })),
      dynamicCoefficientParams: DYNAMIC_PARAMS,
    },
    bitcoinRewardParams: { useBitcoinRewards: true, initialEpochReward: 285000000000000n, decayRate: { value: -475n, exponent: -6 }, genesisEpoch: 1n, utilizationBonusFactor: undefined, fullCoverageBonusFactor: undefined, partialCoverageBonusFactor: undefined },
    devshardEscrowParams: {
      minAmount: 0n,
      maxAmount: 0n,
      maxEscrowsPerEpoch: 100,
      groupSize: 16,
      tokenPrice: 0n,
      maxNonce: 0,
      refusalTimeout: 0n,
      executionTimeout: 0n,
      validationRate: 5000,
      voteThresholdFactor: 50,
    },
  };
  s.effectiveEpoch = N;
  s.epochs.push({ index: N, pocStartBlockHeight: options.pocStartBlockHeight ?? 1000n });

  const root = o(p.rootGroup);
  const models = a(root.subGroupModels).map(String);
  let nextId = 1n;
  const rootId = nextId++;
  s.groups.push({
    epochIndex: N,
    modelId: "",
    epochGroupId: rootId,
    pocStartBlockHeight: options.pocStartBlockHeight ?? 1000n,
    subGroupModels: models,
    validationWeights: a(root.validationWeights).filter((v) => v !== null).map(weightOf),
  });
  s.groupMembers.set(rootId, a(root.liveMembers).map(String));

  const byModel = o(o(p.liveSubGroups).byModel);
  for (const m of models) {
    const sub = byModel[m];
    if (sub === undefined) continue;
    const id = nextId++;
    s.groups.push({ epochIndex: N, modelId: m, epochGroupId: id, validationWeights: a(o(sub).validationWeights).map(weightOf) });
    s.groupMembers.set(id, a(o(sub).liveMembers).map(String));
  }
  const prev = o(p.previousEpochGroupData);
  for (const [m, g] of Object.entries(prev)) {
    s.groups.push({ epochIndex: N - 1n, modelId: m, epochGroupId: nextId++, validationWeights: a(o(g).validationWeights).map(weightOf) });
  }
  if (N > 0n) {
    // The previous epoch's root group: its members (those with summaries) and weights.
    const prevWeights = new Map<string, bigint>();
    for (const g of Object.values(prev)) for (const w of a(o(g).validationWeights)) prevWeights.set(String(o(w).memberAddress), big(o(w).weight));
    s.groups.push({
      epochIndex: N - 1n,
      modelId: "",
      epochGroupId: nextId++,
      pocStartBlockHeight: (options.pocStartBlockHeight ?? 1000n) - 17280n,
      subGroupModels: Object.keys(prev),
      validationWeights: [...prevWeights].map(([memberAddress, weight], k) => ({ memberAddress, weight, reputation: 0, mlNodes: [], confirmationWeight: k % 11 === 10 ? 0n : (weight * 9n) / 10n, votingPower: 0n })),
      confirmationWeightScales: Object.keys(prev).map((modelId, k, all) => ({
        modelId,
        weightScaleFactor: scaleOf(k),
        // v0.2.16's controller fields (a node of an older version leaves them out)
        effectiveCoefficient: scaleOf(k),
        config: { coeffMin: scaleOf(k), coeffMax: scaleOf(k), relativeDifficulty: { value: 1n, exponent: 0 }, targetShareBps: targetShare(k, all.length) },
        baseCoefficient: scaleOf(k),
        adaptiveStep: { value: 25n, exponent: -3 },
        prevSign: 0,
        excludeFromConfirmation: false,
      })),
      dynamicCoefficientParams: DYNAMIC_PARAMS,
    });
  }
  const sums = o(p.previousEpochPerformanceSummaries);
  const settled: string[] = [];
  let i = 0;
  for (const [addr, v] of Object.entries(sums)) {
    const rewarded = big(o(v).rewardedCoins);
    s.summaries.push({ epochIndex: N - 1n, participantId: addr, rewardedCoins: rewarded, inferenceCount: BigInt(100 + (i % 50)), missedRequests: BigInt(i % 7), earnedCoins: rewarded });
    // Every 10th is INACTIVE; every 13th owes coins (a negative balance is debt).
    s.participants.push({
      index: addr,
      address: addr,
      weight: 0,
      joinHeight: 1n,
      status: i % 10 === 9 ? 2 : 1,
      coinBalance: i % 13 === 12 ? -BigInt(1000 + i) : BigInt(1_000_000 * (i + 1)),
      epochsCompleted: 10,
      currentEpochStats: { inferenceCount: BigInt(100 + (i % 50)), missedRequests: BigInt(i % 7), earnedCoins: 0n, rewardedCoins: 0n, burnedCoins: 0n, validatedInferences: 0n, invalidatedInferences: 0n, invalidLLR: undefined, inactiveLLR: undefined, confirmationPoCRatio: undefined },
    });
    settled.push(addr);
    i++;
  }
  // Mainnet genesis (genesis/genesis.json) and a running subsidy total.
  s.genesisOnly = { totalSupply: 1000000000000000000n, originatorSupply: 200000000000000000n, standardRewardAmount: 680000000000000000n, preProgrammedSaleAmount: 120000000000000000n, supplyDenom: "ngonka" };
  s.tokenomics = { totalFees: 0n, totalSubsidies: 123456789012345678n, totalRefunded: 0n, totalBurned: 0n };
  // v0.2.16: the sampled epoch's trust weights and PoC challenge records
  const trust = p.activeParticipants;
  if (trust === undefined) {
    const rootWeights = a(root.validationWeights).filter((v) => v !== null).map(weightOf);
    s.activeParticipants.set(N, {
      participants: rootWeights.map((w) => ({ index: w.memberAddress, validatorKey: "", weight: w.weight, inferenceUrl: "", models: [], mlNodes: [], votingPowers: [], capWeight: w.weight })),
      epochId: N,
      capWeightApplied: true,
    });
  } else if (trust !== null) {
    s.activeParticipants.set(N, {
      participants: a(o(trust).participants)
        .filter((x) => x !== null)
        .map((x) => ({ index: String(o(x).index), validatorKey: "", weight: big(o(x).weight), inferenceUrl: "", models: [], mlNodes: [], votingPowers: [], capWeight: big(o(x).capWeight) })),
      epochId: N,
      capWeightApplied: o(trust).capWeightApplied === true,
    });
  }
  for (const target of a(p.pocChallengeTargets).map(String)) {
    s.pocChallenges.push({ epochIndex: N, challenger: "", target, startHeight: (options.pocStartBlockHeight ?? 1000n) + 1000n, state: 0 });
  }
  if (N > 0n) {
    s.activeParticipants.set(N - 1n, {
      participants: settled.map((addr) => ({ index: addr, validatorKey: "", weight: 0n, inferenceUrl: "", models: [], mlNodes: [], votingPowers: [], capWeight: 0n })),
      epochId: N - 1n,
      epochGroupId: 0n,
      pocStartBlockHeight: 0n,
      effectiveBlockHeight: 0n,
      createdAtBlockHeight: 0n,
    });
  }
  return s;
}
