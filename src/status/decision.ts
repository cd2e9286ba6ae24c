/** Mirrors calculations.(SPRT).Decision (sprt.go, every version v0.2.10–v0.2.16). */
import type { Decision, Sprt } from "./status-types.js";

/** Fail when LLR ≥ H, Pass when LLR ≤ −H (checked second), else Undetermined. */
export function decision(s: Sprt): Decision {
  if (s.llr.greaterThanOrEqual(s.h)) return "Fail";
  if (s.llr.lessThanOrEqual(s.h.neg())) return "Pass";
  return "Undetermined";
}
