// The synthetic epochs of the settle and backtest benchmarks (one generator for both): N participants
// (.mjs: a module the benches share, not a benchmark — bench/run.js runs every .js file)
// synthesised deterministically from the shape of real epoch 249 (test/realdata: its participants' node
// counts, weights, confirmation ratios, request and miss counts, statuses, cycled and jittered).
// Uses the built code: run `npm run build` first.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readRestDump } from "../dist/sources/rest-dump/read-rest-dump.js";
import { settlementFromRestDump } from "../dist/sources/rest-dump/settlement-from-rest.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const real = settlementFromRestDump(readRestDump(join(here, "..", "test", "realdata", "rest", "epoch_249"))).input;

/**
 * Participant i's address: a fixed-width base-36 index. Padded with "0" (the digit 0): padding with any
 * other base-36 digit ("q" once) makes two indexes one address (i = 18 and i = 954 with "q").
 */
export const addr = (i) => `gonka1${i.toString(36).padStart(38, "0")}`;

/** A deterministic generator (the same numbers on every run and machine). */
export function random(seed = 0x2545f491) {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s % n;
  };
}

const vwOf = new Map(real.validationWeights.map((v) => [v.memberAddress, v]));
const nodesOf = new Map();
for (const sg of real.subgroups) for (const v of sg.validationWeights) nodesOf.set(`${sg.modelId}\u0000${v.memberAddress}`, v.mlNodes);

/**
 * Epoch `e` of `n` participants (a settlement input, src/settlement/settlement-types.ts): real participant
 * (i + e) mod R becomes participant i, its weights and counts jittered. `confirmationScales`: add the
 * PoC model scales as confirmation weight scales (v0.2.13's rescale path).
 */
export function syntheticEpoch(e, n, rnd, { confirmationScales = false } = {}) {
  const jitter = (x, pct) => (x * BigInt(100 - pct + rnd(2 * pct + 1))) / 100n;
  const participants = [];
  const validationWeights = [];
  const subgroups = real.subgroups.map((sg) => ({ modelId: sg.modelId, validationWeights: [] }));
  for (let i = 0; i < n; i++) {
    const src = real.participants[(i + e) % real.participants.length];
    const a = addr(i);
    const st = src.currentEpochStats;
    const inf = jitter(st.inferenceCount, 20);
    const missed = jitter(st.missedRequests, 30) + (rnd(40) === 0 ? inf / 8n : 0n);
    participants.push({ ...src, address: a, currentEpochStats: { inferenceCount: inf, missedRequests: missed } });
    const vw = vwOf.get(src.address);
    if (vw === undefined) continue;
    validationWeights.push({ ...vw, memberAddress: a, weight: jitter(vw.weight, 10), confirmationWeight: jitter(vw.confirmationWeight, 10) });
    real.subgroups.forEach((sg, k) => {
      const nodes = nodesOf.get(`${sg.modelId}\u0000${src.address}`);
      if (nodes !== undefined) subgroups[k].validationWeights.push({ memberAddress: a, mlNodes: nodes.map((x) => (x === null ? null : { ...x, pocWeight: jitter(x.pocWeight, 10) })) });
    });
  }
  const inEpoch = new Set(participants.map((p) => p.address));
  const exclusions = real.exclusions.filter((x) => inEpoch.has(x.address));
  return {
    ...real,
    epoch: 300n + BigInt(e),
    participants,
    validationWeights,
    subgroups,
    exclusions,
    confirmationWeightScales: confirmationScales ? real.pocModelScales : real.confirmationWeightScales,
  };
}

/** The settlement height the benches record for epoch `e` (one epoch length apart, from 249's). */
export const syntheticSettlementHeight = (e) => BigInt(3_859_385 + e * 15_391);

/** Median CPU time (user + system, ms) of `fn`: steadier than wall time on a shared, loaded machine. */
export function cpuTime(fn, runs = 7, warm = 2) {
  for (let i = 0; i < warm; i++) fn();
  const ts = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.cpuUsage();
    fn();
    const d = process.cpuUsage(t0);
    ts.push((d.user + d.system) / 1000);
  }
  ts.sort((a, b) => a - b);
  return ts[Math.floor(ts.length / 2)];
}

/**
 * `fn` against `base` measured in alternation (base, fn, base, fn, …), so both see the same load on a
 * busy machine: the median CPU times of each and the median of the per-round ratios fn ÷ base.
 */
export function pairedCpuTime(fn, base, runs = 31, warm = 10) {
  for (let i = 0; i < warm; i++) {
    base();
    fn();
  }
  const once = (g) => {
    const t0 = process.cpuUsage();
    g();
    const d = process.cpuUsage(t0);
    return (d.user + d.system) / 1000;
  };
  const a = [];
  const b = [];
  const r = [];
  for (let i = 0; i < runs; i++) {
    const tb = once(base);
    const ta = once(fn);
    a.push(ta);
    b.push(tb);
    r.push(ta / tb);
  }
  const med = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return { fn: med(a), base: med(b), ratio: med(r) };
}
