/**
 * The state machine's frame around the transitions (state-machine.ts, StateMachine.applyTx / applyCore /
 * localBestEffortLocked in devshard/state/machine.go): the nonce check and its words, what each path
 * rolls back and reports, the dispatch's no-ops and its empty message, the auto-seal interval's 0, and
 * that only Go's errors become outcomes (anything else is a fault and propagates).
 */
import { describe, expect, it } from "vitest";
import { DevshardError } from "../../src/votes/devshard-errors.js";
import type { DevshardTx } from "../../src/votes/devshard-tx.js";
import { defaultSessionConfig } from "../../src/votes/session-config.js";
import { toHex } from "../../src/votes/state-hash.js";
import {
  Phase, applyLocal, applyLocalBestEffort, applyTx, computeStateRoot, newEscrowState, type EscrowState,
} from "../../src/votes/state-machine.js";
import { ESCROW, ok, record, session } from "./helpers.js";

const G3 = ["gonka1a", "gonka1b", "gonka1c"];
const start = (id: bigint): DevshardTx => ({ type: "start", inferenceId: id, promptHash: Uint8Array.of(1), model: "llama", inputLength: 100n, maxTokens: 50n, startedAt: 1000n });
const START_NOTE = (id: bigint): string => `inference ${id} pending: executor slot ${id % 3n} (= id mod 3), reserved 150`;
const REVEAL: DevshardTx = { type: "reveal_seed", slotId: 0, signer: "gonka1a", escrowId: ESCROW };
const FINALIZE: DevshardTx = { type: "finalize_round" };
const REVEAL_NOTE = "reveal-seed is deprecated and ignored (no-op)";
const FINALIZE_NOTE = "finalize round: phase active → finalizing";
const NOT_FOUND: DevshardTx = { type: "vote", inferenceId: 99n, voterSlot: 0, voteValid: true, signer: "gonka1a", escrowId: ESCROW };

const rootHex = (st: EscrowState): string => toHex(computeStateRoot(st));

describe("the diff nonce (applyCore, localBestEffortLocked): latest + 1, else ErrInvalidNonce naming both", () => {
  for (const [name, apply] of [["strict", applyLocal], ["best effort", applyLocalBestEffort]] as const) {
    it(`${name}: a skipped, a repeated and a zero nonce are refused and nothing changes`, () => {
      const st = ok(session(G3), [start(1n)]);
      for (const [nonce, expected] of [[3n, 2n], [1n, 2n], [0n, 2n]] as const) {
        const out = apply(st, nonce, []);
        expect(out.error).toBeInstanceOf(DevshardError);
        expect(out.error?.sentinel).toBe("ErrInvalidNonce");
        expect(out.error?.message).toBe(`invalid nonce: must be sequential: expected ${expected}, got ${nonce}`);
        expect(out.state).toBe(st);
      }
      const next = apply(st, 2n, []);
      expect(next.error).toBeUndefined();
      expect(next.state.latestNonce).toBe(2n);
    });
  }

  it("the expected nonce wraps in uint64, as Go's LatestNonce + 1 does", () => {
    const st0 = session(G3);
    const st: EscrowState = { ...st0, latestNonce: 18446744073709551615n };
    expect(applyLocal(st, 18446744073709551616n, []).error?.message).toBe("invalid nonce: must be sequential: expected 0, got 18446744073709551616");
    const out = applyLocal(st, 0n, []);
    expect(out.error).toBeUndefined();
    expect(out.state.latestNonce).toBe(0n);
  });
});

describe("applyTx: one message, its note or Go's error", () => {
  it("reveal_seed is a no-op that says so; finalize_round moves Active → Finalizing, and a second is ErrAlreadyFinalizing", () => {
    const st = session(G3);
    const r = applyTx(st, REVEAL);
    expect(r).toEqual({ state: r.state, note: REVEAL_NOTE });
    expect(rootHex(r.state)).toBe(rootHex(st));
    const f = applyTx(st, FINALIZE);
    expect(f.error).toBeUndefined();
    expect(f.note).toBe(FINALIZE_NOTE);
    expect(f.state.phase).toBe(Phase.Finalizing);
    const again = applyTx(f.state, FINALIZE);
    expect(again.error?.sentinel).toBe("ErrAlreadyFinalizing");
    expect(again.note).toBe("session is already finalizing");
    expect(again.state.phase).toBe(Phase.Finalizing);
  });

  it("a message of no kind the dispatch knows is Go's ErrEmptyTx (no message set), as under v2 an error_miss is", () => {
    const st = session(G3);
    const out = applyTx(st, { type: "no_such_kind" } as unknown as DevshardTx);
    expect(out.error?.sentinel).toBe("ErrEmptyTx");
    expect(out.note).toBe("devshard tx has no message set");
    expect(rootHex(out.state)).toBe(rootHex(st));
    expect(applyTx(st, { type: "error_miss", inferenceId: 1n, votes: [] }).error?.sentinel).toBe("ErrEmptyTx");
  });
});

describe("what a diff reports (--explain)", () => {
  it("strict: one note per message, then the rejection, and the whole diff rolled back", () => {
    const st = session(G3);
    const good = applyLocal(st, 1n, [start(1n), REVEAL, FINALIZE]);
    expect(good.error).toBeUndefined();
    expect(good.notes).toEqual([START_NOTE(1n), REVEAL_NOTE, FINALIZE_NOTE]);
    const bad = applyLocal(st, 1n, [start(1n), FINALIZE, FINALIZE]);
    expect(bad.error?.sentinel).toBe("ErrAlreadyFinalizing");
    expect(bad.notes).toEqual([START_NOTE(1n), FINALIZE_NOTE, "diff rejected and rolled back: session is already finalizing"]);
    expect(bad.state).toBe(st);
    const pre = applyLocal(st, 1n, [start(2n)]);
    expect(pre.error?.sentinel).toBe("ErrInvalidInferenceID");
    expect(pre.notes).toEqual(["diff rejected and rolled back: inference_id must equal diff nonce"]);
  });

  it("best effort: a failing message is dropped and said so; the others apply", () => {
    const st = session(G3);
    const out = applyLocalBestEffort(st, 1n, [start(1n), NOT_FOUND, REVEAL]);
    expect(out.error).toBeUndefined();
    expect(out.applied).toEqual([0, 2]);
    expect(out.notes).toEqual([START_NOTE(1n), "dropped: inference not found: inference 99", REVEAL_NOTE]);
    expect(out.state.latestNonce).toBe(1n);
    expect(out.state.inferences.has(1n)).toBe(true);
  });

  it("best effort: a failing start aborts the diff (mandatory start inference), nothing kept", () => {
    const st = ok(session(G3), [FINALIZE]);
    const out = applyLocalBestEffort(st, 2n, [REVEAL, start(2n)]);
    expect(out.error?.sentinel).toBe("ErrSessionFinalizing");
    expect(out.error?.message).toBe("mandatory start inference: session is finalizing: no new inferences");
    expect(out.notes).toEqual([REVEAL_NOTE, "start failed: session is finalizing: no new inferences"]);
    expect(out.applied).toBeUndefined();
    expect(out.state).toBe(st);
  });

  it("best effort: the prechecks fail before any message, with no notes", () => {
    const st = session(G3);
    const two = applyLocalBestEffort(st, 1n, [start(1n), start(1n)]);
    expect(two.error?.sentinel).toBe("ErrMultipleStartMsgs");
    expect(two.notes).toEqual([]);
    expect(two.state).toBe(st);
    const wrongId = applyLocalBestEffort(st, 1n, [start(5n)]);
    expect(wrongId.error?.sentinel).toBe("ErrInvalidInferenceID");
    expect(wrongId.notes).toEqual([]);
  });

  it("best effort: the per-nonce fee failing after the messages rolls all back, the messages' notes kept", () => {
    const config = { ...defaultSessionConfig(3), createDevshardFee: 0n, feePerNonce: 600n };
    const st = newEscrowState({ escrowId: ESCROW, config, group: G3, balance: 1_000n, userAddress: "gonka1user" });
    const once = applyLocalBestEffort(st, 1n, [REVEAL]);
    expect(once.error).toBeUndefined();
    expect(once.state.balance).toBe(400n);
    const out = applyLocalBestEffort(once.state, 2n, [REVEAL, NOT_FOUND]);
    expect(out.error?.sentinel).toBe("ErrInsufficientBalance");
    expect(out.notes).toEqual([REVEAL_NOTE, "dropped: inference not found: inference 99"]);
    expect(out.applied).toBeUndefined();
    expect(out.state).toBe(once.state);
  });
});

describe("the auto-seal interval (autoSealInterval): 0 means the compiled default, 150", () => {
  /** Inference 1 finished at nonce 3, a later receipt moving the clock 10 s on; grace 1 nonce, 1 s. */
  function at(interval: number): EscrowState {
    const config = { ...defaultSessionConfig(3), createDevshardFee: 0n, feePerNonce: 0n, inferenceSealGraceNonces: 1, inferenceSealGraceSeconds: 1, autoSealEveryNNonces: 150 };
    let st = record(newEscrowState({ escrowId: ESCROW, config, group: G3, balance: 10_000n, userAddress: "gonka1user" }), "finished");
    // a session whose config was not normalized (built without newEscrowState) keeps its 0
    st = { ...st, session: { ...st.session, config: { ...st.session.config, autoSealEveryNNonces: interval } } };
    st = ok(st, [start(4n)]);
    st = ok(st, [{ type: "confirm", inferenceId: 4n, confirmedAt: 1010n, signer: "gonka1b" }]);
    return ok(st, []);
  }

  it("a session with interval 0 seals as one with 150 (not at every nonce, as interval 1 does)", () => {
    const every = at(1);
    expect(every.inferences.has(1n)).toBe(false);
    expect(every.sealedNonces.get(1n)).toBe(5n);
    const zero = at(0);
    expect(zero.inferences.has(1n)).toBe(true);
    expect(rootHex(zero)).toBe(rootHex(at(150)));
    expect(rootHex(zero)).not.toBe(rootHex(every));
  });
});

describe("only Go's errors are outcomes: any other exception propagates", () => {
  const fault = new Error("not a Go error");
  const throwingKind = (): DevshardTx => ({ get type(): never { throw fault; } }) as unknown as DevshardTx;
  const throwingId = (): DevshardTx =>
    ({ type: "vote", voterSlot: 0, voteValid: true, signer: "gonka1a", escrowId: ESCROW, get inferenceId(): never { throw fault; } }) as unknown as DevshardTx;

  it("applyTx and a strict diff rethrow it", () => {
    const st = session(G3);
    expect(() => applyTx(st, throwingKind())).toThrow(fault);
    expect(() => applyLocal(st, 1n, [throwingKind()])).toThrow(fault);
    expect(() => applyLocal(st, 1n, [REVEAL, throwingId()])).toThrow(fault);
  });

  it("best effort rethrows it from the prechecks, from a message (not dropped) and from the fee", () => {
    const st = session(G3);
    expect(() => applyLocalBestEffort(st, 1n, [throwingKind()])).toThrow(fault);
    expect(() => applyLocalBestEffort(st, 1n, [REVEAL, throwingId()])).toThrow(fault);
    const config = Object.defineProperty({ ...st.session.config }, "feePerNonce", { get: (): never => { throw fault; } });
    const broken: EscrowState = { ...st, session: { ...st.session, config } };
    expect(() => applyLocalBestEffort(broken, 1n, [REVEAL])).toThrow(fault);
  });
});
