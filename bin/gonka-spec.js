#!/usr/bin/env -S node --max-semi-space-size=64
// Thin launcher: the CLI is compiled to dist/ by `npm run build` (run by `npm ci` through `prepare`).
// The shebang gives V8 a larger young generation (64 MiB semi-spaces): reading a large state allocates
// many short-lived objects, and fewer scavenges cut the preserved set's text → answer by about a sixth
// (README, Benchmarks). A process flag: it belongs to the launcher, never to the library. `node
// bin/gonka-spec.js` runs without it (same answers, a little slower).
import { main } from "../dist/cli/main.js";

// `gonka-spec ... | head` closes the pipe early: that is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e) => {
    if (e && e.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw e;
  });
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err) => {
    process.stderr.write(`gonka-spec: internal error: ${err && err.message ? err.message : String(err)}\n`);
    process.exitCode = 3;
  },
);
