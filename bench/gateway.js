#!/usr/bin/env node
// Benchmark of the PoC routing simulator on the built-in `large` scenario (100 escrows x 16 slots,
// 400 hosts, 100,000 requests). Uses the built code: run `npm run build` first. Prints times and the
// ratio to the goal (< 1000 ms per run); no pass/fail.
import { loadScenario } from "../dist/gateway/scenario-source.js";
import { simulatePoc } from "../dist/gateway/simulate.js";

const GOAL_MS = 1000;

/** First (cold) run and the median of `runs` further runs, in ms. */
function time(fn, runs = 5) {
  const t0 = performance.now();
  const first = fn();
  const cold = performance.now() - t0;
  const ts = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    ts.push(performance.now() - t);
  }
  ts.sort((a, b) => a - b);
  return { cold, median: ts[Math.floor(ts.length / 2)], first };
}

const t0 = performance.now();
const scenario = loadScenario("large");
const load = performance.now() - t0;
console.log(`load + validate large.json: ${load.toFixed(0)} ms`);

for (const [label, options] of [
  ["today", { policy: "today" }],
  ["per-host-cap", { policy: "per-host-cap" }],
  ["per-host-cap, leaves W(e)", { policy: "per-host-cap", capLeavesEscrowWeight: true }],
  ["today, weighted-random", { policy: "today", tieBreak: "weighted-random" }],
]) {
  const { cold, median, first } = time(() => simulatePoc(scenario, options));
  const g = first.gateway;
  const misses = first.hosts.reduce((s, h) => s + h.misses, 0);
  const nonces = first.escrows.reduce((s, e) => s + e.noncesUsed, 0);
  console.log(
    `large scenario (${label}): ${median.toFixed(0)} ms median, ${cold.toFixed(0)} ms cold ` +
      `(goal < ${GOAL_MS} ms; ${(median / GOAL_MS).toFixed(2)}x the goal)` +
      ` | ${g.requests} requests: ${g.served} served, ${g.refused} refused, ${g.failed} failed, ${misses} misses, ${nonces} nonces`,
  );
}
