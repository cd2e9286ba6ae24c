/** The settlement punishment: a participant failing the miss test has its reward weight zeroed. */
import { GoError, GoPanic } from "../go/errors.js";
import { UINT64_MAX } from "../go/int64.js";
import { type ChainDecimal } from "../go/chain-decimal.js";
import type { Participant } from "./get-dynamic-p0.js";
import { missedStatTest } from "./missed-stat-test.js";
import { Decimal } from "../go/decimal.js";

export const NIL_DEREFERENCE = "runtime error: invalid memory address or nil pointer dereference";

/** Mirrors keeper.CheckAndPunishForDowntime (uint64 total, missed, reward; a Go error keeps the reward). */
export function checkAndPunishForDowntime(total: bigint, missed: bigint, reward: bigint, p0: ChainDecimal | null): bigint {
  if (total === 0n) return reward;
  if (p0 === null) throw new GoPanic(NIL_DEREFERENCE);
  return punished(total, missed, reward, Decimal.fromChain(p0));
}

/**
 * The miss test the punishment asks: missedStatTest (throwing GoError where Go returns an error), or
 * for evaluateEpoch one that also keeps each verdict's explanation, so that the test runs once a row.
 */
export type MissTestFn = (nMissed: bigint, nTotal: bigint, p0: Decimal) => boolean;

/** Whether the test passes for a total > 0 (p0 already a decimal): a Go error passes. */
function passes(total: bigint, missed: bigint, p0: Decimal, test: MissTestFn = missedStatTest): boolean {
  try {
    // int(uint64) on 64-bit Go: values >= 2^63 wrap negative and take the error path.
    return test(BigInt.asIntN(64, missed), BigInt.asIntN(64, total), p0);
  } catch (e) {
    if (e instanceof GoError) return true;
    throw e;
  }
}

/** The test and its outcome for a total > 0 (p0 already a decimal). */
function punished(total: bigint, missed: bigint, reward: bigint, p0: Decimal, test: MissTestFn = missedStatTest): bigint {
  return passes(total, missed, p0, test) ? reward : 0n;
}

/** The two counters of a participant as the punishment reads them: total = ic + missed (uint64, wrapping). */
export function downtimeCounts(participant: Participant): { total: bigint; missed: bigint } {
  const stats = participant.currentEpochStats;
  if (stats === null) throw new GoPanic(NIL_DEREFERENCE);
  return { total: (stats.inferenceCount + stats.missedRequests) & UINT64_MAX, missed: stats.missedRequests };
}

/** Mirrors keeper.CheckAndPunishForDowntimeForParticipant (panics on nil CurrentEpochStats, like Go). */
export function checkAndPunishForDowntimeForParticipant(participant: Participant, reward: bigint, p0: ChainDecimal | null): bigint {
  const { total, missed } = downtimeCounts(participant);
  return checkAndPunishForDowntime(total, missed, reward, p0);
}

/**
 * Mirrors keeper.CheckAndPunishForDowntimeForParticipants: updates `rewards` in participant order
 * (a missing address is read as 0 and then written; a repeated address sees its updated value), and
 * returns the addresses whose test failed (v0.2.16 returns that set; before, Go returned nothing and
 * the same test zeroed the same rewards). `test` is asked once for each participant with requests, in
 * order (MissTestFn).
 */
export function checkAndPunishForDowntimeForParticipants(
  participants: readonly Participant[],
  rewards: Map<string, bigint>,
  p0: ChainDecimal | null,
  test: MissTestFn = missedStatTest,
): Set<string> {
  // (checkAndPunishForDowntimeForParticipant for each, with p0 made a decimal once, when first needed)
  const failed = new Set<string>();
  let p0Decimal: Decimal | undefined;
  for (const participant of participants) {
    const reward = rewards.get(participant.address) ?? 0n;
    const { total, missed } = downtimeCounts(participant);
    if (total === 0n) {
      rewards.set(participant.address, reward);
      continue;
    }
    if (p0 === null) throw new GoPanic(NIL_DEREFERENCE);
    p0Decimal ??= Decimal.fromChain(p0);
    if (passes(total, missed, p0Decimal, test)) rewards.set(participant.address, reward);
    else {
      rewards.set(participant.address, 0n);
      failed.add(participant.address);
    }
  }
  return failed;
}

/** checkAndPunishForDowntime with p0 already a decimal (a caller asking for every participant makes it once). */
export function checkAndPunishForDowntimeAt(total: bigint, missed: bigint, reward: bigint, p0: Decimal): bigint {
  return total === 0n ? reward : punished(total, missed, reward, p0);
}
