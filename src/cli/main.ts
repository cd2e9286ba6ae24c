/** gonka-spec command-line entry point: dispatch, help, and the one-line error convention. */
import { alignUsage } from "./align-usage.js";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { InputError, visibleText } from "../errors.js";
import { MAX_INPUT_FILE_BYTES, withFileLedger } from "../fs/files.js";
import { MAX_JSON_DEPTH } from "../go/json.js";
import { GoError, GoPanic } from "../go/errors.js";
import { processIO, type CliIO } from "./command.js";
import { COMMANDS, findCommand } from "./commands/index.js";
import { errorDocumentFor, jsonDocument, wantsJson } from "./json-output.js";
import { versionDocument } from "./version-document.js";
import { didYouMean } from "../format/suggest.js";

function help(): string {
  const w = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    "gonka-spec: executable specification of the Gonka chain's proof-of-compute rules (bit-exact with Go).",
    "",
    "Usage: gonka-spec <command> [options]    (gonka-spec help <command>, or gonka-spec <command> --help)",
    "",
    "Commands:",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(w)}  ${c.summary}`),
    "",
    "Every command takes --json (or -o json). Commands that read a node take --node URL (tcp://, http://",
    "or https://; --rpc is the same; default: the GONKA_NODE environment variable) with --height,",
    "--chain-id, --timeout and --batch-size.",
    `Input files: regular files (or gzip) up to ${MAX_INPUT_FILE_BYTES / 1048576} MiB of UTF-8 text; JSON nested at most ${MAX_JSON_DEPTH} levels,`,
    "with no key twice in one object. No output replaces an input of the same command, or another output.",
    "Control and bidirectional-override characters from the input are printed as \\uXXXX escapes.",
    "Exit codes: 0 success, 1 a failed check, 2 bad input (one line on stderr: progress, notes and",
    "warnings go to stderr as they come only on a terminal; elsewhere they are printed when the command",
    "ends, and left out when it refuses its input).",
  ].join("\n");
}

/** The package version, from package.json beside dist/ (src/ in tests). */
export function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "..", "package.json"), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * What a command prints, made safe: characters that change how a terminal shows text (UNSAFE_TEXT)
 * become `\uXXXX` escapes, in text and in JSON alike; once `close()` is called (the error line is
 * out), nothing more is written, so a late progress line cannot follow the error. On a terminal stderr
 * lines (progress, notes, warnings) are written as they come; elsewhere they are held, written when the
 * command ends (`flush()`), or dropped when it refuses its input (`drop()`): the refusal is then the
 * only line on stderr, for a script as for a person.
 */
function guardedIO(io: CliIO): CliIO & { close(): void; flush(): void; drop(): void; last(t: string): void } {
  let closed = false;
  const held: string[] = [];
  const live = io.errIsTTY === true;
  return {
    out: (t) => {
      if (!closed) io.out(visibleText(t));
    },
    err: (t) => {
      if (closed) return;
      if (live) io.err(visibleText(t));
      else held.push(visibleText(t));
    },
    close: () => {
      closed = true;
    },
    flush: () => {
      for (const t of held.splice(0)) io.err(t);
    },
    drop: () => {
      held.length = 0;
    },
    /** The line that ends the run, after what was held. */
    last: (t) => {
      for (const h of held.splice(0)) io.err(h);
      if (!closed) io.err(visibleText(t));
    },
  };
}

/** Run the CLI; resolves to the exit code. Never throws for bad input. */
export async function main(argv: string[], rawIo: CliIO = processIO): Promise<number> {
  const io = guardedIO(rawIo);
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || (name === "help" && rest.length === 0)) {
    io.out(help());
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-v" || name === "version") {
    io.out(wantsJson(rest) ? jsonDocument("version", versionDocument(version())) : `gonka-spec ${version()}`);
    return 0;
  }
  const helpFor = name === "help" ? rest[0]! : undefined;
  const entry = findCommand(helpFor ?? name);
  if (!entry) {
    const typed = helpFor ?? name;
    const near = didYouMean(typed, [...COMMANDS.map((c) => c.name), "help", "version"], (k) => `'${k}'`);
    const message = `unknown command '${typed}'${near || " (try gonka-spec --help)"}`;
    if (wantsJson(rest)) io.out(errorDocumentFor(helpFor ?? name, new InputError(message)));
    io.last(`gonka-spec: ${message}`);
    return 2;
  }
  const cmd = await entry.load();
  if (helpFor !== undefined || rest.includes("--help") || rest.includes("-h")) {
    io.out(alignUsage(cmd.usage)); // the shared option blocks padded to this command's column
    return 0;
  }
  try {
    const code = await withFileLedger(() => cmd.run(rest, io));
    io.flush();
    return code;
  } catch (e) {
    // --json / -o json: the error as a JSON object on stdout too (schemas/error.schema.json).
    if (wantsJson(rest)) io.out(errorDocumentFor(name, e));
    const { code, line } = errorLine(name, e);
    // a refusal is the one line on stderr; what came before an internal error is kept, to find the fault
    if (code === 2) io.drop();
    else io.flush();
    io.last(line);
    io.close();
    return code;
  }
}

/** The one error line for stderr, and the exit code. */
function errorLine(name: string, e: unknown): { code: number; line: string } {
  if (e instanceof InputError || e instanceof GoError) return { code: 2, line: `gonka-spec ${name}: ${oneLine(e.message)}` };
  if (e instanceof GoPanic) return { code: 2, line: `gonka-spec ${name}: the Go code would panic here: ${oneLine(e.message)}` };
  if (e instanceof RangeError && /Maximum call stack|Invalid string length|Array buffer allocation/.test(e.message)) {
    return { code: 2, line: `gonka-spec ${name}: the input is too large to process (${e.message})` };
  }
  return { code: 3, line: `gonka-spec ${name}: internal error: ${e instanceof Error ? e.message : String(e)}` };
}

/** Keep the one-line convention even when a message quotes multi-line text. */
function oneLine(s: string): string {
  const t = s.replace(/\s*\n\s*/g, " ");
  return t.length > 2000 ? `${t.slice(0, 1997)}...` : t;
}
