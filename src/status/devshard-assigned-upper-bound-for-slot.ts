/** Mirrors keeper.devshardAssignedUpperBoundForSlot (keeper/devshard_settlement.go at redstartechno/gonka@d8b8e907, v0.2.12; unchanged at ee730031 and in v0.2.16). */
import { GoError } from "../go/errors.js";

/**
 * How many requests a devshard session can have routed to slot `slotId` by its latest nonce: request
 * nonces start at 1 and nonce n goes to slot n mod slotCount, so slot 0 first serves nonce slotCount
 * and slot s > 0 nonce s; from there one in every slotCount. 0 before the slot's first nonce. A zero
 * slot count or a slot outside the escrow is a GoError (the settlement message fails). uint64 throughout.
 */
export function devshardAssignedUpperBoundForSlot(latestNonce: bigint, slotCount: bigint, slotId: bigint): bigint {
  if (slotCount === 0n) throw new GoError("slot count cannot be zero");
  if (slotId >= slotCount) throw new GoError(`slot ${slotId} out of range for slot count ${slotCount}`);
  const first = slotId === 0n ? slotCount : slotId;
  if (latestNonce < first) return 0n;
  return 1n + (latestNonce - first) / slotCount;
}
