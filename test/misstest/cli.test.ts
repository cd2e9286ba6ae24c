import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";

const EXAMPLE = join(import.meta.dirname, "..", "..", "examples", "epoch-433.epoch.json");

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(["miss-test", ...args], { out: (t) => void (out += `${t}\n`), err: (t) => void (err += `${t}\n`) });
  return { code, out, err };
}

describe("gonka-spec miss-test", () => {
  it("explains the incident: FAIL on the ratio rule, 149 allowed at 0.10", async () => {
    const r = await run("--missed", "749", "--total", "1497");
    expect(r.code).toBe(0);
    expect(r.out).toContain("FAIL");
    expect(r.out).toContain("ratio rule");
    expect(r.out).toContain("at most 149 missed of 1,497 requests");
    expect(r.out).toMatch(/p0: +0\.1 \(the chain's default binom_test_p0/); // names the p0 and its source
  });

  it("--json has passed, maxAllowedMissed, path; --exact adds the exact test and whether verdicts differ", async () => {
    const r = await run("--missed", "749", "--total", "1497", "--p0-permille", "500", "--exact", "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ schema: "gonka-spec/miss-test@1", passed: false, maxAllowedMissed: "748", path: "ratio-rule", verdictsDiffer: true, p0Source: "flag" });
    expect(j.exact).toMatchObject({ passed: true, criticalValue: "780", pValue: 0.5 });
    expect(j.exact.pValueFraction).toBeUndefined(); // only with --fraction
    const f = JSON.parse((await run("--missed", "749", "--total", "1497", "--p0-permille", "500", "--exact", "--fraction", "--json")).out);
    expect(f.exact.pValueFraction).toEqual({ numerator: "1", denominator: "2" });
  });

  it("shows the table row and the direct path", async () => {
    const t = JSON.parse((await run("--missed", "4", "--total", "15", "--p0", "0.40", "--json")).out);
    expect(t).toMatchObject({ passed: true, path: "table-row", row: { total: 10, criticalMisses: 6 }, maxAllowedMissed: "6" });
    const dp = JSON.parse((await run("--missed", "1", "--total", "400", "--p0", "0.12", "--exact", "--json")).out);
    expect(dp).toMatchObject({ passed: false, path: "direct-p-value", pValue: "0", maxAllowedMissed: "0", verdictsDiffer: true });
  });

  it("evaluates an epoch file and a snapshot's settlement slice the same way", async () => {
    const text = await run("--epoch", EXAMPLE);
    expect(text.code).toBe(0);
    expect(text.out).toContain("zeroed (1): gonka1v8n6p0tgz4mw7j2q5h3c9s0lx6dk8r2fc2uv8x");
    expect(text.out).toContain("v0.2.16 also: the 1 host zeroed here start epoch 434 with trust weight 0 (the failed test sets the previous-epoch baseline P_N to 0, #1588)");
    const viaFile = JSON.parse((await run("--epoch", EXAMPLE, "--json")).out);
    expect(viaFile.p0).toEqual({ value: "100", exponent: -3, decimal: "0.1" }); // governance 0.10, mainnet's May 2026 value
    expect(viaFile.p0Reason).toMatchObject({ reason: "dynamic", baselinePermille: "17", selectedTablePermille: "50" });
    const dir = mkdtempSync(join(tmpdir(), "misstest-"));
    const snap = join(dir, "snap.json");
    const { chain: _chain, ...settlement } = JSON.parse((await import("node:fs")).readFileSync(EXAMPLE, "utf8"));
    writeFileSync(snap, JSON.stringify({ schema: "gonka-spec/snapshot", version: 1, chainId: "example", height: "1", chainVersion: { version: "v0.2.16" }, preserved: {}, settlement }));
    const viaSnap = JSON.parse((await run("--snapshot", snap, "--json")).out);
    // The same verdicts; only where the rules' version came from differs (the file names its chain and
    // settlement block: the upgrade table places v0.2.16 there).
    expect(viaFile.chainVersion).toMatchObject({ version: "v0.2.16", basis: "table", tableCandidates: ["v0.2.16"] });
    expect(viaFile.chainVersion.detail).toMatch(/^gonka-mainnet upgrade table: settlement height 6,691,329 is at or after v0\.2\.16 \(block 6,449,400, proposal 112\)/);
    expect(viaFile.nextEpochTrustZeroed).toEqual(["gonka1v8n6p0tgz4mw7j2q5h3c9s0lx6dk8r2fc2uv8x"]);
    expect(viaSnap.chainVersion).toMatchObject({ version: "v0.2.16", basis: "recorded" });
    expect({ ...viaSnap, chainVersion: null }).toEqual({ ...viaFile, chainVersion: null });
    // A state of a chain without an upgrade table and without a recorded version names the flag.
    writeFileSync(snap, JSON.stringify({ schema: "gonka-spec/snapshot", version: 1, chainId: "example", height: "1", preserved: {}, settlement }));
    const unplaced = await run("--snapshot", snap);
    expect(unplaced.code).toBe(2);
    expect(unplaced.err).toMatch(/"example" has no upgrade table .*pass --chain-version/);
  });

  it("one participant of an epoch (--address), and a single count at the epoch's settlement p0", async () => {
    const one = await run("--epoch", EXAMPLE, "--address", "gonka1v8n6p0tgz4mw7j2q5h3c9s0lx6dk8r2fc2uv8x");
    expect(one.code, one.err).toBe(0);
    expect(one.out).toMatch(/^gonka1v8n6p0tgz4mw7j2q5h3c9s0lx6dk8r2fc2uv8x in epoch 433: settlement downtime step/);
    expect(one.out).toContain("requests: 749 missed of 1,497");
    expect(one.out).toContain("verdict:  FAIL: the epoch reward weight is zeroed");
    const j = JSON.parse((await run("--epoch", EXAMPLE, "--address", "gonka1v8n6p0tgz4mw7j2q5h3c9s0lx6dk8r2fc2uv8x", "--json")).out);
    expect(j.participants).toHaveLength(1);
    expect(j.zeroed).toEqual(["gonka1v8n6p0tgz4mw7j2q5h3c9s0lx6dk8r2fc2uv8x"]);
    const c = JSON.parse((await run("--missed", "120", "--total", "1497", "--epoch", EXAMPLE, "--json")).out);
    expect(c).toMatchObject({ p0: "0.1", p0Source: "epoch-file", epoch: "433", passed: true });
  });

  it("bad input: one line naming the field and the value, exit 2", async () => {
    const cases: [string[], RegExp][] = [
      [["--missed", "-1", "--total", "10"], /--missed: must not be negative, got -1/],
      [["--missed", "11", "--total", "10"], /--missed: missed 11 is more than total 10/],
      [["--missed", "1", "--total", "10", "--p0", "1.2"], /--p0: must be in \(0, 1\), got "1\.2"/],
      [["--missed", "1", "--total", "10", "--p0", "0"], /--p0: must be in \(0, 1\)/],
      [["--missed", "1", "--total", "10", "--p0", "0.1.2"], /--p0: .*"0\.1\.2"/],
      [["--missed", "1", "--total", "10", "--p0-permille", "1000"], /--p0-permille: must be between 1 and 999/],
      [["--missed", "x", "--total", "10"], /--missed: expected an integer, got "x"/],
      [["--total", "10"], /missing required option --missed/],
      [["--epoch", "/nonexistent/epoch.json"], /\/nonexistent\/epoch\.json: file not found/],
      [["--epoch", EXAMPLE, "--p0", "0.2"], /--p0 applies to a single count/],
      [["--missed", "3", "--total", "10", "--epoch", EXAMPLE, "--p0", "0.2"], /either --p0\/--p0-permille or an epoch source/],
      [["--epoch", EXAMPLE, "--address", "gonka1nobody"], /--address: "gonka1nobody" is not a participant of epoch 433/],
      [["--missed", "3", "--total", "10", "--address", "gonka1x"], /--address applies to --epoch/],
      [["--snapshot", "/nonexistent/snap.json"], /snapshot file not found/],
    ];
    for (const [args, re] of cases) {
      const r = await run(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.err).toMatch(re);
    }
  });

  it("an epoch where Go's punishment loop would panic (nil stats) is one line, exit 2", async () => {
    const dir = mkdtempSync(join(tmpdir(), "misstest-"));
    const f = join(dir, "e.json");
    const doc = JSON.parse((await import("node:fs")).readFileSync(EXAMPLE, "utf8"));
    doc.participants.push({ address: "ghost", currentEpochStats: null });
    writeFileSync(f, JSON.stringify(doc));
    const r = await run("--epoch", f, "--no-exact");
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toMatch(/would panic.*participants\[10\] \("ghost"\) has currentEpochStats null/);
  });

  it("a malformed epoch file names the path inside it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "misstest-"));
    const f = join(dir, "e.json");
    writeFileSync(f, JSON.stringify({ epoch: 3, participants: [{ address: "a", currentEpochStats: { inferenceCount: 5, missedRequests: "lots" } }] }));
    const r = await run("--epoch", f);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${f}.participants[0].currentEpochStats.missedRequests: expected an integer, got "lots"`);
  });
});
