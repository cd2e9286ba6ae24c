import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // builds dist/ first when it is missing or older than src/ (the README library example runs it)
    globalSetup: ["test/helpers/build-if-stale.ts"],
  },
});
