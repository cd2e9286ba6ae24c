#!/usr/bin/env node
// Saved REST answers → preserved set (issue 21: the REST reader builds the typed state in one pass,
// without the detour through the snapshot's JSON). The example snapshot's sampler inputs (scale 1 and
// 4 of scripts/generate-example-snapshot.ts, as bench/read-once.js makes them) written as REST answers
// in the shapes of test/realdata/rest (a root and a subgroup answer per model for epochs N and N−1,
// N−1's performance summaries, the params), then read as `preserved --rest-dump` reads them:
// readRestDumps → preservedFromRestDump (the typed state) → samplePreservedForEpisode, each as median
// CPU time and as the ratio to JSON.parse of the same answers' texts (measured in alternation). The
// answers are written under tmp/rest-preserved/ (gitignored). Uses the built code: run `npm run build`
// first. Prints times; no pass/fail.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseJson } from "../dist/go/json.js";
import { makeDirectory, writeFileAtomic } from "../dist/fs/files.js";
import { parseSnapshot } from "../dist/snapshot/snapshot.js";
import { readRestDumps } from "../dist/sources/rest-dump/read-rest-dump.js";
import { preservedFromRestDump } from "../dist/sources/rest-dump/preserved-from-rest.js";
import { samplePreservedForEpisode } from "../dist/preserved/sample-preserved-for-episode.js";
import { pairedCpuTime } from "./synthetic-epoch.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = join(root, "tmp", "rest-preserved");
const EPOCH_LENGTH = 15391n;
const S = String;

/** The example snapshot at `scale` (tmp/read-once/, shared with bench/read-once.js). */
function exampleSnapshot(scale) {
  const file = join(root, "tmp", "read-once", `example-x${scale}.snapshot.json`);
  if (!existsSync(file)) {
    const r = spawnSync("npm", ["run", "--silent", "gen:large", "--", file, String(scale)], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    if (r.status !== 0) throw new Error("npm run gen:large failed");
  }
  return parseSnapshot(parseJson(readFileSync(file, "utf8"), file), file);
}

/** The example's sampler inputs as REST answers in tmp/rest-preserved/x{scale}/ (written once); the directory. */
function restAnswers(scale) {
  const out = join(dir, `x${scale}`);
  if (existsSync(join(out, "params.json"))) return out;
  const p = exampleSnapshot(scale).preserved;
  const N = BigInt(p.epoch.index);
  const start = BigInt(p.anchorHeight) - EPOCH_LENGTH; // the anchor is N's PoC start + epoch_length
  const node = (n) => ({ node_id: n.nodeId, poc_weight: S(n.pocWeight), throughput: S(n.throughput), timeslot_allocation: n.timeslotAllocation });
  const group = (epoch, model, models, ws) => ({
    epoch_group_data: {
      epoch_index: S(epoch),
      model_id: model,
      poc_start_block_height: S(start),
      sub_group_models: models,
      validation_weights: ws.map((w) => ({ member_address: w.memberAddress, weight: S(w.weight), voting_power: S(w.votingPower ?? 0), confirmation_weight: "0", reputation: 0, ml_nodes: (w.mlNodes ?? []).map(node) })),
    },
  });
  const files = {
    [`epoch_group_data_${N}.json`]: group(N, "", p.rootGroup.subGroupModels, p.rootGroup.validationWeights),
    [`epoch_group_data_${N - 1n}.json`]: group(N - 1n, "", Object.keys(p.previousEpochGroupData), []),
    [`epoch_performance_summary_${N - 1n}.json`]: {
      epoch_performance_summary: Object.entries(p.previousEpochPerformanceSummaries).map(([a, s]) => ({ participant_id: a, epoch_index: S(N - 1n), rewarded_coins: S(s.rewardedCoins), earned_coins: "0", inference_count: "0", missed_requests: "0" })),
    },
    "params.json": {
      params: {
        epoch_params: { epoch_length: S(EPOCH_LENGTH), poc_slot_allocation: p.params.epochParams.pocSlotAllocation },
        genesis_guardian_params: { guardian_addresses: p.genesisGuardianAddresses },
        validation_params: { binom_test_p0: { value: "1", exponent: -1 } },
      },
    },
  };
  let i = 0;
  for (const [m, g] of Object.entries(p.liveSubGroups.byModel)) files[`epoch_group_data_${N}__m${i++}.json`] = group(N, m, [], g.validationWeights);
  for (const [m, g] of Object.entries(p.previousEpochGroupData)) files[`epoch_group_data_${N - 1n}__m${i++}.json`] = group(N - 1n, m, [], g.validationWeights);
  makeDirectory(out);
  for (const [f, v] of Object.entries(files)) writeFileAtomic(join(out, f), JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? String(x) : x)), "a REST answer");
  return out;
}

const row = (label, t) => console.log(`  ${label.padEnd(52)} ${t.fn.toFixed(1).padStart(6)} ms CPU  ${t.ratio.toFixed(2)}x JSON.parse (${t.base.toFixed(1)} ms)`);
const options = { missingSummaries: "rewarded" };

for (const scale of [1, 4]) {
  const d = restAnswers(scale);
  const texts = readdirSync(d).map((f) => readFileSync(join(d, f), "utf8"));
  const parseAll = () => texts.map((t) => JSON.parse(t));
  const runs = scale === 1 ? 31 : 15;
  const dump = readRestDumps([d]);
  const { state } = preservedFromRestDump(dump, options);
  const kib = (texts.reduce((n, t) => n + Buffer.byteLength(t), 0) / 1024).toFixed(0);
  console.log(`${state.rootGroup.validationWeights.length} participants (${scale}x mainnet size): ${texts.length} REST answers, ${kib} KiB`);
  const all = pairedCpuTime(() => samplePreservedForEpisode(preservedFromRestDump(readRestDumps([d]), options).state, state.anchorHeight, { explain: false }), parseAll, runs);
  row("answers → preserved set, without explanations", all);
  row("  of which reading the dump (files, JSON, kinds)", pairedCpuTime(() => readRestDumps([d]), parseAll, runs));
  row("  of which the typed state from the read dump", pairedCpuTime(() => preservedFromRestDump(dump, options), parseAll, runs));
  row("  the sampler alone, without explanations", pairedCpuTime(() => samplePreservedForEpisode(state, state.anchorHeight, { explain: false }), parseAll, runs));
}
