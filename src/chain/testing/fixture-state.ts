/**
 * Fixture chain state for the loopback node (tests and bench/chain.js): the x/inference and x/group
 * records the snapshot reads, as plain objects of the generated proto types, plus a builder from a
 * preserved-set state object (the snapshot's `preserved` slice / the vectors' `input`).
 */
import type { Json } from "../../go/json.js";
import type {
  ActiveParticipants,
  ConfirmationPoCEvent,
  Epoch,
  EpochGroupData,
  EpochPerformanceSummary,
  ExcludedParticipant,
  GraceEpochParams,
  MLNodeInfo,
  Params,
  PreservedNodesSnapshot,
  ValidationWeight,
} from "../gen/proto.js";

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
  };
}

type Obj = { [k: string]: Json };
const o = (v: Json | undefined): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const a = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
const big = (v: Json | undefined): bigint => (v === undefined || v === null ? 0n : BigInt(v as number | bigint | string));

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
    confirmationWeight: 0n,
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
      pocValidationDelay: 5n,
      pocValidationDuration: 50n,
      setNewValidatorsDelay: 10n,
      inferenceValidationCutoff: 0n,
      pocSlotAllocation: hasPsa ? { value: big(psa.value), exponent: Number(psa.exponent) } : undefined,
      confirmationPocSafetyWindow: 0n,
    },
    validationParams: { missPercentageCutoff: { value: 1n, exponent: -2 }, missRequestsPenalty: undefined, binomTestP0: options.binomTestP0 ?? { value: 1n, exponent: -1 }, claimValidationEnabled: false },
    genesisGuardianParams: { networkMaturityThreshold: 0n, networkMaturityMinHeight: 0n, guardianAddresses: a(p.genesisGuardianAddresses).map(String) },
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
      validationWeights: [...prevWeights].map(([memberAddress, weight]) => ({ memberAddress, weight, reputation: 0, mlNodes: [], confirmationWeight: 0n, votingPower: 0n })),
    });
  }
  const sums = o(p.previousEpochPerformanceSummaries);
  const settled: string[] = [];
  let i = 0;
  for (const [addr, v] of Object.entries(sums)) {
    const rewarded = big(o(v).rewardedCoins);
    s.summaries.push({ epochIndex: N - 1n, participantId: addr, rewardedCoins: rewarded, inferenceCount: BigInt(100 + (i % 50)), missedRequests: BigInt(i % 7), earnedCoins: rewarded });
    settled.push(addr);
    i++;
  }
  if (N > 0n) {
    s.activeParticipants.set(N - 1n, {
      participants: settled.map((addr) => ({ index: addr, validatorKey: "", weight: 0n, inferenceUrl: "", models: [], mlNodes: [], votingPowers: [] })),
      epochId: N - 1n,
      epochGroupId: 0n,
      pocStartBlockHeight: 0n,
      effectiveBlockHeight: 0n,
      createdAtBlockHeight: 0n,
    });
  }
  return s;
}
