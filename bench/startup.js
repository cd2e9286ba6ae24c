#!/usr/bin/env node
// Start-up time a user feels: `gonka-spec --help`, a command's --help and offline commands, each as
// a ratio to a bare `node -e 0` on the same machine at the same moment (runs interleaved, medians).
// Goal: every offline command within 2× a bare node start (CosmJS loads only for commands that read a
// node). Uses the built code: `npm run build` first. Prints one JSON object.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "gonka-spec.js");
const RUNS = Number(process.env.STARTUP_RUNS ?? 9);

const cases = {
  "node -e 0": ["-e", "0"],
  "--help": [bin, "--help"],
  "--version": [bin, "--version"],
  "help preserved": [bin, "help", "preserved"],
  "miss-test single count": [bin, "miss-test", "--missed", "749", "--total", "1497", "--p0", "0.10"],
  "tally --scenario": [bin, "tally", "--scenario", "context-length", "--slots", "16"],
  "vectors check --help": [bin, "vectors", "--help"],
  "snapshot --help (reads a node)": [bin, "snapshot", "--help"],
  // a proposal in the CLI's JSON (no CosmJS), and a node's protobuf answer (loads the proto-signing Registry)
  "proposal amino JSON": [bin, "proposal", join(root, "examples", "gov", "slot-allocation-0.25.amino.json")],
  "proposal node answer (CosmJS Registry)": [bin, "proposal", join(root, "test", "realdata", "rpc", "abci_4401104_proposal.json")],
  // the library entry: no CosmJS until a client sends its first request
  'import { missedStatTest } from "gonka-spec"': ["--input-type=module", "-e", `import { missedStatTest, Decimal } from ${JSON.stringify(join(root, "dist", "index.js"))}; missedStatTest(1n, 10n, Decimal.fromString("0.10"));`],
};

function once(args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 && r.status !== 2) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let i = 0; i < RUNS; i++) for (const [k, a] of Object.entries(cases)) times[k].push(once(a));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(times["node -e 0"]);
const result = {
  bench: "startup",
  runs: RUNS,
  baselineMs: Math.round(base),
  goal: "ratio <= 2 for every offline command",
  commands: Object.fromEntries(
    Object.entries(times)
      .filter(([k]) => k !== "node -e 0")
      .map(([k, xs]) => [k, { medianMs: Math.round(median(xs)), ratioToBareNode: Math.round((median(xs) / base) * 100) / 100 }]),
  ),
};
console.log(JSON.stringify(result, null, 2));
