/**
 * The shared transitions the devshard rules switch, one outcome each: what a start, receipt and finish
 * say and refuse, the v5 seal gate's clock and bound, the bind's timeouts, the rule choice's words and
 * the hashes' order (Go sorts map keys; a state may be built in any order through ApplyTx).
 */
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import { InputError } from "../../src/errors.js";
import { CURRENT_RULE } from "../../src/votes/context-length-rule.js";
import { DEVSHARD_RULES, chooseDevshardRules } from "../../src/votes/devshard-rules.js";
import type { DevshardTx } from "../../src/votes/devshard-tx.js";
import { finishedClockRequiredSeconds } from "../../src/votes/seal.js";
import { checkVoteThresholdFactor, defaultSessionConfig, sessionConfigAtBind } from "../../src/votes/session-config.js";
import { computeHostStatsHash, computeInferencesHash, toHex } from "../../src/votes/state-hash.js";
import { applyLocal, applyTx, computeStateRoot, lookupInference, newEscrowState, type EscrowState } from "../../src/votes/state-machine.js";
import { parseTallyFile } from "../../src/votes/tally-file.js";
import { replayTally } from "../../src/votes/tally-replay.js";
import { ESCROW, session } from "./helpers.js";

const G3 = ["gonka1a", "gonka1b", "gonka1c"];
const startTx = (id: bigint, maxTokens = 50n): DevshardTx => ({ type: "start", inferenceId: id, promptHash: Uint8Array.of(1), model: "llama", inputLength: 100n, maxTokens, startedAt: 1000n });

describe("the rules a session runs, in words", () => {
  it("an override names itself and the tag still hashed; a tag names the field it comes from", () => {
    expect(chooseDevshardRules("v4.1", "v4", "p")).toEqual({
      rules: DEVSHARD_RULES.v4,
      source: "override",
      tag: "v4.1",
      detail: '--devshard-rules v4 (session tag "v4.1" is still the one hashed into the root)',
    });
    expect(chooseDevshardRules("v5", undefined, "p")).toEqual({ rules: DEVSHARD_RULES.v5, source: "tag", tag: "v5", detail: 'session tag "v5" (state_root_and_protocol_version)' });
    expect(chooseDevshardRules(undefined, undefined, "p")).toMatchObject({ rules: DEVSHARD_RULES.v2, source: "default", tag: "v2" });
  });
});

describe("session config", () => {
  it("a vote threshold factor is a percentage: below 0 and above 100 are refused naming the place", () => {
    expect(checkVoteThresholdFactor(0n, "f")).toBe(0);
    expect(checkVoteThresholdFactor(100n, "f")).toBe(100);
    for (const bad of [-1n, 101n]) {
      expect(() => checkVoteThresholdFactor(bad, "f")).toThrow(InputError);
      expect(() => checkVoteThresholdFactor(bad, "f")).toThrow(`f: expected a percentage between 0 and 100 (vote_threshold_factor; 0 gives N/2), got ${bad}`);
    }
  });

  it("v5 binds the escrow row's timeouts only where they are set: 0 keeps the defaults (60 s, 32*60 s)", () => {
    const row = { tokenPrice: 0n, createDevshardFee: 0n, feePerNonce: 0n, inferenceSealGraceNonces: 0, inferenceSealGraceSeconds: 0, autoSealEveryNNonces: 0, validationRate: 0, voteThresholdFactor: 0, refusalTimeout: 0n, executionTimeout: 0n };
    expect(sessionConfigAtBind(3, row, DEVSHARD_RULES.v5)).toMatchObject({ refusalTimeout: 60n, executionTimeout: 1920n });
    expect(sessionConfigAtBind(3, { ...row, refusalTimeout: 7n, executionTimeout: 9n }, DEVSHARD_RULES.v5)).toMatchObject({ refusalTimeout: 7n, executionTimeout: 9n });
    expect(sessionConfigAtBind(3, { ...row, refusalTimeout: 7n, executionTimeout: 9n }, DEVSHARD_RULES.v4)).toMatchObject({ refusalTimeout: 60n, executionTimeout: 1920n });
  });
});

describe("start, receipt, finish", () => {
  it("each says what it did", () => {
    let st = session(G3);
    const a = applyLocal(st, 1n, [startTx(1n)]);
    expect(a.notes[0]).toBe("inference 1 pending: executor slot 1 (= id mod 3), reserved 150");
    st = a.state;
    const b = applyLocal(st, 2n, [{ type: "confirm", inferenceId: 1n, confirmedAt: 1000n, signer: G3[1]! }]);
    expect(b.notes[0]).toBe("inference 1 started: executor slot 1 signed the receipt");
    const c = applyLocal(b.state, 3n, [{ type: "finish", inferenceId: 1n, responseHash: Uint8Array.of(9), inputTokens: 80n, outputTokens: 40n, executorSlot: 1, signer: G3[1]!, escrowId: ESCROW }]);
    expect(c.notes[0]).toBe("inference 1 finished: actual cost 120 (surplus 30 back to the escrow), slot 1 Cost += 120");
  });

  it("ApplyTx (no diff nonce) refuses a second start of a live id, and a receipt whose signature recovers to nobody", () => {
    const st = applyTx(session(G3), startTx(5n)).state;
    const again = applyTx(st, startTx(5n));
    expect(again.error).toMatchObject({ sentinel: "ErrDuplicateInferenceID" });
    const none = applyTx(st, { type: "confirm", inferenceId: 5n, confirmedAt: 1000n, signer: null });
    expect(none.error).toMatchObject({ sentinel: "ErrInvalidExecutorSig" });
    expect(none.note).toBe("invalid executor signature: signature does not recover to an address");
  });
});

describe("the seal gate's clock (v5: grace + ExecutionTimeout)", () => {
  it("a negative grace or timeout counts as 0", () => {
    expect(finishedClockRequiredSeconds(-5n, 10n)).toBe(10n);
    expect(finishedClockRequiredSeconds(5n, -10n)).toBe(5n);
    expect(finishedClockRequiredSeconds(5n, 10n)).toBe(15n);
  });

  it("the clock is the latest receipt time, not the newest record's: an older receipt later in time holds the clock", () => {
    // grace 1 nonce and 100 s, auto-seal every nonce: #1 confirmed at 5000, #4 at 1000. The clock is 5000, so #4
    // (finished, 4000 s behind) is sealed at nonce 6 while #1 (0 s behind) waits; a clock of 1000 would seal neither.
    const start = (id: number): Json => ({ type: "start", inference_id: id, model: "llama", prompt_hash_hex: "07", input_length: 10, max_tokens: 90, started_at: 1 });
    const confirm = (id: number, at: number): Json => ({ type: "confirm", inference_id: id, confirmed_at: at });
    const finish = (id: number): Json => ({ type: "finish", inference_id: id, input_tokens: 10, output_tokens: 10, response_hash_hex: "aa" });
    const doc: Record<string, Json> = {
      group: G3,
      state_root_and_protocol_version: "v2",
      config: { create_devshard_fee: 0, fee_per_nonce: 0, inference_seal_grace_nonces: 1, inference_seal_grace_seconds: 100, auto_seal_every_n_nonces: 1 },
      initial_balance: 10_000,
      steps: [start(1), confirm(1, 5000), finish(1), start(4), confirm(4, 1000), finish(4)],
    };
    const r = replayTally(parseTallyFile(doc, "t.json", { strictSlots: true, strictKeys: true }), CURRENT_RULE);
    const final = r.steps.at(-1)!.state;
    expect(r.steps.every((s) => s.error === undefined)).toBe(true);
    expect(lookupInference(final, 4n)).toMatchObject({ where: "sealed", sealedNonce: 6n });
    expect(lookupInference(final, 1n)).toMatchObject({ where: "live" });
  });
});

describe("hashes over maps: entries in key order, whatever order the map was built in", () => {
  it("live records started out of order (ApplyTx) hash as when started in order", () => {
    const build = (ids: bigint[]) => ids.reduce((st, id) => applyTx(st, startTx(id)).state, session(G3));
    const want = toHex(computeInferencesHash(build([1n, 2n, 3n]).inferences));
    for (const ids of [[1n, 3n, 2n], [2n, 1n, 3n], [2n, 3n, 1n], [3n, 1n, 2n], [3n, 2n, 1n]]) {
      const m = build(ids).inferences;
      expect([...m.keys()]).toEqual(ids);
      expect(toHex(computeInferencesHash(m)), ids.join(",")).toBe(want);
    }
  });

  it("host stats by slot, whatever the map's order", () => {
    const h = (cost: bigint) => ({ missed: 0, invalid: 0, cost, requiredValidations: 0, completedValidations: 0 });
    const want = toHex(computeHostStatsHash(new Map([[0, h(1n)], [1, h(2n)], [2, h(3n)], [3, h(4n)]])));
    for (const order of [[3, 2, 1, 0], [2, 0, 3, 1], [1, 3, 0, 2]]) {
      expect(toHex(computeHostStatsHash(new Map(order.map((s) => [s, h(BigInt(s) + 1n)])))), order.join(",")).toBe(want);
    }
  });
});

describe("sealing folds records in id order, whatever order the live map holds them in", () => {
  // Records started through ApplyTx (no diff nonce) in the order given, each confirmed at `at` by its executor
  // (slot id mod 3) and finished; then empty diffs from nonce 1 to `to` (optionally a finalize round first).
  function sealedRoot(ids: bigint[], at: (id: bigint) => bigint, to: bigint, finalize: boolean, autoSealEvery: number): { root: string; st: EscrowState } {
    const config = { ...defaultSessionConfig(3), createDevshardFee: 0n, feePerNonce: 0n, inferenceSealGraceNonces: 1, inferenceSealGraceSeconds: 100, autoSealEveryNNonces: autoSealEvery };
    let st = newEscrowState({ escrowId: ESCROW, config, group: G3, balance: 10_000n, userAddress: "gonka1user" });
    for (const id of ids) {
      const slot = Number(id % 3n);
      st = applyTx(st, startTx(id)).state;
      st = applyTx(st, { type: "confirm", inferenceId: id, confirmedAt: at(id), signer: G3[slot]! }).state;
      st = applyTx(st, { type: "finish", inferenceId: id, responseHash: Uint8Array.of(9), inputTokens: 10n, outputTokens: 10n, executorSlot: slot, signer: G3[slot]!, escrowId: ESCROW }).state;
    }
    for (let n = 1n; n <= to; n++) {
      const out = applyLocal(st, n, finalize && n === 1n ? [{ type: "finalize_round" }] : []);
      if (out.error) throw new Error(out.error.message);
      st = out.state;
    }
    return { root: toHex(computeStateRoot(st)), st };
  }

  it("the settlement drain", () => {
    // finalize at nonce 1, Settlement at 1 + N = 4: the drain folds every live record
    const a = sealedRoot([2n, 5n, 7n], () => 1000n, 4n, true, 0);
    const b = sealedRoot([7n, 5n, 2n], () => 1000n, 4n, true, 0);
    expect(a.st.phase).toBe(2);
    expect(a.st.inferences.size).toBe(0);
    expect(b.root).toBe(a.root);
  });

  it("the auto-seal", () => {
    // auto-seal at nonce 6 only: #2 and #5 (receipts at 1000, the clock 5000 from #7) are both due; #7 is not
    const at = (id: bigint) => (id === 7n ? 5000n : 1000n);
    const a = sealedRoot([2n, 5n, 7n], at, 6n, false, 6);
    const b = sealedRoot([7n, 5n, 2n], at, 6n, false, 6);
    expect([...a.st.inferences.keys()]).toEqual([7n]);
    expect(lookupInference(a.st, 5n)).toMatchObject({ where: "sealed", sealedNonce: 6n });
    expect(b.root).toBe(a.root);
  });

  it("the clock reads the 3N highest live ids, not the last 3N the map holds", () => {
    // ten live records, #1's receipt at 9000, the others' at 1000: the 9 highest ids (#2..#10) give a clock of 1000,
    // so at nonce 12 nothing is 100 s behind it and nothing is sealed (#1 among the last 9 in map order would make it 9000)
    const ids = [10n, 1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n];
    const at = (id: bigint) => (id === 1n ? 9000n : 1000n);
    for (const order of [[...ids].sort((x, y) => (x < y ? -1 : 1)), ids]) {
      const { st } = sealedRoot(order, at, 12n, false, 12);
      expect(st.inferences.size, order.join(",")).toBe(10);
    }
  });
});
