// The property seed (test/helpers/property-seed.ts): fixed unless FC_SEED says otherwise, so that two
// runs of npm test draw the same cases.
import { describe, expect, it } from "vitest";
import fc from "fast-check";

describe("fast-check's seed", () => {
  it("is the fixed seed, or the one FC_SEED names, and draws repeat", () => {
    const env = process.env.FC_SEED;
    const seed = fc.readConfigureGlobal().seed;
    if (env === "random") expect(seed).toBeUndefined();
    else expect(seed).toBe(env === undefined || env === "" ? 20261202 : Number(env));
    if (seed !== undefined) expect(fc.sample(fc.nat(), 5)).toEqual(fc.sample(fc.nat(), 5));
  });
});
