/** Plain-JSON views of the devshard state, in the shape the golden vectors record. */
import { bitmapBytes, bitmapSetBits } from "./bitmap128.js";
import { marshalInferenceEntry, statusName, type HostStats, type InferenceRecord } from "./inference-record.js";
import { computeStateRoot, lookupInference, type EscrowState } from "./state-machine.js";
import { toHex } from "./state-hash.js";

export type RecordView = Record<string, unknown>;

/** One record as the vectors show it: live (with its state-root entry) or sealed (with its seal nonce). */
export function recordView(state: EscrowState, id: bigint): RecordView | null {
  const found = lookupInference(state, id);
  if (!found) return null;
  const r: InferenceRecord = found.record;
  const head: RecordView = { inference_id: id, where: found.where };
  if (found.where === "sealed") head.sealed_nonce = found.sealedNonce;
  const view: RecordView = {
    ...head,
    status: r.status,
    status_name: statusName(r.status),
    executor_slot: r.executorSlot,
    votes_valid: r.votesValid,
    votes_invalid: r.votesInvalid,
    validated_by: bitmapSetBits(r.validatedBy),
    validated_by_hex: toHex(bitmapBytes(r.validatedBy)),
    reserved_cost: r.reservedCost,
    actual_cost: r.actualCost,
    input_tokens: r.inputTokens,
    output_tokens: r.outputTokens,
    started_at: r.startedAt,
    confirmed_at: r.confirmedAt,
  };
  if (found.where === "live") view.entry_hex = toHex(marshalInferenceEntry(id, r));
  return view;
}

/** One slot's counters in the vectors' shape. */
export function hostStatsView(slot: number, h: HostStats): Record<string, unknown> {
  return {
    slot,
    missed: h.missed,
    invalid: h.invalid,
    cost: h.cost,
    required_validations: h.requiredValidations,
    completed_validations: h.completedValidations,
  };
}

/** Every slot's counters, sorted by slot id (`nonZeroOnly`: the slots with any non-zero counter). */
export function hostStatsList(state: EscrowState, nonZeroOnly: boolean): Record<string, unknown>[] {
  return [...state.hostStats.entries()]
    .sort((a, b) => a[0] - b[0])
    .filter(([, h]) => !nonZeroOnly || h.missed !== 0 || h.invalid !== 0 || h.cost !== 0n || h.requiredValidations !== 0 || h.completedValidations !== 0)
    .map(([s, h]) => hostStatsView(s, h));
}

/** The state summary of a vote_tally_sequences step. */
export function stateView(state: EscrowState, inferenceId: bigint | undefined): Record<string, unknown> {
  return {
    phase: state.phase,
    latest_nonce: state.latestNonce,
    finalize_nonce: state.finalizeNonce,
    balance: state.balance,
    fees: state.fees,
    record: inferenceId === undefined ? null : recordView(state, inferenceId),
    host_stats: hostStatsList(state, true),
    warm_keys: [...state.warmKeys.entries()].sort((a, b) => a[0] - b[0]).map(([slot, address]) => ({ slot, address })),
    sealed_acc_hex: state.sealedAcc ? toHex(state.sealedAcc) : "",
    state_root: toHex(computeStateRoot(state)),
  };
}
