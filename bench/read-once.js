#!/usr/bin/env node
// "Read once" (issue 21 item 2): from file text to a preserved set, a settlement and a miss-test
// verdict, each as median CPU time and as the median ratio to JSON.parse of the same text (the two
// measured in alternation, so both see the same load), on inputs of mainnet size (400 participants)
// and 4× that (1,600). Goals (issue 30): read + validate ≤ 2.5×, text → answer ≤ 3.5× at mainnet size. Also the sampler's own ratio (its run alone on the parsed
// state, as bench/preserved.js prints it). Every text holds integers past 2^53, so the lossless path
// is the one measured:
// - preserved: the mainnet-like example snapshot (scripts/generate-example-snapshot.ts at scale 1
//   and 4) with only its `preserved` slice (what `preserved --snapshot` reads), the large operators'
//   previous-epoch rewardedCoins past 2^53; text → parseJson → preservedStateOfSnapshot →
//   samplePreservedForEpisode;
// - settlement: bench/synthetic-epoch.mjs's epoch (the shape of real epoch 249) as a `settlement`
//   slice with every int64 a bare JSON integer (as a `snapshot --node` file holds values beyond
//   2^53) and every 50th coin balance past 2^53; text → parseJson → parseSettlementInput → settleAccounts;
// - miss test: the example snapshot's epoch input (the `miss-test --epoch FILE` shape), every 50th
//   reward weight past 2^53; text → readEpochInputText (the typed reader `miss-test --epoch` uses) →
//   evaluateEpoch (the verdicts; `--no-exact`), and with the exact binomial test beside them (the
//   command's default); the old path (parseJson → parseEpochInput) beside it in the same run.
// The generated files are written under tmp/read-once/ (gitignored); `node bench/read-once.js --write`
// only writes them. Uses the built code: run `npm run build` first. Prints times; no pass/fail.
import { existsSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseJson, stringifyJson } from "../dist/go/json.js";
import { makeDirectory, writeFileAtomic } from "../dist/fs/files.js";
import { parseSnapshot, serializeSnapshot } from "../dist/snapshot/snapshot.js";
import { preservedStateOfSnapshot } from "../dist/preserved/snapshot-state.js";
import { samplePreservedForEpisode } from "../dist/preserved/sample-preserved-for-episode.js";
import { parseSettlementInput, settlementInputToJson } from "../dist/settlement/settlement-input.js";
import { settleAccounts } from "../dist/settlement/settle-accounts.js";
import { parseEpochInput } from "../dist/misstest/epoch-input.js";
import { evaluateEpoch } from "../dist/misstest/evaluate-epoch.js";
import { readEpochInputText } from "../dist/misstest/epoch-input-text.js";
import { cpuTime, pairedCpuTime, random, syntheticEpoch, syntheticSettlementHeight } from "./synthetic-epoch.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = join(root, "tmp", "read-once");
const VERSION = "v0.2.16"; // the rules mainnet runs today
const BIG = 1n << 54n; // past 2^53: only the lossless reader keeps it exact

/** The example snapshot at `scale` (scale 1 is the committed example), generated once into tmp/. */
function exampleSnapshot(scale) {
  const file = join(dir, `example-x${scale}.snapshot.json`);
  if (!existsSync(file)) {
    const r = spawnSync("npm", ["run", "--silent", "gen:large", "--", file, String(scale)], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    if (r.status !== 0) throw new Error("npm run gen:large failed");
  }
  return parseSnapshot(parseJson(readFileSync(file, "utf8"), file), file);
}

/** The three texts of one size (deterministic), written to tmp/read-once/ for the commands. */
function inputs(scale) {
  const snap = exampleSnapshot(scale);
  const participants = snap.preserved.rootGroup.validationWeights.length;
  // preserved: the slice alone, the heaviest previous-epoch rewards past 2^53
  const summaries = snap.preserved.previousEpochPerformanceSummaries;
  const large = Object.keys(summaries).slice(0, 4 * scale);
  for (const a of large) summaries[a].rewardedCoins = BIG + BigInt(summaries[a].rewardedCoins);
  const preserved = serializeSnapshot({ ...snap, settlement: undefined, demand: undefined });
  // settlement: the synthetic epoch of the same participant count, bare int64s
  const epoch = syntheticEpoch(0, participants, random());
  epoch.participants.forEach((p, i) => {
    if (i % 50 === 0) p.coinBalance = BIG + BigInt(i);
  });
  const slice = settlementInputToJson(epoch, { settlementHeight: syntheticSettlementHeight(0), assumptions: [] });
  const settlement = `${stringifyJson({ settlement: slice }, 1).replace(/"(-?\d+)"/g, "$1")}\n`;
  // miss test: the example's epoch input, every 50th reward weight past 2^53
  const e = snap.settlement;
  Object.keys(e.rewards).forEach((a, i) => {
    if (i % 50 === 0) e.rewards[a] = BIG + BigInt(e.rewards[a]);
  });
  const misstest = `${stringifyJson(e, 1)}\n`;
  makeDirectory(dir);
  const texts = { preserved, settlement, misstest };
  for (const [k, t] of Object.entries(texts)) writeFileAtomic(join(dir, `${k}-x${scale}.json`), t, `the ${k} input`);
  return { participants, settlementParticipants: epoch.participants.length, epochParticipants: e.participants.length, texts, files: Object.fromEntries(Object.keys(texts).map((k) => [k, join(dir, `${k}-x${scale}.json`)])) };
}

const kib = (t) => `${(Buffer.byteLength(t) / 1024).toFixed(0)} KiB`;
const row = (label, t) => console.log(`  ${label.padEnd(52)} ${t.fn.toFixed(1).padStart(6)} ms CPU  ${t.ratio.toFixed(2)}x JSON.parse (${t.base.toFixed(1)} ms)`);
const writeOnly = process.argv.includes("--write");
// the preserved rows only (the parent runs this again under the CLI launcher's V8 flag)
const preservedOnly = process.argv.includes("--preserved-only");
const LAUNCHER_FLAG = "--max-semi-space-size=64";

for (const scale of [1, 4]) {
  const inp = inputs(scale);
  if (writeOnly) {
    console.log(`wrote ${Object.values(inp.files).join(", ")}`);
    continue;
  }
  const { preserved, settlement, misstest } = inp.texts;
  const runs = scale === 1 ? 41 : 25;
  console.log(`${inp.participants} participants (${scale}x mainnet size)${process.execArgv.includes(LAUNCHER_FLAG) ? `, node ${LAUNCHER_FLAG} (as bin/gonka-spec.js starts)` : ""}`);

  const pf = inp.files.preserved;
  const toState = (t) => preservedStateOfSnapshot(parseSnapshot(parseJson(t, pf), pf), pf);
  const state = toState(preserved);
  const anchor = state.anchorHeight;
  console.log(` preserved: ${kib(preserved)}`);
  const pWith = pairedCpuTime(() => samplePreservedForEpisode(toState(preserved), anchor), () => JSON.parse(preserved), runs);
  row("text → preserved set, with explanations", pWith);
  const pWithout = pairedCpuTime(() => samplePreservedForEpisode(toState(preserved), anchor, { explain: false }), () => JSON.parse(preserved), runs);
  row("text → preserved set, without explanations", pWithout);
  row("  of which text → state (read + validate)", pairedCpuTime(() => toState(preserved), () => JSON.parse(preserved), runs));
  row("  the sampler alone, with explanations", pairedCpuTime(() => samplePreservedForEpisode(state, anchor), () => JSON.parse(preserved), runs));
  row("  the sampler alone, without explanations", pairedCpuTime(() => samplePreservedForEpisode(state, anchor, { explain: false }), () => JSON.parse(preserved), runs));
  if (preservedOnly) continue;

  const sf = inp.files.settlement;
  const toInput = () => parseSettlementInput(parseJson(settlement, sf).settlement, `${sf}: settlement`).input;
  const input = toInput();
  console.log(` settlement (${VERSION}): ${kib(settlement)}, ${inp.settlementParticipants} participants`);
  const sAll = pairedCpuTime(() => settleAccounts(toInput(), VERSION), () => JSON.parse(settlement), runs);
  row("text → settlement (coins and zero causes)", sAll);
  row("  of which text → input (read + validate)", pairedCpuTime(toInput, () => JSON.parse(settlement), runs));
  console.log(`  ${"  settleAccounts alone".padEnd(52)} ${cpuTime(() => settleAccounts(input, VERSION), runs, 10).toFixed(1).padStart(6)} ms CPU`);

  const mf = inp.files.misstest;
  // the command's reader (typed, from the text) and the old path (parseJson + parseEpochInput), paired in one run
  const toEpoch = () => readEpochInputText(misstest, mf);
  const toEpochOld = () => parseEpochInput(parseJson(misstest, mf), mf);
  console.log(` miss test: ${kib(misstest)}, ${inp.epochParticipants} participants`);
  const mVerdicts = pairedCpuTime(() => evaluateEpoch(toEpoch(), { exact: false }), () => JSON.parse(misstest), runs);
  row("text → miss-test verdicts (--no-exact)", mVerdicts);
  row("  of which text → input (read + validate)", pairedCpuTime(toEpoch, () => JSON.parse(misstest), runs));
  row("  old path: parseJson + parseEpochInput → verdicts", pairedCpuTime(() => evaluateEpoch(toEpochOld(), { exact: false }), () => JSON.parse(misstest), runs));
  row("  old path: text → input", pairedCpuTime(toEpochOld, () => JSON.parse(misstest), runs));
  // The exact binomial test is not the chain's verdict: it sits beside it (rational arithmetic per participant).
  row("text → verdicts and the exact test beside them", pairedCpuTime(() => evaluateEpoch(toEpoch(), { exact: true }), () => JSON.parse(misstest), 7, 2));
  const r = (t) => `${t.ratio.toFixed(1)}x`;
  console.log(` ${inp.participants} participants, text → answer (goal <= 3.5x; read + validate <= 2.5x): preserved set ${r(pWith)} (${r(pWithout)} without explanations), settlement ${r(sAll)}, miss-test verdicts ${r(mVerdicts)}`);
}

// The same preserved rows under the launcher's flag, in a child process (a V8 heap flag is read at start).
if (!writeOnly && !preservedOnly && !process.execArgv.includes(LAUNCHER_FLAG)) {
  console.log(`\nthe preserved rows again under the CLI launcher's ${LAUNCHER_FLAG}:`);
  spawnSync(process.execPath, [LAUNCHER_FLAG, fileURLToPath(import.meta.url), "--preserved-only"], { stdio: "inherit" });
}
