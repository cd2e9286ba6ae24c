// Independent audit of the miss-test family against literal transliterations of the Go source
// (commit 85835b31, shopspring/decimal v1.4.0). Every reference below follows Go's statement order
// and uses only Decimal's primitive operations (New, Mul, Div, Add, Sub, Round, Cmp), so it shares
// none of the port's shortcuts: no bounds, no early stop, no shorter-side binomial coefficient.
// The cases are a deterministic sample of the regimes where a shortcut could differ from Go's value:
// the vector generator's p0 spellings, p0 with many digits or near 0 and 1, exact rounding ties,
// precisions -3..60, long geometric tails.
import { describe, expect, it } from "vitest";
import { DEC_ONE, DEC_ZERO, Decimal } from "../../src/go/decimal.js";
import { GoError, GoPanic } from "../../src/go/errors.js";
import { binomialPValue, pow } from "../../src/misstest/binomial-p-value.js";
import { decimalToPermille } from "../../src/misstest/decimal-to-permille.js";
import { downtimeStep } from "../../src/misstest/downtime-step.js";
import type { Participant, ValidationParams } from "../../src/misstest/get-dynamic-p0.js";
import { hasSignificantMissedValidations } from "../../src/misstest/has-significant-missed-validations.js";
import { missedStatTest } from "../../src/misstest/missed-stat-test.js";
import { CRITICAL_VALUE_TABLES, P0_MULTIPLIERS } from "../../src/misstest/critical-value-tables.js";
import type { ChainDecimal } from "../../src/go/chain-decimal.js";

const d = (s: string) => Decimal.fromString(s);
const key = (x: Decimal) => `${x.value}e${x.exp}`;

// ---- stats.go, literally ------------------------------------------------------------------------

/** calculations.pow: square-and-multiply with exact Muls (b squared once more after the top bit), Round(prec). */
function goPow(base: Decimal, exp: number, prec: number): Decimal {
  if (exp === 0) return DEC_ONE;
  if (exp === 1) return base;
  let result = DEC_ONE;
  let b = base;
  for (let e = exp; e > 0; e = Math.floor(e / 2)) {
    if (e % 2 === 1) result = result.mul(b);
    b = b.mul(b);
  }
  return result.round(prec);
}

/** calculations.binomialPMF: coeff built by Mul then Div(i+1) at 16 places, k times. */
function goBinomialPMF(k: number, n: number, p: Decimal, q: Decimal, prec: number): Decimal {
  if (k === 0) return goPow(q, n, prec);
  if (k === n) return goPow(p, n, prec);
  let coeff = DEC_ONE;
  for (let i = 0; i < k; i++) coeff = coeff.mul(Decimal.fromInt(n - i)).div(Decimal.fromInt(i + 1));
  const pPowK = goPow(p, k, prec);
  const qPowNK = goPow(q, n - k, prec);
  return coeff.mul(pPowK).mul(qPowNK);
}

/** calculations.BinomialPValue: every iteration i = k..n-1, no early exit, then Round(prec). */
function goBinomialPValue(k: number, n: number, p0: Decimal, prec: number): Decimal {
  if (k < 0 || n < 0 || k > n) throw new GoError("invalid input: requires 0 <= k <= n");
  if (p0.lessThanOrEqual(DEC_ZERO) || p0.greaterThanOrEqual(DEC_ONE)) throw new GoError("p0 must be in (0, 1)");
  if (k === 0) return DEC_ONE;
  const q0 = DEC_ONE.sub(p0);
  let prob = goBinomialPMF(k, n, p0, q0, prec);
  let sum = prob;
  const ratio = p0.div(q0);
  for (let i = k; i < n; i++) {
    const factor = Decimal.fromInt(n - i).div(Decimal.fromInt(i + 1));
    prob = prob.mul(factor).mul(ratio);
    sum = sum.add(prob);
  }
  return sum.round(prec);
}

/** A fixed linear congruential generator (the bench's), so the sample is the same on every run. */
function lcg(seed: bigint): (bound: number) => number {
  let s = seed;
  return (bound) => {
    s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    return Number((s >> 33n) % BigInt(bound));
  };
}

function expectSameAsGo(k: number, n: number, p0: string, prec: number): void {
  const got = binomialPValue(BigInt(k), BigInt(n), d(p0), prec);
  const want = goBinomialPValue(k, n, d(p0), prec);
  // Value and exponent: String() and every later Round depend on both.
  expect(key(got), `k=${k} n=${n} p0=${p0} prec=${prec}`).toBe(key(want));
}

/** The p0 spellings of binomial_p_value.json and missed_stat_test.json (direct-path ones). */
const VECTOR_P0S = [
  "0.00000001", "0.0001", "0.01", "0.017", "0.045", "0.05", "0.0999", "0.1", "0.10", "0.123456789", "0.15", "0.2",
  "0.25", "0.3", "0.33", "0.4", "0.5", "0.5000000000000001", "0.6", "0.75", "0.9", "0.999", "0.99999999",
];

describe("audit: binomialPValue (bounds + early stop + fallback) equals Go's literal evaluation", () => {
  it("every k of the vector grid's small totals, every vector p0 spelling, prec 16", () => {
    for (const p0 of VECTOR_P0S) for (const n of [0, 1, 2, 3, 10, 57]) for (let k = 0; k <= n; k++) expectSameAsGo(k, n, p0, 16);
  });

  it("exact rounding ties (short expansions) at every precision -2..20", () => {
    for (const p0 of ["0.5", "0.25", "0.125", "0.75", "0.2", "0.0625"]) {
      for (let n = 1; n <= 14; n++) for (let k = 1; k <= n; k++) for (let prec = -2; prec <= 20; prec++) expectSameAsGo(k, n, p0, prec);
    }
  });

  it("random p0 spellings (many digits, near 0 and 1, exponent notation), totals to 300, prec -3..40", () => {
    const rnd = lcg(20261129n);
    const digits = (m: number) => Array.from({ length: m }, () => String(rnd(10))).join("");
    const spellings = [
      () => VECTOR_P0S[rnd(VECTOR_P0S.length)]!,
      () => `0.${digits(1 + rnd(45))}7`,
      () => `0.${"0".repeat(rnd(18))}${1 + rnd(999)}`,
      () => `0.${"9".repeat(1 + rnd(18))}${rnd(10)}`,
      () => `${1 + rnd(99)}e-${2 + rnd(3)}`,
      () => `.${1 + rnd(9)}${rnd(10)}`,
      () => `00.${digits(2)}1000`,
    ];
    for (let c = 0; c < 700; c++) {
      const p0 = spellings[rnd(spellings.length)]!();
      const n = rnd(4) === 0 ? rnd(301) : rnd(41);
      const p = Number(p0);
      const near = Math.round(n * p + (rnd(80) / 10 - 3) * Math.sqrt(n * p * (1 - p) + 1));
      const k = rnd(3) === 0 ? rnd(n + 1) : Math.max(0, Math.min(n, near));
      const r = rnd(10);
      const prec = r < 5 ? 16 : r < 9 ? rnd(41) : -3 + rnd(3);
      if (!(d(p0).isPositive() && d(p0).lessThan(DEC_ONE))) continue;
      expectSameAsGo(k, n, p0, prec);
    }
  });

  it("long geometric tails (p0 near 0, small k) and near-1 p0 with k near n, to n = 1500", () => {
    const rnd = lcg(433n);
    for (let c = 0; c < 40; c++) {
      const tiny = `0.${"0".repeat(3 + rnd(10))}${1 + rnd(9)}${rnd(100)}`;
      const n = 1 + rnd(1500);
      expectSameAsGo(1 + rnd(3), n, tiny, [16, 24, 40][rnd(3)]!);
      const big = `0.${"9".repeat(3 + rnd(10))}${rnd(10)}`;
      expectSameAsGo(Math.max(1, n - rnd(4)), n, big, [16, 24, 40][rnd(3)]!);
    }
  });

  it("errors in Go's order: counts, then p0 in (0, 1), then k == 0", () => {
    const kind = (f: () => unknown) => {
      try {
        f();
        return "ok";
      } catch (e) {
        return e instanceof GoError ? e.message : String(e);
      }
    };
    const cases: [number, number, string][] = [[-1, 10, "1"], [11, 10, "0"], [2, 1, "-5"], [0, -1, "2"], [0, 0, "0"], [0, 0, "1"], [0, 10, "1.5"], [0, 0, "0.5"], [3, 10, "-0.0000000001"]];
    for (const [k, n, p0] of cases) {
      expect(kind(() => binomialPValue(BigInt(k), BigInt(n), d(p0), 16)), `${k}/${n} @ ${p0}`).toBe(kind(() => goBinomialPValue(k, n, d(p0), 16)));
    }
  });

  it("pow's int32 exponent bookkeeping includes the squaring Go does after the top bit", () => {
    // pow(0.05, 2^30): result's exponent -2·2^30 = -2^31 fits, but b is squared once more after the top
    // bit: -2·2^31 overflows and Mul panics. One less (2^30 - 1) squares b only up to -2^31.
    expect(() => pow(d("0.05"), 2n ** 30n, 16)).toThrow(GoPanic);
    expect(pow(d("0.05"), 2n ** 30n - 1n, 16).toString()).toBe("0");
    expect(() => pow(d("0.95"), 2n ** 30n, 16)).toThrow(GoPanic);
  });

  it("the tail loop's int32 exponent: Go's Mul panics once -33 - 32(n-1) leaves int32 (k = 1, p0 = 0.1)", () => {
    // prob0 = coeff(exp -16) · p (k = 1: unrounded, exp -1) · pow(q, n-1) (rounded, exp -16): exp -33.
    // Each of the n-1 iterations multiplies by factor and ratio (exp -16 each); prob is 0 long before,
    // but a zero coefficient does not stop Go's exponent arithmetic.
    expect(binomialPValue(1n, 67108863n, d("0.1"), 16).toString()).toBe("0"); // -2147483617: fits
    expect(() => binomialPValue(1n, 67108864n, d("0.1"), 16)).toThrow(GoPanic); // -2147483649: panics
  });
});

// ---- stats.go / stats_table.go routing, literally -------------------------------------------------

function goDecimalToPermille(p0: Decimal): number {
  const permille = p0.mul(Decimal.fromInt(1000)).intPart();
  return CRITICAL_VALUE_TABLES.has(Number(permille)) && permille >= 0n && permille <= 1000n ? Number(permille) : -1;
}

describe("audit: MissedStatTest routing", () => {
  it("a negative p0 whose p0·1000 wraps to +100 in IntPart takes the 0.10 table (no error)", () => {
    // p0·1000 = -(2^64 - 100): big.Int.Int64 keeps the low 64 bits of |x| (2^64 - 100 → int64 -100) and
    // negates: +100, a table key. MissedStatTest then never sees that p0 is negative.
    const p0 = d("-18446744073709551.516");
    expect(decimalToPermille(p0)).toBe(100);
    expect(goDecimalToPermille(p0)).toBe(100);
    expect(missedStatTest(4n, 20n, p0)).toBe(true); // n = 20 row: 4 allowed
    expect(missedStatTest(5n, 20n, p0)).toBe(false);
    expect(missedStatTest(100n, 1000n, p0)).toBe(true); // ratio rule above 990: 100·10 <= 1000·1
  });

  it("decimalToPermille agrees with Mul(1000).IntPart() on wrapping and spelling variants", () => {
    const rnd = lcg(7n);
    for (let c = 0; c < 400; c++) {
      const wrap = BigInt(rnd(4)) * (1n << 64n);
      const sign = rnd(2) === 0 ? -1n : 1n;
      const coefficient = sign * (wrap + BigInt([50, 100, 200, 300, 400, 500, 499, 501, 0, 1000][rnd(10)]!) * 10n ** 3n + BigInt(rnd(1000)));
      const p0 = Decimal.new(coefficient, -6);
      expect(decimalToPermille(p0), p0.toString()).toBe(goDecimalToPermille(p0));
    }
  });
});

// ---- keeper: getDynamicP0 + CheckAndPunishForDowntimeForParticipants, literally --------------------

const UINT64_MAX = (1n << 64n) - 1n;

function goMissedStatTest(nMissed: bigint, nTotal: bigint, p0: Decimal): boolean {
  if (nTotal === 0n) return true;
  if (nMissed < 0n || nTotal < 0n || nMissed > nTotal) throw new GoError("invalid input");
  const permille = goDecimalToPermille(p0);
  if (permille > 0) {
    // MissedStatTestLookupWithP0: int64 ratio rule above 990, else sort.Search for the first Total > nTotal.
    if (nTotal > 990n) {
      const [num, den] = P0_MULTIPLIERS[permille]!;
      return BigInt.asIntN(64, nMissed * den) <= BigInt.asIntN(64, nTotal * num);
    }
    const table = CRITICAL_VALUE_TABLES.get(permille)!;
    let idx = 0;
    while (idx < table.length && !(BigInt(table[idx]!.total) > nTotal)) idx++;
    return idx === 0 || nMissed <= BigInt(table[idx - 1]!.criticalMisses);
  }
  return goBinomialPValue(Number(nMissed), Number(nTotal), p0, 16).greaterThanOrEqual(Decimal.new(5n, -2));
}

function goDecimalToPermilleCeil(p0: ChainDecimal | null): bigint {
  if (p0 === null) return 0n;
  const x = Decimal.new(p0.value, p0.exponent);
  const floor = x.mul(Decimal.fromInt(1000)).intPart();
  if (floor <= 0n) return 0n;
  let permille = BigInt.asUintN(64, floor);
  if (x.greaterThan(Decimal.new(floor, -3))) permille++;
  return permille;
}

function goCeilToSupported(t: bigint): bigint {
  for (const s of [50n, 100n, 200n, 300n, 400n]) if (t <= s) return s;
  return 500n;
}

function goGetDynamicP0(participants: Participant[], vp: ValidationParams | null): [ChainDecimal, boolean] {
  let governance = 100n;
  if (vp !== null && vp.binomTestP0 !== null) {
    const govCeil = goDecimalToPermilleCeil(vp.binomTestP0);
    if (govCeil > 500n) return [vp.binomTestP0, false];
    if (govCeil > 0n) governance = goCeilToSupported(govCeil);
  }
  const sat = (a: bigint, b: bigint) => (a + b > UINT64_MAX ? UINT64_MAX : a + b);
  let total = 0n;
  let missed = 0n;
  let used = 0;
  for (const p of participants) {
    if (p.currentEpochStats === null) continue;
    const t = sat(p.currentEpochStats.inferenceCount, p.currentEpochStats.missedRequests);
    if (t === 0n) continue;
    total = sat(total, t);
    missed = sat(missed, p.currentEpochStats.missedRequests);
    used++;
  }
  if (total < 1000n || used < 5) return [{ value: BigInt.asIntN(64, governance), exponent: -3 }, false];
  let target = (missed * 1000n) / total + 20n;
  if (target > 500n) target = 500n;
  const selected = goCeilToSupported(target);
  const final = governance > selected ? governance : selected;
  return [{ value: BigInt.asIntN(64, final), exponent: -3 }, selected === 500n];
}

function goDowntimeStep(participants: Participant[], vp: ValidationParams | null, weights: Map<string, bigint>): string {
  const w = new Map(weights);
  const [p0, skip] = goGetDynamicP0(participants, vp);
  if (!skip) {
    for (const p of participants) {
      const reward = w.get(p.address) ?? 0n;
      if (p.currentEpochStats === null) return "panic";
      const total = BigInt.asUintN(64, p.currentEpochStats.inferenceCount + p.currentEpochStats.missedRequests);
      let out = reward;
      if (total !== 0n) {
        try {
          const passed = goMissedStatTest(BigInt.asIntN(64, p.currentEpochStats.missedRequests), BigInt.asIntN(64, total), Decimal.new(p0.value, p0.exponent));
          if (!passed) out = 0n;
        } catch (e) {
          if (!(e instanceof GoError)) throw e;
        }
      }
      w.set(p.address, out);
    }
  }
  return JSON.stringify({ p0: `${p0.value}e${p0.exponent}`, skip, w: [...w.entries()].sort().map(([a, v]) => `${a}=${v}`) });
}

describe("audit: the settlement downtime step and the claim path against literal keeper code", () => {
  const GOVERNANCE: (ChainDecimal | null | "unset")[] = [
    "unset", null, { value: 1n, exponent: -1 }, { value: 15n, exponent: -2 }, { value: 6n, exponent: -1 }, { value: 999n, exponent: -3 },
    { value: 5001n, exponent: -4 }, { value: 501n, exponent: -3 }, { value: 1n, exponent: 0 }, { value: 0n, exponent: 0 },
    { value: -1n, exponent: -1 }, { value: 9n, exponent: -4 }, { value: 1n, exponent: 17 }, { value: 7n, exponent: -1 },
  ];
  const paramsOf = (g: ChainDecimal | null | "unset"): ValidationParams | null => (g === "unset" ? null : { binomTestP0: g });

  it("random epochs: p0, circuit breaker, weights (duplicates, missing addresses, wraps, nil stats)", () => {
    const rnd = lcg(991n);
    for (let c = 0; c < 250; c++) {
      const participants: Participant[] = [];
      const weights = new Map<string, bigint>();
      const share = rnd(3) === 0 ? rnd(800) : rnd(100);
      const count = rnd(14);
      for (let i = 0; i < count; i++) {
        const address = i > 0 && rnd(15) === 0 ? `p${rnd(i)}` : `p${i + 1}`;
        let stats: Participant["currentEpochStats"] = null;
        if (rnd(40) !== 0) {
          const total = BigInt(rnd(8) === 0 ? rnd(30) : rnd(2500));
          const missed = (total * BigInt(Math.min(1000, share + rnd(60)))) / 1000n;
          stats = rnd(50) === 0 ? { inferenceCount: UINT64_MAX - BigInt(rnd(10)), missedRequests: BigInt(rnd(20)) } : { inferenceCount: total - missed, missedRequests: missed };
        }
        participants.push({ address, currentEpochStats: stats });
        if (rnd(8) !== 0) weights.set(address, BigInt(rnd(100000)));
      }
      const vp = paramsOf(GOVERNANCE[rnd(GOVERNANCE.length)]!);
      let got: string;
      try {
        const r = downtimeStep(participants, vp, weights);
        got = JSON.stringify({ p0: `${r.p0.value}e${r.p0.exponent}`, skip: r.skipPunishment, w: [...r.weights.entries()].sort().map(([a, v]) => `${a}=${v}`) });
      } catch (e) {
        if (!(e instanceof GoPanic)) throw e;
        got = "panic";
      }
      expect(got, JSON.stringify(participants, (_k, v) => (typeof v === "bigint" ? String(v) : v))).toBe(goDowntimeStep(participants, vp, weights));
    }
  });

  it("claim path: raw governance p0 (0.10 when unset), error when counts are invalid", () => {
    const rnd = lcg(225n);
    for (let c = 0; c < 300; c++) {
      const vp = paramsOf(GOVERNANCE[rnd(GOVERNANCE.length)]!);
      const total = BigInt(rnd(300) - 2);
      const missed = BigInt(rnd(Math.max(1, Number(total) + 4)) - 1);
      const p0 = vp !== null && vp.binomTestP0 !== null ? Decimal.new(vp.binomTestP0.value, vp.binomTestP0.exponent) : Decimal.new(1n, -1);
      const outcome = (f: () => boolean) => {
        try {
          return String(f());
        } catch (e) {
          if (e instanceof GoError) return "error";
          throw e;
        }
      };
      expect(outcome(() => hasSignificantMissedValidations(missed, total, vp)), `${missed}/${total}`).toBe(outcome(() => !goMissedStatTest(missed, total, p0)));
    }
  });
});

// ---- shopspring/decimal v1.4.0 edge cases (expected values from reading decimal.go) -----------------

describe("audit: Decimal edge cases (shopspring v1.4.0 decimal.go)", () => {
  it("NewFromString: the first e/E splits an int32 exponent (ParseInt base 10, bitSize 32); the rest is ParseInt/SetString base 10 after dropping one '.'", () => {
    const ok: [string, bigint, number][] = [
      [".5", 5n, -1], ["5.", 5n, 0], ["+1", 1n, 0], ["-0", 0n, 0], ["-0.0", 0n, -1], ["1E+3", 1n, 3], ["00.10", 10n, -2],
      ["+.5", 5n, -1], ["-.5", -5n, -1], [".-5", -5n, -2], ["5.e2", 5n, 2], ["5.E-2", 5n, -2], ["1e00000000000000000000000003", 1n, 3],
      ["0.5e-1", 5n, -2], ["50e-3", 50n, -3], ["1e-2147483648", 1n, -2147483648], ["1e2147483647", 1n, 2147483647],
      ["+9999999999999999999", 9999999999999999999n, 0], ["18446744073709551.716", 18446744073709551716n, -3],
    ];
    for (const [s, value, exp] of ok) {
      const x = d(s);
      expect([x.value, x.exp === 0 ? 0 : x.exp], s).toEqual([value, exp]);
    }
    for (const s of ["", ".", "1e", "1e+", "1e-", "e1", ".e1", "1e1_0", "1_0", " 1", "1 ", "1e 1", "1.2.3", "--1", "+-1", "0x10", "1e0x1", "1.5e3.2", "1e2147483648", "0.1e-2147483648", "１"]) {
      expect(() => d(s), JSON.stringify(s)).toThrow(GoError);
    }
  });

  it("String, Round with negative places, IntPart's 64-bit wrap", () => {
    expect(Decimal.new(-5n, -20).toString()).toBe("-0.00000000000000000005");
    expect(Decimal.new(0n, -3).toString()).toBe("0");
    expect(Decimal.new(-123n, 2).toString()).toBe("-12300");
    expect(Decimal.new(-1000n, -3).toString()).toBe("-1");
    const round = (v: bigint, e: number, places: number) => key(Decimal.new(v, e).round(places));
    expect(round(-1250n, 0, -2)).toBe("-13e2"); // half away from zero
    expect(round(1249n, 0, -2)).toBe("12e2");
    expect(round(-44n, 0, -2)).toBe("0e2");
    expect(round(-45n, -1, -1)).toBe("0e1"); // -4.5 truncated to tens first
    expect(round(5n, 1, -2)).toBe("1e2");
    expect(Decimal.new(1n, 17).intPart()).toBe(100000000000000000n);
    expect(Decimal.new(-(10n ** 20n), 0).intPart()).toBe(-7766279631452241920n);
    expect(Decimal.new(-9223372036854775809n, 0).intPart()).toBe(9223372036854775807n);
    expect(Decimal.new(9223372036854775808n, 0).intPart()).toBe(-9223372036854775808n);
    expect(Decimal.new(-99n, -1).intPart()).toBe(-9n);
  });
});
