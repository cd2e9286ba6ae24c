/**
 * The messages of a tally file (format: tally-file.ts), with the integer readers they share. Which
 * messages and fields exist depends on the devshard rules: MsgErrorMiss only in v5; the v5 height-sync
 * messages and observed-height stamps are refused (their rules live in devshard/heightsync, not read).
 */
import { InputError, describeValue } from "../errors.js";
import { INT64_MAX, INT64_MIN, UINT32_MAX, UINT64_MAX, toBigInt } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { type JsonObject, expectArray, expectBoolean, expectObject, expectString } from "../json-input.js";
import type { DevshardRules } from "./devshard-rules.js";
import { TX_TYPES, type DevshardTx, type TimeoutVote } from "./devshard-tx.js";

export function intIn(v: Json | undefined, path: string, min: bigint, max: bigint, what: string): bigint {
  if (v === undefined) throw new InputError("missing (expected an integer)", path);
  const x = toBigInt(v, path);
  // a signed type's minimum is its own bound (-2^63 for int64): below it the value does not fit
  if (x > max || (x < min && min < 0n)) throw new InputError(`${x} does not fit in ${what}`, path);
  if (x < min) throw new InputError(x < 0n ? `must not be negative, got ${x}` : `must be at least ${min}, got ${x}`, path);
  return x;
}

export const u64 = (v: Json | undefined, path: string): bigint => intIn(v, path, 0n, UINT64_MAX, "uint64");
export const i64 = (v: Json | undefined, path: string): bigint => intIn(v, path, INT64_MIN, INT64_MAX, "int64");
export const u32 = (v: Json | undefined, path: string): number => Number(intIn(v, path, 0n, UINT32_MAX, "uint32"));

function hex(v: Json | undefined, path: string): Uint8Array {
  if (v === undefined) return new Uint8Array(0);
  const s = expectString(v, path);
  if (!/^([0-9a-fA-F]{2})*$/.test(s)) throw new InputError(`expected hex bytes, got ${describeValue(s)}`, path);
  return Uint8Array.from(Buffer.from(s, "hex"));
}

export function checkKeys(o: JsonObject, allowed: readonly string[], path: string, strict: boolean): void {
  if (!strict) return;
  for (const k of Object.keys(o)) {
    if (!allowed.includes(k)) throw new InputError(`unknown field ${JSON.stringify(k)} (expected one of ${allowed.join(", ")})`, path);
  }
}

export interface TxContext {
  group: string[];
  escrowId: string;
  rules: DevshardRules;
  /** Reject slots outside the group (the CLI does; vectors replay Go's ErrSlotNotInGroup instead). */
  strictSlots: boolean;
  /** Reject keys this reader does not know (the CLI does). */
  strictKeys: boolean;
}

function slot(v: Json | undefined, path: string, ctx: TxContext): number {
  const s = u32(v, path);
  if (ctx.strictSlots && s >= ctx.group.length) {
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

/** The v5 observed-height stamp fields (tx.proto@86cff503) of start, confirm and finish. */
const STAMP_KEYS = ["observed_height", "observed_block_hash_hex"];

const TX_KEYS: Record<string, readonly string[]> = {
  start: ["type", "inference_id", "model", "prompt_hash_hex", "input_length", "max_tokens", "started_at", "comment", ...STAMP_KEYS],
  confirm: ["type", "inference_id", "confirmed_at", "signer", "comment", ...STAMP_KEYS],
  finish: ["type", "inference_id", "executor_slot", "input_tokens", "output_tokens", "response_hash_hex", "signer", "escrow_id", "comment", ...STAMP_KEYS],
  validation: ["type", "inference_id", "validator_slot", "valid", "signer", "escrow_id", "comment"],
  vote: ["type", "inference_id", "voter_slot", "vote_valid", "signer", "escrow_id", "comment"],
  timeout: ["type", "inference_id", "reason", "reason_name", "votes", "prompt_tokens", "comment"],
  error_miss: ["type", "inference_id", "votes", "comment"],
  reveal_seed: ["type", "slot_id", "signer", "escrow_id", "comment"],
  finalize_round: ["type", "comment"],
};

/** The v5 height-sync messages (diff.proto@86cff503) and what their rules need that was not read. */
const HEIGHT_SYNC_TXS: Record<string, string> = {
  force_height_sync_turn: "MsgForceHeightSyncTurn, DevshardTx field 9: its hashed turn state needs heightsync.ComputeCadenceSwallow and the log plane (CheckDiffLogPlane L0-L7)",
  heartbeat: "MsgHeartbeat, DevshardTx field 10: its admission is the log plane's (heightsync.CheckDiffLogPlane L0-L7, turn tracker, floor)",
  height_ack: "MsgHeightAck, DevshardTx field 11: its signer is heightsync.RecoverAckSigner's and its admission the log plane's (L0-L7)",
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

function parseVotes(o: JsonObject, path: string, ctx: TxContext): TimeoutVote[] {
  const addrOf = (s: number): string | undefined => ctx.group[s];
  return expectArray(o.votes ?? [], `${path}.votes`).map((vv, i) => {
    const vp = `${path}.votes[${i}]`;
    const vo = expectObject(vv, vp);
    checkKeys(vo, ["voter_slot", "accept", "signer"], vp, ctx.strictKeys);
    const s = slot(vo.voter_slot, `${vp}.voter_slot`, ctx);
    return { voterSlot: s, accept: vo.accept === undefined ? true : expectBoolean(vo.accept, `${vp}.accept`), signer: signer(vo, vp, addrOf(s)) };
  });
}

/** Refuse what the rules cannot replay: height-sync messages, stamps, error misses before v5. */
function checkReplayable(o: JsonObject, type: string, path: string, rules: DevshardRules): void {
  const hs = HEIGHT_SYNC_TXS[type];
  if (hs !== undefined) {
    if (rules.heightSyncHash) throw new InputError(`${JSON.stringify(type)} (${hs}) is not replayed: devshard/heightsync was not read`, `${path}.type`);
    throw new InputError(`${JSON.stringify(type)} is a devshard v5 message; rules ${rules.name} have no such message`, `${path}.type`);
  }
  if (type === "error_miss" && !rules.errorMiss) {
    throw new InputError(`"error_miss" (MsgErrorMiss, DevshardTx field 14, PR #1652) is a devshard v5 message; rules ${rules.name} have no such message`, `${path}.type`);
  }
  for (const k of STAMP_KEYS) {
    if (o[k] === undefined) continue;
    if (!rules.heightSyncHash) throw new InputError(`observed-height stamps are devshard v5 fields; rules ${rules.name} have none`, `${path}.${k}`);
    throw new InputError(
      "observed-height stamps are not replayed: whether one is present (heightsync.StampPresent) and how the log plane (L0-L7) judges it are in devshard/heightsync, which was not read",
      `${path}.${k}`,
    );
  }
}

/** Parse one message. */
export function parseTx(v: Json, path: string, ctx: TxContext): DevshardTx {
  const o = expectObject(v, path);
  const type = o.type;
  if (typeof type === "string" && HEIGHT_SYNC_TXS[type] !== undefined) checkReplayable(o, type, path, ctx.rules);
  if (typeof type !== "string" || !(TX_TYPES as readonly string[]).includes(type)) {
    throw new InputError(`unknown message kind ${describeValue(type)} (expected one of ${TX_TYPES.join(", ")})`, `${path}.type`);
  }
  checkKeys(o, TX_KEYS[type]!, path, ctx.strictKeys);
  checkReplayable(o, type, path, ctx.rules);
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
      const tx: DevshardTx = { type, inferenceId: id(), reason: parseReason(o.reason, p("reason")), votes: parseVotes(o, path, ctx) };
      if (o.prompt_tokens !== undefined) tx.promptTokens = u64(o.prompt_tokens, p("prompt_tokens"));
      return tx;
    }
    case "error_miss":
      return { type, inferenceId: id(), votes: parseVotes(o, path, ctx) };
    case "reveal_seed": {
      const s = u32(o.slot_id ?? 0, p("slot_id"));
      return { type, slotId: s, signer: signer(o, path, addrOf(s) ?? ""), escrowId: escrow() };
    }
    default:
      return { type: "finalize_round" };
  }
}
