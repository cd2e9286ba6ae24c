// Acceptance checks of issues 12 and 13 as a user sees them: the text a person reads (units,
// thousands separators, plain words) and the JSON a script reads (warnings, machine codes).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { bech32Encode, convertBitsForTest } from "../preserved/bech32-helpers.js";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const ROOT = resolve(import.meta.dirname, "..", "..");

const run = (...argv: string[]) => runCli(argv);

describe("simulate-poc text: units, thousands separators, words explained", () => {
  it("the large scenario groups every count and names what each column counts", async () => {
    const r = await run("simulate-poc", "--scenario", "large", "--policy", "per-host-cap");
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("100,000 requests: 100,000 served");
    expect(r.out).toMatch(/the other columns count requests/);
    expect(r.out).toMatch(/ghosts = nonces used on its slots with no request sent/);
    expect(r.out).toMatch(/W\(e\), the weight of an escrow's available hosts/);
    expect(r.out).toMatch(/ {2}gonka1large005 +45,500 +yes +45 +1,034 +1,034 /);
    expect(r.out).toMatch(/nonces used in all$/m);
    // no run of four or more digits outside an address or a seed
    const text = r.out.replace(/gonka1\w+/g, "").replace(/seed \d+/g, "");
    expect(text.match(/\d{4,}/g)).toBeNull();
  });
  it("the miss-test line names its unit", async () => {
    const r = await run("simulate-poc", "--scenario", "epoch-433", "--policy", "per-host-cap");
    expect(r.out).toContain("miss test for gonka1v8n6p0tgz4mw7j2q5h3c9s0lx6dk8r2fc2uv8x: 89 missed of 786 requests");
  });
});

describe("chainVersion in JSON: codes for scripts, the words beside them", () => {
  const REAL = resolve(ROOT, "test", "realdata", "preserved", "snapshot-4089970.json.gz");
  it("the table's choice names its candidates; a flag and a recorded version say so", async () => {
    const table = JSON.parse((await run("verify", "--snapshot", REAL, "--json")).out);
    expect(table.chainVersion).toMatchObject({ version: "v0.2.12", source: "table", basis: "table", tableCandidates: ["v0.2.12"] });
    expect(table.chainVersion.detail).toMatch(/^gonka-mainnet upgrade table: sampling height 4,089,970 is at or after v0\.2\.12 \(block 3,834,200\)/);
    expect(table).toMatchObject({ episodeAnchorHeight: "4089970", episodeKind: "regular-poc", epoch: "264" });
    const flag = await run("verify", "--snapshot", REAL, "--chain-version", "v0.2.14", "--json");
    expect(flag.code).toBe(1);
    expect(JSON.parse(flag.out).chainVersion).toMatchObject({ version: "v0.2.14", source: "flag", basis: "flag", tableCandidates: null });
    const recorded = JSON.parse((await run("preserved", "--snapshot", resolve(ROOT, "examples", "mainnet-like.snapshot.json"), "--json")).out);
    expect(recorded.chainVersion).toMatchObject({ source: "snapshot", basis: "recorded", tableCandidates: null });
  });
  it("the table places one version at a height: its JSON names it as the only candidate", async () => {
    const { versionForHeight } = await import("../../src/versions/upgrade-table.js");
    const { versionJson } = await import("../../src/versions/resolve.js");
    const j = versionJson(versionForHeight("gonka-mainnet", 4_300_000n, undefined, undefined, { family: "settlement" }));
    expect(j).toMatchObject({ version: "v0.2.13", source: "table", basis: "table", tableCandidates: ["v0.2.13"] });
    expect(versionJson({ version: "v0.2.14", source: "latest", detail: "x" })).toMatchObject({ basis: "no-state", tableCandidates: null });
  });
});

/** Three valid account addresses (bech32 of 20 bytes 0xaa, 0xbb, 0xcc): the epoch file is otherwise odd only in its counts. */
const [A, B, C] = [0xaa, 0xbb, 0xcc].map((b) => bech32Encode("gonka", convertBitsForTest(new Array<number>(20).fill(b))));

describe("miss-test: epoch counts that wrap Go's integers keep Go's verdict and say so (issue 13 item 4)", () => {
  const file = (() => {
    const dir = mkdtempSync(join(tmpdir(), "gonka-accept-"));
    const f = join(dir, "overflow.epoch.json");
    writeFileSync(
      f,
      JSON.stringify({
        epoch: 7,
        validationParams: null,
        participants: [
          { address: A, currentEpochStats: { inferenceCount: "18446744073709551615", missedRequests: 5 } },
          { address: B, currentEpochStats: { inferenceCount: "9223372036854775807", missedRequests: 10 } },
          { address: C, currentEpochStats: { inferenceCount: 100, missedRequests: 3 } },
        ],
      }),
    );
    return f;
  })();
  it("names each overflowing count in JSON warnings and on stderr; the verdicts follow the wrap", async () => {
    const r = await run("miss-test", "--epoch", file, "--json");
    expect(r.code, r.err).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.warnings).toHaveLength(3);
    expect(doc.warnings[0]).toMatch(/^participants\[0\] \(gonka1\w+\): inferenceCount 18446744073709551615 \+ missedRequests 5 = 18446744073709551620, past uint64 .* wraps to 4/);
    expect(doc.warnings[1]).toMatch(/^participants\[1\] \(gonka1\w+\): total 9223372036854775817 is past int64 .* wraps to a negative count/);
    expect(doc.warnings[2]).toMatch(/network's request counts add up to 27670116110564327540 requests .* saturates/);
    expect(doc.participants.map((p: { total: string; outcome: string }) => [p.total, p.outcome])).toEqual([["4", "kept-error"], ["9223372036854775817", "kept-error"], ["103", "kept"]]);
    expect(r.err.split("\n").filter((l) => l.startsWith("warning: "))).toHaveLength(3);
    const text = await run("miss-test", "--epoch", file);
    expect(text.err).toMatch(/^warning: participants\[0\] \(gonka1\w+\)/m);
    const single = JSON.parse((await run("miss-test", "--missed", "1", "--total", "10", "--epoch", file, "--json")).out);
    expect(single.warnings).toHaveLength(3);
    // One participant: its own counts and the network totals, not the other participants' counts.
    const one = JSON.parse((await run("miss-test", "--epoch", file, "--address", B, "--json")).out);
    expect(one.warnings).toHaveLength(2);
    expect(one.warnings[0]).toMatch(/^participants\[1\] \(gonka1\w+\)/);
    expect(one.warnings[1]).toMatch(/network's request counts/);
    const clean = JSON.parse((await run("miss-test", "--epoch", file, "--address", C, "--json")).out);
    expect(clean.warnings).toHaveLength(1);
  });
  it("no warning on the bundled epoch", async () => {
    const r = await run("miss-test", "--epoch", resolve(ROOT, "examples", "epoch-433.epoch.json"), "--json");
    expect(JSON.parse(r.out).warnings).toEqual([]);
    expect(r.err).toBe("");
    expect(JSON.parse((await run("miss-test", "--missed", "1", "--total", "10", "--json")).out).warnings).toEqual([]);
  });
});

describe("settle --grace-p0: the bounds of every chain decimal (issue 13 items 3 and 5)", () => {
  const DUMP = resolve(ROOT, "test", "realdata", "rest", "epoch_248");
  for (const [value, message] of [
    ["99999999999999999999999", /^--grace-p0: "99999999999999999999999" has more significant digits than the chain's Decimal holds/],
    ["1e-5000", /^--grace-p0: exponent -5000 is outside ±1000/],
    ["abc", /^--grace-p0: expected a decimal such as 0.25, got "abc"/],
  ] as const) {
    it(`--grace-p0 ${value} is one line, exit 2`, async () => {
      const r = await run("settle", "--rest-dump", DUMP, "--grace-p0", value);
      expect(r.code).toBe(2);
      expect(r.out).toBe("");
      expect(r.err.split("\n")).toHaveLength(1);
      expect(r.err.replace(/^gonka-spec settle: /, "")).toMatch(message);
    });
  }
});

describe("miss-test reads the node GONKA_NODE names when given no source and no count (issue 12 item 9)", () => {
  it("epoch mode goes to the node; a single count stays offline", async () => {
    const before = process.env.GONKA_NODE;
    process.env.GONKA_NODE = "tcp://127.0.0.1:9";
    try {
      const node = await run("miss-test", "--address", "gonka1abc", "--timeout", "0");
      expect(node.code).toBe(2);
      expect(node.err).toMatch(/--timeout: must be more than 0/); // the node path validated its flags
      const single = await run("miss-test", "--missed", "1", "--total", "10", "--json");
      expect(single.code, single.err).toBe(0);
      expect(JSON.parse(single.out).p0Source).toBe("default");
    } finally {
      if (before === undefined) delete process.env.GONKA_NODE;
      else process.env.GONKA_NODE = before;
    }
  });
  it("every command that reads a node lists the chain flags in its help", async () => {
    const { COMMANDS } = await import("../../src/cli/commands/index.js");
    for (const c of COMMANDS.filter((x) => x.readsNode)) {
      const h = await run(c.name, "--help");
      for (const f of ["--node URL", "--chain-id", "--timeout", "--batch-size", "--budget", "--max-response-mb"]) expect(h.out, `${c.name} ${f}`).toContain(f);
    }
  });
});

describe("an error with --json is a JSON error object, exit 2 (issue 12 item 8)", () => {
  it("an unknown command too", async () => {
    const r = await run("frobnicate", "-o", "json");
    expect(r.code).toBe(2);
    expect(JSON.parse(r.out)).toEqual({ schema: "gonka-spec/error@1", command: "frobnicate", error: { kind: "input", message: "unknown command 'frobnicate' (try gonka-spec --help)" }, exitCode: 2 });
    expect(r.err).toBe("gonka-spec: unknown command 'frobnicate' (try gonka-spec --help)");
    const plain = await run("frobnicate");
    expect(plain.out).toBe("");
  });
});

describe("README output blocks are what the commands print (issue 12: the README's examples show it)", () => {
  const README = readFileSync(resolve(ROOT, "README.md"), "utf8");
  const textBlocks = [...README.matchAll(/```text\n([\s\S]*?)```/g)].map((m) => m[1]!.replace(/\n$/, "").split("\n"));

  /** Every README line other than a bare "…" is an output line, in order; "…" inside a line stands for the rest of it. */
  function expectExcerpt(readme: string[], output: string[]): void {
    let at = 0;
    for (const line of readme) {
      if (line.trim() === "…") continue;
      const parts = line.split("…");
      const matches = (o: string) => (parts.length === 1 ? o === line : o.startsWith(parts[0]!) && parts.slice(1).every((p) => o.includes(p.trim())));
      const found = output.findIndex((o, i) => i >= at && matches(o));
      expect(found, `README line not printed (in order): ${line}`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  }

  it("check: the excerpt's lines are printed, in order", async () => {
    const block = textBlocks.find((b) => b[0] === "gonka16q5c2yq2wxzrx6jmeuc5n9v8x0vhknxrc3mqtg");
    expect(block).toBeDefined();
    const r = await run("check", "gonka16q5c2yq2wxzrx6jmeuc5n9v8x0vhknxrc3mqtg", "--snapshot", resolve(ROOT, "examples", "mainnet-like.snapshot.json"));
    expect(r.code, r.err).toBe(0);
    const out = r.out.split("\n");
    expectExcerpt(block!, out);
    expect(README).toContain(`An excerpt of its ${out.length} lines`);
  });

  it("settle: the example's lines are printed, in order", async () => {
    const block = textBlocks.find((b) => b[0]!.startsWith("gonka-spec settle "));
    expect(block).toBeDefined();
    const argv = block![0]!.split(/\s+/).slice(1).map((a) => (a.startsWith("test/") ? resolve(ROOT, a) : a));
    const r = await run(...argv);
    expect(r.code, r.err).toBe(0);
    expectExcerpt(block!.slice(1).map((l) => l.replace(resolve(ROOT) + "/", "")), r.out.split("\n").map((l) => l.replace(resolve(ROOT) + "/", "")));
  });
});

describe("the demo stays readable (issue 12 item 7)", () => {
  it("about 100 lines; --verbose prints the full lists", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gonka-demo-"));
    const r = await run("demo", "--report", join(dir, "r.html"));
    expect(r.code, r.err).toBe(0);
    const lines = r.out.split("\n").filter((l) => l.trim() !== "").length; // 92 printed lines (plus blank ones between sections)
    expect(lines).toBeLessThanOrEqual(100);
    expect(r.out).toMatch(/only under demand \(--list N lists them\)$/m);
    const verbose = await run("demo", "--verbose", "--report", join(dir, "v.html"));
    expect(verbose.out.split("\n").length).toBeGreaterThan(lines + 50);
  }, 120_000);
});
