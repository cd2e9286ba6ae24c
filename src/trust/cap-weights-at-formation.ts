/**
 * The trust steps of onEndOfPoCValidationStage (module.go at zpoken/gonka@ef1a5efd, v0.2.16): the
 * previous epoch's baseline with miss-test failures zeroed (unless the seating fell back to the carried
 * participants), the cap, the zero-trust fallback, and the trust power cap, in the chain's order.
 */
import type { ChainDecimal } from "../go/chain-decimal.js";
import { applyPreviousConfirmedWeightCap } from "./apply-previous-confirmed-weight-cap.js";
import { applyTrustPowerCapping } from "./apply-trust-power-capping.js";
import { applyZeroTrustFallback } from "./apply-zero-trust-fallback.js";
import type { PreviousConfirmedWeights, TrustParticipant } from "./trust-types.js";
import { zeroFailedMissRateWeights } from "./zero-failed-miss-rate-weights.js";

export interface CapWeightsInput {
  /** The participants of the epoch being formed, Weight final (after the pipeline's own power cap). */
  participants: readonly (TrustParticipant | null)[];
  /** P_N of the ending epoch (null: no effective epoch yet). */
  previous: PreviousConfirmedWeights | null;
  /** SettleAccounts' failed miss-test set (null: not run, breaker on, or a settlement error). */
  failed: ReadonlySet<string> | null;
  /** The seating fell back to the current epoch's participants: the baseline is used unzeroed. */
  usedFallback: boolean;
  /** Params.max_individual_power_percentage (null or 0: no trust power cap). */
  maxIndividualPowerPercentage: ChainDecimal | null;
}

export interface CapWeightsResult {
  participants: (TrustParticipant | null)[];
  /** The baseline the cap used (after zeroing). */
  pipelinePrevious: PreviousConfirmedWeights | null;
  zeroTrustFallbackApplied: boolean;
  trustPowerCapped: boolean;
}

/** The CapWeight of every participant of the new epoch, as the chain stores it (ActiveParticipant field 9). */
export function capWeightsAtFormation(input: CapWeightsInput): CapWeightsResult {
  const pipelinePrevious = input.usedFallback ? input.previous : zeroFailedMissRateWeights(input.previous, input.failed);
  const capped = applyPreviousConfirmedWeightCap(input.participants, pipelinePrevious);
  const fallback = applyZeroTrustFallback(capped);
  const trust = applyTrustPowerCapping(fallback.participants, input.maxIndividualPowerPercentage);
  return { participants: trust.participants, pipelinePrevious, zeroTrustFallbackApplied: fallback.applied, trustPowerCapped: trust.wasCapped };
}
