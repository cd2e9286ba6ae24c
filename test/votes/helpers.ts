// Small builders for the vote-tally tests: a session, a record brought to Finished, message makers.
import { computeVoteThreshold, defaultSessionConfig } from "../../src/votes/session-config.js";
import { applyLocal, newEscrowState, type EscrowState } from "../../src/votes/state-machine.js";
import type { DevshardTx } from "../../src/votes/devshard-tx.js";

export const ESCROW = "escrow-1";

/** A session over `group` (slot → address) with threshold from `factor`, no fees, balance 10000. */
export function session(group: string[], factor = 50): EscrowState {
  const config = { ...defaultSessionConfig(group.length), createDevshardFee: 0n, feePerNonce: 0n, voteThreshold: computeVoteThreshold(group.length, factor) };
  return newEscrowState({ escrowId: ESCROW, config, group, balance: 10_000n, userAddress: "gonka1user" });
}

/** Apply one strict diff and insist it succeeds. */
export function ok(st: EscrowState, txs: DevshardTx[]): EscrowState {
  const out = applyLocal(st, st.latestNonce + 1n, txs);
  if (out.error) throw new Error(`unexpected ${out.error.sentinel}: ${out.error.message}`);
  return out.state;
}

/** Start inference 1 (executor slot 1 % N) and bring it to `upTo`. */
export function record(st: EscrowState, upTo: "pending" | "started" | "finished"): EscrowState {
  const exec = Number(1n % BigInt(st.session.group.length));
  st = ok(st, [{ type: "start", inferenceId: 1n, promptHash: new Uint8Array([1, 2, 3]), model: "llama", inputLength: 100n, maxTokens: 50n, startedAt: 1000n }]);
  if (upTo === "pending") return st;
  st = ok(st, [{ type: "confirm", inferenceId: 1n, confirmedAt: 1000n, signer: st.session.group[exec]! }]);
  if (upTo === "started") return st;
  return ok(st, [
    { type: "finish", inferenceId: 1n, responseHash: new Uint8Array([9]), inputTokens: 80n, outputTokens: 40n, executorSlot: exec, signer: st.session.group[exec]!, escrowId: ESCROW },
  ]);
}

export const val = (st: EscrowState, slot: number, valid: boolean): DevshardTx => ({
  type: "validation", inferenceId: 1n, validatorSlot: slot, valid, signer: st.session.group[slot] ?? "gonka1nobody", escrowId: ESCROW,
});

export const vote = (st: EscrowState, slot: number, valid: boolean): DevshardTx => ({
  type: "vote", inferenceId: 1n, voterSlot: slot, voteValid: valid, signer: st.session.group[slot] ?? "gonka1nobody", escrowId: ESCROW,
});

export const timeout = (st: EscrowState, reason: number, slots: number[], accept = true): DevshardTx => ({
  type: "timeout", inferenceId: 1n, reason, votes: slots.map((s) => ({ voterSlot: s, accept, signer: st.session.group[s] ?? "gonka1nobody" })),
});

/** Single-slot addresses gonka1h0..gonka1h{n-1}. */
export const singles = (n: number): string[] => Array.from({ length: n }, (_, i) => `gonka1h${i}`);
