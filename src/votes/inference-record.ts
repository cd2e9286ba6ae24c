/**
 * The devshard inference record and host counters (devshard/types/domain.go), and their deterministic
 * protobuf entries (InferenceRecordProto, HostStatsProto in proto/devshard/state.proto).
 */
import { bitmapBytes, type Bitmap128 } from "./bitmap128.js";
import { ProtoWriter } from "./proto-wire.js";

/** types.InferenceStatus (iota order). */
export const Status = {
  Pending: 0,
  Started: 1,
  Finished: 2,
  Challenged: 3,
  Validated: 4,
  Invalidated: 5,
  TimedOut: 6,
} as const;
export type InferenceStatus = (typeof Status)[keyof typeof Status];

/** Display names (devshardctl proxy.go), indexed by status. */
export const STATUS_NAMES = ["pending", "started", "finished", "challenged", "validated", "invalidated", "timed_out"] as const;

/** The display name of a status, or its number when out of range. */
export function statusName(s: number): string {
  return STATUS_NAMES[s] ?? String(s);
}

/** types.InferenceRecord: uint64/int64 fields are bigint, uint32 fields are numbers kept in [0, 2^32). */
export interface InferenceRecord {
  readonly status: InferenceStatus;
  readonly executorSlot: number;
  readonly model: string;
  readonly promptHash: Uint8Array;
  readonly responseHash: Uint8Array;
  readonly inputLength: bigint;
  readonly maxTokens: bigint;
  readonly inputTokens: bigint;
  readonly outputTokens: bigint;
  readonly reservedCost: bigint;
  readonly actualCost: bigint;
  readonly startedAt: bigint;
  readonly confirmedAt: bigint;
  readonly votesValid: number;
  readonly votesInvalid: number;
  readonly validatedBy: Bitmap128;
  /**
   * Devshard v5 (zpoken@86cff503 types.InferenceRecord): the chain heights the start / confirm stamps
   * observed, 0 when unstamped. The port replays no stamped message (see devshard-rules.ts), so they
   * stay 0 (absent) here and the entry bytes are those of every earlier version.
   */
  readonly startedAtHeight?: bigint;
  readonly confirmedAtHeight?: bigint;
}

/** types.HostStats, per slot. RequiredValidations and CompletedValidations are never written in this version. */
export interface HostStats {
  readonly missed: number;
  readonly invalid: number;
  readonly cost: bigint;
  readonly requiredValidations: number;
  readonly completedValidations: number;
}

export const ZERO_HOST_STATS: HostStats = { missed: 0, invalid: 0, cost: 0n, requiredValidations: 0, completedValidations: 0 };

/**
 * Mirrors state.marshalInferenceEntry: deterministic InferenceRecordProto bytes (validated_by always
 * 16 bytes). Fields 18/19 (started_at_height, confirmed_at_height) are v5's (zpoken@86cff503
 * state.proto); proto3 omits them when 0, so records without heights encode as at 85835b31.
 */
export function marshalInferenceEntry(id: bigint, r: InferenceRecord): Uint8Array {
  return new ProtoWriter()
    .uint(1, id)
    .uint(2, r.status)
    .uint(3, r.executorSlot)
    .string(4, r.model)
    .lengthDelimited(5, r.promptHash)
    .lengthDelimited(6, r.responseHash)
    .uint(7, r.inputLength)
    .uint(8, r.maxTokens)
    .uint(9, r.inputTokens)
    .uint(10, r.outputTokens)
    .uint(11, r.reservedCost)
    .uint(12, r.actualCost)
    .uint(13, r.startedAt)
    .uint(14, r.confirmedAt)
    .uint(15, r.votesValid)
    .uint(16, r.votesInvalid)
    .lengthDelimited(17, bitmapBytes(r.validatedBy))
    .uint(18, r.startedAtHeight ?? 0n)
    .uint(19, r.confirmedAtHeight ?? 0n)
    .finish();
}

/** Deterministic HostStatsProto bytes for one slot. */
export function marshalHostStatsEntry(slot: number, s: HostStats): Uint8Array {
  return new ProtoWriter()
    .uint(1, slot)
    .uint(2, s.missed)
    .uint(3, s.invalid)
    .uint(4, s.cost)
    .uint(5, s.requiredValidations)
    .uint(6, s.completedValidations)
    .finish();
}
