// StrykerJS for the rule families (mutation/families.mjs). `npm run mutate` runs every family;
// MUTATE_FAMILY=settlement,rest npm run mutate runs some. Not part of npm test or CI.
import { FAMILIES } from "./mutation/families.mjs";

const names = (process.env.MUTATE_FAMILY ?? Object.keys(FAMILIES).join(",")).split(",").filter((n) => n !== "");
for (const n of names) if (!(n in FAMILIES)) throw new Error(`unknown MUTATE_FAMILY ${n} (families: ${Object.keys(FAMILIES).join(", ")})`);
const chosen = names.map((n) => FAMILIES[n]);
process.env.STRYKER_TESTS = JSON.stringify([...new Set(chosen.flatMap((f) => f.tests))]);

export default {
  testRunner: "vitest",
  vitest: { configFile: "mutation/vitest.mutation.config.mjs", related: false },
  mutate: [...new Set(chosen.flatMap((f) => f.mutate))],
  coverageAnalysis: "perTest",
  // mutants in code run at module load need a fresh process each: too slow for 2 cores (and they are tables and constants)
  ignoreStatic: true,
  concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 2),
  incremental: true,
  // one incremental state and one report per family set, so running one family keeps the others' results
  incrementalFile: `reports/mutation/${names.join("+")}.incremental.json`,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: `reports/mutation/${names.join("+")}.mutation.json` },
  timeoutMS: 30_000,
  // the first run, with coverage, replays the families' Go vectors on a shared 2-core machine
  dryRunTimeoutMinutes: 30,
  timeoutFactor: 2,
  ignorePatterns: ["dist", "out", "tmp", "reports", "coverage", ".stryker-tmp"],
  // a sandbox folder per family set, so two sets can run at once
  tempDirName: `.stryker-tmp/${names.join("+")}`,
  cleanTempDir: "always",
  // TypeScript 7 (native) has no JavaScript API: no tsconfig rewrite and no TypeScript checker; vitest strips types.
  tsconfigFile: "no-tsconfig-for-stryker.json",
};
