/**
 * The tally file's message reader (tally-file-tx.ts), field by field: what each message kind accepts
 * and defaults to, and the ONE line each bad field is refused with (its path and its value).
 *
 * The reader is loaded inside the first test (never imported at the top of this file): its key tables
 * are built when the module loads, and a mutation tool attributes that code to the test that loads it,
 * so the test asserting the tables must be the one that loads them.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEVSHARD_RULES } from "../../src/votes/devshard-rules.js";
import type { DevshardRules } from "../../src/votes/devshard-rules.js";
import type { Json } from "../../src/go/json.js";
import { refusal } from "../helpers/refusal.js";

type Reader = typeof import("../../src/votes/tally-file-tx.js");
const load = (): Promise<Reader> => import("../../src/votes/tally-file-tx.js");

const G3 = ["gonka1a", "gonka1b", "gonka1c"];
const P = "steps[0]";

interface Ctx {
  group: string[];
  escrowId: string;
  rules: DevshardRules;
  strictSlots: boolean;
  strictKeys: boolean;
}
const cli = (rules: DevshardRules = DEVSHARD_RULES.v5): Ctx => ({ group: G3, escrowId: "escrow-1", rules, strictSlots: true, strictKeys: true });
const lax = (rules: DevshardRules = DEVSHARD_RULES.v5): Ctx => ({ ...cli(rules), strictSlots: false, strictKeys: false });

/** Each kind's keys in the reader's order (the order the unknown-field line lists them in). */
const STAMPS = ["observed_height", "observed_block_hash_hex"];
const KEYS: Record<string, string[]> = {
  start: ["type", "inference_id", "model", "prompt_hash_hex", "input_length", "max_tokens", "started_at", "comment", ...STAMPS],
  confirm: ["type", "inference_id", "confirmed_at", "signer", "comment", ...STAMPS],
  finish: ["type", "inference_id", "executor_slot", "input_tokens", "output_tokens", "response_hash_hex", "signer", "escrow_id", "comment", ...STAMPS],
  validation: ["type", "inference_id", "validator_slot", "valid", "signer", "escrow_id", "comment"],
  vote: ["type", "inference_id", "voter_slot", "vote_valid", "signer", "escrow_id", "comment"],
  timeout: ["type", "inference_id", "reason", "reason_name", "votes", "prompt_tokens", "comment"],
  error_miss: ["type", "inference_id", "votes", "comment"],
  reveal_seed: ["type", "slot_id", "signer", "escrow_id", "comment"],
  finalize_round: ["type", "comment"],
};

/** One message of each kind with every key it takes (but the v5 stamps), each set. */
const FULL: Record<string, Record<string, Json>> = {
  start: { type: "start", inference_id: 1, model: "llama", prompt_hash_hex: "0a0B", input_length: 10, max_tokens: 64, started_at: -5, comment: "c" },
  confirm: { type: "confirm", inference_id: 1, confirmed_at: 7, signer: "gonka1x", comment: "c" },
  finish: { type: "finish", inference_id: 1, executor_slot: 2, input_tokens: 3, output_tokens: 4, response_hash_hex: "ff", signer: "gonka1x", escrow_id: "e2", comment: "c" },
  validation: { type: "validation", inference_id: 1, validator_slot: 0, valid: false, signer: "gonka1x", escrow_id: "e2", comment: "c" },
  vote: { type: "vote", inference_id: 1, voter_slot: 2, vote_valid: true, signer: "gonka1x", escrow_id: "e2", comment: "c" },
  timeout: { type: "timeout", inference_id: 1, reason: 2, reason_name: "execution", votes: [{ voter_slot: 0, accept: false, signer: "gonka1x" }], prompt_tokens: 9, comment: "c" },
  error_miss: { type: "error_miss", inference_id: 1, votes: [{ voter_slot: 1 }], comment: "c" },
  reveal_seed: { type: "reveal_seed", slot_id: 1, signer: "gonka1x", escrow_id: "e2", comment: "c" },
  finalize_round: { type: "finalize_round", comment: "c" },
};

const HS = {
  force_height_sync_turn: "MsgForceHeightSyncTurn, DevshardTx field 9: its hashed turn state needs heightsync.ComputeCadenceSwallow and the log plane (CheckDiffLogPlane L0-L7)",
  heartbeat: "MsgHeartbeat, DevshardTx field 10: its admission is the log plane's (heightsync.CheckDiffLogPlane L0-L7, turn tracker, floor)",
  height_ack: "MsgHeightAck, DevshardTx field 11: its signer is heightsync.RecoverAckSigner's and its admission the log plane's (L0-L7)",
};

const KINDS = "start, confirm, finish, timeout, error_miss, validation, vote, reveal_seed, finalize_round";

describe("the reader's tables: keys per kind, v5 stamps, height-sync messages", () => {
  it("each kind takes exactly its keys, names them all when one is unknown, and refuses stamps and height-sync messages in words", async () => {
    const { parseTx } = await load();
    for (const [kind, keys] of Object.entries(KEYS)) {
      expect(refusal(() => parseTx({ ...FULL[kind]!, bogus: 1 }, P, cli())), kind).toBe(`${P}: unknown field "bogus" (expected one of ${keys.join(", ")})`);
      expect(parseTx(FULL[kind]!, P, cli()).type, kind).toBe(kind);
    }
    for (const kind of ["start", "confirm", "finish"]) {
      for (const k of STAMPS) {
        const o = { ...FULL[kind]!, [k]: k === "observed_height" ? 5 : "ab" };
        expect(refusal(() => parseTx(o, P, cli()))).toBe(
          `${P}.${k}: observed-height stamps are not replayed: whether one is present (heightsync.StampPresent) and how the log plane (L0-L7) judges it are in devshard/heightsync, which was not read`,
        );
        expect(refusal(() => parseTx(o, P, cli(DEVSHARD_RULES.v4)))).toBe(`${P}.${k}: observed-height stamps are devshard v5 fields; rules v4 have none`);
        // the stamps are refused even where unknown keys are let through
        expect(refusal(() => parseTx(o, P, lax(DEVSHARD_RULES.v2)))).toBe(`${P}.${k}: observed-height stamps are devshard v5 fields; rules v2 have none`);
      }
    }
    for (const [kind, why] of Object.entries(HS)) {
      expect(refusal(() => parseTx({ type: kind }, P, cli()))).toBe(`${P}.type: ${JSON.stringify(kind)} (${why}) is not replayed: devshard/heightsync was not read`);
      expect(refusal(() => parseTx({ type: kind }, P, lax(DEVSHARD_RULES.v4)))).toBe(`${P}.type: ${JSON.stringify(kind)} is a devshard v5 message; rules v4 have no such message`);
    }
  });
});

describe("the message kind", () => {
  const cases: [string, Json, string][] = [
    ["a number", { type: 5 }, `${P}.type: unknown message kind 5 (expected one of ${KINDS})`],
    ["none", { inference_id: 1 }, `${P}.type: unknown message kind undefined (expected one of ${KINDS})`],
    ["an array naming a height-sync message", { type: ["heartbeat"] }, `${P}.type: unknown message kind ["heartbeat"] (expected one of ${KINDS})`],
    ["an unknown name carrying a stamp", { type: "approve", observed_height: 1 }, `${P}.type: unknown message kind "approve" (expected one of ${KINDS})`],
    ["a misspelt height-sync name with a stamp", { type: "Heartbeat", observed_block_hash_hex: "ab" }, `${P}.type: unknown message kind "Heartbeat" (expected one of ${KINDS})`],
    ["not an object", "start", `${P}: expected an object, got "start"`],
  ];
  for (const [what, v, line] of cases) {
    it(`is refused naming it: ${what}`, async () => {
      const { parseTx } = await load();
      expect(refusal(() => parseTx(v, P, cli()))).toBe(line);
    });
  }

  it("an unknown key is named before the rules refuse the kind (error_miss under v4)", async () => {
    const { parseTx } = await load();
    expect(refusal(() => parseTx({ type: "error_miss", inference_id: 1, bogus: 1 }, P, cli(DEVSHARD_RULES.v4)))).toBe(
      `${P}: unknown field "bogus" (expected one of type, inference_id, votes, comment)`,
    );
    expect(refusal(() => parseTx({ type: "error_miss", inference_id: 1 }, P, cli(DEVSHARD_RULES.v4)))).toBe(
      `${P}.type: "error_miss" (MsgErrorMiss, DevshardTx field 14, PR #1652) is a devshard v5 message; rules v4 have no such message`,
    );
  });
});

describe("each field's refusal names its path and value", () => {
  const S = { type: "start", inference_id: 1 };
  const F = { type: "finish", inference_id: 1 };
  const T = { type: "timeout", inference_id: 1, reason: "refused" };
  const E = { type: "error_miss", inference_id: 1 };
  const cases: [Json, string][] = [
    [{ type: "start" }, `${P}.inference_id: missing (expected an integer)`],
    [{ ...S, inference_id: -1 }, `${P}.inference_id: must not be negative, got -1`],
    [{ ...S, inference_id: 18446744073709551616n }, `${P}.inference_id: 18446744073709551616 does not fit in uint64`],
    [{ ...S, inference_id: "1x" }, `${P}.inference_id: expected an integer, got "1x"`],
    [{ ...S, model: 5 }, `${P}.model: expected a string, got 5`],
    [{ ...S, prompt_hash_hex: 5 }, `${P}.prompt_hash_hex: expected a string, got 5`],
    [{ ...S, prompt_hash_hex: "abc" }, `${P}.prompt_hash_hex: expected hex bytes, got "abc"`],
    [{ ...S, prompt_hash_hex: "zz" }, `${P}.prompt_hash_hex: expected hex bytes, got "zz"`],
    [{ ...S, prompt_hash_hex: "0xab" }, `${P}.prompt_hash_hex: expected hex bytes, got "0xab"`],
    [{ ...S, prompt_hash_hex: "abzz" }, `${P}.prompt_hash_hex: expected hex bytes, got "abzz"`],
    [{ ...S, input_length: -1 }, `${P}.input_length: must not be negative, got -1`],
    [{ ...S, max_tokens: 18446744073709551616n }, `${P}.max_tokens: 18446744073709551616 does not fit in uint64`],
    [{ ...S, started_at: "soon" }, `${P}.started_at: expected an integer, got "soon"`],
    [{ ...S, started_at: 9223372036854775808n }, `${P}.started_at: 9223372036854775808 does not fit in int64`],
    [{ ...S, started_at: -9223372036854775809n }, `${P}.started_at: -9223372036854775809 does not fit in int64`],
    [{ type: "confirm", inference_id: 1, confirmed_at: 1.5 }, `${P}.confirmed_at: expected an integer, got 1.5`],
    [{ type: "confirm", inference_id: 1, signer: 5 }, `${P}.signer: expected a string, got 5`],
    [{ ...F, executor_slot: 3 }, `${P}.executor_slot: slot 3 is out of range: the group has 3 slots (0..2)`],
    [{ ...F, executor_slot: 4294967296 }, `${P}.executor_slot: 4294967296 does not fit in uint32`],
    [{ ...F, input_tokens: -2 }, `${P}.input_tokens: must not be negative, got -2`],
    [{ ...F, output_tokens: -3 }, `${P}.output_tokens: must not be negative, got -3`],
    [{ ...F, response_hash_hex: "f" }, `${P}.response_hash_hex: expected hex bytes, got "f"`],
    [{ ...F, escrow_id: 5 }, `${P}.escrow_id: expected a string, got 5`],
    [{ ...F, signer: true }, `${P}.signer: expected a string, got true`],
    [{ type: "validation", inference_id: 1, valid: true }, `${P}.validator_slot: missing (expected an integer)`],
    [{ type: "validation", inference_id: 1, validator_slot: 0, valid: "yes" }, `${P}.valid: expected true or false, got "yes"`],
    [{ type: "validation", validator_slot: 0, valid: true }, `${P}.inference_id: missing (expected an integer)`],
    [{ type: "vote", inference_id: 1, voter_slot: -1, vote_valid: true }, `${P}.voter_slot: must not be negative, got -1`],
    [{ type: "vote", inference_id: 1, voter_slot: 0 }, `${P}.vote_valid: missing (expected true or false)`],
    [{ type: "vote", inference_id: 1, voter_slot: 0, vote_valid: true, escrow_id: null }, `${P}.escrow_id: expected a string, got null`],
    [{ ...T, reason: "bogus" }, `${P}.reason: unknown timeout reason "bogus" (expected refused or execution)`],
    [{ ...T, reason: -1 }, `${P}.reason: must not be negative, got -1`],
    [{ ...T, reason: 4294967296 }, `${P}.reason: 4294967296 does not fit in uint32`],
    [{ type: "timeout", inference_id: 1 }, `${P}.reason: missing (expected an integer)`],
    [{ ...T, prompt_tokens: -1 }, `${P}.prompt_tokens: must not be negative, got -1`],
    [{ ...T, votes: 5 }, `${P}.votes: expected an array, got 5`],
    [{ ...T, votes: [5] }, `${P}.votes[0]: expected an object, got 5`],
    [{ ...T, votes: [{ voter_slot: 0 }, { voter_slot: 3 }] }, `${P}.votes[1].voter_slot: slot 3 is out of range: the group has 3 slots (0..2)`],
    [{ ...T, votes: [{ voter_slot: 0, accept: "yes" }] }, `${P}.votes[0].accept: expected true or false, got "yes"`],
    [{ ...T, votes: [{ voter_slot: 0, signer: 7 }] }, `${P}.votes[0].signer: expected a string, got 7`],
    [{ ...T, votes: [{ voter_slot: 0, weight: 7 }] }, `${P}.votes[0]: unknown field "weight" (expected one of voter_slot, accept, signer)`],
    [{ ...E, votes: [{}] }, `${P}.votes[0].voter_slot: missing (expected an integer)`],
    [{ type: "error_miss", votes: [] }, `${P}.inference_id: missing (expected an integer)`],
    [{ type: "reveal_seed", slot_id: -1 }, `${P}.slot_id: must not be negative, got -1`],
    [{ type: "reveal_seed", signer: 1 }, `${P}.signer: expected a string, got 1`],
    [{ type: "reveal_seed", escrow_id: [] }, `${P}.escrow_id: expected a string, got []`],
  ];
  it.each(cases.map(([v, line]) => [line, v] as const))("%s", async (line, v) => {
    const { parseTx } = await load();
    expect(refusal(() => parseTx(v, P, cli()))).toBe(line);
  });

  it("a slot outside the group is the state machine's to judge when slots are not strict (the Go vectors); with no address to default the signer to, the signer must be given", async () => {
    const { parseTx } = await load();
    expect(parseTx({ type: "validation", inference_id: 1, validator_slot: 3, valid: true, signer: "gonka1z" }, P, lax())).toMatchObject({ validatorSlot: 3, signer: "gonka1z" });
    expect(refusal(() => parseTx({ type: "validation", inference_id: 1, validator_slot: 3, valid: true }, P, lax()))).toBe(`${P}.signer: missing signer (no slot address to default to)`);
    expect(refusal(() => parseTx({ type: "vote", inference_id: 1, voter_slot: 9, vote_valid: true }, P, lax()))).toBe(`${P}.signer: missing signer (no slot address to default to)`);
    expect(refusal(() => parseTx({ type: "timeout", inference_id: 1, reason: 1, votes: [{ voter_slot: 3 }] }, P, lax()))).toBe(`${P}.votes[0].signer: missing signer (no slot address to default to)`);
    expect(parseTx({ type: "finish", inference_id: 1, executor_slot: 5, signer: null }, P, lax())).toMatchObject({ executorSlot: 5, signer: null });
  });

  it("unknown keys pass only when keys are not strict", async () => {
    const { parseTx } = await load();
    expect(parseTx({ type: "finalize_round", note: 1 }, P, lax())).toEqual({ type: "finalize_round" });
    expect(parseTx({ type: "timeout", inference_id: 1, reason: 1, votes: [{ voter_slot: 0, weight: 2 }] }, P, lax())).toMatchObject({ votes: [{ voterSlot: 0, accept: true, signer: "gonka1a" }] });
    expect(refusal(() => parseTx({ type: "finalize_round", note: 1 }, P, cli()))).toBe(`${P}: unknown field "note" (expected one of type, comment)`);
  });
});

describe("what each kind reads, and its defaults", () => {
  it("start: model '', no prompt hash, lengths and time 0; hex is read either case", async () => {
    const { parseTx } = await load();
    expect(parseTx({ type: "start", inference_id: 1 }, P, cli())).toEqual({
      type: "start", inferenceId: 1n, model: "", promptHash: new Uint8Array(0), inputLength: 0n, maxTokens: 0n, startedAt: 0n,
    });
    expect(parseTx(FULL.start!, P, cli())).toEqual({
      type: "start", inferenceId: 1n, model: "llama", promptHash: Uint8Array.of(0x0a, 0x0b), inputLength: 10n, maxTokens: 64n, startedAt: -5n,
    });
    expect(parseTx({ type: "start", inference_id: "18446744073709551615", prompt_hash_hex: "" }, P, cli())).toMatchObject({ inferenceId: 18446744073709551615n, promptHash: new Uint8Array(0) });
  });

  it("confirm and finish default the signer (and finish its slot) to the executor, id mod N; finish its escrow to the file's", async () => {
    const { parseTx } = await load();
    expect(parseTx({ type: "confirm", inference_id: 4 }, P, cli())).toEqual({ type: "confirm", inferenceId: 4n, confirmedAt: 0n, signer: "gonka1b" });
    expect(parseTx({ type: "confirm", inference_id: 4, signer: null }, P, cli())).toMatchObject({ signer: null });
    expect(parseTx({ type: "finish", inference_id: 5 }, P, cli())).toEqual({
      type: "finish", inferenceId: 5n, executorSlot: 2, inputTokens: 0n, outputTokens: 0n, responseHash: new Uint8Array(0), signer: "gonka1c", escrowId: "escrow-1",
    });
    expect(parseTx(FULL.finish!, P, cli())).toEqual({
      type: "finish", inferenceId: 1n, executorSlot: 2, inputTokens: 3n, outputTokens: 4n, responseHash: Uint8Array.of(255), signer: "gonka1x", escrowId: "e2",
    });
    expect(parseTx({ type: "finish", inference_id: 5, executor_slot: 0 }, P, cli())).toMatchObject({ executorSlot: 0, signer: "gonka1a" });
  });

  it("validation and vote default the signer to the slot's address, the escrow to the file's; the last slot is in range", async () => {
    const { parseTx } = await load();
    expect(parseTx({ type: "validation", inference_id: 1, validator_slot: 2, valid: true }, P, cli())).toEqual({
      type: "validation", inferenceId: 1n, validatorSlot: 2, valid: true, signer: "gonka1c", escrowId: "escrow-1",
    });
    expect(parseTx({ type: "vote", inference_id: 1, voter_slot: 1, vote_valid: false }, P, cli())).toEqual({
      type: "vote", inferenceId: 1n, voterSlot: 1, voteValid: false, signer: "gonka1b", escrowId: "escrow-1",
    });
  });

  it("timeout: the reason by name (any case, with or without the proto prefix) or number; votes accept by default", async () => {
    const { parseTx } = await load();
    const names: [string, number][] = [
      ["refused", 1], ["REFUSED", 1], ["timeout_reason_refused", 1], ["TIMEOUT_REASON_REFUSED", 1],
      ["execution", 2], ["Execution", 2], ["timeout_reason_execution", 2], ["TIMEOUT_REASON_EXECUTION", 2],
      ["unspecified", 0], ["timeout_reason_unspecified", 0], ["TIMEOUT_REASON_UNSPECIFIED", 0],
    ];
    for (const [name, reason] of names) expect(parseTx({ type: "timeout", inference_id: 1, reason: name }, P, cli()), name).toMatchObject({ reason });
    for (const bad of ["", "timeout_reason_", "refusal", "timeout_reason_executions"]) {
      expect(refusal(() => parseTx({ type: "timeout", inference_id: 1, reason: bad }, P, cli()))).toBe(`${P}.reason: unknown timeout reason ${JSON.stringify(bad)} (expected refused or execution)`);
    }
    expect(parseTx({ type: "timeout", inference_id: 1, reason: 7 }, P, cli())).toMatchObject({ reason: 7 });
    const none = parseTx({ type: "timeout", inference_id: 1, reason: "execution" }, P, cli());
    expect(none).toEqual({ type: "timeout", inferenceId: 1n, reason: 2, votes: [] });
    expect("promptTokens" in none).toBe(false);
    expect(parseTx(FULL.timeout!, P, cli())).toEqual({ type: "timeout", inferenceId: 1n, reason: 2, votes: [{ voterSlot: 0, accept: false, signer: "gonka1x" }], promptTokens: 9n });
    expect(parseTx({ type: "timeout", inference_id: 1, reason: 1, votes: [{ voter_slot: 2 }, { voter_slot: 1, signer: null }] }, P, cli())).toMatchObject({
      votes: [{ voterSlot: 2, accept: true, signer: "gonka1c" }, { voterSlot: 1, accept: true, signer: null }],
    });
  });

  it("error_miss: votes as a timeout's, none by default", async () => {
    const { parseTx } = await load();
    expect(parseTx({ type: "error_miss", inference_id: 3 }, P, cli())).toEqual({ type: "error_miss", inferenceId: 3n, votes: [] });
    expect(parseTx(FULL.error_miss!, P, cli())).toEqual({ type: "error_miss", inferenceId: 1n, votes: [{ voterSlot: 1, accept: true, signer: "gonka1b" }] });
  });

  it("reveal_seed: slot 0 by default, the signer the slot's address ('' past the group: the message is a no-op)", async () => {
    const { parseTx } = await load();
    expect(parseTx({ type: "reveal_seed" }, P, cli())).toEqual({ type: "reveal_seed", slotId: 0, signer: "gonka1a", escrowId: "escrow-1" });
    expect(parseTx({ type: "reveal_seed", slot_id: 2 }, P, cli())).toEqual({ type: "reveal_seed", slotId: 2, signer: "gonka1c", escrowId: "escrow-1" });
    expect(parseTx({ type: "reveal_seed", slot_id: 9 }, P, cli())).toEqual({ type: "reveal_seed", slotId: 9, signer: "", escrowId: "escrow-1" });
    expect(parseTx(FULL.reveal_seed!, P, cli())).toEqual({ type: "reveal_seed", slotId: 1, signer: "gonka1x", escrowId: "e2" });
  });
});

describe("the integer readers", () => {
  it("intIn names the bound it breaks: negative, below a positive minimum, or outside the type", async () => {
    const { intIn, u32, u64, i64 } = await load();
    expect(intIn(1, "p", 1n, 10n, "1..10")).toBe(1n);
    expect(intIn(10, "p", 1n, 10n, "1..10")).toBe(10n);
    expect(refusal(() => intIn(0, "p", 1n, 10n, "1..10"))).toBe("p: must be at least 1, got 0");
    expect(refusal(() => intIn(-1, "p", 1n, 10n, "1..10"))).toBe("p: must not be negative, got -1");
    expect(refusal(() => intIn(11, "p", 1n, 10n, "1..10"))).toBe("p: 11 does not fit in 1..10");
    expect(refusal(() => intIn(undefined, "p", 1n, 10n, "1..10"))).toBe("p: missing (expected an integer)");
    expect(u32(4294967295, "p")).toBe(4294967295);
    expect(refusal(() => u32(4294967296, "p"))).toBe("p: 4294967296 does not fit in uint32");
    expect(u64(18446744073709551615n, "p")).toBe(18446744073709551615n);
    expect(refusal(() => u64(-1, "p"))).toBe("p: must not be negative, got -1");
    expect(i64(-9223372036854775808n, "p")).toBe(-9223372036854775808n);
    expect(refusal(() => i64(-9223372036854775809n, "p"))).toBe("p: -9223372036854775809 does not fit in int64");
    expect(refusal(() => i64(9223372036854775808n, "p"))).toBe("p: 9223372036854775808 does not fit in int64");
  });
});

describe("through the CLI: exit 2, one line naming the field and value", () => {
  const cases: [string, Json, string][] = [
    ["an odd-length prompt hash", { type: "start", inference_id: 1, prompt_hash_hex: "abc" }, 'steps[0].prompt_hash_hex: expected hex bytes, got "abc"'],
    ["an unknown timeout reason", { type: "timeout", inference_id: 1, reason: "late" }, 'steps[0].reason: unknown timeout reason "late" (expected refused or execution)'],
    ["a vote's slot past the group", { type: "timeout", inference_id: 1, reason: 1, votes: [{ voter_slot: 3 }] }, "steps[0].votes[0].voter_slot: slot 3 is out of range: the group has 3 slots (0..2)"],
    ["a start time below int64", { type: "start", inference_id: 1, started_at: "-9223372036854775809" }, "steps[0].started_at: -9223372036854775809 does not fit in int64"],
    ["a repeat of 0", { txs: [], repeat: 0 }, "steps[0].repeat: must be at least 1, got 0"],
  ];
  for (const [what, step, line] of cases) {
    it(what, async () => {
      const { main } = await import("../../src/cli/main.js");
      const f = join(mkdtempSync(join(tmpdir(), "tally-tx-")), "t.json");
      writeFileSync(f, JSON.stringify({ group: G3, steps: [step] }));
      let out = "";
      let err = "";
      const code = await main(["tally", "--file", f], { out: (t) => void (out += `${t}\n`), err: (t) => void (err += `${t}\n`) });
      expect(code).toBe(2);
      expect(out).toBe("");
      expect(err).toBe(`gonka-spec tally: ${f}: ${line}\n`);
    });
  }
});
