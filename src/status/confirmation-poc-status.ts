/**
 * Mirrors calculations.getConfirmationPoCStatus (status.go at redstartechno/gonka@bb2de824 through
 * zpoken/gonka@89ff8bdb), exported as ConfirmationPoCStatus at zpoken/gonka@ef1a5efd (v0.2.16, for the
 * PoC challenge) with a guard for nil stats that ComputeStatus never passes: the same rule here.
 */
import { Decimal, DEC_ZERO } from "../go/decimal.js";
import type { Decision, EpochStats, StatusConfirmationPoCParams } from "./status-types.js";

/** Pass when alpha is nil or zero, or no ratio is recorded; Fail when ratio < alpha. Never Error. */
export function confirmationPocStatus(stats: EpochStats, params: StatusConfirmationPoCParams | null): Decision {
  if (params === null || params.alphaThreshold === null) return "Pass";
  const alpha = Decimal.fromChain(params.alphaThreshold);
  if (alpha.equal(DEC_ZERO)) return "Pass";
  if (stats.confirmationPoCRatio === null) return "Pass";
  return Decimal.fromChain(stats.confirmationPoCRatio).lessThan(alpha) ? "Fail" : "Pass";
}
