/**
 * The few float64 functions of Go's `math` package that shopspring/decimal v1.4.0 consults inside an
 * exact computation (Ln's digit count and its first estimate), reproduced operation by operation so
 * the float64 result is Go's, bit for bit, on linux/amd64 (the chain's build):
 * - `math.Log` is archLog (log_amd64.s): log.go's reduction and polynomial (FreeBSD's e_log.c) in the same
 *   IEEE operations and order, with the exponent read from the bits;
 * - `math.Log10(x)` is `log(x) * (1/Ln10)` and `math.Log2(x)` is `Log(frac)*(1/Ln2) + exp` (no
 *   assembly on amd64), the constants rounded once from Go's exact untyped constants;
 * - JavaScript's arithmetic on numbers is IEEE binary64 with round-to-nearest-even and no fused
 *   multiply-add, as Go's amd64 code is (Go fuses only where the target has FMA by default, not amd64).
 * Not for consensus arithmetic of its own: only src/go/decimal-math.ts calls it, where Go does.
 */

const view = new DataView(new ArrayBuffer(8));

/** A float64 from its IEEE bits (constants written as Go writes them in log_amd64.s). */
function fromBits(hex: bigint): number {
  view.setBigUint64(0, hex);
  return view.getFloat64(0);
}

const LN2_HI = fromBits(0x3fe62e42fee00000n);
const LN2_LO = fromBits(0x3dea39ef35793c76n);
const L1 = fromBits(0x3fe5555555555593n);
const L2 = fromBits(0x3fd999999997fa04n);
const L3 = fromBits(0x3fd2492494229359n);
const L4 = fromBits(0x3fcc71c51d8e78afn);
const L5 = fromBits(0x3fc7466496cb03den);
const L6 = fromBits(0x3fc39a09d078c69fn);
const L7 = fromBits(0x3fc2f112df3e5244n);
/** Go's `1 / Ln10` and `1 / Ln2`, exact constants rounded to float64. */
const INV_LN10 = fromBits(0x3fdbcb7b1526e50en);
const INV_LN2 = fromBits(0x3ff71547652b82fen);
const SQRT2_HALF = Math.SQRT2 / 2; // exact: halving a double
const SMALLEST_NORMAL = 2.2250738585072014e-308;

/** Mirrors math.Frexp: x = frac × 2^exp with |frac| in [0.5, 1). */
export function frexp(x: number): [number, number] {
  if (x === 0 || !Number.isFinite(x)) return [x, 0];
  let f = x;
  let exp = 0;
  if (Math.abs(f) < SMALLEST_NORMAL) {
    f *= 2 ** 52;
    exp = -52;
  }
  view.setFloat64(0, f);
  const hi = view.getUint32(0);
  exp += ((hi >>> 20) & 0x7ff) - 1022;
  view.setUint32(0, (hi & 0x800fffff) | (1022 << 20));
  return [view.getFloat64(0), exp];
}

/**
 * Mirrors math.Log on linux/amd64: archLog (log_amd64.s) takes the exponent and mantissa straight from
 * the bits (a subnormal is not normalised first, unlike log.go's Frexp) and halves around √2/2 with
 * f1 ≤ √2/2 (log.go: <; at equality the two agree but at x = √2/2 × 2^32, where < is one ulp below
 * amd64's answer). Checked bit for bit against Go.
 */
export function goLog(x: number): number {
  if (Number.isNaN(x) || x === Infinity) return x;
  if (x < 0) return NaN;
  if (x === 0) return -Infinity;
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  let k = ((hi >>> 20) & 0x7ff) - 0x3fe;
  view.setUint32(0, (hi & 0x000fffff) | 0x3fe00000);
  let f1 = view.getFloat64(0);
  if (f1 <= SQRT2_HALF) {
    f1 *= 2;
    k--;
  }
  const f = f1 - 1;
  const s = f / (2 + f);
  const s2 = s * s;
  const s4 = s2 * s2;
  const t1 = s2 * (L1 + s4 * (L3 + s4 * (L5 + s4 * L7)));
  const t2 = s4 * (L2 + s4 * (L4 + s4 * L6));
  const R = t1 + t2;
  const hfsq = 0.5 * f * f;
  return k * LN2_HI - (hfsq - (s * (hfsq + R) + k * LN2_LO) - f);
}

/** Mirrors math.Log10 on amd64: log(x) * (1/Ln10). */
export function goLog10(x: number): number {
  return goLog(x) * INV_LN10;
}

/** Mirrors math.Log2 on amd64: exact for powers of two, else Log(frac)*(1/Ln2) + exp. */
export function goLog2(x: number): number {
  const [frac, exp] = frexp(x);
  if (frac === 0.5) return exp - 1;
  return goLog(frac) * INV_LN2 + exp;
}
