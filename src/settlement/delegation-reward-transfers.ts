/** v0.2.14: reward-only delegation penalties and transfers, applied to the weights after the miss test. */
import { GoError } from "../go/errors.js";
import { INT64_MAX, UINT64_MAX } from "../go/int64.js";
import { LegacyDec } from "../go/legacy-dec.js";
import { chainDecimalToLegacyDec, type ChainDecimal } from "../go/chain-decimal.js";
import type { DelegationRewardPenalty, DelegationRewardTransfer } from "./settlement-types.js";

/**
 * Mirrors keeper.delegationShareOfWeight (bitcoin_rewards.go@ee730031): trunc(share × weight), 0 on
 * nil/zero/error/weight > MaxInt64 (`maxExponentAbs`: ToLegacyDec's v0.2.15 exponent bound).
 */
export function delegationShareOfWeight(share: ChainDecimal | null, weight: bigint, maxExponentAbs: number | null = null): bigint {
  if (share === null || weight === 0n || weight > INT64_MAX) return 0n;
  let dec: LegacyDec;
  try {
    dec = chainDecimalToLegacyDec(share, maxExponentAbs);
  } catch (e) {
    if (e instanceof GoError) return 0n;
    throw e;
  }
  if (dec.i === 0n) return 0n;
  const amount = dec.mulInt64(weight).truncateInt64();
  return amount <= 0n ? 0n : amount;
}

/** One applied change, for the explanation. */
export interface DelegationChange {
  kind: "penalty" | "transfer-out" | "transfer-in";
  participant: string;
  amount: bigint;
  counterpart?: string;
}

/** Mirrors keeper.applyDelegationRewardPenalties (ee730031): each penalty removes its fraction of the weight before any penalty. */
export function applyDelegationRewardPenalties(weights: Map<string, bigint>, penalties: readonly (DelegationRewardPenalty | null)[], log: DelegationChange[] = [], maxExponentAbs: number | null = null): void {
  if (penalties.length === 0) return;
  const base = new Map(weights);
  for (const p of penalties) {
    if (p === null || p.participant === "") continue;
    const current = weights.get(p.participant);
    if (current === undefined) continue;
    let removed = delegationShareOfWeight(p.penaltyFraction, base.get(p.participant) ?? 0n, maxExponentAbs);
    if (removed > current) removed = current;
    if (removed === 0n) continue;
    weights.set(p.participant, current - removed);
    log.push({ kind: "penalty", participant: p.participant, amount: removed });
  }
}

/**
 * Mirrors keeper.applyDelegationRewardTransfers (ee730031): each transfer moves share × (the source's
 * weight before any transfer), clamped to what the source still has, to a destination that still
 * has positive weight (else the amount is dropped to governance); uint64 saturating add.
 */
export function applyDelegationRewardTransfers(weights: Map<string, bigint>, transfers: readonly (DelegationRewardTransfer | null)[], log: DelegationChange[] = [], maxExponentAbs: number | null = null): void {
  if (transfers.length === 0) return;
  const base = new Map(weights);
  for (const t of transfers) {
    if (t === null || t.from === "") continue;
    const current = weights.get(t.from);
    if (current === undefined) continue;
    let amount = delegationShareOfWeight(t.share, base.get(t.from) ?? 0n, maxExponentAbs);
    if (amount > current) amount = current;
    if (amount === 0n) continue;
    weights.set(t.from, current - amount);
    log.push({ kind: "transfer-out", participant: t.from, amount, counterpart: t.to });
    const dest = weights.get(t.to) ?? 0n;
    if (t.to !== "" && dest > 0n) {
      const sum = dest + amount;
      weights.set(t.to, sum > UINT64_MAX ? UINT64_MAX : sum);
      log.push({ kind: "transfer-in", participant: t.to, amount, counterpart: t.from });
    }
  }
}
