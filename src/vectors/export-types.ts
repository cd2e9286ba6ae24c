/** A suite of the project's own vectors, exported for implementations in other languages. */
import type { VectorCase } from "./types.js";

export interface ExportSuite {
  /** Suite name = file stem of the exported file (`<name>.json`); also registered in SUITES for `vectors check`. */
  name: string;
  /** The function or rule the suite specifies. */
  function: string;
  /** Where it lives in gonka-spec (and which proposal or Go code it follows). */
  source: string;
  /** Exact semantics and input conventions, as in the Go vector files' `notes`. */
  notes: string;
  /** Input and output fields, for the README table. */
  inputFields: string[];
  outputFields: string[];
  /** The cases: fixed inputs run through the port. Deterministic. */
  cases(): VectorCase[];
}
