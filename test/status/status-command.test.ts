// `gonka-spec status ADDRESS`: the replay of a participant's stats updates from saved answers (the
// example epoch of devshard batches, examples/status-epoch, and real mainnet dumps) and from a node
// (the scenario's test node), beside the chain's record; every missing input named, never guessed.
// The scenario's chain records are made by the port's status rules (proven by the Go vectors,
// test/vectors/go-status); what these tests hold is the readers, the windows, the completeness checks
// and the counterfactual, and the statistics against values computed by hand.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { FixtureServer } from "../../src/testing/fixture-server.js";
import { scenarioHistories, HOSTS, SCENARIO_HEIGHTS, CPOC } from "../../src/testing/status-scenario.js";
import { scenarioNodeState, scenarioTxs } from "../../src/testing/status-scenario-answers.js";
import { statusScenarioServer } from "../../src/testing/status-scenario-node.js";
import { statusScenarioFolder, statusScenarioProposalText } from "../../src/testing/status-scenario-folder.js";
import { REALDATA_DIR } from "../realdata/load.js";

const ROOT = join(import.meta.dirname, "..", "..");
const EXAMPLE = join(ROOT, "examples", "status-epoch");
const [H1, H2, H3, , H5] = HOSTS as [string, string, string, string, string, string];
const H40 = ["--set", "validation_params.invalidation_h_threshold=40"];
const tmp = mkdtempSync(join(tmpdir(), "gonka-status-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function json(argv: string[]): Promise<{ code: number; doc: any }> {
  const r = await runCli([...argv, "--json"]);
  return { code: r.code, doc: JSON.parse(r.out) };
}

/** A copy of the example folder with `edit` applied (files removed or rewritten). */
function folder(name: string, edit: (dir: string) => void): string {
  const d = join(tmp, name);
  cpSync(EXAMPLE, d, { recursive: true });
  edit(d);
  return d;
}

describe("the example folder", () => {
  it("is what the scenario writes (npm run gen:status-example), byte for byte, and so is governance's proposal after it", () => {
    for (const [name, text] of statusScenarioFolder()) expect(readFileSync(join(EXAMPLE, name), "utf8"), name).toBe(text);
    expect(readFileSync(join(ROOT, "examples", "gov", "status-thresholds.proto.json"), "utf8")).toBe(statusScenarioProposalText());
  });
});

describe("status from saved answers (CometBFT block and block_results answers, escrows, host epoch stats)", () => {
  it("host 1: its first batch fires the invalidation SPRT at 8·ln 2 + 22·ln(0.90/0.95) = 4.355698576540 ≥ H 4, where the chain excluded it", async () => {
    const { code, doc } = await json(["status", H1, "--rest-dump", EXAMPLE]);
    expect(code).toBe(0);
    expect(doc.replay.excluded).toEqual({ reason: "statistical_invalidations", height: "6702100", status: "INVALID" });
    expect(doc.chainRecord).toEqual({ reason: "statistical_invalidations", height: "6702100" });
    expect(doc.agreement).toBe("agrees");
    // the batch before the epoch's start (a previous-epoch escrow) is not counted, then the epoch start, then the batch
    expect(doc.updates.map((u: any) => [u.height, u.kind, u.effect])).toEqual([["6700350", "devshard-batch", "not-counted"], ["6700400", "epoch-start", "reset"], ["6702100", "devshard-batch", "update"]]);
    const batch = doc.updates[2];
    expect(batch.counts).toEqual({ validatedInferences: "22", invalidatedInferences: "8", missedRequests: "0", inferenceCount: "30" });
    expect(batch.slots.map((s: any) => [s.slotId, s.assigned, s.invalid])).toEqual([["0", "10", "3"], ["6", "10", "3"], ["12", "10", "2"]]);
    expect(batch.tests.find((t: any) => t.test === "invalidation_sprt")).toEqual({ test: "invalidation_sprt", statistic: "4.35569857654", threshold: "4", decision: "Fail", error: null });
    expect(batch.chainVersion).toBe("v0.2.16");
  });

  it("host 2: 1.366840… after its first batch, 4.876917… ≥ 4 at its second; the text gives each statistic with its threshold", async () => {
    const r = await runCli(["status", H2, "--rest-dump", EXAMPLE]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/invalidation SPRT: log-likelihood ratio 1\.3668 vs H 4\n/);
    expect(r.out).toMatch(/invalidation SPRT: log-likelihood ratio 4\.8769 vs H 4: fired \(≥ H\)/);
    expect(r.out).toMatch(/Replay: excluded at block 6,703,500: INVALID, statistical_invalidations\nChain:  excluded at block 6,703,500: statistical_invalidations\n  the replay agrees/);
  });

  it("host 5: the confirmation PoC's ratio is in no saved answer: unavailable, naming it; the chain's exclusion is at that evaluation's block", async () => {
    const { code, doc } = await json(["status", H5, "--rest-dump", EXAMPLE]);
    expect(code).toBe(0);
    expect(doc.replay.available).toBe(false);
    expect(doc.replay.stoppedAt.input).toMatch(/ratio in confirmation PoC event 0 \(written into its record in EndBlock of block 6,705,281/);
    expect(doc.replay.stoppedAt).toMatchObject({ fromHeight: "6705281", flag: "--node URL" });
    expect(doc.chainRecord).toEqual({ reason: "failed_confirmation_poc", height: "6705281" });
    expect(doc.confirmationEvaluations).toEqual([{ sequence: "0", height: String(CPOC.evaluation) }]);
    expect(doc.agreement).toBe("replay-unavailable");
    // the updates before the missing input are replayed; nothing after it
    expect(doc.updates.map((u: any) => u.height)).toEqual(["6700350", "6700400", "6702100", "6703500"]);
  });

  it("host 3 missed requests: whether it had an open PoC challenge at its batch (v0.2.16 waives the misses) is named, not assumed", async () => {
    const { doc } = await json(["status", H3, "--rest-dump", EXAMPLE]);
    expect(doc.replay.stoppedAt.input).toMatch(/had an open PoC challenge record of epoch 470 at block 6,702,100/);
    expect(doc.chainRecord).toBeNull();
  });

  it("the final counts are tested as one batch and labelled not the chain's path: host 1 ends at 2.507… under H, though it fired at 4.356 on the way", async () => {
    const { doc } = await json(["status", H1, "--rest-dump", EXAMPLE]);
    expect(doc.finalCounts.notTheChainsPath).toBe(true);
    expect(doc.finalCounts.invalidation.reachedH).toBe(false);
    expect(doc.finalCounts.invalidation.llr).toMatch(/^2\.50768/);
    const r = await runCli(["status", H1, "--rest-dump", EXAMPLE]);
    expect(r.out).toMatch(/NOT the chain's path/);
  });

  it("--set H = 40: host 1 is not excluded at its batch; then the confirmation ratio the folder lacks stops the counterfactual (named)", async () => {
    const { doc } = await json(["status", H1, "--rest-dump", EXAMPLE, ...H40]);
    expect(doc.counterfactual.set).toEqual([{ parameter: "validation_params.invalidation_h_threshold", goName: "InvalidationHThreshold", from: "4", to: "40" }]);
    const cf = doc.counterfactual;
    expect(cf.updates.find((u: any) => u.height === "6702100").status).toBe("ACTIVE");
    expect(cf.replay).toMatchObject({ available: false, excluded: null });
    expect(cf.replay.stoppedAt.input).toMatch(/confirmation PoC event 0/);
  });

  it("a block without its block_results, an escrow not saved, a host's batches not shown complete: each stops the replay, named", async () => {
    // without the block's results, the batch may have failed: the host's count can no longer be matched either
    const noResults = (await json(["status", H1, "--rest-dump", folder("no-results", (d) => rmSync(join(d, "block_results_6702100.json")))])).doc.replay;
    expect(noResults.stoppedAt.input).toMatch(/^the folder holds 2 \(and 1 more whose result code or escrow is not saved\) of the 3 settlement batches/);
    expect(noResults.missing.map((l: any) => l.input)).toContainEqual(expect.stringMatching(/^the result code of transaction [0-9A-F]{64} at block 6,702,100 .*a block_results answer for block 6,702,100/));
    const noEscrow = (await json(["status", H1, "--rest-dump", folder("no-escrow", (d) => rmSync(join(d, "devshard_escrow_901.json")))])).doc.replay;
    expect(noEscrow.missing.map((l: any) => l.input)).toContain("escrow 901's record (its slots: the /devshard_escrow/901 answer)");
    // without the count either, both are named (the batches from the epoch's start, and the escrow)
    const both = (await json(["status", H1, "--rest-dump", folder("no-escrow-no-count", (d) => ["devshard_escrow_901.json", `devshard_host_epoch_stats_470_${H1}.json`].forEach((f) => rmSync(join(d, f))))])).doc.replay;
    expect(both.missing.map((l: any) => l.input)).toContain("escrow 901's record (its slots: the /devshard_escrow/901 answer)");
    const noCount = folder("no-count", (d) => rmSync(join(d, `devshard_host_epoch_stats_470_${H1}.json`)));
    const s = (await json(["status", H1, "--rest-dump", noCount])).doc.replay.stoppedAt;
    expect(s.input).toMatch(/every settlement batch of epoch 470's escrows holding .* from block 6,700,401 to 6,715,671: a \/devshard_host_epoch_stats\/470\//);
    expect(s.fromHeight).toBe("6700401");
    const missingBatch = folder("missing-batch", (d) => {
      for (const f of ["block_6702100.json", "block_results_6702100.json"]) rmSync(join(d, f));
    });
    expect((await json(["status", H1, "--rest-dump", missingBatch])).doc.replay.stoppedAt.input).toMatch(/the folder holds 2 of the 3 settlement batches of epoch 470's escrows/);
  });

  it("a failed settlement (result code 5) changes nothing; v0.2.14's rules would count the previous epoch's batch before the start, and the folder cannot say whether host 1 was in that epoch", async () => {
    const { doc } = await json(["status", H1, "--rest-dump", EXAMPLE]);
    expect(doc.updates.some((u: any) => u.escrowId === "904")).toBe(false);
    const v14 = (await json(["status", H1, "--rest-dump", EXAMPLE, "--chain-version", "v0.2.14"])).doc.replay.stoppedAt;
    expect(v14.input).toMatch(/^the settlement batches of epoch 469's escrows holding gonka1zyg3\S+ slots between block 6,700,281 and epoch 470's start \(block 6,700,400\)/);
    expect(v14.detail).toMatch(/under v0\.2\.14 they count into epoch 470's counters .*; whether gonka1zyg3\S+ was in epoch 469's active set is not saved either/);
  });
});

describe("status from real mainnet answers (test/realdata: REST only, no blocks)", () => {
  it("epoch 249 ran v0.2.12: the classic inference messages are missing, named; the chain's record is shown beside, and the final counts labelled", async () => {
    const { code, doc } = await json(["status", "gonka12av9up884t9lcsf70rs0l7jfmkmc8k9sxfuknt", "--rest-dump", join(REALDATA_DIR, "rest"), "--epoch", "249"]);
    expect(code).toBe(0);
    expect(doc.replay.available).toBe(false);
    expect(doc.replay.stoppedAt.input).toMatch(/^epoch 249's classic inference messages/);
    expect(doc.replay.stoppedAt.detail).toMatch(/under v0\.2\.12 every inference moves the counters/);
    expect(doc.chainRecord).toEqual({ reason: "consecutive_failures", height: "3844117" });
    expect(doc.finalCounts.notTheChainsPath).toBe(true);
  });
  it("every failed_confirmation_poc exclusion of epochs 247–249 is at a confirmation PoC's evaluation block (validation end + 1)", async () => {
    for (const [e, addr] of [["249", "gonka1p60lruhxmwcsa9taa28cp4k4f6kv2kvyu5h5ep"], ["248", "gonka1qwfrtz9c7kcrfkrrlne2pkcye74mj6ce33xdkl"], ["247", "gonka19ghzvgfr065s3fr5awuvs3nhy9fq4n7wrr9kel"]] as const) {
      const { doc } = await json(["status", addr, "--rest-dump", join(REALDATA_DIR, "rest"), "--epoch", e]);
      expect(doc.chainRecord.reason, e).toBe("failed_confirmation_poc");
      expect(doc.confirmationEvaluations.map((x: any) => x.height), e).toContain(doc.chainRecord.height);
    }
  });
});

describe("status from a node (the scenario's test node: tx_search by the settlement event, every read at the block before)", () => {
  const server = statusScenarioServer();
  beforeAll(() => server.start());
  afterAll(() => server.stop());
  const node = () => ["--node", server.url, "--epoch", "470"];

  it("every host agrees with the chain's record, including the two the saved answers cannot decide", async () => {
    const hist = scenarioHistories();
    for (const [i, h] of HOSTS.entries()) {
      const { code, doc } = await json(["status", h, ...node()]);
      expect(code, h).toBe(0);
      expect(doc.agreement, h).toBe("agrees");
      expect(doc.replay.excluded?.height ?? null, h).toBe(hist[i]!.excluded === null ? null : String(hist[i]!.excluded!.height));
    }
  });

  it("--set H = 40 spares hosts 1 and 2, not host 5 (its confirmation PoC)", async () => {
    for (const [h, spared] of [[H1, true], [H2, true], [H5, false]] as const) {
      const { doc } = await json(["status", h, ...node(), ...H40]);
      expect(doc.counterfactual.replay.available, h).toBe(true);
      expect(doc.counterfactual.replay.excluded === null, h).toBe(spared);
    }
  });

  it("JSON follows schemas/status.schema.json", async () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    for (const f of ["common", "status"]) ajv.addSchema(JSON.parse(readFileSync(join(ROOT, "schemas", `${f}.schema.json`), "utf8")));
    const { doc } = await json(["status", H2, ...node(), ...H40]);
    const validate = ajv.getSchema("https://gonka-spec.invalid/schemas/status.schema.json")!;
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe("a node whose records disagree with what its transactions explain", () => {
  it("a batch missing from the index: the participant's record moved unseen between two updates, named", async () => {
    const hist = scenarioHistories();
    const txs = scenarioTxs().filter((t) => t.height !== 6_702_100n); // the index lost one block's batch
    const s = new FixtureServer({ latestHeight: Number(SCENARIO_HEIGHTS.settlement + 500n), txs, stateAt: (h) => scenarioNodeState(BigInt(h), hist) });
    await s.start();
    try {
      const { doc } = await json(["status", H2, "--node", s.url, "--epoch", "470"]);
      expect(doc.replay.available).toBe(false);
      expect(doc.replay.stoppedAt.input).toMatch(/the update that moved .* record between block 6,700,400 and block 6,703,499/);
    } finally {
      await s.stop();
    }
  });

  it("a chain record that the replay does not reach is a disagreement: exit 1", async () => {
    const hist = scenarioHistories();
    const s = new FixtureServer({
      latestHeight: Number(SCENARIO_HEIGHTS.settlement + 500n),
      txs: scenarioTxs(),
      stateAt: (h) => {
        const st = scenarioNodeState(BigInt(h), hist);
        st.excluded = st.excluded.map((x) => (x.address === H1 ? { ...x, reason: "downtime" } : x));
        return st;
      },
    });
    await s.start();
    try {
      const r = await runCli(["status", H1, "--node", s.url, "--epoch", "470"]);
      expect(r.code).toBe(1);
      expect(r.out).toMatch(/Chain:  excluded at block 6,702,100: downtime\n  the replay DISAGREES/);
    } finally {
      await s.stop();
    }
  });
});

describe("bad input: one line naming the field and value", () => {
  it("an unknown parameter, a value that is not a decimal, a parameter set twice, no source, a bad address", async () => {
    const bad = async (argv: string[]) => {
      const r = await runCli(argv);
      expect(r.code, argv.join(" ")).toBe(2);
      return r.err;
    };
    expect(await bad(["status", H1, "--rest-dump", EXAMPLE, "--set", "validation_params.invalidation_h_treshold=40"])).toMatch(/--set: "validation_params\.invalidation_h_treshold" is not a parameter of the status tests \(did you mean validation_params\.invalidation_h_threshold\?\)/);
    expect(await bad(["status", H1, "--rest-dump", EXAMPLE, "--set", "InvalidationHThreshold=forty"])).toMatch(/--set InvalidationHThreshold: expected a decimal/);
    expect(await bad(["status", H1, "--rest-dump", EXAMPLE, "--set", "invalidation_h_threshold=40", "--set", "ValidationParams.InvalidationHThreshold=30"])).toMatch(/name the same parameter/);
    // a probability or fraction above 1 (a typo for 0.2, 0.5) would run Go's degenerate branch and read as a verdict
    expect(await bad(["status", H1, "--rest-dump", EXAMPLE, "--set", "validation_params.false_positive_rate=2"])).toBe(
      'gonka-spec status: --set validation_params.false_positive_rate: a probability (the invalidation test\'s P0) is at most 1, got "2"',
    );
    expect(await bad(["status", H1, "--rest-dump", EXAMPLE, "--set", "AlphaThreshold=5"])).toBe('gonka-spec status: --set AlphaThreshold: a fraction (the confirmation PoC\'s pass ratio) is at most 1, got "5"');
    expect((await runCli(["status", H1, "--rest-dump", EXAMPLE, "--set", "validation_params.false_positive_rate=1"])).code).toBe(0);
    expect(await bad(["status", H1])).toMatch(/give the epoch's inputs: --rest-dump DIR, --node URL --epoch N, or --snapshot FILE/);
    expect(await bad(["status", "not\u0007an address", "--rest-dump", EXAMPLE])).toMatch(/ADDRESS: expected a participant address \(gonka1\.\.\.\), got "not\\u0007an address"/);
    expect(await bad(["status", "gonka1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq", "--rest-dump", EXAMPLE])).toMatch(/ADDRESS: "gonka1q+" is not a participant of epoch 470/);
    const broken = folder("broken", (d) => writeFileSync(join(d, "block_6702100.json"), JSON.stringify({ jsonrpc: "2.0", id: -1, result: { block: { header: { height: "6702100" }, data: { txs: ["not base64!"] } } } })));
    expect(await bad(["status", H1, "--rest-dump", broken])).toMatch(/block_6702100\.json: block\.data\.txs\[0\]: not valid base64/);
  });
});

describe("an address with a performance summary but no place in the epoch group", () => {
  it("epoch 249's gonka1ql9a… (settled, paid 0 for no validation weight) is not called 'not a participant': the message says what it is and where its pay is explained", async () => {
    const { REALDATA_DIR } = await import("../realdata/load.js");
    const a = "gonka1ql9asemklpkpr2d4mh33xw5gj0g5tm0v98c5q3";
    const r = await runCli(["status", a, "--rest-dump", join(REALDATA_DIR, "rest"), "--epoch", "249"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `gonka-spec status: ADDRESS: "${a}" has a performance summary of epoch 249 but no entry in its epoch group's validation weights, and the chain excluded no such address: the status tests run on the group's members only, so there is nothing to replay (gonka-spec settle --address ${a} says what it was paid and why)`,
    );
  });
});

describe("flags the chosen source does not read are refused, never ignored", () => {
  it("--height or --timeout with --rest-dump, --set with --snapshot", async () => {
    const h = await runCli(["status", H1, "--rest-dump", EXAMPLE, "--height", "5"]);
    expect([h.code, h.err]).toEqual([2, "gonka-spec status: --height only applies when reading a node (--node URL --epoch N)"]);
    const t = await runCli(["status", H1, "--rest-dump", EXAMPLE, "--timeout", "5"]);
    expect([t.code, t.err]).toEqual([2, "gonka-spec status: --timeout only applies when reading a node (--node URL --epoch N)"]);
    const s = await runCli(["status", H1, "--snapshot", join(import.meta.dirname, "..", "..", "examples", "mainnet-like.snapshot.json"), "--set", "validation_params.invalidation_h_threshold=40"]);
    expect([s.code, s.err]).toEqual([2, "gonka-spec status: --set: a snapshot file holds no stats updates to replay again; it needs --rest-dump DIR or --node URL --epoch N"]);
  });
});
