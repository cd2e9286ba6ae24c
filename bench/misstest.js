#!/usr/bin/env node
// Benchmark of the miss test: 1,000 participants × the 6 table p0 values (0.05 … 0.50), i.e. 6,000
// MissedStatTest calls on realistic counts (totals 0 … 20,000, both sides of 990, a few heavy missers),
// printed as time per run and as a ratio to reading the same epoch input (JSON parse + validation).
// Goal: under 50 ms. Also times a whole-epoch evaluation with and without the exact binomial test.
// Deterministic input (a fixed linear congruential generator). Uses the built code: `npm run build` first.
import { Decimal } from "../dist/go/decimal.js";
import { parseJson } from "../dist/go/json.js";
import { parseEpochInput } from "../dist/misstest/epoch-input.js";
import { evaluateEpoch } from "../dist/misstest/evaluate-epoch.js";
import { missedStatTest } from "../dist/misstest/missed-stat-test.js";

const N = 1000;
let seed = 20260716n;
const next = (bound) => {
  seed = (seed * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
  return Number((seed >> 33n) % BigInt(bound));
};

const participants = [];
const rewards = {};
for (let i = 0; i < N; i++) {
  const total = i % 50 === 0 ? next(990) : next(20000);
  const share = i % 97 === 0 ? 300 + next(400) : next(40); // permille; a few hosts miss a lot
  const missed = Math.min(total, Math.floor((total * share) / 1000));
  const address = `gonka1bench${String(i).padStart(5, "0")}`;
  participants.push({ address, currentEpochStats: { inferenceCount: total - missed, missedRequests: missed } });
  rewards[address] = 1000 + next(50000);
}
const text = JSON.stringify({ epoch: 433, validationParams: { binomTestP0: { value: 4, exponent: -1 } }, participants, rewards });

function time(fn, minMs = 300) {
  fn(); // warm up
  let runs = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < minMs) {
    fn();
    runs++;
  }
  return (performance.now() - t0) / runs;
}

let input;
const readMs = time(() => {
  input = parseEpochInput(parseJson(text, "bench"), "bench");
});
const counts = input.participants.map((p) => [p.currentEpochStats.missedRequests, p.currentEpochStats.inferenceCount + p.currentEpochStats.missedRequests]);
const p0s = [50n, 100n, 200n, 300n, 400n, 500n].map((p) => Decimal.new(p, -3));
let failed = 0;
const testMs = time(() => {
  failed = 0;
  for (const p0 of p0s) for (const [m, t] of counts) if (!missedStatTest(m, t, p0)) failed++;
});
const epochMs = time(() => evaluateEpoch(input, { exact: false }));
const exactMs = time(() => evaluateEpoch(input, { exact: true }), 1000);

const r = (x) => `${(x / readMs).toFixed(1)}x`;
console.log(`reading the input: ${readMs.toFixed(2)} ms/run (${(text.length / 1024).toFixed(0)} KiB epoch JSON, parse + validate)`);
console.log(`misstest: ${testMs.toFixed(2)} ms/run for ${N} participants x ${p0s.length} p0 (${failed} fail) (${r(testMs)} reading the input; goal < 50 ms)`);
console.log(`evaluateEpoch without exact test: ${epochMs.toFixed(2)} ms/run (${r(epochMs)} reading the input)`);
console.log(`evaluateEpoch with exact binomial test: ${exactMs.toFixed(1)} ms/run (${r(exactMs)} reading the input)`);
