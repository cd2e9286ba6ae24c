// Mutation-testing families (npm run mutate): the source files Stryker mutates and the test files that
// may kill their mutants. To add a family, or the files of a new version switch (v0.2.15, v0.2.16, …),
// list them here; stryker.config.mjs and mutation/summary.mjs read nothing else. A file belongs to one
// family only (the score table counts it there).
export const FAMILIES = {
  settlement: {
    mutate: ["src/settlement/*.ts", "!src/settlement/settlement-input.ts", "!src/settlement/settlement-types.ts", "!src/settlement/settlement-version.ts", "src/chain/epoch-stages.ts"],
    tests: ["test/settlement/*.test.ts", "test/misstest/settlement.test.ts", "test/chain/heights.test.ts", "test/chain/settlement-reads.test.ts"],
  },
  misstest: {
    mutate: ["src/misstest/*.ts", "!src/misstest/export-suites.ts", "!src/misstest/epoch-input.ts", "!src/misstest/index.ts", "!src/misstest/vectors.ts"],
    tests: ["test/misstest/*.test.ts", "test/vectors/go-vectors.test.ts", "test/settlement/go-audit.test.ts", "test/settlement/go-boundaries.test.ts"],
  },
  versions: {
    mutate: ["src/versions/*.ts", "src/settlement/settlement-version.ts"],
    tests: ["test/versions/*.test.ts", "test/settlement/cli-settle.test.ts", "test/settlement/realdata.test.ts", "test/settlement/go-boundaries.test.ts", "test/chain/settlement-reads.test.ts", "test/rest-dump/preserved.test.ts", "test/preserved/versions.test.ts"],
  },
  rest: {
    mutate: ["src/rest-dump/*.ts"],
    tests: ["test/rest-dump/*.test.ts", "test/chain/settlement-reads.test.ts", "test/realdata/*.test.ts", "test/settlement/realdata.test.ts", "test/versions/verify-realdata.test.ts", "test/backtest/backtest.test.ts"],
  },
};
