// Devshard v4.1 (session tag "v4.1", src/votes/devshard-rules.ts). The golden case is real Go output:
// fixtures/devshard-v41-state-roots.json holds the 35 state roots that release/devshard/v4.1.0
// (701fab877) computed for a scripted session, saved by gonka-ai/gonka@bb34d444
// (devshard/state/testdata/v41-state-roots.json, replayed there by TestV41ReleaseStateRoots; the
// script is journalFixture.script in devshard/state/journal_test.go, its messages those of
// committed_hash_test.go). The script below restates it message for message; the tally file path
// replays it exactly as `gonka-spec tally --file` would.
//
// What the session fixes: the machine is built with TokenPrice 1, VoteThreshold 1, no fees, seal grace
// 6 nonces / 3600 s, an auto-seal sweep every nonce, 1,000,000 escrowed, five hosts (slot i = host i,
// weight 1), escrow id "escrow-journal", and its tag is then set to "v4.1". Addresses and signatures
// never reach a root, so the hosts are named here, not keyed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import { CURRENT_RULE } from "../../src/votes/context-length-rule.js";
import { DEVSHARD_RULES, V41_ASSUMPTIONS, devshardRulesFor, type DevshardRulesName } from "../../src/votes/devshard-rules.js";
import { Status } from "../../src/votes/inference-record.js";
import { toHex } from "../../src/votes/state-hash.js";
import { computeStateRoot, lookupInference, type EscrowState } from "../../src/votes/state-machine.js";
import { parseTallyFile } from "../../src/votes/tally-file.js";
import { replayTally } from "../../src/votes/tally-replay.js";
import { refStateRoot, type RefRecord } from "./reference-root.js";

const GO_ROOTS = JSON.parse(readFileSync(join(import.meta.dirname, "fixtures", "devshard-v41-state-roots.json"), "utf8")) as string[];

const HOSTS = ["gonka1h0", "gonka1h1", "gonka1h2", "gonka1h3", "gonka1h4"];
const hex = (s: string): string => Buffer.from(s).toString("hex");
// startTx / confirmTx / finishTx / validationTx / voteTx / timeoutTx of committed_hash_test.go@bb34d444.
const start = (id: number): Json => ({ type: "start", inference_id: id, prompt_hash_hex: hex("prompt"), model: "llama", input_length: 100, max_tokens: 50, started_at: 1000 });
const confirm = (id: number): Json => ({ type: "confirm", inference_id: id, confirmed_at: 1000 });
const finish = (id: number): Json => ({ type: "finish", inference_id: id, response_hash_hex: hex("response"), input_tokens: 80, output_tokens: 40, executor_slot: id % 5 });
const validation = (id: number, slot: number, valid: boolean): Json => ({ type: "validation", inference_id: id, validator_slot: slot, valid });
const vote = (id: number, slot: number, valid: boolean): Json => ({ type: "vote", inference_id: id, voter_slot: slot, vote_valid: valid });
const timeoutExec = (id: number): Json => ({ type: "timeout", inference_id: id, reason: "execution", votes: [{ voter_slot: 0, accept: true }, { voter_slot: 1, accept: true }] });
/** k empty diffs, one step each (so every nonce has its state). */
const empty = (k: number): Json[] => Array.from({ length: k }, () => ({ mode: "strict", txs: [] }));

/** journalFixture.script: entry i is the diff at nonce i+1 (34 diffs). */
const SCRIPT: Json[] = [
  start(1), confirm(1), finish(1),
  start(4), confirm(4), finish(4), { mode: "strict", txs: [validation(4, 0, true), validation(4, 0, true)] },
  start(8), confirm(8), finish(8), validation(8, 4, false), vote(8, 0, true), vote(8, 1, true),
  start(14), confirm(14), finish(14), validation(14, 0, false), vote(14, 1, false),
  start(19), confirm(19), timeoutExec(19),
  start(22), confirm(22), finish(22),
  ...empty(4), { type: "finalize_round" }, ...empty(5),
];

const file = (tag: string): Record<string, Json> => ({
  group: HOSTS, escrow_id: "escrow-journal", state_root_and_protocol_version: tag, initial_balance: 1_000_000,
  config: {
    token_price: 1, vote_threshold: 1, create_devshard_fee: 0, fee_per_nonce: 0, refusal_timeout: 0, execution_timeout: 0, validation_rate: 0,
    inference_seal_grace_seconds: 3600, inference_seal_grace_nonces: 6, auto_seal_every_n_nonces: 1,
  },
  steps: SCRIPT,
});

/** The root before any diff, then after each nonce; `error` is the first Go error met, if any. */
function replay(tag: string, rules?: DevshardRulesName): { roots: string[]; states: EscrowState[]; error?: string } {
  const r = replayTally(parseTallyFile(file(tag), "v41.json", { strictSlots: true, strictKeys: true, devshardRules: rules }), CURRENT_RULE);
  const states = [r.afterSetup, ...r.steps.map((s) => s.state)];
  const error = r.steps.find((s) => s.error)?.error?.message;
  return { roots: states.map((s) => toHex(computeStateRoot(s))), states, ...(error === undefined ? {} : { error }) };
}

describe("devshard v4.1: the state roots of release/devshard/v4.1.0 (701fab877), replayed", () => {
  it("the fixture is the saved Go file: 35 roots, one per nonce 0..34", () => {
    expect(GO_ROOTS).toHaveLength(35);
    expect(SCRIPT).toHaveLength(34);
  });

  it("the tag selects the v4.1 rules and every root equals Go's", () => {
    const r = replay("v4.1");
    expect(r.error).toBeUndefined();
    expect(r.roots).toEqual(GO_ROOTS);
    expect(r.states[0]!.session.rules).toBe(DEVSHARD_RULES["v4.1"]);
  });

  it("the session runs as the Go test's comments say", () => {
    const { states } = replay("v4.1");
    const where = (nonce: number, id: number) => lookupInference(states[nonce]!, BigInt(id));
    // id 8 (executor slot 3): challenged by slot 4, two valid votes > T = 1 → Validated at 13, sealed at its nonce gate 14.
    expect(where(13, 8)).toMatchObject({ where: "live", record: { status: Status.Validated } });
    expect(where(14, 8)).toMatchObject({ where: "sealed", sealedNonce: 14n });
    // id 14 (slot 4): challenged by slot 0, one invalid vote → VotesInvalid 2 > 1 → Invalidated, sealed at 20.
    expect(where(18, 14)).toMatchObject({ record: { status: Status.Invalidated, votesInvalid: 2 } });
    expect(states[18]!.hostStats.get(4)).toMatchObject({ invalid: 1 });
    expect(where(20, 14)).toMatchObject({ where: "sealed", sealedNonce: 20n });
    // id 19 (slot 4) timed out by slots 0 and 1 at 21 (Missed++), sealed at 25.
    expect(states[21]!.hostStats.get(4)).toMatchObject({ missed: 1 });
    expect(where(25, 19)).toMatchObject({ where: "sealed", sealedNonce: 25n, record: { status: Status.TimedOut } });
    // The Finished 1, 4, 22 wait out the hour's clock gate (the clock never moves past 1000).
    expect([...states[28]!.inferences.keys()]).toEqual([1n, 4n, 22n]);
    // finalize at 29 (FinalizeNonce 29); 29 + N = 34 ≥ 34 → Settlement and the drain at 34.
    expect(states[33]!.phase).toBe(1);
    expect(states[34]!).toMatchObject({ phase: 2, finalizeNonce: 29n, latestNonce: 34n });
    expect(states[34]!.inferences.size).toBe(0);
    expect(lookupInference(states[34]!, 22n)).toMatchObject({ where: "sealed", sealedNonce: 34n, record: { status: Status.Finished, actualCost: 120n } });
    // Balance: 6 starts reserve (100 + 50) × 1 each; 5 finishes at 80 + 40 = 120 give 30 back each; the
    // timeout of #19 gives its 150 back; the invalidation of #14 its 120.
    expect(states[34]!.balance).toBe(1_000_000n - 6n * 150n + 5n * 30n + 150n + 120n);
    // Cost: #1 on slot 1, #22 on 2, #8 on 3, #4 and #14 on 4 less #14's 120 taken back.
    expect([...states[34]!.hostStats.values()].map((h) => h.cost)).toEqual([0n, 120n, 120n, 120n, 120n]);
  });

  it("what the roots pin: no height-sync hash (root 0 differs under v5), no max_tokens floor (v5 refuses max_tokens 50 at nonce 1)", () => {
    const v5 = replay("v4.1", "v5");
    expect(v5.roots[0]).not.toBe(GO_ROOTS[0]);
    expect(v5.error).toBe("max_tokens below min_tokens floor: max_tokens 50, floor 64");
    // The roots do not tell v4.1 from v2 or v4 (no Pending/Started record is left at the drain, no factor,
    // no clock past the gate): those switches come from the v4.1 line's source (devshard-rules.ts).
    expect(replay("v4.1", "v2").roots).toEqual(GO_ROOTS);
    expect(replay("v4.1", "v4").roots).toEqual(GO_ROOTS);
    // The tag is hashed: the same session tagged "v4" has other roots from nonce 0.
    expect(replay("v4").roots[0]).not.toBe(GO_ROOTS[0]);
  });
});

describe("devshard v4.1 verdicts on hand-built sessions: v4's", () => {
  const G3 = ["gonka1a", "gonka1b", "gonka1c"];
  const parse = (doc: Record<string, Json>) => parseTallyFile(doc, "t.json", { strictSlots: true, strictKeys: true });
  const run = (doc: Record<string, Json>) => {
    const r = replayTally(parse(doc), CURRENT_RULE);
    return { steps: r.steps, final: r.steps.length ? r.steps[r.steps.length - 1]!.state : r.afterSetup };
  };
  const s = (id: number, input: number, max: number): Json => ({ type: "start", inference_id: id, model: "llama", prompt_hash_hex: "07", input_length: input, max_tokens: max, started_at: 1 });

  it("the rules are v4's switch for switch; the source and the bind assumption are named", () => {
    const { name, source, bindSource, assumptions, ...switches } = devshardRulesFor("v4.1");
    const { name: n4, source: s4, bindSource: b4, assumptions: a4, ...v4 } = DEVSHARD_RULES.v4;
    expect(switches).toEqual(v4);
    expect({ name, source, bindSource, assumptions }).toEqual({ name: "v4.1", source: "gonka-ai/gonka@bb34d444", bindSource: b4, assumptions: V41_ASSUMPTIONS });
    expect([n4, s4, a4]).toEqual(["v4", "zpoken/gonka@89ff8bdb", []]);
    expect(parse({ group: G3, state_root_and_protocol_version: "v4.1", steps: [] })).toMatchObject({ rules: { source: "tag", tag: "v4.1" }, notes: V41_ASSUMPTIONS });
  });

  it("settlement drain: Started credited, Pending refunded (settleLiveRecordLocked@bb34d444), the tag hashed", () => {
    const { final, steps } = run({
      group: G3, state_root_and_protocol_version: "v4.1", config: { create_devshard_fee: 0, fee_per_nonce: 0 }, initial_balance: 10_000,
      steps: [s(1, 10, 90), { type: "confirm", inference_id: 1, confirmed_at: 1000 }, s(3, 20, 80), { type: "finalize_round" }, { mode: "strict", txs: [], repeat: 3 }],
    });
    expect(final.balance).toBe(9900n);
    expect(steps.at(-1)!.notes).toEqual(["drain: #1 started → finished, slot 1 Cost += reserved 100", "drain: #3 pending → timed out, reserved 100 back to the escrow (no Missed++)"]);
    const r = (id: number, o: Partial<RefRecord>): RefRecord => ({ id: BigInt(id), status: 0, slot: 0, model: "llama", prompt: Uint8Array.of(7), inputLength: 0n, maxTokens: 0n, reserved: 0n, actual: 0n, startedAt: 1n, confirmedAt: 0n, ...o });
    expect(toHex(computeStateRoot(final))).toBe(refStateRoot({
      balance: 9900n, fees: 0n, phase: 2, tag: "v4.1", hostStats: [[0, 0, 0n], [0, 0, 100n], [0, 0, 0n]], live: [], heightSyncHash: false,
      sealed: [
        { nonce: 7n, rec: r(1, { status: Status.Finished, slot: 1, inputLength: 10n, maxTokens: 90n, reserved: 100n, actual: 100n, confirmedAt: 1000n }) },
        { nonce: 7n, rec: r(3, { status: Status.TimedOut, inputLength: 20n, maxTokens: 80n, reserved: 100n }) },
      ],
    }));
  });

  it("no v5 paths: max_tokens 1 starts; error_miss and the persisted replay are refused naming v4.1", () => {
    expect(run({ group: G3, state_root_and_protocol_version: "v4.1", steps: [s(1, 10, 1)] }).final.inferences.get(1n)?.reservedCost).toBe(11n);
    expect(() => parse({ group: G3, state_root_and_protocol_version: "v4.1", steps: [{ type: "error_miss", inference_id: 1, votes: [] }] })).toThrow(/"error_miss" \(MsgErrorMiss, DevshardTx field 14, PR #1652\) is a devshard v5 message; rules v4\.1 have no such message/);
    expect(() => parse({ group: G3, state_root_and_protocol_version: "v4.1", steps: [{ mode: "persisted", txs: [s(1, 10, 1)] }] })).toThrow(/"persisted" .* is a devshard v5 path; rules v4\.1 have none/);
    expect(() => parse({ group: G3, state_root_and_protocol_version: "v4.1", steps: [{ type: "heartbeat" }] })).toThrow(/"heartbeat" is a devshard v5 message; rules v4\.1 have no such message/);
  });

  it("bind: the factor from the escrow row (v4's, assumed), a top-level factor refused citing where the bind was read", () => {
    const G5 = [...G3, "gonka1d", "gonka1e"];
    expect(parse({ group: G5, state_root_and_protocol_version: "v4.1", escrow: { vote_threshold_factor: 80 }, steps: [] }).config.voteThreshold).toBe(4);
    expect(() => parse({ group: G5, state_root_and_protocol_version: "v4.1", factor: 80, steps: [] })).toThrow(/^t\.json: factor: rules v4\.1 take the vote-threshold factor from the escrow row only \(SessionConfigAtBind, zpoken\/gonka@89ff8bdb\): give escrow\.vote_threshold_factor$/);
    const timeouts = parse({ group: G5, state_root_and_protocol_version: "v4.1", escrow: { execution_timeout: 50 }, steps: [] });
    expect(timeouts.config.executionTimeout).toBe(1920n);
    expect(timeouts.notes).toEqual(["escrow.execution_timeout is not bound by rules v4.1 (SessionConfigAtBind, zpoken/gonka@89ff8bdb): the default 1920 s is used", ...V41_ASSUMPTIONS]);
  });

  it("the auto-seal Finished gate is the grace alone (seal.go@bb34d444): sealed at nonce 5 as under v4", () => {
    const r = run({
      group: G3, state_root_and_protocol_version: "v4.1", config: { create_devshard_fee: 0, fee_per_nonce: 0 },
      escrow: { inference_seal_grace_seconds: 100, inference_seal_grace_nonces: 1, auto_seal_every_n_nonces: 1 },
      steps: [s(1, 36, 64), { type: "confirm", inference_id: 1, confirmed_at: 1000 }, { type: "finish", inference_id: 1, input_tokens: 50, output_tokens: 50, response_hash_hex: "aa" }, s(4, 36, 64), { type: "confirm", inference_id: 4, confirmed_at: 1120 }],
    });
    expect(lookupInference(r.steps[3]!.state, 1n)?.where).toBe("live");
    expect(lookupInference(r.final, 1n)).toMatchObject({ where: "sealed", sealedNonce: 5n });
  });
});
