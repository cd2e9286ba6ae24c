/** Step 4 of keeper.CalculateParticipantBitcoinRewards: choose p0, then zero the weights of those who fail. */
import type { ChainDecimal } from "../go/chain-decimal.js";
import { checkAndPunishForDowntimeForParticipants } from "./check-and-punish-for-downtime.js";
import { getDynamicP0, type Participant, type ValidationParams } from "./get-dynamic-p0.js";

export interface DowntimeStepResult {
  p0: ChainDecimal;
  skipPunishment: boolean;
  /** The weights after the step (a copy; addresses the loop touched are present). */
  weights: Map<string, bigint>;
}

/**
 * Mirrors the downtime block of keeper.CalculateParticipantBitcoinRewards: getDynamicP0, then,
 * unless the circuit breaker fired, CheckAndPunishForDowntimeForParticipants (GoPanic on nil stats).
 */
export function downtimeStep(
  participants: readonly Participant[],
  validationParams: ValidationParams | null,
  weights: ReadonlyMap<string, bigint>,
): DowntimeStepResult {
  const out = new Map(weights);
  const { p0, skipPunishment } = getDynamicP0(participants, validationParams);
  if (!skipPunishment) checkAndPunishForDowntimeForParticipants(participants, out, p0);
  return { p0, skipPunishment, weights: out };
}
