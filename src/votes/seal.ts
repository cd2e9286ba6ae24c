/** Sealing (devshard/state/seal.go): records folded into the sealed accumulator, one at a time, at the settlement drain, or by the auto-seal. */
import { wrapInt64, wrapUint64 } from "../go/int64.js";
import { Status, marshalInferenceEntry } from "./inference-record.js";
import { foldSealedAccumulator, sealedAccBytes32 } from "./state-hash.js";
import { cmpBig, type Draft } from "./draft.js";

/** Mirrors the per-record fold shared by SealInference, autoSealLocked and drainLiveIntoSealedAccLocked. */
export function sealOne(d: Draft, id: bigint, sealNonce: bigint): void {
  const rec = d.inferences.get(id)!;
  const entry = marshalInferenceEntry(id, rec);
  d.sealedAcc = foldSealedAccumulator(sealedAccBytes32(d.sealedAcc), sealNonce, id, entry);
  d.sealedNonces.set(id, sealNonce);
  d.sealedRecords.set(id, { sealedNonce: sealNonce, record: rec });
  d.inferences.delete(id);
}

/**
 * Mirrors StateMachine.settleLiveRecordLocked (v4 and v5; 85835b31 has no such step): the settlement
 * default applied to a still-live record just before the drain folds it.
 *   v4 (PR #1368, zpoken@89ff8bdb): Started → Finished, ActualCost = Reserved, executor Cost += Reserved;
 *       Pending → TimedOut, ActualCost = 0, Balance += Reserved (no Missed++).
 *   v5 (PR #1626, zpoken@86cff503): Started and Pending → Finished, ActualCost = Reserved, Cost += Reserved.
 *   Challenged and terminal records are sealed unchanged.
 */
export function settleLiveRecord(d: Draft, id: bigint): string | undefined {
  const drain = d.s.rules.drain;
  if (drain === "as-is") return undefined;
  const rec = d.inferences.get(id)!;
  const credit = rec.status === Status.Started || (rec.status === Status.Pending && drain === "credit-started-and-pending");
  if (credit) {
    d.inferences.set(id, { ...rec, status: Status.Finished, actualCost: rec.reservedCost });
    d.updateHostStats(rec.executorSlot, (h) => ({ ...h, cost: wrapUint64(h.cost + rec.reservedCost) }));
    return `drain: #${id} ${rec.status === Status.Started ? "started" : "pending"} → finished, slot ${rec.executorSlot} Cost += reserved ${rec.reservedCost}`;
  }
  if (rec.status === Status.Pending) {
    d.inferences.set(id, { ...rec, status: Status.TimedOut, actualCost: 0n });
    d.balance = wrapUint64(d.balance + rec.reservedCost);
    return `drain: #${id} pending → timed out, reserved ${rec.reservedCost} back to the escrow (no Missed++)`;
  }
  return undefined;
}

/** Mirrors StateMachine.drainLiveIntoSealedAccLocked: every live record, ascending id, settled (v4+) and folded. */
export function drainLive(d: Draft, sealNonce: bigint): string[] {
  const notes: string[] = [];
  for (const id of [...d.inferences.keys()].sort(cmpBig)) {
    const note = settleLiveRecord(d, id);
    if (note !== undefined) notes.push(note);
    sealOne(d, id, sealNonce);
  }
  return notes;
}

/** Mirrors state.FinishedClockRequiredSeconds (v5): max(grace, 0) + max(executionTimeout, 0) in int64. */
export function finishedClockRequiredSeconds(graceSeconds: bigint, executionTimeout: bigint): bigint {
  return wrapInt64((graceSeconds < 0n ? 0n : graceSeconds) + (executionTimeout < 0n ? 0n : executionTimeout));
}

/** Mirrors StateMachine.stateClockLocked: max ConfirmedAt > 0 over the last 3N live ids (0 = unknown). */
export function stateClock(d: Draft): bigint {
  if (d.inferences.size === 0) return 0n;
  let window = d.s.group.length * 3;
  if (window <= 0) window = 3;
  const ids = [...d.inferences.keys()].sort(cmpBig);
  const tail = ids.slice(Math.max(0, ids.length - window));
  let max = 0n;
  let any = false;
  for (const id of tail) {
    const c = d.inferences.get(id)!.confirmedAt;
    if (c <= 0n) continue;
    if (!any || c > max) max = c;
    any = true;
  }
  return any ? max : 0n;
}

/** Mirrors StateMachine.autoSealLocked (the Finished clock gate per the rules). */
export function autoSeal(d: Draft, sealNonce: bigint): void {
  if (d.inferences.size === 0) return;
  const graceNonces = BigInt(d.s.config.inferenceSealGraceNonces);
  const graceSeconds = BigInt(d.s.config.inferenceSealGraceSeconds);
  // v5: Finished records also wait out ExecutionTimeout (seal.go@86cff503); before, the grace alone.
  const required = d.s.rules.sealGateAddsExecutionTimeout ? finishedClockRequiredSeconds(graceSeconds, d.s.config.executionTimeout) : graceSeconds;
  const clock = stateClock(d);
  if (clock === 0n) return;
  const eligible: bigint[] = [];
  for (const [id, rec] of d.inferences) {
    const st = rec.status;
    if (st !== Status.Finished && st !== Status.Validated && st !== Status.Invalidated && st !== Status.TimedOut) continue;
    if (!(sealNonce >= wrapUint64(id + graceNonces))) continue;
    if (st !== Status.Finished) {
      eligible.push(id);
      continue;
    }
    const remaining = wrapInt64(required - wrapInt64(clock - rec.confirmedAt));
    if (remaining <= 0n) eligible.push(id);
  }
  for (const id of eligible.sort(cmpBig)) sealOne(d, id, sealNonce);
}
