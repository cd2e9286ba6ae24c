#!/usr/bin/env node
// The floors under "text → answer" (issue 21): what the least a reader can do costs, as a ratio to
// JSON.parse of the same text (measured in alternation with it, medians), on bench/read-once.js's
// inputs (400 and 1,600 participants; `node bench/read-once.js --write` makes them):
// - a scan in JavaScript that finds every token of the text and builds nothing (what any reader
//   written in JavaScript does at least, typed or not: a typed reader adds the values it builds);
// - one walk of JSON.parse's tree, visiting every value (what any check of that tree does at least);
// - the lossless reader `parseJson` (JSON.parse, then the integers past 2^53 put back, keys counted
//   against the text's, the depth bound).
// Uses the built code: run `npm run build` first. Prints ratios; no pass/fail.
import { existsSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseJson } from "../dist/go/json.js";
import { pairedCpuTime } from "./synthetic-epoch.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = join(root, "tmp", "read-once");
if (!existsSync(join(dir, "misstest-x4.json"))) spawnSync(process.execPath, [join(root, "bench", "read-once.js"), "--write"], { stdio: "ignore" });

/** Every token of `t` found, nothing built: the number of tokens (throws on a character no JSON token starts with). */
function scanTokens(t) {
  let p = 0;
  let n = 0;
  const L = t.length;
  while (p < L) {
    const c = t.charCodeAt(p);
    if (c === 32 || c === 10 || c === 13 || c === 9 || c === 44 || c === 58 || c === 123 || c === 125 || c === 91 || c === 93) p++;
    else if (c === 34) {
      let q = p + 1;
      for (let d = t.charCodeAt(q); d !== 34; d = t.charCodeAt(++q)) if (d === 92) q++;
      p = q + 1;
      n++;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      let d = t.charCodeAt(++p);
      while ((d >= 48 && d <= 57) || d === 46 || d === 101 || d === 69 || d === 43 || d === 45) d = t.charCodeAt(++p);
      n++;
    } else if (c === 116 || c === 110) {
      p += 4;
      n++;
    } else if (c === 102) {
      p += 5;
      n++;
    } else throw new Error(`unexpected character ${c} at ${p}`);
  }
  return n;
}

/** One visit of every value of JSON.parse's tree: the number of values. */
function walk(v) {
  let n = 1;
  if (Array.isArray(v)) for (let i = 0; i < v.length; i++) n += typeof v[i] === "object" && v[i] !== null ? walk(v[i]) : 1;
  else for (const k in v) n += typeof v[k] === "object" && v[k] !== null ? walk(v[k]) : 1;
  return n;
}

for (const scale of [1, 4]) {
  console.log(`${scale === 1 ? 400 : 1600} participants`);
  for (const name of ["preserved", "settlement", "misstest"]) {
    const text = readFileSync(join(dir, `${name}-x${scale}.json`), "utf8");
    const tree = JSON.parse(text);
    const base = () => JSON.parse(text);
    const runs = scale === 1 ? 41 : 25;
    const r = (fn) => `${pairedCpuTime(fn, base, runs).ratio.toFixed(2)}x`;
    console.log(`  ${name.padEnd(10)} ${`${(text.length / 1024).toFixed(0)} KiB`.padStart(8)}: a JS scan of its tokens ${r(() => scanTokens(text))}, a walk of JSON.parse's tree ${r(() => walk(tree))}, parseJson ${r(() => parseJson(text))} (each × JSON.parse)`);
  }
}
