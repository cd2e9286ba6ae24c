/**
 * Writes the 10× example snapshot the benchmarks and the speed tests read (issue 13 item 9):
 * the mainnet-like example with every tier's participant count multiplied by SCALE (default 10:
 * 4,000 generated participants), deterministic, written atomically. Not committed (about 7 MB):
 *
 *   npm run gen:large                       # tmp/large.snapshot.json
 *   npm run gen:large -- OUT.json 20        # another path or scale
 */
import { pathToFileURL } from "node:url";
import { makeDirectory, writeFileAtomic } from "../src/fs/files.js";
import { renderExampleSnapshot } from "./generate-example-snapshot.js";
import { dirname } from "node:path";

export const LARGE_SNAPSHOT = "tmp/large.snapshot.json";
export const LARGE_SCALE = 10;

/** Write the scaled example to `out`; returns its size in bytes. */
export function writeLargeSnapshot(out = LARGE_SNAPSHOT, scale = LARGE_SCALE): number {
  const text = renderExampleSnapshot(scale);
  makeDirectory(dirname(out));
  writeFileAtomic(out, text, "the large snapshot");
  return Buffer.byteLength(text);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out = process.argv[2] ?? LARGE_SNAPSHOT;
  const scale = Number(process.argv[3] ?? LARGE_SCALE);
  const bytes = writeLargeSnapshot(out, scale);
  process.stdout.write(`wrote ${out}: the example at ${scale}× scale, ${bytes} bytes\n`);
}
