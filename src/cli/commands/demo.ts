/** `gonka-spec demo` (what `npm start` runs): the first things a new user should see, on examples/. */
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "../../errors.js";
import { makeDirectory } from "../../fs/files.js";
import { parse, str } from "../args.js";
import type { CliIO, Command } from "../command.js";
import { compareCommand } from "./compare.js";
import { missTestCommand } from "./miss-test.js";
import { preservedCommand } from "./preserved.js";
import { simulatePocCommand } from "./simulate-poc.js";

/** The package's examples/ folder (dist/cli/commands → ../../../examples, src/cli/commands likewise). */
const EXAMPLES = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "examples");

const usage = `Usage:
  gonka-spec demo [--report FILE]

Runs, on the bundled examples/ (a generated mainnet-like snapshot of 400 participants and 4 models):
  1. today's preserved set beside the demand-based proposal (gonka-spec preserved --rule both)
  2. the epoch-433 incident replayed through the PoC gateway model, today vs the per-host cap
  3. that epoch's settlement: who keeps and who loses the epoch reward (gonka-spec miss-test --epoch)
  4. a governance compare of examples/proposal-a.json and proposal-b.json, writing the HTML report
     to FILE (default out/compare-report.html)
Each section prints the command that reproduces it.`;

function ex(name: string): string {
  const p = join(EXAMPLES, name);
  const r = relative(process.cwd(), p);
  return r.startsWith("..") ? p : r;
}

async function section(io: CliIO, title: string, cmd: Command, args: string[]): Promise<void> {
  io.out(`\n== ${title}\n$ gonka-spec ${cmd.name} ${args.join(" ")}\n`);
  const code = await cmd.run(args, io);
  if (code !== 0) throw new InputError(`'gonka-spec ${cmd.name} ${args.join(" ")}' exited ${code}`);
}

export const demoCommand: Command = {
  name: "demo",
  summary: "the main job on the bundled examples: preserved set, epoch-433 replay, proposal compare (npm start)",
  usage,
  async run(args, io) {
    const p = parse(args, { report: { type: "string" } });
    const report = str(p, "report") ?? join("out", "compare-report.html");
    makeDirectory(dirname(resolve(report)));
    const snapshot = ex("mainnet-like.snapshot.json");
    io.out("gonka-spec: the Gonka chain's proof-of-compute rules, bit-exact with Go, on the bundled examples.");
    await section(io, "1. Who is preserved during a PoC: today's rule and the demand-based proposal", preservedCommand, [
      "--snapshot", snapshot, "--rule", "both", "--demand", ex("demand.json"),
    ]);
    await section(io, "2a. The epoch-433 incident: one tiny preserved host takes a 16-slot session's traffic (today)", simulatePocCommand, [
      "--scenario", ex("scenarios/epoch-433.json"),
    ]);
    await section(io, "2b. The same PoC window with the proposed per-host in-flight cap", simulatePocCommand, [
      "--scenario", ex("scenarios/epoch-433.json"), "--policy", "per-host-cap",
    ]);
    await section(io, "3. Settlement of epoch 433: the miss test decides who keeps the epoch reward", missTestCommand, [
      "--epoch", ex("epoch-433.epoch.json"),
    ]);
    await section(io, "4. A governance proposal compared with today's parameters", compareCommand, [
      "--snapshot", snapshot, "--a", ex("proposal-a.json"), "--b", ex("proposal-b.json"), "--html", report,
    ]);
    io.out("Next: gonka-spec check ADDRESS --snapshot examples/mainnet-like.snapshot.json (see examples/README.md), gonka-spec --help");
    return 0;
  },
};
