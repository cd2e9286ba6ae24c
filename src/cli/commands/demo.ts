/** `gonka-spec demo` (what `npm start` runs): the first things a new user should see, on examples/. */
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "../../errors.js";
import { makeDirectory } from "../../fs/files.js";
import { parse, str } from "../args.js";
import { parseJson, stringifyJson, type Json } from "../../go/json.js";
import { schemaId } from "../json-output.js";
import type { CliIO, Command } from "../command.js";
import { compareCommand } from "./compare.js";
import { missTestCommand } from "./miss-test.js";
import { CHAIN_VERSION_OPTION } from "../chain-version-flag.js";
import { preservedCommand } from "./preserved.js";
import { simulatePocCommand } from "./simulate-poc.js";

/** The package's examples/ folder (dist/cli/commands → ../../../examples, src/cli/commands likewise). */
const EXAMPLES = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "examples");

const usage = `Usage:
  gonka-spec demo [--report FILE] [--verbose] [--chain-version V] [--json]

Runs, on the bundled examples/ (a generated mainnet-like snapshot of 400 participants and 4 models):
  1. today's preserved set beside the demand-based proposal (gonka-spec preserved --rule both)
  2. the epoch-433 incident replayed through the PoC gateway model, today (and, with --verbose, with
     the per-host cap)
  3. that epoch's settlement for the incident's host (gonka-spec miss-test --epoch --address; the
     whole epoch with --verbose)
  4. a governance compare of examples/proposal-a.json (today) and proposal-b.json, writing the HTML
     report to FILE (default out/compare-report.html)
One story: sections 1 and 4 read the same snapshot (epoch 142) with its own demand slice and
settlement slice; sections 2 and 3 and compare's replay are the epoch-433 incident (a modelled
scenario and its epoch file); every part uses p0 0.10, today's mainnet value. Each section names its
input and prints the command that reproduces it. --verbose prints every list in full (~250 lines).
--chain-version V runs sections 1 and 4 under chain version V instead of the version the example
snapshot records (v0.2.14); each section names the version it ran.
--json prints one document (schema gonka-spec/demo@1): the report's path and, per section, its title,
the command and that command's own --json document.`;

function ex(name: string): string {
  const p = join(EXAMPLES, name);
  const r = relative(process.cwd(), p);
  return r.startsWith("..") ? p : r;
}

/** One demo section: with `json`, the command runs with --json and its document is kept for the demo's own. */
interface Sections {
  io: CliIO;
  json: boolean;
  docs: { title: string; command: string; output: Json }[];
}

async function section(ctx: Sections, title: string, cmd: Command, args: string[]): Promise<void> {
  const command = `gonka-spec ${cmd.name} ${args.join(" ")}`;
  if (!ctx.json) {
    ctx.io.out(`\n== ${title}\n$ ${command}\n`);
    const code = await cmd.run(args, ctx.io);
    if (code !== 0) throw new InputError(`'${command}' exited ${code}`);
    return;
  }
  const out: string[] = [];
  const code = await cmd.run([...args, "--json"], { out: (t) => out.push(t), err: (t) => ctx.io.err(t) });
  if (code !== 0) throw new InputError(`'${command} --json' exited ${code}`);
  ctx.docs.push({ title, command: `${command} --json`, output: parseJson(out.join("\n"), command) });
}

export const demoCommand: Command = {
  name: "demo",
  summary: "the main job on the bundled examples: preserved set, epoch-433 replay, proposal compare (npm start)",
  usage,
  async run(args, io) {
    const p = parse(args, { report: { type: "string" }, verbose: { type: "boolean" }, json: { type: "boolean" }, ...CHAIN_VERSION_OPTION });
    const ctx: Sections = { io, json: p.values.json === true, docs: [] };
    // With --json the sections' own JSON documents, in order, inside one demo document; no text.
    if (ctx.json) io = { out: () => undefined, err: io.err };
    const cv = str(p, "chain-version");
    const version = cv === undefined ? [] : ["--chain-version", cv];
    const verbose = p.values.verbose === true;
    const report = str(p, "report") ?? join("out", "compare-report.html");
    makeDirectory(dirname(resolve(report)));
    const snapshot = ex("mainnet-like.snapshot.json");
    io.out("gonka-spec: the Gonka chain's proof-of-compute rules, bit-exact with Go, on the bundled examples.");
    io.out("Inputs: a generated mainnet-like snapshot (epoch 142: 400 participants, 4 models, its own demand and settlement slices) and the epoch-433 incident (a modelled PoC window and its epoch file); p0 0.10 throughout, as on mainnet.");
    await section(ctx, "1. Who is preserved during a PoC: today's rule and the demand-based rule, both at today's slot allocation 0.1 (input: the snapshot and its demand slice, as in 4)", preservedCommand, [
      "--snapshot", snapshot, "--rule", "both", ...(verbose ? [] : ["--list", "0"]), ...version,
    ]);
    await section(ctx, "2. The epoch-433 incident: one tiny preserved host takes a 16-slot session's traffic (input: the modelled scenario, today's gateway)", simulatePocCommand, [
      "--scenario", ex("scenarios/epoch-433.json"),
    ]);
    if (verbose) {
      await section(ctx, "2b. The same PoC window with the proposed per-host in-flight cap", simulatePocCommand, [
        "--scenario", ex("scenarios/epoch-433.json"), "--policy", "per-host-cap",
      ]);
    }
    await section(ctx, "3. Settlement of epoch 433: the miss test zeroes the incident host's epoch reward (input: examples/epoch-433.epoch.json: the same host, gonka1v8n6…uv8x)", missTestCommand, [
      "--epoch", ex("epoch-433.epoch.json"), ...(verbose ? [] : ["--address", "gonka1v8n6p0tgz4mw7j2q5h3c9s0lx6dk8r2fc2uv8x"]),
    ]);
    await section(ctx, "4. A governance proposal compared with today's parameters (input: the snapshot of 1 with its demand and settlement slices; the replay is the incident of 2)", compareCommand, [
      "--snapshot", snapshot, "--a", ex("proposal-a.json"), "--b", ex("proposal-b.json"), "--html", report, ...(verbose ? [] : ["--brief", "--rows", "5"]), ...version,
    ]);
    if (ctx.json) {
      ctx.io.out(stringifyJson({ schema: schemaId("demo"), report, sections: ctx.docs }, 2));
      return 0;
    }
    io.out(`\nNext: gonka-spec check ADDRESS --snapshot examples/mainnet-like.snapshot.json (see examples/README.md); gonka-spec demo --verbose for every list; gonka-spec --help`);
    return 0;
  },
};
