/**
 * Whether saved answers hold every settlement batch that moved a participant's counters in an epoch:
 * shown by a devshard_host_epoch_stats answer (the chain's count of a host's batches per escrow epoch)
 * that the saved batches account for, or by every block of the window saved with its results. What
 * cannot be shown is a lack placed at the first block it leaves open: never a guessed path.
 */
import { groupDigits } from "../../format/numbers.js";
import type { DevshardBatchEvent, ReplayLack } from "../../status-replay/replay-input.js";
import { atLeast, type VersionChoice } from "../../versions/chain-version.js";
import type { SavedActivity } from "./saved-activity.js";

export interface CoverageInput {
  address: string;
  epoch: bigint;
  activity: SavedActivity;
  /** The participant's successful batches in the window, as read. */
  batches: readonly DevshardBatchEvent[];
  statsReset: bigint;
  effective: bigint;
  settlement: bigint;
  /** The previous epoch's members (null: its epoch group is not saved). */
  previousMembers: ReadonlySet<string> | null;
  versionAt: (h: bigint) => VersionChoice;
}

/** The first block of (from, to] not saved whole with its results; null when every one is. */
export function firstBlockMissing(activity: SavedActivity, from: bigint, to: bigint): bigint | null {
  for (let h = from + 1n; h <= to; h++) if (activity.blocks.get(h)?.resultsKnown !== true) return h;
  return null;
}

/**
 * Messages of escrow epoch `e` with an entry for `address`'s slots, anywhere in the folder: those that
 * surely are (succeeded, escrow saved), and those that may be (result or escrow not saved: each of those
 * is a lack of its own, named at its block).
 */
function savedBatchesOf(activity: SavedActivity, address: string, e: bigint): { sure: bigint; unsure: bigint } {
  let sure = 0n;
  let unsure = 0n;
  for (const t of activity.settles) {
    if (t.code !== null && t.code !== 0) continue;
    const escrow = activity.escrows.get(t.escrowId);
    if (escrow === undefined) unsure++;
    else if (escrow.epoch === e && t.hostStats.some((h) => escrow.slots[Number(h.slotId)] === address)) t.code === 0 ? sure++ : unsure++;
  }
  return { sure, unsure };
}

/** The chain's count of the host's batches of escrow epoch `e` matches the folder's (null), or what is missing. */
function countShows(c: CoverageInput, e: bigint): string | null | undefined {
  const stats = c.activity.hostEpochStats.find((s) => s.epoch === e && s.participant === c.address);
  if (stats === undefined) return undefined;
  const { sure: saved, unsure } = savedBatchesOf(c.activity, c.address, e);
  if (saved === stats.escrowCount) return null;
  // a batch saved without its result code or escrow may be one of the missing: where the others are is still unknown
  const maybe = unsure > 0n ? ` (and ${groupDigits(unsure)} more whose result code or escrow is not saved)` : "";
  return `the folder holds ${groupDigits(saved)}${maybe} of the ${groupDigits(stats.escrowCount)} settlement batches of epoch ${e}'s escrows holding ${c.address}'s slots that the chain counted (${stats.where})${saved > stats.escrowCount ? ": the answer predates some saved batches" : ""}`;
}

/** The lacks left by the saved batches of the window (statsReset, settlement]. */
export function batchCoverage(c: CoverageInput): ReplayLack[] {
  const out: ReplayLack[] = [];
  // batches of this epoch's escrows, after its start
  const shown = countShows(c, c.epoch);
  if (shown !== null) {
    const gap = firstBlockMissing(c.activity, c.effective, c.settlement);
    if (gap !== null) {
      out.push({
        input: shown ?? `every settlement batch of epoch ${c.epoch}'s escrows holding ${c.address}'s slots from block ${groupDigits(gap)} to ${groupDigits(c.settlement)}: a /devshard_host_epoch_stats/${c.epoch}/${c.address} answer (the chain's count of them), or every block of that range with its block_results`,
        detail: "a batch the folder does not hold moves the counters unseen",
        from: shown === undefined ? gap : c.effective + 1n,
      });
    }
  }
  // before the start: batches of the previous epoch's escrows after its settlement count into this epoch's counters up to v0.2.15
  const v = c.versionAt(c.statsReset + 1n);
  const counted = !atLeast(v.version, "v0.2.16") && (c.previousMembers === null || c.previousMembers.has(c.address));
  if (counted && c.effective > c.statsReset && firstBlockMissing(c.activity, c.statsReset, c.effective) !== null && countShows(c, c.epoch - 1n) !== null) {
    out.push({
      input: `the settlement batches of epoch ${c.epoch - 1n}'s escrows holding ${c.address}'s slots between block ${groupDigits(c.statsReset + 1n)} and epoch ${c.epoch}'s start (block ${groupDigits(c.effective)}): every block of that range with its block_results, or the /devshard_host_epoch_stats/${c.epoch - 1n}/${c.address} answer with every batch it counts`,
      detail: `under ${v.version} they count into epoch ${c.epoch}'s counters (the previous epoch's accounts are already settled; v0.2.16 leaves them out)${c.previousMembers === null ? `; whether ${c.address} was in epoch ${c.epoch - 1n}'s active set is not saved either` : ""}`,
      from: c.statsReset + 1n,
    });
  }
  return out;
}
