#!/usr/bin/env node
// Benchmark of `backtest`: 30 epochs of 1,000 participants each, synthesised deterministically from the
// shape of real epoch 249 (test/realdata: its participants' node counts, weights, confirmation ratios,
// request and miss counts, statuses, cycled and jittered), each as a snapshot file's JSON text with the
// chain's recorded payout. Timed: from the 30 texts to the whole backtest (today vs p0 0.05: parse,
// status-quo settlement, two more settlements per epoch, totals, winners/losers). Goal: < 2 s.
// Uses the built code: run `npm run build` first. Prints median CPU times and the ratio to JSON.parse; no pass/fail.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseJson } from "../dist/go/json.js";
import { Decimal } from "../dist/go/decimal.js";
import { readRestDump } from "../dist/rest-dump/read-rest-dump.js";
import { settlementFromRestDump } from "../dist/rest-dump/settlement-from-rest.js";
import { settlementInputToJson } from "../dist/settlement/settlement-input.js";
import { settleAccounts } from "../dist/settlement/settle-accounts.js";
import { parseSnapshot } from "../dist/snapshot/snapshot.js";
import { epochFromSnapshot } from "../dist/backtest/epoch-sources.js";
import { runBacktest } from "../dist/backtest/backtest.js";

const EPOCHS = 30;
const N = 1000;
const VERSION = "v0.2.12";
const here = fileURLToPath(new URL(".", import.meta.url));
const real = settlementFromRestDump(readRestDump(join(here, "..", "test", "realdata", "rest", "epoch_249"))).input;

let seed = 0x2545f491;
const rnd = (n) => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed % n;
};
const jitter = (x, pct) => (x * BigInt(100 - pct + rnd(2 * pct + 1))) / 100n;
// Fixed width: padding with a base-36 digit other than 0 would make i = 18 and i = 954 the same address.
const addr = (i) => `gonka1${i.toString(36).padStart(38, "0")}`;

const vwOf = new Map(real.validationWeights.map((v) => [v.memberAddress, v]));
const nodesOf = new Map();
for (const sg of real.subgroups) for (const v of sg.validationWeights) nodesOf.set(`${sg.modelId}\u0000${v.memberAddress}`, v.mlNodes);

/** One synthetic epoch: real participant i mod R becomes participant i, its weights and counts jittered. */
function epoch(e) {
  const participants = [];
  const validationWeights = [];
  const subgroups = real.subgroups.map((sg) => ({ modelId: sg.modelId, validationWeights: [] }));
  for (let i = 0; i < N; i++) {
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
      if (nodes !== undefined) subgroups[k].validationWeights.push({ memberAddress: a, mlNodes: nodes.map((n) => (n === null ? null : { ...n, pocWeight: jitter(n.pocWeight, 10) })) });
    });
  }
  const exclusions = real.exclusions.filter((x) => participants.some((p) => p.address === x.address));
  const input = { ...real, epoch: 300n + BigInt(e), participants, validationWeights, subgroups, exclusions };
  const settlement = settlementInputToJson(input, { settlementHeight: BigInt(3_859_385 + e * 15_391), assumptions: [] });
  const paid = settleAccounts(input, VERSION);
  const outcome = {};
  for (const p of paid.participants) outcome[p.address] = { rewardedCoins: p.rewardCoins.toString(), earnedCoins: p.workCoins.toString() };
  const height = 3_859_385 + e * 15_391;
  const snap = {
    schema: "gonka-spec/snapshot",
    version: 2,
    chainId: "gonka-mainnet",
    height: String(height),
    preserved: {},
    chainVersion: { version: VERSION, source: "snapshot", detail: "bench" },
    settlement,
    chain: { settlementOutcome: outcome },
  };
  return JSON.stringify(snap);
}

const texts = Array.from({ length: EPOCHS }, (_, e) => epoch(e));
const bytes = texts.reduce((s, t) => s + t.length, 0);
const today = { side: "A", name: "today", file: null, proposal: null };
const p005 = { side: "B", name: "p0 0.05", file: "bench", proposal: { name: "p0 0.05", binomTestP0: Decimal.fromString("0.05") } };

const read = () =>
  texts.map((t, i) => {
    const src = epochFromSnapshot(parseSnapshot(parseJson(t, `epoch ${i}`), `epoch ${i}`), `epoch ${i}`);
    return { ...src, version: { version: VERSION, source: "flag", detail: "bench" } };
  });
const backtest = () => runBacktest(read(), today, p005);

// Median CPU time (user + system) in ms: wall time on a shared machine measures the neighbours too.
function time(fn, runs = 7, warm = 2) {
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

const r = backtest();
if (!r.statusQuo.ok) throw new Error("the synthetic epochs do not reproduce their own recorded payout");
const jsonParse = time(() => texts.forEach((t) => JSON.parse(t)));
const full = time(backtest, 5, 1);
const parsed = read();
const readOnly = time(read, 5, 1);
const lossless = time(() => texts.forEach((t) => parseJson(t)), 5, 1);
const settleOne = time(() => settleAccounts(parsed[0].input, VERSION), 10, 3);
console.log(
  `backtest ${EPOCHS} epochs × ${N} participants (today vs p0 0.05, ${VERSION}): ${(full / 1000).toFixed(2)} s CPU (goal < 2 s); ` +
    `${(full / jsonParse).toFixed(1)}× JSON.parse of its ${(bytes / 1024 / 1024).toFixed(1)} MiB input (${jsonParse.toFixed(0)} ms); ` +
    `${r.totals.changed} participant-epochs change, ${r.totals.zeroedA} / ${r.totals.zeroedB} zeroed`,
);
console.log(
  `  of which: reading the 30 texts into settlement inputs ${(readOnly / 1000).toFixed(2)} s CPU (the lossless parseJson alone ${(lossless / 1000).toFixed(2)} s); one settleAccounts of ${N} participants ${settleOne.toFixed(0)} ms CPU ` +
    `(the backtest runs ${2 * EPOCHS}: today, which is also the status-quo check, and B; A = today is not settled twice)`,
);
