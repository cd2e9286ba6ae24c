#!/usr/bin/env node
// Benchmarks of the preserved-set sampler and the operator check on examples/mainnet-like.snapshot.json
// (400 participants, 4 models). Uses the built code: run `npm run build` first. Prints times; no pass/fail.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseJson } from "../dist/go/json.js";
import { parseSnapshot } from "../dist/snapshot/snapshot.js";
import { parsePreservedState } from "../dist/preserved/state.js";
import { prepareEpisode, sampleAtAnchor, samplePreservedForEpisode } from "../dist/preserved/sample-preserved-for-episode.js";
import { runPreservedRules } from "../dist/preserved/compare-rules.js";
import { parseDemand } from "../dist/preserved/demand.js";
import { preservationProbability } from "../dist/preserved/check-probability.js";
import { checkAddressAtAnchor } from "../dist/preserved/check-address.js";
import { pairedCpuTime } from "./synthetic-epoch.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const file = join(here, "..", "examples", "mainnet-like.snapshot.json");
const text = readFileSync(file, "utf8");

/** Median wall time of `fn` in ms over `runs` runs after `warm` warm-up runs (steady state, JIT warmed). */
function time(fn, runs = 40, warm = 60) {
  for (let i = 0; i < warm; i++) fn();
  const ts = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    ts.push(performance.now() - t0);
  }
  ts.sort((a, b) => a - b);
  return ts[Math.floor(ts.length / 2)];
}

const f = (ms) => `${ms.toFixed(1)} ms`;
const ratio = (ms, base) => `${(ms / base).toFixed(1)}x JSON.parse of the same file`;

const jsonParse = time(() => JSON.parse(text), 25);
// The file also holds slices the sampler never reads (settlement, demand): a stricter baseline.
const preservedText = JSON.stringify(JSON.parse(text).preserved);
const jsonParsePreserved = time(() => JSON.parse(preservedText), 25);
const snap = parseSnapshot(parseJson(text, file), file);
const state = parsePreservedState(snap.preserved, "preserved");
const anchor = state.anchorHeight;
const demand = parseDemand(snap.demand, "demand");

const sampler = time(() => samplePreservedForEpisode(state, anchor));
const samplerNoExplain = time(() => samplePreservedForEpisode(state, anchor, { explain: false }));
const endToEnd = time(() => samplePreservedForEpisode(parsePreservedState(parseSnapshot(parseJson(text, file), file).preserved, "preserved"), anchor));
const parseOnly = time(() => parsePreservedState(parseSnapshot(parseJson(text, file), file).preserved, "preserved"));
const prepared = prepareEpisode(state);
const prepare = time(() => prepareEpisode(state));
const oneAnchor = time(() => sampleAtAnchor(prepared, anchor, { traceDecisions: false }), 50);
// A copy per run: runPreservedRules prepares through prepareEpisodeShared, which would reuse the
// preparation of the same state object (as one command does) and time only the anchor.
const both = time(() => runPreservedRules({ ...state, liveSubGroups: { ...state.liveSubGroups } }, { rule: "both", demand }));

console.log(`file: ${(text.length / 1024).toFixed(0)} KiB; JSON.parse ${f(jsonParse)}; JSON.parse of its preserved slice alone ${f(jsonParsePreserved)}`);
// The sampler's ratios as CPU time measured in alternation with JSON.parse (a loaded machine stretches
// sequential wall times unevenly); the wall times beside them are for a quiet machine.
const cpuSampler = pairedCpuTime(() => samplePreservedForEpisode(state, anchor), () => JSON.parse(text));
const cpuNoExplain = pairedCpuTime(() => samplePreservedForEpisode(state, anchor, { explain: false }), () => JSON.parse(text));
console.log(`sampler (samplePreservedForEpisode, with explanations): ${f(sampler)}/run (${cpuSampler.ratio.toFixed(1)}x JSON.parse of the same file in CPU time; goal <= 3x; ${(sampler / jsonParsePreserved).toFixed(1)}x the preserved slice)`);
console.log(`sampler without explanations: ${f(samplerNoExplain)}/run (${cpuNoExplain.ratio.toFixed(1)}x JSON.parse of the same file in CPU time; ${(samplerNoExplain / jsonParsePreserved).toFixed(1)}x the preserved slice)`);
console.log(`  of which prepareEpisode ${f(prepare)}, sampleAtAnchor ${f(oneAnchor)}`);
console.log(`file to preserved set (lossless parse + validation + sampler): ${f(endToEnd)}/run (${ratio(endToEnd, jsonParse)}); parse + validation alone ${f(parseOnly)}`);
console.log(`preserved --rule both (sampler + demand refill): ${f(both)}/run (${ratio(both, jsonParse)})`);

// check over 10,000 anchors: a single-model participant and a participant in two models.
const inModels = new Map();
for (const [m, g] of state.liveSubGroups.byModel) for (const vw of g.validationWeights) if (vw.mlNodes.length > 0) inModels.set(vw.memberAddress, (inModels.get(vw.memberAddress) ?? 0) + 1);
const single = [...inModels].find(([, c]) => c === 1)[0];
const multi = [...inModels].find(([, c]) => c >= 2)[0];
// Each on a fresh parse of the state (the check prepares the episode once per state), CPU time
// beside wall time (a loaded machine stretches wall time), ratios to JSON.parse of the file.
const jsonParseCpu = (() => {
  const c0 = process.cpuUsage();
  for (let i = 0; i < 10; i++) JSON.parse(text);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 10000;
})();
for (const [label, address] of [["one model", single], ["two models", multi]]) {
  const fresh = parsePreservedState(parseSnapshot(parseJson(text, file), file).preserved, "preserved");
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const at = checkAddressAtAnchor(fresh, address, anchor);
  const p = preservationProbability(fresh, address, { first: anchor, count: 10_000 });
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1000;
  console.log(`check over 10,000 anchors (${label}, ${p.probability} preserved): ${f(ms)} wall, ${f(cpu)} CPU (${(cpu / jsonParseCpu).toFixed(1)}x JSON.parse CPU of the file; goal < 2000 ms)${at.address === address ? "" : " ?"}`);
}
