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
