/**
 * sampleEligibleParticipantsWithHistory: the anchor-seeded draw of ⌊candidates/2⌋+1 participants
 * that worked (and were rewarded) in the previous epoch.
 */
import { GoRand } from "../go/math-rand.js";
import { sha256 } from "../go/sha256.js";
import type { EpochMLNodeData } from "./epoch-ml-node-data.js";

/** Mirrors the seed of sampleEligibleParticipantsWithHistory: the string and its int64 (SHA-256, 8 bytes BE, signed). */
export function participantSeed(epochIndex: bigint, anchorHeight: bigint, allParticipantsHash: string, modelId: string): { seedString: string; seedInt: bigint } {
  const seedString = `filter_${epochIndex}_${anchorHeight}_${allParticipantsHash}_${modelId}`;
  const seedInt = sha256(seedString).readBigInt64BE(0);
  return { seedString, seedInt };
}

/** Mirrors the shuffle of sampleEligibleParticipantsWithHistory: rand.New(rand.NewSource(seed)).Shuffle on a copy. */
export function goShuffle<T>(xs: readonly T[], seedInt: bigint): T[] {
  const out = [...xs];
  new GoRand(seedInt).shuffle(out.length, (i, j) => {
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  });
  return out;
}

/** Mirrors the history filter of sampleEligibleParticipantsWithHistory (non-nil previous list; order and duplicates kept). */
export function participantsWithHistory(sortedParticipantAddrs: readonly string[], previousEpochData: EpochMLNodeData, modelId: string): string[] {
  const prev = previousEpochData.data.get(modelId);
  if (!prev) return [];
  return sortedParticipantAddrs.filter((a) => {
    const l = prev.get(a);
    return l !== undefined && l !== null;
  });
}

export interface EligibleSample {
  participantsWithHistory: string[];
  /** Absent when the draw returned early (nobody with history, or epoch 0). */
  seedString?: string;
  seedInt?: bigint;
  shuffled?: string[];
  numEligible: number;
  /** The selected participants, in shuffled order. */
  eligible: string[];
}

/** Mirrors ModelAssigner.sampleEligibleParticipantsWithHistory (with its intermediate values). */
export function sampleEligibleParticipantsWithHistory(
  sortedParticipantAddrs: readonly string[],
  previousEpochData: EpochMLNodeData,
  modelId: string,
  upcomingEpochIndex: bigint,
  allParticipantsHashStr: string,
  anchorHeight: bigint,
): EligibleSample {
  const withHistory = participantsWithHistory(sortedParticipantAddrs, previousEpochData, modelId);
  return drawFromHistory(sortedParticipantAddrs.length, withHistory, modelId, upcomingEpochIndex, allParticipantsHashStr, anchorHeight);
}

/** Mirrors the draw of sampleEligibleParticipantsWithHistory: seed, shuffle, take min(⌊N/2⌋+1, |history|). */
export function drawFromHistory(
  candidateCount: number,
  withHistory: readonly string[],
  modelId: string,
  upcomingEpochIndex: bigint,
  allParticipantsHashStr: string,
  anchorHeight: bigint,
): EligibleSample {
  if (withHistory.length === 0 || upcomingEpochIndex === 0n) {
    return { participantsWithHistory: [...withHistory], numEligible: 0, eligible: [] };
  }
  const { seedString, seedInt } = participantSeed(upcomingEpochIndex, anchorHeight, allParticipantsHashStr, modelId);
  const shuffled = goShuffle(withHistory, seedInt);
  const numEligible = Math.min(Math.floor(candidateCount / 2) + 1, shuffled.length);
  return { participantsWithHistory: [...withHistory], seedString, seedInt, shuffled, numEligible, eligible: shuffled.slice(0, numEligible) };
}
