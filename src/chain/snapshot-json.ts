/**
 * The chain's protobuf messages in the snapshot document's JSON shape (docs/snapshot.md): nodes and
 * validation weights, params (fields a chain version lacks on the wire written as null, not as the
 * zero a decoder reads), group info, participants, tokenomics, the stored preserved snapshot and CPoC
 * events. Used by buildSnapshot (build-snapshot.ts) and the settlement slice (settlement-slice.ts).
 */
import { compareGoStrings } from "../go/bytes.js";
import type { Json } from "../go/json.js";
import type { JsonObject } from "../snapshot/snapshot.js";
import { atLeast, type ChainVersion } from "../versions/chain-version.js";
import type { NodeChainVersion } from "./applied-plan.js";
import type {
  ActiveParticipants,
  ConfirmationWeightScale,
  Decimal,
  DynamicCoefficientModelConfig,
  DynamicCoefficientParams,
  EpochGroupData,
  GenesisOnlyParams,
  MLNodeInfo,
  Params,
  Participant,
  PoCChallenge,
  PreservedNodesSnapshot,
  TokenomicsData,
  ValidationWeight,
} from "./gen/proto.js";

export const dec = (d: Decimal | undefined): Json => (d === undefined ? null : { value: d.value, exponent: d.exponent });

export function node(n: MLNodeInfo): JsonObject {
  return { nodeId: n.nodeId, pocWeight: n.pocWeight, throughput: n.throughput, timeslotAllocation: n.timeslotAllocation };
}

export function subWeight(vw: ValidationWeight): JsonObject {
  return { memberAddress: vw.memberAddress, weight: vw.weight, confirmationWeight: vw.confirmationWeight, votingPower: vw.votingPower, mlNodes: vw.mlNodes.map(node) };
}

export const sorted = (xs: Iterable<string>): string[] => [...new Set(xs)].sort(compareGoStrings);

/**
 * Whether a field that exists from version `min` on is on the wire at the node's version: true/false,
 * or undefined when the node's version is not known (no applied plan answered).
 */
export function has(v: NodeChainVersion, min: ChainVersion): boolean | undefined {
  if (v.version) return atLeast(v.version, min);
  return v.plan ? false : undefined; // an applied plan older than every known version: none of them
}
/** `value` when the field exists at the node's version (or the version is unknown), else null. */
export const ifHas = <T extends Json>(v: NodeChainVersion, min: ChainVersion, value: T): T | null => (has(v, min) === false ? null : value);

export function paramsJson(p: Params | undefined, v: NodeChainVersion): JsonObject | null {
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
            pp.models.map((m) => ({
              modelId: m.modelId,
              seqLen: m.seqLen,
              weightScaleFactor: dec(m.weightScaleFactor),
              penaltyStartEpoch: m.penaltyStartEpoch,
              ...(has(v, "v0.2.16") !== false ? { dynamicCoefficient: modelConfigJson(m.dynamicCoefficient) } : {}),
            })),
          ),
          dynamicCoefficientParams: ifHas(v, "v0.2.16", dynamicParamsJson(pp.dynamicCoefficientParams)),
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
export function rootWeights(g: EpochGroupData): JsonObject[] {
  return g.validationWeights.map((vw) => ({ memberAddress: vw.memberAddress, weight: vw.weight, confirmationWeight: vw.confirmationWeight, reputation: vw.reputation }));
}

/** DynamicCoefficientModelConfig (v0.2.16): a model's coefficient bounds, difficulty and target share; null = nil. */
export function modelConfigJson(c: DynamicCoefficientModelConfig | undefined): JsonObject | null {
  return c ? { coeffMin: dec(c.coeffMin), coeffMax: dec(c.coeffMax), relativeDifficulty: dec(c.relativeDifficulty), targetShareBps: c.targetShareBps } : null;
}

/** DynamicCoefficientParams (v0.2.16): the controller's parameters; null = nil (a legacy epoch or params). */
export function dynamicParamsJson(p: DynamicCoefficientParams | undefined): JsonObject | null {
  return p
    ? { targetZoneBps: p.targetZoneBps, stepMin: dec(p.stepMin), stepMax: dec(p.stepMax), bootstrapStepMax: dec(p.bootstrapStepMax), bootstrapShareBps: p.bootstrapShareBps }
    : null;
}

/** One confirmation weight scale: model and factor, and from v0.2.16 the controller's fields 3–8. */
function scaleJson(c: ConfirmationWeightScale, v16: boolean): JsonObject {
  const base: JsonObject = { modelId: c.modelId, weightScaleFactor: dec(c.weightScaleFactor) };
  if (!v16) return base;
  return {
    ...base,
    effectiveCoefficient: dec(c.effectiveCoefficient),
    excludeFromConfirmation: c.excludeFromConfirmation,
    config: modelConfigJson(c.config),
    baseCoefficient: dec(c.baseCoefficient),
    adaptiveStep: dec(c.adaptiveStep),
    prevSign: c.prevSign,
  };
}

/**
 * confirmation_weight_scales (field 19, from v0.2.13); null where the version has no such field. From
 * v0.2.16 each scale also carries the dynamic coefficient fields (absent before: not on the wire).
 */
export function scalesJson(g: EpochGroupData, v: NodeChainVersion): Json {
  const v16 = has(v, "v0.2.16") !== false;
  return ifHas(
    v,
    "v0.2.13",
    g.confirmationWeightScales.map((c) => scaleJson(c, v16)),
  );
}

/** ActiveParticipants' trust fields as the preserved slice records them (v0.2.16; src/preserved/state.ts). */
export function trustWeightsJson(ap: ActiveParticipants): JsonObject {
  return { capWeightApplied: ap.capWeightApplied, participants: ap.participants.map((p) => ({ index: p.index, weight: p.weight, capWeight: p.capWeight })) };
}

export const CHALLENGE_STATES = ["OPEN", "CHALLENGE_FAILED", "ABORTED", "PASSED"];

/** A PoC challenge record (v0.2.16), for the chain slice. */
export function challengeJson(c: PoCChallenge): JsonObject {
  return { target: c.target, epochIndex: c.epochIndex, state: CHALLENGE_STATES[c.state] ?? String(c.state), challenger: c.challenger, startHeight: c.startHeight };
}

export const STATUS = ["UNSPECIFIED", "ACTIVE", "INACTIVE", "INVALID", "RAMPING", "UNCONFIRMED"];

export function participantJson(address: string, p: Participant | undefined): JsonObject {
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

export function tokenomicsJson(t: TokenomicsData | undefined): JsonObject | null {
  return t ? { totalFees: t.totalFees, totalSubsidies: t.totalSubsidies, totalRefunded: t.totalRefunded, totalBurned: t.totalBurned } : null;
}

export function genesisOnlyJson(g: GenesisOnlyParams | undefined): JsonObject | null {
  return g
    ? { totalSupply: g.totalSupply, originatorSupply: g.originatorSupply, standardRewardAmount: g.standardRewardAmount, preProgrammedSaleAmount: g.preProgrammedSaleAmount, supplyDenom: g.supplyDenom }
    : null;
}

export function versionJson(v: NodeChainVersion): JsonObject {
  return { version: v.version, source: v.source, detail: v.detail, plan: v.plan, upgrades: v.upgrades.map((u) => ({ name: u.name, height: u.height })) };
}

export function groupInfo(g: EpochGroupData): JsonObject {
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


export function eventJson(e: { epochIndex: bigint; eventSequence: bigint; triggerHeight: bigint; generationStartHeight: bigint; phase: number; pocSeedBlockHash: string }): JsonObject {
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
