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
 */
import { InputError, describeValue } from "../errors.js";
import { checkedUint64, plainInt64 } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { parseOptionalChainDecimal } from "../go/chain-decimal.js";
import type { Participant, ValidationParams } from "./get-dynamic-p0.js";
import type { GraceEpochParams } from "./grace-epoch.js";
import { isJsonObject, isAddressText, checkAddressText } from "../json-input.js";

export interface EpochInput {
  epoch: bigint;
  validationParams: ValidationParams | null;
  graceEpoch: GraceEpochParams | null;
  participants: Participant[];
  /** Reward weights by address, or null when the file gives none (verdicts only). */
  rewards: Map<string, bigint> | null;
}

const TOP_LEVEL_KEYS = new Set(["epoch", "validationParams", "graceEpoch", "participants", "rewards", "weights", "comment", "reward"]);

/** Parse `validationParams` (null/absent → null; only binomTestP0 is read, other chain fields are ignored). */
export function parseValidationParams(v: Json | undefined, path: string): ValidationParams | null {
  if (v === undefined || v === null) return null;
  if (!isJsonObject(v)) throw new InputError(`expected an object or null, got ${describeValue(v)}`, path);
  return { binomTestP0: parseOptionalChainDecimal(v.binomTestP0, `${path}.binomTestP0`) };
}

/** Parse `graceEpoch` (null/absent → no grace entry for this epoch). */
export function parseGraceEpoch(v: Json | undefined, path: string): GraceEpochParams | null {
  if (v === undefined || v === null) return null;
  if (!isJsonObject(v)) throw new InputError(`expected an object or null, got ${describeValue(v)}`, path);
  const grace: GraceEpochParams = { binomTestP0: parseOptionalChainDecimal(v.binomTestP0, `${path}.binomTestP0`) };
  if (v.upgradeProtectionWindow !== undefined && v.upgradeProtectionWindow !== null) {
    grace.upgradeProtectionWindow = checkedUint64(v.upgradeProtectionWindow, `${path}.upgradeProtectionWindow`);
  }
  return grace;
}

/** Parse the participant list (order kept: Go iterates it in this order). */
export function parseParticipants(v: Json | undefined, path: string): Participant[] {
  if (!Array.isArray(v)) throw new InputError(`expected an array of participants, got ${describeValue(v)}`, path);
  const out = new Array<Participant>(v.length);
  for (let i = 0; i < v.length; i++) {
    // (the paths are written only when a value fails)
    const p = v[i];
    if (!isJsonObject(p)) throw new InputError(`expected a participant object, got ${describeValue(p)}`, `${path}[${i}]`);
    const address = p.address;
    if (typeof address !== "string") throw new InputError(`expected a string, got ${describeValue(address)}`, `${path}[${i}].address`);
    if (!isAddressText(address)) checkAddressText(address, `${path}[${i}].address`);
    const s = p.currentEpochStats;
    if (s === undefined) throw new InputError("missing (use null for a participant without stats)", `${path}[${i}].currentEpochStats`);
    if (s === null) {
      out[i] = { address, currentEpochStats: null };
      continue;
    }
    if (!isJsonObject(s)) throw new InputError(`expected an object or null, got ${describeValue(s)}`, `${path}[${i}].currentEpochStats`);
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

/** Validate an epoch input document; `path` prefixes every error (e.g. "epoch.json" or "snap.json: settlement"). */
export function parseEpochInput(json: Json, path: string): EpochInput {
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
  return {
    epoch: checkedUint64(json.epoch, `${path}.epoch`),
    validationParams: parseValidationParams(json.validationParams, `${path}.validationParams`),
    graceEpoch: parseGraceEpoch(json.graceEpoch, `${path}.graceEpoch`),
    participants: parseParticipants(json.participants, `${path}.participants`),
    rewards: parseRewards(json.rewards ?? json.weights, `${path}.${json.rewards !== undefined ? "rewards" : "weights"}`),
  };
}
