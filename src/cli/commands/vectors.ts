/** `gonka-spec vectors check FILE...` (replay vector files) and `vectors export DIR` (write the project's own suites). */
import { InputError } from "../../errors.js";
import { stringifyJson } from "../../go/json.js";
import { jsonDocument } from "../json-output.js";
import type { FileResult } from "../../vectors/check.js";
import { countFlag, parse } from "../args.js";
import type { CliIO, Command } from "../command.js";
import { groupDigits } from "../../format/numbers.js";

const usage = `Usage:
  gonka-spec vectors check FILE... [--json] [--max-failures N]     (progress on stderr when slow)
  gonka-spec vectors export DIR [--suite NAME]... [--json]

Replays vector files (.json or .json.gz, the format of test/vectors/go/README.md). The suite is the
file name up to its first dot. Prints one line per file, each failing case with expected and actual
output, and as the last line the totals 'N passed, M failed'.
Exit 0 when every case of every file passed; 1 on any failure, unknown suite or malformed file.

export writes the project's own suites (everything the Go vectors do not cover) into DIR (created if
missing) as <suite>.json in the Go files' format, plus DIR/README.md describing the format and every
suite; --suite (repeatable) limits it to the named suites (an unknown name lists them all). The same
version always writes the same bytes.
  --max-failures N  failing cases printed per file (0..1000000, default 5)`;

export const vectorsCommand: Command = {
  name: "vectors",
  summary: "check vector files against the port (vectors check FILE...); export the project's own suites (vectors export DIR)",
  usage,
  async run(args, io) {
    const [sub, ...rest] = args;
    if (sub === "export") return exportCommand(rest, io);
    if (sub !== "check") throw new InputError(`unknown subcommand ${sub === undefined ? "(none)" : `'${sub}'`}; expected 'check' or 'export'`);
    const p = parse(rest, { json: { type: "boolean" }, "max-failures": { type: "string" } }, true);
    if (p.positionals.length === 0) throw new InputError("vectors check needs at least one FILE");
    const maxFailures = countFlag(p, "max-failures", 0, 1_000_000, 5);
    const { checkVectorFile } = await import("../../vectors/check.js"); // every suite's port loads here, not for --help
    // Progress on stderr once the run takes more than 2 s (one line per file from then on).
    const start = Date.now();
    const results: FileResult[] = [];
    let cases = 0;
    for (const [i, f] of p.positionals.entries()) {
      const r = checkVectorFile(f, undefined, maxFailures);
      results.push(r);
      cases += r.passed + r.failed;
      const ms = Date.now() - start;
      if (ms > 2_000 && i + 1 < p.positionals.length) io.err(`vectors check: ${i + 1} of ${p.positionals.length} files, ${groupDigits(cases)} cases (${Math.round(ms / 1000)} s)`);
    }
    const passed = results.reduce((s, r) => s + r.passed, 0);
    const failed = results.reduce((s, r) => s + r.failed, 0);
    const ok = results.every((r) => r.failed === 0 && r.error === undefined);
    if (p.values.json) {
      io.out(jsonDocument("vectors-check", { ok, passed, failed, files: results }));
      return ok ? 0 : 1;
    }
    for (const r of results) {
      if (r.error !== undefined) {
        io.out(`${r.file}: ${r.error}`);
        continue;
      }
      io.out(`${r.file}: ${r.passed} passed, ${r.failed} failed`);
      for (const f of r.failures) {
        io.out(`  FAIL ${f.name}\n    ${f.difference}\n    expected: ${stringifyJson(f.expected)}\n    actual:   ${stringifyJson(f.actual)}`);
      }
      if (r.failed > r.failures.length) io.out(`  ... and ${r.failed - r.failures.length} more failures`);
    }
    io.out(`${passed} passed, ${failed} failed`);
    return ok ? 0 : 1;
  },
};

async function exportCommand(args: string[], io: CliIO): Promise<number> {
  const p = parse(args, { json: { type: "boolean" }, suite: { type: "string", multiple: true } }, true);
  if (p.positionals.length !== 1) throw new InputError(`vectors export needs exactly one DIR, got ${p.positionals.length}`);
  const names = (p.values.suite as string[] | undefined) ?? [];
  const { exportVectors } = await import("../../vectors/export-registry.js");
  const files = exportVectors(p.positionals[0]!, names);
  if (p.values.json) {
    io.out(jsonDocument("vectors-export", { dir: p.positionals[0], files }));
    return 0;
  }
  for (const f of files) io.out(`${f.file}: ${f.cases} cases`);
  io.out(`${files.length} suites, ${files.reduce((s, f) => s + f.cases, 0)} cases written to ${p.positionals[0]} (with README.md)`);
  return 0;
}
