import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // one module graph per worker, not per file: half of npm test's CPU went to re-importing the same
    // modules. Safe because the rules hold no global state and every test restores what it changes
    // (cwd, env, spies).
    isolate: false,
    // builds dist/ first when it is missing or older than src/ (the README library example runs it)
    globalSetup: ["test/helpers/build-if-stale.ts"],
    // fast-check draws from one fixed seed unless FC_SEED says otherwise (test/helpers/property-seed.ts)
    setupFiles: ["test/helpers/property-seed.ts"],
  },
});
