/**
 * The shared body of getInvalidationStatus and getInactiveStatus (status.go): read the stored LLR,
 * take the logs (v0.2.10: NewSPRT from P0 and P1; later: the precomputed values), apply one batch
 * (UpdateCounts), store the LLR back as a chain decimal, decide. Also the explanation of one test.
 */
import type { ChainDecimal } from "../go/chain-decimal.js";
import { Decimal } from "../go/decimal.js";
import { GoError, GoPanic } from "../go/errors.js";
import { SPRT_LOG_PRECISION } from "./calculate-log-llr.js";
import { decision } from "./decision.js";
import { newSprt } from "./new-sprt.js";
import type { StatusRules } from "./status-rules.js";
import type { Decision, Sprt } from "./status-types.js";
import { updateCounts } from "./update-counts.js";

/** One SPRT's step, for an explanation: the statistic (llr) against ±h, and what moved it. */
export interface SprtTest {
  /** int64 deltas of this update: failures (invalidations, or misses) and passes (validations, or inferences). */
  failures: bigint;
  passes: bigint;
  /** The threshold H (the test fires at llr ≥ H, passes at llr ≤ −H); null when the parameter is nil. */
  h: Decimal | null;
  /** ln(P1/P0) and ln((1−P1)/(1−P0)) this update used; null when the test could not run. */
  logFail: Decimal | null;
  logPass: Decimal | null;
  /** The stored LLR before the update (0 when none was stored). */
  llrBefore: Decimal;
  /** The LLR after the update, exact, as Decision compares it; null when the test could not run. */
  llr: Decimal | null;
  /** What is stored (types.DecimalFromDecimal: the coefficient wrapped to int64, which can differ from llr). */
  stored: ChainDecimal;
  decision: Decision;
  /** Why the decision is Error: the nil parameter or precomputed value, or NewSPRT's refusal. */
  error: string | null;
}

export interface SprtSpec {
  /** The parameters the test needs, by name, in the order Go checks them for nil. */
  params: [string, ChainDecimal | null][];
  h: ChainDecimal | null;
  /** v0.2.10: P0 (the good rate) and P1 (the bad rate) NewSPRT takes. */
  p0: ChainDecimal | null;
  p1: ChainDecimal | null;
  /** v0.2.11+: the precomputed logs, by name. */
  logFail: [string, ChainDecimal | null];
  logPass: [string, ChainDecimal | null];
}

/** Go's int64(a) − int64(b) on uint64 counters (both conversions and the difference wrap). */
export function countDelta(a: bigint, b: bigint): bigint {
  return BigInt.asIntN(64, BigInt.asIntN(64, a) - BigInt.asIntN(64, b));
}

export function runSprtTest(rules: StatusRules, spec: SprtSpec, stored: ChainDecimal, failures: bigint, passes: bigint): SprtTest {
  const llrBefore = Decimal.fromChain(stored);
  const h = spec.h === null ? null : Decimal.fromChain(spec.h);
  const error = (why: string): SprtTest => ({ failures, passes, h, logFail: null, logPass: null, llrBefore, llr: null, stored, decision: "Error", error: why });
  const nil = spec.params.find(([, v]) => v === null);
  if (nil !== undefined) return error(`${nil[0]} is nil`);
  let sprt: Sprt;
  if (rules.sprtLogs === "per-call") {
    // v0.2.10 dereferences P0 without a nil check (only ComputeStatus's own check keeps it set)
    if (spec.p0 === null) throw new GoPanic("runtime error: invalid memory address or nil pointer dereference");
    try {
      sprt = newSprt(Decimal.fromChain(spec.p0), Decimal.fromChain(spec.p1!), h!, llrBefore, SPRT_LOG_PRECISION);
    } catch (e) {
      if (e instanceof GoError) return error(`NewSPRT: ${e.message}`);
      throw e;
    }
  } else {
    const missing = [spec.logFail, spec.logPass].find(([, v]) => v === null);
    if (missing !== undefined) return error(`precomputed ${missing[0]} is nil`);
    sprt = { h: h!, llr: llrBefore, logFail: Decimal.fromChain(spec.logFail[1]!), logPass: Decimal.fromChain(spec.logPass[1]!) };
  }
  const after = updateCounts(sprt, failures, passes);
  return { failures, passes, h, logFail: sprt.logFail, logPass: sprt.logPass, llrBefore, llr: after.llr, stored: after.llr.toChain(), decision: decision(after), error: null };
}
