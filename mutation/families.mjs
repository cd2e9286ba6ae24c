// Mutation-testing families: which source files are mutated and which test files may kill them.
// To add a family or a new version switch (e.g. v0.2.15/v0.2.16), list its files here; nothing else changes.
export const FAMILIES = {
  settlement: {
    mutate: ["src/settlement/*.ts", "!src/settlement/settlement-input.ts", "!src/settlement/settlement-types.ts", "src/chain/epoch-stages.ts"],
    tests: ["test/settlement/*.test.ts", "test/misstest/settlement.test.ts", "test/chain/heights.test.ts"],
  },
  misstest: {
    mutate: ["src/misstest/*.ts", "!src/misstest/export-suites.ts"],
    tests: ["test/misstest/*.test.ts", "test/vectors/go-vectors.test.ts"],
  },
  versions: {
    mutate: ["src/versions/*.ts", "src/settlement/settlement-version.ts"],
    tests: ["test/versions/*.test.ts", "test/settlement/*.test.ts", "test/chain/settlement-reads.test.ts"],
  },
  rest: {
    mutate: ["src/rest-dump/*.ts"],
    tests: ["test/rest-dump/*.test.ts", "test/chain/settlement-reads.test.ts", "test/realdata/*.test.ts", "test/settlement/realdata.test.ts", "test/versions/verify-realdata.test.ts"],
  },
};
