// Replays every case of the status family's suites compiled from each release's Go (test/vectors/go-status/),
// checks the counts and sums carried, that each file names its version and commit and every case its
// version, and replays each file under every other version that runs the same Go text.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { parseJson, type Json } from "../../src/go/json.js";
import { checkVectorFile, readVectorFile, runCase, suiteOf } from "../../src/vectors/check.js";
import { firstDifference } from "../../src/vectors/compare.js";
import { SUITES } from "../../src/vectors/registry.js";

const DIR = join(import.meta.dirname, "go-status");
const files = readdirSync(DIR).filter((f) => f.endsWith(".json.gz")).sort();

/** The carried set, file by file (deleting or truncating a file fails here). */
const EXPECTED: Record<string, { cases: number; version: string; commit: RegExp }> = {
  "shopspring_exp_taylor.json.gz": { cases: 252, version: "v0.2.10", commit: /^shopspring\/decimal@a1bdfc35/ },
  "shopspring_ln.json.gz": { cases: 507, version: "v0.2.10", commit: /^shopspring\/decimal@a1bdfc35/ },
  "status_aggregate_devshard_host_stats.v0.2.12.json.gz": { cases: 295, version: "v0.2.12", commit: /@17808620$/ },
  "status_calculate_log_llr.v0.2.11.json.gz": { cases: 208, version: "v0.2.11", commit: /@bd1fd508$/ },
  "status_compute_status.v0.2.10.json.gz": { cases: 563, version: "v0.2.10", commit: /@bb2de824$/ },
  "status_compute_status.v0.2.11.json.gz": { cases: 563, version: "v0.2.11", commit: /@bd1fd508$/ },
  "status_compute_status.v0.2.16.json.gz": { cases: 563, version: "v0.2.16", commit: /^zpoken\/gonka@ef1a5efd3a23f93a452921ab8b60bb9ec4c243af$/ },
  "status_precompute_sprt_values.v0.2.11.json.gz": { cases: 243, version: "v0.2.11", commit: /@bd1fd508$/ },
  "status_probability_of_consecutive_failures.json.gz": { cases: 308, version: "v0.2.10", commit: /@bb2de824$/ },
  "status_update_participant_status.v0.2.10.json.gz": { cases: 352, version: "v0.2.10", commit: /@bb2de824$/ },
  "status_update_participant_status.v0.2.11.json.gz": { cases: 352, version: "v0.2.11", commit: /@bd1fd508$/ },
  "status_update_participant_status.v0.2.13.json.gz": { cases: 352, version: "v0.2.13", commit: /@17808620$/ },
  "status_update_participant_status.v0.2.16.json.gz": { cases: 352, version: "v0.2.16", commit: /^zpoken\/gonka@ef1a5efd/ },
};

/** Versions that run a file's Go text unchanged (docs/versions.md, "Participant status"). */
const SAME_TEXT: Record<string, string[]> = {
  "status_compute_status.v0.2.11.json.gz": ["v0.2.12", "v0.2.13", "v0.2.14", "v0.2.15"],
  "status_update_participant_status.v0.2.11.json.gz": ["v0.2.12"],
  "status_update_participant_status.v0.2.13.json.gz": ["v0.2.14", "v0.2.15"],
};

type Doc = { version: string; commit: string; cases: { name: string; input: Json; output: Json }[] };

describe("the status family's Go vectors (compiled release Go, per version)", () => {
  it("carries exactly the files counted, each decompressing to the bytes SHA256SUMS records", () => {
    expect(files).toEqual(Object.keys(EXPECTED).sort());
    const sums = new Map(readFileSync(join(DIR, "SHA256SUMS"), "utf8").trim().split("\n").map((l) => l.split(/\s+/).reverse() as [string, string]));
    const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
    for (const f of files) expect(sha(gunzipSync(readFileSync(join(DIR, f)))), f).toBe(sums.get(f.slice(0, -3)));
    expect(sha(readFileSync(join(DIR, "README.md")))).toBe(sums.get("README.md"));
    // ≥ 300 ComputeStatus cases at every version where its Go differs
    for (const v of ["v0.2.10", "v0.2.11", "v0.2.16"]) expect(EXPECTED[`status_compute_status.${v}.json.gz`]!.cases).toBeGreaterThanOrEqual(300);
  });

  for (const f of files) {
    it(`${f}: names its version and commit, every case its version, and every case is Go's answer`, () => {
      const doc = readVectorFile(join(DIR, f)) as Doc;
      const want = EXPECTED[f]!;
      expect(doc.version).toBe(want.version);
      expect(doc.commit).toMatch(want.commit);
      expect(doc.cases).toHaveLength(want.cases);
      if (f.startsWith("status_")) for (const c of doc.cases) expect(c.name.startsWith(`${want.version}/`), c.name).toBe(true);
      expect(SUITES[suiteOf(f)], suiteOf(f)).toBeDefined();
      const r = checkVectorFile(join(DIR, f));
      expect(r.error).toBeUndefined();
      expect(r.failures.map((x) => `${x.name}: ${x.difference}`)).toEqual([]);
      expect(r.passed).toBe(want.cases);
    });
  }

  for (const [f, versions] of Object.entries(SAME_TEXT)) {
    it(`${f}: the same answers under ${versions.join(", ")}, which run the same Go text`, () => {
      const doc = readVectorFile(join(DIR, f)) as Doc;
      const suite = SUITES[suiteOf(f)]!;
      for (const v of versions) {
        const bad = doc.cases.filter((c) => firstDifference(c.output, runCase(suite.run, { ...c, name: c.name.replace(/^v[^/]+/, v) })) !== null);
        expect(bad.map((c) => `${v}: ${c.name}`)).toEqual([]);
      }
    });
  }

  it("the versions differ where docs/versions.md says: v0.2.10 against v0.2.11, and v0.2.11 against v0.2.13 (keeper)", () => {
    const read = (f: string) => (readVectorFile(join(DIR, f)) as Doc).cases;
    const tail = (n: string) => n.slice(n.indexOf("/"));
    // the inputs without v0.2.11's precomputed logs (v0.2.10 computes them from the same params)
    const core = (input: Json) => Object.fromEntries(Object.entries(input as Record<string, Json>).filter(([k]) => k !== "precomputed"));
    const differing = (a: string, b: string) => {
      const bs = new Map(read(b).map((c) => [tail(c.name), c]));
      return read(a).filter((c) => {
        const o = bs.get(tail(c.name));
        return o !== undefined && firstDifference(core(c.input), core(o.input)) === null && firstDifference(c.output, o.output) !== null;
      }).length;
    };
    // v0.2.10's per-call logs and NewSPRT's (0,1) check change answers on the same inputs…
    expect(differing("status_compute_status.v0.2.10.json.gz", "status_compute_status.v0.2.11.json.gz")).toBeGreaterThan(20);
    // …v0.2.16 changes none (the same inputs, the same answers)
    expect(differing("status_compute_status.v0.2.11.json.gz", "status_compute_status.v0.2.16.json.gz")).toBe(0);
    // v0.2.13's consecutive reset shows in the keeper step
    expect(differing("status_update_participant_status.v0.2.11.json.gz", "status_update_participant_status.v0.2.13.json.gz")).toBeGreaterThan(5);
  });

  it("reaches Go's panics and errors, not only answers", () => {
    const kinds = (f: string) => {
      const doc = parseJson(gunzipSync(readFileSync(join(DIR, f))).toString("utf8")) as { cases: { output: object }[] };
      return new Set(doc.cases.map((c) => ("error" in c.output && Object.keys(c.output).length === 1 ? "error" : "panic" in c.output ? "panic" : "answer")));
    };
    expect([...kinds("status_update_participant_status.v0.2.13.json.gz")].sort()).toEqual(["answer", "panic"]);
    expect([...kinds("status_aggregate_devshard_host_stats.v0.2.12.json.gz")].sort()).toEqual(["answer", "error"]);
    expect([...kinds("shopspring_ln.json.gz")].sort()).toEqual(["answer", "error"]);
  });
});
