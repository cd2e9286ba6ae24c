/**
 * Adapter to the miss-test family's epoch input (the snapshot's `settlement` slice): the governance p0
 * it records, and each participant's verdict when settlement runs with another governance p0.
 * (Placeholder until src/misstest/epoch-input.ts lands.)
 */
import type { MissTestEngine } from "./engines.js";

export const settlementEngine: Pick<MissTestEngine, "governanceP0" | "settle"> = {
  governanceP0: () => undefined,
  settle: () => {
    throw new Error("settlement evaluation is not wired yet");
  },
};
