/**
 * Go's `math/rand` generator (the additive lagged Fibonacci source of rand.NewSource) and the
 * `*rand.Rand` methods the chain uses. The 64-bit state is held as two uint32 halves so that the
 * hot path (Int63, Uint32, int31n, Shuffle) runs on plain numbers; results are bit-exact with Go.
 */
import { RNG_COOKED } from "./rng-cooked.js";

const RNG_LEN = 607;
const RNG_TAP = 273;
const INT32_MAX = 2147483647;

const COOKED_HI = new Uint32Array(RNG_LEN);
const COOKED_LO = new Uint32Array(RNG_LEN);
for (let i = 0; i < RNG_LEN; i++) {
  const u = BigInt.asUintN(64, BigInt(RNG_COOKED[i]!));
  COOKED_HI[i] = Number(u >> 32n);
  COOKED_LO[i] = Number(u & 0xffffffffn);
}

/** Go's `seedrand`: x[n+1] = 48271 * x[n] mod (2^31 - 1), in int32 arithmetic. */
function seedrand(x: number): number {
  // x is in [0, 2^31): integer division without a floating-point modulo (same values, faster)
  const hi = (x / 44488) | 0;
  const lo = x - hi * 44488;
  let r = 48271 * lo - 3399 * hi;
  if (r < 0) r += INT32_MAX;
  return r;
}

/** Go's seed reduction in `rngSource.Seed`: seed mod (2^31-1), negatives lifted, 0 replaced. */
export function reduceSeed(seed: bigint): number {
  let s = seed % BigInt(INT32_MAX);
  if (s < 0n) s += BigInt(INT32_MAX);
  if (s === 0n) s = 89482311n;
  return Number(s);
}

/** `rand.New(rand.NewSource(seed))`. Mirrors math/rand.Rand over rngSource. */
export class GoRand {
  private readonly hi = new Uint32Array(RNG_LEN);
  private readonly lo = new Uint32Array(RNG_LEN);
  private tap = 0;
  private feed = RNG_LEN - RNG_TAP;

  constructor(seed: bigint | number) {
    this.seed(typeof seed === "number" ? BigInt(seed) : seed);
  }

  /** Mirrors rngSource.Seed. */
  seed(seed: bigint): void {
    this.tap = 0;
    this.feed = RNG_LEN - RNG_TAP;
    let x = reduceSeed(seed);
    for (let i = -20; i < RNG_LEN; i++) {
      x = seedrand(x);
      if (i >= 0) {
        // u = x<<40 ^ x'<<20 ^ x'' ^ rngCooked[i], in 64 bits
        let hi = (x << 8) >>> 0;
        let lo = 0;
        x = seedrand(x);
        hi = (hi ^ (x >>> 12)) >>> 0;
        lo = (lo ^ (x << 20)) >>> 0;
        x = seedrand(x);
        lo = (lo ^ x) >>> 0;
        this.hi[i] = (hi ^ COOKED_HI[i]!) >>> 0;
        this.lo[i] = (lo ^ COOKED_LO[i]!) >>> 0;
      }
    }
  }

  /** Advance the source; leaves the new 64-bit value in (lastHi, lastLo). */
  private lastHi = 0;
  private lastLo = 0;
  private step(): void {
    if (--this.tap < 0) this.tap += RNG_LEN;
    if (--this.feed < 0) this.feed += RNG_LEN;
    const f = this.feed;
    const t = this.tap;
    const lo = this.lo[f]! + this.lo[t]!;
    const hi = (this.hi[f]! + this.hi[t]! + (lo > 0xffffffff ? 1 : 0)) >>> 0;
    this.hi[f] = hi;
    this.lo[f] = lo >>> 0;
    this.lastHi = hi;
    this.lastLo = lo >>> 0;
  }

  /** Mirrors rngSource.Uint64. */
  uint64(): bigint {
    this.step();
    return (BigInt(this.lastHi) << 32n) | BigInt(this.lastLo);
  }

  /** Mirrors rand.Rand.Int63. */
  int63(): bigint {
    this.step();
    return (BigInt(this.lastHi & 0x7fffffff) << 32n) | BigInt(this.lastLo);
  }

  /** Mirrors rand.Rand.Uint32: uint32(Int63() >> 31). */
  uint32(): number {
    this.step();
    return (((this.lastHi & 0x7fffffff) << 1) | (this.lastLo >>> 31)) >>> 0;
  }

  /** Mirrors rand.Rand.Int31: int32(Int63() >> 32). */
  int31(): number {
    this.step();
    return this.lastHi & 0x7fffffff;
  }

  /** Mirrors rand.Rand.Int63n (panics on n <= 0). */
  int63n(n: bigint): bigint {
    if (n <= 0n) throw new RangeError("invalid argument to Int63n");
    if ((n & (n - 1n)) === 0n) return this.int63() & (n - 1n);
    const max = (1n << 63n) - 1n - ((1n << 63n) % n);
    let v = this.int63();
    while (v > max) v = this.int63();
    return v % n;
  }

  /** Mirrors rand.Rand.Int31n (panics on n <= 0). */
  int31n(n: number): number {
    if (n <= 0) throw new RangeError("invalid argument to Int31n");
    if ((n & (n - 1)) === 0) return this.int31() & (n - 1);
    const max = INT32_MAX - (2147483648 % n);
    let v = this.int31();
    while (v > max) v = this.int31();
    return v % n;
  }

  /** Mirrors the private rand.Rand.int31n (Lemire's multiply-shift, used by Shuffle). */
  int31nLemire(n: number): number {
    if (n <= 0x200000) {
      // v × n < 2^53: the 64-bit product is exact in a double (every Shuffle below 2 million elements).
      let v = this.uint32();
      let low = Math.imul(v, n) >>> 0;
      if (low < n) {
        const thresh = (4294967296 - n) % n;
        while (low < thresh) {
          v = this.uint32();
          low = Math.imul(v, n) >>> 0;
        }
      }
      return Math.floor((v * n) / 4294967296);
    }
    let v = this.uint32();
    let [high, low] = mul32(v, n);
    if (low < n) {
      const thresh = (4294967296 - n) % n;
      while (low < thresh) {
        v = this.uint32();
        [high, low] = mul32(v, n);
      }
    }
    return high;
  }

  /** Mirrors rand.Rand.Intn (panics on n <= 0). */
  intn(n: number): number {
    if (n <= 0) throw new RangeError("invalid argument to Intn");
    if (n <= INT32_MAX) return this.int31n(n);
    return Number(this.int63n(BigInt(n)));
  }

  /** Mirrors rand.Rand.Shuffle. */
  shuffle(n: number, swap: (i: number, j: number) => void): void {
    if (n < 0) throw new RangeError("invalid argument to Shuffle");
    let i = n - 1;
    for (; i > INT32_MAX - 1; i--) swap(i, Number(this.int63n(BigInt(i + 1))));
    for (; i > 0; i--) swap(i, this.int31nLemire(i + 1));
  }

  /**
   * Mirrors rand.Rand.Shuffle swapping the elements of `a` (the same permutation as `shuffle`), with the
   * source and the private int31n inlined: the hot loop of drawing many anchors on one state.
   */
  shuffleInt32(a: Int32Array): void {
    const n = a.length;
    if (n > 0x200000) {
      this.shuffle(n, (i, j) => {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
      });
      return;
    }
    const hiA = this.hi;
    const loA = this.lo;
    let tap = this.tap;
    let feed = this.feed;
    let h = 0;
    let l = 0;
    for (let i = n - 1; i > 0; i--) {
      const m = i + 1;
      // v × m < 2^53: the 64-bit product is exact in a double.
      let v = 0;
      let low = 0;
      let first = true;
      let thresh = 0;
      for (;;) {
        if (--tap < 0) tap += RNG_LEN;
        if (--feed < 0) feed += RNG_LEN;
        const s = loA[feed]! + loA[tap]!;
        h = (hiA[feed]! + hiA[tap]! + (s > 0xffffffff ? 1 : 0)) >>> 0;
        l = s >>> 0;
        hiA[feed] = h;
        loA[feed] = l;
        v = (((h & 0x7fffffff) << 1) | (l >>> 31)) >>> 0;
        low = Math.imul(v, m) >>> 0;
        if (first) {
          first = false;
          if (low >= m) break;
          thresh = (4294967296 - m) % m;
        }
        if (low >= thresh) break;
      }
      const j = Math.floor((v * m) / 4294967296);
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
    this.tap = tap;
    this.feed = feed;
    if (n > 1) {
      this.lastHi = h;
      this.lastLo = l;
    }
  }

  /** Mirrors rand.Rand.Perm. */
  perm(n: number): number[] {
    const m = new Array<number>(n).fill(0);
    for (let i = 0; i < n; i++) {
      const j = this.intn(i + 1);
      m[i] = m[j]!;
      m[j] = i;
    }
    return m;
  }
}

/** uint64(v) * uint64(n) for uint32 v, n: returns [high 32 bits, low 32 bits]. */
function mul32(v: number, n: number): [number, number] {
  const low = Math.imul(v, n) >>> 0;
  const a = (v >>> 16) * n; // < 2^48
  const b = (v & 0xffff) * n; // < 2^48
  const high = Math.floor(a / 65536) + Math.floor(((a % 65536) * 65536 + b) / 4294967296);
  return [high >>> 0, low];
}
