/** Block heights of an epoch's PoC stages from its PoC start and the epoch params (pure; no chain client). */

export interface PocStageDurations {
  pocStageDuration: bigint;
  pocValidationDelay: bigint;
  pocValidationDuration: bigint;
}

/** Mirrors types.EpochContext.EndOfPoCValidation (x/inference/types/epoch_context.go@85835b31). */
export function endOfPoCValidation(pocStart: bigint, ep: PocStageDurations): bigint {
  return pocStart + ep.pocStageDuration + ep.pocValidationDelay + ep.pocValidationDuration;
}

/** Mirrors types.EpochContext.SetNewValidators (x/inference/types/epoch_context.go@85835b31). */
export function setNewValidators(pocStart: bigint, ep: PocStageDurations & { setNewValidatorsDelay: bigint }): bigint {
  return endOfPoCValidation(pocStart, ep) + ep.setNewValidatorsDelay;
}
