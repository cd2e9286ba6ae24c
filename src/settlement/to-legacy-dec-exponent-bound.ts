/**
 * The v0.2.15 switch of types.(*Decimal).ToLegacyDec (types/params.go at zpoken/gonka@89ff8bdb, the
 * upstream main after v0.2.15, PR #1497): an exponent outside ±MaxDecimalExponentAbs (18) is
 * ErrInvalidDecimalExponent, so LegacyDecOrOne gives 1 and delegationShareOfWeight gives 0 for it; up to
 * v0.2.14 (ee730031) any such decimal whose text LegacyDec accepts was converted.
 */
import { MAX_DECIMAL_EXPONENT_ABS } from "../go/chain-decimal.js";
import { atLeast, type ChainVersion } from "../versions/chain-version.js";

export { MAX_DECIMAL_EXPONENT_ABS };

/** The exponent bound ToLegacyDec applies at `version` (null: none). */
export function toLegacyDecExponentBound(version: ChainVersion): number | null {
  return atLeast(version, "v0.2.15") ? MAX_DECIMAL_EXPONENT_ABS : null;
}
