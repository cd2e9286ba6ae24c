/** Mirrors keeper.(Keeper).PrecomputeSPRTValues (keeper/sprt_precompute.go at redstartechno/gonka@bd1fd508, v0.2.11+; unchanged through v0.2.16). */
import { DEC_ONE, DEC_ZERO, Decimal } from "../go/decimal.js";
import { GoError } from "../go/errors.js";
import type { ChainDecimal } from "../go/chain-decimal.js";
import { calculateLogLlr } from "./calculate-log-llr.js";
import { DEFAULT_STATUS_VALIDATION_PARAMS } from "./default-validation-params.js";
import type { SprtPrecomputedValues, StatusValidationParams } from "./status-types.js";

/** Each rate PrecomputeSPRTValues checks, in Go's order, with the name its error uses. */
const CHECKED: readonly [keyof StatusValidationParams, string][] = [
  ["badParticipantInvalidationRate", "BadParticipantInvalidationRate"],
  ["falsePositiveRate", "FalsePositiveRate"],
  ["downtimeBadPercentage", "DowntimeBadPercentage"],
  ["downtimeGoodPercentage", "DowntimeGoodPercentage"],
];

/**
 * What BeginBlock (and MsgUpdateParams) stores for the block: the four SPRT logs of the params in
 * force (DefaultValidationParams when they hold none), each CalculateLogLLR(bad, good) as a chain
 * decimal (coefficient wrapped to int64). A rate that is nil or outside [0, 1] is a GoError and
 * nothing is stored (getPrecomputedSprtValues then gives the zero fallback).
 */
export function precomputeSprtValues(validationParams: StatusValidationParams | null): SprtPrecomputedValues {
  const vp = validationParams ?? DEFAULT_STATUS_VALIDATION_PARAMS;
  for (const [field, name] of CHECKED) {
    const d = vp[field];
    if (d === null) throw new GoError(`${name} is nil`);
    const x = Decimal.fromChain(d);
    if (x.lessThan(DEC_ZERO) || x.greaterThan(DEC_ONE)) throw new GoError(`${name} must be between 0 and 1, got: ${x.toString()}`);
  }
  const dec = (d: ChainDecimal | null): Decimal => Decimal.fromChain(d!); // all four checked above
  const bad = dec(vp.badParticipantInvalidationRate);
  const fpr = dec(vp.falsePositiveRate);
  const downBad = dec(vp.downtimeBadPercentage);
  const downGood = dec(vp.downtimeGoodPercentage);
  return {
    invalidationLogFail: calculateLogLlr(bad, fpr, true).toChain(),
    invalidationLogPass: calculateLogLlr(bad, fpr, false).toChain(),
    inactiveLogFail: calculateLogLlr(downBad, downGood, true).toChain(),
    inactiveLogPass: calculateLogLlr(downBad, downGood, false).toChain(),
  };
}
