/** How a rule family plugs its Go golden-vector suites into the runner. */
import type { Json } from "../go/json.js";

export interface VectorCase {
  name: string;
  input: Json;
  output: Json;
}

export interface VectorSuite {
  /**
   * Run one case's input through the port and return its output in the vector's JSON shape.
   * Throw GoError where Go returns an error and GoPanic where Go panics: the runner turns them into
   * `{ "error": … }` / `{ "panic": … }` and matches them against the expected output by kind.
   */
  run(input: Json, name: string): unknown;
  /** For files that are not `{ cases: [...] }` (e.g. missed_stat_boundaries): turn the document into cases. */
  expandFile?(doc: Json): VectorCase[];
  /** Optional custom comparison; return a description of the difference, or null when equal. */
  compare?(expected: Json, actual: unknown, input: Json): string | null;
}

export type SuiteTable = Record<string, VectorSuite>;
