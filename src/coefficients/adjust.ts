/**
 * coefficients.adjust: one step of the controller for one model, from the previous epoch's share of the
 * network's normalized compute against the model's target (#1566).
 */
import { LegacyDec } from "../go/legacy-dec.js";

/** Basis points: shares are compared as normalized × 10,000 against total × bps (int64 10,000). */
export const BPS_DENOMINATOR = 10_000n;

/** Mirrors coefficients.clamp: lower when below it, upper when above it, else the value. */
export function clamp(value: LegacyDec, lower: LegacyDec, upper: LegacyDec): LegacyDec {
  if (value.cmp(lower) < 0) return lower;
  if (value.cmp(upper) > 0) return upper;
  return value;
}

const minDec = (a: LegacyDec, b: LegacyDec): LegacyDec => (a.cmp(b) < 0 ? a : b);
const maxDec = (a: LegacyDec, b: LegacyDec): LegacyDec => (a.cmp(b) > 0 ? a : b);

export interface AdjustInput {
  base: LegacyDec;
  step: LegacyDec;
  /** -1, 0 or 1: the direction of the previous move (0: none, or the zone). */
  prevSign: number;
  /** The model's normalized compute in the previous epoch (relative difficulty × raw PoC weight). */
  normalized: LegacyDec;
  /** The normalized compute of every configured model. */
  total: LegacyDec;
  /** uint32 each. */
  targetBps: bigint;
  zoneBps: bigint;
  bootstrapShareBps: bigint;
  coeffMin: LegacyDec;
  coeffMax: LegacyDec;
  stepMin: LegacyDec;
  stepMax: LegacyDec;
  bootstrapStepMax: LegacyDec;
}

export interface AdjustResult {
  base: LegacyDec;
  step: LegacyDec;
  sign: number;
  /** Why, for explanations: inside the zone (no move), or a move up or down. */
  move: "zone" | "up" | "down";
}

/**
 * Mirrors coefficients.adjust: inside [target − zone, target + zone] (both ends included, a total of 0
 * never inside) the base stays and the step resets to step_max / 2; else the base moves up (share below
 * target, or no compute at all) or down by the step, which doubles while the direction holds and halves
 * (not below step_min) when it flips, capped at step_max, or at bootstrap_step_max while the share is
 * under bootstrap_share; the new base is clamped to [coeff_min, coeff_max].
 */
export function adjust(a: AdjustInput): AdjustResult {
  const zero = LegacyDec.fromInt(0);
  const totalZero = a.total.isZero();
  const normalized = totalZero ? zero : a.normalized;
  const scaledShare = normalized.mulInt64(BPS_DENOMINATOR);
  const lower = a.targetBps - a.zoneBps;
  const upper = a.targetBps + a.zoneBps;
  if (!totalZero && scaledShare.cmp(a.total.mulInt64(lower)) >= 0 && scaledShare.cmp(a.total.mulInt64(upper)) <= 0) {
    return { base: a.base, step: a.stepMax.quoInt64(2n), sign: 0, move: "zone" };
  }
  const sign = !totalZero && scaledShare.cmp(a.total.mulInt64(a.targetBps)) > 0 ? -1 : 1;
  const cap = totalZero || scaledShare.cmp(a.total.mulInt64(a.bootstrapShareBps)) < 0 ? a.bootstrapStepMax : a.stepMax;
  const step = a.prevSign === 0 || a.prevSign === sign ? minDec(a.step.mulInt64(2n), cap) : minDec(maxDec(a.step.quoInt64(2n), a.stepMin), cap);
  const one = LegacyDec.fromInt(1);
  const multiplier = sign > 0 ? one.add(step) : one.sub(step);
  return { base: clamp(a.base.mul(multiplier), a.coeffMin, a.coeffMax), step, sign, move: sign > 0 ? "up" : "down" };
}
