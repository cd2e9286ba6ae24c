// The `tally` command through main() with a captured io: examples, --json, the scenario, bad input (exit 2).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { parseJson } from "../../src/go/json.js";

const EX = join(import.meta.dirname, "..", "..", "examples");
const dir = mkdtempSync(join(tmpdir(), "tally-cli-"));

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(["tally", ...args], { out: (t) => void (out += `${t}\n`), err: (t) => void (err += `${t}\n`) });
  return { code, out, err };
}

function file(name: string, doc: unknown): string {
  const p = join(dir, name);
  writeFileSync(p, JSON.stringify(doc));
  return p;
}

const GROUP = ["gonka1a", "gonka1b", "gonka1c"];
const START = { type: "start", inference_id: 1, model: "llama", input_length: 10, max_tokens: 5 };

describe("tally command", () => {
  it("replays the invalidated example to Invalidated with the executor's Invalid++", async () => {
    const r = await run(["--file", join(EX, "tally-invalidated.json")]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/record: #5 invalidated \(valid 1, invalid 9\); executor slot 5: Missed 0, Invalid 1, Cost 0/);
    expect(r.out).toMatch(/ErrDuplicateVote/);
  });

  it("replays the timed-out example, and --json reports the final record", async () => {
    const r = await run(["--file", join(EX, "tally-timed-out.json"), "--json"]);
    expect(r.code).toBe(0);
    const doc = parseJson(r.out) as { schema: string; final: { record: { statusName: string }; hostStats: { slot: number; missed: number }[] } };
    expect(doc.schema).toBe("gonka-spec/tally@1"); // camelCase keys (docs/json.md)
    expect(doc.final.record.statusName).toBe("timed_out");
    expect(doc.final.hostStats).toEqual([{ slot: 1, missed: 1, invalid: 0, cost: "0", requiredValidations: 0, completedValidations: 0 }]);
  });

  it("--explain says why; --rule context-aware excuses the over-limit refusal", async () => {
    const today = await run(["--file", join(EX, "tally-context-length.json"), "--explain"]);
    expect(today.out).toMatch(/why: execution timeout: accept weight 4 > 2/);
    expect(today.out).toMatch(/record: #1 timed_out .* Missed 1, Invalid 0/);
    const proposed = await run(["--file", join(EX, "tally-context-length.json"), "--rule", "context-aware"]);
    expect(proposed.out).toMatch(/record: #1 timed_out .* Missed 0, Invalid 0/);
  });

  it("--factor overrides the file: under factor 100 no timeout passes, so the late finish lands", async () => {
    const r = await run(["--file", join(EX, "tally-timed-out.json"), "--factor", "100"]);
    expect(r.out).toMatch(/vote threshold T = 5/);
    expect(r.out).toMatch(/need >5 accept votes, got 3/);
    expect(r.out).toMatch(/record: #1 finished .* Missed 0/);
  });

  it("the context-length scenario lists k = 0..N for both rules", async () => {
    const r = await run(["--scenario", "context-length", "--slots", "16", "--json"]);
    expect(r.code).toBe(0);
    const doc = parseJson(r.out) as { rows: { k: number; current: { missed: number }; contextAware: { missed: number } }[] };
    expect(doc.rows.map((x) => x.k)).toEqual([...Array(17).keys()]);
    expect(doc.rows.slice(0, 16).every((x) => x.current.missed === 1 && x.contextAware.missed === 0)).toBe(true);
    const text = await run(["--scenario", "context-length", "--slots", "4"]);
    expect(text.out).toMatch(/T = 2/);
  });

  it("says which devshard rules ran and why: the tag, the default, or the override (text and JSON)", async () => {
    const v5 = await run(["--file", join(EX, "tally-v5-error-miss.json")]);
    expect(v5.code).toBe(0);
    expect(v5.out).toMatch(/^devshard rules v5 \(zpoken\/gonka@86cff503\): session tag "v5" \(state_root_and_protocol_version\)$/m);
    expect(v5.out).toMatch(/^note: v5: the log-plane rules L0-L7 .* are assumed to accept a diff with no observed-height stamps/m);
    expect(v5.out).toMatch(/record: #1 timed_out .* Missed 1, Invalid 0, Cost 0/);
    const v2 = await run(["--file", join(EX, "tally-timed-out.json")]);
    expect(v2.out).toMatch(/^devshard rules v2 \(redstartechno\/gonka@85835b31\): no state_root_and_protocol_version in the file: "v2"/m);
    const v41 = await run(["--file", file("v41ok.json", { group: GROUP, state_root_and_protocol_version: "v4.1", steps: [START] }), "--json"]);
    expect(v41.code).toBe(0);
    const d41 = parseJson(v41.out) as { devshardRules: { rules: string; source: string; tag: string; goSource: string; notes: string[] } };
    expect(d41.devshardRules).toMatchObject({ rules: "v4.1", source: "tag", tag: "v4.1", goSource: "gonka-ai/gonka@bb34d444" });
    expect(d41.devshardRules.notes).toEqual([expect.stringMatching(/^v4\.1: the bind is assumed to be v4's .* not read on the v4\.1 line/)]);
    const v41text = await run(["--file", file("v41ok.json", { group: GROUP, state_root_and_protocol_version: "v4.1", steps: [START] })]);
    expect(v41text.out).toMatch(/^devshard rules v4\.1 \(gonka-ai\/gonka@bb34d444\): session tag "v4\.1" \(state_root_and_protocol_version\)$/m);
    expect(v41text.out).toMatch(/^note: v4\.1: the bind is assumed to be v4's/m);
    const forced = await run(["--file", file("v6ok.json", { group: GROUP, state_root_and_protocol_version: "v6", steps: [START] }), "--devshard-rules", "v4.1", "--json"]);
    expect(forced.code).toBe(0);
    const doc = parseJson(forced.out) as { devshardRules: { rules: string; source: string; tag: string; goSource: string } };
    expect(doc.devshardRules).toMatchObject({ rules: "v4.1", source: "override", tag: "v6", goSource: "gonka-ai/gonka@bb34d444" });
    const help = await run(["--help"]);
    for (const tag of ["v2", "v3", "v4", "v4.1", "v5", "v6"]) expect(help.out + help.err).toMatch(new RegExp(`[ ,]${tag.replace(".", "\\.")}[ ,]`));
  });

  const bad: [string, () => string[], RegExp][] = [
    ["an unknown message kind", () => ["--file", file("kind.json", { group: GROUP, steps: [{ type: "approve", inference_id: 1 }] })], /steps\[0\]\.type: unknown message kind "approve"/],
    ["a slot out of range", () => ["--file", file("slot.json", { group: GROUP, steps: [START, { type: "validation", inference_id: 1, validator_slot: 7, valid: true }] })], /validator_slot: slot 7 is out of range: the group has 3 slots/],
    ["a negative weight", () => ["--file", file("weight.json", { group: [{ address: "gonka1a", weight: -2 }], steps: [] })], /group\[0\]\.weight: weight must not be negative, got -2/],
    ["a missing group", () => ["--file", file("nogroup.json", { steps: [] })], /group: missing \(expected an array\)/],
    ["an unknown field", () => ["--file", file("field.json", { group: GROUP, stepz: [] })], /unknown field "stepz"/],
    ["a negative token count", () => ["--file", file("neg.json", { group: GROUP, steps: [{ ...START, max_tokens: -1 }] })], /max_tokens: must not be negative/],
    ["malformed JSON", () => ["--file", file("broken.json", "x").replace(/$/, "")], /expected an object|invalid JSON/],
    ["a missing file", () => ["--file", join(dir, "nope.json")], /file not found/],
    ["an unknown rule", () => ["--file", join(EX, "tally-timed-out.json"), "--rule", "lenient"], /--rule: expected one of current, context-aware/],
    ["a factor over 100", () => ["--file", join(EX, "tally-timed-out.json"), "--factor", "150"], /--factor: expected a percentage/],
    ["no --file", () => [], /missing required option --file/],
    ["a devshard v6 tag", () => ["--file", file("v6.json", { group: GROUP, state_root_and_protocol_version: "v6", steps: [] })], /state_root_and_protocol_version: "v6": devshard v6 exists only as the devshard-v0\.2\.16-v6 branch, with no tagged release and no governance approval on record, so its rules are unknown; --devshard-rules R /],
    ["an unknown session tag", () => ["--file", file("v9.json", { group: GROUP, state_root_and_protocol_version: "v9", steps: [] })], /unknown devshard session tag "v9" \(known: v2, v3, v4, v4\.1, v5;/],
    ["an unknown --devshard-rules", () => ["--file", join(EX, "tally-timed-out.json"), "--devshard-rules", "v6"], /--devshard-rules: expected one of v2, v3, v4, v4\.1, v5, got "v6"/],
    ["a v5 heartbeat", () => ["--file", file("hb.json", { group: GROUP, state_root_and_protocol_version: "v5", steps: [{ type: "heartbeat" }] })], /"heartbeat" \(MsgHeartbeat, DevshardTx field 10.*\) is not replayed: devshard\/heightsync was not read/],
    ["an error miss under v4", () => ["--file", file("em4.json", { group: GROUP, state_root_and_protocol_version: "v4", steps: [{ type: "error_miss", inference_id: 1 }] })], /"error_miss" .* is a devshard v5 message; rules v4 have no such message/],
    ["an unknown scenario", () => ["--scenario", "nope"], /unknown scenario/],
  ];
  for (const [what, args, msg] of bad) {
    it(`exits 2 with one named line for ${what}`, async () => {
      const r = await run(args());
      expect(r.code).toBe(2);
      expect(r.err).toMatch(msg);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.err).not.toMatch(/\s+at /);
    });
  }
});
