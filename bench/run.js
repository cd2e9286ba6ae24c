#!/usr/bin/env node
// Runs every benchmark in this folder (each prints its own times and ratios). Not a test: no pass/fail.
import { readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
for (const f of readdirSync(here).filter((f) => f.endsWith(".js") && f !== "run.js").sort()) {
  if (only.length > 0 && !only.some((o) => f.includes(o))) continue;
  console.log(`== ${f}`);
  const r = spawnSync(process.execPath, [join(here, f)], { stdio: "inherit" });
  if (r.status !== 0) console.log(`(${f} exited with ${r.status})`);
}
