// StrykerJS for the rule families (mutation/families.mjs). `npm run mutate` runs every family;
// MUTATE_FAMILY=settlement,rest npm run mutate runs some. Not part of npm test or CI.
// MUTATE_FILES=src/a.ts,src/b.ts narrows a run to some of the chosen families' files (a version switch
// when a whole family is too slow): it keeps its own report and incremental state (NAME.files-HASH; not `~`, which breaks vitest's globs in the sandbox path), seeded
// from the family set's, so the family's other files keep their results (mutation/summary.mjs merges).
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { FAMILIES, familyOf } from "./mutation/families.mjs";

const names = (process.env.MUTATE_FAMILY ?? Object.keys(FAMILIES).join(",")).split(",").filter((n) => n !== "");
for (const n of names) if (!(n in FAMILIES)) throw new Error(`unknown MUTATE_FAMILY ${n} (families: ${Object.keys(FAMILIES).join(", ")})`);
const chosen = names.map((n) => FAMILIES[n]);
process.env.STRYKER_TESTS = JSON.stringify([...new Set(chosen.flatMap((f) => f.tests))]);
const only = (process.env.MUTATE_FILES ?? "").split(",").filter((f) => f !== "");
for (const f of only) if (!existsSync(f) || !names.includes(familyOf(f))) throw new Error(`MUTATE_FILES: ${f} is not a file of ${names.join("+")} (its family: ${familyOf(f) ?? "none"})`);
const set = names.join("+");
const runName = only.length === 0 ? set : `${set}.files-${createHash("sha256").update([...only].sort().join(",")).digest("hex").slice(0, 8)}`;
const incrementalFile = `reports/mutation/${runName}.incremental.json`;
if (runName !== set) {
  mkdirSync("reports/mutation", { recursive: true });
  if (!existsSync(incrementalFile) && existsSync(`reports/mutation/${set}.incremental.json`)) copyFileSync(`reports/mutation/${set}.incremental.json`, incrementalFile);
  // the report also carries the family's other files, re-mapped from the seed without a run: summary.mjs reads only these
  writeFileSync(`reports/mutation/${runName}.files.json`, `${JSON.stringify([...only].sort())}\n`);
}

export default {
  testRunner: "vitest",
  vitest: { configFile: "mutation/vitest.mutation.config.mjs", related: false },
  mutate: only.length > 0 ? only : [...new Set(chosen.flatMap((f) => f.mutate))],
  coverageAnalysis: "perTest",
  // mutants in code run at module load need a fresh process each: too slow for 2 cores (and they are tables and constants)
  ignoreStatic: true,
  concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 2),
  incremental: true,
  // one incremental state and one report per family set, so running one family keeps the others' results
  incrementalFile,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: `reports/mutation/${runName}.mutation.json` },
  // a mutant's allowance: timeoutFactor × its covering tests' dry-run time + timeoutMS (+ the runner's
  // overhead); a family may set a tighter timeoutMS (families.mjs), a set of families takes the largest
  timeoutMS: Math.max(...chosen.map((f) => f.timeoutMS ?? 30_000)),
  // the first run, with coverage, replays the families' Go vectors on a shared 2-core machine
  dryRunTimeoutMinutes: 30,
  timeoutFactor: 2,
  ignorePatterns: ["dist", "out", "tmp", "reports", "coverage", ".stryker-tmp"],
  // a sandbox folder per family set, so two sets can run at once
  tempDirName: `.stryker-tmp/${runName}`,
  cleanTempDir: "always",
  // TypeScript 7 (native) has no JavaScript API: no tsconfig rewrite and no TypeScript checker; vitest strips types.
  tsconfigFile: "no-tsconfig-for-stryker.json",
};
