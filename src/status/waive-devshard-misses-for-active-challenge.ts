/** Mirrors keeper.(Keeper).WaiveDevshardMissesForActiveChallenge (keeper/poc_challenge.go, v0.2.16: #1811 at gonka-ai/gonka 136041c8, line 598). */

/** One slot's devshard host stats as the settlement merge reads them (uint32 counts as bigint). */
export interface SlotCounts {
  missed: bigint;
  invalid: bigint;
}

/**
 * v0.2.16: a host with an active PoC challenge record has every miss of the slot waived (all of the
 * epoch's, not only the challenge window's): missed becomes 0 and the slot's assigned count drops by
 * the misses waived, floored at 0. A host with no active record keeps both. `challenged` is
 * HasActiveChallengeRecord(host) in the settling block.
 */
export function waiveDevshardMissesForActiveChallenge(challenged: boolean, slot: SlotCounts, assignedToSlot: bigint): { slot: SlotCounts; assigned: bigint } {
  if (!challenged) return { slot, assigned: assignedToSlot };
  const original = slot.missed;
  return { slot: { ...slot, missed: 0n }, assigned: assignedToSlot >= original ? assignedToSlot - original : 0n };
}
