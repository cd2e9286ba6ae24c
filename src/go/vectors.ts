/** Go golden-vector suites of the Go standard library primitives (and shopspring/decimal's Ln and ExpTaylor). */
import { Decimal } from "./decimal.js";
import { expTaylor, ln } from "./decimal-math.js";
import { GoRand, reduceSeed } from "./math-rand.js";
import { toBigInt } from "./int64.js";
import type { Json } from "./json.js";
import type { SuiteTable } from "../vectors/types.js";

type Obj = { [k: string]: Json };

/** A shopspring Decimal in a vector: coefficient as decimal text (any size), exponent. */
function decimalIn(v: Json | undefined, path: string): Decimal {
  const o = v as Obj;
  if (o === null || typeof o !== "object" || typeof o.coefficient !== "string" || !/^-?\d+$/.test(o.coefficient) || typeof o.exponent !== "number") {
    throw new TypeError(`${path}: expected {coefficient, exponent}`);
  }
  return Decimal.new(BigInt(o.coefficient), o.exponent);
}

/** A shopspring Decimal as Go holds it: coefficient, exponent, String(). */
export function decimalOut(d: Decimal): { coefficient: string; exponent: number; text: string } {
  return { coefficient: d.value.toString(), exponent: d.exp, text: d.toString() };
}

/** The vector records the swap calls only for these sizes (see the file's notes). */
const SWAP_SIZES = new Set([2, 3, 5, 10, 17]);

export const suites: SuiteTable = {
  shopspring_exp_taylor: {
    run(input) {
      const inp = input as Obj;
      return decimalOut(expTaylor(decimalIn(inp.d, "d"), inp.precision as number));
    },
  },
  shopspring_ln: {
    run(input) {
      const inp = input as Obj;
      return decimalOut(ln(decimalIn(inp.d, "d"), inp.precision as number));
    },
  },
  go_math_rand: {
    run(input) {
      const inp = input as Obj;
      const seed = toBigInt(inp.seed, "seed");
      const r = new GoRand(seed);
      const int63: string[] = [];
      for (let i = 0; i < 20; i++) int63.push(r.int63().toString());
      const shuffle: Record<string, number[]> = {};
      const shuffleSwaps: Record<string, number[][]> = {};
      for (const n of (inp.shuffleSizes as number[]) ?? []) {
        const recordSwaps = SWAP_SIZES.has(n);
        const g = new GoRand(seed);
        const a = Array.from({ length: n }, (_, i) => i);
        const swaps: number[][] = [];
        g.shuffle(n, (i, j) => {
          swaps.push([i, j]);
          const t = a[i]!;
          a[i] = a[j]!;
          a[j] = t;
        });
        shuffle[String(n)] = a;
        if (recordSwaps) shuffleSwaps[String(n)] = swaps;
      }
      return { int63, seedReducedMod: reduceSeed(seed), shuffle, shuffleSwaps };
    },
  },
};
