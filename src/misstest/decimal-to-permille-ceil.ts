/** Governance p0 rounded up to whole permille (0 for nil, zero or negative values). */
import { Decimal } from "../go/decimal.js";
import { type ChainDecimal } from "../go/chain-decimal.js";
import { permilleIntPart } from "./decimal-to-permille.js";

/** Mirrors keeper.decimalToPermilleCeil (uint64 result). */
export function decimalToPermilleCeil(p0: ChainDecimal | null): bigint {
  if (p0 === null) return 0n;
  const d = Decimal.fromChain(p0);
  const permilleFloor = permilleIntPart(d);
  if (permilleFloor <= 0n) return 0n;
  let permille = permilleFloor;
  if (d.greaterThan(Decimal.new(permilleFloor, -3))) permille++;
  return permille;
}
