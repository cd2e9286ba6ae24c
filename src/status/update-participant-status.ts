/** Mirrors keeper.(Keeper).UpdateParticipantStatus with invalidateParticipant and deactiveParticipant (keeper/participant_status.go at redstartechno/gonka@bb2de824, bd1fd508, 17808620). */
import { GoPanic } from "../go/errors.js";
import { computeStatus, type ComputeStatusResult } from "./compute-status.js";
import { multiply } from "./multiply.js";
import { statsHaveChanged } from "./stats-have-changed.js";
import type { StatusRules } from "./status-rules.js";
import {
  EMPTY_EPOCH_STATS,
  type SprtPrecomputedValues,
  type StatusConfirmationPoCParams,
  type StatusParticipant,
  type StatusReason,
  type StatusValidationParams,
} from "./status-types.js";

export interface UpdateParticipantStatusInput {
  validationParams: StatusValidationParams | null;
  confirmationPocParams: StatusConfirmationPoCParams | null;
  /** v0.2.11+: what GetPrecomputedSPRTValues gives in the block (precomputedForParams of the params at it). */
  precomputed: SprtPrecomputedValues;
  /** The record in the store before this SetParticipant (null: none; the deltas are then zero). */
  stored: StatusParticipant | null;
  /** The record being saved, with its new counters. */
  participant: StatusParticipant;
}

/** A turn to INVALID or INACTIVE and what the keeper does on it, in Go's order. */
export interface StatusTransition {
  to: "INVALID" | "INACTIVE";
  reason: StatusReason;
  /** SlashForInvalidStatus or SlashForDowntime (the collateral slash; amounts are not ported). */
  slash: "invalid_status" | "downtime";
  /** The ExcludedParticipants entry's reason for the current epoch (its height is the block's). */
  exclusionReason: StatusReason;
  epochsCompletedBefore: number;
  epochsCompletedAfter: number;
  /** removeFromEpochGroups: the participant leaves the epoch's groups. */
  removedFromEpochGroups: true;
}

export interface UpdateParticipantStatusResult {
  /** The record as SetParticipant then stores it. */
  participant: StatusParticipant;
  /** ComputeStatus's answer, or null when the update skipped it (v0.2.11+: stats unchanged). */
  computed: ComputeStatusResult | null;
  transition: StatusTransition | null;
}

/**
 * SetParticipant's status step. Stats nil → empty; no stored record → old stats = the new ones (zero
 * deltas); v0.2.11+: unchanged stats (StatsHaveChanged) → nothing computed; a stored record with nil
 * stats is dereferenced (GoPanic). Then ComputeStatus; v0.2.13+: consecutive_failures resets the
 * consecutive count; a changed status is set, and a turn to INVALID (from any other status) or to
 * INACTIVE slashes, records the exclusion, multiplies EpochsCompleted by the preserve share and removes
 * the participant from the epoch's groups.
 */
export function updateParticipantStatus(rules: StatusRules, input: UpdateParticipantStatusInput): UpdateParticipantStatusResult {
  const newStats = input.participant.currentEpochStats ?? EMPTY_EPOCH_STATS;
  let p: StatusParticipant = { ...input.participant, currentEpochStats: newStats };
  const stored = input.stored;
  if (stored !== null && rules.skipUnchangedStats && !statsHaveChanged(stored.currentEpochStats, newStats)) {
    return { participant: p, computed: null, transition: null };
  }
  const oldStats = stored === null ? newStats : stored.currentEpochStats;
  if (oldStats === null) throw new GoPanic("runtime error: invalid memory address or nil pointer dereference");
  const original = p.status;
  const computed = computeStatus(rules, {
    validationParams: input.validationParams,
    confirmationPocParams: input.confirmationPocParams,
    participant: p,
    oldStats,
    precomputed: input.precomputed,
  });
  p = { ...p, currentEpochStats: computed.stats };
  if (rules.resetConsecutiveOnFailure && computed.reason === "consecutive_failures") p.consecutiveInvalidInferences = 0n;
  if (original === computed.status) return { participant: p, computed, transition: null };
  p.status = computed.status;
  const to = computed.status;
  if (to !== "INVALID" && to !== "INACTIVE") return { participant: p, computed, transition: null };
  // ComputeStatus turns a participant INVALID or INACTIVE only under non-nil validation params
  const vp = input.validationParams!;
  const before = p.epochsCompleted;
  p.epochsCompleted = multiply(before, to === "INVALID" ? vp.invalidReputationPreserve : vp.downtimeReputationPreserve);
  const transition: StatusTransition = {
    to,
    reason: computed.reason,
    slash: to === "INVALID" ? "invalid_status" : "downtime",
    exclusionReason: computed.reason,
    epochsCompletedBefore: before,
    epochsCompletedAfter: p.epochsCompleted,
    removedFromEpochGroups: true,
  };
  return { participant: p, computed, transition };
}
