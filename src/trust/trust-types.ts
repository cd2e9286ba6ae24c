/**
 * The trusted-weight family (v0.2.16, PRs #1588 and #1694; module/previous_epoch_cap.go at
 * zpoken/gonka@ef1a5efd): what each participant's consensus power (CapWeight) is capped by.
 */

/** An ActiveParticipant as the cap reads and writes it (fields 1, 3 and 9). */
export interface TrustParticipant {
  index: string;
  /** The real weight (rewards, confirmation). */
  weight: bigint;
  /** The trust weight (governance, BLS, PoC validation voting power). */
  capWeight: bigint;
}

/** P_N: each previous-epoch live member's confirmed weight, and their sum (Go's previousConfirmedWeights). */
export interface PreviousConfirmedWeights {
  epochIndex: bigint;
  /** address → confirmed weight; an address absent from the map was not a live member: a new participant. */
  weights: Map<string, bigint>;
  /** int64, wrapping as Go's sum does. */
  totalWeight: bigint;
}
