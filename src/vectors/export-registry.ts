/**
 * The project's own vector suites (`spec_*`) for implementations in other languages, and how they
 * are written: one `<suite>.json` per suite in exactly the layout of the Go vector files
 * (../shared/vectors/README.md), plus a README describing the format and every suite.
 * Deterministic: the same version of gonka-spec always writes the same bytes.
 */
import { existsSync, statSync } from "node:fs";
import { makeDirectory, writeFileAtomic } from "../fs/files.js";
import { join } from "node:path";
import { exportSuites as gateway } from "../gateway/export-suites.js";
import { stringifyJson, type Json } from "../go/json.js";
import { exportSuites as misstest } from "../misstest/export-suites.js";
import { exportSuites as preserved } from "../preserved/export-suites.js";
import { exportSuites as settlement } from "../settlement/export-suites.js";
import { exportSuites as votes } from "../votes/export-suites.js";
import { InputError, describeValue } from "../errors.js";
import type { ExportSuite } from "./export-types.js";
import type { VectorCase } from "./types.js";

/** Every export suite, in the order the README lists them. */
export const EXPORT_SUITES: readonly ExportSuite[] = [...misstest, ...preserved, ...settlement, ...votes, ...gateway];

/** The suites named in `names` (all when empty), in registry order; an unknown name is an InputError. */
export function selectExportSuites(names: readonly string[], path = "--suite"): ExportSuite[] {
  for (const n of names) {
    if (!EXPORT_SUITES.some((s) => s.name === n)) {
      throw new InputError(`unknown export suite ${describeValue(n)} (suites: ${EXPORT_SUITES.map((s) => s.name).join(", ")})`, path);
    }
  }
  return EXPORT_SUITES.filter((s) => names.length === 0 || names.includes(s.name));
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Whether a JSON value holds an integer beyond ±(2^53 − 1) (such cases are named "… [bigint]"). */
function hasBigInteger(v: unknown): boolean {
  if (typeof v === "bigint") return v > SAFE || v < -SAFE;
  if (Array.isArray(v)) return v.some(hasBigInteger);
  if (v !== null && typeof v === "object") return Object.values(v).some(hasBigInteger);
  return false;
}

/** Cases as written: names of cases with big integers end in " [bigint]", as in the Go files. */
export function exportedCases(suite: ExportSuite): VectorCase[] {
  return suite.cases().map((c) => ({
    name: hasBigInteger(c.input) || hasBigInteger(c.output) ? `${c.name} [bigint]` : c.name,
    input: c.input,
    output: c.output,
  }));
}

/**
 * The file text: the Go files' layout (top-level fields on their own lines, one compact case per
 * line), keys in a fixed order, integers as bare JSON integers (bigints included), final newline.
 */
export function renderSuiteFile(suite: ExportSuite, cases: readonly VectorCase[] = exportedCases(suite)): string {
  const head = (["function", "source", "notes"] as const).map((k) => `  ${JSON.stringify(k)}: ${JSON.stringify(suite[k])},`);
  const lines = cases.map((c, i) => `    ${stringifyJson({ name: c.name, input: c.input, output: c.output } satisfies { [k: string]: Json })}${i + 1 < cases.length ? "," : ""}`);
  return ["{", ...head, '  "cases": [', ...lines, "  ]", "}", ""].join("\n");
}

function cell(s: string): string {
  return s.replace(/\|/g, "\\|");
}

/** DIR/README.md: the format, how to consume the files, and one table row per exported suite. */
export function renderExportReadme(suites: readonly { suite: ExportSuite; cases: number }[]): string {
  const rows = suites.map(
    ({ suite, cases }) =>
      `| \`${suite.name}\` | ${cell(suite.function)} | ${cell(suite.source)} | ${cases} | ${cell(suite.inputFields.join(", "))} | ${cell(suite.outputFields.join(", "))} |`,
  );
  return `# gonka-spec vectors: the project's own suites

Written by \`gonka-spec vectors export DIR\`. These suites specify what the Go vectors of the Gonka
chain (\`test/vectors/go/\`, format in its README) do not cover: the exact binomial test beside the
on-chain miss test, the demand-based preserved rule, settlement's payout at each chain version
(confirmed by compiled Go from v0.2.10 to v0.2.14), the context-length fault rule (#2078) and the
PoC routing simulator's scenarios. Every output was computed by gonka-spec's TypeScript port from the
input beside it; \`gonka-spec vectors check DIR/*.json\` replays them. Two exports by the same version
are byte-identical.

## Format
Each \`<suite>.json\` has the layout of the Go vector files:

    { "function": "<rule>", "source": "<where it is specified>", "notes": "<exact semantics, conventions>",
      "cases": [ { "name": "...", "input": { ... }, "output": { ... } } ] }

- The **suite name** is the file name up to its first dot. Every suite name starts with \`spec_\`, so
  it never clashes with a Go suite.
- **Inputs are fully explicit**: every parameter of the rule is in the case input; a harness needs no
  default of its own. Read each file's \`notes\` for the exact semantics.
- **Integers are JSON numbers.** Some exceed 2^53 − 1 (their case names end in \` [bigint]\`): parse
  with a lossless reader (Go: \`json.Decoder.UseNumber\`; Rust: serde_json with \`arbitrary_precision\`;
  JavaScript: a bigint-aware parser) and never round them through a float. Fractions and decimals
  are strings (\`"num/den"\`, \`"0.15"\`).
- An \`output\` of \`{ "error": "<message>" }\` means the rule rejects that input: an implementation
  must fail on it too, with its own error; the message text is not part of the spec.
- Objects keyed by ids (model ids, addresses) have sorted keys; where order matters the value is an array.

## Consuming the files (Go, Rust, any language)
For each file: take the suite from the file stem, iterate \`cases\`, feed \`input\` to your
implementation of the suite's rule, and compare your result with \`output\` **structurally**: same
keys, same array lengths and order, integers equal by value (a \`bigint\` and a number are the same
integer), strings and booleans equal. An expected \`{"error": …}\` (or \`{"panic": …}\` in the Go suites)
matches any failure of the same kind. Report the case \`name\` and the path of the first difference.

- Go: \`dec := json.NewDecoder(f); dec.UseNumber()\`; unmarshal into \`struct{ Function, Source, Notes string;
  Cases []struct{ Name string; Input, Output json.RawMessage } }\`; one \`t.Run(c.Name, …)\` per case.
- Rust: \`serde_json\` with the \`arbitrary_precision\` feature, \`Value\` for input and output, one test
  per case (or a loop reporting every failing name).

## Suites
| suite (file stem) | function | source | cases | input fields | output fields |
|---|---|---|---|---|---|
${rows.join("\n")}
`;
}

export interface ExportedFile {
  suite: string;
  file: string;
  cases: number;
}

/** Each file is written to a temporary name and renamed: a failed write never leaves a torn suite. */
function write(file: string, text: string): void {
  writeFileAtomic(file, text, "the file");
}

/** Write `<suite>.json` for each selected suite and README.md into `dir` (created if missing). */
export function exportVectors(dir: string, names: readonly string[] = []): ExportedFile[] {
  const suites = selectExportSuites(names);
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new InputError("exists and is not a directory", dir);
  makeDirectory(dir);
  const written: ExportedFile[] = [];
  const rendered = suites.map((suite) => {
    const cases = exportedCases(suite);
    return { suite, cases: cases.length, text: renderSuiteFile(suite, cases) };
  });
  for (const r of rendered) {
    const file = join(dir, `${r.suite.name}.json`);
    write(file, r.text);
    written.push({ suite: r.suite.name, file, cases: r.cases });
  }
  write(join(dir, "README.md"), renderExportReadme(rendered));
  return written;
}
