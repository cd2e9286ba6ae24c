// Every command example in README.md runs, as written, and succeeds; so does the library example.
// --rpc examples talk to a local CometBFT-compatible test node that serves the example state.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../src/cli/main.js";
import { FixtureServer } from "../src/testing/fixture-server.js";
import { fixtureFromPreserved } from "../src/testing/fixture-state.js";
import { statusScenarioServer } from "../src/testing/status-scenario-node.js";
import { parseJson, type Json } from "../src/go/json.js";
import { parsePreservedState } from "../src/preserved/state.js";
import { samplePreservedForEpisode } from "../src/preserved/sample-preserved-for-episode.js";

const ROOT = resolve(import.meta.dirname, "..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const README_RPC = "http://127.0.0.1:26657";
/** The status examples' test node (the status scenario's chain, src/testing/status-scenario.ts). */
const README_STATUS_RPC = "http://127.0.0.1:26658";

/** Fenced blocks of a language, in order. */
function blocks(lang: string): string[] {
  return [...README.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]!);
}

const commands = blocks("sh")
  .flatMap((b) => b.split("\n"))
  .map((l) => l.replace(/\s+#.*$/, "").trim())
  .filter((l) => l.startsWith("gonka-spec "));

/** Split a README command line into argv (no quoting is used there), expanding `dir/*.ext` globs. */
function argv(line: string, cwd: string): string[] {
  return line
    .split(/\s+/)
    .slice(1)
    .flatMap((a) => {
      const m = /^(.*)\/\*(\.[\w.]+)$/.exec(a);
      if (!m) return [a];
      return readdirSync(join(cwd, m[1]!)).filter((f) => f.endsWith(m[2]!)).sort().map((f) => `${m[1]}/${f}`);
    });
}

describe("README", () => {
  const example = parseJson(readFileSync(join(ROOT, "examples/mainnet-like.snapshot.json"), "utf8")) as { [k: string]: Json };
  const state = fixtureFromPreserved(example.preserved!);
  state.preservedSnapshot = samplePreservedForEpisode(parsePreservedState(example.preserved!, "example"), 2851200n, { explain: false }).snapshot;
  const node = new FixtureServer({ latestHeight: 2851210, stateAt: () => state, defaultPageLimit: 100 });
  const statusNode = statusScenarioServer();
  const cwd = mkdtempSync(join(tmpdir(), "gonka-readme-"));
  const cwdBefore = process.cwd();
  beforeAll(async () => {
    await node.start();
    await statusNode.start();
    for (const d of ["examples", "test"]) symlinkSync(join(ROOT, d), join(cwd, d));
    process.chdir(cwd);
  });
  afterAll(async () => {
    process.chdir(cwdBefore);
    await node.stop();
    await statusNode.stop();
  });

  it("the first screen gives the two commands for a fresh machine, and they are the package's scripts", () => {
    const firstScreen = README.split("\n").slice(0, 15).join("\n");
    expect(firstScreen).toContain("npm ci && npm start");
    expect(firstScreen).toContain("npm ci && npm test");
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(pkg.scripts.start).toMatch(/gonka-spec\.js demo$/);
    expect(pkg.scripts.test).toMatch(/vitest run$/);
    const ci = readFileSync(join(ROOT, ".ci/run"), "utf8");
    expect(ci).toMatch(/^npm ci/m);
    expect(ci).toMatch(/^npm test$/m);
  });

  it("documents every command with at least one example", async () => {
    const { COMMANDS } = await import("../src/cli/commands/index.js");
    for (const c of COMMANDS) expect(commands.some((l) => l.startsWith(`gonka-spec ${c.name} `) || l === `gonka-spec ${c.name}`), c.name).toBe(true);
  });

  for (const line of commands) {
    it(`runs: ${line}`, async () => {
      const args = argv(line.replaceAll(README_RPC, node.url).replaceAll(README_STATUS_RPC, statusNode.url), cwd);
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
      expect(code, err.join("\n")).toBe(0);
      expect(out.join("\n").length).toBeGreaterThan(0);
    });
  }

  it("the library example runs against the built package", () => {
    const [js] = blocks("js");
    expect(js).toBeDefined();
    const file = join(ROOT, "dist", "readme-example.test-tmp.mjs");
    if (!existsSync(join(ROOT, "dist", "index.js"))) throw new Error("run `npm run build` first (npm test does)");
    writeFileSync(file, js!);
    let out: string;
    try {
      out = execFileSync(process.execPath, [file], { cwd: ROOT, encoding: "utf8" });
    } finally {
      rmSync(file, { force: true });
    }
    expect(out).toMatch(/Qwen\/Qwen3-235B-A22B-Instruct-2507-FP8: \d+ participants/);
    expect(out).toMatch(/749 of 1497 at p0 0\.10 passes: false/);
  });
});
