/**
 * The status family's rules by chain version: named switches read by the shared functions.
 * docs/versions.md ("Participant status (in-epoch tests)") lists each with its Go commit.
 * - v0.2.10 (redstartechno/gonka@bb2de824): NewSPRT computes both logs at every ComputeStatus call;
 *   UpdateParticipantStatus runs ComputeStatus on every SetParticipant.
 * - v0.2.11 (bd1fd508): the logs come from the block's precomputed values (BeginBlock's
 *   PrecomputeSPRTValues); a SetParticipant whose stats did not change (StatsHaveChanged) skips it.
 * - v0.2.13 (17808620): a consecutive_failures verdict resets ConsecutiveInvalidInferences to 0.
 * - v0.2.12 (d8b8e907) adds devshard host stats as a source of counts
 *   (AggregateDevshardHostStatsIntoCurrentEpochStats); v0.2.14, v0.2.15 and v0.2.16 change no status
 *   rule (v0.2.16 only exports the confirmation-PoC test: confirmation-poc-status.ts).
 * - v0.2.16 (zpoken/gonka@ef1a5efd, #1811/#1814) changes what a devshard settlement feeds: a host whose
 *   epoch accounts are already settled takes no counts, and a host with an active PoC challenge record
 *   has its misses waived (settle-devshard-escrow.ts).
 */
import { atLeast, LATEST_CHAIN_VERSION, type ChainVersion } from "../versions/chain-version.js";
import { requireFamilyVersion } from "../versions/rule-families.js";

export interface StatusRules {
  version: ChainVersion;
  /** Where the SPRT's ln(P1/P0) and ln((1−P1)/(1−P0)) come from: computed per call (v0.2.10) or the block's precomputed values. */
  sprtLogs: "per-call" | "precomputed";
  /** v0.2.11+: UpdateParticipantStatus returns before ComputeStatus when a found participant's stats are unchanged. */
  skipUnchangedStats: boolean;
  /** v0.2.13+: reason consecutive_failures sets ConsecutiveInvalidInferences to 0. */
  resetConsecutiveOnFailure: boolean;
  /** v0.2.12+: MsgSettleDevshardEscrow merges devshard host stats into the counters (one status update per batch). */
  devshardHostStats: boolean;
  /** v0.2.16 (#1814): a host with an EpochPerformanceSummary of the current epoch (accounts settled) takes no counts from a batch. */
  settledAccountsTakeNoCounts: boolean;
  /** v0.2.16 (#1811): WaiveDevshardMissesForActiveChallenge runs on every slot before the merge. */
  waiveChallengedMisses: boolean;
  /** v0.2.14+: the classic inference messages (MsgStartInference, MsgFinishInference, MsgValidation, invalidation and revalidation) fail as deprecated and change no counter. */
  classicInferenceDeprecated: boolean;
}

/** The status rules at chain version `v` (v0.2.10–v0.2.16; others are refused by name). */
export function statusRulesFor(v: ChainVersion): StatusRules {
  requireFamilyVersion("status", v);
  return {
    version: v,
    sprtLogs: atLeast(v, "v0.2.11") ? "precomputed" : "per-call",
    skipUnchangedStats: atLeast(v, "v0.2.11"),
    resetConsecutiveOnFailure: atLeast(v, "v0.2.13"),
    devshardHostStats: atLeast(v, "v0.2.12"),
    settledAccountsTakeNoCounts: atLeast(v, "v0.2.16"),
    waiveChallengedMisses: atLeast(v, "v0.2.16"),
    classicInferenceDeprecated: atLeast(v, "v0.2.14"),
  };
}

/** The rules of the newest version the port holds. */
export const LATEST_STATUS_RULES: StatusRules = statusRulesFor(LATEST_CHAIN_VERSION);
