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
    expect(r.out).toMatch(/^Compare A "today" with B "demand rule" on example at height 2,851,200/m);
    expect(r.out).toMatch(/^Inputs: the snapshot's preserved state, demand from snapshot, the miss test on the snapshot's settlement slice, the epoch-433 replay on the built-in scenario\./m);
    // per operator: the nodes and weight gained (B preserves 56 more nodes: never "nobody gains")
    expect(r.out).not.toMatch(/Nobody gains/);
    expect(r.out).toMatch(/Qwen\/Qwen3-235B-A22B-Instruct-2507-FP8: B preserves 47 nodes \(91,946 weight\) of 22 operators that A does not, and drops none/);
    expect(r.out).toMatch(/preserved nodes only under this proposal: 0 nodes \(0 weight\) of 0 operators -> 56 nodes \(112,554 weight\) of 24 operators/);
    expect(r.out).toMatch(/gonka16q5c2yq2wxzrx6jmeuc5n9v8x0vhknxrc3mqtg\s+changes\s+2 → 6\s+\+4 \(\+13,351\)/);
    expect(r.out).toMatch(/PocSlotAllocation: 0\.1 -> 0\.25/);
    expect(r.out).toMatch(/Qwen\/QwQ-32B\s+22,951 \/ 140,000\s+23,266 \/ 31,081\s+\+7,815/);
    expect(r.out).toMatch(/16 \(default group size\)\s+9 of 16 \(T=8\)\s+11 of 16 \(T=10\)/);
    expect(r.out).toMatch(/today's gateway, no cap \(rate 10\)\s+60\s+0\s+749 of 1,497\s+ZEROED/);
    expect(r.out).toMatch(/A: per-host cap at A's rate 10\s+9\s+711\s+89 of 786\s+pass/);
    expect(r.out).toMatch(/the cap's cost under A: 711 requests refused before receipt/);
  });

  it("--json gives the comparison model, --html writes the report", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gonka-compare-"));
    const html = join(dir, "report.html");
    const r = await compare("--snapshot", snap, "--a", A, "--b", B, "--anchors", "0", "--json", "--html", html);
    expect(r.code).toBe(0);
    const doc = parseJson(r.out) as { [k: string]: unknown };
    expect(doc.schema).toBe("gonka-spec/compare@1");
    const ops = doc.operators as { address: string; nodesGained: number; weightGained: string }[];
    expect(ops.reduce((s, o) => s + o.nodesGained, 0)).toBe(56);
    expect(ops[0]!.weightGained).toMatch(/^\d+$/);
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
