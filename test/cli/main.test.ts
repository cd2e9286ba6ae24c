import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { main, version } from "../../src/cli/main.js";
import { COMMANDS } from "../../src/cli/commands/index.js";
import { normalizeArgs, parse } from "../../src/cli/args.js";
import { nodeUrl, normalizeNodeUrl } from "../../src/cli/snapshot-source.js";
import { makeDirectory, writeFileAtomic } from "../../src/fs/files.js";

const ROOT = resolve(import.meta.dirname, "..", "..");

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

async function run(...argv: string[]) {
  const c = capture();
  const code = await main(argv, c.io);
  return { code, out: c.out.join("\n"), err: c.err.join("\n") };
}

describe("CLI shell", () => {
  it("--help lists every command", async () => {
    const c = capture();
    expect(await main(["--help"], c.io)).toBe(0);
    for (const cmd of COMMANDS) expect(c.out.join("\n")).toContain(`  ${cmd.name} `);
  });
  it("an unknown command is one line on stderr and exit 2", async () => {
    const c = capture();
    expect(await main(["frobnicate"], c.io)).toBe(2);
    expect(c.err).toEqual(["gonka-spec: unknown command 'frobnicate' (try gonka-spec --help)"]);
    const h = await run("help", "frobnicate");
    expect(h.code).toBe(2);
    expect(h.err).toBe("gonka-spec: unknown command 'frobnicate' (try gonka-spec --help)");
  });
  it("vectors check prints per-file lines and the totals last", async () => {
    const c = capture();
    const f = join(import.meta.dirname, "..", "vectors", "go", "go_math_rand.json.gz");
    expect(await main(["vectors", "check", f], c.io)).toBe(0);
    expect(c.out.at(-1)).toBe("160 passed, 0 failed");
    expect(c.out[0]).toMatch(/go_math_rand.json.gz: 160 passed, 0 failed$/);
  });
  it("vectors check fails on an unknown suite, and a missing file is 'file not found'", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gonka-main-"));
    const unknown = join(dir, "no_such_suite.json");
    writeFileSync(unknown, JSON.stringify({ cases: [] }));
    const c = capture();
    expect(await main(["vectors", "check", unknown, "/nonexistent/go_math_rand.json"], c.io)).toBe(1);
    expect(c.out[0]).toBe(`${unknown}: unknown suite 'no_such_suite' (not implemented by this version of gonka-spec)`);
    expect(c.out[1]).toBe("/nonexistent/go_math_rand.json: file not found");
    expect(c.out.at(-1)).toBe("0 passed, 0 failed");
  });
  it("bad flags are exit 2 with one line", async () => {
    const c = capture();
    expect(await main(["vectors", "check", "--bogus"], c.io)).toBe(2);
    expect(c.err).toHaveLength(1);
    expect(c.err[0]).toMatch(/^gonka-spec vectors: .*bogus/);
  });
});

describe("Cosmos CLI habits (issue 12 item 9)", () => {
  it("help CMD prints exactly CMD --help, for every command", async () => {
    for (const cmd of COMMANDS) {
      const a = await run("help", cmd.name);
      const b = await run(cmd.name, "--help");
      expect(a.code, cmd.name).toBe(0);
      expect(a.out, cmd.name).toBe(b.out);
      expect(a.out, cmd.name).toMatch(/Usage/);
    }
  });
  it("the registry's summaries are the commands' own", async () => {
    for (const entry of COMMANDS) expect((await entry.load()).summary, entry.name).toBe(entry.summary);
  });
  it("--version prints the package version", async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(version()).toBe(pkg.version);
    for (const flag of ["--version", "-v", "version"]) {
      const r = await run(flag);
      expect(r.code).toBe(0);
      expect(r.out).toBe(`gonka-spec ${pkg.version}`);
    }
  });
  it("-o json, -o=json, --output json are --json; -o text is the text output", async () => {
    const args = ["miss-test", "--missed", "749", "--total", "1497", "--p0", "0.10"];
    const json = await run(...args, "--json");
    expect(json.code).toBe(0);
    for (const alias of [["-o", "json"], ["-o=json"], ["--output", "json"], ["--output=json"]]) {
      expect((await run(...args, ...alias)).out, alias.join(" ")).toBe(json.out);
    }
    expect((await run(...args, "-o", "text")).out).toBe((await run(...args)).out);
    const bad = await run(...args, "-o", "yaml");
    expect(bad.code).toBe(2);
    expect(bad.err).toBe('gonka-spec miss-test: -o: expected json or text, got "yaml"');
  });
  it("--node accepts tcp://, http:// and https:// (tcp is CometBFT's spelling of http)", () => {
    expect(normalizeNodeUrl("tcp://127.0.0.1:26657", "--node")).toBe("http://127.0.0.1:26657");
    expect(normalizeNodeUrl("http://node.example:26657/", "--node")).toBe("http://node.example:26657/");
    expect(normalizeNodeUrl("https://rpc.example", "--node")).toBe("https://rpc.example");
    expect(() => normalizeNodeUrl("ftp://x", "--node")).toThrow(/--node: expected a node URL \(tcp:\/\/host:port, http:\/\/\.\.\. or https:\/\/\.\.\.\), got "ftp:\/\/x"/);
    expect(() => normalizeNodeUrl("localhost:26657", "--node")).toThrow(/--node: expected a node URL/);
  });
  it("the node comes from --node, else --rpc, else GONKA_NODE; both flags at once is an error", () => {
    const opts = { node: { type: "string" }, rpc: { type: "string" } } as const;
    const env = { GONKA_NODE: "tcp://env:26657" };
    expect(nodeUrl(parse(["--node", "tcp://a:1"], opts), true, env)).toBe("http://a:1");
    expect(nodeUrl(parse(["--rpc", "https://b"], opts), true, env)).toBe("https://b");
    expect(nodeUrl(parse([], opts), true, env)).toBe("http://env:26657");
    expect(nodeUrl(parse([], opts), true, {})).toBeUndefined();
    expect(() => nodeUrl(parse(["--node", "tcp://a:1", "--rpc", "tcp://a:1"], opts), true, env)).toThrow(/not both/);
  });
  it("every command that reads a node takes --node, --height, --chain-id, --timeout and --batch-size", async () => {
    for (const entry of COMMANDS.filter((c) => c.readsNode)) {
      const cmd = await entry.load();
      // An unreachable port with a bad --timeout: the flag is known (no "Unknown option"), its value is checked.
      const argv = entry.name === "check" || entry.name === "status" ? ["gonka1x"] : [];
      const r = await run(entry.name, ...argv, "--node", "tcp://127.0.0.1:9", "--height", "5", "--chain-id", "any", "--batch-size", "3", "--timeout", "0", ...(entry.name === "compare" ? ["--a", "examples/proposal-a.json", "--b", "examples/proposal-b.json"] : []), ...(entry.name === "snapshot" ? ["--out", join(tmpdir(), "never.json")] : []));
      expect(r.code, `${entry.name}: ${r.err}`).toBe(2);
      expect(r.err, entry.name).not.toMatch(/unknown option/i);
      if (entry.name !== "backtest") expect(r.err, entry.name).toMatch(/--timeout: must be more than 0/);
      expect(cmd.usage, entry.name).toMatch(/--node/);
    }
  });
  it("negative numbers are values, not options; '--' ends the options", () => {
    const o = { seed: { type: "string" }, json: { type: "boolean" } } as const;
    expect(normalizeArgs(["--seed", "-5", "--json"], o)).toEqual(["--seed=-5", "--json"]);
    expect(normalizeArgs(["--seed", "-0.5"], o)).toEqual(["--seed=-0.5"]);
    expect(normalizeArgs(["--json", "-5"], o)).toEqual(["--json", "-5"]);
    expect(normalizeArgs(["--", "-o", "json"], o)).toEqual(["--", "-o", "json"]);
  });
});

describe("parameter names: the chain's snake_case, the Go names and camelCase alike", () => {
  it("a proposal file spelled with chain or Go names compares exactly like the canonical one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gonka-names-"));
    const b = JSON.parse(readFileSync(join(ROOT, "examples", "proposal-b.json"), "utf8")) as Record<string, unknown>;
    const rename: Record<string, string> = { PocSlotAllocation: "epoch_params.poc_slot_allocation", BinomTestP0: "ValidationParams.BinomTestP0", vote_threshold_factor: "VoteThresholdFactor", PoCMaxConcurrentPer10000Weight: "poc_max_concurrent_per_10000_weight", preserved_rule: "preservedRule" };
    const spelled = Object.fromEntries(Object.entries(b).map(([k, v]) => [rename[k] ?? k, k === "demand" && typeof v === "string" ? join(ROOT, "examples", v) : v]));
    const canonical = Object.fromEntries(Object.entries(b).map(([k, v]) => [k, k === "demand" && typeof v === "string" ? join(ROOT, "examples", v) : v]));
    writeFileSync(join(dir, "b-spelled.json"), JSON.stringify(spelled));
    writeFileSync(join(dir, "b.json"), JSON.stringify(canonical));
    const args = ["compare", "--snapshot", "examples/mainnet-like.snapshot.json", "--a", "examples/proposal-a.json", "--anchors", "0", "--json"];
    const x = await run(...args, "--b", join(dir, "b.json"));
    const y = await run(...args, "--b", join(dir, "b-spelled.json"));
    expect(x.code, x.err).toBe(0);
    expect(y.code, y.err).toBe(0);
    expect(y.out.replaceAll("b-spelled.json", "b.json")).toBe(x.out);
    writeFileSync(join(dir, "twice.json"), JSON.stringify({ name: "t", PocSlotAllocation: "0.2", poc_slot_allocation: "0.3" }));
    const twice = await run(...args, "--b", join(dir, "twice.json"));
    expect(twice.code).toBe(2);
    expect(twice.err).toMatch(/"poc_slot_allocation" and "PocSlotAllocation" name the same parameter/);
  });
  it("--set takes epoch_params.poc_slot_allocation, poc_slot_allocation, EpochParams.PocSlotAllocation and PocSlotAllocation", async () => {
    const base = ["preserved", "--snapshot", "examples/mainnet-like.snapshot.json", "--json"];
    const outs = [];
    for (const k of ["epoch_params.poc_slot_allocation", "poc_slot_allocation", "EpochParams.PocSlotAllocation", "PocSlotAllocation"]) {
      const r = await run(...base, "--set", `${k}=0.2`);
      expect(r.code, `${k}: ${r.err}`).toBe(0);
      outs.push(r.out);
    }
    expect(new Set(outs).size).toBe(1);
    expect(outs[0]).toMatch(/"pocSlotAllocation": "0.2"/);
  });
});

describe("outputs are written atomically", () => {
  it("a failed write leaves the previous file whole and no temporary file behind", () => {
    const dir = mkdtempSync(join(tmpdir(), "gonka-atomic-"));
    const f = join(dir, "report.html");
    writeFileAtomic(f, "good");
    expect(readFileSync(f, "utf8")).toBe("good");
    // A directory in the way of the rename: the write fails after the temporary file was written.
    const blocked = join(dir, "blocked");
    makeDirectory(join(blocked, "inner"));
    expect(() => writeFileAtomic(blocked, "x", "the report")).toThrow(/blocked: cannot write the report: is a directory/);
    expect(() => writeFileAtomic(join(dir, "missing", "r.html"), "x", "the report")).toThrow(/cannot write the report: the directory .*missing does not exist \(ENOENT\)/);
    expect(readFileSync(f, "utf8")).toBe("good");
    expect(readdirSync(dir).sort()).toEqual(["blocked", "report.html"]);
  });
  it("compare --html and vectors export go through the atomic writer (no writeFileSync on an output)", () => {
    for (const file of ["src/cli/commands/compare.ts", "src/cli/commands/demo.ts", "src/vectors/export-registry.ts", "src/cli/commands/snapshot.ts"]) {
      const text = readFileSync(join(ROOT, file), "utf8");
      expect(text, file).not.toMatch(/writeFileSync|mkdirSync\([^)]*recursive/);
    }
  });
  it("compare --html over an existing report replaces it whole", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gonka-html-"));
    const out = join(dir, "r.html");
    writeFileSync(out, "old");
    const r = await run("compare", "--snapshot", "examples/mainnet-like.snapshot.json", "--a", "examples/proposal-a.json", "--b", "examples/proposal-b.json", "--anchors", "0", "--html", out, "--json");
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(out, "utf8")).toMatch(/^<!doctype html>/i);
    expect(readdirSync(dir)).toEqual(["r.html"]);
  });
});

describe("fast start: offline commands never load the chain client", () => {
  const dist = join(ROOT, "dist", "cli", "main.js");
  it.skipIf(!existsSync(dist))("--help, help CMD and offline commands load no @cosmjs or protobufjs module", () => {
    const script = `
      import { createRequire } from "node:module";
      const { main } = await import(${JSON.stringify(dist)});
      const io = { out() {}, err() {} };
      for (const argv of [["--help"], ["help", "snapshot"], ["verify", "--help"], ["miss-test", "--missed", "1", "--total", "10"],
                          ["tally", "--scenario", "context-length"], ["simulate-poc", "--scenario", "soak-7"], ["vectors", "--help"],
                          ["preserved", "--snapshot", "examples/mainnet-like.snapshot.json"]]) await main(argv, io);
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((k) => /@cosmjs|protobufjs/.test(k));
      console.log(JSON.stringify(loaded));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim().split("\n").at(-1)!)).toEqual([]);
  });
  it.skipIf(!existsSync(dist))("the library entry loads no @cosmjs module: import { missedStatTest } from \"gonka-spec\"", () => {
    const script = `
      import { createRequire } from "node:module";
      const { missedStatTest, Decimal, ChainClient } = await import(${JSON.stringify(join(ROOT, "dist", "index.js"))});
      const passes = missedStatTest(749n, 1497n, Decimal.fromString("0.10"));
      ChainClient.connect("http://127.0.0.1:1").disconnect(); // building a client sends nothing and loads nothing
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((k) => /@cosmjs/.test(k));
      console.log(JSON.stringify({ passes, loaded }));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim().split("\n").at(-1)!)).toEqual({ passes: false, loaded: [] });
  });
  it.skipIf(!existsSync(dist))("a client's first request does load it (the checks above can see it)", () => {
    const script = `
      import { createRequire } from "node:module";
      const { ChainClient } = await import(${JSON.stringify(join(ROOT, "dist", "chain", "index.js"))});
      const seen = () => Object.keys(createRequire(import.meta.url).cache).some((k) => /@cosmjs/.test(k));
      const before = seen();
      const client = ChainClient.connect("http://127.0.0.1:1", { attempts: 1 });
      const error = await client.status().then(() => "answered", (e) => e.kind);
      client.disconnect();
      console.log(JSON.stringify({ before, after: seen(), error }));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim().split("\n").at(-1)!)).toEqual({ before: false, after: true, error: "unreachable" });
  });
});
