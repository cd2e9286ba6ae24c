/**
 * The epoch input of the miss test: what settlement reads for one epoch. The same JSON shape is
 * the `settlement` slice of a snapshot and the file of `gonka-spec miss-test --epoch FILE`:
 *
 *     { "epoch": 433,
 *       "validationParams": { "binomTestP0": { "value": 4, "exponent": -1 } } | null,
 *       "graceEpoch": { "binomTestP0": { "value": 5, "exponent": -1 }, "upgradeProtectionWindow": 3000 } | null,
 *       "participants": [ { "address": "gonka1…", "currentEpochStats": { "inferenceCount": 748, "missedRequests": 749 } | null } ],
 *       "rewards": { "gonka1…": 1000 } }
 *
 * `reward` (optional) holds the rest of what the reward distribution reads (src/settlement/settlement-input.ts).
 * `validationParams` null means the chain's defaults (p0 = 0.10); `graceEpoch` (optional) is the
 * PunishmentGraceEpochs entry for the epoch; `rewards` (optional; alias `weights`, the name of the
 * downtime_step_bitcoin_rewards vector) are the reward weights entering the downtime step.
 * Integers may be JSON numbers or digit strings (chain JSON writes int64 as strings).
 *
 * This is the validating reader (it names the field of an error and writes the warnings); a text is
 * read first by the typed reader (epoch-input-text.ts: readEpochInputText), which returns the same
 * and leaves to this one anything off its plain form.
 */
import { InputError, describeValue } from "../errors.js";
import { checkedUint64, plainInt64 } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { parseOptionalChainDecimal } from "../go/chain-decimal.js";
import type { Participant, ValidationParams } from "./get-dynamic-p0.js";
import type { GraceEpochParams } from "./grace-epoch.js";
import { isJsonObject, isAddressText, checkAddressText, knownKeys } from "../json-input.js";
import { DEC_ONE, Decimal } from "../go/decimal.js";
import { bech32Warning } from "../preserved/bech32.js";
import type { ChainDecimal } from "../go/chain-decimal.js";

export interface EpochInput {
  epoch: bigint;
  validationParams: ValidationParams | null;
  graceEpoch: GraceEpochParams | null;
  participants: Participant[];
  /** Reward weights by address, or null when the file gives none (verdicts only). */
  rewards: Map<string, bigint> | null;
  /** Odd input the chain would not hold but the rules read as given (strict reading), each named. */
  warnings?: string[];
  /**
   * Where the epoch was settled (optional `chain`): the chain id and the settlement block, so that the
   * upgrade table places the rules' version (an epoch file holds no other chain state).
   */
  chain?: EpochChain;
}

/** The fields of an epoch input (the typed reader, epoch-input-text.ts, reads the same). */
export const EPOCH_INPUT_KEYS = ["epoch", "validationParams", "graceEpoch", "participants", "rewards", "weights", "comment", "reward", "chain"] as const;
const TOP_LEVEL_KEYS: ReadonlySet<string> = new Set(EPOCH_INPUT_KEYS);

/**
 * How an epoch input is read. `strict` (files, snapshots, node and REST reads): no key the format
 * does not define, no participant twice, a p0 strictly between 0 and 1, since no chain state holds
 * anything else. Not strict: the Go vectors' inputs, which probe Go's behaviour on such values.
 */
export interface EpochInputOptions {
  strict?: boolean;
}

/**
 * A miss-test p0 (binom_test_p0, a grace epoch's p0) must be a probability strictly between 0 and 1:
 * no chain state holds another (the miss test would divide by it or test against certainty).
 */
export function checkP0(d: ChainDecimal | null, path: string): void {
  if (d === null) return;
  const x = Decimal.fromChain(d);
  if (!x.isPositive() || !x.lessThan(DEC_ONE)) throw new InputError(`p0 ${x.toString()} is outside (0, 1): a miss-test p0 is a probability strictly between 0 and 1, and no chain state holds another`, path);
}

export interface EpochChain {
  chainId: string;
  settlementHeight: bigint;
}

const CHAIN_KEYS = ["chainId", "settlementHeight"] as const;

/** Parse `chain` ({chainId, settlementHeight}; absent or null → none). */
export function parseEpochChain(v: Json | undefined, path: string): EpochChain | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isJsonObject(v)) throw new InputError(`expected an object {chainId, settlementHeight}, got ${describeValue(v)}`, path);
  knownKeys(v, CHAIN_KEYS, path);
  if (typeof v.chainId !== "string" || v.chainId === "") throw new InputError(`expected the chain id, got ${describeValue(v.chainId)}`, `${path}.chainId`);
  if (v.settlementHeight === undefined) throw new InputError("missing (the block that settled the epoch)", `${path}.settlementHeight`);
  return { chainId: v.chainId, settlementHeight: checkedUint64(v.settlementHeight, `${path}.settlementHeight`) };
}

/** Parse `validationParams` (null/absent → null; only binomTestP0 is read; strict: it is the only field). */
export function parseValidationParams(v: Json | undefined, path: string, options: EpochInputOptions = {}): ValidationParams | null {
  if (v === undefined || v === null) return null;
  if (!isJsonObject(v)) throw new InputError(`expected an object or null, got ${describeValue(v)}`, path);
  const binomTestP0 = parseOptionalChainDecimal(v.binomTestP0, `${path}.binomTestP0`);
  if (options.strict === true) {
    knownKeys(v, VALIDATION_PARAMS_KEYS, path);
    checkP0(binomTestP0, `${path}.binomTestP0`);
  }
  return { binomTestP0 };
}

const VALIDATION_PARAMS_KEYS = ["binomTestP0"] as const;
const GRACE_KEYS = ["binomTestP0", "upgradeProtectionWindow"] as const;
/** A participant's fields: the miss test's, and settlement's status and coin balance. */
export const PARTICIPANT_KEYS = ["address", "currentEpochStats", "status", "coinBalance"] as const;
export const STATS_KEYS = ["inferenceCount", "missedRequests"] as const;

/** Parse `graceEpoch` (null/absent → no grace entry for this epoch). */
export function parseGraceEpoch(v: Json | undefined, path: string, options: EpochInputOptions = {}): GraceEpochParams | null {
  if (v === undefined || v === null) return null;
  if (!isJsonObject(v)) throw new InputError(`expected an object or null, got ${describeValue(v)}`, path);
  const grace: GraceEpochParams = { binomTestP0: parseOptionalChainDecimal(v.binomTestP0, `${path}.binomTestP0`) };
  if (options.strict === true) {
    knownKeys(v, GRACE_KEYS, path);
    checkP0(grace.binomTestP0, `${path}.binomTestP0`);
  }
  if (v.upgradeProtectionWindow !== undefined && v.upgradeProtectionWindow !== null) {
    grace.upgradeProtectionWindow = checkedUint64(v.upgradeProtectionWindow, `${path}.upgradeProtectionWindow`);
  }
  return grace;
}

/**
 * Parse the participant list (order kept: Go iterates it in this order). Strict: each participant
 * once (the chain's active participants of an epoch are a set; a repeated row would count its
 * requests twice in the network totals), and no field the format does not define.
 */
export function parseParticipants(v: Json | undefined, path: string, options: EpochInputOptions = {}): Participant[] {
  if (!Array.isArray(v)) throw new InputError(`expected an array of participants, got ${describeValue(v)}`, path);
  const strict = options.strict === true;
  const out = new Array<Participant>(v.length);
  const seen = strict ? new Map<string, number>() : undefined;
  for (let i = 0; i < v.length; i++) {
    // (the paths are written only when a value fails)
    const p = v[i];
    if (!isJsonObject(p)) throw new InputError(`expected a participant object, got ${describeValue(p)}`, `${path}[${i}]`);
    if (strict) knownKeys(p, PARTICIPANT_KEYS, `${path}[${i}]`);
    const address = p.address;
    if (typeof address !== "string") throw new InputError(`expected a string, got ${describeValue(address)}`, `${path}[${i}].address`);
    if (!isAddressText(address)) checkAddressText(address, `${path}[${i}].address`);
    if (seen !== undefined) {
      const first = seen.get(address);
      if (first !== undefined) throw new InputError(`${describeValue(address)} is listed twice (also ${path}[${first}]): a participant is settled once per epoch, and a second row would count its requests twice`, `${path}[${i}].address`);
      seen.set(address, i);
    }
    const s = p.currentEpochStats;
    if (s === undefined) throw new InputError("missing (use null for a participant without stats)", `${path}[${i}].currentEpochStats`);
    if (s === null) {
      out[i] = { address, currentEpochStats: null };
      continue;
    }
    if (!isJsonObject(s)) throw new InputError(`expected an object or null, got ${describeValue(s)}`, `${path}[${i}].currentEpochStats`);
    if (strict) knownKeys(s, STATS_KEYS, `${path}[${i}].currentEpochStats`);
    out[i] = {
      address,
      currentEpochStats: {
        inferenceCount: uint64(s.inferenceCount, path, i, "inferenceCount"),
        missedRequests: uint64(s.missedRequests, path, i, "missedRequests"),
      },
    };
  }
  return out;
}

/** `{ chain }` when there is one (no key otherwise: equal inputs stay deep-equal). */
export const chainOf = (chain: EpochChain | undefined): { chain?: EpochChain } => (chain === undefined ? {} : { chain });

/** A participant's uint64 count, its path written only when it fails. */
function uint64(v: Json | undefined, path: string, i: number, field: string): bigint {
  const x = plainInt64(v);
  return x !== undefined && x >= 0n ? x : checkedUint64(v, `${path}[${i}].currentEpochStats.${field}`);
}

function parseRewards(v: Json | undefined, path: string): Map<string, bigint> | null {
  if (v === undefined || v === null) return null;
  if (!isJsonObject(v)) throw new InputError(`expected an object {address: amount}, got ${describeValue(v)}`, path);
  const m = new Map<string, bigint>();
  for (const k of Object.keys(v)) {
    if (!isAddressText(k)) checkAddressText(k, `${path} key ${describeValue(k)}`);
    const x = plainInt64(v[k]);
    m.set(k, x !== undefined && x >= 0n ? x : checkedUint64(v[k], `${path}.${k}`));
  }
  return m;
}

/** The strict reading's warning for participant addresses that are not valid bech32 (undefined when all are). */
export function participantAddressWarning(participants: readonly Participant[], path: string): string | undefined {
  return bech32Warning(participants.map((p) => p.address), (i) => `${path}.participants[${i}].address`, "participant addresses");
}

/**
 * Validate an epoch input document; `path` prefixes every error (e.g. "epoch.json" or "snap.json:
 * settlement"). Strict unless `options.strict` is false (EpochInputOptions).
 */
export function parseEpochInput(json: Json, path: string, options: EpochInputOptions = { strict: true }): EpochInput {
  if (!isJsonObject(json)) throw new InputError(`expected an epoch object, got ${describeValue(json)}`, path);
  for (const k of Object.keys(json)) {
    if (!TOP_LEVEL_KEYS.has(k)) {
      throw new InputError(`unexpected field ${JSON.stringify(k)} (expected ${[...TOP_LEVEL_KEYS].join(", ")})`, path);
    }
  }
  if (json.rewards !== undefined && json.weights !== undefined) {
    throw new InputError("give either rewards or weights (the same thing), not both", path);
  }
  if (json.epoch === undefined) throw new InputError("missing (the epoch index being settled)", `${path}.epoch`);
  const participants = parseParticipants(json.participants, `${path}.participants`, options);
  const warnings: string[] = [];
  if (options.strict === true) {
    const w = participantAddressWarning(participants, path);
    if (w !== undefined) warnings.push(w);
  }
  return {
    epoch: checkedUint64(json.epoch, `${path}.epoch`),
    validationParams: parseValidationParams(json.validationParams, `${path}.validationParams`, options),
    graceEpoch: parseGraceEpoch(json.graceEpoch, `${path}.graceEpoch`, options),
    participants,
    rewards: parseRewards(json.rewards ?? json.weights, `${path}.${json.rewards !== undefined ? "rewards" : "weights"}`),
    ...(warnings.length > 0 ? { warnings } : {}),
    ...chainOf(parseEpochChain(json.chain, `${path}.chain`)),
  };
}
