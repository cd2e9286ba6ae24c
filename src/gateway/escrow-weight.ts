/**
 * W(e), an escrow's effective weight, and the load score activeRequests(e) / W(e) that the pooled
 * route minimises. Go computes both in float64; the model keeps them as exact rationals so that
 * ties are exact (Go's float ties agree whenever the float arithmetic is exact, e.g. equal weights).
 */

/** A non-negative rational num/den in lowest terms (den > 0). */
export interface Rational {
  num: bigint;
  den: bigint;
  /** num and den as numbers (exact when below 2^53). */
  n: number;
  d: number;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function rational(num: bigint, den: bigint): Rational {
  const g = num === 0n ? den : gcd(num, den);
  const n = num / g;
  const d = den / g;
  return { num: n, den: d, n: Number(n), d: Number(d) };
}

export interface WeightPart {
  /** The host's current weight w_cur(h) (0 when unavailable). */
  weight: number;
  /** Slots of this host in the escrow. */
  slotsHere: number;
  /** Slots of this host across all of the gateway's escrows. */
  totalSlots: number;
}

function gcdNumber(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** The same sum in safe-integer arithmetic, or undefined when an intermediate could exceed 2^53. */
function escrowWeightSmall(parts: readonly WeightPart[]): Rational | undefined {
  let den = 1;
  for (const p of parts) {
    if (p.weight === 0 || p.slotsHere === 0) continue;
    den = (den / gcdNumber(den, p.totalSlots)) * p.totalSlots;
    if (den > 2 ** 21) return undefined;
  }
  let num = 0;
  for (const p of parts) {
    if (p.weight === 0 || p.slotsHere === 0) continue;
    num += p.weight * p.slotsHere * (den / p.totalSlots);
  }
  if (!(num < 2 ** 53)) return undefined;
  const g = num === 0 ? den : gcdNumber(num, den);
  return { num: BigInt(num / g), den: BigInt(den / g), n: num / g, d: den / g };
}

/** Models devshardctl.(*CapacityState).EscrowWeightForModel: Σ w_cur(h) × slots(h,e) / totalSlots(h) over available hosts. */
export function escrowWeight(parts: readonly WeightPart[]): Rational {
  const small = escrowWeightSmall(parts);
  if (small !== undefined) return small;
  let num = 0n;
  let den = 1n;
  for (const p of parts) {
    if (p.weight === 0 || p.slotsHere === 0) continue;
    const pn = BigInt(p.weight) * BigInt(p.slotsHere);
    const pd = BigInt(p.totalSlots);
    num = num * pd + pn * den;
    den = den * pd;
    const g = gcd(num, den);
    num /= g;
    den /= g;
  }
  return rational(num, den);
}

const SAFE = 2 ** 53;

/**
 * Compare active1 / W1 with active2 / W2 (W = 0 scores +Infinity; two +Infinity scores are equal).
 * Models devshardctl.(*devshardRuntime).load compared by reserveRuntimeForModel, with exact arithmetic.
 */
export function compareLoad(active1: number, w1: Rational, active2: number, w2: Rational): number {
  const inf1 = w1.num === 0n;
  const inf2 = w2.num === 0n;
  if (inf1 || inf2) return inf1 === inf2 ? 0 : inf1 ? 1 : -1;
  const x = active1 * w1.d * w2.n;
  const y = active2 * w2.d * w1.n;
  if (x < SAFE && y < SAFE) return x < y ? -1 : x > y ? 1 : 0;
  const bx = BigInt(active1) * w1.den * w2.num;
  const by = BigInt(active2) * w2.den * w1.num;
  return bx < by ? -1 : bx > by ? 1 : 0;
}
