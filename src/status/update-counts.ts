/** Mirrors calculations.(SPRT).UpdateCounts (sprt.go; bb2de824 pointer receiver, bd1fd508 value receiver: same arithmetic). */
import { Decimal } from "../go/decimal.js";
import type { Sprt } from "./status-types.js";

/**
 * One batch: LLR += failures × logFail + passes × logPass, exactly (shopspring Mul and Add). Nothing
 * changes when neither count is positive; otherwise a negative count is applied too (a counter that
 * went down subtracts its log), as Go does.
 */
export function updateCounts(s: Sprt, failures: bigint, passes: bigint): Sprt {
  if (failures <= 0n && passes <= 0n) return s;
  let llr = s.llr;
  if (failures !== 0n) llr = llr.add(s.logFail.mul(Decimal.fromInt(failures)));
  if (passes !== 0n) llr = llr.add(s.logPass.mul(Decimal.fromInt(passes)));
  return { ...s, llr };
}
