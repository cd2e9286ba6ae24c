/**
 * Devshard settlement (devshard/state/settlement.go): the payload built from the final state and its
 * verification (state root recomputed with phase Settlement, 2/3+1 slot-weighted quorum of signatures).
 * Signatures are modelled: each entry is the address the signature recovers to (null: unrecoverable).
 */
import { GoError } from "../go/errors.js";
import type { HostStats } from "./inference-record.js";
import { Phase, computeRestHash, type EscrowState } from "./state-machine.js";
import { computeHostStatsHash, computeStateRootFromRestHash } from "./state-hash.js";

/** state.SettlementPayload. */
export interface SettlementPayload {
  escrowId: string;
  stateRootAndProtocolVersion: string;
  nonce: bigint;
  fees: bigint;
  restHash: Uint8Array;
  hostStats: ReadonlyMap<number, HostStats>;
  /** slot → recovered signer address. */
  signatures: ReadonlyMap<number, string | null>;
}

/** Mirrors state.BuildSettlement. */
export function buildSettlement(escrowId: string, st: EscrowState, signatures: ReadonlyMap<number, string | null>, nonce: bigint): SettlementPayload {
  return {
    escrowId,
    stateRootAndProtocolVersion: st.session.stateRootAndProtocolVersion,
    nonce,
    fees: st.fees,
    restHash: computeRestHash(st),
    hostStats: st.hostStats,
    signatures,
  };
}

/** The settlement state root the chain recomputes (phase byte fixed to Settlement). */
export function settlementStateRoot(payload: SettlementPayload): Uint8Array {
  return computeStateRootFromRestHash(
    computeHostStatsHash(payload.hostStats),
    payload.restHash,
    payload.fees,
    Phase.Settlement,
    payload.stateRootAndProtocolVersion,
  );
}

/** What VerifySettlement concluded, with the weight it counted. */
export interface SettlementVerdict {
  stateRoot?: Uint8Array;
  error?: GoError;
  signedWeight: number;
  required: number;
}

/**
 * Mirrors state.VerifySettlement. Go iterates the signature map in random order; this port visits
 * slots ascending, which only matters for which error is reported when several signatures are bad.
 */
export function verifySettlement(
  payload: SettlementPayload,
  group: readonly string[],
  warmKeys: ReadonlyMap<number, string> | null,
): SettlementVerdict {
  const n = group.length;
  const required = Math.floor((2 * n) / 3) + 1;
  let weight = 0;
  const fail = (msg: string): SettlementVerdict => ({ error: new GoError(msg), signedWeight: weight, required });
  if (n === 0) return fail("empty group");
  if (payload.stateRootAndProtocolVersion === "") return fail("empty state_root_and_protocol_version");
  const stateRoot = settlementStateRoot(payload);
  const addressSlots = new Map<string, number>();
  for (const a of group) addressSlots.set(a, (addressSlots.get(a) ?? 0) + 1);
  const verified = new Set<string>();
  for (const slot of [...payload.signatures.keys()].sort((a, b) => a - b)) {
    const addr = payload.signatures.get(slot)!;
    if (addr === null) return fail("recover address: signature does not recover to an address");
    const cold = slot >= 0 && slot < n ? group[slot] : undefined;
    if (cold === undefined) return fail(`slot ${slot} not in group`);
    // Go: `warmKeys == nil || warmKeys[slotID] != addr`: a map miss reads as "" (the zero value).
    if (addr !== cold && (warmKeys === null || (warmKeys.get(slot) ?? "") !== addr)) return fail(`signer ${addr} not in group`);
    if (verified.has(cold)) continue;
    verified.add(cold);
    weight = (weight + (addressSlots.get(cold) ?? 0)) >>> 0;
  }
  if (weight < required) return fail(`insufficient quorum: got ${weight}, need ${required}`);
  return { stateRoot, signedWeight: weight, required };
}
