/**
 * The preserved slice from saved REST answers (src/rest-dump/preserved-from-rest.ts).
 *
 * 1. Round trip on the chain's stored snapshot at block 4,089,970: the realdata file's preserved slice
 *    (sampling epoch 264, history 263) written back as REST answers (the shapes of test/realdata/rest)
 *    beside the node's own stored-snapshot answer; built back from them it is the same slice, field for
 *    field, with the file's conventions, and `verify --rest-dump` agrees node for node under v0.2.12.
 * 2. The carried dumps of epochs 247-249: epochs 247 + 248 give the sampler's inputs for the PoC that
 *    starts epoch 249 (anchor 3,843,714 = epoch 249's poc_start_block_height = 3,828,323 + 15,391),
 *    inside v0.2.12's uncertain activation interval, so the version must be passed; 248 + 249 give the
 *    PoC that starts epoch 250 (anchor 3,859,105, v0.2.12 by the table).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { parseJson, stringifyJson } from "../../src/go/json.js";
import { readRestDumps } from "../../src/sources/rest-dump/read-rest-dump.js";
import { preservedFromRestDump } from "../../src/sources/rest-dump/preserved-from-rest.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { preservedStateJson } from "../../src/preserved/state-json.js";
import { REALDATA_DIR, readRealdata } from "../realdata/load.js";
import { runCli } from "../helpers/cli.js";

const REST = join(REALDATA_DIR, "rest");
const E = (n: number): string => join(REST, `epoch_${n}`);
const tmp = mkdtempSync(join(tmpdir(), "gonka-rest-preserved-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const run = runCli;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
/** Plain JSON (bigints as numbers where safe, else compared as text by stringify). */
const plain = (x: unknown): Any => parseJson(stringifyJson(x), "built");

const real: Any = parseJson(readRealdata("preserved/snapshot-4089970.json"), "snapshot-4089970.json");
const S = String;

/** A REST dump (files named a1…a9, in the REST answers' own shapes) of the realdata file's sampler inputs. */
function dumpOf4089970(dir: string, options: { dropHistoryModel?: string } = {}): string {
  mkdirSync(dir, { recursive: true });
  const p = real.preserved;
  const node = (n: Any) => ({ node_id: n.nodeId, poc_weight: S(n.pocWeight), throughput: S(n.throughput), timeslot_allocation: n.timeslotAllocation });
  const sub = (epoch: number, model: string, ws: Any[]) => ({
    epoch_group_data: {
      epoch_index: S(epoch),
      model_id: model,
      poc_start_block_height: "4074579",
      validation_weights: ws.map((w) => ({ member_address: w.memberAddress, weight: S(w.weight), voting_power: S(w.votingPower), confirmation_weight: "0", reputation: 0, ml_nodes: w.mlNodes.map(node) })),
    },
  });
  const files: Record<string, unknown> = {
    "a1.json": {
      epoch_group_data: {
        epoch_index: "264",
        model_id: "",
        poc_start_block_height: "4074579",
        sub_group_models: p.rootGroup.subGroupModels,
        validation_weights: p.rootGroup.validationWeights.map((w: Any) => ({ member_address: w.memberAddress, weight: S(w.weight), confirmation_weight: "0", voting_power: "0", reputation: 0, ml_nodes: [] })),
      },
    },
    "a9.json": JSON.parse(readRealdata("preserved/chain_preserved_nodes_snapshot_at_4089970.json")),
  };
  let i = 2;
  for (const [m, g] of Object.entries<Any>(p.liveSubGroups.byModel)) files[`a${i++}.json`] = sub(264, m, g.validationWeights);
  for (const [m, g] of Object.entries<Any>(p.previousEpochGroupData)) if (m !== options.dropHistoryModel) files[`a${i++}.json`] = sub(263, m, g.validationWeights);
  const unknown = new Set<string>(real.chain.conversion.previousSummariesUnknown);
  files[`a${i++}.json`] = {
    epochPerformanceSummary: Object.entries<Any>(p.previousEpochPerformanceSummaries)
      .filter(([a]) => !unknown.has(a))
      .map(([a, s]) => ({ participant_id: a, epoch_index: "263", rewarded_coins: S(s.rewardedCoins), earned_coins: "0", inference_count: "0", missed_requests: "0" })),
  };
  const wsf = Object.entries<Any>(real.chain.weightScaleFactors).map(([m, f]) => ({ model_id: m, weight_scale_factor: { value: S(f.value), exponent: f.exponent } }));
  const psa = p.params.epochParams.pocSlotAllocation;
  files[`a${i++}.json`] = {
    params: {
      epoch_params: { epoch_length: "15391", poc_slot_allocation: { value: S(psa.value), exponent: psa.exponent } },
      genesis_guardian_params: { guardian_addresses: p.genesisGuardianAddresses },
      poc_params: { models: wsf },
      validation_params: { binom_test_p0: { value: "1", exponent: -1 } },
    },
  };
  for (const [f, v] of Object.entries(files)) writeFileSync(join(dir, f), JSON.stringify(v));
  return dir;
}

describe("round trip on the stored snapshot at block 4,089,970", () => {
  const dir = dumpOf4089970(join(tmp, "r4089970"));

  it("the slice built from the REST answers is the realdata file's preserved slice, field for field", () => {
    const built = preservedFromRestDump(readRestDumps([dir]), { missingSummaries: "rewarded" });
    expect(built.samplingEpoch).toBe(264n);
    expect(built.historyEpoch).toBe(263n);
    expect(built.anchor).toMatchObject({ height: 4089970n, source: "next-poc" });
    const mine = plain(preservedStateJson(built.state));
    // The file is schema v1: its weight scale factors are under chain.weightScaleFactors, not params.pocParams.
    expect(Object.fromEntries(mine.params.pocParams.models.map((m: Any) => [m.modelId, m.weightScaleFactor]))).toEqual(plain(real.chain.weightScaleFactors));
    delete mine.params.pocParams;
    expect(mine).toEqual(plain(real.preserved));
    // The same choices, named as the file names them.
    expect(built.conversion).toMatchObject({ live: "all", prevUnknown: "rewarded", guardians: "params", epochIndex: 264n, previousSummariesKnown: real.chain.conversion.previousSummariesKnown });
    expect(built.conversion.previousSummariesUnknown).toEqual(real.chain.conversion.previousSummariesUnknown);
    expect(built.storedSnapshot?.file).toBe(join(dir, "a9.json"));
  });

  it("verify --rest-dump agrees node for node under v0.2.12 (table), and shows today's rules' difference as verify --snapshot does", async () => {
    const r = await run(["verify", "--rest-dump", dir, "--missing-summaries", "rewarded"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("regular PoC at 4,089,970, epoch 264");
    expect(r.out).toContain("chain version v0.2.12 (gonka-mainnet upgrade table");
    expect(r.out).toMatch(/agree: the port reproduces the stored PreservedNodesSnapshot \(36 nodes over 2 models\)/);
    expect(r.err).toMatch(/^note: the rest dump lacks \d+ inputs these rules read; each is filled with a named assumption \(one could change up to \d+ rows\): --verbose lists them$/m);
    const verbose = await run(["verify", "--rest-dump", dir, "--missing-summaries", "rewarded", "--verbose"]);
    expect(verbose.err).toContain("rest dump lacks 26 members of epoch 263 without a summary: taken as rewarded [--missing-summaries rewarded|unrewarded]");
    const rest = JSON.parse((await run(["verify", "--rest-dump", dir, "--missing-summaries", "rewarded", "--chain-version", "v0.2.14", "--json"])).out);
    const file = JSON.parse((await run(["verify", "--snapshot", join(REALDATA_DIR, "preserved", "snapshot-4089970.json.gz"), "--chain-version", "v0.2.14", "--json"])).out);
    expect(rest.agree).toBe(false);
    expect(rest.differences).toEqual(file.differences);
    expect(rest.onlyOnChainNodes).toBe(16);
    expect(rest.notes.some((n: string) => n.startsWith("rest dump lacks x/group live members"))).toBe(true);
  });

  it("members of epoch 263 without a summary: refused without the flag (one line naming the file and the flag); 'unrewarded' is Go's reading of a missing record", async () => {
    const r = await run(["verify", "--rest-dump", dir]);
    expect(r.code).toBe(2);
    expect(r.err.split("\n")).toHaveLength(1);
    expect(r.err).toMatch(/a\d\.json: 26 of the 54 members of epoch 263's model subgroups have no summary in .*a\d\.json: .*pass --missing-summaries rewarded/);
    const u = preservedFromRestDump(readRestDumps([dir]), { missingSummaries: "unrewarded" });
    expect(u.state.previousEpochPerformanceSummaries.size).toBe(28);
  });

  it("a malformed stored snapshot answer: one line naming its file and field", async () => {
    const d = dumpOf4089970(join(tmp, "badstored"));
    const j = JSON.parse(readFileSync(join(d, "a9.json"), "utf8"));
    j.snapshot.model_preserved_nodes[1].participants[0].node_ids = "ml3";
    writeFileSync(join(d, "a9.json"), JSON.stringify(j));
    const r = await run(["verify", "--rest-dump", d, "--missing-summaries", "rewarded"]);
    expect(r.code).toBe(2);
    expect(r.err.split("\n").filter((l) => !l.startsWith("warning:"))).toHaveLength(1);
    expect(r.err).toMatch(/a9\.json: snapshot\.model_preserved_nodes\[1\]\.participants\[0\]\.node_ids/);
  });

  it("a dump without a stored snapshot answer: verify --rest-dump says what to add (exit 2)", async () => {
    const d = dumpOf4089970(join(tmp, "nostored"));
    rmSync(join(d, "a9.json"));
    const r = await run(["verify", "--rest-dump", d, "--missing-summaries", "rewarded"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/the dumps hold no stored preserved snapshot to compare with/);
  });

  it("a listed model whose history the dumps lack is refused, naming the epoch and what to add", async () => {
    const d = dumpOf4089970(join(tmp, "nohist"), { dropHistoryModel: "moonshotai/Kimi-K2.6" });
    const r = await run(["verify", "--rest-dump", d, "--missing-summaries", "rewarded"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/the sampler's history is epoch 263's model subgroup moonshotai\/Kimi-K2\.6 .*add epoch 263's dump/);
  });
});

describe("the carried dumps of epochs 247-249", () => {
  it("247 + 248: the PoC that starts epoch 249, anchor 3,843,714: v0.2.12 from the table (upgrade at 3,834,200), the same as the flag", async () => {
    const r = JSON.parse((await run(["preserved", "--rest-dump", E(247), "--rest-dump", E(248), "--json"])).out);
    expect(r.chainVersion).toMatchObject({ version: "v0.2.12", source: "table" });
    expect(r.chainVersion.detail).toMatch(/sampling height 3,843,714 is at or after v0\.2\.12 \(block 3,834,200\)/);
    const ok = JSON.parse((await run(["preserved", "--rest-dump", E(247), "--rest-dump", E(248), "--chain-version", "v0.2.12", "--json"])).out);
    expect(r.rules).toEqual(ok.rules);
    expect(ok.anchor).toEqual({ height: "3843714", source: "next-poc" });
    expect(ok.epoch).toBe("248");
    // The same anchor recorded by epoch 249's own group data: the folder of all three with --epoch 248.
    const all = JSON.parse((await run(["preserved", "--rest-dump", REST, "--epoch", "248", "--chain-version", "v0.2.12", "--json"])).out);
    const root249 = JSON.parse(readRealdata("rest/epoch_249/epoch_group_data_249.json"));
    expect(all.anchor.height).toBe(root249.epoch_group_data.poc_start_block_height);
    expect(all.rules).toEqual(ok.rules);
    const models = ok.rules[0].models;
    expect(models.map((m: Any) => m.modelId)).toEqual(["Qwen/Qwen3-235B-A22B-Instruct-2507-FP8"]);
    expect(BigInt(models[0].achievedWeight) >= BigInt(models[0].targetWeight)).toBe(true);
    expect(ok.warnings.some((w: string) => w.startsWith("rest dump lacks module params at the anchor"))).toBe(true);
  });

  it("248 + 249 (or the folder): the PoC that starts epoch 250 at 3,859,105 on v0.2.12; one line of lacks, --verbose the preserved set's only, once each, none that v0.2.12 does not read", async () => {
    const brief = await run(["preserved", "--rest-dump", REST, "--list", "2"]);
    expect(brief.code, brief.err).toBe(0);
    expect(brief.err).toBe("note: the rest dump lacks 4 inputs these rules read; each is filled with a named assumption: --verbose lists them");
    const r = await run(["preserved", "--rest-dump", REST, "--list", "2", "--verbose"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("Preserved set at anchor 3,859,105 (epoch 249)");
    expect(r.out).toContain("chain version v0.2.12 (gonka-mainnet upgrade table");
    const lines = r.err.split("\n");
    expect(lines).toHaveLength(4);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.every((l) => l.startsWith("rest dump lacks "))).toBe(true);
    expect(r.err).not.toMatch(/coin balances|reward params|binom_test_p0|supply cap|grace epoch/);
    // v0.2.12 samples without x/group's live members: their absence is no warning on this run ...
    expect(r.err).not.toContain("x/group");
    expect(r.err).toContain("epoch 250's PoC start (the anchor): 3,859,105 = epoch 249's PoC start + the saved epoch_length [--anchor H]");
    // ... and is one under rules that read them.
    const v13 = await run(["preserved", "--rest-dump", REST, "--list", "2", "--verbose", "--chain-version", "v0.2.13"]);
    expect(v13.err).toContain("x/group live members (v0.2.13+): every listed member (14 excluded before the anchor still counted)");
  });

  it("the slice uses the realdata file's conventions and field shapes", () => {
    const built = plain(preservedStateJson(preservedFromRestDump(readRestDumps([E(248), E(249)])).state));
    const shape = (x: Any): Any =>
      Array.isArray(x) ? (x.length === 0 ? [] : [shape(x[0])]) : x !== null && typeof x === "object" ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, shape(x[k])])) : typeof x;
    const byModelShape = (p: Any) => shape(Object.values<Any>(p.liveSubGroups.byModel).find((g) => g.validationWeights.length > 0));
    expect(byModelShape(built)).toEqual(byModelShape(real.preserved));
    expect(shape(Object.values<Any>(built.previousEpochGroupData)[0])).toEqual(shape(Object.values<Any>(real.preserved.previousEpochGroupData)[0]));
    expect(shape(built.rootGroup)).toEqual(shape(real.preserved.rootGroup));
    expect(shape(Object.values<Any>(built.previousEpochPerformanceSummaries)[0])).toEqual(shape(Object.values<Any>(real.preserved.previousEpochPerformanceSummaries)[0]));
    expect(built.genesisGuardianAddresses).toEqual(real.preserved.genesisGuardianAddresses);
    expect(built.params.epochParams).toEqual(real.preserved.params.epochParams);
    expect(Object.fromEntries(built.params.pocParams.models.map((m: Any) => [m.modelId, m.weightScaleFactor]))).toEqual(plain(real.chain.weightScaleFactors));
    // Kimi is new in 249: epoch 248's root lists no such subgroup, so it has no history (as on chain).
    expect(Object.keys(built.previousEpochGroupData)).toEqual(["Qwen/Qwen3-235B-A22B-Instruct-2507-FP8"]);
    expect(parsePreservedState(built, "built").rootGroup.liveMembers?.size).toBe(72);
  });

  it("--live-members not-excluded drops the members excluded before the anchor", () => {
    const d = readRestDumps([E(247), E(248)]);
    const all = preservedFromRestDump(d).state;
    const live = preservedFromRestDump(d, { liveMembers: "not-excluded" }).state;
    expect(all.rootGroup.liveMembers?.size).toBe(95);
    expect(live.rootGroup.liveMembers?.size).toBe(95 - 44);
  });

  it("check ADDRESS and import-rest + preserved --snapshot give the answers of --rest-dump", async () => {
    const direct = JSON.parse((await run(["preserved", "--rest-dump", E(248), "--rest-dump", E(249), "--json"])).out);
    const f = join(tmp, "i249.json");
    const imp = await run(["import-rest", E(248), E(249), "--out", f]);
    expect(imp.code, imp.err).toBe(0);
    expect(imp.out).toContain("preserved slice: sampling epoch 249, history 248, anchor 3,859,105");
    const snap = JSON.parse(readFileSync(f, "utf8"));
    expect(String(snap.settlement.epoch)).toBe("249");
    expect(snap.chain.conversion.epochIndex).toBe(249);
    const fromFile = JSON.parse((await run(["preserved", "--snapshot", f, "--json"])).out);
    expect(fromFile.rules).toEqual(direct.rules);
    expect(fromFile.anchor).toEqual(direct.anchor);
    const who = direct.rules[0].models[0].participants[0].address;
    const c = JSON.parse((await run(["check", who, "--rest-dump", REST, "--anchors", "10", "--json"])).out);
    expect(c.anchor.height).toBe("3859105");
    expect(c.nodes.filter((n: Any) => n.preserved).map((n: Any) => n.nodeId)).toEqual(direct.rules[0].models[0].participants[0].nodeIds);
  });

  it("a dump without the history: import-rest leaves the preserved slice out and says why; preserved refuses in one line", async () => {
    const imp = await run(["import-rest", E(249), "--out", join(tmp, "only249.json")]);
    expect(imp.code).toBe(0);
    expect(imp.out).toContain("no preserved slice");
    expect(imp.out).toMatch(/the preserved-set sampler's inputs: not built, so preserved, check and verify cannot run on it: .*epoch 248's model subgroup/);
    const r = await run(["preserved", "--rest-dump", E(249)]);
    expect(r.code).toBe(2);
    expect(r.err.split("\n").filter((l) => !l.startsWith("warning:"))).toHaveLength(1);
    expect(r.err).toMatch(/epoch_249: the sampler's history is epoch 248's model subgroup Qwen\/Qwen3-235B-A22B-Instruct-2507-FP8/);
  });

  it("bad values and malformed answers end in one line naming the flag, or the file and the field (exit 2)", async () => {
    for (const [argv, re] of [
      [["preserved", "--rest-dump", REST, "--live-members", "some"], /--live-members: expected all or not-excluded, got "some"/],
      [["preserved", "--rest-dump", REST, "--missing-summaries", "maybe"], /--missing-summaries: expected rewarded or unrewarded/],
      [["preserved", "--rest-dump", REST, "--epoch", "x"], /--epoch: expected an epoch number/],
      [["preserved", "--rest-dump", REST, "--epoch", "250"], /no root epoch group data of epoch 250 .*the dumps hold 247, 248, 249/],
      [["preserved", "--snapshot", "examples/mainnet-like.snapshot.json", "--live-members", "all"], /--live-members applies to --rest-dump only/],
      [["check", "gonka1x", "--rest-dump", REST, "--height", "5"], /--height only applies when reading a node/],
    ] as const) {
      const r = await run([...argv]);
      expect(r.code, argv.join(" ")).toBe(2);
      expect(r.err.split("\n").filter((l) => !l.startsWith("warning:")), argv.join(" ")).toHaveLength(1);
      expect(r.err).toMatch(re);
    }
    const bad = join(tmp, "bad249");
    mkdirSync(bad, { recursive: true });
    const g = JSON.parse(readRealdata("rest/epoch_249/epoch_group_data_249__Qwen_Qwen3-235B-A22B-Instruct-2507-FP8.json"));
    g.epoch_group_data.validation_weights[2].ml_nodes[0].poc_weight = "12x";
    writeFileSync(join(bad, "q.json"), JSON.stringify(g));
    for (const f of ["epoch_group_data_249.json", "epoch_group_data_249__moonshotai_Kimi-K2.6.json", "params.json"]) writeFileSync(join(bad, f), readRealdata(`rest/epoch_249/${f}`));
    const r = await run(["preserved", "--rest-dump", E(248), "--rest-dump", bad]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/q\.json: epoch_group_data\.validation_weights\[2\]\.ml_nodes\[0\]\.poc_weight/);
  });

  it("miss-test --rest-dump prints the settlement lacks it reads, not coin balances, reward params or the preserved set's", async () => {
    // miss-test reads the source with the default reader, which writes to stderr itself.
    const spy = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    let r;
    try {
      r = await run(["miss-test", "--rest-dump", E(248), "--verbose"]);
      r.err = [r.err, ...spy.mock.calls.map((c) => String(c[0]))].join("");
    } finally {
      spy.mockRestore();
    }
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain("rest dump lacks binom_test_p0 at settlement");
    expect(r.err).toContain("rest dump lacks settlement height: estimated 3,843,994 from the saved epoch params");
    expect(r.err).not.toMatch(/coin balances|reward params|x\/group|preserved|anchor/);
  });

  it("backtest: epochs whose dumps hold the previous epoch too get the preserved set under A and B (a folder, or one --rest-dump per epoch)", async () => {
    // Each PoC is sampled on the version `preserved` picks at its anchor (the table's at 3,843,714: v0.2.12).
    const pre = JSON.parse((await run(["preserved", "--rest-dump", E(247), "--rest-dump", E(248), "--json"])).out);
    expect(pre.chainVersion.version).toBe("v0.2.12");
    const doc = JSON.parse((await run(["backtest", "--rest-dump", REST, "--chain-version", "247=v0.2.11", "--json"])).out);
    const byEpoch = Object.fromEntries(doc.epochs.map((e: Any) => [e.epoch, e]));
    expect(byEpoch["247"].preserved).toBeNull();
    expect(byEpoch["248"].preserved).not.toBeNull();
    expect(byEpoch["249"].preserved).not.toBeNull();
    expect(byEpoch["248"].preserved.anchorHeight).toBe("3843714");
    expect(byEpoch["249"].preserved.anchorHeight).toBe("3859105");
    const each = JSON.parse((await run(["backtest", ...[249, 247, 248].flatMap((e) => ["--rest-dump", E(e)]), "--chain-version", "247=v0.2.11", "--json"])).out);
    expect(each.epochs.map((e: Any) => e.preserved)).toEqual(doc.epochs.map((e: Any) => e.preserved));
    expect(byEpoch["248"].assumptions).toContain("the preserved set at anchor 3,843,714 (the PoC after the epoch): sampled with the rules of the version the epoch settles with");
    // v0.2.12 samples without x/group's live members: what the dumps lack of them is no assumption of these epochs ...
    expect(doc.epochs.flatMap((e: Any) => e.assumptions).some((a: string) => a.includes("x/group"))).toBe(false);
    // ... under rules that read them it is.
    const v13 = JSON.parse((await run(["backtest", "--rest-dump", REST, "--chain-version", "v0.2.13", "--epochs", "249..249", "--json"])).out);
    expect(v13.epochs[0].assumptions.some((a: string) => a.startsWith("x/group live members"))).toBe(true);
  });
});
