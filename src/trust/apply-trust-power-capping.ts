/** The universal power cap applied a second time, to the trust weights alone (applyTrustPowerCapping). */
import type { ChainDecimal } from "../go/chain-decimal.js";
import { Decimal } from "../go/decimal.js";
import { applyPowerCappingForWeights } from "../settlement/apply-power-capping-for-weights.js";
import type { TrustParticipant } from "./trust-types.js";

/**
 * Mirrors AppModule.applyTrustPowerCapping through module ApplyPowerCapping: the CapWeight vector (nil
 * entries left out) is capped as real weights are (nothing for 0 or 1 entries, nor when the
 * max_individual_power_percentage param is nil or zero; else keeper.ApplyPowerCappingForWeights, whose
 * limit is 30 %, 50 % or 40 % for 2 or 3 holders); each CapWeight is then its capped value by address
 * (a repeated address takes the last). Weight is untouched.
 */
export function applyTrustPowerCapping(participants: readonly (TrustParticipant | null)[], maxIndividualPowerPercentage: ChainDecimal | null): { participants: (TrustParticipant | null)[]; wasCapped: boolean } {
  const entries = participants.filter((p): p is TrustParticipant => p !== null).map((p) => ({ index: p.index, weight: p.capWeight }));
  let capped = entries;
  let wasCapped = false;
  const gateOpen = entries.length > 1 && maxIndividualPowerPercentage !== null && !Decimal.fromChain(maxIndividualPowerPercentage).isZero();
  if (gateOpen) {
    const r = applyPowerCappingForWeights(entries, "v0.2.16");
    capped = r.participants;
    wasCapped = r.wasCapped;
  }
  const byAddress = new Map<string, bigint>();
  for (const c of capped) byAddress.set(c.index, c.weight);
  return { participants: participants.map((p) => (p === null ? null : { ...p, capWeight: byAddress.get(p.index) ?? 0n })), wasCapped };
}
