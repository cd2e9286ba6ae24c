/**
 * The carried auditor layout (test/realdata/auditor-layout/README.md): mainnet epochs 265 and 267 saved one
 * performance-summary answer per participant, with prefixed names, in one folder. Its integrity, and what the
 * port makes of it: each epoch read from its own answers; with the June params as saved, the differing rows
 * each named with the inputs the folder may not hold; with params saved before the epochs and the rows the
 * chain paid nothing taken as excluded, all 51 of each epoch paid to the ngonka.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { REALDATA_DIR, SHARED_REALDATA_DIR } from "./load.js";

const A = join(REALDATA_DIR, "auditor-layout", "e265-e267");
const SHARED = join(SHARED_REALDATA_DIR, "auditor-layout", "e265-e267");
const PREFIX = "chain_api_productscience_inference_inference_";
const sha = (b: Buffer): string => createHash("sha256").update(b).digest("hex");
const sums = new Map(readFileSync(join(A, "SHA256SUMS"), "utf8").trim().split("\n").map((l) => l.split(/\s+/)).map(([h, f]) => [f!, h!] as const));
/** The carried answers by original name (".gz" dropped), with their original bytes. */
const carried = new Map(readdirSync(A).filter((f) => f !== "SHA256SUMS").map((f) => [f.replace(/\.gz$/, ""), f.endsWith(".gz") ? gunzipSync(readFileSync(join(A, f))) : readFileSync(join(A, f))] as const));

const tmp = mkdtempSync(join(tmpdir(), "gonka-auditor-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Settled {
  code: number;
  err: string;
  out: string;
  doc: { epoch: string; chainVersion: { version: string }; participants: { address: string }[]; chainRecorded: { matches: number; differs: { address: string; recordedRewardCoins: string; recordedWorkCoins: string; inputsInDoubt: string[] }[] }; assumptions: { input: string; assumption: string; brief?: string; warning?: boolean }[] };
}
async function settle(...argv: string[]): Promise<Settled> {
  const r = await runCli(["settle", ...argv, "--json"]);
  return { ...r, doc: JSON.parse(r.out) };
}
const inDoubt = (s: Settled, code: string): string[] => s.doc.chainRecorded.differs.filter((d) => d.inputsInDoubt.includes(code)).map((d) => d.address);

/** A copy of the folder with `edit` applied (answers added, one replaced). */
function copy(name: string, edit: (dir: string) => void): string {
  const dir = join(tmp, name);
  mkdirSync(dir);
  for (const f of readdirSync(A)) copyFileSync(join(A, f), join(dir, f));
  edit(dir);
  return dir;
}

describe("carried auditor layout", () => {
  it("carries the shared copy's 125 answers (51 summaries per epoch, 2 root and 4 per-model groups, 2 event lists, 14 confirmation-PoC answers, 1 params), each with the sha256 of its SHA256SUMS", () => {
    const names = [...carried.keys()].sort();
    expect(names).toHaveLength(125);
    expect([...sums.keys()].sort()).toEqual(names);
    expect(names.every((n) => n.startsWith(PREFIX))).toBe(true);
    const kind = (k: string): number => names.filter((n) => n.slice(PREFIX.length).startsWith(k)).length;
    expect([kind("epoch_performance_summary_265_"), kind("epoch_performance_summary_267_")]).toEqual([51, 51]);
    expect([kind("epoch_group_data_265.json"), kind("epoch_group_data_267.json"), kind("epoch_group_data_265_model_id_"), kind("epoch_group_data_267_model_id_")]).toEqual([1, 1, 2, 2]);
    expect([kind("confirmation_poc_events_"), kind("all_poc_v2_store_commits_"), kind("poc_v2_validations_for_stage_"), kind("params.json")]).toEqual([2, 7, 7, 1]);
    for (const [n, bytes] of carried) expect(sha(bytes), n).toBe(sums.get(n));
  });

  it.skipIf(!existsSync(SHARED))("is byte-identical to ../shared/realdata/auditor-layout/e265-e267", () => {
    expect(readFileSync(join(A, "SHA256SUMS")).equals(readFileSync(join(SHARED, "SHA256SUMS")))).toBe(true);
    for (const [n, bytes] of carried) expect(bytes.equals(readFileSync(join(SHARED, n))), n).toBe(true);
  });
});

describe("settlement of epochs 265 and 267 from the folder as saved", () => {
  it("one folder, two epochs: without --epoch the newest settled (267), said with the epochs it holds; --epoch 265 the other", async () => {
    const r = await runCli(["settle", "--rest-dump", A]);
    expect(r.out).toMatch(/^settle: epoch 267 on v0\.2\.12 rules/);
    expect(r.out).toMatch(/^warning: the dumps hold the root groups of epochs 265 and 267: this is epoch 267, the newest with performance summaries \[--epoch N\]$/m);
    expect(r.out).toMatch(/^warning: 14 of the 125 \.json files are no answer these commands read, ignored: chain_api_\w+_all_poc_v2_store_commits_4095682\.json/m);
    const e265 = await settle("--rest-dump", A, "--epoch", "265");
    expect(e265.doc.epoch).toBe("265");
    expect(e265.doc.participants).toHaveLength(51);
    expect(e265.doc.assumptions.some((a) => a.input === "the epoch to answer (--epoch N)")).toBe(false); // named by the flag: nothing to say
  });

  it("with the June params as saved: 44 of 51 and 36 of 51 paid exactly, every other row named with what it read that the folder may not hold", async () => {
    const expected = { 265: { matches: 44, notActive: 4 }, 267: { matches: 36, notActive: 1 } };
    for (const [e, x] of Object.entries(expected)) {
      const s = await settle("--rest-dump", A, "--epoch", e);
      expect(s.code, e).toBe(1);
      expect(s.doc.chainVersion.version).toBe("v0.2.12");
      expect(s.doc.chainRecorded.matches, e).toBe(x.matches);
      const differs = s.doc.chainRecorded.differs;
      expect(differs).toHaveLength(51 - x.matches);
      // every differing row read the scale factors of params saved later; some also were paid nothing on chain
      expect(inDoubt(s, "poc-weight-scale-factors")).toHaveLength(differs.length);
      expect(inDoubt(s, "not-active-on-chain")).toHaveLength(x.notActive);
      for (const d of differs.filter((y) => y.inputsInDoubt.includes("not-active-on-chain"))) expect([d.recordedRewardCoins, d.recordedWorkCoins]).toEqual(["0", "0"]);
      const params = s.doc.assumptions.find((a) => a.input === "module params at the settlement height")!;
      expect(params.assumption).toMatch(/chain_api_productscience_inference_inference_params\.json was saved later .*moonshotai\/Kimi-K2\.6 0\.78, .*; read by v0\.2\.12: they set each participant's node total/);
      expect(s.doc.assumptions.find((a) => a.input === "participant status at settlement")!.assumption).toMatch(/no excluded-participants answer in the dump/);
    }
    const text = await runCli(["settle", "--rest-dump", A, "--epoch", "267"]);
    expect(text.out).toMatch(/^ {2}gonka1j7x6dv42xehe9e5au4ku3wvzwtqlegfjhlvzj6: port [\d,]+, chain 0 ngonka {2}\[not-active-on-chain, poc-weight-scale-factors\]$/m);
    expect(text.out).toMatch(/^ {2}not-active-on-chain \(1 row\): the chain paid it neither reward nor work coins/m);
  });

  it("with params saved before the epochs (epoch 249's, fetched 12 hours before 265's PoC): 47 and 50 paid exactly, the rest exactly the rows the chain paid nothing; with those taken as excluded, all 51 of each", async () => {
    const before = copy("params-before", (d) => copyFileSync(join(REALDATA_DIR, "rest", "epoch_249", "params.json"), join(d, `${PREFIX}params.json`)));
    const zeroOnChain: Record<string, string[]> = {};
    for (const [e, matches] of [["265", 47], ["267", 50]] as const) {
      const s = await settle("--rest-dump", before, "--epoch", e);
      expect(s.doc.chainRecorded.matches, e).toBe(matches);
      zeroOnChain[e] = inDoubt(s, "not-active-on-chain");
      expect(s.doc.chainRecorded.differs.map((d) => d.address)).toEqual(zeroOnChain[e]);
    }
    expect(zeroOnChain["267"]).toEqual(["gonka1j7x6dv42xehe9e5au4ku3wvzwtqlegfjhlvzj6"]);
    const excluded = copy("params-before-excluded", (d) => {
      copyFileSync(join(REALDATA_DIR, "rest", "epoch_249", "params.json"), join(d, `${PREFIX}params.json`));
      for (const [e, list] of Object.entries(zeroOnChain)) {
        const items = list.map((address) => ({ address, epoch_index: e, exclusion_block_height: "0", reason: "failed_confirmation_poc" }));
        writeFileSync(join(d, `${PREFIX}excluded_participants_${e}.json`), JSON.stringify({ items }));
      }
    });
    for (const e of ["265", "267"]) {
      const s = await settle("--rest-dump", excluded, "--epoch", e);
      expect(s.code, s.err).toBe(0);
      expect(s.doc.chainRecorded).toEqual({ matches: 51, differs: [] });
    }
  });
});

describe("every command that takes --rest-dump reads the folder per epoch, and picks the same one", () => {
  it("miss-test, import-rest and backtest: 267 by default, 265 with --epoch; backtest settles both", async () => {
    const miss = await runCli(["miss-test", "--rest-dump", A, "--json"]);
    expect(miss.code, miss.err).toBe(0);
    expect(JSON.parse(miss.out).epoch).toBe("267");
    const miss265 = await runCli(["miss-test", "--rest-dump", A, "--epoch", "265"]);
    expect(miss265.code, miss265.err).toBe(0);
    expect(miss265.err).not.toMatch(/the dumps hold the root groups/);
    const text = await runCli(["miss-test", "--rest-dump", A]);
    expect(text.err).toMatch(/^warning: the dumps hold the root groups of epochs 265 and 267: this is epoch 267/m);
    for (const [flags, epoch] of [[[], "267"], [["--epoch", "265"], "265"]] as const) {
      const out = join(tmp, `import-${epoch}.json`);
      const r = await runCli(["import-rest", A, "--out", out, ...flags, "--json"]);
      expect(r.code, r.err).toBe(0);
      expect(JSON.parse(r.out)).toMatchObject({ epoch, participants: 51, preserved: null });
    }
    const bt = await runCli(["backtest", "--rest-dump", A, "--json"]);
    expect(JSON.parse(bt.out).epochs.map((e: { epoch: string }) => e.epoch)).toEqual(["265", "267"]);
  });

  it("check: the preserved set of either epoch needs the epoch before it, which the folder lacks: refused naming it", async () => {
    const r = await runCli(["check", "gonka1j7x6dv42xehe9e5au4ku3wvzwtqlegfjhlvzj6", "--rest-dump", A]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/history is epoch 266's model subgroup .* no per-model epoch group data of epoch 266/);
    const e265 = await runCli(["check", "gonka1j7x6dv42xehe9e5au4ku3wvzwtqlegfjhlvzj6", "--rest-dump", A, "--epoch", "265"]);
    expect(e265.err).toMatch(/history is epoch 264's model subgroup/);
  });
});
