/**
 * Reader for tally files: one devshard session and the messages to replay through it. The format is
 * the input of the `vote_tally_sequences` / `settle_host_stats` vectors, with most fields optional:
 *
 *   {
 *     "group": ["gonka1a", "gonka1a", "gonka1b"]         slot i → cold address (weight = slots held), or
 *              [{"address": "gonka1a", "weight": 2}, …]   weights expanded into consecutive slots (weight ≥ 1)
 *     "factor": 50,                 the live vote_threshold_factor in percent at bind (0 → N/2; rules v2/v3 only);
 *                                   --factor overrides it (and, from v4 on, the escrow row's)
 *     "escrow": { … },              the DevshardEscrow row's session fields (0 = default): token_price,
 *                                   create_devshard_fee, fee_per_nonce, inference_seal_grace_nonces,
 *                                   inference_seal_grace_seconds, auto_seal_every_n_nonces; and from v4 on
 *                                   validation_rate, vote_threshold_factor; refusal_timeout, execution_timeout
 *                                   (bound from v5 on). The session's rules bind them (session-config.ts)
 *     "config": { … },              optional SessionConfig fields in snake_case (refusal_timeout, execution_timeout,
 *                                   token_price, create_devshard_fee, fee_per_nonce, vote_threshold, validation_rate,
 *                                   inference_seal_grace_nonces, inference_seal_grace_seconds, auto_seal_every_n_nonces);
 *                                   the bound config, field by field over the bind's result; vote_threshold wins
 *                                   over the factor
 *     "initial_balance": 10000000,  escrow amount before the creation fee (default 10000000)
 *     "escrow_id": "escrow-1", "user_address": "gonka1user",
 *     "state_root_and_protocol_version": "v2"   the session tag: hashed into every root and selecting the
 *                                   rules ("v2", "v3", "v4", "v4.1", "v5"; a devshard v6 tag is refused;
 *                                   devshard-rules.ts)
 *     "warm_grants": [{"cold": "gonka1a", "warm": "gonka1warm"}],   authz grants the warm-key resolver honours
 *     "model_limits": {"llama": 8192},   governance max context length per model (used by --rule context-aware)
 *     "inference_id": 1,            the record to report (default: the first started inference)
 *     "setup": [STEP…], "steps": [STEP…]     (or "diffs": settle_host_stats cases)
 *   }
 *
 * A STEP is either one message (applied as its own strict diff) or a diff
 * {"mode": "strict"|"best_effort"|"persisted", "txs": [MSG…], "repeat": k} (k empty diffs when repeat is
 * given; "persisted" is v5's ApplyLocalPersisted, the journal replay that skips the max_tokens floor),
 * or {"seal_inference": id}. A MSG has a "type":
 *   start        inference_id, model, prompt_hash_hex, input_length, max_tokens, started_at
 *   confirm      inference_id, confirmed_at, signer
 *   finish       inference_id, executor_slot, input_tokens, output_tokens, response_hash_hex, signer, escrow_id
 *   validation   inference_id, validator_slot, valid, signer, escrow_id
 *   vote         inference_id, voter_slot, vote_valid, signer, escrow_id
 *   timeout      inference_id, reason (1|2|"refused"|"execution"|name), votes [{voter_slot, accept, signer}],
 *                prompt_tokens (evidence for --rule context-aware)
 *   error_miss   inference_id, votes [{voter_slot, accept, signer}]     (v5 only)
 *   reveal_seed  slot_id, signer, escrow_id
 *   finalize_round
 * `signer` is the address the signature recovers to (null: unrecoverable); it defaults to the cold
 * address of the message's slot (confirm and finish: the executor, slot = inference_id mod N), and
 * escrow_id defaults to the session's. Integers may be JSON numbers or decimal strings.
 * The v5 height-sync messages (force_height_sync_turn, heartbeat, height_ack) and observed-height stamps
 * (observed_height, observed_block_hash_hex) are refused: their rules are in devshard/heightsync, not read.
 */
import { InputError, describeValue } from "../errors.js";
import { UINT32_MAX, toBigInt } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { MAX_GROUP_SIZE } from "./bitmap128.js";
import { chooseDevshardRules, type DevshardRules, type DevshardRulesName, type RulesChoice } from "./devshard-rules.js";
import type { DevshardTx } from "./devshard-tx.js";
import {
  checkVoteThresholdFactor,
  computeVoteThreshold,
  defaultSessionConfig,
  sessionConfigAtBind,
  sessionConfigFromEscrow,
  type EscrowRowSessionFields,
  type SessionConfig,
} from "./session-config.js";
import { checkKeys, i64, intIn, parseTx, u32, u64, type TxContext } from "./tally-file-tx.js";
import { type JsonObject, checkAddressText, expectArray, expectObject, expectString, isJsonObject } from "../json-input.js";

export { parseTx } from "./tally-file-tx.js";

/** One replay step. */
export type TallyStep =
  | { kind: "diff"; mode: "strict" | "best_effort" | "persisted"; txs: DevshardTx[]; repeat: number; comment?: string }
  | { kind: "seal"; inferenceId: bigint; comment?: string };

/** A parsed tally file. */
export interface TallyFile {
  escrowId: string;
  userAddress: string;
  stateRootAndProtocolVersion: string;
  /** The devshard rules the replay runs, and why. */
  rules: RulesChoice;
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
  /** What the replay assumes or ignores (printed by `tally`). */
  notes: string[];
}

export interface ParseOptions {
  /** Reject slots outside the group (the CLI does; vectors replay Go's ErrSlotNotInGroup instead). */
  strictSlots: boolean;
  /** Reject keys this reader does not know (the CLI does). */
  strictKeys: boolean;
  /** Overrides the file's factor (CLI --factor). */
  factor?: number;
  /** Overrides the rules the session tag selects (CLI --devshard-rules; the vectors pin v2). */
  devshardRules?: DevshardRulesName;
}

const TOP_KEYS = [
  "comment", "escrow_id", "state_root_and_protocol_version", "user_address", "group_size", "group", "address_weights",
  "config_derivation", "config", "factor", "escrow", "initial_balance", "warm_grants", "model_limits", "inference_id", "executor_slot",
  "executor_address", "start_status", "setup", "steps", "diffs", "planned_outcomes", "settlement_signer_slots",
];

const CONFIG_KEYS = [
  "refusal_timeout", "execution_timeout", "token_price", "create_devshard_fee", "fee_per_nonce", "vote_threshold",
  "validation_rate", "inference_seal_grace_nonces", "inference_seal_grace_seconds", "auto_seal_every_n_nonces",
];

/** The escrow-row fields 85835b31 binds (types.EscrowSessionFields). */
const ESCROW_KEYS_V2 = ["token_price", "create_devshard_fee", "fee_per_nonce", "inference_seal_grace_nonces", "inference_seal_grace_seconds", "auto_seal_every_n_nonces"];
/** v4 adds the lane-A validation rate and the vote-threshold factor; v5 binds the timeouts (present in v4's row but not bound). */
const ESCROW_KEYS_V4 = [...ESCROW_KEYS_V2, "validation_rate", "vote_threshold_factor", "refusal_timeout", "execution_timeout"];

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

/** The bound config: the rules' bind of the escrow row (defaults without one), then the file's "config" fields. */
function parseConfig(o: JsonObject, source: string, n: number, rules: DevshardRules, strict: boolean, notes: string[]): { cfg: SessionConfig; rowFactor?: number } {
  const p = (k: string): string => `${source}: ${k}`;
  let cfg: SessionConfig;
  let rowFactor: number | undefined;
  if (o.escrow === undefined) cfg = rules.bindFactor === "live" ? defaultSessionConfig(n) : sessionConfigAtBind(n, emptyRow(), rules);
  else {
    const e = expectObject(o.escrow, p("escrow"));
    const keys = rules.bindFactor === "live" ? ESCROW_KEYS_V2 : ESCROW_KEYS_V4;
    for (const k of Object.keys(e)) {
      if (keys.includes(k)) continue;
      if (ESCROW_KEYS_V4.includes(k)) {
        const why = k === "vote_threshold_factor" ? ': give the live factor as "factor"' : "";
        throw new InputError(`rules ${rules.name} do not bind this escrow-row field (ApplyChainSessionBindParams, ${rules.bindSource})${why}`, `${p("escrow")}.${k}`);
      }
      throw new InputError(`unknown field ${JSON.stringify(k)} (expected one of ${keys.join(", ")})`, p("escrow"));
    }
    const ep = (k: string): string => `${p("escrow")}.${k}`;
    const row: EscrowRowSessionFields = {
      tokenPrice: u64(e.token_price ?? 0, ep("token_price")),
      createDevshardFee: u64(e.create_devshard_fee ?? 0, ep("create_devshard_fee")),
      feePerNonce: u64(e.fee_per_nonce ?? 0, ep("fee_per_nonce")),
      inferenceSealGraceNonces: u32(e.inference_seal_grace_nonces ?? 0, ep("inference_seal_grace_nonces")),
      inferenceSealGraceSeconds: u32(e.inference_seal_grace_seconds ?? 0, ep("inference_seal_grace_seconds")),
      autoSealEveryNNonces: u32(e.auto_seal_every_n_nonces ?? 0, ep("auto_seal_every_n_nonces")),
      validationRate: u32(e.validation_rate ?? 0, ep("validation_rate")),
      voteThresholdFactor: checkVoteThresholdFactor(intIn(e.vote_threshold_factor ?? 0, ep("vote_threshold_factor"), 0n, UINT32_MAX, "uint32"), ep("vote_threshold_factor")),
      refusalTimeout: i64(e.refusal_timeout ?? 0, ep("refusal_timeout")),
      executionTimeout: i64(e.execution_timeout ?? 0, ep("execution_timeout")),
    };
    if (rules.bindFactor === "live") cfg = sessionConfigFromEscrow(n, row);
    else {
      cfg = sessionConfigAtBind(n, row, rules);
      if (e.vote_threshold_factor !== undefined) rowFactor = row.voteThresholdFactor;
      if (!rules.bindTimeoutsFromEscrow) {
        for (const k of ["refusal_timeout", "execution_timeout"]) {
          if (e[k] !== undefined) notes.push(`escrow.${k} is not bound by rules ${rules.name} (SessionConfigAtBind, ${rules.bindSource}): the default ${k === "refusal_timeout" ? cfg.refusalTimeout : cfg.executionTimeout} s is used`);
        }
      }
    }
  }
  if (o.config === undefined) return { cfg, rowFactor };
  const c = expectObject(o.config, p("config"));
  checkKeys(c, CONFIG_KEYS, p("config"), strict);
  const cp = (k: string): string => `${p("config")}.${k}`;
  if (c.refusal_timeout !== undefined) cfg.refusalTimeout = i64(c.refusal_timeout, cp("refusal_timeout"));
  if (c.execution_timeout !== undefined) cfg.executionTimeout = i64(c.execution_timeout, cp("execution_timeout"));
  if (c.token_price !== undefined) cfg.tokenPrice = u64(c.token_price, cp("token_price"));
  if (c.create_devshard_fee !== undefined) cfg.createDevshardFee = u64(c.create_devshard_fee, cp("create_devshard_fee"));
  if (c.fee_per_nonce !== undefined) cfg.feePerNonce = u64(c.fee_per_nonce, cp("fee_per_nonce"));
  if (c.vote_threshold !== undefined) cfg.voteThreshold = u32(c.vote_threshold, cp("vote_threshold"));
  if (c.validation_rate !== undefined) cfg.validationRate = u32(c.validation_rate, cp("validation_rate"));
  if (c.inference_seal_grace_nonces !== undefined) cfg.inferenceSealGraceNonces = u32(c.inference_seal_grace_nonces, cp("inference_seal_grace_nonces"));
  if (c.inference_seal_grace_seconds !== undefined) cfg.inferenceSealGraceSeconds = u32(c.inference_seal_grace_seconds, cp("inference_seal_grace_seconds"));
  if (c.auto_seal_every_n_nonces !== undefined) cfg.autoSealEveryNNonces = u32(c.auto_seal_every_n_nonces, cp("auto_seal_every_n_nonces"));
  return { cfg, rowFactor };
}

const emptyRow = (): EscrowRowSessionFields => ({
  tokenPrice: 0n, createDevshardFee: 0n, feePerNonce: 0n, inferenceSealGraceNonces: 0, inferenceSealGraceSeconds: 0, autoSealEveryNNonces: 0,
  validationRate: 0, voteThresholdFactor: 0, refusalTimeout: 0n, executionTimeout: 0n,
});

function parseStep(v: Json, path: string, ctx: TxContext): TallyStep {
  const o = expectObject(v, path);
  if ("type" in o) return { kind: "diff", mode: "strict", txs: [parseTx(o, path, ctx)], repeat: 1 };
  checkKeys(o, ["mode", "txs", "repeat", "seal_inference", "comment"], path, ctx.strictKeys);
  const comment = o.comment === undefined ? undefined : expectString(o.comment, `${path}.comment`);
  if (o.seal_inference !== undefined) return { kind: "seal", inferenceId: u64(o.seal_inference, `${path}.seal_inference`), comment };
  const mode = o.mode ?? "strict";
  if (mode !== "strict" && mode !== "best_effort" && mode !== "persisted") {
    throw new InputError(`expected "strict", "best_effort" or "persisted", got ${describeValue(mode)}`, `${path}.mode`);
  }
  if (mode === "persisted" && !ctx.rules.persistedReplay) {
    throw new InputError(`"persisted" (ApplyLocalPersisted, the journal replay) is a devshard v5 path; rules ${ctx.rules.name} have none`, `${path}.mode`);
  }
  const txs = expectArray(o.txs ?? [], `${path}.txs`).map((t, i) => parseTx(t, `${path}.txs[${i}]`, ctx));
  const repeat = o.repeat === undefined ? 1 : Number(intIn(o.repeat, `${path}.repeat`, 1n, 100000n, "the repeat range 1..100000"));
  return { kind: "diff", mode, txs, repeat, comment };
}

/** Parse a tally file (or a vector case input); every problem is an InputError naming its path. */
export function parseTallyFile(v: Json, source: string, opts: ParseOptions): TallyFile {
  const o = expectObject(v, source);
  checkKeys(o, TOP_KEYS, source, opts.strictKeys);
  const p = (k: string): string => `${source}: ${k}`;
  const tag = o.state_root_and_protocol_version === undefined ? undefined : expectString(o.state_root_and_protocol_version, p("state_root_and_protocol_version"));
  const rules = chooseDevshardRules(tag, opts.devshardRules, p("state_root_and_protocol_version"));
  const notes: string[] = [];
  const group = parseGroup(o.group, p("group"));
  const n = group.length;
  if (o.factor !== undefined && rules.rules.bindFactor === "escrow") {
    throw new InputError(`rules ${rules.rules.name} take the vote-threshold factor from the escrow row only (SessionConfigAtBind, ${rules.rules.bindSource}): give escrow.vote_threshold_factor`, p("factor"));
  }
  const fileFactor = o.factor === undefined ? undefined : opts.strictKeys ? checkVoteThresholdFactor(intIn(o.factor, p("factor"), 0n, UINT32_MAX, "uint32"), p("factor")) : u32(o.factor, p("factor"));
  const { cfg: config, rowFactor } = parseConfig(o, source, n, rules.rules, opts.strictKeys, notes);
  const factor = opts.factor ?? fileFactor ?? rowFactor;
  const hasThreshold = isJsonObject(o.config) && o.config.vote_threshold !== undefined;
  if (opts.factor !== undefined || (!hasThreshold && fileFactor !== undefined)) config.voteThreshold = computeVoteThreshold(n, factor!);
  const escrowId = o.escrow_id === undefined ? "escrow-1" : expectString(o.escrow_id, p("escrow_id"));
  const ctx: TxContext = { group, escrowId, rules: rules.rules, strictSlots: opts.strictSlots, strictKeys: opts.strictKeys };
  const warmGrants = expectArray(o.warm_grants ?? [], p("warm_grants")).map((g, i) => {
    const gp = `${p("warm_grants")}[${i}]`;
    const go = expectObject(g, gp);
    const cold = expectString(go.cold, `${gp}.cold`);
    const warm = expectString(go.warm, `${gp}.warm`);
    checkAddressText(cold, `${gp}.cold`);
    checkAddressText(warm, `${gp}.warm`);
    return { cold, warm };
  });
  const modelLimits = new Map<string, bigint>();
  if (o.model_limits !== undefined) {
    for (const [m, lim] of Object.entries(expectObject(o.model_limits, p("model_limits")))) modelLimits.set(m, u64(lim, `${p("model_limits")}.${m}`));
  }
  const stepsKey = o.steps === undefined && o.diffs !== undefined ? "diffs" : "steps";
  const steps = expectArray(o.steps ?? o.diffs ?? [], p(stepsKey)).map((s, i) => parseStep(s, `${p(stepsKey)}[${i}]`, ctx));
  notes.push(...rules.rules.assumptions);
  const file: TallyFile = {
    escrowId,
    userAddress: o.user_address === undefined ? "gonka1user" : expectString(o.user_address, p("user_address")),
    stateRootAndProtocolVersion: rules.tag,
    rules,
    group,
    config,
    initialBalance: o.initial_balance === undefined ? 10_000_000n : u64(o.initial_balance, p("initial_balance")),
    warmGrants,
    modelLimits,
    setup: expectArray(o.setup ?? [], p("setup")).map((s, i) => parseStep(s, `${p("setup")}[${i}]`, ctx)),
    steps,
    notes,
  };
  if (factor !== undefined) file.factor = factor;
  if (o.inference_id !== undefined) file.inferenceId = u64(o.inference_id, p("inference_id"));
  return file;
}
