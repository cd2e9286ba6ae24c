/** Mirrors keeper.multiply (keeper/participant_status.go at redstartechno/gonka@bb2de824; unchanged through 89ff8bdb): the reputation cut. */
import type { ChainDecimal } from "../go/chain-decimal.js";
import { DEC_ONE, DEC_ZERO, Decimal } from "../go/decimal.js";

/**
 * EpochsCompleted × preserve, rounded half away from zero: the reputation kept on a turn to INVALID
 * (invalid_reputation_preserve) or INACTIVE (downtime_reputation_preserve). A nil preserve, or one
 * outside [0, 1], keeps the count. Go's conversions are kept: int32(completed) and uint32(int64) wrap.
 */
export function multiply(completed: number, preserve: ChainDecimal | null): number {
  if (preserve === null) return completed;
  const pd = Decimal.fromChain(preserve);
  if (pd.lessThan(DEC_ZERO) || pd.greaterThan(DEC_ONE)) return completed;
  const result = Decimal.fromInt(BigInt.asIntN(32, BigInt(completed))).mul(pd);
  return Number(BigInt.asUintN(32, result.round(0).intPart()));
}
