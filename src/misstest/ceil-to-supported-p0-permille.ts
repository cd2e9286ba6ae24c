/** The smallest supported table p0 (in permille) at or above a target. */

/** Mirrors keeper.ceilToSupportedP0Permille (uint64 in and out). */
export function ceilToSupportedP0Permille(targetPermille: bigint): bigint {
  if (targetPermille <= 50n) return 50n;
  if (targetPermille <= 100n) return 100n;
  if (targetPermille <= 200n) return 200n;
  if (targetPermille <= 300n) return 300n;
  if (targetPermille <= 400n) return 400n;
  return 500n;
}
