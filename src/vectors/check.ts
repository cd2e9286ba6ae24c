/** Replays vector files (format of test/vectors/go/README.md) against the port. */
import { basename } from "node:path";
import { InputError } from "../errors.js";
import { readTextFile } from "../fs/files.js";
import { GoError, GoPanic } from "../go/errors.js";
import { parseJson, type Json } from "../go/json.js";
import { firstDifference } from "./compare.js";
import { SUITES } from "./registry.js";
import type { SuiteTable, VectorCase } from "./types.js";

export interface CaseFailure {
  name: string;
  input: Json;
  expected: Json;
  actual: unknown;
  difference: string;
}

export interface FileResult {
  file: string;
  suite: string;
  passed: number;
  failed: number;
  failures: CaseFailure[];
  /** Set when the file could not be checked at all (unknown suite, malformed file). */
  error?: string;
}

/** The suite name of a vector file: its base name up to the first dot. */
export function suiteOf(file: string): string {
  const b = basename(file);
  const dot = b.indexOf(".");
  return dot === -1 ? b : b.slice(0, dot);
}

/** Read a vector file (.json or .json.gz) losslessly. */
export function readVectorFile(file: string): Json {
  return parseJson(readTextFile(file), file);
}

/** The cases of a parsed vector document. */
export function casesOf(doc: Json, file: string, suites: SuiteTable = SUITES): VectorCase[] {
  const suite = suites[suiteOf(file)];
  if (suite?.expandFile) return suite.expandFile(doc);
  if (doc === null || typeof doc !== "object" || Array.isArray(doc) || !Array.isArray(doc.cases)) {
    throw new InputError("not a vector file: expected an object with a 'cases' array", file);
  }
  return doc.cases.map((c, i) => {
    if (c === null || typeof c !== "object" || Array.isArray(c) || typeof c.name !== "string" || !("input" in c) || !("output" in c)) {
      throw new InputError(`case ${i} lacks name, input or output`, file);
    }
    return { name: c.name, input: c.input as Json, output: c.output as Json };
  });
}

/** Run one case: the port's output, with Go errors and panics turned into their vector shapes. */
export function runCase(run: (input: Json, name: string) => unknown, c: VectorCase): unknown {
  try {
    return run(c.input, c.name);
  } catch (e) {
    if (e instanceof GoError) return { error: e.message };
    if (e instanceof GoPanic) return { panic: e.message };
    if (e instanceof RangeError && /Maximum call stack|Invalid array length|BigInt/.test(e.message)) throw e;
    return { thrown: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

/** Check one vector file; never throws for a bad file (the error is in the result). */
export function checkVectorFile(file: string, suites: SuiteTable = SUITES, maxFailures = 20): FileResult {
  const suiteName = suiteOf(file);
  const result: FileResult = { file, suite: suiteName, passed: 0, failed: 0, failures: [] };
  const suite = suites[suiteName];
  let doc: Json;
  try {
    doc = readVectorFile(file); // a missing file is "file not found", whatever its name
  } catch (e) {
    result.error = e instanceof InputError && e.path === file ? e.message.slice(file.length + 2) : e instanceof Error ? e.message : String(e);
    return result;
  }
  if (!suite) {
    result.error = `unknown suite '${suiteName}' (not implemented by this version of gonka-spec)`;
    return result;
  }
  let cases: VectorCase[];
  try {
    cases = casesOf(doc, file, suites);
  } catch (e) {
    result.error = e instanceof Error ? e.message : String(e);
    return result;
  }
  for (const c of cases) {
    const actual = runCase(suite.run, c);
    const d = suite.compare ? suite.compare(c.output, actual, c.input) : firstDifference(c.output, actual);
    if (d === null) result.passed++;
    else {
      result.failed++;
      if (result.failures.length < maxFailures) result.failures.push({ name: c.name, input: c.input, expected: c.output, actual, difference: d });
    }
  }
  return result;
}
