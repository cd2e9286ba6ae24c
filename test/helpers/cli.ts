// Run the CLI in-process with captured output: what every command-level test needs.
import { main } from "../../src/cli/main.js";

export interface CliRun {
  code: number;
  /** Everything written to stdout, one write per line. */
  out: string;
  err: string;
}

/** `gonka-spec ARGV…` in this process; resolves to the exit code and the captured stdout/stderr. */
export async function runCli(argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}
