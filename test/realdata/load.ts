/** Reads the carried real mainnet data (test/realdata/, see its README) by original relative path. */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

/** This folder (the carried copy). */
export const REALDATA_DIR = dirname(fileURLToPath(import.meta.url)).replace(`${sep}dist${sep}test${sep}`, `${sep}test${sep}`);
/** The shared original beside the clone; may be absent in a user's fresh clone. */
export const SHARED_REALDATA_DIR = join(REALDATA_DIR, "..", "..", "..", "shared", "realdata");

/** Raw bytes of an original file, gunzipping `<relPath>.gz` when only that is carried. */
export function readRealdataBytes(relPath: string): Buffer {
  const plain = join(REALDATA_DIR, relPath);
  if (existsSync(plain)) return readFileSync(plain);
  const gz = `${plain}.gz`;
  if (existsSync(gz)) return gunzipSync(readFileSync(gz));
  throw new Error(`test/realdata has no ${relPath} (nor ${relPath}.gz)`);
}

/** Text of an original file (UTF-8), gunzipping transparently. */
export function readRealdata(relPath: string): string {
  return readRealdataBytes(relPath).toString("utf8");
}

/** Original relative paths (".gz" dropped) of every carried data file under rest/, preserved/ and rpc/, sorted. */
export function listRealdata(): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(REALDATA_DIR, p).split(sep).join("/").replace(/\.gz$/, ""));
    }
  };
  for (const top of ["rest", "preserved", "rpc"]) walk(join(REALDATA_DIR, top));
  return out.sort();
}
