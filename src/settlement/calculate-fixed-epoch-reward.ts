/** The fixed epoch reward with exponential decay: initial × exp(decay)^(epochs since genesis). */
import { Decimal } from "../go/decimal.js";
import { InputError } from "../errors.js";
import { GoError } from "../go/errors.js";
import { INT32_MAX } from "../go/int64.js";
import type { ChainDecimal } from "../go/chain-decimal.js";

/**
 * The decay rates types.GetExponent knows, each with its precomputed exp(rate) as a 16-place decimal
 * (the chain hard-codes these constants: no floating point is evaluated at settlement).
 */
const KNOWN_EXPONENTS: readonly (readonly [Decimal, Decimal])[] = [
  [Decimal.new(-475n, -6), Decimal.new(9995251127946402n, -16)],
  [Decimal.new(-1n, -6), Decimal.new(9999990000005n, -13)],
  [Decimal.new(1n, -4), Decimal.new(10001000050001667n, -16)],
  [Decimal.fromInt(0), Decimal.fromInt(1)],
];

/** Mirrors types.GetExponent (x/inference/types/params.go@d8b8e907): exp(rate) for a supported rate, else an error. */
export function getExponent(decayRate: Decimal): Decimal {
  for (const [rate, exp] of KNOWN_EXPONENTS) if (decayRate.equal(rate)) return exp;
  throw new GoError(`unsupported decay rate: ${decayRate.toString()}`);
}

/** shopspring v1.4.0 Decimal.PowInt32 for a non-negative exponent: exact square-and-multiply. */
export function powInt32(d: Decimal, exp: number): Decimal {
  if (d.isZero() && exp === 0) throw new GoError("cannot represent undefined value of 0**0");
  if (exp < 0) throw new Error("powInt32: negative exponents are not used by settlement");
  let e = exp;
  let n = d;
  let result = Decimal.fromInt(1);
  while (e > 0) {
    if (e % 2 === 1) result = result.mul(n);
    e = Math.floor(e / 2);
    if (e > 0) n = n.mul(n);
  }
  return result;
}

/**
 * Mirrors keeper.CalculateFixedEpochReward (bitcoin_rewards.go@d8b8e907; identical at bb2de824,
 * bd1fd508, 17808620, ee730031): uint64 result, or a GoError (unsupported rate, epoch ≥ MaxInt32).
 */
export function calculateFixedEpochReward(epochsSinceGenesis: bigint, initialReward: bigint, decayRate: ChainDecimal | null): bigint {
  if (initialReward === 0n) return 0n;
  if (decayRate === null) return initialReward;
  if (epochsSinceGenesis === 0n) return initialReward;
  const exponent = getExponent(Decimal.fromChain(decayRate));
  if (epochsSinceGenesis >= INT32_MAX) throw new GoError(`exponent overflow: ${epochsSinceGenesis}`);
  // exp(0) = 1 exactly: its powers stay one digit, so any epoch count is cheap.
  if (epochsSinceGenesis <= MAX_EXACT_DECAY_EPOCHS || exponent.equal(Decimal.fromInt(1))) return decayedReward(initialReward, exponent, epochsSinceGenesis);
  // Beyond the bound the exact power has millions of digits (Go computes it too, for minutes to days).
  // With exp(rate) < 1 the reward only falls, so a reward already 0 at the bound is 0 at every later epoch.
  if (exponent.lessThan(Decimal.fromInt(1)) && decayedReward(initialReward, exponent, MAX_EXACT_DECAY_EPOCHS) === 0n) return 0n;
  throw new InputError(
    `${epochsSinceGenesis} epochs since genesis: the exact decay power past ${MAX_EXACT_DECAY_EPOCHS} epochs has millions of digits (the chain's own computation would take as long); refused`,
    "epochs since genesis",
  );
}

/**
 * Epochs since genesis up to which the decay is computed exactly (~0.3 s; 270 years of daily epochs).
 * Past it only a reward provably 0 is answered.
 */
export const MAX_EXACT_DECAY_EPOCHS = 100_000n;

function decayedReward(initialReward: bigint, exponent: Decimal, epochs: bigint): bigint {
  const expValue = powInt32(exponent, Number(epochs));
  // IntPart keeps the low 64 bits (Int64() of the truncated big integer); a negative result is 0.
  const result = Decimal.fromInt(initialReward).mul(expValue).intPart();
  return result < 0n ? 0n : result;
}
