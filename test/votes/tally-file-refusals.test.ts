/**
 * The tally file reader (tally-file.ts) as a user meets it: each malformed field ends in ONE line
 * naming the field's path and value (through parseTallyFile, and a sample through `tally --file`,
 * exit 2), and each field that is accepted is read into the value it says.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import type { Json } from "../../src/go/json.js";
import { V5_ASSUMPTIONS } from "../../src/votes/devshard-rules.js";
import { defaultSessionConfig, sessionConfigAtBind, type SessionConfig } from "../../src/votes/session-config.js";
import { parseTallyFile, type ParseOptions, type TallyFile } from "../../src/votes/tally-file.js";
import { refusal as refusalOf } from "../helpers/refusal.js";

const G3 = ["gonka1a", "gonka1b", "gonka1c"];
const dir = mkdtempSync(join(tmpdir(), "tally-refusals-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STRICT: ParseOptions = { strictSlots: true, strictKeys: true };
const LOOSE: ParseOptions = { strictSlots: false, strictKeys: false };

const parse = (doc: Record<string, Json>, opts: ParseOptions = STRICT): TallyFile => parseTallyFile({ group: G3, ...doc }, "t.json", opts);

const refusal = (doc: Record<string, Json>, opts: ParseOptions = STRICT): string => refusalOf(() => parse(doc, opts));

const TOP_KEYS =
  "comment, escrow_id, state_root_and_protocol_version, user_address, group_size, group, address_weights, config_derivation, config, factor, escrow, " +
  "initial_balance, warm_grants, model_limits, inference_id, executor_slot, executor_address, start_status, setup, steps, diffs, planned_outcomes, settlement_signer_slots";
const CONFIG_KEYS =
  "refusal_timeout, execution_timeout, token_price, create_devshard_fee, fee_per_nonce, vote_threshold, validation_rate, inference_seal_grace_nonces, " +
  "inference_seal_grace_seconds, auto_seal_every_n_nonces";
const ESCROW_V2 = "token_price, create_devshard_fee, fee_per_nonce, inference_seal_grace_nonces, inference_seal_grace_seconds, auto_seal_every_n_nonces";
const ESCROW_V4 = `${ESCROW_V2}, validation_rate, vote_threshold_factor, refusal_timeout, execution_timeout`;
const NOT_BOUND_V2 = "rules v2 do not bind this escrow-row field (ApplyChainSessionBindParams, redstartechno/gonka@85835b31)";
const PERCENT = "expected a percentage between 0 and 100 (vote_threshold_factor; 0 gives N/2)";
const I64_OVER = "9223372036854775808";
const U32_OVER = 4294967296;

/** [what, file fields over a three-slot group, options, the one line]. */
const REFUSED: [string, Record<string, Json>, ParseOptions, string][] = [
  // the top level
  ["an unknown top-level field", { stepz: [] }, STRICT, `t.json: unknown field "stepz" (expected one of ${TOP_KEYS})`],
  ["a session tag that is no string", { state_root_and_protocol_version: 2 }, STRICT, "t.json: state_root_and_protocol_version: expected a string, got 2"],
  ["a factor that is no integer", { factor: "half" }, STRICT, 't.json: factor: expected an integer, got "half"'],
  ["a factor past uint32", { factor: U32_OVER }, STRICT, "t.json: factor: 4294967296 does not fit in uint32"],
  ["a factor over 100", { factor: 101 }, STRICT, `t.json: factor: ${PERCENT}, got 101`],
  ["a factor past uint32 in a vector input", { factor: U32_OVER }, LOOSE, "t.json: factor: 4294967296 does not fit in uint32"],
  ["a negative factor in a vector input", { factor: -1 }, LOOSE, "t.json: factor: must not be negative, got -1"],
  ["an escrow id that is no string", { escrow_id: 7 }, STRICT, "t.json: escrow_id: expected a string, got 7"],
  ["a user address that is no string", { user_address: false }, STRICT, "t.json: user_address: expected a string, got false"],
  ["a negative initial balance", { initial_balance: -1 }, STRICT, "t.json: initial_balance: must not be negative, got -1"],
  ["an inference id that is no integer", { inference_id: 1.5 }, STRICT, "t.json: inference_id: expected an integer, got 1.5"],
  ["warm grants that are no array", { warm_grants: {} }, STRICT, "t.json: warm_grants: expected an array, got {}"],
  ["a warm grant that is no object", { warm_grants: ["gonka1w"] }, STRICT, 't.json: warm_grants[0]: expected an object, got "gonka1w"'],
  ["a warm grant without its cold key", { warm_grants: [{ cold: "gonka1a", warm: "gonka1w" }, { warm: "gonka1w" }] }, STRICT, "t.json: warm_grants[1].cold: missing (expected a string)"],
  ["a warm grant without its warm key", { warm_grants: [{ cold: "gonka1a", warm: 3 }] }, STRICT, "t.json: warm_grants[0].warm: expected a string, got 3"],
  ["a warm grant with an empty cold key", { warm_grants: [{ cold: "", warm: "gonka1w" }] }, STRICT, "t.json: warm_grants[0].cold: expected an address, got an empty string"],
  ["a warm grant whose warm key holds a control character", { warm_grants: [{ cold: "gonka1a", warm: "gonka1w\u0007" }] }, STRICT, 't.json: warm_grants[0].warm: the address contains the control character U+0007 at position 7: "gonka1w\\u0007"'],
  ["a step comment that is no string", { steps: [{ comment: 5 }] }, STRICT, "t.json: steps[0].comment: expected a string, got 5"],
  ["model limits that are no object", { model_limits: [8192] }, STRICT, "t.json: model_limits: expected an object, got [8192]"],
  ["a negative model limit", { model_limits: { llama: 8192, qwen: -1 } }, STRICT, "t.json: model_limits.qwen: must not be negative, got -1"],
  ["setup that is no array", { setup: "none" }, STRICT, 't.json: setup: expected an array, got "none"'],
  ["a setup step that is no object", { setup: [1] }, STRICT, "t.json: setup[0]: expected an object, got 1"],
  ["steps that are no array", { steps: 1 }, STRICT, "t.json: steps: expected an array, got 1"],
  ["diffs that are no array", { diffs: 1 }, STRICT, "t.json: diffs: expected an array, got 1"],
  ["a bad step", { steps: [{ txs: [] }, 1] }, STRICT, "t.json: steps[1]: expected an object, got 1"],
  ["a bad diff (settle_host_stats' key)", { diffs: [1] }, STRICT, "t.json: diffs[0]: expected an object, got 1"],
  ["a bad step beside diffs (steps are read)", { steps: [1], diffs: [] }, STRICT, "t.json: steps[0]: expected an object, got 1"],
  // the group
  ["an empty group", { group: [] }, STRICT, "t.json: group: the group is empty"],
  ["a group entry that is neither address nor object", { group: [5] }, STRICT, "t.json: group[0]: expected an object, got 5"],
  ["a weighted entry without its address", { group: [{ weight: 2 }] }, STRICT, "t.json: group[0].address: missing (expected a string)"],
  ["a weighted entry with an empty address", { group: ["gonka1a", { address: "" }] }, STRICT, "t.json: group[1].address: expected an address, got an empty string"],
  ["a weight that is no integer", { group: [{ address: "gonka1a", weight: "two" }] }, STRICT, 't.json: group[0].weight: expected an integer, got "two"'],
  ["a weight of 0", { group: [{ address: "gonka1a", weight: 0 }] }, STRICT, "t.json: group[0].weight: weight must be at least 1"],
  ["a weight past the group bound", { group: [{ address: "gonka1a", weight: 129 }] }, STRICT, "t.json: group[0].weight: weight 129 exceeds the maximum group size 128"],
  ["weights summing past the group bound", { group: [{ address: "gonka1a", weight: 100 }, { address: "gonka1b", weight: 29 }] }, STRICT, "t.json: group: 129 slots exceed the maximum group size 128"],
  // the escrow row
  ["an escrow that is no object", { escrow: 5 }, STRICT, "t.json: escrow: expected an object, got 5"],
  ["an unknown escrow field under v2", { escrow: { token_price: 1, tokenprice: 1 } }, STRICT, `t.json: escrow: unknown field "tokenprice" (expected one of ${ESCROW_V2})`],
  ["an unknown escrow field under v4", { state_root_and_protocol_version: "v4", escrow: { tokenprice: 1 } }, STRICT, `t.json: escrow: unknown field "tokenprice" (expected one of ${ESCROW_V4})`],
  ["v4's validation rate under v2", { escrow: { validation_rate: 1 } }, STRICT, `t.json: escrow.validation_rate: ${NOT_BOUND_V2}`],
  ["v4's factor under v2", { escrow: { vote_threshold_factor: 50 } }, STRICT, `t.json: escrow.vote_threshold_factor: ${NOT_BOUND_V2}: give the live factor as "factor"`],
  ["v5's refusal timeout under v2", { escrow: { refusal_timeout: 1 } }, STRICT, `t.json: escrow.refusal_timeout: ${NOT_BOUND_V2}`],
  ["v5's execution timeout under v3", { state_root_and_protocol_version: "v3", escrow: { execution_timeout: 1 } }, STRICT, "t.json: escrow.execution_timeout: rules v3 do not bind this escrow-row field (ApplyChainSessionBindParams, kaitakuai/gonka@ee730031)"],
  ["an escrow factor past uint32", { state_root_and_protocol_version: "v4", escrow: { vote_threshold_factor: U32_OVER } }, STRICT, "t.json: escrow.vote_threshold_factor: 4294967296 does not fit in uint32"],
  ["an escrow factor over 100", { state_root_and_protocol_version: "v4", escrow: { vote_threshold_factor: 101 } }, STRICT, `t.json: escrow.vote_threshold_factor: ${PERCENT}, got 101`],
  // the config
  ["a config that is no object", { config: [] }, STRICT, "t.json: config: expected an object, got []"],
  ["an unknown config field", { config: { vote_threshold: 1, threshold: 1 } }, STRICT, `t.json: config: unknown field "threshold" (expected one of ${CONFIG_KEYS})`],
  // the steps
  ["an unknown step field", { steps: [{ txs: [], modes: "strict" }] }, STRICT, 't.json: steps[0]: unknown field "modes" (expected one of mode, txs, repeat, seal_inference, comment)'],
  ["an unknown diff mode", { steps: [{ mode: "lenient", txs: [] }] }, STRICT, 't.json: steps[0].mode: expected "strict", "best_effort" or "persisted", got "lenient"'],
  ["a diff mode that is no string", { setup: [{ mode: 1 }] }, STRICT, "t.json: setup[0].mode: expected \"strict\", \"best_effort\" or \"persisted\", got 1"],
  ["a seal of a negative id", { steps: [{ seal_inference: -3 }] }, STRICT, "t.json: steps[0].seal_inference: must not be negative, got -3"],
  ["diff messages that are no array", { steps: [{ txs: {} }] }, STRICT, "t.json: steps[0].txs: expected an array, got {}"],
  ["a diff message that is no object", { steps: [{ txs: [{ type: "finalize_round" }, 1] }] }, STRICT, "t.json: steps[0].txs[1]: expected an object, got 1"],
  ["a repeat of 0", { steps: [{ repeat: 0 }] }, STRICT, "t.json: steps[0].repeat: must be at least 1, got 0"],
  ["a repeat past its range", { steps: [{ repeat: 100001 }] }, STRICT, "t.json: steps[0].repeat: 100001 does not fit in the repeat range 1..100000"],
];

/** Each field of the escrow row and of the config, with a value its integer type refuses. */
const ESCROW_FIELDS: [string, Json, string][] = [
  ["token_price", -1, "must not be negative, got -1"],
  ["create_devshard_fee", "18446744073709551616", "18446744073709551616 does not fit in uint64"],
  ["fee_per_nonce", -2, "must not be negative, got -2"],
  ["inference_seal_grace_nonces", U32_OVER, "4294967296 does not fit in uint32"],
  ["inference_seal_grace_seconds", -1, "must not be negative, got -1"],
  ["auto_seal_every_n_nonces", U32_OVER, "4294967296 does not fit in uint32"],
  ["validation_rate", "x", 'expected an integer, got "x"'],
  ["vote_threshold_factor", -1, "must not be negative, got -1"],
  ["refusal_timeout", I64_OVER, "9223372036854775808 does not fit in int64"],
  ["execution_timeout", "1e3", 'expected an integer, got "1e3"'],
];
const CONFIG_FIELDS: [string, Json, string][] = [
  ["refusal_timeout", I64_OVER, "9223372036854775808 does not fit in int64"],
  ["execution_timeout", 1.5, "expected an integer, got 1.5"],
  ["token_price", -1, "must not be negative, got -1"],
  ["create_devshard_fee", -1, "must not be negative, got -1"],
  ["fee_per_nonce", "18446744073709551616", "18446744073709551616 does not fit in uint64"],
  ["vote_threshold", U32_OVER, "4294967296 does not fit in uint32"],
  ["validation_rate", -1, "must not be negative, got -1"],
  ["inference_seal_grace_nonces", "many", 'expected an integer, got "many"'],
  ["inference_seal_grace_seconds", U32_OVER, "4294967296 does not fit in uint32"],
  ["auto_seal_every_n_nonces", -5, "must not be negative, got -5"],
];

describe("tally file refusals: one line naming the field and value", () => {
  for (const [what, doc, opts, line] of REFUSED) {
    it(`refuses ${what}`, () => expect(refusal(doc, opts)).toBe(line));
  }

  it("refuses each escrow-row field's bad integer at that field (v5 binds them all)", () => {
    for (const [k, v, why] of ESCROW_FIELDS) {
      expect(refusal({ state_root_and_protocol_version: "v5", escrow: { [k]: v } })).toBe(`t.json: escrow.${k}: ${why}`);
    }
  });

  it("refuses each config field's bad integer at that field", () => {
    for (const [k, v, why] of CONFIG_FIELDS) expect(refusal({ config: { [k]: v } })).toBe(`t.json: config.${k}: ${why}`);
  });

  it("through `tally --file`: exit 2 and the same one line, no stack", async () => {
    const cases: [Record<string, Json>, string][] = [
      [{ group: [{ address: "gonka1a", weight: 0 }] }, "group[0].weight: weight must be at least 1"],
      [{ escrow: { vote_threshold_factor: 50 } }, `escrow.vote_threshold_factor: ${NOT_BOUND_V2}: give the live factor as "factor"`],
      [{ config: { fee_per_nonce: -1 } }, "config.fee_per_nonce: must not be negative, got -1"],
      [{ diffs: [{ mode: "fast" }] }, 'diffs[0].mode: expected "strict", "best_effort" or "persisted", got "fast"'],
    ];
    for (const [i, [doc, line]] of cases.entries()) {
      const path = join(dir, `bad${i}.json`);
      writeFileSync(path, JSON.stringify({ group: G3, ...doc }));
      let out = "";
      let err = "";
      const code = await main(["tally", "--file", path], { out: (t) => void (out += `${t}\n`), err: (t) => void (err += `${t}\n`) });
      expect(code).toBe(2);
      expect(out).toBe("");
      const lines = err.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`${path}: ${line}`);
    }
  });
});

describe("tally file fields: what is accepted is read", () => {
  it("takes every top-level key of the format (the vectors' own keys among them) under strict keys", () => {
    const all: Record<string, Json> = {
      comment: "c", escrow_id: "e", state_root_and_protocol_version: "v2", user_address: "gonka1u", group_size: 3, group: G3, address_weights: {},
      config_derivation: "x", config: {}, factor: 0, escrow: {}, initial_balance: 1, warm_grants: [], model_limits: {}, inference_id: 1, executor_slot: 1,
      executor_address: "gonka1b", start_status: "x", setup: [], steps: [], diffs: [], planned_outcomes: [], settlement_signer_slots: [],
    };
    expect(Object.keys(all).join(", ")).toBe(TOP_KEYS);
    expect(parse(all).escrowId).toBe("e");
  });

  it("takes every escrow-row and config key its rules bind", () => {
    const row = Object.fromEntries(ESCROW_V4.split(", ").map((k) => [k, 1]));
    expect(parse({ state_root_and_protocol_version: "v5", escrow: row }).config.refusalTimeout).toBe(1n);
    const v2row = Object.fromEntries(ESCROW_V2.split(", ").map((k) => [k, 1]));
    expect(parse({ escrow: v2row }).config.tokenPrice).toBe(1n);
    const cfg = Object.fromEntries(CONFIG_KEYS.split(", ").map((k) => [k, 1]));
    expect(parse({ config: cfg }).config).toEqual({
      refusalTimeout: 1n, executionTimeout: 1n, tokenPrice: 1n, createDevshardFee: 1n, feePerNonce: 1n, voteThreshold: 1,
      validationRate: 1, inferenceSealGraceNonces: 1, inferenceSealGraceSeconds: 1, autoSealEveryNNonces: 1,
    });
  });

  it("defaults: escrow-1, gonka1user, 10000000, no factor, no record, no steps", () => {
    const f = parse({});
    expect(f).toMatchObject({ escrowId: "escrow-1", userAddress: "gonka1user", initialBalance: 10_000_000n, setup: [], steps: [], notes: [] });
    // absent, not present as undefined (the optional fields of TallyFile)
    expect(Object.hasOwn(f, "factor")).toBe(false);
    expect(Object.hasOwn(f, "inferenceId")).toBe(false);
    expect(f.config).toEqual(defaultSessionConfig(3));
  });

  it("reads the ids, the address, the balance, the grants and the limits it is given", () => {
    const f = parse({ escrow_id: "e9", user_address: "gonka1me", initial_balance: "5", inference_id: "7", warm_grants: [{ cold: "gonka1a", warm: "gonka1w" }], model_limits: { llama: 8192 } });
    expect(f).toMatchObject({ escrowId: "e9", userAddress: "gonka1me", initialBalance: 5n, inferenceId: 7n, warmGrants: [{ cold: "gonka1a", warm: "gonka1w" }] });
    expect([...f.modelLimits]).toEqual([["llama", 8192n]]);
  });

  it("weights: 1 is one slot, the group bound is reachable in one entry or in several", () => {
    expect(parse({ group: [{ address: "gonka1a", weight: 1 }, { address: "gonka1b" }] }).group).toEqual(["gonka1a", "gonka1b"]);
    expect(parse({ group: [{ address: "gonka1a", weight: 128 }] }).group).toHaveLength(128);
    const g = parse({ group: [{ address: "gonka1a", weight: "100" }, { address: "gonka1b", weight: 27 }, "gonka1c"] }).group;
    expect(g).toHaveLength(128);
    expect(g.slice(99, 101)).toEqual(["gonka1a", "gonka1b"]);
    expect(g[127]).toBe("gonka1c");
  });

  it("each config field replaces its own value only", () => {
    const base = defaultSessionConfig(3);
    const fields: [string, keyof SessionConfig, bigint | number][] = [
      ["refusal_timeout", "refusalTimeout", -5n], ["execution_timeout", "executionTimeout", 7n], ["token_price", "tokenPrice", 3n],
      ["create_devshard_fee", "createDevshardFee", 0n], ["fee_per_nonce", "feePerNonce", 0n], ["vote_threshold", "voteThreshold", 2],
      ["validation_rate", "validationRate", 0], ["inference_seal_grace_nonces", "inferenceSealGraceNonces", 4],
      ["inference_seal_grace_seconds", "inferenceSealGraceSeconds", 9], ["auto_seal_every_n_nonces", "autoSealEveryNNonces", 11],
    ];
    for (const [k, field, v] of fields) {
      expect(parse({ config: { [k]: typeof v === "bigint" ? v.toString() : v } }).config, k).toEqual({ ...base, [field]: v });
    }
  });

  it("the file's factor sets the threshold unless the config gives one; --factor wins over both", () => {
    expect(parse({ factor: 100 }).config.voteThreshold).toBe(3);
    expect(parse({ factor: 100 }).factor).toBe(100);
    expect(parse({ factor: 100, config: { token_price: 2 } }).config).toMatchObject({ voteThreshold: 3, tokenPrice: 2n });
    expect(parse({ factor: 100, config: { vote_threshold: 1 } }).config.voteThreshold).toBe(1);
    expect(parse({ factor: 100, config: { vote_threshold: 1 } }).factor).toBe(100);
    expect(parse({ factor: 0, config: { vote_threshold: 3 } }, { ...STRICT, factor: 0 }).config.voteThreshold).toBe(1);
    expect(parse({ factor: 150 }, LOOSE).config.voteThreshold).toBe(4);
  });

  it("v4/v5: the escrow row's factor is the file's factor; without it there is none", () => {
    const g10 = Array.from({ length: 10 }, (_, i) => `gonka1h${i}`);
    const withFactor = parse({ group: g10, state_root_and_protocol_version: "v4", escrow: { vote_threshold_factor: 30 } });
    expect(withFactor.factor).toBe(30);
    expect(withFactor.config.voteThreshold).toBe(3);
    const without = parse({ group: g10, state_root_and_protocol_version: "v4", escrow: { token_price: 2 } });
    expect(without.factor).toBeUndefined();
    expect(without.config).toMatchObject({ voteThreshold: 5, tokenPrice: 2n });
  });

  it("v4/v5 without an escrow row bind an empty one (the rules' defaults)", () => {
    const empty = { tokenPrice: 0n, createDevshardFee: 0n, feePerNonce: 0n, inferenceSealGraceNonces: 0, inferenceSealGraceSeconds: 0, autoSealEveryNNonces: 0, validationRate: 0, voteThresholdFactor: 0, refusalTimeout: 0n, executionTimeout: 0n };
    const v4 = parse({ state_root_and_protocol_version: "v4" });
    expect(v4.config).toEqual(sessionConfigAtBind(3, empty, v4.rules.rules));
    expect(v4.config.executionTimeout).toBe(1920n);
    expect(parse({ state_root_and_protocol_version: "v5" }).config.executionTimeout).toBe(1920n);
  });

  it("v4 notes the escrow timeouts it does not bind; v5 binds them and notes only its assumptions", () => {
    const v4 = parse({ state_root_and_protocol_version: "v4", escrow: { refusal_timeout: 5, execution_timeout: 6 } });
    expect(v4.notes).toEqual([
      "escrow.refusal_timeout is not bound by rules v4 (SessionConfigAtBind, zpoken/gonka@89ff8bdb): the default 60 s is used",
      "escrow.execution_timeout is not bound by rules v4 (SessionConfigAtBind, zpoken/gonka@89ff8bdb): the default 1920 s is used",
    ]);
    expect(v4.config).toMatchObject({ refusalTimeout: 60n, executionTimeout: 1920n });
    const v5 = parse({ state_root_and_protocol_version: "v5", escrow: { refusal_timeout: 5, execution_timeout: 6 } });
    expect(v5.notes).toEqual(V5_ASSUMPTIONS);
    expect(v5.config).toMatchObject({ refusalTimeout: 5n, executionTimeout: 6n });
  });

  it("steps: a message, a diff with its comment, a seal; defaults strict, no messages, repeat 1", () => {
    const f = parse({
      setup: [{ type: "finalize_round" }],
      steps: [{ comment: "empty" }, { mode: "best_effort", repeat: "3" }, { seal_inference: "2", comment: "seal" }, { seal_inference: 4 }],
    });
    expect(f.setup).toEqual([{ kind: "diff", mode: "strict", txs: [{ type: "finalize_round" }], repeat: 1 }]);
    expect(f.steps).toEqual([
      { kind: "diff", mode: "strict", txs: [], repeat: 1, comment: "empty" },
      { kind: "diff", mode: "best_effort", txs: [], repeat: 3, comment: undefined },
      { kind: "seal", inferenceId: 2n, comment: "seal" },
      { kind: "seal", inferenceId: 4n, comment: undefined },
    ]);
    expect(parse({ diffs: [{ txs: [] }] }).steps).toEqual([{ kind: "diff", mode: "strict", txs: [], repeat: 1, comment: undefined }]);
    expect(parse({ steps: [], diffs: [1] }).steps).toEqual([]);
  });
});
