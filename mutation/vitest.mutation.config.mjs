// Vitest configuration for Stryker runs: only the chosen families' test files (stryker.config.mjs sets them).
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: new URL("..", import.meta.url).pathname,
  test: {
    include: JSON.parse(process.env.STRYKER_TESTS ?? '["test/settlement/*.test.ts"]'),
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // read by the property tests: fewer random runs per mutant (the Go fixtures carry the boundaries)
    env: { GONKA_SPEC_MUTATION: "1" },
  },
});
