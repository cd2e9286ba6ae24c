/**
 * The devshard escrow session and its state (types.EscrowState plus the state machine's seal
 * bookkeeping), and NewStateMachine: the value every transition of state-machine.ts takes and returns.
 */
import { UINT64_MAX } from "../go/int64.js";
import { CURRENT_RULE, type TallyRule } from "./context-length-rule.js";
import { DevshardError, sentinelError } from "./devshard-errors.js";
import { devshardRulesFor, type DevshardRules } from "./devshard-rules.js";
import { ZERO_HOST_STATS, type HostStats, type InferenceRecord } from "./inference-record.js";
import { normalizeSessionConfig, type SessionConfig } from "./session-config.js";

export const Phase = { Active: 0, Finalizing: 1, Settlement: 2 } as const;

/** Injected check that `warm` is authorised to act for `cold` (state.WarmKeyResolver). */
export type WarmKeyResolver = (warm: string, cold: string) => boolean;

/** The constants of a session, fixed at construction (the StateMachine's lookup maps and options). */
export interface Session {
  readonly escrowId: string;
  readonly stateRootAndProtocolVersion: string;
  readonly userAddress: string;
  readonly config: SessionConfig;
  /** group[slot] = the slot's cold address (SlotID == index). */
  readonly group: readonly string[];
  readonly addressToSlotCount: ReadonlyMap<string, number>;
  readonly addressToSlots: ReadonlyMap<string, readonly number[]>;
  readonly warmResolver: WarmKeyResolver | null;
  readonly rule: TallyRule;
  /** The devshard protocol rules (by default those of the session tag). */
  readonly rules: DevshardRules;
}

/** A record as the observability store kept it when it was sealed. */
export interface SealedObservation {
  readonly sealedNonce: bigint;
  readonly record: InferenceRecord;
}

/** types.EscrowState plus the state machine's seal bookkeeping (sealedNonces, observability rows). */
export interface EscrowState {
  readonly session: Session;
  readonly balance: bigint;
  readonly fees: bigint;
  readonly phase: number;
  readonly finalizeNonce: bigint;
  readonly latestNonce: bigint;
  /** Live records by inference id. */
  readonly inferences: ReadonlyMap<bigint, InferenceRecord>;
  readonly hostStats: ReadonlyMap<number, HostStats>;
  readonly warmKeys: ReadonlyMap<number, string>;
  /** The v2 sealed accumulator (null until the first seal). */
  readonly sealedAcc: Uint8Array | null;
  readonly sealedNonces: ReadonlyMap<bigint, bigint>;
  readonly sealedRecords: ReadonlyMap<bigint, SealedObservation>;
}

/** The inputs of NewStateMachine. */
export interface NewSessionParams {
  escrowId: string;
  config: SessionConfig;
  group: readonly string[];
  balance: bigint;
  userAddress: string;
  stateRootAndProtocolVersion?: string;
  warmResolver?: WarmKeyResolver | null;
  rule?: TallyRule;
  /** Overrides the rules the tag selects (devshardRulesFor). */
  rules?: DevshardRules;
}

export const DEFAULT_STATE_ROOT_VERSION = "v2";

/** Mirrors state.NewStateMachine: derives the lookup maps, zeroes every slot's stats, charges the creation fee. */
export function newEscrowState(p: NewSessionParams): EscrowState {
  const n = p.group.length;
  const addressToSlotCount = new Map<string, number>();
  const addressToSlots = new Map<string, number[]>();
  p.group.forEach((addr, slot) => {
    addressToSlotCount.set(addr, wrapU32((addressToSlotCount.get(addr) ?? 0) + 1));
    const list = addressToSlots.get(addr) ?? [];
    list.push(slot);
    addressToSlots.set(addr, list);
  });
  for (const l of addressToSlots.values()) l.sort((a, b) => a - b);
  const config = normalizeSessionConfig(p.config, n);
  if (p.balance < config.createDevshardFee) {
    throw new DevshardError(
      "ErrInsufficientBalance",
      `insufficient escrow balance: create devshard fee ${config.createDevshardFee} exceeds escrow amount ${p.balance}`,
    );
  }
  const hostStats = new Map<number, HostStats>();
  for (let s = 0; s < n; s++) hostStats.set(s, ZERO_HOST_STATS);
  const tag = p.stateRootAndProtocolVersion ?? DEFAULT_STATE_ROOT_VERSION;
  const session: Session = {
    escrowId: p.escrowId,
    stateRootAndProtocolVersion: tag,
    userAddress: p.userAddress,
    config,
    group: [...p.group],
    addressToSlotCount,
    addressToSlots,
    warmResolver: p.warmResolver ?? null,
    rule: p.rule ?? CURRENT_RULE,
    rules: p.rules ?? devshardRulesFor(tag),
  };
  return {
    session,
    balance: p.balance - config.createDevshardFee,
    fees: config.createDevshardFee,
    phase: Phase.Active,
    finalizeNonce: 0n,
    latestNonce: 0n,
    inferences: new Map(),
    hostStats,
    warmKeys: new Map(),
    sealedAcc: null,
    sealedNonces: new Map(),
    sealedRecords: new Map(),
  };
}

/** Go's uint32 wrap of a slot count or vote weight. */
export const wrapU32 = (x: number): number => x >>> 0;

/** Mirrors state.tokenCost: (a + b) * price in uint64, ErrCostOverflow on overflow. */
export function tokenCost(a: bigint, b: bigint, price: bigint): bigint {
  const sum = a + b;
  if (sum > UINT64_MAX) throw sentinelError("ErrCostOverflow");
  const cost = sum * price;
  if (cost > UINT64_MAX) throw sentinelError("ErrCostOverflow");
  return cost;
}
