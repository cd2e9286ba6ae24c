/**
 * Reader for tally files: one devshard session and the messages to replay through it. The format is
 * the input of the `vote_tally_sequences` / `settle_host_stats` vectors, with most fields optional:
 *
 *   {
 *     "group": ["gonka1a", "gonka1a", "gonka1b"]         slot i → cold address (weight = slots held), or
 *              [{"address": "gonka1a", "weight": 2}, …]   weights expanded into consecutive slots (weight ≥ 1)
 *     "factor": 50,                 vote_threshold_factor in percent (0 → N/2); --factor overrides it
 *     "config": { … },              optional SessionConfig fields in snake_case (refusal_timeout, execution_timeout,
 *                                   token_price, create_devshard_fee, fee_per_nonce, vote_threshold, validation_rate,
 *                                   inference_seal_grace_nonces, inference_seal_grace_seconds, auto_seal_every_n_nonces);
 *                                   missing ones come from DefaultSessionConfig(N); vote_threshold wins over factor
 *     "initial_balance": 10000000,  escrow amount before the creation fee (default 10000000)
 *     "escrow_id": "escrow-1", "user_address": "gonka1user", "state_root_and_protocol_version": "v2"
 *     "warm_grants": [{"cold": "gonka1a", "warm": "gonka1warm"}],   authz grants the warm-key resolver honours
 *     "model_limits": {"llama": 8192},   governance max context length per model (used by --rule context-aware)
 *     "inference_id": 1,            the record to report (default: the first started inference)
 *     "setup": [STEP…], "steps": [STEP…]     (or "diffs": settle_host_stats cases)
 *   }
 *
 * A STEP is either one message (applied as its own strict diff) or a diff
 * {"mode": "strict"|"best_effort", "txs": [MSG…], "repeat": k} (k empty diffs when repeat is given),
 * or {"seal_inference": id}. A MSG has a "type":
 *   start        inference_id, model, prompt_hash_hex, input_length, max_tokens, started_at
 *   confirm      inference_id, confirmed_at, signer
 *   finish       inference_id, executor_slot, input_tokens, output_tokens, response_hash_hex, signer, escrow_id
 *   validation   inference_id, validator_slot, valid, signer, escrow_id
 *   vote         inference_id, voter_slot, vote_valid, signer, escrow_id
 *   timeout      inference_id, reason (1|2|"refused"|"execution"|name), votes [{voter_slot, accept, signer}],
 *                prompt_tokens (evidence for --rule context-aware)
 *   reveal_seed  slot_id, signer, escrow_id
 *   finalize_round
 * `signer` is the address the signature recovers to (null: unrecoverable); it defaults to the cold
 * address of the message's slot (confirm and finish: the executor, slot = inference_id mod N), and
 * escrow_id defaults to the session's. Integers may be JSON numbers or decimal strings.
 */
import { InputError, describeValue } from "../errors.js";
import { UINT32_MAX, UINT64_MAX, INT64_MAX, INT64_MIN, toBigInt } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { MAX_GROUP_SIZE } from "./bitmap128.js";
import { TX_TYPES, type DevshardTx, type TimeoutVote } from "./devshard-tx.js";
import { checkVoteThresholdFactor, computeVoteThreshold, defaultSessionConfig, type SessionConfig } from "./session-config.js";
import { type JsonObject, checkAddressText, expectArray, expectBoolean, expectObject, expectString, isJsonObject } from "../json-input.js";

/** One replay step. */
export type TallyStep =
  | { kind: "diff"; mode: "strict" | "best_effort"; txs: DevshardTx[]; repeat: number; comment?: string }
  | { kind: "seal"; inferenceId: bigint; comment?: string };

/** A parsed tally file. */
export interface TallyFile {
  escrowId: string;
  userAddress: string;
  stateRootAndProtocolVersion: string;
  group: string[];
  config: SessionConfig;
  /** The factor the threshold was derived from, when the file gave one. */
  factor?: number;
  initialBalance: bigint;
  warmGrants: { cold: string; warm: string }[];
  modelLimits: Map<string, bigint>;
  inferenceId?: bigint;
  setup: TallyStep[];
  steps: TallyStep[];
}

export interface ParseOptions {
  /** Reject slots outside the group (the CLI does; vectors replay Go's ErrSlotNotInGroup instead). */
  strictSlots: boolean;
  /** Reject keys this reader does not know (the CLI does). */
  strictKeys: boolean;
  /** Overrides the file's factor (CLI --factor). */
  factor?: number;
}

function intIn(v: Json | undefined, path: string, min: bigint, max: bigint, what: string): bigint {
  if (v === undefined) throw new InputError("missing (expected an integer)", path);
  const x = toBigInt(v, path);
  if (x < min) throw new InputError(x < 0n ? `must not be negative, got ${x}` : `must be at least ${min}, got ${x}`, path);
  if (x > max) throw new InputError(`${x} does not fit in ${what}`, path);
  return x;
}

const u64 = (v: Json | undefined, path: string): bigint => intIn(v, path, 0n, UINT64_MAX, "uint64");
const i64 = (v: Json | undefined, path: string): bigint => intIn(v, path, INT64_MIN, INT64_MAX, "int64");
const u32 = (v: Json | undefined, path: string): number => Number(intIn(v, path, 0n, UINT32_MAX, "uint32"));

function hex(v: Json | undefined, path: string): Uint8Array {
  if (v === undefined) return new Uint8Array(0);
  const s = expectString(v, path);
  if (!/^([0-9a-fA-F]{2})*$/.test(s)) throw new InputError(`expected hex bytes, got ${describeValue(s)}`, path);
  return Uint8Array.from(Buffer.from(s, "hex"));
}

function checkKeys(o: JsonObject, allowed: readonly string[], path: string, strict: boolean): void {
  if (!strict) return;
  for (const k of Object.keys(o)) {
    if (!allowed.includes(k)) throw new InputError(`unknown field ${JSON.stringify(k)} (expected one of ${allowed.join(", ")})`, path);
  }
}

const TOP_KEYS = [
  "comment", "escrow_id", "state_root_and_protocol_version", "user_address", "group_size", "group", "address_weights",
  "config_derivation", "config", "factor", "initial_balance", "warm_grants", "model_limits", "inference_id", "executor_slot",
  "executor_address", "start_status", "setup", "steps", "diffs", "planned_outcomes", "settlement_signer_slots",
];

const CONFIG_KEYS = [
  "refusal_timeout", "execution_timeout", "token_price", "create_devshard_fee", "fee_per_nonce", "vote_threshold",
  "validation_rate", "inference_seal_grace_nonces", "inference_seal_grace_seconds", "auto_seal_every_n_nonces",
];

function parseGroup(v: Json | undefined, path: string): string[] {
  const items = expectArray(v, path);
  const group: string[] = [];
  items.forEach((it, i) => {
    const p = `${path}[${i}]`;
    if (typeof it === "string") {
      checkAddressText(it, p);
      group.push(it);
      return;
    }
    const o = expectObject(it, p);
    const addr = expectString(o.address, `${p}.address`);
    checkAddressText(addr, `${p}.address`);
    const w = toBigInt(o.weight ?? 1, `${p}.weight`);
    if (w < 1n) throw new InputError(w < 0n ? `weight must not be negative, got ${w}` : "weight must be at least 1", `${p}.weight`);
    if (w > BigInt(MAX_GROUP_SIZE)) throw new InputError(`weight ${w} exceeds the maximum group size ${MAX_GROUP_SIZE}`, `${p}.weight`);
    for (let k = 0n; k < w; k++) group.push(addr);
  });
  if (group.length === 0) throw new InputError("the group is empty", path);
  if (group.length > MAX_GROUP_SIZE) throw new InputError(`${group.length} slots exceed the maximum group size ${MAX_GROUP_SIZE}`, path);
  return group;
}

function parseConfig(v: Json | undefined, path: string, n: number, factor: number | undefined, strict: boolean): SessionConfig {
  const cfg = defaultSessionConfig(n);
  if (factor !== undefined) cfg.voteThreshold = computeVoteThreshold(n, factor);
  if (v === undefined) return cfg;
  const o = expectObject(v, path);
  checkKeys(o, CONFIG_KEYS, path, strict);
  const p = (k: string): string => `${path}.${k}`;
  if (o.refusal_timeout !== undefined) cfg.refusalTimeout = i64(o.refusal_timeout, p("refusal_timeout"));
  if (o.execution_timeout !== undefined) cfg.executionTimeout = i64(o.execution_timeout, p("execution_timeout"));
  if (o.token_price !== undefined) cfg.tokenPrice = u64(o.token_price, p("token_price"));
  if (o.create_devshard_fee !== undefined) cfg.createDevshardFee = u64(o.create_devshard_fee, p("create_devshard_fee"));
  if (o.fee_per_nonce !== undefined) cfg.feePerNonce = u64(o.fee_per_nonce, p("fee_per_nonce"));
  if (o.vote_threshold !== undefined) cfg.voteThreshold = u32(o.vote_threshold, p("vote_threshold"));
  if (o.validation_rate !== undefined) cfg.validationRate = u32(o.validation_rate, p("validation_rate"));
  if (o.inference_seal_grace_nonces !== undefined) cfg.inferenceSealGraceNonces = u32(o.inference_seal_grace_nonces, p("inference_seal_grace_nonces"));
  if (o.inference_seal_grace_seconds !== undefined) cfg.inferenceSealGraceSeconds = u32(o.inference_seal_grace_seconds, p("inference_seal_grace_seconds"));
  if (o.auto_seal_every_n_nonces !== undefined) cfg.autoSealEveryNNonces = u32(o.auto_seal_every_n_nonces, p("auto_seal_every_n_nonces"));
  return cfg;
}

interface TxContext {
  group: string[];
  escrowId: string;
  opts: ParseOptions;
}

function slot(v: Json | undefined, path: string, ctx: TxContext): number {
  const s = u32(v, path);
  if (ctx.opts.strictSlots && s >= ctx.group.length) {
    throw new InputError(`slot ${s} is out of range: the group has ${ctx.group.length} slots (0..${ctx.group.length - 1})`, path);
  }
  return s;
}

function signer(o: JsonObject, path: string, dflt: string | undefined): string | null {
  if (!("signer" in o)) {
    if (dflt === undefined) throw new InputError("missing signer (no slot address to default to)", `${path}.signer`);
    return dflt;
  }
  if (o.signer === null) return null;
  return expectString(o.signer, `${path}.signer`);
}

const TX_KEYS: Record<string, readonly string[]> = {
  start: ["type", "inference_id", "model", "prompt_hash_hex", "input_length", "max_tokens", "started_at", "comment"],
  confirm: ["type", "inference_id", "confirmed_at", "signer", "comment"],
  finish: ["type", "inference_id", "executor_slot", "input_tokens", "output_tokens", "response_hash_hex", "signer", "escrow_id", "comment"],
  validation: ["type", "inference_id", "validator_slot", "valid", "signer", "escrow_id", "comment"],
  vote: ["type", "inference_id", "voter_slot", "vote_valid", "signer", "escrow_id", "comment"],
  timeout: ["type", "inference_id", "reason", "reason_name", "votes", "prompt_tokens", "comment"],
  reveal_seed: ["type", "slot_id", "signer", "escrow_id", "comment"],
  finalize_round: ["type", "comment"],
};

function parseReason(v: Json | undefined, path: string): number {
  if (typeof v === "string") {
    const s = v.toLowerCase();
    if (s === "refused" || s === "timeout_reason_refused") return 1;
    if (s === "execution" || s === "timeout_reason_execution") return 2;
    if (s === "unspecified" || s === "timeout_reason_unspecified") return 0;
    throw new InputError(`unknown timeout reason ${describeValue(v)} (expected refused or execution)`, path);
  }
  return u32(v, path);
}

/** Parse one message. */
export function parseTx(v: Json, path: string, ctx: TxContext): DevshardTx {
  const o = expectObject(v, path);
  const type = o.type;
  if (typeof type !== "string" || !(TX_TYPES as readonly string[]).includes(type)) {
    throw new InputError(`unknown message kind ${describeValue(type)} (expected one of ${TX_TYPES.join(", ")})`, `${path}.type`);
  }
  checkKeys(o, TX_KEYS[type]!, path, ctx.opts.strictKeys);
  const p = (k: string): string => `${path}.${k}`;
  const n = BigInt(ctx.group.length);
  const id = (): bigint => u64(o.inference_id, p("inference_id"));
  const escrow = (): string => (o.escrow_id === undefined ? ctx.escrowId : expectString(o.escrow_id, p("escrow_id")));
  const addrOf = (s: number): string | undefined => ctx.group[s];
  switch (type) {
    case "start":
      return {
        type,
        inferenceId: id(),
        model: o.model === undefined ? "" : expectString(o.model, p("model")),
        promptHash: hex(o.prompt_hash_hex, p("prompt_hash_hex")),
        inputLength: u64(o.input_length ?? 0, p("input_length")),
        maxTokens: u64(o.max_tokens ?? 0, p("max_tokens")),
        startedAt: i64(o.started_at ?? 0, p("started_at")),
      };
    case "confirm": {
      const inferenceId = id();
      return { type, inferenceId, confirmedAt: i64(o.confirmed_at ?? 0, p("confirmed_at")), signer: signer(o, path, addrOf(Number(inferenceId % n))) };
    }
    case "finish": {
      const inferenceId = id();
      const exec = o.executor_slot === undefined ? Number(inferenceId % n) : slot(o.executor_slot, p("executor_slot"), ctx);
      return {
        type,
        inferenceId,
        executorSlot: exec,
        inputTokens: u64(o.input_tokens ?? 0, p("input_tokens")),
        outputTokens: u64(o.output_tokens ?? 0, p("output_tokens")),
        responseHash: hex(o.response_hash_hex, p("response_hash_hex")),
        signer: signer(o, path, addrOf(exec)),
        escrowId: escrow(),
      };
    }
    case "validation": {
      const s = slot(o.validator_slot, p("validator_slot"), ctx);
      return { type, inferenceId: id(), validatorSlot: s, valid: expectBoolean(o.valid, p("valid")), signer: signer(o, path, addrOf(s)), escrowId: escrow() };
    }
    case "vote": {
      const s = slot(o.voter_slot, p("voter_slot"), ctx);
      return { type, inferenceId: id(), voterSlot: s, voteValid: expectBoolean(o.vote_valid, p("vote_valid")), signer: signer(o, path, addrOf(s)), escrowId: escrow() };
    }
    case "timeout": {
      const votes: TimeoutVote[] = expectArray(o.votes ?? [], p("votes")).map((vv, i) => {
        const vp = `${path}.votes[${i}]`;
        const vo = expectObject(vv, vp);
        checkKeys(vo, ["voter_slot", "accept", "signer"], vp, ctx.opts.strictKeys);
        const s = slot(vo.voter_slot, `${vp}.voter_slot`, ctx);
        return { voterSlot: s, accept: vo.accept === undefined ? true : expectBoolean(vo.accept, `${vp}.accept`), signer: signer(vo, vp, addrOf(s)) };
      });
      const tx: DevshardTx = { type, inferenceId: id(), reason: parseReason(o.reason, p("reason")), votes };
      if (o.prompt_tokens !== undefined) tx.promptTokens = u64(o.prompt_tokens, p("prompt_tokens"));
      return tx;
    }
    case "reveal_seed": {
      const s = u32(o.slot_id ?? 0, p("slot_id"));
      return { type, slotId: s, signer: signer(o, path, addrOf(s) ?? ""), escrowId: escrow() };
    }
    default:
      return { type: "finalize_round" };
  }
}

function parseStep(v: Json, path: string, ctx: TxContext): TallyStep {
  const o = expectObject(v, path);
  if ("type" in o) return { kind: "diff", mode: "strict", txs: [parseTx(o, path, ctx)], repeat: 1 };
  checkKeys(o, ["mode", "txs", "repeat", "seal_inference", "comment"], path, ctx.opts.strictKeys);
  const comment = typeof o.comment === "string" ? o.comment : undefined;
  if (o.seal_inference !== undefined) return { kind: "seal", inferenceId: u64(o.seal_inference, `${path}.seal_inference`), comment };
  const mode = o.mode ?? "strict";
  if (mode !== "strict" && mode !== "best_effort") throw new InputError(`expected "strict" or "best_effort", got ${describeValue(mode)}`, `${path}.mode`);
  const txs = expectArray(o.txs ?? [], `${path}.txs`).map((t, i) => parseTx(t, `${path}.txs[${i}]`, ctx));
  const repeat = o.repeat === undefined ? 1 : Number(intIn(o.repeat, `${path}.repeat`, 1n, 100000n, "the repeat range 1..100000"));
  return { kind: "diff", mode, txs, repeat, comment };
}

/** Parse a tally file (or a vector case input); every problem is an InputError naming its path. */
export function parseTallyFile(v: Json, source: string, opts: ParseOptions): TallyFile {
  const o = expectObject(v, source);
  checkKeys(o, TOP_KEYS, source, opts.strictKeys);
  const p = (k: string): string => `${source}: ${k}`;
  const group = parseGroup(o.group, p("group"));
  const n = group.length;
  const fileFactor = o.factor === undefined ? undefined : opts.strictKeys ? checkVoteThresholdFactor(intIn(o.factor, p("factor"), 0n, UINT32_MAX, "uint32"), p("factor")) : u32(o.factor, p("factor"));
  const factor = opts.factor ?? fileFactor;
  const config = parseConfig(o.config, p("config"), n, undefined, opts.strictKeys);
  const hasThreshold = isJsonObject(o.config) && o.config.vote_threshold !== undefined;
  if (opts.factor !== undefined || (!hasThreshold && factor !== undefined)) config.voteThreshold = computeVoteThreshold(n, factor!);
  const escrowId = o.escrow_id === undefined ? "escrow-1" : expectString(o.escrow_id, p("escrow_id"));
  const ctx: TxContext = { group, escrowId, opts };
  const warmGrants = expectArray(o.warm_grants ?? [], p("warm_grants")).map((g, i) => {
    const gp = `${p("warm_grants")}[${i}]`;
    const go = expectObject(g, gp);
    return { cold: expectString(go.cold, `${gp}.cold`), warm: expectString(go.warm, `${gp}.warm`) };
  });
  const modelLimits = new Map<string, bigint>();
  if (o.model_limits !== undefined) {
    for (const [m, lim] of Object.entries(expectObject(o.model_limits, p("model_limits")))) modelLimits.set(m, u64(lim, `${p("model_limits")}.${m}`));
  }
  const steps = expectArray(o.steps ?? o.diffs ?? [], p(o.steps === undefined && o.diffs !== undefined ? "diffs" : "steps")).map((s, i) =>
    parseStep(s, `${p(o.steps === undefined && o.diffs !== undefined ? "diffs" : "steps")}[${i}]`, ctx),
  );
  const file: TallyFile = {
    escrowId,
    userAddress: o.user_address === undefined ? "gonka1user" : expectString(o.user_address, p("user_address")),
    stateRootAndProtocolVersion: o.state_root_and_protocol_version === undefined ? "v2" : expectString(o.state_root_and_protocol_version, p("state_root_and_protocol_version")),
    group,
    config,
    initialBalance: o.initial_balance === undefined ? 10_000_000n : u64(o.initial_balance, p("initial_balance")),
    warmGrants,
    modelLimits,
    setup: expectArray(o.setup ?? [], p("setup")).map((s, i) => parseStep(s, `${p("setup")}[${i}]`, ctx)),
    steps,
  };
  if (factor !== undefined) file.factor = factor;
  if (o.inference_id !== undefined) file.inferenceId = u64(o.inference_id, p("inference_id"));
  return file;
}
