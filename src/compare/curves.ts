/**
 * Miss-test boundary curves: for each distinct settlement p0 of A and B, the allowed misses at each
 * total (every missed count up to it passes), under the on-chain rule and the exact binomial test.
 */
import type { Decimal } from "../go/decimal.js";
import type { MissTestEngine } from "./engines.js";
import type { MissCurve } from "./model.js";

export interface CurveOptions {
  /** Step between totals (default 10). */
  step: bigint;
  /** Largest total (default 2000). */
  max: bigint;
}

export const DEFAULT_CURVES: CurveOptions = { step: 10n, max: 2000n };

/** Totals step, 2·step, …, max. */
export function curveTotals(o: CurveOptions): bigint[] {
  const out: bigint[] = [];
  for (let n = o.step; n <= o.max; n += o.step) out.push(n);
  return out;
}

/** The curves of A's and B's settlement p0 (one set when they agree). */
export function missCurves(engine: MissTestEngine, p0A: Decimal, p0B: Decimal, o: CurveOptions = DEFAULT_CURVES): MissCurve[] {
  const sa = engine.settlementP0(p0A);
  const sb = engine.settlementP0(p0B);
  const same = sa.equal(sb);
  const sets: { label: string; p0: Decimal }[] = same ? [{ label: "A = B", p0: sa }] : [{ label: "A", p0: sa }, { label: "B", p0: sb }];
  const totals = curveTotals(o);
  const out: MissCurve[] = [];
  for (const s of sets) {
    for (const rule of ["on-chain", "exact"] as const) {
      out.push({ label: s.label, p0: s.p0.toString(), rule, points: totals.map((total) => ({ total, allowed: engine.allowedMisses(total, s.p0, rule) })) });
    }
  }
  return out;
}
