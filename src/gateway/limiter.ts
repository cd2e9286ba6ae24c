/**
 * The gateway-wide concurrency limiter during the simulation: whether it is checked at all and,
 * when it is, its cap for the one model the scenario serves.
 */

/** Models the limiter gate of devshardctl.(*Gateway).handlePooledChat / handleDevshard: checked only if capacity-aware limits are on or the relaxed PoC bypass is not active. */
export function limiterApplies(capacityAwareLimits: boolean, relaxedPoC: boolean, pocActive: boolean): boolean {
  return capacityAwareLimits || !(relaxedPoC && pocActive);
}

/**
 * Models devshardctl.(*GatewayLimiter).concurrentLimitsForCapacityLocked (with weightConcurrencyLimit
 * and scaleClampLimit): min(⌊Wcur × rate / 10000⌋,
 * ⌊Wbase × rate / 10000⌋) when rate > 0 and Wbase > 0; otherwise the static cap scaled by
 * Wcur / Wbase (clamped to [0, 1], rounded half up), 0 meaning unlimited (returned as Infinity).
 */
export function limiterCap(wCur: bigint, wBase: bigint, rate: number, staticMax: number): number {
  if (rate > 0 && wBase > 0n) {
    const r = BigInt(rate);
    const cur = (wCur * r) / 10000n;
    const base = (wBase * r) / 10000n;
    return Number(cur < base ? cur : base);
  }
  if (staticMax === 0) return Infinity;
  if (wBase <= 0n) return staticMax;
  const cur = wCur > wBase ? wBase : wCur;
  // round-half-up(static × cur / base) with integers
  const scaled = (2n * BigInt(staticMax) * cur + wBase) / (2n * wBase);
  return Number(scaled);
}
