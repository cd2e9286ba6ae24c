/**
 * Replay one participant's stats updates of an epoch, in block order, with the status rules of the
 * version in force at each block and the params each update reads: per update the counters, each
 * test's statistic against its threshold and the decision; the first update at which a test fired is
 * the replay's exclusion. The replay stops at the first input the sources lack (a lack placed at or
 * before the next update): what follows is not guessed. Pure: the sources did all the reading.
 */
import { GoError } from "../go/errors.js";
import { groupDigits } from "../format/numbers.js";
import { EMPTY_EPOCH_STATS, statusRulesFor, statusUpdate, type EpochStats, type StatusName, type StatusParticipant, type StatusReason, type StatusUpdateResult } from "../status/index.js";
import { settleDevshardEscrow, type SettledHost } from "../status/settle-devshard-escrow.js";
import type { VersionChoice } from "../versions/chain-version.js";
import { eventOrder, type ReplayEvent, type ReplayLack, type StatusReplayInput } from "./replay-input.js";

/** The counters a step leaves (CurrentEpochStats' four counts). */
export interface StepCounts {
  validated: bigint;
  invalidated: bigint;
  missed: bigint;
  inferences: bigint;
}

export interface ReplayStep {
  event: ReplayEvent;
  version: VersionChoice;
  /** The params the update read (where from, in words). */
  paramsSource: string;
  /**
   * What the event did to this participant: `update` (a status update ran), `unchanged` (its counters did
   * not change: v0.2.11+ runs no test), `not-counted` (a batch of its escrow that the chain does not count
   * for it), `reset` (the epoch start set it ACTIVE).
   */
  effect: "update" | "unchanged" | "not-counted" | "reset";
  /** Why a batch was not counted for it (not-counted only). */
  notCountedWhy: string | null;
  /** Its slots merged in the batch (devshard batches it counts for). */
  slots: SettledHost["slots"];
  counts: StepCounts;
  /** The status update (null unless effect is update). */
  update: StatusUpdateResult | null;
  status: StatusName;
  reason: StatusReason;
  /** The participant's record after the step (counters, stored LLRs, status). */
  record: StatusParticipant;
}

export interface ReplayResult {
  /** True when the replay reached a decision or the last update with every input it needed. */
  available: boolean;
  /** The lack the replay stopped at (null when available). */
  stoppedAt: ReplayLack | null;
  /** Every lack of the input that the replay reached (the first stopped it; later ones are listed for completeness). */
  lacks: ReplayLack[];
  steps: ReplayStep[];
  /** The first update at which a test turned the participant INVALID or INACTIVE; null when none did (or the replay stopped first). */
  excluded: { reason: StatusReason; height: bigint; status: "INVALID" | "INACTIVE" } | null;
  /** The record after the last step replayed. */
  record: StatusParticipant | null;
}

function counts(s: EpochStats | null): StepCounts {
  const x = s ?? EMPTY_EPOCH_STATS;
  return { validated: x.validatedInferences, invalidated: x.invalidatedInferences, missed: x.missedRequests, inferences: x.inferenceCount };
}

const WHY: Record<string, string> = {
  "escrow-of-previous-epoch": "its escrow belongs to the previous epoch: the batch pays, but the counters take nothing",
  "accounts-settled": "the epoch's accounts of this host are already settled (v0.2.16): the counters take nothing",
  "not-in-active-set": "the host is not in the epoch's active participant set: the counters take nothing",
};

/**
 * Another host of the escrow: the replay follows one participant, and the chain ran the message
 * successfully, so the other hosts' merges did not fail; they are not merged here.
 */
const OTHER_HOST = { stats: null, active: false, accountsSettled: false, challenged: false };

/** The first lack placed at or before `height` (a lack with no height applies from the start). */
function lackAt(lacks: readonly ReplayLack[], height: bigint): ReplayLack | undefined {
  return lacks.find((l) => l.from === null || l.from <= height);
}

export interface ReplayOptions {
  /** Go on after the first turn (the later updates are already_set, but the counters still move): the whole epoch's records. */
  throughEnd?: boolean;
}

/** Replay `input`; the events are taken in block order whatever order they were given in. */
export function replayStatus(input: StatusReplayInput, options: ReplayOptions = {}): ReplayResult {
  const from = (l: ReplayLack): bigint => l.from ?? -1n;
  const lacks = [...input.lacks].sort((a, b) => (from(a) < from(b) ? -1 : from(a) > from(b) ? 1 : 0));
  const steps: ReplayStep[] = [];
  let excluded: ReplayResult["excluded"] = null;
  // a lack after a turn (throughEnd only) leaves the turn standing
  const stop = (l: ReplayLack, record: StatusParticipant | null): ReplayResult =>
    excluded !== null ? { available: true, stoppedAt: null, lacks: [], steps, excluded, record } : { available: false, stoppedAt: l, lacks: dedupe([l, ...lacks]), steps, excluded: null, record };
  const start = input.start;
  if (start === null) return stop(lackAt(lacks, 0n) ?? { input: "the participant's record before its first update", detail: "the counters and stored LLRs the first update starts from", from: null }, null);
  let record: StatusParticipant = start.record;
  const events = [...input.events].sort(eventOrder);
  let last = start.height;
  for (const ev of events) {
    const missing = lackAt(lacks, ev.height);
    if (missing !== undefined) return stop(missing, record);
    const unseen = unseenUpdate(input, record, last, ev.height);
    if (unseen !== undefined) return stop(unseen, record);
    last = ev.height;
    const version = input.versionAt(ev.height);
    const rules = statusRulesFor(version.version);
    const params = input.paramsAt(ev.height);
    const base = { event: ev, version, paramsSource: params.source, notCountedWhy: null, slots: [] as SettledHost["slots"] };
    if (ev.kind === "epoch-start") {
      // onSetNewValidatorsStage: Status = ACTIVE, ConsecutiveInvalidInferences = 0, then SetParticipant (stats unchanged: no test from v0.2.11)
      record = { ...record, status: "ACTIVE", consecutiveInvalidInferences: 0n };
      steps.push({ ...base, effect: "reset", counts: counts(record.currentEpochStats), update: null, status: "ACTIVE", reason: "", record });
      continue;
    }
    let stats: EpochStats;
    let slots: SettledHost["slots"] = [];
    if (ev.kind === "confirmation-ratio") {
      stats = { ...(record.currentEpochStats ?? EMPTY_EPOCH_STATS), confirmationPoCRatio: ev.ratio };
    } else {
      const countsFor = `it decides whether the batch of escrow ${ev.escrowId} at block ${groupDigits(ev.height)} counts for it (${ev.where})`;
      const needs: [keyof typeof ev.host, boolean, string, string][] = [
        ["active", ev.escrowEpoch === ev.currentEpoch, `whether ${input.address} is in epoch ${ev.currentEpoch}'s active participant set`, countsFor],
        ["accountsSettled", rules.settledAccountsTakeNoCounts && ev.escrowEpoch === ev.currentEpoch, `whether ${input.address}'s accounts of epoch ${ev.currentEpoch} were settled by block ${groupDigits(ev.height)} (its EpochPerformanceSummary)`, countsFor],
        [
          "challenged",
          // only a batch that counts for the host merges its misses
          rules.waiveChallengedMisses && ev.escrowEpoch === ev.currentEpoch && ev.host.active === true && ev.host.accountsSettled !== true && ev.hostStats.some((h) => ev.slots[Number(h.slotId)] === input.address && h.missed > 0n),
          `whether ${input.address} had an open PoC challenge record of epoch ${ev.currentEpoch} at block ${groupDigits(ev.height)} (the node's record at the block before)`,
          `v0.2.16 waives every devshard miss of a challenged host: it decides how many misses the batch of escrow ${ev.escrowId} adds (${ev.where})`,
        ],
      ];
      const unknown = needs.find(([k, needed]) => needed && ev.host[k] === null);
      if (unknown !== undefined) return stop({ input: unknown[2], detail: unknown[3], from: ev.height, ...(unknown[0] === "challenged" ? { flag: "--node URL" } : {}) }, record);
      let settled;
      try {
        settled = settleDevshardEscrow(rules, {
          escrowEpoch: ev.escrowEpoch,
          slots: ev.slots,
          nonce: ev.nonce,
          hostStats: ev.hostStats,
          currentEpoch: ev.currentEpoch,
          host: (a) => (a === input.address ? { stats: record.currentEpochStats, active: ev.host.active ?? false, accountsSettled: ev.host.accountsSettled ?? false, challenged: ev.host.challenged ?? false } : OTHER_HOST),
        });
      } catch (e) {
        if (!(e instanceof GoError)) throw e;
        // the chain recorded this transaction as successful: the saved inputs contradict each other
        return stop({ input: `a consistent record of escrow ${ev.escrowId}'s batch at block ${groupDigits(ev.height)}`, detail: `the chain ran it successfully, but with the saved escrow and message the handler fails (${e.message}) (${ev.where})`, from: ev.height }, record);
      }
      const mine = settled.counted.find((h) => h.address === input.address);
      if (mine === undefined) {
        const why = settled.notCounted.find((n) => n.address === input.address)?.why;
        steps.push({ ...base, effect: "not-counted", notCountedWhy: why === undefined ? "no slot of it in the batch" : WHY[why]!, counts: counts(record.currentEpochStats), update: null, status: record.status, reason: "", record });
        continue;
      }
      stats = mine.stats;
      slots = mine.slots;
    }
    const u = statusUpdate(rules, { validationParams: params.validation, confirmationPocParams: params.confirmation, before: record, stats });
    record = u.participant;
    steps.push({ ...base, slots, effect: u.computed ? "update" : "unchanged", counts: counts(record.currentEpochStats), update: u.computed ? u : null, status: u.status, reason: u.reason, record });
    if (u.transition !== null && excluded === null) {
      excluded = { reason: u.transition.reason, height: ev.height, status: u.transition.to };
      // a turn is final for the epoch (already_set from here): later lacks cannot change it
      if (options.throughEnd !== true) return { available: true, stoppedAt: null, lacks: [], steps, excluded, record };
    }
  }
  if (excluded !== null) return { available: true, stoppedAt: null, lacks: [], steps, excluded, record };
  // no test fired over the updates the sources hold; a lack placed after the last one (later batches
  // not saved, a confirmation PoC evaluated later) could still turn it: then nothing is concluded
  if (lacks.length > 0) return stop(lacks[0]!, record);
  return { available: true, stoppedAt: null, lacks: [], steps, excluded: null, record };
}

/** A checkpoint in [after, before) whose counters or status differ from the replay's: an update the sources do not show. */
function unseenUpdate(input: StatusReplayInput, record: StatusParticipant, after: bigint, before: bigint): ReplayLack | undefined {
  const cps = (input.checkpoints ?? []).filter((c) => c.height >= after && c.height < before);
  const c = cps.at(-1);
  if (c === undefined) return undefined;
  const mine = counts(record.currentEpochStats);
  const same = mine.validated === c.counts.validated && mine.invalidated === c.counts.invalidated && mine.missed === c.counts.missed && mine.inferences === c.counts.inferences;
  if (same && (c.status === null || c.status === record.status)) return undefined;
  const text = (x: StepCounts, st: string | null): string => `${x.validated} validated, ${x.invalidated} invalidated, ${x.missed} missed, ${x.inferences} inferences${st === null ? "" : `, ${st}`}`;
  return {
    input: `the update that moved ${input.address}'s record between block ${groupDigits(after)} and block ${groupDigits(c.height)} (no saved transaction or evaluation explains it)`,
    detail: `the chain's record at block ${groupDigits(c.height)} holds ${text(c.counts, c.status)}; the replay holds ${text(mine, record.status)} (${c.where})`,
    from: after,
  };
}

function dedupe(ls: readonly ReplayLack[]): ReplayLack[] {
  const seen = new Set<string>();
  return ls.filter((l) => (seen.has(l.input) ? false : (seen.add(l.input), true)));
}
