/**
 * Mirrors the participant-stats part of keeper.(msgServer).SettleDevshardEscrow
 * (keeper/msg_server_settle_devshard_escrow.go at redstartechno/gonka@d8b8e907, 17808620, kaitakuai/gonka@ee730031
 * and zpoken/gonka@ef1a5efd for v0.2.16): which hosts a batch counts for, and the counters it leaves them with.
 */
import { GoError } from "../go/errors.js";
import { aggregateDevshardHostStatsIntoCurrentEpochStats } from "./aggregate-devshard-host-stats-into-current-epoch-stats.js";
import { devshardAssignedUpperBoundForSlot } from "./devshard-assigned-upper-bound-for-slot.js";
import type { StatusRules } from "./status-rules.js";
import type { EpochStats } from "./status-types.js";
import { waiveDevshardMissesForActiveChallenge } from "./waive-devshard-misses-for-active-challenge.js";

/** One slot's entry of MsgSettleDevshardEscrow.host_stats (uint32 fields as bigint). */
export interface HostStatsEntry {
  slotId: bigint;
  missed: bigint;
  invalid: bigint;
}

/** What the handler reads of the chain for one host of the escrow, in the settling block. */
export interface SettleHostState {
  /** The participant record's CurrentEpochStats before the message (null: nil). */
  stats: EpochStats | null;
  /** ActiveParticipantsSet has (current epoch, host). */
  active: boolean;
  /** v0.2.16: EpochPerformanceSummary(current epoch, host) exists (its accounts are settled). */
  accountsSettled: boolean;
  /** v0.2.16: HasActiveChallengeRecord(host). */
  challenged: boolean;
}

export interface SettleDevshardEscrowInput {
  /** The escrow's epoch and its slots (slot i is served by slots[i]). */
  escrowEpoch: bigint;
  slots: readonly string[];
  /** The message's nonce (the latest nonce of the session) and its host stats in message order. */
  nonce: bigint;
  hostStats: readonly HostStatsEntry[];
  /** The effective epoch in the settling block. */
  currentEpoch: bigint;
  /** The chain state of each host the escrow names (a host with no record: the message fails). */
  host: (address: string) => SettleHostState | undefined;
}

/** A host whose counters the batch merged: its stats after the merge, one SetParticipant (one status update). */
export interface SettledHost {
  address: string;
  stats: EpochStats;
  /** The slots merged for it: the entry as the message gives it, the assigned bound, and the entry as merged (after a v0.2.16 waiver). */
  slots: { slotId: bigint; missed: bigint; invalid: bigint; assigned: bigint; mergedMissed: bigint; mergedAssigned: bigint }[];
}

export interface SettleDevshardEscrowResult {
  /** Hosts the batch counts for (escrow of the current epoch, in the active set, accounts not settled), sorted by address as Go saves them. */
  counted: SettledHost[];
  /** Hosts of the escrow it does not count for, with why. */
  notCounted: { address: string; why: "escrow-of-previous-epoch" | "not-in-active-set" | "accounts-settled" }[];
}

/**
 * The counters a settlement batch gives each host, as the handler computes them before saving: a
 * message for an escrow neither of the current nor of the previous epoch, a slot outside the escrow,
 * a host with no participant record, or a host's slot whose missed or invalid count exceeds what the
 * nonce allows (AggregateDevshardHostStatsIntoCurrentEpochStats) fails the whole message (GoError:
 * nothing changes for anyone). Only a host counted as current takes counts: an escrow of the current
 * epoch, the host in the epoch's active set, and (v0.2.16) its accounts not yet settled; every one of
 * its slots is merged, then the host is saved once. v0.2.16 waives a challenged host's misses first.
 */
export function settleDevshardEscrow(rules: StatusRules, input: SettleDevshardEscrowInput): SettleDevshardEscrowResult {
  if (input.slots.length === 0) throw new GoError("escrow has no slots");
  if (input.currentEpoch < input.escrowEpoch || input.currentEpoch > input.escrowEpoch + 1n) {
    throw new GoError(`devshard settlement only supports current or previous epoch: current epoch ${input.currentEpoch}, escrow epoch ${input.escrowEpoch}`);
  }
  const unique = [...new Set(input.slots)].sort();
  const current = new Map<string, boolean>();
  const notCounted: SettleDevshardEscrowResult["notCounted"] = [];
  const states = new Map<string, SettleHostState>();
  for (const addr of unique) {
    const st = input.host(addr);
    if (st === undefined) throw new GoError(`participant ${addr} not found`);
    states.set(addr, st);
    let why: SettleDevshardEscrowResult["notCounted"][number]["why"] | null = null;
    if (input.escrowEpoch !== input.currentEpoch) why = "escrow-of-previous-epoch";
    else if (rules.settledAccountsTakeNoCounts && st.accountsSettled) why = "accounts-settled";
    else if (!st.active) why = "not-in-active-set";
    current.set(addr, why === null);
    if (why !== null) notCounted.push({ address: addr, why });
  }
  for (const hs of input.hostStats) if (hs.slotId >= BigInt(input.slots.length)) throw new GoError(`host_stats slot_id ${hs.slotId} out of range`);
  const totalSlots = BigInt(input.slots.length);
  const merged = new Map<string, SettledHost>();
  for (const hs of input.hostStats) {
    const addr = input.slots[Number(hs.slotId)]!;
    const isCurrent = current.get(addr)!;
    let assigned = isCurrent ? devshardAssignedUpperBoundForSlot(input.nonce, totalSlots, hs.slotId) : 0n;
    let slot = { missed: hs.missed, invalid: hs.invalid };
    if (rules.waiveChallengedMisses) ({ slot, assigned } = waiveDevshardMissesForActiveChallenge(states.get(addr)!.challenged, slot, assigned));
    if (!isCurrent) continue;
    const prev = merged.get(addr);
    const stats = aggregateDevshardHostStatsIntoCurrentEpochStats(prev?.stats ?? states.get(addr)!.stats, slot.missed, slot.invalid, assigned);
    const entry = { slotId: hs.slotId, missed: hs.missed, invalid: hs.invalid, assigned: devshardAssignedUpperBoundForSlot(input.nonce, totalSlots, hs.slotId), mergedMissed: slot.missed, mergedAssigned: assigned };
    merged.set(addr, { address: addr, stats, slots: [...(prev?.slots ?? []), entry] });
  }
  return { counted: [...merged.keys()].sort().map((a) => merged.get(a)!), notCounted };
}
