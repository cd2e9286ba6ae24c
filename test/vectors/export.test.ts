// `gonka-spec vectors export DIR`: the project's own suites in the Go vector format, replayed by `vectors check`.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { parseJson, stringifyJson, type Json } from "../../src/go/json.js";
import { EXPORT_SUITES } from "../../src/vectors/export-registry.js";
import { readVectorFile } from "../../src/vectors/check.js";
import { builtinScenarioNames, loadScenario } from "../../src/gateway/scenario-source.js";
import { parseScenario } from "../../src/gateway/scenario.js";
import { scenarioJson } from "../../src/gateway/export-suites.js";
import { SUITES } from "../../src/vectors/registry.js";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

type Doc = { function: string; source: string; notes: string; cases: { name: string; input: Json; output: Json }[] };
const read = (file: string): Doc => parseJson(readFileSync(file, "utf8"), file) as unknown as Doc;

const root = mkdtempSync(join(tmpdir(), "gonka-spec-export-"));
const dirA = join(root, "a");
const dirB = join(root, "b", "nested");
const NAMES = EXPORT_SUITES.map((s) => s.name);

beforeAll(async () => {
  const c = capture();
  expect(await main(["vectors", "export", dirA], c.io)).toBe(0);
  expect(c.err).toEqual([]);
  expect(c.out.at(-1)).toMatch(new RegExp(`^${NAMES.length} suites, \\d+ cases written to `));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("vectors export", () => {
  it("writes one <suite>.json per suite and a README, every suite prefixed spec_ and registered for check", () => {
    expect(NAMES.sort()).toEqual(["spec_context_length_rule", "spec_demand_rule", "spec_exact_binomial_test", "spec_poc_simulation", "spec_settle_amounts"]);
    expect(readdirSync(dirA).sort()).toEqual(["README.md", ...NAMES.map((n) => `${n}.json`)].sort());
    for (const n of NAMES) expect(SUITES[n], n).toBeDefined();
  });

  it("every exported file passes vectors check (N passed, 0 failed)", async () => {
    const files = NAMES.map((n) => join(dirA, `${n}.json`));
    const total = files.reduce((s, f) => s + read(f).cases.length, 0);
    const c = capture();
    expect(await main(["vectors", "check", ...files], c.io)).toBe(0);
    expect(c.out.at(-1)).toBe(`${total} passed, 0 failed`);
  });

  it("is deterministic: a second export (into a new nested directory) is byte-identical", async () => {
    const c = capture();
    expect(await main(["vectors", "export", dirB], c.io)).toBe(0);
    for (const f of readdirSync(dirA)) expect(readFileSync(join(dirB, f)).equals(readFileSync(join(dirA, f))), f).toBe(true);
  });

  it("has the Go files' layout: top-level fields, one case per line, bare big integers, [bigint] names", () => {
    for (const n of NAMES) {
      const text = readFileSync(join(dirA, `${n}.json`), "utf8");
      const lines = text.split("\n");
      expect(lines.slice(0, 5).map((l) => /^\{$|^  "\w+": /.exec(l)?.[0])).toEqual(["{", '  "function": ', '  "source": ', '  "notes": ', '  "cases": ']);
      expect(lines.slice(-3)).toEqual(["  ]", "}", ""]);
      expect(lines.slice(5, -3).every((l) => l.startsWith('    {"name":'))).toBe(true);
      const doc = read(join(dirA, `${n}.json`));
      expect(Object.keys(doc)).toEqual(["function", "source", "notes", "cases"]);
      expect(lines).toHaveLength(doc.cases.length + 8);
      for (const c of doc.cases) expect(Object.keys(c)).toEqual(["name", "input", "output"]);
    }
    const demand = read(join(dirA, "spec_demand_rule.json"));
    const big = demand.cases.filter((c) => c.name.endsWith(" [bigint]"));
    expect(big.map((c) => c.name)).toEqual(["generated_3_anchor_int64_min [bigint]", "generated_3_anchor_int64_max [bigint]"]);
    expect(typeof (big[1]!.input as { anchor: Json }).anchor).toBe("bigint");
    expect(readFileSync(join(dirA, "spec_demand_rule.json"), "utf8")).toContain('"anchor":9223372036854775807,');
  });

  it("each suite has at least 20 cases, unique names, and outputs that are not all identical", () => {
    for (const n of NAMES) {
      const doc = read(join(dirA, `${n}.json`));
      expect(doc.cases.length, n).toBeGreaterThanOrEqual(20);
      expect(new Set(doc.cases.map((c) => c.name)).size, n).toBe(doc.cases.length);
      // one epoch run at several chain versions often gets one answer: count the inputs without their version
      const inputs = new Set(doc.cases.map((c) => stringifyJson({ ...(c.input as { [k: string]: Json }), version: null })));
      expect(new Set(doc.cases.map((c) => stringifyJson(c.output))).size, n).toBeGreaterThan(inputs.size / 2);
    }
  });

  it("the README describes the format and has one table row per suite with its case count", () => {
    const readme = readFileSync(join(dirA, "README.md"), "utf8");
    expect(readme).toMatch(/## Format/);
    expect(readme).toMatch(/\[bigint\]/);
    expect(readme).toMatch(/Rust/);
    for (const n of NAMES) {
      const count = read(join(dirA, `${n}.json`)).cases.length;
      expect(readme).toMatch(new RegExp(`^\\| \`${n}\` \\|.*\\| ${count} \\|`, "m"));
    }
  });

  it("--suite limits the export; an unknown suite or a file as DIR is exit 2 with one line", async () => {
    const dir = join(root, "one");
    let c = capture();
    expect(await main(["vectors", "export", dir, "--suite", "spec_exact_binomial_test"], c.io)).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(["README.md", "spec_exact_binomial_test.json"]);
    expect(readFileSync(join(dir, "spec_exact_binomial_test.json")).equals(readFileSync(join(dirA, "spec_exact_binomial_test.json")))).toBe(true);
    c = capture();
    expect(await main(["vectors", "export", dir, "--suite", "spec_nope"], c.io)).toBe(2);
    expect(c.err).toHaveLength(1);
    expect(c.err[0]).toMatch(/--suite: unknown export suite "spec_nope"/);
    c = capture();
    expect(await main(["vectors", "export", join(dir, "README.md")], c.io)).toBe(2);
    expect(c.err[0]).toMatch(/README\.md: exists and is not a directory/);
    c = capture();
    expect(await main(["vectors", "export"], c.io)).toBe(2);
    expect(c.err[0]).toMatch(/exactly one DIR/);
  });

  it("a corrupted case fails check with exit 1, naming the case and the field", async () => {
    const doc = read(join(dirA, "spec_exact_binomial_test.json"));
    const i = doc.cases.findIndex((c) => c.name === "incident_749_of_1497_p0.10");
    const out = doc.cases[i]!.output as { passed: boolean; chain: { passed: boolean } };
    expect(out.passed).toBe(false);
    expect(out.chain.passed).toBe(false);
    out.chain.passed = true;
    const bad = join(root, "spec_exact_binomial_test.corrupted.json");
    writeFileSync(bad, stringifyJson(doc, 2));
    const c = capture();
    expect(await main(["vectors", "check", bad], c.io)).toBe(1);
    expect(c.out.join("\n")).toMatch(/FAIL incident_749_of_1497_p0\.10\n\s+output\.chain\.passed: expected true, got false/);
    expect(c.out.at(-1)).toBe(`${doc.cases.length - 1} passed, 1 failed`);
  });

  it("an input with a missing parameter is not silently defaulted", async () => {
    const doc = read(join(dirA, "spec_context_length_rule.json"));
    const first = doc.cases[0]!;
    delete (first.input as Record<string, Json>).promptTokens;
    const bad = join(root, "spec_context_length_rule.missing.json");
    writeFileSync(bad, stringifyJson({ ...doc, cases: [first] }, 2));
    const c = capture();
    expect(await main(["vectors", "check", bad], c.io)).toBe(1);
    expect(c.out.join("\n")).toMatch(/input: missing field \\?"promptTokens\\?"/);
  });
});

describe("exported outcomes", () => {
  const cases = (suite: string) => new Map(read(join(dirA, `${suite}.json`)).cases.map((c) => [c.name.replace(/ \[bigint\]$/, ""), c.output as Record<string, Json>]));

  it("exact binomial: each p-value is a reduced fraction agreeing with its verdict; maxAllowedMissed is the boundary", () => {
    const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
    const b = cases("spec_exact_binomial_test");
    let checked = 0;
    for (const [name, out] of b) {
      if ("error" in out) continue;
      const [num, den] = (out.pValue as string).split("/").map((x) => BigInt(x)) as [bigint, bigint];
      expect(gcd(num, den), name).toBe(1n);
      expect(num > 0n && num <= den, name).toBe(true);
      expect(out.passed, name).toBe(num * 20n >= den);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
    for (const p0 of ["0.05", "0.10", "0.20", "0.50"]) {
      for (const n of [990, 991]) {
        expect(b.get(`critical_n${n}_p${p0}`)!.passed).toBe(true);
        expect(b.get(`critical_plus1_n${n}_p${p0}`)!.passed).toBe(false);
      }
    }
  });

  it("exact binomial: small-n p-values are the textbook fractions; the chain's verdict sits beside them", () => {
    const b = cases("spec_exact_binomial_test");
    expect(b.get("k1_n1_p0.5")!.pValue).toBe("1/2");
    expect(b.get("k3_n4_p0.5")!.pValue).toBe("5/16"); // (4 + 1) / 16
    expect(b.get("k1_n2_p0.10")!.pValue).toBe("19/100"); // 1 − 0.9²
    expect(b.get("k0_n0_p0.10")).toMatchObject({ pValue: "1/1", passed: true, chain: { path: "zero-total", passed: true } });
    expect(b.get("incident_749_of_1497_p0.10")).toMatchObject({ passed: false, chain: { path: "ratio-rule", passed: false } });
    expect(b.get("critical_n990_p0.10")!.chain).toMatchObject({ path: "table-row" });
    expect(b.get("critical_n991_p0.10")!.chain).toMatchObject({ path: "ratio-rule" });
    expect(b.get("direct_k5_n40_p0.15")!.chain).toMatchObject({ path: "direct-p-value" });
    expect(b.get("error_k_above_n")).toHaveProperty("error");
    expect(b.get("error_p0_one")).toHaveProperty("error");
  });

  it("demand rule: the target is max(today's, D_m); a demand beyond the eligible set leaves a shortfall", () => {
    const d = cases("spec_demand_rule");
    for (const out of d.values()) {
      for (const m of out.models as Record<string, Json>[]) {
        const want = (m.demandWeight as bigint | number) > (m.fractionTarget as bigint | number) ? m.demandWeight : m.fractionTarget;
        expect(BigInt(m.targetWeight as number)).toBe(BigInt(want as number));
      }
    }
    const beyond = d.get("go_upstream_excludes_guardians_demand_beyond_eligible")!.models as Record<string, Json>[];
    expect(BigInt(beyond[0]!.shortfallWeight as number) > 0n).toBe(true);
    expect(beyond[0]!.achievedWeight).toEqual(beyond[0]!.eligibleWeight);
  });

  it("demand rule: go_* states are the Go vector cases' own inputs (anchor moved out, slot allocation as given)", () => {
    const go = new Map(
      ((readVectorFile(join(import.meta.dirname, "go", "sample_preserved_for_episode.json.gz")) as unknown as Doc).cases).map((c) => [c.name, c.input as Record<string, Json>]),
    );
    const doc = read(join(dirA, "spec_demand_rule.json"));
    const fromGo = doc.cases.filter((c) => c.name.startsWith("go_"));
    expect(fromGo.length).toBeGreaterThanOrEqual(12);
    for (const c of fromGo) {
      const source = [...go.keys()].find((k) => c.name.startsWith(`go_${k}_`))!;
      const { anchorHeight, params: _p, ...rest } = go.get(source)!;
      const input = c.input as { state: Record<string, Json>; anchor: Json };
      const { params: _q, ...state } = input.state;
      expect(state, c.name).toEqual(rest);
      expect(BigInt(input.anchor as number) - BigInt(anchorHeight as number)).toBe(c.name.endsWith("_beyond_eligible") ? 1n : 0n);
    }
  });

  it("PoC simulation inputs are the built-in scenarios with every default written out (they read back unchanged)", () => {
    for (const name of builtinScenarioNames()) {
      const sc = loadScenario(name);
      expect(parseScenario(parseJson(stringifyJson(scenarioJson(sc)), name), name), name).toEqual(sc);
    }
  });

  it("context-length rule: one token over the limit is excused only under the proposal", () => {
    const c = cases("spec_context_length_rule");
    expect(c.get("fault_one_token_over_limit")).toEqual({ atFault: false, basis: "exceeds-limit", sibling: null });
    expect(c.get("fault_fits_exactly_at_limit")).toEqual({ atFault: true, basis: "fits-limit", sibling: null });
    expect(c.get("fault_lowest_qualifying_sibling_id_named")).toEqual({ atFault: true, basis: "sibling-within-limit", sibling: 7 });
    const rows = c.get("scenario_n16_one_over")!.rows as { current: { missed: number }; contextAware: { missed: number } }[];
    expect(rows).toHaveLength(17);
    expect(rows[3]!.current.missed).toBe(1);
    expect(rows[3]!.contextAware.missed).toBe(0);
    expect(c.get("scenario_error_one_slot")).toHaveProperty("error");
  });

  it("PoC simulation: epoch 433 today zeroes the host's reward, the per-host cap keeps it", () => {
    const s = cases("spec_poc_simulation");
    expect(s.get("epoch-433_today_round-robin")!.missTest).toMatchObject({ missed: 749, total: 1497, passed: false });
    expect(s.get("epoch-433_per-host-cap_round-robin")!.missTest).toMatchObject({ passed: true });
  });
});
