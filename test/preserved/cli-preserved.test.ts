// `gonka-spec preserved` and `gonka-spec check` through main(), with captured output.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { parseJson, type Json } from "../../src/go/json.js";
import { runCli } from "../helpers/cli.js";

const ROOT = join(import.meta.dirname, "..", "..");
const EXAMPLE = join(ROOT, "examples", "mainnet-like.snapshot.json");
const DEMAND = join(ROOT, "examples", "demand.json");
const TMP = mkdtempSync(join(tmpdir(), "gonka-preserved-cli-"));

const run = (...argv: string[]) => runCli(argv);

type Obj = { [k: string]: Json };
const json = (text: string) => parseJson(text) as Obj;

/** A copy of the example snapshot with `edit` applied, written to a temporary file. */
function variant(name: string, edit: (doc: Obj) => void): string {
  const doc = json(readFileSync(EXAMPLE, "utf8"));
  edit(doc);
  const f = join(TMP, `${name}.json`);
  writeFileSync(f, JSON.stringify(doc, (_k, v) => (typeof v === "bigint" ? Number(v) : v)));
  return f;
}

/** Bad input: exit 2 with exactly one line on stderr (no stack trace) matching `re`. */
async function expectBadInput(argv: string[], re: RegExp): Promise<void> {
  const r = await run(...argv);
  expect(r.code, r.err).toBe(2);
  expect(r.err.trim().split("\n")).toHaveLength(1);
  expect(r.err).toMatch(re);
  expect(r.err).not.toMatch(/\bat .*\.(ts|js):\d+/);
}

const modelsOf = (block: Json) => (block as Obj).models as Obj[];
/** The models of one rule in the one-shape document: {rules: [{rule, models}]}. */
const ruleModels = (doc: Obj, rule: string) => modelsOf((doc.rules as Obj[]).find((r) => r.rule === rule)!);

describe("gonka-spec preserved", () => {
  it("--json gives the preserved set per model with target and achieved weight", async () => {
    const r = await run("preserved", "--snapshot", EXAMPLE, "--json");
    expect(r.code).toBe(0);
    const doc = json(r.out);
    expect(doc.schema).toBe("gonka-spec/preserved@1");
    expect((doc.rules as Obj[]).map((x) => x.rule)).toEqual(["current"]);
    expect(doc.anchor).toEqual({ height: "2851200", source: "snapshot-file" });
    const models = ruleModels(doc, "current");
    expect(models.map((m) => m.modelId)).toHaveLength(4);
    for (const m of models) {
      expect(m.targetWeight).toMatch(/^\d+$/); // int64 weights are decimal strings
      expect(m.achievedWeight).toMatch(/^\d+$/);
      const ps = m.participants as Obj[];
      expect(ps.length).toBeGreaterThan(0);
      for (const p of ps) {
        expect(String(p.address)).toMatch(/^gonka1/);
        expect((p.nodeIds as string[]).length).toBeGreaterThan(0);
      }
    }
  });

  it("--rule both gives one block per rule, and the demand target is never below today's", async () => {
    const r = await run("preserved", "--snapshot", EXAMPLE, "--rule", "both", "--json");
    expect(r.code).toBe(0);
    const doc = json(r.out);
    const cur = ruleModels(doc, "current");
    const dem = ruleModels(doc, "demand");
    expect(dem.map((m) => m.modelId)).toEqual(cur.map((m) => m.modelId));
    cur.forEach((c, i) => expect(Number(dem[i]!.targetWeight)).toBeGreaterThanOrEqual(Number(c.targetWeight)));
    // the snapshot's demand slice: 460 requests at 10 per 10,000 weight → D = 460,000 for the main model
    expect(dem.find((m) => m.modelId === "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8")!.demandWeight).toBe("460000");
  });

  it("--demand FILE, --rate and --set change the inputs", async () => {
    const r = await run("preserved", "--snapshot", EXAMPLE, "--rule", "demand", "--demand", DEMAND, "--rate", "20", "--set", "epoch_params.poc_slot_allocation=0.2", "--json");
    expect(r.code).toBe(0);
    const doc = json(r.out);
    expect(doc.rate).toBe("20");
    expect(doc.pocSlotAllocation).toBe("0.2");
    const m = ruleModels(doc, "demand").find((x) => x.modelId === "Qwen/Qwen3-32B-FP8")!;
    expect(m.peakInFlight).toBe("260");
    expect(m.demandWeight).toBe("130000"); // ⌈260 × 10000 / 20⌉
  });

  it("prints a side-by-side table for people", async () => {
    const r = await run("preserved", "--snapshot", EXAMPLE, "--rule", "both");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/model \/ rule\s+target \(weight\)\s+preserved \(weight\)\s+nodes\s+smallest \(weight\)\s+capacity \(requests\)\s+peak \(requests\)\s+cap\/demand/);
    expect(r.out).toMatch(/^ {2}current\s+73,891\s+/m);
    expect(r.out).toMatch(/^ {2}demand\s+460,000\s+/m);
    const one = await run("preserved", "--snapshot", EXAMPLE);
    expect(one.out).toMatch(/capped by eligibility: only [\d,]+ is eligible; short [\d,]+ weight and [\d,]+ requests at peak/);
    expect(one.out).toMatch(/^ {4}gonka1\S+ {2}\S/m);
  });

  it("the anchor defaults to preserved.anchorHeight, else the snapshot height; --anchor overrides both", async () => {
    const noAnchor = variant("noanchor", (d) => {
      delete (d.preserved as Obj).anchorHeight;
      d.height = "2851777";
    });
    expect(json((await run("preserved", "--snapshot", noAnchor, "--json")).out).anchor).toEqual({ height: "2851777", source: "snapshot-height" });
    expect(json((await run("preserved", "--snapshot", EXAMPLE, "--json")).out).anchor).toEqual({ height: "2851200", source: "snapshot-file" });
    expect(json((await run("preserved", "--snapshot", EXAMPLE, "--anchor", "2851205", "--json")).out).anchor).toEqual({ height: "2851205", source: "flag" });
  });

  it("bad input: exit 2 with one line naming the path and the value", async () => {
    await expectBadInput(["preserved", "--snapshot", join(TMP, "missing.json")], /missing\.json: snapshot file not found/);
    await expectBadInput(["preserved"], /missing --snapshot FILE or --rpc URL/);
    await expectBadInput(["preserved", "--snapshot", variant("schema", (d) => (d.schema = "other"))], /schema: expected "gonka-spec\/snapshot", got "other"/);
    await expectBadInput(
      ["preserved", "--snapshot", variant("negweight", (d) => (((((((d.preserved as Obj).liveSubGroups as Obj).byModel as Obj)["Qwen/QwQ-32B"] as Obj).validationWeights as Obj[])[0]!.mlNodes as Obj[])[0]!.pocWeight = -5))],
      /preserved\.liveSubGroups\.byModel\["Qwen\/QwQ-32B"\]\.validationWeights\[0\]\.mlNodes\[0\]\.pocWeight: pocWeight must not be negative, got -5/,
    );
    await expectBadInput(
      ["preserved", "--snapshot", variant("overflow", (d) => (((d.preserved as Obj).rootGroup as Obj).validationWeights as Obj[])[3]!.weight = "9223372036854775808" as unknown as Json)],
      /rootGroup\.validationWeights\[3\]\.weight: 9223372036854775808 does not fit in int64/,
    );
    await expectBadInput(
      ["preserved", "--snapshot", variant("nosub", (d) => delete (((d.preserved as Obj).liveSubGroups as Obj).byModel as Obj)["Qwen/QwQ-32B"])],
      /model "Qwen\/QwQ-32B" .* has no subgroup/,
    );
    await expectBadInput(["preserved", "--snapshot", variant("baddemand", (d) => (((d.demand as Obj).peakInFlightRequests as Obj)["Qwen/QwQ-32B"] = -3)), "--rule", "demand"], /demand\.peakInFlightRequests\["Qwen\/QwQ-32B"\]: must not be negative, got -3/);
    await expectBadInput(["preserved", "--snapshot", variant("nodemand", (d) => delete d.demand), "--rule", "both"], /the demand rule needs peak in-flight requests/);
  });

  it("bad flags: exit 2 with one line", async () => {
    await expectBadInput(["preserved", "--snapshot", EXAMPLE, "--set", "epoch_params.poc_slot_allocation=abc"], /--set epoch_params\.poc_slot_allocation: expected a decimal such as 0\.25, got "abc"/);
    await expectBadInput(["preserved", "--snapshot", EXAMPLE, "--set", "epoch_params.poc_slot_allocation=1.5"], /between 0 and 1, got "1\.5"/);
    await expectBadInput(["preserved", "--snapshot", EXAMPLE, "--set", "foo=1"], /--set: unknown parameter "foo"; supported: epoch_params\.poc_slot_allocation/);
    await expectBadInput(["preserved", "--snapshot", EXAMPLE, "--set", "epoch_params.poc_slot_allocation"], /expected KEY=VALUE/);
    await expectBadInput(["preserved", "--snapshot", EXAMPLE, "--rule", "smallest"], /--rule: expected one of current, demand, both, got "smallest"/);
    await expectBadInput(["preserved", "--snapshot", EXAMPLE, "--rate", "0"], /--rate: the rate .* got 0/);
    await expectBadInput(["preserved", "--snapshot", EXAMPLE, "--rate", "ten"], /--rate: expected an integer, got "ten"/);
    await expectBadInput(["preserved", "--snapshot", EXAMPLE, "--anchor", "12x"], /--anchor: expected an anchor height/);
    await expectBadInput(["preserved", "--snapshot", EXAMPLE, "--rule", "demand", "--demand", join(TMP, "none.json")], /none\.json: file not found/);
  });
});

describe("gonka-spec check", () => {
  const guardianValoper = (() => {
    const doc = json(readFileSync(EXAMPLE, "utf8"));
    return ((doc.preserved as Obj).genesisGuardianAddresses as string[])[0]!;
  })();

  it("--json: address, preservedAtAnchor, per node reasons, probability over anchors", async () => {
    const cur = json((await run("preserved", "--snapshot", EXAMPLE, "--json")).out);
    const addr = String(((ruleModels(cur, "current")[0]!.participants as Obj[])[0]!).address);
    const r = await run("check", addr, "--snapshot", EXAMPLE, "--anchors", "200", "--json");
    expect(r.code, r.err).toBe(0);
    const doc = json(r.out);
    expect(doc.address).toBe(addr);
    expect(doc.preservedAtAnchor).toBe(true);
    expect(doc.schema).toBe("gonka-spec/check@1");
    const prob = doc.probability as Obj;
    expect(prob.anchorsEvaluated).toBe(200);
    expect(prob.probability).toBe(Number(prob.preservedCount) / 200);
    const nodes = doc.nodes as Obj[];
    expect(nodes.length).toBeGreaterThan(0);
    for (const n of nodes) {
      expect(typeof n.nodeId).toBe("string");
      expect(typeof n.preserved).toBe("boolean");
      expect(String(n.code)).toMatch(/^[a-z_]+$/); // a code, no display text in data fields
    }
    expect(nodes.some((n) => n.preserved === true)).toBe(true);
    expect(Number(prob.preservedCount)).toBeGreaterThan(0); // preserved at the first anchor of the range
  });

  it("text: verdict, a line per node, and the exact count over anchors", async () => {
    const r = await run("check", guardianValoper, "--snapshot", EXAMPLE, "--anchors", "50", "--anchor", "2851300");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^gonka1\S+\n {2}at anchor 2,851,300: NOT preserved: none of its [\d,]+ nodes\n {2}\(--anchor\)/);
    expect(r.out).toMatch(/genesis guardian: never preserved/);
    expect(r.out).toMatch(/Over 50 anchors \(2,851,300 to 2,851,349\): at least one node preserved at 0\.00 % \(0 of 50 anchors\)/);
  });

  it("bad input: unknown address, bad --anchors, missing ADDRESS → exit 2 with one line", async () => {
    await expectBadInput(["check", "gonka1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq", "--snapshot", EXAMPLE], /ADDRESS: unknown address "gonka1q+"/);
    await expectBadInput(["check", "gonka1abc", "--snapshot", EXAMPLE], /unknown address "gonka1abc".*not a bech32 address/);
    await expectBadInput(["check", guardianValoper, "--snapshot", EXAMPLE, "--anchors", "0"], /--anchors: expected a number of anchors between 1 and 100000, got "0"/);
    await expectBadInput(["check", "--snapshot", EXAMPLE], /missing ADDRESS/);
    await expectBadInput(["check", guardianValoper, "--snapshot", variant("check-schema", (d) => (d.version = 3))], /version: this gonka-spec reads snapshot versions 1 and 2, the file has 3/);
  });
});
