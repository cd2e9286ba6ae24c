// Spec-note cases (vote-tally.md §4, G*/D*) through the port, asserting the end state the Go tests pin.
import { describe, expect, it } from "vitest";
import { Status } from "../../src/votes/inference-record.js";
import { applyLocal, applyLocalBestEffort } from "../../src/votes/state-machine.js";
import { computeVoteThreshold } from "../../src/votes/session-config.js";
import { ok, record, session, singles, timeout, val, vote } from "./helpers.js";

describe("ComputeVoteThreshold (G1, D18)", () => {
  it("floors in uint32 and falls back to N/2 for factor 0", () => {
    expect([computeVoteThreshold(6, 0), computeVoteThreshold(6, 50), computeVoteThreshold(6, 67), computeVoteThreshold(6, 100)]).toEqual([3, 3, 4, 6]);
    expect(computeVoteThreshold(16, 51)).toBe(8);
    expect(computeVoteThreshold(1, 50)).toBe(0);
    expect(computeVoteThreshold(4294967295n, 100)).toBe(42949671); // uint32 product wraps before /100
  });
});

describe("validation and votes", () => {
  it("G5: an invalid validation challenges, two invalid votes invalidate and claw back the cost", () => {
    let st = record(session(singles(5)), "finished");
    const bal = st.balance;
    st = ok(st, [val(st, 0, false)]);
    expect(st.inferences.get(1n)!.status).toBe(Status.Challenged);
    st = ok(st, [vote(st, 2, false), vote(st, 3, false)]);
    const rec = st.inferences.get(1n)!;
    expect(rec.status).toBe(Status.Invalidated);
    expect(st.hostStats.get(1)!).toMatchObject({ invalid: 1, cost: 0n });
    expect(st.balance).toBe(bal + 120n);
  });

  it("G10: the executor's own address may vote with its full weight", () => {
    let st = record(session(["A", "A", "B", "C"]), "finished");
    st = ok(st, [val(st, 2, false), vote(st, 0, false)]);
    expect(st.inferences.get(1n)!.votesInvalid).toBe(3);
    expect(st.inferences.get(1n)!.status).toBe(Status.Invalidated);
  });

  it("G11: a second slot of the same address is a duplicate vote and the strict diff rolls back", () => {
    let st = record(session(["A", "A", "B", "C", "D", "E"]), "finished");
    st = ok(st, [val(st, 2, false)]);
    const out = applyLocal(st, st.latestNonce + 1n, [vote(st, 0, false), vote(st, 1, false)]);
    expect(out.error?.sentinel).toBe("ErrDuplicateVote");
    expect(out.state).toBe(st);
  });

  it("D7: pre-challenge valid weight lets a single invalid vote resolve to Validated", () => {
    let st = record(session(singles(7)), "finished");
    for (const s of [0, 2, 3, 4]) st = ok(st, [val(st, s, true)]);
    st = ok(st, [val(st, 5, false), vote(st, 6, false)]);
    expect(st.inferences.get(1n)!).toMatchObject({ status: Status.Validated, votesValid: 4, votesInvalid: 2 });
  });

  it("D8: with factor 30 both tallies exceed T and invalid is checked first", () => {
    let st = record(session(["A", "B", "C", "D", "E", "F", "F", "F", "G", "G"], 30), "finished");
    for (const s of [0, 2, 3, 4]) st = ok(st, [val(st, s, true)]);
    st = ok(st, [val(st, 5, false), vote(st, 8, false)]);
    expect(st.inferences.get(1n)!).toMatchObject({ status: Status.Invalidated, votesValid: 4, votesInvalid: 5 });
  });

  it("D9/D10: a challenger heavier than T stays challenged until any vote arrives, even a valid one", () => {
    // inference 1 runs on slot 1 (X); A holds three slots, more than T = 2
    let st = record(session(["B", "X", "A", "A", "A"]), "finished");
    st = ok(st, [val(st, 2, false)]);
    expect(st.inferences.get(1n)!).toMatchObject({ status: Status.Challenged, votesInvalid: 3 });
    st = ok(st, [vote(st, 0, true)]);
    expect(st.inferences.get(1n)!).toMatchObject({ status: Status.Invalidated, votesValid: 1, votesInvalid: 3 });
    expect(st.hostStats.get(1)!.invalid).toBe(1);
  });

  it("D15: factor 100 never resolves", () => {
    let st = record(session(singles(5), 100), "finished");
    st = ok(st, [val(st, 0, false)]);
    for (const s of [2, 3, 4]) st = ok(st, [vote(st, s, false)]);
    st = ok(st, [vote(st, 1, false)]);
    expect(st.inferences.get(1n)!).toMatchObject({ status: Status.Challenged, votesInvalid: 5 });
  });

  it("G9/§1.3: a repeat validation is a silent no-op even with a bad signature", () => {
    let st = record(session(singles(5)), "finished");
    st = ok(st, [val(st, 0, true)]);
    const again = { ...val(st, 0, false), signer: "gonka1intruder" };
    const out = applyLocal(st, st.latestNonce + 1n, [again]);
    expect(out.error).toBeUndefined();
    expect(out.state.inferences.get(1n)).toEqual(st.inferences.get(1n));
  });
});

describe("timeouts", () => {
  it("G16/G18: three accepts time out a pending record (Missed++, reserve back); two are not enough", () => {
    let st = record(session(singles(5)), "pending");
    expect(applyLocal(st, st.latestNonce + 1n, [timeout(st, 1, [0, 2])]).error?.sentinel).toBe("ErrInsufficientVotes");
    st = ok(st, [timeout(st, 1, [0, 2, 3])]);
    expect(st.inferences.get(1n)!.status).toBe(Status.TimedOut);
    expect(st.hostStats.get(1)!.missed).toBe(1);
    expect(st.balance).toBe(10_000n);
  });

  it("G17/G21: the reason must match the status", () => {
    let st = record(session(singles(5)), "started");
    expect(applyLocal(st, st.latestNonce + 1n, [timeout(st, 1, [0, 2, 3])]).error?.sentinel).toBe("ErrInvalidTimeoutReason");
    st = ok(st, [timeout(st, 2, [0, 2, 3])]);
    expect(applyLocal(st, st.latestNonce + 1n, [timeout(st, 2, [0, 2, 3])]).error?.sentinel).toBe("ErrInvalidTimeoutReason");
  });

  it("G20: the executor's own weight-3 accept counts", () => {
    let st = record(session(["A", "A", "A", "B", "C"]), "pending");
    expect(applyLocal(st, st.latestNonce + 1n, [timeout(st, 1, [4])]).error?.sentinel).toBe("ErrInsufficientVotes");
    st = ok(st, [timeout(st, 1, [4, 0])]);
    expect(st.inferences.get(1n)!.status).toBe(Status.TimedOut);
  });

  it("best effort drops a failing vote but keeps the rest of the diff", () => {
    let st = record(session(singles(5)), "finished");
    st = ok(st, [val(st, 0, false)]);
    const out = applyLocalBestEffort(st, st.latestNonce + 1n, [vote(st, 0, false), vote(st, 2, false), vote(st, 3, false)]);
    expect(out.applied).toEqual([1, 2]);
    expect(out.state.inferences.get(1n)!.status).toBe(Status.Invalidated);
  });
});
