#!/usr/bin/env node
// Benchmark of `backtest`: 30 epochs of 1,000 participants each, synthesised deterministically from the
// shape of real epoch 249 by bench/synthetic-epoch.mjs (the generator bench/settle.js uses), each as a
// snapshot file's JSON text with the chain's recorded payout. Timed: from the 30 texts to the whole backtest (today vs p0 0.05: parse,
// status-quo settlement, two more settlements per epoch, totals, winners/losers). Goal: < 2 s.
// Uses the built code: run `npm run build` first. Prints median CPU times and the ratio to JSON.parse; no pass/fail.
import { parseJson } from "../dist/go/json.js";
import { Decimal } from "../dist/go/decimal.js";
import { settlementInputToJson } from "../dist/settlement/settlement-input.js";
import { settleAccounts } from "../dist/settlement/settle-accounts.js";
import { parseSnapshot } from "../dist/snapshot/snapshot.js";
import { epochFromSnapshot } from "../dist/sources/epochs.js";
import { runBacktest } from "../dist/backtest/backtest.js";
import { cpuTime as time, pairedCpuTime, random, syntheticEpoch, syntheticSettlementHeight } from "./synthetic-epoch.mjs";

const EPOCHS = 30;
const N = 1000;
const VERSION = "v0.2.12";
const rnd = random();

/** Epoch e as a snapshot file's JSON text, with the payout the port computes recorded as the chain's. */
function epoch(e) {
  const input = syntheticEpoch(e, N, rnd);
  const height = syntheticSettlementHeight(e);
  const settlement = settlementInputToJson(input, { settlementHeight: height, assumptions: [] });
  const paid = settleAccounts(input, VERSION);
  const outcome = {};
  for (const p of paid.participants) outcome[p.address] = { rewardedCoins: p.rewardCoins.toString(), earnedCoins: p.workCoins.toString() };
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

const r = backtest();
if (!r.statusQuo.ok) throw new Error("the synthetic epochs do not reproduce their own recorded payout");
// the backtest and JSON.parse of its inputs in alternation: the ratio under the same load
const paired = pairedCpuTime(backtest, () => texts.forEach((t) => JSON.parse(t)), 5, 1);
const full = paired.fn;
const jsonParse = paired.base;
const parsed = read();
const readOnly = time(read, 5, 1);
const lossless = time(() => texts.forEach((t) => parseJson(t)), 5, 1);
const settleOne = time(() => settleAccounts(parsed[0].input, VERSION), 10, 3);
console.log(
  `backtest ${EPOCHS} epochs × ${N} participants (today vs p0 0.05, ${VERSION}): ${(full / 1000).toFixed(2)} s CPU (goal < 2 s); ` +
    `${paired.ratio.toFixed(1)}× JSON.parse of its ${(bytes / 1024 / 1024).toFixed(1)} MiB input (${jsonParse.toFixed(0)} ms); ` +
    `${r.totals.changed} participant-epochs change, ${r.totals.zeroedA} / ${r.totals.zeroedB} zeroed`,
);
console.log(
  `  of which: reading the 30 texts into settlement inputs ${(readOnly / 1000).toFixed(2)} s CPU (parseJson alone ${(lossless / 1000).toFixed(2)} s); one settleAccounts of ${N} participants ${settleOne.toFixed(0)} ms CPU ` +
    `(the backtest runs ${2 * EPOCHS}: today, which is also the status-quo check, and B; A = today is not settled twice)`,
);
