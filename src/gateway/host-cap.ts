/**
 * The proposed per-host cap (issue 6): a host's real in-flight requests from one gateway during PoC
 * generation are limited to max(1, ⌊hostWeight × rate / 10000⌋), rate = PoCMaxConcurrentPer10000Weight.
 * No such cap exists in devshardctl today; this is the proposal's rule.
 */
export function perHostCap(hostWeight: number, ratePer10000: number): number {
  const c = (BigInt(hostWeight) * BigInt(ratePer10000)) / 10000n;
  return c < 1n ? 1 : Number(c);
}
