/**
 * Devshard session configuration (devshard/types/config.go): defaults, normalisation, the bind-time
 * overlays and the vote threshold. All arithmetic is Go's: uint32 fields wrap modulo 2^32, uint64 and
 * int64 fields are bigint.
 */
import { InputError } from "../errors.js";
import { wrapUint32 } from "../go/int64.js";
import type { DevshardRules } from "./devshard-rules.js";

/** Session parameters fixed at bind (types.SessionConfig). */
export interface SessionConfig {
  refusalTimeout: bigint; // int64 seconds
  executionTimeout: bigint; // int64 seconds
  tokenPrice: bigint; // uint64
  createDevshardFee: bigint; // uint64
  feePerNonce: bigint; // uint64
  voteThreshold: number; // uint32
  validationRate: number; // uint32, basis points
  inferenceSealGraceNonces: number; // uint32
  inferenceSealGraceSeconds: number; // uint32
  autoSealEveryNNonces: number; // uint32
}

/** Per-escrow values frozen on the chain escrow at create; 0 means "use the default" (types.EscrowSessionFields). */
export interface EscrowSessionFields {
  tokenPrice: bigint;
  createDevshardFee: bigint;
  feePerNonce: bigint;
  inferenceSealGraceNonces: number;
  inferenceSealGraceSeconds: number;
  autoSealEveryNNonces: number;
}

/**
 * The session fields of the chain's DevshardEscrow row as devshard v4, v4.1 and v5 bind them (0 = the compiled
 * default). v4 (zpoken@89ff8bdb types.EscrowSessionFields) adds validationRate and voteThresholdFactor
 * to the 85835b31 fields; v5 (zpoken@86cff503) adds refusalTimeout and executionTimeout.
 */
export interface EscrowRowSessionFields extends EscrowSessionFields {
  validationRate: number;
  voteThresholdFactor: number; // percent; 0 → N/2
  refusalTimeout: bigint;
  executionTimeout: bigint;
}

/** Governance values read once at bind; 0 means "not provided" (types.LiveSessionBindParams). */
export interface LiveSessionBindParams {
  refusalTimeout: bigint;
  executionTimeout: bigint;
  validationRate: number;
  voteThresholdFactor: number; // percent
}

const MIN_INFERENCE_SEAL_GRACE_NONCES = 20n;
const DEFAULT_INFERENCE_SEAL_GRACE_MULTIPLIER = 1n;
export const DEFAULT_INFERENCE_SEAL_GRACE_SECONDS = 3600;
export const DEFAULT_AUTO_SEAL_EVERY_N_NONCES = 150;

/**
 * The vote threshold factor a user gives (tally files, --factor, scenario files): a percentage 0..100,
 * 0 meaning "not provided" (threshold N/2). The chain's Params.Validate allows 1..100 for the
 * governance parameter; ComputeVoteThreshold itself takes any uint32 (vectors replay that), but a
 * factor above 100 would need more than N votes, so no user input may carry one.
 * One check for every place the value comes from.
 */
export function checkVoteThresholdFactor(factor: bigint, path: string): number {
  if (factor < 0n || factor > 100n) throw new InputError(`expected a percentage between 0 and 100 (vote_threshold_factor; 0 gives N/2), got ${factor}`, path);
  return Number(factor);
}

/** Mirrors types.ComputeVoteThreshold: factor 0 → uint32(N)/2, else uint32(N)*factor/100 with the product wrapping in uint32. */
export function computeVoteThreshold(groupSize: bigint | number, factor: bigint | number): number {
  const n = wrapUint32(BigInt(groupSize));
  const f = wrapUint32(BigInt(factor));
  if (f === 0n) return Number(n / 2n);
  return Number(wrapUint32(n * f) / 100n);
}

/** Mirrors types.DefaultInferenceSealGraceNonces: max(N * 1, 20) as uint32. */
export function defaultInferenceSealGraceNonces(groupSize: number | bigint): number {
  let grace = BigInt(groupSize) * DEFAULT_INFERENCE_SEAL_GRACE_MULTIPLIER;
  if (grace < MIN_INFERENCE_SEAL_GRACE_NONCES) grace = MIN_INFERENCE_SEAL_GRACE_NONCES;
  return Number(wrapUint32(grace));
}

/** Mirrors types.NormalizeSessionConfig: fills grace nonces, grace seconds and the auto-seal interval when 0. */
export function normalizeSessionConfig(cfg: SessionConfig, groupSize: number | bigint): SessionConfig {
  const out = { ...cfg };
  if (out.inferenceSealGraceNonces === 0) out.inferenceSealGraceNonces = defaultInferenceSealGraceNonces(groupSize);
  if (out.inferenceSealGraceSeconds === 0) out.inferenceSealGraceSeconds = DEFAULT_INFERENCE_SEAL_GRACE_SECONDS;
  if (out.autoSealEveryNNonces === 0) out.autoSealEveryNNonces = DEFAULT_AUTO_SEAL_EVERY_N_NONCES;
  return out;
}

/** Mirrors types.DefaultSessionConfig (ExecutionTimeout 1200 at 85835b31; the rules say when it is 32*60). */
export function defaultSessionConfig(groupSize: number | bigint, rules?: DevshardRules): SessionConfig {
  return normalizeSessionConfig(
    {
      refusalTimeout: 60n,
      executionTimeout: rules?.defaultExecutionTimeout ?? 1200n,
      tokenPrice: 1n,
      createDevshardFee: 10_000n,
      feePerNonce: 1_000n,
      voteThreshold: Number(wrapUint32(BigInt(groupSize)) / 2n),
      validationRate: 5000,
      inferenceSealGraceNonces: 0,
      inferenceSealGraceSeconds: 0,
      autoSealEveryNNonces: 0,
    },
    groupSize,
  );
}

/** Mirrors types.SessionConfigFromEscrow: the defaults overlaid with every non-zero escrow field. */
export function sessionConfigFromEscrow(groupSize: number | bigint, fields: EscrowSessionFields): SessionConfig {
  return normalizeSessionConfig(overlayEscrowFields(defaultSessionConfig(groupSize), fields), groupSize);
}

/** The overlay of SessionConfigFromEscrow shared by every version: each non-zero 85835b31 escrow field replaces the default. */
function overlayEscrowFields(cfg: SessionConfig, fields: EscrowSessionFields): SessionConfig {
  if (fields.tokenPrice > 0n) cfg.tokenPrice = fields.tokenPrice;
  if (fields.createDevshardFee > 0n) cfg.createDevshardFee = fields.createDevshardFee;
  if (fields.feePerNonce > 0n) cfg.feePerNonce = fields.feePerNonce;
  if (fields.inferenceSealGraceNonces > 0) cfg.inferenceSealGraceNonces = fields.inferenceSealGraceNonces;
  if (fields.inferenceSealGraceSeconds > 0) cfg.inferenceSealGraceSeconds = fields.inferenceSealGraceSeconds;
  if (fields.autoSealEveryNNonces > 0) cfg.autoSealEveryNNonces = fields.autoSealEveryNNonces;
  return cfg;
}

/** Mirrors types.ApplyLiveSessionParams (tests only): a live validation rate of 0 keeps the current rate. */
export function applyLiveSessionParams(cfg: SessionConfig, groupSize: number | bigint, live: LiveSessionBindParams): SessionConfig {
  const out = { ...cfg };
  if (live.validationRate > 0) out.validationRate = live.validationRate;
  out.voteThreshold = computeVoteThreshold(groupSize, live.voteThresholdFactor);
  if (live.refusalTimeout > 0n) out.refusalTimeout = live.refusalTimeout;
  if (live.executionTimeout > 0n) out.executionTimeout = live.executionTimeout;
  return normalizeSessionConfig(out, groupSize);
}

/** Mirrors types.ApplyChainSessionBindParams (production bind): the live validation rate is taken verbatim, 0 included. */
export function applyChainSessionBindParams(cfg: SessionConfig, groupSize: number | bigint, live: LiveSessionBindParams): SessionConfig {
  const out = { ...cfg };
  out.validationRate = live.validationRate;
  out.voteThreshold = computeVoteThreshold(groupSize, live.voteThresholdFactor);
  if (live.refusalTimeout > 0n) out.refusalTimeout = live.refusalTimeout;
  if (live.executionTimeout > 0n) out.executionTimeout = live.executionTimeout;
  return normalizeSessionConfig(out, groupSize);
}

/**
 * Mirrors bridge.SessionConfigAtBind → types.SessionConfigFromEscrow of devshard v4 (zpoken@89ff8bdb)
 * and v5 (zpoken@86cff503): the defaults overlaid with every non-zero escrow-row field, the vote
 * threshold always recomputed from the row's factor (no live chain overlay); the row's timeouts are
 * overlaid only where the rules say so (v5).
 */
export function sessionConfigAtBind(groupSize: number | bigint, row: EscrowRowSessionFields, rules: DevshardRules): SessionConfig {
  const cfg = overlayEscrowFields(defaultSessionConfig(groupSize, rules), row);
  if (row.validationRate > 0) cfg.validationRate = row.validationRate;
  if (rules.bindTimeoutsFromEscrow) {
    if (row.refusalTimeout > 0n) cfg.refusalTimeout = row.refusalTimeout;
    if (row.executionTimeout > 0n) cfg.executionTimeout = row.executionTimeout;
  }
  cfg.voteThreshold = computeVoteThreshold(groupSize, row.voteThresholdFactor);
  return normalizeSessionConfig(cfg, groupSize);
}
