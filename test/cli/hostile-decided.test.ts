/**
 * The hostile sweep's open classes, each decided (issue 30, item 9, all but the REST-reading ones):
 * - a negative stored anchor: refused by its field; a height the table cannot place never blames a flag not given;
 * - a refusal is the only line on stderr (progress, notes and warnings are written as they come only on a terminal);
 * - --coin-balances naming addresses outside the epoch: each named in a warning, and a file naming none of its participants refused;
 * - import-rest --out inside a dump it reads: refused before reading;
 * - simulate-poc with a negative seed: fine, as Go's rand.NewSource takes it (reduced mod 2^31-1);
 * - a proposal name with a line break or bidi characters: shown on one line, each written as \uXXXX.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { GoRand } from "../../src/go/math-rand.js";
import { runCli } from "../helpers/cli.js";
import { REALDATA_DIR } from "../realdata/load.js";

const REST = join(REALDATA_DIR, "rest");
const GRC3 = join(REALDATA_DIR, "grc3", "preserved", "anchor_4267778");
const tmp = (): string => mkdtempSync(join(tmpdir(), "hostile-decided-"));

/** GRC3's anchor dump with its stored snapshot's anchor made negative. */
function negativeAnchorDump(): string {
  const dir = tmp();
  cpSync(GRC3, dir, { recursive: true });
  const f = readdirSync(dir).find((x) => x.includes("preserved_nodes_snapshot"))!;
  writeFileSync(join(dir, f), readFileSync(join(dir, f), "utf8").replace(/"episode_anchor_height":\s*"?\d+"?/, '"episode_anchor_height": "-4267778"'));
  return dir;
}

describe("a negative stored anchor, and heights the table cannot place", () => {
  it("is refused naming the stored snapshot's field, from a dump and from a snapshot file, never --chain-version", async () => {
    const dump = negativeAnchorDump();
    const r = await runCli(["verify", "--rest-dump", dump, "--missing-summaries", "rewarded", "--epoch", "276"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/preserved_nodes_snapshot.*episode_anchor_height: expected a block height ≥ 1 \(the chain's first block is 1\), got -4267778$/);
    // the snapshot import-rest writes from the unchanged dump, with the stored anchor then made negative
    const file = join(tmp(), "s.json");
    expect((await runCli(["import-rest", GRC3, "--missing-summaries", "rewarded", "--epoch", "276", "--out", file])).code).toBe(0);
    const snap = JSON.parse(readFileSync(file, "utf8"));
    snap.chain.preservedNodesSnapshot.episode_anchor_height = "-4267778";
    writeFileSync(file, JSON.stringify(snap));
    const s = await runCli(["verify", "--snapshot", file]);
    expect(s.code).toBe(2);
    expect(s.err).toMatch(/chain\.preservedNodesSnapshot\.episode_anchor_height: expected a block height ≥ 1/);
    expect(s.err).not.toMatch(/--chain-version/);
  });

  it("a height before the table's first row names the chain version, and the flag only as the remedy", async () => {
    const r = await runCli(["preserved", "--rest-dump", REST, "--anchor", "5"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^gonka-spec preserved: chain version: gonka-mainnet block 5 is before v0\.2\.8 .*\(pass --chain-version vX\.Y\.Z to run one\)$/);
  });
});

describe("a refusal is the one line on stderr", () => {
  const argv = ["check", "gonka1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq", "--rest-dump", REST, "--anchors", "1"];

  it("off a terminal: the notes that came before it are left out; a run that succeeds prints them", async () => {
    const r = await runCli(argv);
    expect(r.code).toBe(2);
    expect(r.err.split("\n")).toEqual([expect.stringMatching(/^gonka-spec check: ADDRESS: unknown address /)]);
    const ok = await runCli(["preserved", "--rest-dump", REST, "--list", "1"]);
    expect(ok.code).toBe(0);
    expect(ok.err).toMatch(/^note: the rest dump lacks \d+ inputs these rules read/);
  });

  it("on a terminal: progress and notes as they come, the refusal last", async () => {
    const err: string[] = [];
    const code = await main(argv, { out: () => undefined, err: (t) => err.push(t), errIsTTY: true });
    expect(code).toBe(2);
    expect(err[0]).toMatch(/^note: /);
    expect(err.at(-1)).toMatch(/^gonka-spec check: ADDRESS: unknown address /);
  });
});

describe("--coin-balances against the epoch's participants", () => {
  const dump = join(REST, "epoch_249");
  const PARTICIPANT = "gonka1llgg3kvg9sc6xz09jtkcrucrppxgn78xe4xlv0";

  it("an address that is not a participant is named in a warning (text and JSON); the balances of participants are read", async () => {
    const f = join(tmp(), "balances.json");
    writeFileSync(f, JSON.stringify({ [PARTICIPANT]: "-5", gonka1strangerxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx: "7" }));
    const t = await runCli(["settle", "--rest-dump", dump, "--coin-balances", f]);
    expect(t.out).toMatch(/warning: --coin-balances: 1 of its 2 addresses is not a participant of epoch 249 \(gonka1strangerx+\): their balances are not read/);
    const j = JSON.parse((await runCli(["settle", "--rest-dump", dump, "--coin-balances", f, "--json"])).out);
    expect(j.assumptions.filter((a: { warning?: boolean; input: string }) => a.warning === true && a.input === "--coin-balances")).toHaveLength(1);
    expect(j.participants.find((p: { address: string }) => p.address === PARTICIPANT).coinBalance).toBe("-5");
  });

  it("a file naming none of the epoch's participants is refused, naming them", async () => {
    const f = join(tmp(), "other.json");
    writeFileSync(f, JSON.stringify({ gonka1aaa: "1", gonka1bbb: "2" }));
    const r = await runCli(["settle", "--rest-dump", dump, "--coin-balances", f]);
    expect(r.code).toBe(2);
    expect(r.err).toBe("gonka-spec settle: --coin-balances: none of its 2 addresses is a participant of epoch 249 (gonka1aaa, gonka1bbb): a balance file of another epoch or chain?");
  });
});

describe("import-rest --out inside a dump it reads", () => {
  it("is refused before anything is read or written, also in a sub-folder and through a relative path; outside, it writes", async () => {
    const dir = tmp();
    cpSync(join(REST, "epoch_249"), join(dir, "epoch_249"), { recursive: true });
    mkdirSync(join(dir, "epoch_249", "sub"));
    for (const out of [join(dir, "snap.json"), join(dir, "epoch_249", "sub", "snap.json"), join(dir, "epoch_249", "..", "x.json")]) {
      const r = await runCli(["import-rest", dir, "--out", out]);
      expect(r.code, out).toBe(2);
      expect(r.err).toMatch(/--out .*: is inside the dump being read \(.*\): a snapshot written there would be read as one of the dump's files next time/);
      expect(existsSync(out)).toBe(false);
    }
    const outside = join(tmp(), "snap.json");
    expect((await runCli(["import-rest", join(dir, "epoch_249"), "--out", outside])).code).toBe(0);
    expect(existsSync(outside)).toBe(true);
  });
});

describe("simulate-poc with a negative seed", () => {
  it("is a seed as Go's rand.NewSource takes it: reduced mod 2^31-1, so -5 draws as 2147483642 and not as 5", async () => {
    const draw = (seed: bigint): bigint[] => {
      const g = new GoRand(seed);
      return Array.from({ length: 5 }, () => g.int63());
    };
    expect(draw(-5n)).toEqual(draw(2147483642n));
    expect(draw(-5n)).not.toEqual(draw(5n));
    const r = await runCli(["simulate-poc", "--scenario", "epoch-433", "--seed", "-5"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/seed -5/);
  });
});

describe("a proposal name with a line break or bidi characters", () => {
  it("is shown on one line, each such character as \\uXXXX, in the text, the JSON and the HTML", async () => {
    const dir = tmp();
    const b = JSON.parse(readFileSync("examples/proposal-b.json", "utf8"));
    b.name = "evil\nFAKE LINE: all good\u202e";
    writeFileSync(join(dir, "b.json"), JSON.stringify(b));
    const html = join(dir, "r.html");
    const args = ["compare", "--snapshot", "examples/mainnet-like.snapshot.json", "--a", "examples/proposal-a.json", "--b", join(dir, "b.json"), "--anchors", "0", "--brief"];
    const t = await runCli([...args, "--html", html]);
    expect(t.code, t.err).toBe(0);
    expect(t.out).toContain('B "evil\\u000AFAKE LINE: all good\\u202E"');
    expect(t.out.split("\n").some((l) => l.startsWith("FAKE LINE"))).toBe(false);
    expect(readFileSync(html, "utf8")).toContain("evil\\u000AFAKE LINE: all good\\u202E");
    // in JSON the line break is the label's escape, the bidi character itself (escaped in the text, parsed back)
    const j = JSON.parse((await runCli([...args, "--json"])).out);
    expect(JSON.stringify(j)).toContain(JSON.stringify("evil\\u000AFAKE LINE: all good\u202e"));
  });
});
