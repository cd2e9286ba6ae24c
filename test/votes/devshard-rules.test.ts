// Golden cases for the devshard rules by session tag (src/votes/devshard-rules.ts). The merged Go of
// devshard v4 (zpoken/gonka@89ff8bdb) and v5 (@86cff503) could not be compiled here (fixtures/README.md),
// so every expected value below is derived by hand from the saved Go text, the derivation in the comment
// beside it; state roots come from the independent byte-level reference in reference-root.ts.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import type { Json } from "../../src/go/json.js";
import { DEVSHARD_RULES, V5_ASSUMPTIONS, devshardRulesFor, type DevshardRulesName } from "../../src/votes/devshard-rules.js";
import { Status, marshalInferenceEntry } from "../../src/votes/inference-record.js";
import { sessionConfigAtBind } from "../../src/votes/session-config.js";
import { IDLE_HEIGHT_SYNC, hashHeightSyncEscrow, toHex } from "../../src/votes/state-hash.js";
import { applyLocal, applyTx, computeStateRoot, lookupInference, newEscrowState, type EscrowState } from "../../src/votes/state-machine.js";
import type { DevshardTx } from "../../src/votes/devshard-tx.js";
import { defaultSessionConfig } from "../../src/votes/session-config.js";
import { parseTallyFile, type TallyFile } from "../../src/votes/tally-file.js";
import { replayTally, type StepResult } from "../../src/votes/tally-replay.js";
import { CURRENT_RULE } from "../../src/votes/context-length-rule.js";
import { IDLE_HS_HASH, refEntry, refStateRoot, type RefRecord } from "./reference-root.js";

const G3 = ["gonka1a", "gonka1b", "gonka1c"];
const G5 = ["gonka1a", "gonka1b", "gonka1c", "gonka1d", "gonka1e"];
const PROMPT = "07";
const NO_FEES = { create_devshard_fee: 0, fee_per_nonce: 0 };

function parse(doc: Record<string, Json>, devshardRules?: DevshardRulesName): TallyFile {
  return parseTallyFile(doc, "t.json", { strictSlots: true, strictKeys: true, devshardRules });
}

function run(doc: Record<string, Json>, devshardRules?: DevshardRulesName): { steps: StepResult[]; final: EscrowState } {
  const r = replayTally(parse(doc, devshardRules), CURRENT_RULE);
  return { steps: r.steps, final: r.steps.length ? r.steps[r.steps.length - 1]!.state : r.afterSetup };
}

const start = (id: number, input: number, max: number): Json => ({ type: "start", inference_id: id, model: "llama", prompt_hash_hex: PROMPT, input_length: input, max_tokens: max, started_at: 1 });
const confirm = (id: number, at: number): Json => ({ type: "confirm", inference_id: id, confirmed_at: at });
const finish = (id: number, inTok: number, outTok: number): Json => ({ type: "finish", inference_id: id, input_tokens: inTok, output_tokens: outTok, response_hash_hex: "aa" });
const errorMiss = (id: number, slots: number[], extra: Record<string, Json> = {}): Json => ({ type: "error_miss", inference_id: id, votes: slots.map((s) => ({ voter_slot: s, accept: true })), ...extra });
const rec = (id: number, o: Partial<RefRecord>): RefRecord => ({
  id: BigInt(id), status: 0, slot: 0, model: "llama", prompt: Uint8Array.of(7), inputLength: 0n, maxTokens: 0n, reserved: 0n, actual: 0n, startedAt: 1n, confirmedAt: 0n, ...o,
});

describe("session tag → rules", () => {
  it("v2 and v3 are 85835b31's rules; v4, v5 their own; the Go source is named", () => {
    expect(devshardRulesFor("v2")).toBe(DEVSHARD_RULES.v2);
    expect(devshardRulesFor("v3")).toMatchObject({ ...DEVSHARD_RULES.v2, name: "v3", source: "kaitakuai/gonka@ee730031", bindSource: "kaitakuai/gonka@ee730031" });
    expect(devshardRulesFor("v4").source).toBe("zpoken/gonka@89ff8bdb");
    expect(devshardRulesFor("v5").source).toBe("zpoken/gonka@86cff503");
  });

  it("v4.1 runs its own entry (v4's switches; test/votes/devshard-v41.test.ts)", () => {
    expect(devshardRulesFor("v4.1")).toBe(DEVSHARD_RULES["v4.1"]);
    expect(devshardRulesFor("v4.1").source).toBe("gonka-ai/gonka@bb34d444");
  });

  it("a devshard v6 tag (\"v6\" as a v6 build stamps it, or a \"v6.x\" approved name) is refused in one line naming why and the override", () => {
    for (const tag of ["v6", "v6.0", "v6.1", "v6.0.0"]) {
      expect(() => devshardRulesFor(tag)).toThrow(InputError);
      expect(() => devshardRulesFor(tag)).toThrow(new RegExp(`^state_root_and_protocol_version: "${tag.replace(/\./g, "\\.")}": devshard v6 exists only as the devshard-v0\\.2\\.16-v6 branch, with no tagged release and no governance approval on record, so its rules are unknown; --devshard-rules R replays the session with the rules of R, on your own responsibility$`));
    }
    // Not v6: another tag that merely starts with "v6" is an unknown tag.
    expect(() => devshardRulesFor("v60")).toThrow(/unknown devshard session tag "v60"/);
    const f = parse({ group: G3, state_root_and_protocol_version: "v6", steps: [] }, "v5");
    expect(f.rules).toMatchObject({ source: "override", tag: "v6" });
    expect(f.rules.rules.name).toBe("v5");
    expect(f.stateRootAndProtocolVersion).toBe("v6");
  });

  it("an unknown tag is refused naming the known ones", () => {
    expect(() => parse({ group: G3, state_root_and_protocol_version: "v9", steps: [] })).toThrow(/unknown devshard session tag "v9" \(known: v2, v3, v4, v4\.1, v5;/);
    expect(() => newEscrowState({ escrowId: "e", config: sessionConfigAtBind(3, emptyRow(), DEVSHARD_RULES.v4), group: G3, balance: 10_000n, userAddress: "u", stateRootAndProtocolVersion: "" })).toThrow(/unknown devshard session tag ""/);
  });

  it("a file without a tag runs v2 (85835b31's compiled default), and says so", () => {
    expect(parse({ group: G3, steps: [] }).rules).toMatchObject({ source: "default", tag: "v2" });
  });
});

const emptyRow = () => ({
  tokenPrice: 0n, createDevshardFee: 0n, feePerNonce: 0n, inferenceSealGraceNonces: 0, inferenceSealGraceSeconds: 0, autoSealEveryNNonces: 0,
  validationRate: 0, voteThresholdFactor: 0, refusalTimeout: 0n, executionTimeout: 0n,
});

describe("bind (SessionConfigAtBind): v4/v5 take the factor from the escrow row; v5 also its timeouts", () => {
  it("threshold = uint32(N)*factor/100 from the row, N/2 without one; ExecutionTimeout defaults to 32*60", () => {
    // types.SessionConfigFromEscrow@89ff8bdb: cfg.VoteThreshold = ComputeVoteThreshold(N, fields.VoteThresholdFactor), always.
    expect(sessionConfigAtBind(5, { ...emptyRow(), voteThresholdFactor: 80 }, DEVSHARD_RULES.v4).voteThreshold).toBe(4);
    expect(sessionConfigAtBind(5, emptyRow(), DEVSHARD_RULES.v4)).toMatchObject({ voteThreshold: 2, executionTimeout: 1920n, refusalTimeout: 60n, validationRate: 5000 });
    // bridge/config.go@89ff8bdb copies no timeouts; @86cff503 copies both (overlaid when > 0).
    const row = { ...emptyRow(), refusalTimeout: 30n, executionTimeout: 50n, validationRate: 700 };
    expect(sessionConfigAtBind(5, row, DEVSHARD_RULES.v4)).toMatchObject({ refusalTimeout: 60n, executionTimeout: 1920n, validationRate: 700 });
    expect(sessionConfigAtBind(5, row, DEVSHARD_RULES.v5)).toMatchObject({ refusalTimeout: 30n, executionTimeout: 50n });
  });

  it("a tally file binds the escrow row per the rules; a top-level factor is refused under v4/v5", () => {
    expect(parse({ group: G5, state_root_and_protocol_version: "v4", escrow: { vote_threshold_factor: 80 }, steps: [] }).config.voteThreshold).toBe(4);
    const v4 = parse({ group: G5, state_root_and_protocol_version: "v4", escrow: { execution_timeout: 50 }, steps: [] });
    expect(v4.config.executionTimeout).toBe(1920n);
    expect(v4.notes).toEqual(["escrow.execution_timeout is not bound by rules v4 (SessionConfigAtBind, zpoken/gonka@89ff8bdb): the default 1920 s is used"]);
    expect(() => parse({ group: G5, state_root_and_protocol_version: "v5", factor: 50, steps: [] })).toThrow(/t\.json: factor: rules v5 take the vote-threshold factor from the escrow row only .* give escrow\.vote_threshold_factor/);
    expect(() => parse({ group: G5, escrow: { vote_threshold_factor: 50 }, steps: [] })).toThrow(/escrow\.vote_threshold_factor: rules v2 do not bind this escrow-row field .*: give the live factor as "factor"/);
    // both timeouts named, each with the default it keeps
    expect(parse({ group: G5, state_root_and_protocol_version: "v4", escrow: { refusal_timeout: 5, execution_timeout: 50 }, steps: [] }).notes).toEqual([
      "escrow.refusal_timeout is not bound by rules v4 (SessionConfigAtBind, zpoken/gonka@89ff8bdb): the default 60 s is used",
      "escrow.execution_timeout is not bound by rules v4 (SessionConfigAtBind, zpoken/gonka@89ff8bdb): the default 1920 s is used",
    ]);
    // v5 binds them: only the v5 assumptions are said
    expect(parse({ group: G5, state_root_and_protocol_version: "v5", escrow: { refusal_timeout: 5, execution_timeout: 50 }, steps: [] }).notes).toEqual([...V5_ASSUMPTIONS]);
    // without an escrow row: v2's compiled defaults (ExecutionTimeout 1200), v4/v5's bind of an empty row (32*60)
    expect(parse({ group: G5, steps: [] }).config).toMatchObject({ executionTimeout: 1200n, voteThreshold: 2 });
    expect(parse({ group: G5, state_root_and_protocol_version: "v4", steps: [] }).config).toMatchObject({ executionTimeout: 1920n, voteThreshold: 2 });
    expect(parse({ group: G5, state_root_and_protocol_version: "v5", steps: [] }).config).toMatchObject({ executionTimeout: 1920n, refusalTimeout: 60n });
    // --factor overrides the row's factor.
    expect(parseTallyFile({ group: G5, state_root_and_protocol_version: "v4", escrow: { vote_threshold_factor: 50 }, steps: [] }, "t.json", { strictSlots: true, strictKeys: true, factor: 100 }).config.voteThreshold).toBe(5);
  });
});

/** Two inferences left live at the drain: #1 Started (slot 1, reserved 100), #3 Pending (slot 0, reserved 100). */
const drainFile = (tag: string): Record<string, Json> => ({
  group: G3, state_root_and_protocol_version: tag, config: NO_FEES, initial_balance: 10_000,
  steps: [start(1, 10, 90), confirm(1, 1000), start(3, 20, 80), { type: "finalize_round" }, { mode: "strict", txs: [], repeat: 3 }],
});
// Nonces: 1 start, 2 confirm, 3 start, 4 finalize (FinalizeNonce 4), 5..7 empty: 7 >= 4 + N(3) → Settlement, drain at seal nonce 7.
// Balance before the drain: 10000 - 100 - 100 = 9800. Fees 0 (fee_per_nonce 0, creation fee 0).
const started1 = { slot: 1, inputLength: 10n, maxTokens: 90n, reserved: 100n, confirmedAt: 1000n };
const pending3 = { slot: 0, inputLength: 20n, maxTokens: 80n, reserved: 100n };

describe("settlement drain (settleLiveRecordLocked)", () => {
  it("v2: records sealed as they are; roots unchanged", () => {
    const { final, steps } = run(drainFile("v2"));
    expect(final).toMatchObject({ phase: 2, balance: 9800n, latestNonce: 7n });
    expect(steps.at(-1)!.notes).toEqual([]);
    expect([...final.hostStats.values()].map((h) => h.cost)).toEqual([0n, 0n, 0n]);
    const root = refStateRoot({
      balance: 9800n, fees: 0n, phase: 2, tag: "v2", hostStats: [[0, 0, 0n], [0, 0, 0n], [0, 0, 0n]], live: [], heightSyncHash: false,
      sealed: [{ nonce: 7n, rec: rec(1, { ...started1, status: Status.Started }) }, { nonce: 7n, rec: rec(3, { ...pending3, status: Status.Pending }) }],
    });
    expect(toHex(computeStateRoot(final))).toBe(root);
  });

  it("v4 (PR #1368): Started → Finished with Cost += reserved; Pending → TimedOut with the reserve refunded, no Missed", () => {
    const { final, steps } = run(drainFile("v4"));
    // Balance 9800 + 100 (the pending reserve); slot 1 Cost 0 + 100; slot 0 nothing (no Missed++).
    expect(final.balance).toBe(9900n);
    expect(final.hostStats.get(1)).toMatchObject({ cost: 100n, missed: 0 });
    expect(final.hostStats.get(0)).toMatchObject({ cost: 0n, missed: 0 });
    expect(lookupInference(final, 1n)).toMatchObject({ where: "sealed", sealedNonce: 7n, record: { status: Status.Finished, actualCost: 100n } });
    expect(lookupInference(final, 3n)).toMatchObject({ where: "sealed", record: { status: Status.TimedOut, actualCost: 0n } });
    expect(steps.at(-1)!.notes).toEqual(["drain: #1 started → finished, slot 1 Cost += reserved 100", "drain: #3 pending → timed out, reserved 100 back to the escrow (no Missed++)"]);
    const root = refStateRoot({
      balance: 9900n, fees: 0n, phase: 2, tag: "v4", hostStats: [[0, 0, 0n], [0, 0, 100n], [0, 0, 0n]], live: [], heightSyncHash: false,
      sealed: [{ nonce: 7n, rec: rec(1, { ...started1, status: Status.Finished, actual: 100n }) }, { nonce: 7n, rec: rec(3, { ...pending3, status: Status.TimedOut }) }],
    });
    expect(toHex(computeStateRoot(final))).toBe(root);
  });

  it("v5 (PR #1626): Pending is credited too: both Finished, Cost += reserved, no refund", () => {
    const { final, steps } = run(drainFile("v5"));
    expect(final.balance).toBe(9800n);
    expect(steps.at(-1)!.notes).toEqual(["drain: #1 started → finished, slot 1 Cost += reserved 100", "drain: #3 pending → finished, slot 0 Cost += reserved 100"]);
    expect([...final.hostStats.values()].map((h) => h.cost)).toEqual([100n, 100n, 0n]);
    expect(lookupInference(final, 3n)).toMatchObject({ record: { status: Status.Finished, actualCost: 100n } });
    const root = refStateRoot({
      balance: 9800n, fees: 0n, phase: 2, tag: "v5", hostStats: [[0, 0, 100n], [0, 0, 100n], [0, 0, 0n]], live: [], heightSyncHash: true,
      sealed: [{ nonce: 7n, rec: rec(1, { ...started1, status: Status.Finished, actual: 100n }) }, { nonce: 7n, rec: rec(3, { ...pending3, status: Status.Finished, actual: 100n }) }],
    });
    expect(toHex(computeStateRoot(final))).toBe(root);
  });
});

/** N = 5, T = 5*50/100 = 2 from the escrow row; #1 (slot 1): reserved 200, finished with 80+40 = 120 (surplus 80 back). */
const missFile = (txs: Json[], tag = "v5"): Record<string, Json> => ({
  group: G5, state_root_and_protocol_version: tag, escrow: { vote_threshold_factor: 50 }, config: NO_FEES, initial_balance: 10_000,
  setup: [start(1, 100, 100), confirm(1, 1000), finish(1, 80, 40)], steps: [{ mode: "strict", txs }],
});

describe("v5 MsgErrorMiss (applyErrorMiss, PR #1652)", () => {
  it("accepted: TimedOut, Missed++, the actual cost back to the escrow and off the executor's Cost; the record keeps its cost and tokens", () => {
    const { final, steps } = run(missFile([errorMiss(1, [0, 2, 3])]));
    expect(steps[0]!.error).toBeUndefined();
    expect(steps[0]!.notes).toEqual(["error miss: accept weight 3 > 2: timed out, slot 1 Missed++, actual cost 120 back to the escrow and off its Cost"]);
    // Balance 10000 - 200 + 80 = 9880 before; + ActualCost 120 = 10000. Cost 120 - 120 = 0.
    expect(final.balance).toBe(10_000n);
    expect(final.hostStats.get(1)).toEqual({ missed: 1, invalid: 0, cost: 0n, requiredValidations: 0, completedValidations: 0 });
    expect(final.inferences.get(1n)).toMatchObject({ status: Status.TimedOut, actualCost: 120n, inputTokens: 80n, outputTokens: 40n });
    const root = refStateRoot({
      balance: 10_000n, fees: 0n, phase: 0, tag: "v5", hostStats: [[0, 0, 0n], [1, 0, 0n], [0, 0, 0n], [0, 0, 0n], [0, 0, 0n]], sealed: [], heightSyncHash: true,
      live: [rec(1, { status: Status.TimedOut, slot: 1, inputLength: 100n, maxTokens: 100n, reserved: 200n, actual: 120n, inputTokens: 80n, outputTokens: 40n, confirmedAt: 1000n, response: Uint8Array.of(0xaa) })],
    });
    expect(toHex(computeStateRoot(final))).toBe(root);
  });

  it("only this record's actual cost leaves the executor's Cost: another record's stays", () => {
    // #1 and #6 both run on slot 1 (id mod 5), each finished at 80 + 40 = 120: Cost 240, then 120 after the error miss on #6
    const { final, steps } = run({
      ...missFile([]),
      steps: [{ mode: "strict", txs: [], repeat: 2 }, start(6, 100, 100), confirm(6, 1000), finish(6, 80, 40), { mode: "strict", txs: [errorMiss(6, [0, 2, 3])] }],
    });
    expect(steps.at(-2)!.state.hostStats.get(1)!.cost).toBe(240n);
    expect(steps.at(-1)!.error).toBeUndefined();
    expect(final.hostStats.get(1)).toMatchObject({ missed: 1, cost: 120n });
  });

  const rejected: [string, Json[], string, string][] = [
    ["two accept slots are not > T = 2", [errorMiss(1, [0, 2])], "ErrInsufficientVotes", "insufficient votes for timeout: need >2 accept votes, got 2"],
    ["a vote recovering to another key", [errorMiss(1, [0, 2, 3], { votes: [{ voter_slot: 0, accept: true }, { voter_slot: 3, accept: true, signer: "gonka1x" }] })], "ErrInvalidVoteSig", "invalid vote signature: vote from slot 3: expected gonka1d, got gonka1x"],
    ["the same address twice", [errorMiss(1, [0, 0, 2])], "ErrDuplicateVote", "duplicate vote from slot: slot 0"],
    ["an unrecoverable signature", [errorMiss(1, [], { votes: [{ voter_slot: 2, accept: true, signer: null }] })], "ErrInvalidVoteSig", "invalid vote signature: vote from slot 2: signature does not recover to an address"],
    ["an unknown inference", [errorMiss(42, [0, 2, 3])], "ErrInferenceNotFound", "inference not found: inference 42"],
  ];
  for (const [what, txs, sentinel, message] of rejected) {
    it(`rejected, ${what}: ${sentinel}`, () => {
      const { steps, final } = run(missFile(txs));
      expect(steps[0]!.error).toMatchObject({ sentinel, message });
      expect(final).toBe(steps[0]!.before); // applyCore rolls the diff back
    });
  }

  it("rejected before Finish, on a sealed record, and a late validation on the timed-out record", () => {
    const early = run({ ...missFile([errorMiss(1, [0, 2, 3]), finish(1, 80, 40)]), setup: [start(1, 100, 100), confirm(1, 1000)] });
    expect(early.steps[0]!.error).toMatchObject({ sentinel: "ErrInvalidTransition", message: "invalid status transition: error-miss requires finished, got 1" });
    const sealed = run({ ...missFile([]), steps: [{ seal_inference: 1 }, errorMiss(1, [0, 2, 3])] });
    expect(sealed.steps[1]!.error).toMatchObject({ sentinel: "ErrInvalidTransition", message: "invalid status transition: inference 1 is sealed" });
    const late = run(missFile([errorMiss(1, [0, 2, 3]), { type: "validation", inference_id: 1, validator_slot: 0, valid: true }]));
    expect(late.steps[0]!.error).toMatchObject({ sentinel: "ErrInvalidTransition", message: "invalid status transition: expected finished or later, got 6" });
  });

  it("does not exist before v5: a tally file is refused; the library replays Go's decode (no message set → ErrEmptyTx)", () => {
    expect(() => parse(missFile([errorMiss(1, [0, 2, 3])], "v4"))).toThrow(/steps\[0\]\.txs\[0\]\.type: "error_miss" \(MsgErrorMiss, DevshardTx field 14, PR #1652\) is a devshard v5 message; rules v4 have no such message/);
    const st = replayTally(parse(missFile([], "v4")), CURRENT_RULE).afterSetup;
    const out = applyTx(st, { type: "error_miss", inferenceId: 1n, votes: [] });
    expect(out.error).toMatchObject({ sentinel: "ErrEmptyTx", message: "devshard tx has no message set" });
    // Under v5 a voter slot outside the group: ErrSlotNotInGroup (the CLI refuses such a slot before replay).
    const v5 = replayTally(parse(missFile([])), CURRENT_RULE).afterSetup;
    const vote = { voterSlot: 9, accept: true, signer: "gonka1x" };
    expect(applyTx(v5, { type: "error_miss", inferenceId: 1n, votes: [vote] }).error).toMatchObject({ sentinel: "ErrSlotNotInGroup", message: "slot not in group: slot 9" });
  });
});

describe("v5 max_tokens floor (applyStartInference, completionapi.MinTokensFloor = 64)", () => {
  const file = (max: number, mode: string, tag = "v5"): Record<string, Json> => ({ group: G3, state_root_and_protocol_version: tag, config: NO_FEES, steps: [{ mode, txs: [start(1, 10, max)] }] });
  it("63 is refused in strict and best-effort diffs (the mandatory start aborts); 64 passes; the journal replay and v4 take 63", () => {
    expect(run(file(63, "strict")).steps[0]!.error).toMatchObject({ sentinel: "ErrMaxTokensBelowFloor", message: "max_tokens below min_tokens floor: max_tokens 63, floor 64" });
    expect(run(file(63, "best_effort")).steps[0]!.error?.message).toBe("mandatory start inference: max_tokens below min_tokens floor: max_tokens 63, floor 64");
    expect(run(file(64, "strict")).final.inferences.get(1n)?.reservedCost).toBe(74n);
    expect(run(file(63, "persisted")).final.inferences.get(1n)?.reservedCost).toBe(73n);
    expect(run(file(63, "strict", "v4")).final.inferences.get(1n)?.reservedCost).toBe(73n);
    expect(() => parse(file(63, "persisted", "v4"))).toThrow(/mode: "persisted" \(ApplyLocalPersisted, the journal replay\) is a devshard v5 path; rules v4 have none/);
  });
});

describe("auto-seal Finished clock gate: v5 adds ExecutionTimeout (FinishedClockRequiredSeconds)", () => {
  // Escrow row: grace 100 s, grace nonces 1, sweep every nonce, execution timeout 50 s (bound by v5 only).
  // #1 finished at nonce 3 with ConfirmedAt 1000; #4 confirmed at nonce 5 at 1120 (clock 1120), #6 at nonce 7 at 1150.
  // v4: remaining = 100 - (1120 - 1000) = -20 ≤ 0 → sealed at nonce 5. v5: 150 - 120 = 30 > 0; at nonce 7 150 - 150 = 0 → sealed at 7.
  const file = (tag: string): Record<string, Json> => ({
    group: G3, state_root_and_protocol_version: tag, config: NO_FEES,
    escrow: { inference_seal_grace_seconds: 100, inference_seal_grace_nonces: 1, auto_seal_every_n_nonces: 1, execution_timeout: 50 },
    steps: [start(1, 36, 64), confirm(1, 1000), finish(1, 50, 50), start(4, 36, 64), confirm(4, 1120), start(6, 36, 64), confirm(6, 1150)],
  });
  it("v4 seals #1 at nonce 5; v5 at nonce 7", () => {
    const v4 = run(file("v4"));
    expect(lookupInference(v4.steps[4]!.state, 1n)).toMatchObject({ where: "sealed", sealedNonce: 5n });
    const v5 = run(file("v5"));
    expect(lookupInference(v5.steps[4]!.state, 1n)?.where).toBe("live");
    expect(lookupInference(v5.steps[5]!.state, 1n)?.where).toBe("live");
    expect(lookupInference(v5.final, 1n)).toMatchObject({ where: "sealed", sealedNonce: 7n });
    // The v5 root after nonce 7: #1 folded at 7; #4, #6 live (Started); balance 10^7 - 3*100 + 0 surplus (100 actual of 100).
    const live = (id: number, at: number, slot: number): RefRecord => rec(id, { status: Status.Started, slot, inputLength: 36n, maxTokens: 64n, reserved: 100n, confirmedAt: BigInt(at) });
    const root = refStateRoot({
      balance: 10_000_000n - 300n, fees: 0n, phase: 0, tag: "v5", hostStats: [[0, 0, 0n], [0, 0, 100n], [0, 0, 0n]], heightSyncHash: true,
      sealed: [{ nonce: 7n, rec: rec(1, { status: Status.Finished, slot: 1, inputLength: 36n, maxTokens: 64n, reserved: 100n, actual: 100n, inputTokens: 50n, outputTokens: 50n, confirmedAt: 1000n, response: Uint8Array.of(0xaa) }) }],
      live: [live(4, 1120, 1), live(6, 1150, 0)],
    });
    expect(toHex(computeStateRoot(v5.final))).toBe(root);
  });
});

describe("v5 hashing", () => {
  it("the idle height-sync hash is sha256 of 52 zero bytes (hash.go@86cff503: 8*6+4 bytes, no reason)", () => {
    expect(toHex(hashHeightSyncEscrow(IDLE_HEIGHT_SYNC))).toBe(IDLE_HS_HASH.toString("hex"));
    expect(toHex(hashHeightSyncEscrow({ ...IDLE_HEIGHT_SYNC, forcedStart: 1n, reason: "ab" }))).toBe(
      sha256hex(Buffer.concat([Buffer.from("0000000000000001", "hex"), Buffer.alloc(40), Buffer.from("00000002", "hex"), Buffer.from("ab")])),
    );
  });

  it("a fresh v5 session's root appends the idle hash; the same state under v4 rules does not", () => {
    const mk = (tag: string) => newEscrowState({ escrowId: "e", config: sessionConfigAtBind(3, emptyRow(), DEVSHARD_RULES.v5), group: G3, balance: 50_000n, userAddress: "u", stateRootAndProtocolVersion: tag });
    const base = { balance: 40_000n, fees: 10_000n, phase: 0, hostStats: [[0, 0, 0n], [0, 0, 0n], [0, 0, 0n]] as [number, number, bigint][], sealed: [], live: [] };
    expect(toHex(computeStateRoot(mk("v5")))).toBe(refStateRoot({ ...base, tag: "v5", heightSyncHash: true }));
    expect(toHex(computeStateRoot(mk("v4")))).toBe(refStateRoot({ ...base, tag: "v4", heightSyncHash: false }));
  });

  it("record fields 18/19 follow field 17 and are omitted when 0 (state.proto@86cff503)", () => {
    const r = { ...rec(1, { status: Status.Started, slot: 1, reserved: 5n, confirmedAt: 9n }) };
    const record = { status: Status.Started, executorSlot: 1, model: "llama", promptHash: Uint8Array.of(7), responseHash: new Uint8Array(0), inputLength: 0n, maxTokens: 0n, inputTokens: 0n, outputTokens: 0n, reservedCost: 5n, actualCost: 0n, startedAt: 1n, confirmedAt: 9n, votesValid: 0, votesInvalid: 0, validatedBy: 0n } as const;
    expect(toHex(marshalInferenceEntry(1n, record))).toBe(refEntry(r).toString("hex"));
    const stamped = toHex(marshalInferenceEntry(1n, { ...record, startedAtHeight: 300n, confirmedAtHeight: 1n }));
    expect(stamped).toBe(refEntry(r).toString("hex") + "9001ac02" + "980101");
  });
});

describe("v2 roots are unchanged", () => {
  it("the examples' roots are those of the code before the rules switch (captured on main at e385f0d)", () => {
    const roots: Record<string, string> = {
      "tally-context-length.json": "01b91802d9af8247a14ccf115b635cfe1fcbe7b8a2535d4efc998f4aaae3e372",
      "tally-invalidated.json": "4fd76e9045793eac3a9779a7e84cae77a6f33ee16ebfb7d02baf1976822c063f",
      "tally-timed-out.json": "dd252196523b39536c2b297b3ddc1988cb0db22a6e6e3d70355ba6cbf9368bf2",
    };
    for (const [name, root] of Object.entries(roots)) {
      const doc = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "examples", name), "utf8")) as Record<string, Json>;
      const r = replayTally(parseTallyFile(doc, name, { strictSlots: true, strictKeys: true }), CURRENT_RULE);
      expect(toHex(computeStateRoot(r.steps.at(-1)!.state)), name).toBe(root);
    }
  });

  it("v3 runs the same transitions as v2: only the hashed tag differs", () => {
    const v2 = run(drainFile("v2")).final;
    const v3 = run(drainFile("v3")).final;
    expect({ ...v3, session: null }).toEqual({ ...v2, session: null });
  });
});

describe("refused: what devshard/heightsync would decide", () => {
  const withTx = (tx: Json, tag = "v5"): Record<string, Json> => ({ group: G3, state_root_and_protocol_version: tag, steps: [tx] });
  it("the height-sync messages, naming the message and why", () => {
    expect(() => parse(withTx({ type: "heartbeat" }))).toThrow(/^t\.json: steps\[0\]\.type: "heartbeat" \(MsgHeartbeat, DevshardTx field 10: its admission is the log plane's .*\) is not replayed: devshard\/heightsync was not read$/);
    expect(() => parse(withTx({ type: "force_height_sync_turn" }))).toThrow(/MsgForceHeightSyncTurn, DevshardTx field 9: .*ComputeCadenceSwallow/);
    expect(() => parse(withTx({ type: "height_ack" }))).toThrow(/MsgHeightAck, DevshardTx field 11: .*RecoverAckSigner/);
    expect(() => parse(withTx({ type: "heartbeat" }, "v4"))).toThrow(/"heartbeat" is a devshard v5 message; rules v4 have no such message/);
  });

  it("observed-height stamps", () => {
    expect(() => parse(withTx({ ...(start(1, 10, 64) as object), observed_height: 5 }))).toThrow(/steps\[0\]\.observed_height: observed-height stamps are not replayed: .*heightsync\.StampPresent/);
    expect(() => parse(withTx({ ...(confirm(1, 5) as object), observed_block_hash_hex: "ab" }, "v2"))).toThrow(/observed_block_hash_hex: observed-height stamps are devshard v5 fields; rules v2 have none/);
  });
});

describe("random sequences: the v4/v5 switches change only what their Go text says", () => {
  // The v2 replay is the one the Go fixtures check (audit.test.ts). The same random sequence (every
  // start with max_tokens >= 64, fewer than 150 nonces so no auto-seal runs) is replayed under v4 and
  // v5 with the same config: until the drain the states are identical; the drain then differs from
  // v2's by exactly settleLiveRecordLocked (v4: Balance += reserved of each Pending record, Cost +=
  // reserved of each Started one; v5: Cost += reserved of each Pending or Started one, Balance as v2).
  const opArb = fc.record({
    kind: fc.constantFrom("start", "confirm", "finish", "val", "vote", "timeout"),
    pick: fc.nat(40), slot: fc.nat(7), flag: fc.boolean(), tokens: fc.integer({ min: 64, max: 300 }),
  });
  const caseArb = fc.record({ n: fc.integer({ min: 3, max: 6 }), ops: fc.array(opArb, { maxLength: 60 }) });
  type Op = { kind: string; pick: number; slot: number; flag: boolean; tokens: number };

  function tx(st: EscrowState, op: Op): DevshardTx {
    const ids = [...st.inferences.keys()];
    const id = ids.length ? ids[op.pick % ids.length]! : 1n;
    const n = BigInt(st.session.group.length);
    const exec = Number(id % n);
    const g = st.session.group;
    switch (op.kind) {
      case "start":
        return { type: "start", inferenceId: st.latestNonce + 1n, promptHash: Uint8Array.of(1), model: "m", inputLength: 10n, maxTokens: BigInt(op.tokens), startedAt: 1n };
      case "confirm":
        return { type: "confirm", inferenceId: id, confirmedAt: 1000n + st.latestNonce, signer: g[exec]! };
      case "finish":
        return { type: "finish", inferenceId: id, responseHash: Uint8Array.of(2), inputTokens: 10n, outputTokens: BigInt(op.tokens % 97), executorSlot: exec, signer: g[exec]!, escrowId: "e" };
      case "val":
        return { type: "validation", inferenceId: id, validatorSlot: op.slot % g.length, valid: op.flag, signer: g[op.slot % g.length]!, escrowId: "e" };
      case "vote":
        return { type: "vote", inferenceId: id, voterSlot: op.slot % g.length, voteValid: op.flag, signer: g[op.slot % g.length]!, escrowId: "e" };
      default:
        return { type: "timeout", inferenceId: id, reason: op.flag ? 1 : 2, votes: g.map((a, s) => ({ voterSlot: s, accept: true, signer: a })) };
    }
  }

  it("holds on 300 random sessions", () => {
    fc.assert(
      fc.property(caseArb, ({ n, ops }) => {
        const group = Array.from({ length: n }, (_, i) => `gonka1h${i}`);
        const config = defaultSessionConfig(n);
        const mk = (name: "v2" | "v4" | "v5") => newEscrowState({ escrowId: "e", config, group, balance: 1_000_000_000n, userAddress: "u", stateRootAndProtocolVersion: name, rules: DEVSHARD_RULES[name] });
        const sts = { v2: mk("v2"), v4: mk("v4"), v5: mk("v5") };
        const step = (make: (st: EscrowState) => DevshardTx[]): void => {
          const txs = make(sts.v2);
          for (const k of ["v2", "v4", "v5"] as const) sts[k] = applyLocal(sts[k], sts[k].latestNonce + 1n, txs).state;
        };
        for (const op of ops) step((st) => [tx(st, op)]);
        const strip = (st: EscrowState) => ({ ...st, session: null });
        expect(strip(sts.v4)).toEqual(strip(sts.v2));
        expect(strip(sts.v5)).toEqual(strip(sts.v2));
        const live = [...sts.v2.inferences.values()];
        step(() => [{ type: "finalize_round" }]);
        for (let i = 0; i < n; i++) step(() => []);
        expect(sts.v2.phase).toBe(2);
        const sum = (f: (r: (typeof live)[number]) => boolean, slot?: number) =>
          live.filter((r) => f(r) && (slot === undefined || r.executorSlot === slot)).reduce((a, r) => a + r.reservedCost, 0n);
        const pending = (r: (typeof live)[number]) => r.status === Status.Pending;
        const started = (r: (typeof live)[number]) => r.status === Status.Started;
        expect(sts.v4.balance).toBe(sts.v2.balance + sum(pending));
        expect(sts.v5.balance).toBe(sts.v2.balance);
        for (let s = 0; s < n; s++) {
          expect(sts.v4.hostStats.get(s)!.cost).toBe(sts.v2.hostStats.get(s)!.cost + sum(started, s));
          expect(sts.v5.hostStats.get(s)!.cost).toBe(sts.v2.hostStats.get(s)!.cost + sum((r) => pending(r) || started(r), s));
          expect(sts.v4.hostStats.get(s)!.missed).toBe(sts.v2.hostStats.get(s)!.missed);
        }
      }),
      { numRuns: 300, seed: 20261201 },
    );
  });
});

function sha256hex(b: Buffer): string {
  return createHash("sha256").update(b).digest("hex");
}
