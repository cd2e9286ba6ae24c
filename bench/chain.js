#!/usr/bin/env node
// Benchmark of the chain client: fetching a mainnet-size snapshot (examples/mainnet-like.snapshot.json:
// 400 participants, 4 models) from the loopback CometBFT fixture node, every read pinned to one height.
// The node runs in a child process so that its work is not charged to the client. Prints time,
// queries, bytes and the ratio to the time of transferring the same number of HTTP bytes in one
// response (fetch + JSON parse). Goal: within 2x. Uses the built code: run `npm run build` first.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseJson } from "../dist/go/json.js";
import { FixtureServer } from "../dist/testing/fixture-server.js";
import { fixtureFromPreserved } from "../dist/testing/fixture-state.js";
import { snapshotFromRpc } from "../dist/chain/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const HEIGHT = 2851200;

if (process.argv[2] === "--serve") {
  const example = parseJson(readFileSync(join(here, "..", "examples", "mainnet-like.snapshot.json"), "utf8"));
  const state = fixtureFromPreserved(example.preserved);
  const server = new FixtureServer({ latestHeight: HEIGHT, stateAt: () => state, maxBatchSize: 0 });
  const url = await server.start();
  process.stdout.write(`${url}\n`);
  process.stdin.resume();
  process.stdin.on("end", () => server.stop().then(() => process.exit(0)));
} else {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--serve"], { stdio: ["pipe", "pipe", "inherit"] });
  const url = await new Promise((resolve) => child.stdout.once("data", (d) => resolve(String(d).trim())));
  const stats = async () => (await fetch(`${url}/__stats`)).json();

  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const f = (ms) => `${ms.toFixed(1)} ms`;
  const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;

  async function measure(label, options, runs = 9) {
    let progress;
    await snapshotFromRpc(url, { height: HEIGHT, ...options }); // warm-up
    const times = [];
    let httpBytes = 0;
    let httpRequests = 0;
    for (let i = 0; i < runs; i++) {
      const before = await stats();
      const t0 = performance.now();
      await snapshotFromRpc(url, { height: HEIGHT, ...options, onProgress: (p) => (progress = p) });
      times.push(performance.now() - t0);
      const after = await stats();
      httpBytes = after.bytesOut - before.bytesOut;
      httpRequests = after.httpRequests - before.httpRequests;
    }
    const t = median(times);
    const tMin = Math.min(...times);
    // Baseline: the same number of bytes in one HTTP response from the same node.
    const base = [];
    for (let i = 0; i < runs + 2; i++) {
      const t0 = performance.now();
      await (await fetch(`${url}/__blob?n=${httpBytes}`)).json();
      base.push(performance.now() - t0);
    }
    const b = median(base.slice(2));
    const bMin = Math.min(...base.slice(2));
    // Second baseline: the same bytes in the same number of HTTP requests, as many in flight as the
    // client allows (concurrency / batch size): the transport floor without any query work.
    const inFlight = Math.max(1, Math.floor((options.concurrency ?? 64) / (options.batchSize ?? 10)));
    const per = Math.ceil(httpBytes / httpRequests);
    const many = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      let left = httpRequests;
      const worker = async () => {
        while (left-- > 0) await (await fetch(`${url}/__blob?n=${per}`)).json();
      };
      await Promise.all(Array.from({ length: Math.min(inFlight, httpRequests) }, worker));
      many.push(performance.now() - t0);
    }
    const m = median(many);
    console.log(
      `${label}: ${f(t)} median (${f(tMin)} best) of ${runs}; ${progress.done} queries in ${httpRequests} HTTP requests; ` +
        `${kb(httpBytes)} HTTP (${kb(progress.bytes)} protobuf); same bytes in one response ${f(b)} median (${f(bMin)} best); ` +
        `ratio ${(t / b).toFixed(1)}x median, ${(tMin / bMin).toFixed(1)}x best (goal <= 2x); ` +
        `same bytes in ${httpRequests} requests, ${inFlight} in flight: ${f(m)} (ratio ${(t / m).toFixed(1)}x)`,
    );
    return t / b;
  }

  await measure("default (batch 10, 64 in flight)", {});
  await measure("batch 100, 256 in flight (node with a raised batch limit)", { batchSize: 100, concurrency: 256 });
  await measure("batch 1000, 1000 in flight", { batchSize: 1000, concurrency: 1000 });
  child.stdin.end();
}
