// verify --snapshot on the chain's own stored preserved snapshot at block 4,089,970 (test/realdata).
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseJson, stringifyJson, type Json } from "../../src/go/json.js";
import { readRealdata, REALDATA_DIR, SHARED_REALDATA_DIR } from "../realdata/load.js";
import { runCli } from "../helpers/cli.js";

const FILE = join(REALDATA_DIR, "preserved", "snapshot-4089970.json.gz");

const run = (...argv: string[]) => runCli(argv);

type Obj = { [k: string]: Json };
interface Diff {
  modelId: string;
  participantId: string;
  onlyOnChain: string[];
  onlyInPort: string[];
}

/** The 16 stored nodes the v0.2.13/v0.2.14 sampler does not choose (three of their owners are genesis guardians). */
const NOT_REPRODUCED_BY_V013 = [
  "gonka168rtjfkszuhcggg4dfyse4yh7xn9zwfglnkns2 mlnode-000",
  "gonka17gpuntq09zsaqtmpe544gc32tk4424dwv5t34f B9",
  "gonka1d694r00czmq75txghwjcuk07lxvc8d4ekgsha0 mlnode-039",
  "gonka1dkl4mah5erqggvhqkpc8j3qs5tyuetgdy552cp node-235-1",
  "gonka1duuaqdx06sx8v2dzggltwwmqyuw8lvjkjq7xll FT-27",
  "gonka1duuaqdx06sx8v2dzggltwwmqyuw8lvjkjq7xll FT-34",
  "gonka1f0u3y2wneer8zhz3ypw4x54h38cpa0qsy8ts3e node217",
  "gonka1famtxh54kad6ylwtm60j6d7h6unpc08d4vdqnk U11",
  "gonka1gyk0aahvr3qeju4zx0nplfreej6cy4jjk8svc5 node1",
  "gonka1hwvel7n3zuk6wruefuzc356l9myske9stckwnz fp002",
  "gonka1kx9mca3xm8u8ypzfuhmxey66u0ufxhs7nm6wc5 node1",
  "gonka1kx9mca3xm8u8ypzfuhmxey66u0ufxhs7nm6wc5 node2-4xB200",
  "gonka1mmlyd5xxu5l68yx8wzclrkxkxvm88mhq5tp5s0 node606",
  "gonka1tmk2tzdneht6smu34pkmqdvu7p34qavvmwtwq2 node1",
  "gonka1vjz8csqsr0ph0lv0yylc4auypnzrld7y6l2feu U18",
  "gonka1y2a9p56kv044327uycmqdexl7zs82fs5ryv5le node-235b",
];

describe("verify --snapshot on the chain's stored preserved snapshot at block 4,089,970", () => {
  it("with no flag: version v0.2.12 from the mainnet table, agreement node for node (36 nodes), exit 0", async () => {
    const r = await run("verify", "--snapshot", FILE, "--json");
    expect(r.code, r.err).toBe(0);
    const d = parseJson(r.out) as Obj;
    expect(d.schema).toBe("gonka-spec/verify@1");
    expect(d.agree).toBe(true);
    expect(d.chainVersion).toMatchObject({ version: "v0.2.12", source: "table" });
    expect(d).toMatchObject({ chainId: "gonka-mainnet", episodeAnchorHeight: "4089970", episodeKind: "regular-poc", epoch: "264", chainNodes: 36, portNodes: 36, matchingNodes: 36, differences: [] });
    const text = await run("verify", "--snapshot", FILE);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^chain version v0\.2\.12 \(gonka-mainnet upgrade table: sampling height 4,089,970 is at or after v0\.2\.12 \(block 3,834,200\) and before v0\.2\.13 \(block 4,267,300\)\)$/m);
    expect(text.out).toMatch(/agree: the port reproduces the stored PreservedNodesSnapshot \(36 nodes over 2 models\)/);
  });

  for (const v of ["v0.2.13", "v0.2.14"]) {
    it(`with --chain-version ${v}: exactly the 16 stored nodes the newer sampler does not choose, exit 1`, async () => {
      const r = await run("verify", "--snapshot", FILE, "--chain-version", v, "--json");
      expect(r.code, r.err).toBe(1);
      const d = parseJson(r.out) as Obj;
      expect(d.chainVersion).toMatchObject({ version: v, source: "flag" });
      expect(d).toMatchObject({ agree: false, chainNodes: 36, matchingNodes: 20, onlyOnChainNodes: 16, onlyInPortNodes: 14, portNodes: 34 });
      const diffs = d.differences as unknown as Diff[];
      expect(diffs.flatMap((x) => x.onlyOnChain.map((n) => `${x.participantId} ${n}`)).sort()).toEqual(NOT_REPRODUCED_BY_V013);
      const text = await run("verify", "--snapshot", FILE, "--chain-version", v);
      expect(text.out).toMatch(/DIFFER: 28 participant\(s\) differ: 20 of the chain's 36 nodes reproduced, 16 only on chain, 14 only in the port/);
    });
  }

  it("a version before v0.2.12 is refused plainly (exit 2, one line)", async () => {
    const r = await run("verify", "--snapshot", FILE, "--chain-version", "v0.2.11");
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toMatch(/--chain-version: v0\.2\.11: there was no SamplePreservedForEpisode before v0\.2\.12/);
  });

  it("bad input: an unknown version, a missing file, --snapshot with --node", async () => {
    for (const [argv, re] of [
      [["--chain-version", "v9"], /--chain-version: unknown chain version "v9"/],
      [["--node", "http://127.0.0.1:1"], /not both/],
    ] as const) {
      const r = await run("verify", "--snapshot", FILE, ...argv);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(re);
    }
    const r = await run("verify", "--snapshot", join(REALDATA_DIR, "nope.json"));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/file not found/);
  });

  it.skipIf(!existsSync(SHARED_REALDATA_DIR))("the shared uncompressed original gives the same verdict", async () => {
    const r = await run("verify", "--snapshot", join(SHARED_REALDATA_DIR, "preserved", "snapshot-4089970.json"), "--json");
    expect(r.code, r.err).toBe(0);
  });
});

describe("the preserved family at mainnet heights the table places before or around v0.2.12", () => {
  const plain = join(mkdtempSync(join(tmpdir(), "gonka-realdata-")), "snapshot-4089970.json");
  writeFileSync(plain, readRealdata("preserved/snapshot-4089970.json"));

  it("at the stored anchor: v0.2.12 from the table, and the port's set is the chain's", async () => {
    const r = await run("preserved", "--snapshot", plain, "--json");
    expect(r.code, r.err).toBe(0);
    const d = parseJson(r.out) as Obj;
    expect(d.chainVersion).toMatchObject({ version: "v0.2.12", source: "table" });
    expect(d.chainStored).toMatchObject({ agreesWithPort: true });
  });

  it("before v0.2.12: says plainly there was no SamplePreservedForEpisode (exit 2, one line)", async () => {
    const r = await run("preserved", "--snapshot", plain, "--anchor", "3000000");
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toMatch(/chain version: v0\.2\.10 \(gonka-mainnet upgrade table: sampling height 3,000,000 is at or after v0\.2\.10 \(block 2,712,600\) and before v0\.2\.11 \(block 3,186,100\)\): there was no SamplePreservedForEpisode before v0\.2\.12/);
  });

  it("one block before and at v0.2.12's upgrade height 3,834,200: refused under v0.2.11, sampled under v0.2.12", async () => {
    const before = await run("check", "gonka1kx9mca3xm8u8ypzfuhmxey66u0ufxhs7nm6wc5", "--snapshot", plain, "--anchor", "3834199", "--anchors", "1");
    expect(before.code).toBe(2);
    expect(before.err).toMatch(/v0\.2\.11 \(gonka-mainnet upgrade table: sampling height 3,834,199 .*no SamplePreservedForEpisode before v0\.2\.12/);
    const at = await run("check", "gonka1kx9mca3xm8u8ypzfuhmxey66u0ufxhs7nm6wc5", "--snapshot", plain, "--anchor", "3834200", "--anchors", "1", "--json");
    expect(at.code, at.err).toBe(0);
    expect(parseJson(at.out)).toMatchObject({ chainVersion: { version: "v0.2.12", source: "table" } });
  });

  it("at a height v0.2.16 ran: its sampler runs, naming in one warning line each the v0.2.16 inputs this state lacks and what each assumption can change", async () => {
    const r = await run("preserved", "--snapshot", plain, "--anchor", "6500000");
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/chain version v0\.2\.16 \(gonka-mainnet upgrade table: sampling height 6,500,000 is at or after v0\.2\.16 \(block 6,449,400, proposal 112\)/);
    // a regular PoC's anchor: the challenge records are read only by a confirmation PoC's caller
    const warnings = r.err.trim().split("\n");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warning: activeParticipants: .*every member counts its real weight .*the 75 % line and the 34 % cap can be higher than the chain's$/);
    // the same anchor as a confirmation PoC's trigger (an event of the sampled epoch 264 listed in the file): both
    const doc = parseJson(readRealdata("preserved/snapshot-4089970.json"), "file") as { [k: string]: Json };
    (doc.chain as { [k: string]: Json }).confirmationPocEvents = [{ epochIndex: 264, triggerHeight: 6500000, generationStartHeight: 6500020 }];
    const cpoc = join(mkdtempSync(join(tmpdir(), "gonka-realdata-")), "cpoc.json");
    writeFileSync(cpoc, stringifyJson(doc));
    const c = await run("preserved", "--snapshot", cpoc, "--anchor", "6500000");
    expect(c.code, c.err).toBe(0);
    const lines = c.err.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^warning: pocChallengeTargets: .*a host under challenge has no preserved node \(#1811\)/);
    const j = parseJson((await run("preserved", "--snapshot", cpoc, "--anchor", "6500000", "--json")).out) as { warnings: string[] };
    expect(j.warnings.filter((w) => /^(activeParticipants|pocChallengeTargets):/.test(w))).toHaveLength(2);
  });

});
