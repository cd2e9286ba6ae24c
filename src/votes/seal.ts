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

/** Mirrors StateMachine.drainLiveIntoSealedAccLocked: every live record, ascending id, as-is. */
export function drainLive(d: Draft, sealNonce: bigint): void {
  for (const id of [...d.inferences.keys()].sort(cmpBig)) sealOne(d, id, sealNonce);
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

/** Mirrors StateMachine.autoSealLocked. */
export function autoSeal(d: Draft, sealNonce: bigint): void {
  if (d.inferences.size === 0) return;
  const graceNonces = BigInt(d.s.config.inferenceSealGraceNonces);
  const graceSeconds = BigInt(d.s.config.inferenceSealGraceSeconds);
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
    const remaining = wrapInt64(graceSeconds - wrapInt64(clock - rec.confirmedAt));
    if (remaining <= 0n) eligible.push(id);
  }
  for (const id of eligible.sort(cmpBig)) sealOne(d, id, sealNonce);
}
