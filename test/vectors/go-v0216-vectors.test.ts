// Replays every case of the v0.2.16 suites compiled from the release Go (test/vectors/go-v0.2.16/), checks
// the counts and sums carried, and that each suite names v0.2.16 and the commit of the release text.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { parseJson } from "../../src/go/json.js";
import { checkVectorFile, readVectorFile, runCase, suiteOf } from "../../src/vectors/check.js";
import type { Json } from "../../src/go/json.js";
import { SUITES } from "../../src/vectors/registry.js";

const DIR = join(import.meta.dirname, "go-v0.2.16");
const files = readdirSync(DIR).filter((f) => f.endsWith(".json.gz")).sort();

/** The carried set, suite by suite (deleting or truncating a file fails here). */
const EXPECTED_CASES: Record<string, number> = {
  v0216_coefficients_calculate: 652,
  v0216_coefficients_freeze: 132,
  v0216_fee_params_validate: 900,
  v0216_previous_confirmed_weights: 277,
  v0216_previous_epoch_cap: 356,
  v0216_sample_preserved_for_episode: 368,
  v0216_settle_amounts: 348,
  v0216_upgrade_coefficients: 150,
};

describe("the v0.2.16 Go vectors (compiled release Go)", () => {
  it("carries exactly the suites counted, each decompressing to the bytes SHA256SUMS records", () => {
    expect(files.map(suiteOf)).toEqual(Object.keys(EXPECTED_CASES).sort());
    const sums = new Map(readFileSync(join(DIR, "SHA256SUMS"), "utf8").trim().split("\n").map((l) => l.split(/\s+/).reverse() as [string, string]));
    const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
    for (const f of files) expect(sha(gunzipSync(readFileSync(join(DIR, f)))), f).toBe(sums.get(f.slice(0, -3)));
    expect(sha(readFileSync(join(DIR, "README.md")))).toBe(sums.get("README.md"));
    expect(Object.values(EXPECTED_CASES).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1000);
  });

  for (const f of files) {
    const suite = suiteOf(f);
    it(`${suite}: names v0.2.16 and its release commit, and every case is Go's answer`, () => {
      const doc = readVectorFile(join(DIR, f)) as { version: string; commit: string; cases: unknown[] };
      expect(doc.version).toBe("v0.2.16");
      expect(doc.commit).toMatch(/^(zpoken\/gonka@ef1a5efd3a23f93a452921ab8b60bb9ec4c243af|gonka-ai\/gonka@unknown)/);
      expect(doc.cases).toHaveLength(EXPECTED_CASES[suite]!);
      expect(SUITES[suite], suite).toBeDefined();
      const r = checkVectorFile(join(DIR, f));
      expect(r.error).toBeUndefined();
      expect(r.failures.map((x) => `${x.name}: ${x.difference}`)).toEqual([]);
      expect(r.passed).toBe(EXPECTED_CASES[suite]);
    });
  }

  it("every Go error of these suites has the port's error in Go's own words (the texts name the field: a user reads them)", () => {
    let checked = 0;
    for (const f of files) {
      const suite = suiteOf(f);
      const doc = readVectorFile(join(DIR, f)) as unknown as { cases: { name: string; input: Json; output: { error?: string } }[] };
      for (const c of doc.cases) {
        if (c.output.error === undefined) continue;
        expect(runCase((i, n) => SUITES[suite]!.run(i, n), c), `${suite} ${c.name}`).toEqual({ error: c.output.error });
        checked++;
      }
    }
    expect(checked).toBe(941); // 163, and 778 of v0216_fee_params_validate
  });

  it("reaches Go's errors and panics, not only answers (each suite that has them)", () => {
    const kinds = (f: string) => {
      const doc = parseJson(gunzipSync(readFileSync(join(DIR, f))).toString("utf8")) as { cases: { output: object }[] };
      return new Set(doc.cases.map((c) => ("error" in c.output ? "error" : "panic" in c.output ? "panic" : "answer")));
    };
    expect([...kinds("v0216_coefficients_calculate.json.gz")].sort()).toEqual(["answer", "error"]);
    expect([...kinds("v0216_upgrade_coefficients.json.gz")].sort()).toEqual(["answer", "error", "panic"]);
    expect(kinds("v0216_previous_confirmed_weights.json.gz").has("panic")).toBe(true);
  });
});
