/** Mirrors types.DefaultValidationParams (types/params.go at redstartechno/gonka@bd1fd508; same SPRT fields through v0.2.16): the fields the status family reads. */
import type { StatusValidationParams } from "./status-types.js";

/**
 * DecimalFromFloat of 0.05, 0.20, 4, 0.1, 0.20, 4, 0.000001, 0.0, 0.0: the shortest decimal of each
 * float as {value, exponent}. PrecomputeSPRTValues falls back to them when the params hold no
 * ValidationParams (ComputeStatus then returns ACTIVE before any test, so they never decide a status).
 */
export const DEFAULT_STATUS_VALIDATION_PARAMS: StatusValidationParams = {
  falsePositiveRate: { value: 5n, exponent: -2 },
  badParticipantInvalidationRate: { value: 2n, exponent: -1 },
  invalidationHThreshold: { value: 4n, exponent: 0 },
  downtimeGoodPercentage: { value: 1n, exponent: -1 },
  downtimeBadPercentage: { value: 2n, exponent: -1 },
  downtimeHThreshold: { value: 4n, exponent: 0 },
  quickFailureThreshold: { value: 1n, exponent: -6 },
  invalidReputationPreserve: { value: 0n, exponent: 0 },
  downtimeReputationPreserve: { value: 0n, exponent: 0 },
};
