import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { SCENARIO_DIR } from "../../src/gateway/scenario-source.js";

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(["simulate-poc", ...argv], { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const dir = mkdtempSync(join(tmpdir(), "simulate-poc-"));
const base = JSON.parse(readFileSync(join(SCENARIO_DIR, "epoch-433.json"), "utf8"));

/** Write epoch-433 with one change applied; returns the file path. */
function variant(name: string, change: (doc: any) => void): string {
  const doc = structuredClone(base);
  change(doc);
  const f = join(dir, `${name}.json`);
  writeFileSync(f, JSON.stringify(doc));
  return f;
}

describe("simulate-poc CLI", () => {
  it("--json gives hosts and the miss test for the named host", async () => {
    const r = await cli("--scenario", "epoch-433", "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.hosts[0]).toMatchObject({
      address: "gonka1v8n6p0tgz4mw7j2q5h3c9s0lx6dk8r2fc2uv8x", weight: 1809, preserved: true, served: 60, ghosts: 0,
      refusedBeforeReceipt: 0, failedAfterReceipt: 660, misses: 660,
    });
    expect(j.missTest).toEqual({
      address: "gonka1v8n6p0tgz4mw7j2q5h3c9s0lx6dk8r2fc2uv8x", missed: 749, total: 1497, windowMissed: 660, windowTotal: 720,
      p0: "0.1", passed: false, rewardZeroed: true,
    });
    expect(j.escrows[0].noncesUsed).toBe(11509);
  });

  it("--policy per-host-cap in text: refusals before receipt, no misses, reward kept", async () => {
    const r = await cli("--scenario", "epoch-433", "--policy", "per-host-cap");
    expect(r.code).toBe(0);
    expect(r.out).toContain("720 requests: 9 served, 711 refused before receipt, 0 failed");
    expect(r.out).toContain("89 missed of 786");
    expect(r.out).toContain("passes; reward kept");
  });

  it("--tie-break and --seed reach the simulation; a scenario file works like a built-in", async () => {
    const a = await cli("--scenario", join(SCENARIO_DIR, "soak-7.json"), "--tie-break", "weighted-random", "--seed", "11", "--json");
    const b = await cli("--scenario", "soak-7", "--tie-break", "weighted-random", "--seed", "11", "--json");
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
    const served = JSON.parse(a.out).hosts.map((h: { served: number }) => h.served);
    expect(served[0] + served[1]).toBe(1260);
    expect(served[1]).toBeGreaterThan(0);
    const text = await cli("--scenario", "soak-7");
    expect(text.out).toContain("split of served requests: gonka1soakhosta 1,260 (100%, score 60%), gonka1soakhostb 0 (0%, score 40%)");
  });

  const bad: [string, string[], RegExp][] = [
    ["missing --scenario", [], /missing required option --scenario/],
    ["unknown built-in", ["--scenario", "epoch-999"], /epoch-999: no built-in scenario or file by that name/],
    ["missing file", ["--scenario", "./nope.json"], /nope\.json: file not found/],
    ["bad --policy", ["--scenario", "epoch-433", "--policy", "cap"], /--policy: expected one of today, per-host-cap, got "cap"/],
    ["bad --tie-break", ["--scenario", "epoch-433", "--tie-break", "random"], /--tie-break: expected one of/],
    ["bad --seed", ["--scenario", "epoch-433", "--seed", "x"], /--seed: expected an integer/],
  ];
  for (const [what, argv, msg] of bad) {
    it(`bad input (${what}) exits 2 with one line`, async () => {
      const r = await cli(...argv);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(msg);
      expect(r.err.split("\n")).toHaveLength(1);
      expect(r.out).toBe("");
    });
  }

  const badFiles: [string, (d: any) => void, RegExp][] = [
    ["weight not an integer", (d) => (d.hosts[0].weight = "1809"), /hosts\[0\]\.weight: expected an integer from 0 to .*, got "1809"/],
    ["negative service time", (d) => (d.hosts[0].serviceMs = -5), /hosts\[0\]\.serviceMs: expected an integer .* got -5/],
    ["unknown field", (d) => (d.hosts[0].serviceMS = 5), /hosts\[0\]\.serviceMS: unknown field/],
    ["slot of an unknown host", (d) => (d.escrows[0].slots[3] = "gonka1ghost"), /escrows\[0\]\.slots\[3\]: no host has address "gonka1ghost"/],
    ["bad overload mode", (d) => (d.hosts[0].overload = "drop"), /hosts\[0\]\.overload: expected one of "429", "503", "500", "fail-after-receipt", got "drop"/],
    ["preserved for an unknown phase", (d) => (d.hosts[1].preserved = { validation: false }), /hosts\[1\]\.preserved\.validation: no phase is named "validation"/],
    ["phases out of order", (d) => d.phases.push({ name: "later", startMs: 0 }), /phases\[1\]\.startMs: phases must start in increasing order/],
    ["traffic to an unknown escrow", (d) => (d.traffic[0].route = "escrow-x"), /traffic\[0\]\.route: expected "pooled" or an escrow id, got "escrow-x"/],
    ["p0 out of range", (d) => (d.missTest.p0 = "1.5"), /missTest\.p0: expected a probability/],
    ["missed above total", (d) => (d.missTest.missedOutsideWindow = 9999), /missTest\.missedOutsideWindow: 9999 is more than totalOutsideWindow 777/],
    ["no hosts", (d) => (d.hosts = []), /hosts: expected at least one host/],
    ["arrivals beyond the horizon", (d) => (d.traffic[0].intervalMs = 10_000_000_000), /traffic\[0\]\.intervalMs: the last arrival would come after/],
    ["not an object", (d) => (d.gateway = 5), /gateway: expected an object, got 5/],
    ["preserved as a list", (d) => (d.hosts[0].preserved = [1]), /hosts\[0\]\.preserved: expected true, false or an object \{phaseName: boolean\}, got \[1\]/],
    ["seed as a list", (d) => (d.seed = [2]), /: seed: expected an int64 integer, got \[2\]/],
  ];
  for (const [what, change, msg] of badFiles) {
    it(`bad scenario file (${what}) names the field and exits 2`, async () => {
      const f = variant(what.replace(/\W+/g, "-"), change);
      const r = await cli("--scenario", f);
      expect(r.code).toBe(2);
      expect(r.err).toContain(f);
      expect(r.err).toMatch(msg);
      expect(r.err.split("\n")).toHaveLength(1);
    });
  }

  it("a huge integer inside a wrong-typed field is described, not a crash", async () => {
    const f = join(dir, "bigint.json");
    writeFileSync(f, JSON.stringify(base).replace('"seed":433', '"seed":[123456789012345678901234567890]'));
    const r = await cli("--scenario", f);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/seed: expected an int64 integer, got \["?123456789012345678901234567890"?\]/);
  });

  it("malformed JSON names the file, line and column", async () => {
    const f = join(dir, "broken.json");
    writeFileSync(f, '{\n  "name": "x",\n  "hosts": [,]\n}');
    const r = await cli("--scenario", f);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/broken\.json: invalid JSON at line 3/);
  });
});

describe("simulate-poc seeds and large output", () => {
  it("rejects a seed outside int64, on the command line and in the file", async () => {
    const r = await cli("--scenario", "soak-7", "--seed", "9223372036854775808");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--seed: expected an int64 seed/);
    const f = variant("seed", (d) => (d.seed = 1.5));
    const s = await cli("--scenario", f);
    expect(s.code).toBe(2);
    expect(s.err).toMatch(/: seed: expected an int64 integer, got 1.5/);
  });

  it("a different seed changes the weighted-random split; the same seed repeats it", async () => {
    const split = async (seed: string) => JSON.parse((await cli("--scenario", "soak-7", "--tie-break", "weighted-random", "--seed", seed, "--json")).out).hosts[0].served;
    expect(await split("1")).toBe(await split("1"));
    const seeds = await Promise.all(["1", "2", "3", "4"].map(split));
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });
});
