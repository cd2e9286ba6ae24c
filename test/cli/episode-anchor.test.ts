// Issue 12 item 1: without --anchor, `check` and `preserved` on a node sample at the anchor the chain
// uses (the stored PreservedNodesSnapshot's while a PoC runs, else the next PoC's start), name it, and
// warn when the port's set differs from the stored one. Against the loopback fixture node (no mocks).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixtureServer } from "../../src/testing/fixture-server.js";
import { fixtureFromPreserved, type FixtureChainState } from "../../src/testing/fixture-state.js";
import { parseJson, type Json } from "../../src/go/json.js";
import { samplePreservedForEpisode } from "../../src/preserved/sample-preserved-for-episode.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { runCli } from "../helpers/cli.js";

const example = parseJson(readFileSync("examples/mainnet-like.snapshot.json", "utf8")) as { [k: string]: Json };
const state = parsePreservedState(example.preserved!, "preserved");
const N = state.epoch.index;
const S0 = 2_834_000n; // effective epoch N's PoC start
const S1 = S0 + 17_280n; // epoch N+1's PoC start: the running PoC's anchor
const RUNNING = Number(S1) + 40; // a block during that PoC

const run = runCli;

/** Chain state during epoch N+1's PoC, with `stored` as the chain's PreservedNodesSnapshot. */
function runningPoc(stored: FixtureChainState["preservedSnapshot"]): FixtureChainState {
  const s = fixtureFromPreserved(example.preserved!, { pocStartBlockHeight: S0 });
  s.epochs.push({ index: N + 1n, pocStartBlockHeight: S1 });
  s.preservedSnapshot = stored;
  return s;
}

const portAtS1 = samplePreservedForEpisode(state, S1).snapshot;
const model = portAtS1.modelPreservedNodes[0]!;
const operator = model.participants[0]!.participantId;

describe("the default anchor is the chain's", () => {
  const agree = new FixtureServer({ latestHeight: RUNNING, stateAt: () => runningPoc(portAtS1) });
  const tampered = structuredClone(portAtS1);
  tampered.modelPreservedNodes[0]!.participants.shift();
  const differ = new FixtureServer({ latestHeight: RUNNING, stateAt: () => runningPoc(tampered) });
  const idle = new FixtureServer({ latestHeight: Number(S0) + 9_000, stateAt: () => fixtureFromPreserved(example.preserved!, { pocStartBlockHeight: S0 }) });
  // Each node is read once into a snapshot file (what 'gonka-spec snapshot' writes: the same input as --rpc).
  const dir = mkdtempSync(join(tmpdir(), "gonka-anchor-"));
  const file = { agree: join(dir, "agree.json"), differ: join(dir, "differ.json"), idle: join(dir, "idle.json") };
  beforeAll(async () => {
    await Promise.all([agree.start(), differ.start(), idle.start()]);
    for (const [name, server] of [["agree", agree], ["differ", differ], ["idle", idle]] as const) {
      const r = await run(["snapshot", "--rpc", server.url, "--chain-id", "any", "--out", file[name], "--json"]);
      expect(r.code, r.err).toBe(0);
    }
  }, 60_000);
  afterAll(() => Promise.all([agree.stop(), differ.stop(), idle.stop()]));

  it("while a PoC runs: the stored snapshot's anchor, named, and the port agrees with it", async () => {
    const r = await run(["check", operator, "--rpc", agree.url, "--chain-id", "any", "--anchors", "5", "--json"]);
    expect(r.code, r.err).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.schema).toBe("gonka-spec/check@1");
    expect(doc.anchor).toEqual({ height: String(S1), source: "stored-snapshot" });
    expect(doc.preservedAtAnchor).toBe(true);
    expect(doc.chainStored.agreesWithPort).toBe(true);
    expect(doc.chainStored.nodes.length).toBe(doc.preservedNodeCount);
    // a v0.2.16 node: its trust weights and challenge records are read, so nothing is lacking
    expect(doc.warnings).toEqual([]);
    const text = await run(["check", operator, "--snapshot", file.agree, "--anchors", "5"]);
    expect(text.out).toContain(`at anchor ${S1.toLocaleString("en-US")}`);
    expect(text.out).toMatch(/the chain's stored PreservedNodesSnapshot for the running PoC of epoch \d+/);
    expect(text.out).toMatch(/\(the port agrees\)/);
    const pres = JSON.parse((await run(["preserved", "--snapshot", file.agree, "--json"])).out);
    expect(pres.anchor).toEqual({ height: String(S1), source: "stored-snapshot" });
    expect(pres.chainStored.agreesWithPort).toBe(true);
  });

  it("warns when the port's set differs from the stored one, and reports the chain's answer", async () => {
    const r = await run(["check", operator, "--snapshot", file.differ, "--anchors", "5"]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/^warning: the port's preserved set differs from the chain's stored PreservedNodesSnapshot at anchor \d+: [\d,]+ nodes only in the chain's, [\d,]+ only in the port's/m);
    expect(r.out).toMatch(/the chain's stored PreservedNodesSnapshot for this anchor preserves 0 of its nodes \(the port's set differs/);
    const pres = await run(["preserved", "--snapshot", file.differ, "--json"]);
    const doc = JSON.parse(pres.out);
    expect(doc.chainStored.agreesWithPort).toBe(false);
    expect(doc.chainStored.onlyPort.length).toBe(model.participants[0]!.nodeIds.length);
    expect(doc.chainStored.onlyChain).toEqual([]);
  });

  it("between PoCs: the next PoC's start from the epoch params; --anchor still wins", async () => {
    const r = JSON.parse((await run(["preserved", "--rpc", idle.url, "--chain-id", "any", "--json"])).out);
    expect(r.anchor).toEqual({ height: String(S0 + 17_280n), source: "next-poc" });
    const text = await run(["preserved", "--snapshot", file.idle]);
    expect(text.out).toMatch(/the next PoC's start \(epoch \d+'s PoC start 2,834,000 \+ epoch_length 17,280\)/);
    const flag = JSON.parse((await run(["preserved", "--snapshot", file.idle, "--anchor", "123", "--json"])).out);
    expect(flag.anchor).toEqual({ height: "123", source: "flag" });
  });
});
