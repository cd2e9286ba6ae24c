// Replays every case of every bundled Go golden-vector file whose suite the project implements,
// and lists the suites not implemented yet as visible skipped tests.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringifyJson } from "../../src/go/json.js";
import { checkVectorFile, suiteOf } from "../../src/vectors/check.js";
import { SUITES } from "../../src/vectors/registry.js";

const DIR = join(import.meta.dirname, "go");
const files = readdirSync(DIR).filter((f) => f.endsWith(".json.gz")).sort();

describe("Go golden vectors", () => {
  for (const f of files) {
    const suite = suiteOf(f);
    if (!SUITES[suite]) {
      it.skip(`${suite}: suite not implemented yet`, () => {});
      continue;
    }
    it(`${suite}: every case matches Go`, () => {
      const r = checkVectorFile(join(DIR, f), undefined, 5);
      expect(r.error).toBeUndefined();
      const report = r.failures.map((x) => `${x.name}: ${x.difference}\n  actual: ${stringifyJson(x.actual).slice(0, 400)}`).join("\n");
      expect(r.failed, report).toBe(0);
      expect(r.passed).toBeGreaterThan(0);
    });
  }
});
