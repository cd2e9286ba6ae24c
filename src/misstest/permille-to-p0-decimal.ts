/** A table permille as the chain decimal the settlement passes to the miss test. */
import type { ChainDecimal } from "../go/chain-decimal.js";

/** Mirrors keeper.permilleToP0Decimal: {Value: int64(permille), Exponent: -3} (the int64 conversion wraps). */
export function permilleToP0Decimal(permille: bigint): ChainDecimal {
  return { value: BigInt.asIntN(64, permille), exponent: -3 };
}
