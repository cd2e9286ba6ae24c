// The --json contract (docs/json.md): every command's JSON output names its schema and validates
// against the JSON Schema file in schemas/; keys are camelCase; Go int64/uint64 values are decimal
// strings; an error with --json is a JSON error object on stdout (exit 2).
//
// To register another command's output (settle, backtest, verify, ...): add schemas/NAME.schema.json
// ("$id": "https://gonka-spec.invalid/schemas/NAME.schema.json", "schema": {"const": "gonka-spec/NAME@1"})
// and one row to CASES below: [schema file, argv]. The test of that row checks the rest.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixtureServer } from "../../src/testing/fixture-server.js";
import { fixtureFromPreserved } from "../../src/testing/fixture-state.js";
import { parseJson, type Json } from "../../src/go/json.js";
import { runCli } from "../helpers/cli.js";

const ROOT = join(import.meta.dirname, "..", "..");
const SCHEMAS = join(ROOT, "schemas");
const EX = (f: string) => join(ROOT, "examples", f);
const SNAP = EX("mainnet-like.snapshot.json");
const TMP = mkdtempSync(join(tmpdir(), "gonka-schemas-"));
const OPERATOR = "gonka16q5c2yq2wxzrx6jmeuc5n9v8x0vhknxrc3mqtg";
/** A devshard v4.1 session (its rules note the assumed bind): no example file holds one. */
const TALLY_V41 = join(TMP, "tally-v41.json");
writeFileSync(TALLY_V41, JSON.stringify({
  group: ["gonka1a", "gonka1b", "gonka1c"], state_root_and_protocol_version: "v4.1", escrow: { vote_threshold_factor: 50 },
  steps: [{ type: "start", inference_id: 1, model: "llama", input_length: 10, max_tokens: 5 }, { type: "confirm", inference_id: 1, confirmed_at: 1000 }, { type: "finalize_round" }],
}));
const GO_VECTOR = join(ROOT, "test", "vectors", "go", readdirSync(join(ROOT, "test", "vectors", "go")).filter((f) => f.endsWith(".json.gz")).sort()[0]!);

/**
 * command output → schema file (and the exit code when it is not 0: a failed check). `rpc` rows run
 * against the loopback fixture node (URL substituted for RPC).
 */
const CASES: [schema: string, argv: string[], exitCode?: number][] = [
  ["preserved", ["preserved", "--snapshot", SNAP, "--json"]],
  ["preserved", ["preserved", "--snapshot", SNAP, "--rule", "both", "--json"]],
  ["preserved", ["preserved", "--snapshot", SNAP, "--rule", "demand", "--demand", EX("demand.json"), "--json"]],
  ["check", ["check", OPERATOR, "--snapshot", SNAP, "--anchors", "20", "--json"]],
  ["miss-test", ["miss-test", "--missed", "749", "--total", "1497", "--exact", "--json"]],
  ["miss-test", ["miss-test", "--missed", "749", "--total", "1497", "--epoch", EX("epoch-433.epoch.json"), "--json"]],
  ["miss-test-epoch", ["miss-test", "--epoch", EX("epoch-433.epoch.json"), "--json"]],
  ["miss-test-epoch", ["miss-test", "--epoch", EX("epoch-433.epoch.json"), "--address", "gonka1v8n6p0tgz4mw7j2q5h3c9s0lx6dk8r2fc2uv8x", "--json"]],
  ["miss-test-epoch", ["miss-test", "--snapshot", SNAP, "--no-exact", "--json"]],
  ["compare", ["compare", "--snapshot", SNAP, "--a", EX("proposal-a.json"), "--b", EX("proposal-b.json"), "--anchors", "5", "--json"]],
  ["simulate-poc", ["simulate-poc", "--scenario", "epoch-433", "--policy", "per-host-cap", "--json"]],
  ["tally", ["tally", "--file", EX("tally-invalidated.json"), "--json"]],
  ["tally", ["tally", "--file", EX("tally-v5-error-miss.json"), "--json"]],
  ["tally", ["tally", "--file", TALLY_V41, "--json"]],
  ["tally-scenario", ["tally", "--scenario", "context-length", "--slots", "4", "--json"]],
  ["vectors-check", ["vectors", "check", GO_VECTOR, "--json"]],
  ["vectors-export", ["vectors", "export", join(TMP, "vectors"), "--suite", "spec_context_length_rule", "--json"]],
  ["snapshot", ["snapshot", "--rpc", "RPC", "--height", "2851200", "--chain-id", "any", "--out", join(TMP, "snap.json"), "--json"]],
  ["check", ["check", OPERATOR, "--rpc", "RPC", "--height", "2851200", "--chain-id", "any", "--anchors", "5", "--json"]],
  ["backtest", ["backtest", "--b", EX("proposal-p0-005.json"), "--rest-dump", join(ROOT, "test", "realdata", "rest"), "--chain-version", "247=v0.2.11", "--json"]],
  ["settle", ["settle", "--rest-dump", join(ROOT, "test", "realdata", "rest", "epoch_248"), "--json"]],
  ["settle", ["settle", "--rest-dump", join(ROOT, "test", "realdata", "rest", "epoch_247"), "--chain-version", "v0.2.11", "--address", "gonka1qu9mna5xlvlnw9455ygtjq92wuzkzm237w8l08", "--json"]],
  // the restitution section: an excluded participant alone, and every exclusion of epoch 249 together
  ["settle", ["settle", "--rest-dump", join(ROOT, "test", "realdata", "rest", "epoch_249"), "--address", "gonka12av9up884t9lcsf70rs0l7jfmkmc8k9sxfuknt", "--json"]],
  ["settle", ["settle", "--rest-dump", join(ROOT, "test", "realdata", "rest", "epoch_249"), "--together", "--json"]],
  // rows that differ from the chain, each with the inputs it read that the dump may not hold (inputsInDoubt)
  ["settle", ["settle", "--rest-dump", join(ROOT, "test", "realdata", "auditor-layout", "e265-e267"), "--epoch", "265", "--json"], 1],
  ["miss-test-epoch", ["miss-test", "--rest-dump", join(ROOT, "test", "realdata", "auditor-layout", "e265-e267"), "--json"]],
  ["import-rest", ["import-rest", join(ROOT, "test", "realdata", "rest", "epoch_249"), "--out", join(TMP, "e249.json"), "--json"]],
  ["demo", ["demo", "--report", join(TMP, "demo-report.html"), "--json"]],
  ["version", ["--version", "--json"]],
  ["version", ["version", "-o", "json"]],
  ["verify", ["verify", "--snapshot", join(ROOT, "test", "realdata", "preserved", "snapshot-4089970.json.gz"), "--json"]],
  ["verify", ["verify", "--snapshot", join(ROOT, "test", "realdata", "preserved", "snapshot-4089970.json.gz"), "--chain-version", "v0.2.14", "--json"], 1],
  ["preserved", ["preserved", "--rest-dump", join(ROOT, "test", "realdata", "rest"), "--json"]],
  ["proposal", ["proposal", join(ROOT, "test", "realdata", "rpc", "abci_4401104_proposal.json"), "--rest-dump", join(ROOT, "test", "realdata", "rest", "epoch_249"), "--json"]],
  ["proposal", ["proposal", EX("gov/slot-allocation-0.25.amino.json"), "--snapshot", SNAP, "--json"]],
  ["proposal", ["proposal", EX("gov/slot-allocation-0.25.proto.json"), "--params", join(ROOT, "test", "realdata", "rest", "epoch_249", "params.json"), "--json"]],
  ["compare", ["compare", "--snapshot", SNAP, "--b", EX("gov/slot-allocation-0.25.amino.json"), "--anchors", "5", "--json"]],
  ["status", ["status", "gonka1zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg33gsu4d", "--rest-dump", EX("status-epoch"), "--set", "validation_params.invalidation_h_threshold=40", "--json"]],
  ["status", ["status", "gonka1zvf3xycnzvf3xycnzvf3xycnzvf3xycnpuhc56", "--rest-dump", EX("status-epoch"), "--json"]],
  ["status", ["status", "gonka12av9up884t9lcsf70rs0l7jfmkmc8k9sxfuknt", "--rest-dump", join(ROOT, "test", "realdata", "rest"), "--epoch", "249", "--json"]],
  ["status", ["status", OPERATOR, "--snapshot", SNAP, "--json"]],
  ["error", ["proposal", EX("proposal-a.json"), "--json"]],
  ["error", ["check", "gonka1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq", "--snapshot", SNAP, "--json"]],
  ["error", ["miss-test", "--missed", "9", "--total", "3", "--json"]],
  ["error", ["preserved", "--snapshot", join(TMP, "missing.json"), "-o", "json"]],
];

const run = runCli;

function loadSchemas(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false });
  for (const f of readdirSync(SCHEMAS).filter((x) => x.endsWith(".schema.json"))) ajv.addSchema(JSON.parse(readFileSync(join(SCHEMAS, f), "utf8")));
  return ajv;
}

/** Keys that are data (addresses, model ids) rather than field names are allowed in maps. */
const isDataKey = (k: string): boolean => /^gonka/.test(k) || k.includes("/");

function badKeys(v: unknown, path = "$"): string[] {
  if (v === null || typeof v !== "object") return [];
  if (Array.isArray(v)) return v.flatMap((x, i) => badKeys(x, `${path}[${i}]`));
  return Object.entries(v).flatMap(([k, x]) => [...(isDataKey(k) || /^[a-z][a-zA-Z0-9]*$/.test(k) ? [] : [`${path}.${k}`]), ...badKeys(x, `${path}.${k}`)]);
}

/** Integers outside JavaScript's exact range must be strings (bigints are always strings). */
function unsafeNumbers(text: string): string[] {
  return [...text.matchAll(/:\s*(-?\d{16,})\s*[,\n}]/g)].map((m) => m[1]!);
}

describe("every --json output follows its JSON Schema in schemas/", () => {
  const ajv = loadSchemas();
  const example = parseJson(readFileSync(SNAP, "utf8")) as { [k: string]: Json };
  const server = new FixtureServer({ latestHeight: 2851210, stateAt: () => fixtureFromPreserved(example.preserved!, { pocStartBlockHeight: 2851200n - 17280n }) });
  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it("every schema file is valid JSON Schema with an $id named after its file, and every CASES schema exists", () => {
    for (const f of readdirSync(SCHEMAS).filter((x) => x.endsWith(".schema.json"))) {
      const s = JSON.parse(readFileSync(join(SCHEMAS, f), "utf8"));
      expect(s.$id).toBe(`https://gonka-spec.invalid/schemas/${f}`);
      expect(ajv.getSchema(s.$id), f).toBeTruthy();
    }
    for (const [name] of CASES) expect(ajv.getSchema(`https://gonka-spec.invalid/schemas/${name}.schema.json`), name).toBeTruthy();
  });

  for (const [name, argv, exitCode] of CASES) {
    it(`${name}: gonka-spec ${argv.map((a) => a.replace(ROOT + "/", "").replace(TMP, "$TMP")).join(" ")}`, async () => {
      const r = await run(argv.map((a) => (a === "RPC" ? server.url : a)));
      expect(r.code, r.err).toBe(exitCode ?? (name === "error" ? 2 : 0));
      const doc = JSON.parse(r.out);
      expect(doc.schema).toBe(`gonka-spec/${name}@1`);
      const validate = ajv.getSchema(`https://gonka-spec.invalid/schemas/${name}.schema.json`)!;
      const ok = validate(doc);
      expect(ok, JSON.stringify(validate.errors?.slice(0, 5), null, 1)).toBe(true);
      expect(badKeys(doc)).toEqual([]);
      expect(unsafeNumbers(r.out)).toEqual([]);
      if (name === "error") {
        expect(r.err.trim().split("\n")).toHaveLength(1);
        expect(doc.error.message).toBe(r.err.trim().replace(/^gonka-spec [\w-]+: /, ""));
      }
    }, 60_000);
  }

  it("no p-value fraction by default; --fraction adds it", async () => {
    const plain = await run(["miss-test", "--missed", "749", "--total", "1497", "--exact", "--json"]);
    expect(plain.out).not.toContain("pValueFraction");
    expect(plain.out.length).toBeLessThan(2_000);
    const full = JSON.parse((await run(["miss-test", "--missed", "749", "--total", "1497", "--exact", "--fraction", "--json"])).out);
    expect(full.exact.pValueFraction.denominator).toMatch(/^\d{300,}$/);
  });
});
