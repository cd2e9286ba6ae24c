/**
 * fast-check options for a property of `n` random runs. Under mutation testing (npm run mutate sets
 * GONKA_SPEC_MUTATION=1) every mutant reruns the properties: a fifth of the runs, from a fixed seed so
 * a mutant's verdict does not change from one run to the next.
 */
export function propertyRuns(n: number): { numRuns: number; seed?: number } {
  return process.env.GONKA_SPEC_MUTATION === "1" ? { numRuns: Math.ceil(n / 5), seed: 23 } : { numRuns: n };
}

/** True under mutation testing: checks of the generators' reach are left to npm test. */
export const underMutation = process.env.GONKA_SPEC_MUTATION === "1";
