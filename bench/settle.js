#!/usr/bin/env node
// Benchmark of `settle`: a generated 1,000-participant epoch (2 models, 1–4 nodes each, v0.2.12 and v0.2.13
// rules), from the JSON text of its settlement slice to every participant's coins and zero causes.
// Uses the built code: run `npm run build` first. Prints times and the ratio to JSON.parse; no pass/fail.
import { parseJson } from "../dist/go/json.js";
import { parseSettlementInput, settlementInputToJson } from "../dist/settlement/settlement-input.js";
import { settleAccounts } from "../dist/settlement/settle-accounts.js";

const N = 1000;
const MODELS = ["Qwen/Qwen3-235B-A22B-Instruct-2507-FP8", "moonshotai/Kimi-K2.6"];
let seed = 0x2545f491;
const rnd = (n) => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed % n;
};
const addr = (i) => `gonka1${i.toString(36).padStart(38, "q")}`;
const participants = [];
const vws = [];
const subgroups = MODELS.map((modelId) => ({ modelId, validationWeights: [] }));
for (let i = 0; i < N; i++) {
  const nodes = Array.from({ length: 1 + rnd(4) }, (_, j) => ({ nodeId: `node${j}`, pocWeight: BigInt(200 + rnd(8000)), throughput: 0n, timeslotAllocation: [true, rnd(3) === 0] }));
  const total = nodes.reduce((a, n) => a + n.pocWeight, 0n);
  const model = rnd(2);
  subgroups[model].validationWeights.push({ memberAddress: addr(i), mlNodes: nodes });
  vws.push({ memberAddress: addr(i), weight: total, confirmationWeight: rnd(10) === 0 ? 0n : (total * BigInt(50 + rnd(51))) / 100n, mlNodes: [] });
  const ic = BigInt(rnd(5000));
  participants.push({ address: addr(i), status: rnd(20) === 0 ? "INACTIVE" : "ACTIVE", coinBalance: BigInt(rnd(5_000_000)), currentEpochStats: { inferenceCount: ic, missedRequests: BigInt(rnd(Number(ic / 8n) + 1)) } });
}
const input = {
  epoch: 300n,
  participants,
  validationWeights: vws,
  subgroups,
  confirmationWeightScales: MODELS.map((modelId, i) => ({ modelId, weightScaleFactor: i === 0 ? { value: 3593n, exponent: -4 } : { value: 12620856201975851n, exponent: -16 } })),
  pocModelScales: MODELS.map((modelId, i) => ({ modelId, weightScaleFactor: i === 0 ? { value: 3593n, exponent: -4 } : { value: 12620856201975851n, exponent: -16 } })),
  collateralGracePeriodEndEpoch: 180n,
  bitcoinRewardParams: { initialEpochReward: 323000000000000n, decayRate: { value: -475n, exponent: -6 }, genesisEpoch: 1n, useBitcoinRewards: true },
  validationParams: { binomTestP0: { value: 1n, exponent: -1 } },
  graceEpoch: null,
  settleParameters: null,
  delegationRewardTransfers: [],
  delegationRewardPenalties: [],
  exclusions: [],
};
const text = JSON.stringify({ settlement: settlementInputToJson(input, { settlementHeight: 4500000n, assumptions: [] }) });
if (process.env.BENCH_DUMP) (await import("node:fs")).writeFileSync(process.env.BENCH_DUMP, text);

/** Median CPU time (user + system, ms) of `fn`: steadier than wall time on a shared, loaded machine. */
function time(fn, runs = 30, warm = 20) {
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
const f = (ms) => `${ms.toFixed(1)} ms CPU`;

const jsonParse = time(() => JSON.parse(text));
for (const version of ["v0.2.12", "v0.2.13"]) {
  const settleOnly = time(() => settleAccounts(parseSettlementInput(parseJson(text, "bench").settlement, "bench").input, version));
  const parsed = parseSettlementInput(parseJson(text, "bench").settlement, "bench");
  const core = time(() => settleAccounts(parsed.input, version));
  console.log(`settle ${N} participants (${version}): text → coins and causes ${f(settleOnly)} (${(settleOnly / jsonParse).toFixed(1)}x JSON.parse of its ${(text.length / 1024).toFixed(0)} KiB input, ${f(jsonParse)}; goal <= 3x); settlement alone ${f(core)}`);
}
