/** `settle` and `import-rest` end to end on the carried real epochs. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REALDATA_DIR } from "../realdata/load.js";
import { runCli } from "../helpers/cli.js";

const tmp = mkdtempSync(join(tmpdir(), "gonka-settle-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const run = runCli;

const dir = (e: number) => join(REALDATA_DIR, "rest", `epoch_${e}`);
const summaries = (e: number): Map<string, string> =>
  new Map(JSON.parse(readFileSync(join(dir(e), `epoch_performance_summary_${e}.json`), "utf8")).epochPerformanceSummary.map((r: { participant_id: string; rewarded_coins: string }) => [r.participant_id, r.rewarded_coins]));

describe("gonka-spec settle --json", () => {
  for (const [e, v] of [[247, "v0.2.11"], [248, "v0.2.12"], [249, "v0.2.12"]] as const) {
    it(`epoch ${e}: schema, every rewardCoins equal to the chain's rewarded_coins, causes on every zero`, async () => {
      const r = await run(["settle", "--rest-dump", dir(e), "--chain-version", v, "--json"]);
      expect(r.err).toBe("");
      expect(r.code).toBe(0);
      const doc = JSON.parse(r.out);
      expect(doc.schema).toBe("gonka-spec/settle@1");
      expect(doc.epoch).toBe(String(e));
      expect(doc.chainVersion.version).toBe(v);
      const chain = summaries(e);
      expect(doc.participants.length).toBe(chain.size);
      for (const p of doc.participants) {
        expect(p.rewardCoins, p.address).toBe(chain.get(p.address));
        if (p.rewardCoins === "0") expect(p.zeroCauses.length, p.address).toBeGreaterThan(0);
        else expect(p.zeroCauses).toEqual([]);
      }
      expect(BigInt(doc.distributed) + BigInt(doc.remainder)).toBe(BigInt(doc.fixedEpochReward));
    });
  }

  it("the zero causes of epoch 248 by code (each zero row has at least one)", async () => {
    const doc = JSON.parse((await run(["settle", "--rest-dump", dir(248), "--chain-version", "v0.2.12", "--json"])).out);
    const first = new Map<string, number>();
    for (const p of doc.participants) if (p.zeroCauses.length > 0) first.set(p.zeroCauses[0].code, (first.get(p.zeroCauses[0].code) ?? 0) + 1);
    expect(Object.fromEntries(first)).toMatchInlineSnapshot(`
      {
        "confirmation-weight-zero": 16,
        "excluded": 44,
        "failed-miss-test": 3,
      }
    `);
  });

  it("--address prints one participant; a v0.2.10 settle of epoch 247 differs from the chain (exit 1)", async () => {
    const one = await run(["settle", "--rest-dump", dir(248), "--chain-version", "v0.2.12", "--address", "gonka1p60lruhxmwcsa9taa28cp4k4f6kv2kvyu5h5ep"]);
    expect(one.code).toBe(0);
    expect(one.out).toContain("failed the miss test: missed 59 of 67 requests; at most 9 allowed at p0 0.100");
    const old = await run(["settle", "--rest-dump", dir(247), "--chain-version", "v0.2.10"]);
    expect(old.code).toBe(1);
    expect(old.out).toContain("DIFFERS from what the chain recorded for 2 participants");
  });
});

describe("gonka-spec import-rest", () => {
  it("writes a snapshot whose settlement slice settles to the same coins (settle --snapshot)", async () => {
    const out = join(tmp, "e249.snapshot.json");
    const w = await run(["import-rest", dir(249), "--out", out]);
    expect(w.code).toBe(0);
    expect(w.out).toContain("participant coin balances");
    const a = JSON.parse((await run(["settle", "--rest-dump", dir(249), "--chain-version", "v0.2.12", "--json"])).out);
    const r = await run(["settle", "--snapshot", out, "--chain-version", "v0.2.12", "--json"]);
    expect(r.code).toBe(0);
    const b = JSON.parse(r.out);
    expect(b.participants.map((p: { rewardCoins: string }) => p.rewardCoins)).toEqual(a.participants.map((p: { rewardCoins: string }) => p.rewardCoins));
    expect(b.chainRecorded.differs).toEqual([]);
    expect(b.assumptions.length).toBeGreaterThan(3);
  });
  it("needs --out and one directory", async () => {
    expect((await run(["import-rest", dir(249)])).code).toBe(2);
    expect((await run(["import-rest", "--out", join(tmp, "x.json")])).code).toBe(2);
  });
});

describe("settle picks the chain version from the mainnet upgrade table", () => {
  it("epochs 248 and 249 settle on v0.2.12 and 247 on v0.2.11 with no flag; v0.2.10 would pay two of 247 differently", async () => {
    for (const e of [248, 249]) {
      const r = await run(["settle", "--rest-dump", dir(e), "--json"]);
      expect(r.code).toBe(0);
      const doc = JSON.parse(r.out);
      expect(doc.chainVersion.version).toBe("v0.2.12");
      expect(doc.chainVersion.source).toBe("table");
      expect(doc.chainRecorded.differs).toEqual([]);
    }
    const r = await run(["settle", "--rest-dump", dir(247), "--json"]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.chainVersion).toMatchObject({ version: "v0.2.11", source: "table" });
    expect(doc.chainRecorded.differs).toEqual([]);
    const v10 = await run(["settle", "--rest-dump", dir(247), "--chain-version", "v0.2.10", "--json"]);
    expect(v10.code).toBe(1);
    expect(JSON.parse(v10.out).chainRecorded.differs.map((d: { address: string }) => d.address).sort()).toEqual([
      "gonka1qu9mna5xlvlnw9455ygtjq92wuzkzm237w8l08",
      "gonka1uf5cg7ef0ns6877nl27y0s6rt06cdmn40k5a88",
    ]);
  });
});

describe("settle --coin-balances: a file naming no balance", () => {
  it("{} is refused naming the flag and the file (not read as 'every balance assumed'), exit 2", async () => {
    const f = join(tmp, "empty-balances.json");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(f, "{}");
    const r = await run(["settle", "--rest-dump", dir(249), "--coin-balances", f]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toBe(`gonka-spec settle: --coin-balances: ${f} names no balance (expected {address: coin balance} naming participants of the epoch)`);
  });
});

describe("settle --rest-dump with a node-reading flag", () => {
  it("--height is refused (it would be ignored: the dump is read as saved), exit 2", async () => {
    const r = await run(["settle", "--rest-dump", dir(249), "--height", "3859384"]);
    expect([r.code, r.out, r.err]).toEqual([2, "", "gonka-spec settle: --height only applies when reading a node (--node URL)"]);
  });
});
