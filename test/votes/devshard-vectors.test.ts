// Replays the bundled devshard golden vectors (the four suites this rule family implements).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkVectorFile } from "../../src/vectors/check.js";

const DIR = join(import.meta.dirname, "..", "vectors", "go");

describe("devshard Go vectors", () => {
  for (const suite of ["compute_vote_threshold", "session_bind_config", "vote_tally_sequences", "settle_host_stats"]) {
    it(`${suite}: every case matches Go, state roots included`, () => {
      const r = checkVectorFile(join(DIR, `${suite}.json.gz`), undefined, 3);
      expect(r.error).toBeUndefined();
      expect(r.failed, r.failures.map((f) => `${f.name}: ${f.difference}`).join("\n")).toBe(0);
      expect(r.passed).toBeGreaterThan(0);
    });
  }
});
