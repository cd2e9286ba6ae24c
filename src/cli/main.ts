/** gonka-spec command-line entry point: dispatch, help, and the one-line error convention. */
import { InputError } from "../errors.js";
import { GoError, GoPanic } from "../go/errors.js";
import { processIO, type CliIO } from "./command.js";
import { COMMANDS } from "./commands/index.js";
import { errorDocumentFor, wantsJson } from "./json-output.js";

function help(): string {
  const w = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    "gonka-spec: executable specification of the Gonka chain's proof-of-compute rules (bit-exact with Go).",
    "",
    "Usage: gonka-spec <command> [options]    (gonka-spec <command> --help for details)",
    "",
    "Commands:",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(w)}  ${c.summary}`),
    "",
    "Exit codes: 0 success, 1 a failed check, 2 bad input (one line on stderr).",
  ].join("\n");
}

/** Run the CLI; resolves to the exit code. Never throws for bad input. */
export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.out(help());
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-v") {
    io.out("gonka-spec 0.1.0");
    return 0;
  }
  const cmd = COMMANDS.find((c) => c.name === name);
  if (!cmd) {
    io.err(`gonka-spec: unknown command '${name}' (try gonka-spec --help)`);
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.out(cmd.usage);
    return 0;
  }
  try {
    return await cmd.run(rest, io);
  } catch (e) {
    if (wantsJson(rest)) io.out(errorDocumentFor(name, e));
    if (e instanceof InputError || e instanceof GoError) {
      io.err(`gonka-spec ${name}: ${e.message}`);
      return 2;
    }
    if (e instanceof GoPanic) {
      io.err(`gonka-spec ${name}: the Go code would panic here: ${e.message}`);
      return 2;
    }
    io.err(`gonka-spec ${name}: internal error: ${e instanceof Error ? e.message : String(e)}`);
    return 3;
  }
}
