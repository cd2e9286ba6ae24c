/**
 * Vitest global setup: `npx vitest run` without `npm run build` first would run the README's library
 * example against a missing or stale dist/. Build when dist/index.js is missing or older than any file
 * under src/ (npm test has just built: then this only compares times).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export default function setup(): void {
  const built = join(ROOT, "dist", "index.js");
  if (existsSync(built) && statSync(built).mtimeMs >= newest(join(ROOT, "src"))) return;
  execFileSync(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"], { cwd: ROOT, stdio: "inherit" });
}
