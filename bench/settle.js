#!/usr/bin/env node
// Benchmark of `settle`: a 1,000-participant epoch (bench/synthetic-epoch.mjs, the shape of real epoch
// 249), v0.2.12 and v0.2.13 rules, from the JSON text of its settlement slice to every participant's
// coins and zero causes. Two spellings of the same slice: int64s as decimal strings (how import-rest
// and settlementInputToJson write them) and as bare JSON integers (how a snapshot written by
// `snapshot --node` holds values beyond 2^53: the lossless reader then reads the whole text).
// Uses the built code: run `npm run build` first. Prints median CPU times and the median ratio to
// JSON.parse, the two measured in alternation (goal <= 3x); no pass/fail.
import { parseJson } from "../dist/go/json.js";
import { parseSettlementInput, settlementInputToJson } from "../dist/settlement/settlement-input.js";
import { settleAccounts } from "../dist/settlement/settle-accounts.js";
import { cpuTime, pairedCpuTime, random, syntheticEpoch, syntheticSettlementHeight } from "./synthetic-epoch.mjs";

const N = 1000;
const f = (ms) => `${ms.toFixed(1)} ms CPU`;
for (const version of ["v0.2.12", "v0.2.13"]) {
  const input = syntheticEpoch(0, N, random(), { confirmationScales: version === "v0.2.13" });
  const quoted = JSON.stringify({ settlement: settlementInputToJson(input, { settlementHeight: syntheticSettlementHeight(0), assumptions: [] }) });
  const bare = quoted.replace(/"(-?\d+)"/g, "$1");
  if (process.env.BENCH_DUMP) (await import("node:fs")).writeFileSync(`${process.env.BENCH_DUMP}.${version}.json`, quoted);
  const parsed = parseSettlementInput(parseJson(quoted, "bench").settlement, "bench");
  const core = cpuTime(() => settleAccounts(parsed.input, version), 30, 20);
  for (const [name, text] of [
    ["int64s as strings", quoted],
    ["int64s bare", bare],
  ]) {
    const t = pairedCpuTime(() => settleAccounts(parseSettlementInput(parseJson(text, "bench").settlement, "bench").input, version), () => JSON.parse(text));
    console.log(
      `settle ${N} participants (${version}, ${name}): text → coins and causes ${f(t.fn)} = ${t.ratio.toFixed(1)}x JSON.parse of its ${(text.length / 1024).toFixed(0)} KiB input (${f(t.base)}; goal <= 3x); settlement alone ${f(core)}`,
    );
  }
}
