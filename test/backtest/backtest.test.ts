/** `gonka-spec backtest` on the carried real epochs 247-249: the status quo is the chain, p0 0.05 zeroes exactly whom the miss-test tables say. */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { Decimal } from "../../src/go/decimal.js";
import { ceilToSupportedP0Permille } from "../../src/misstest/ceil-to-supported-p0-permille.js";
import { missedStatTest } from "../../src/misstest/missed-stat-test.js";
import { readRealdata, REALDATA_DIR } from "../realdata/load.js";

const ROOT = join(import.meta.dirname, "..", "..");
const REST = join(REALDATA_DIR, "rest");
const P005 = join(ROOT, "examples", "proposal-p0-005.json");
const V247 = ["--chain-version", "247=v0.2.11"];
const tmp = mkdtempSync(join(tmpdir(), "gonka-backtest-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(["backtest", ...argv], { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

interface Summary {
  participant_id: string;
  rewarded_coins: string;
  inference_count: string;
  missed_requests: string;
}
/** The chain's own epoch performance summaries, read straight from the carried REST answers. */
const summaries = (e: number): Summary[] => JSON.parse(readRealdata(`rest/epoch_${e}/epoch_performance_summary_${e}.json`)).epochPerformanceSummary;

describe("backtest of the status quo is the settlement check", () => {
  it("A = B = today on 247-249: every participant's coins are the chain's rewarded_coins, nothing moves, exit 0", async () => {
    const r = await run(["--rest-dump", REST, ...V247, "--json"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.schema).toBe("gonka-spec/backtest@1");
    expect(doc.epochs.map((e: { epoch: string }) => e.epoch)).toEqual(["247", "248", "249"]);
    expect(doc.epochs.map((e: { chainVersion: { version: string } }) => e.chainVersion.version)).toEqual(["v0.2.11", "v0.2.12", "v0.2.12"]);
    let rows = 0;
    for (const e of doc.epochs) {
      const chain = new Map(summaries(Number(e.epoch)).map((s) => [s.participant_id, s.rewarded_coins]));
      expect(e.participants.length).toBe(chain.size);
      for (const p of e.participants) {
        expect(p.coinsA, `${e.epoch} ${p.address}`).toBe(chain.get(p.address));
        expect(p.coinsB).toBe(p.coinsA);
        rows++;
      }
      expect(BigInt(e.a.distributed) + BigInt(e.a.notDistributed)).toBe(BigInt(e.a.fixedEpochReward));
    }
    expect(rows).toBe(294);
    expect(doc.statusQuo).toEqual({ epochsChecked: 3, participantsChecked: 294, differs: 0, ok: true });
    expect(doc.totals.changed).toBe(0);
    expect(doc.winners).toEqual([]);
    expect(doc.losers).toEqual([]);
  });

  it("the text prints the check's result; wrong rules for an epoch fail it (exit 1) and name the rows", async () => {
    const ok = await run(["--rest-dump", REST, ...V247]);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain("status quo check: OK — today's parameters pay all 294 participant rows of 3 epochs exactly the chain's rewarded_coins");
    const bad = await run(["--rest-dump", join(REST, "epoch_247"), "--chain-version", "v0.2.10"]);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("status quo check: FAILED — 2 of 118 participant rows differ");
    expect(bad.out).toContain("epoch 247: today's parameters DIFFER from what the chain paid for 2 participants");
  });

  it("a directory of epoch_N dumps and the dumps one by one give the same document", async () => {
    const all = JSON.parse((await run(["--rest-dump", REST, ...V247, "--b", P005, "--json"])).out);
    const each = JSON.parse((await run([...[249, 247, 248].flatMap((e) => ["--rest-dump", join(REST, `epoch_${e}`)]), ...V247, "--b", P005, "--json"])).out);
    expect(each.totals).toEqual(all.totals);
    expect(each.participants).toEqual(all.participants);
    expect(each.epochs.map((e: { epoch: string }) => e.epoch)).toEqual(["247", "248", "249"]);
  });
});

/**
 * The expectation, derived without the backtest: settlement's p0 is the larger of the governance table
 * and the network's miss share + 20 ‰ rounded up to a table (keeper.getDynamicP0); a participant the
 * chain paid loses everything under 0.05 exactly when MissedStatTest fails at the p0 0.05 gives.
 */
function expectedZeroedAt005(e: number): Set<string> {
  const rows = summaries(e);
  let total = 0n;
  let missed = 0n;
  let used = 0;
  for (const s of rows) {
    const t = BigInt(s.inference_count) + BigInt(s.missed_requests);
    if (t === 0n) continue;
    total += t;
    missed += BigInt(s.missed_requests);
    used++;
  }
  expect(total >= 1000n && used >= 5).toBe(true); // the dynamic path applies on these epochs
  const dynamic = ceilToSupportedP0Permille((missed * 1000n) / total + 20n);
  const permille = dynamic > 50n ? dynamic : 50n;
  const p0 = Decimal.fromChain({ value: permille, exponent: -3 });
  const out = new Set<string>();
  for (const s of rows) {
    if (s.rewarded_coins === "0") continue;
    const m = BigInt(s.missed_requests);
    if (!missedStatTest(m, m + BigInt(s.inference_count), p0)) out.add(s.participant_id);
  }
  return out;
}

describe("--b p0 0.05 against today's 0.10", () => {
  it("zeroes exactly the participants the miss-test tables fail at the p0 settlement would use; nobody else's coins move", async () => {
    const r = await run(["--rest-dump", REST, ...V247, "--b", P005, "--json"]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    let lost = 0n;
    const allExpected: string[] = [];
    for (const e of doc.epochs) {
      const expected = expectedZeroedAt005(Number(e.epoch));
      allExpected.push(...expected);
      const zeroedOnlyByB = e.participants.filter((p: { coinsA: string; coinsB: string }) => p.coinsA !== "0" && p.coinsB === "0");
      expect(new Set(zeroedOnlyByB.map((p: { address: string }) => p.address)), `epoch ${e.epoch}`).toEqual(expected);
      for (const p of e.participants) {
        if (expected.has(p.address)) {
          expect(p.zeroCausesB[0].code).toBe("failed-miss-test");
          expect(BigInt(p.delta)).toBe(-BigInt(p.coinsA));
          lost += BigInt(p.coinsA);
        } else expect(p.delta, p.address).toBe("0");
      }
      expect(BigInt(e.b.notDistributed) - BigInt(e.a.notDistributed)).toBe(-BigInt(e.b.distributed) + BigInt(e.a.distributed));
      expect(e.a.p0).toBe("0.1");
      expect(e.b.governanceP0).toBe("0.05");
      // The network share + 20 ‰ selects the 50 ‰ table: A's 0.100 is governance's, not the dynamic p0's.
      expect(e.a.p0Decision).toMatchObject({ decidedBy: "governance", governancePermille: "100", dynamicTablePermille: "50" });
      expect(Number(e.a.p0Decision.missSharePermille) + 20).toBe(Number(e.a.p0Decision.targetPermille));
      expect(e.b.p0Decision).toMatchObject({ decidedBy: "governance-and-dynamic-table", governancePermille: "50", dynamicTablePermille: "50" });
    }
    // On these epochs the network miss share (23-27 ‰) + 20 ‰ stays under 50 ‰: 0.05 is the p0 used.
    expect(doc.epochs.map((e: { b: { p0: string } }) => e.b.p0)).toEqual(["0.05", "0.05", "0.05"]);
    expect(allExpected.length).toBeGreaterThan(0);
    expect(BigInt(doc.totals.lost)).toBe(lost);
    expect(doc.totals.gained).toBe("0");
    expect(BigInt(doc.totals.notDistributedB) - BigInt(doc.totals.notDistributedA)).toBe(lost);
    expect(doc.losers.map((x: { address: string }) => x.address).sort()).toEqual([...new Set(allExpected)].sort());
    expect(doc.winners).toEqual([]);
  });

  it("the text names each zeroed participant with the cause, full addresses, coins with thousands separators and the denomination", async () => {
    const r = await run(["--rest-dump", REST, ...V247, "--b", P005]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/gonka1[0-9a-z]{38}: A [\d,]+\.\d{9}, B 0 GNK; zero under B: failed the miss test: missed \d+ of \d+ requests; at most \d+ allowed at p0 0\.050/);
    expect(r.out).toContain("gonka1xwkesaxvdadh9wt9yyladu0r260s7whklcktds: A 5,120.704092468, B 0 GNK; zero under B");
    expect(r.out).toContain("largest losers under B (over all epochs, GNK):");
    expect(r.out).toContain("6,324.845418454 GNK (6,324,845,418,454 ngonka) lost");
    expect(r.out).toContain("epoch 249: A 0.100 (governance: its 100‰ table is above the dynamic 50‰ table, from network miss share 25‰ + 20‰ margin = 45‰)");
    expect(r.out).toMatch(/^ {13}B 0\.050 \(governance and the dynamic table agree on 50‰, from network miss share 25‰ \+ 20‰ margin = 45‰ → 50‰\)$/m);
    expect(r.out).not.toContain("(dynamic: ");
    expect(r.out).toMatch(/^total .*\d{1,3}(,\d{3})+/m);
  });

  it("--html writes one self-contained report atomically (same bytes twice, no temp file left)", async () => {
    const dir = join(tmp, "html");
    mkdirSync(dir);
    const f = join(dir, "bt.html");
    const r1 = await run(["--rest-dump", REST, ...V247, "--b", P005, "--html", f]);
    expect(r1.code).toBe(0);
    expect(r1.out).toContain(`HTML report written to ${f}`);
    const a = readFileSync(f, "utf8");
    await run(["--rest-dump", REST, ...V247, "--b", P005, "--html", f, "--json"]);
    expect(readFileSync(f, "utf8")).toBe(a);
    expect(readdirSync(dir)).toEqual(["bt.html"]);
    for (const id of ["chart-moved", "chart-gainers", "chart-p0"]) expect(a).toContain(`id="${id}"`);
    expect(a).not.toMatch(/<script|<link|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    expect(a).toContain("gonka1xwkesaxvdadh9wt9yyladu0r260s7whklcktds");
    expect(a).toContain('class="p0-b" data-epoch="249" data-value="0.05"');
  });
});

describe("bad input: one clear line, exit 2", () => {
  const bad = async (argv: string[], pattern: RegExp) => {
    const r = await run(argv);
    expect(r.code, r.out).toBe(2);
    expect(r.out).toBe("");
    const lines = r.err.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
  };

  it("an epoch of --epochs that the dumps lack", () => bad(["--rest-dump", REST, ...V247, "--epochs", "247..250"], /--epochs 247\.\.250: epoch 250 is not in the inputs \(they hold 247, 248, 249\)/));
  it("a proposal key the version does not have (vote_threshold_factor before v0.2.14)", () =>
    bad(["--rest-dump", join(REST, "epoch_249"), "--b", join(ROOT, "examples", "proposal-b.json")], /proposal-b\.json: vote_threshold_factor: epoch 249 settled on chain v0\.2\.12 rules, which have no vote_threshold_factor \(it exists from v0\.2\.14\)/));
  it("an unknown proposal key", () => {
    const f = join(tmp, "typo.json");
    writeFileSync(f, JSON.stringify({ name: "typo", BinomTestPO: "0.05" }));
    return bad(["--rest-dump", REST, ...V247, "--b", f], /typo\.json: BinomTestPO: unknown key/);
  });
  it("an epoch asked to settle past the newest version the port pins is refused, naming the per-epoch flag", () =>
    bad(["--rest-dump", join(REST, "epoch_247"), "--chain-version", "247=v0.2.17"], /epoch 247: v0\.2\.17: no exact rules for epoch settlement \(SettleAccounts\): v0\.2\.17 exists only as branch code.*--chain-version 247=v0\.2\.16 runs v0\.2\.16's rules at your own risk/));
  it("an epoch moved after v0.2.16's upgrade height settles under v0.2.16, chosen by the table", async () => {
    // Epoch 247 moved to a settlement after block 6,449,400 (proposal 112): v0.2.16's rules, named
    const dir = join(tmp, "late", "epoch_247");
    mkdirSync(dir, { recursive: true });
    for (const f of readdirSync(join(REST, "epoch_247"))) copyFileSync(join(REST, "epoch_247", f), join(dir, f));
    const gf = join(dir, "epoch_group_data_247.json");
    writeFileSync(gf, readFileSync(gf, "utf8").replace('"poc_start_block_height": "3812932"', '"poc_start_block_height": "6500000"'));
    const r = await run(["--rest-dump", join(tmp, "late"), "--json"]);
    expect(JSON.parse(r.out).epochs[0].chainVersion).toMatchObject({ version: "v0.2.16", basis: "table" });
  });


  it("an epoch moved before v0.2.11's upgrade height settles under v0.2.10, and the status quo check catches that the chain paid otherwise", async () => {
    const dir = join(tmp, "early", "epoch_247");
    mkdirSync(dir, { recursive: true });
    for (const f of readdirSync(join(REST, "epoch_247"))) copyFileSync(join(REST, "epoch_247", f), join(dir, f));
    const gf = join(dir, "epoch_group_data_247.json");
    writeFileSync(gf, readFileSync(gf, "utf8").replace('"poc_start_block_height": "3812932"', '"poc_start_block_height": "3000000"'));
    const r = await run(["--rest-dump", join(tmp, "early"), "--json"]);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.out);
    expect(j.epochs[0].chainVersion).toMatchObject({ version: "v0.2.10", source: "table" });
    expect(j.statusQuo.ok).toBe(false);
  });
  it("a malformed dump names the file and field", () => {
    const dir = join(tmp, "broken", "epoch_248");
    mkdirSync(dir, { recursive: true });
    for (const f of readdirSync(join(REST, "epoch_248"))) copyFileSync(join(REST, "epoch_248", f), join(dir, f));
    const sf = join(dir, "epoch_performance_summary_248.json");
    const j = JSON.parse(readFileSync(sf, "utf8"));
    j.epochPerformanceSummary[3].missed_requests = "-4";
    writeFileSync(sf, JSON.stringify(j));
    return bad(["--rest-dump", join(tmp, "broken")], /epoch_performance_summary_248\.json: epochPerformanceSummary\[3\]\.missed_requests/);
  });
  it("a truncated dump file", () => {
    const dir = join(tmp, "trunc");
    mkdirSync(dir);
    for (const f of readdirSync(join(REST, "epoch_249"))) copyFileSync(join(REST, "epoch_249", f), join(dir, f));
    writeFileSync(join(dir, "epoch_group_data_249.json"), readFileSync(join(REST, "epoch_249", "epoch_group_data_249.json"), "utf8").slice(0, 500));
    return bad(["--rest-dump", dir], /epoch_group_data_249\.json/);
  });
  it("the same epoch twice", () => bad(["--rest-dump", REST, "--rest-dump", join(REST, "epoch_248"), ...V247], /epoch 248 is given twice/));
  it("no input, two kinds of input, a missing directory, a backwards range", async () => {
    await bad([], /missing input: give --rest-dump DIR, --snapshot FILE or --node URL/);
    await bad(["--rest-dump", REST, "--snapshot", "x.json"], /give one kind of input/);
    await bad(["--rest-dump", join(tmp, "nope")], /nope: directory not found/);
    await bad(["--rest-dump", REST, "--epochs", "249..247"], /--epochs: the range runs backwards/);
    await bad(["--rest-dump", REST, "--chain-version", "v0.2.99"], /unknown chain version/);
  });
  it("--json turns the error into the JSON error object", async () => {
    const r = await run(["--rest-dump", REST, ...V247, "--epochs", "250", "--json"]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.out).schema).toBe("gonka-spec/error@1");
  });
});

describe("preserved set and notes", () => {
  it("a snapshot with the sampler's inputs compares the preserved set under both; keys without effect are noted", async () => {
    const imp = join(tmp, "e249.snapshot.json");
    const w = await main(["import-rest", join(REST, "epoch_249"), "--out", imp], { out: () => undefined, err: () => undefined });
    expect(w).toBe(0);
    // The settlement slice of real epoch 249 with the example's preserved state and demand (a test fixture only).
    const snap = JSON.parse(readFileSync(imp, "utf8"));
    const ex = JSON.parse(readFileSync(join(ROOT, "examples", "mainnet-like.snapshot.json"), "utf8"));
    snap.preserved = ex.preserved;
    // v0.2.12's sampler reads each model's weight scale factor (PocParams.Models): 1 for every model here.
    snap.preserved.params.pocParams = { models: Object.keys(ex.preserved.liveSubGroups.byModel).map((modelId) => ({ modelId, weightScaleFactor: { value: "1", exponent: 0 } })) };
    snap.demand = ex.demand;
    snap.chainVersion = { version: "v0.2.12", source: "snapshot", detail: "test fixture" };
    const f = join(tmp, "mixed.snapshot.json");
    writeFileSync(f, JSON.stringify(snap));
    const prop = join(tmp, "demand.json");
    writeFileSync(prop, JSON.stringify({ name: "demand rule", PocSlotAllocation: "0.25", preserved_rule: "demand", PoCMaxConcurrentPer10000Weight: 10 }));
    const r = await run(["--snapshot", f, "--b", prop, "--json"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    const e = doc.epochs[0];
    expect(e.chainVersion.source).toBe("snapshot");
    expect(doc.statusQuo.ok).toBe(true);
    expect(e.preserved.ruleA).toBe("current");
    expect(e.preserved.ruleB).toBe("demand");
    expect(e.preserved.models.length).toBeGreaterThan(0);
    for (const m of e.preserved.models) expect(BigInt(m.b.achievedWeight) >= BigInt(m.a.achievedWeight), m.modelId).toBe(true);
    expect(doc.totals.changed).toBe(0); // the preserved rule does not touch settlement
    const text = await run(["--snapshot", f, "--b", prop]);
    expect(text.out).toMatch(/epoch 249: preserved set at anchor [\d,]+ \(A current rule, B demand rule\)/);
  });

  it("preserved-only keys on dumps without the sampler's inputs are named, not silently ignored", async () => {
    const prop = join(tmp, "slots.json");
    writeFileSync(prop, JSON.stringify({ name: "slots 0.25", PocSlotAllocation: "0.25" }));
    const r = await run(["--rest-dump", join(REST, "epoch_249"), "--b", prop]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("PocSlotAllocation does not change settlement, and the inputs hold no preserved-set sampler inputs for this epoch");
    expect(existsSync(prop)).toBe(true);
  });
});

describe("the epochs run, in the header", () => {
  it("epochs 247 and 249 are said as such, not as the range 247–249 (which would claim 248)", async () => {
    const r = await run(["--rest-dump", join(REST, "epoch_247"), "--rest-dump", join(REST, "epoch_249"), ...V247, "--b", P005]);
    expect(r.out).toContain("2 epochs (247, 249), each settled");
    expect(r.out).not.toContain("247–249");
    const all = await run(["--rest-dump", REST, ...V247, "--b", P005]);
    expect(all.out).toContain("3 epochs (247–249), each settled");
  });
});
