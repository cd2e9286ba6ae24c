// verify --snapshot on files the chain client writes (camelCase stored snapshot), and the carried real data's consistency.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseJson, stringifyJson, type Json } from "../../src/go/json.js";
import { samplePreservedForEpisode } from "../../src/preserved/sample-preserved-for-episode.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { nodeSetOf, diffPreserved, parseStoredPreservedSnapshot } from "../../src/preserved/stored-snapshot.js";
import { readRealdata } from "../realdata/load.js";
import { runCli } from "../helpers/cli.js";

const ROOT = join(import.meta.dirname, "..", "..");
const TMP = mkdtempSync(join(tmpdir(), "gonka-verify-offline-"));

const run = (...argv: string[]) => runCli(argv);

type Obj = { [k: string]: Json };
const example = (): Obj => parseJson(readFileSync(join(ROOT, "examples", "mainnet-like.snapshot.json"), "utf8")) as Obj;

/** The example snapshot with a stored snapshot (as the chain client writes it) equal to the port's, then `edit`ed. */
function withStored(name: string, edit: (doc: Obj, stored: Obj) => void = () => {}): string {
  const doc = example();
  const st = parsePreservedState(doc.preserved!, "p");
  const snap = samplePreservedForEpisode(st, st.anchorHeight!, { explain: false }).snapshot;
  const stored = parseJson(stringifyJson(snap)) as Obj;
  doc.chain = { preservedNodesSnapshot: stored };
  edit(doc, stored);
  const f = join(TMP, `${name}.json`);
  writeFileSync(f, stringifyJson(doc));
  return f;
}

describe("verify --snapshot on a chain-client snapshot file", () => {
  it("agrees with a stored snapshot equal to the port's, under the file's recorded version", async () => {
    const r = await run("verify", "--snapshot", withStored("same"), "--json");
    expect(r.code, r.err).toBe(0);
    const d = parseJson(r.out) as Obj;
    expect(d.chainVersion).toMatchObject({ version: "v0.2.14", source: "snapshot" });
    expect(d.agree).toBe(true);
  });

  it("names the exact node-by-node difference (exit 1)", async () => {
    const f = withStored("moved", (_doc, stored) => {
      const m = (stored.modelPreservedNodes as Obj[])[0]!;
      const p = (m.participants as Obj[])[0]!;
      (p.nodeIds as string[]).splice(0, 1, "not-a-node");
    });
    const r = await run("verify", "--snapshot", f);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/DIFFER: 1 participant\(s\) differ/);
    expect(r.out).toMatch(/only on chain \[not-a-node\]; only in port \[/);
  });

  it("a file without a stored snapshot, or without a version for its chain, is one clear line (exit 2)", async () => {
    const none = join(TMP, "none.json");
    writeFileSync(none, stringifyJson(example()));
    let r = await run("verify", "--snapshot", none);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/chain\.preservedNodesSnapshot: the file carries no stored PreservedNodesSnapshot/);
    const noVersion = withStored("noversion", (doc) => delete doc.chainVersion);
    r = await run("verify", "--snapshot", noVersion);
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toMatch(/chain version: chain id "example" has no upgrade table/);
    r = await run("verify", "--snapshot", noVersion, "--chain-version", "v0.2.13");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/chain version v0\.2\.13 \(set by --chain-version\)/);
  });
});

describe("the carried real data", () => {
  it("the REST answer of the stored snapshot is the one inside the gonka-spec snapshot file", () => {
    const rest = parseStoredPreservedSnapshot(parseJson(readRealdata("preserved/chain_preserved_nodes_snapshot_at_4089970.json")), "rest");
    const file = parseJson(readRealdata("preserved/snapshot-4089970.json")) as Obj;
    const inFile = parseStoredPreservedSnapshot((file.chain as Obj).preservedNodesSnapshot!, "file");
    expect(rest.episodeAnchorHeight).toBe(4_089_970n);
    expect(diffPreserved(nodeSetOf(rest), nodeSetOf(inFile))).toEqual([]);
    expect(rest.modelPreservedNodes.map((m) => m.modelId)).toEqual(["Qwen/Qwen3-235B-A22B-Instruct-2507-FP8", "moonshotai/Kimi-K2.6"]);
  });
});
