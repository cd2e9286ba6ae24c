import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GoRand, reduceSeed } from "../../src/go/math-rand.js";
import { RNG_COOKED } from "../../src/go/rng-cooked.js";

const SHARED = join(import.meta.dirname, "..", "..", "..", "shared", "data", "go-math-rand-rngcooked.json");

describe("Go math/rand", () => {
  it("carries the 607-value rngCooked table", () => {
    expect(RNG_COOKED).toHaveLength(607);
    expect(RNG_COOKED[0]).toBe("-4181792142133755926");
  });

  it.skipIf(!existsSync(SHARED))("rngCooked is identical to ../shared/data (when present)", () => {
    expect(JSON.parse(readFileSync(SHARED, "utf8"))).toEqual([...RNG_COOKED]);
  });

  it("reproduces Go's documented first values for seed 1 (rand.New(rand.NewSource(1)))", () => {
    const r = new GoRand(1n);
    // Go: rand.New(rand.NewSource(1)).Int63() => 5577006791947779410, then 8674665223082153551
    expect(r.int63()).toBe(5577006791947779410n);
    expect(r.int63()).toBe(8674665223082153551n);
  });

  it("seeds congruent modulo 2^31-1 give the same stream; 0 is replaced", () => {
    expect(reduceSeed(0n)).toBe(89482311);
    expect(reduceSeed(2147483647n)).toBe(89482311);
    expect(reduceSeed(-1n)).toBe(2147483646);
    fc.assert(
      fc.property(fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }), (s) => {
        const a = new GoRand(s);
        const b = new GoRand(BigInt(reduceSeed(s)));
        for (let i = 0; i < 5; i++) if (a.int63() !== b.int63()) return false;
        return true;
      }),
      { numRuns: 50 },
    );
  });

  it("uint32, int31 and int63 are views of the same 64-bit draw", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 1n << 40n }), (s) => {
        const x = new GoRand(s).int63();
        expect(new GoRand(s).uint32()).toBe(Number(x >> 31n));
        expect(new GoRand(s).int31()).toBe(Number(x >> 32n));
      }),
      { numRuns: 100 },
    );
  });

  it("Shuffle and Perm produce permutations, and int31n stays in range", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 1, max: 300 }), (seed, n) => {
        const r = new GoRand(seed);
        const a = Array.from({ length: n }, (_, i) => i);
        r.shuffle(n, (i, j) => {
          expect(j).toBeGreaterThanOrEqual(0);
          expect(j).toBeLessThanOrEqual(i);
          [a[i], a[j]] = [a[j]!, a[i]!];
        });
        expect([...a].sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
        const p = new GoRand(seed).perm(n);
        expect([...p].sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
        const g = new GoRand(seed);
        for (let i = 0; i < 20; i++) {
          const v = g.int31nLemire(n);
          expect(v >= 0 && v < n).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("Int63n on a power of two masks, otherwise rejects above the largest multiple", () => {
    const a = new GoRand(42n);
    const b = new GoRand(42n);
    expect(a.int63n(1024n)).toBe(b.int63() & 1023n);
    const c = new GoRand(7n);
    for (let i = 0; i < 100; i++) {
      const v = c.int63n(1000000007n);
      expect(v >= 0n && v < 1000000007n).toBe(true);
    }
  });
});
