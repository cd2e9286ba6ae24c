import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { parseJson } from "../../src/go/json.js";

const root = join(import.meta.dirname, "..", "..");
const snap = join(root, "examples", "mainnet-like.snapshot.json");
const A = join(root, "examples", "proposal-a.json");
const B = join(root, "examples", "proposal-b.json");

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

async function compare(...args: string[]) {
  const c = capture();
  const code = await main(["compare", ...args], c.io);
  return { code, out: c.out.join("\n"), err: c.err };
}

describe("gonka-spec compare", () => {
  it("prints the terminal tables by default", async () => {
    const r = await compare("--snapshot", snap, "--a", A, "--b", B, "--anchors", "5");
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Compare A "today" with B "demand rule" on example at height 2851200/);
    expect(r.out).toMatch(/PocSlotAllocation: 0\.1 -> 0\.25/);
    expect(r.out).toMatch(/Qwen\/QwQ-32B\s+22,951 \/ 140,000\s+23,266 \/ 31,081\s+\+7,815/);
    expect(r.out).toMatch(/16 \(default group size\)\s+9 of 16 \(T=8\)\s+11 of 16 \(T=10\)/);
    expect(r.out).toMatch(/today \(no cap\)\s+10\s+today .* 749 \/ 1,497\s+ZEROED/);
  });

  it("--json gives the comparison model, --html writes the report", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gonka-compare-"));
    const html = join(dir, "report.html");
    const r = await compare("--snapshot", snap, "--a", A, "--b", B, "--anchors", "0", "--json", "--html", html);
    expect(r.code).toBe(0);
    const doc = parseJson(r.out) as { [k: string]: unknown };
    expect(doc.schema).toBe("gonka-spec/compare");
    expect((doc.models as unknown[]).length).toBe(4);
    expect((doc.a as { name: string }).name).toBe("today");
    expect(existsSync(html)).toBe(true);
    expect(readFileSync(html, "utf8")).toMatch(/^<!doctype html>/);
  });

  it("identical proposals: 'No difference'", async () => {
    const r = await compare("--snapshot", snap, "--a", A, "--b", A, "--anchors", "0");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/No difference: A and B give the same result on this snapshot\./);
  });

  it("a malformed proposal is exit 2 and one line naming the file and key", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gonka-compare-"));
    const bad = join(dir, "bad.json");
    writeFileSync(bad, `{"name": "bad", "BinomTestP0": "1.5"}`);
    const r = await compare("--snapshot", snap, "--a", A, "--b", bad);
    expect(r.code).toBe(2);
    expect(r.err).toEqual([`gonka-spec compare: ${bad}: BinomTestP0: must be strictly between 0 and 1, got "1.5"`]);
    expect(r.out).toBe("");
  });

  it.each([
    [["--snapshot", snap, "--a", A], /missing required option --b/],
    [["--a", A, "--b", B], /missing --snapshot FILE or --rpc URL/],
    [["--snapshot", snap, "--a", A, "--b", B, "--anchors", "x"], /--anchors: expected an integer, got "x"/],
    [["--snapshot", "/nonexistent.json", "--a", A, "--b", B], /\/nonexistent\.json: snapshot file not found/],
    [["--snapshot", snap, "--a", A, "--b", B, "--bogus"], /bogus/],
  ])("bad input %j is exit 2 with one line", async (args, message) => {
    const r = await compare(...(args as string[]));
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(message);
  });

  it("--help shows the usage", async () => {
    const r = await compare("--help");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/--a A\.json --b B\.json/);
  });
});
