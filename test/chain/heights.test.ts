import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { snapshotFromRpc } from "../../src/chain/index.js";
import { fixtureFromPreserved, type FixtureChainState } from "../../src/testing/fixture-state.js";
import { parseJson, type Json } from "../../src/go/json.js";
import { parseEpochInput } from "../../src/misstest/epoch-input.js";
import { samplePreservedForEpisode } from "../../src/preserved/sample-preserved-for-episode.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { loadSnapshot } from "../../src/snapshot/snapshot.js";
import { examplePreserved, fixtureNodes, run } from "./helpers.js";

const serve = fixtureNodes();

/** A state that differs at every height: allocation fraction, members, the stored snapshot's anchor, grace p0. */
function stateForHeight(h: number): FixtureChainState {
  const s = fixtureFromPreserved(examplePreserved);
  s.params!.epochParams!.pocSlotAllocation = { value: BigInt(h), exponent: -7 };
  const rootId = s.groups.find((g) => g.modelId === "")!.epochGroupId!;
  s.groupMembers.set(rootId, [...s.groupMembers.get(rootId)!, `gonka1height${h}`]);
  s.preservedSnapshot = { episodeAnchorHeight: BigInt(h), modelPreservedNodes: [] };
  s.grace.set(s.effectiveEpoch! - 1n, { epochIndex: s.effectiveEpoch! - 1n, binomTestP0: { value: BigInt(h), exponent: -9 }, upgradeProtectionWindow: 0n });
  return s;
}

const states = new Map<number, FixtureChainState>();
const stateAt = (h: number) => {
  if (!states.has(h)) states.set(h, stateForHeight(h));
  return states.get(h);
};

function heightMarks(doc: Json): number[] {
  const d = doc as { [k: string]: { [k: string]: Json } };
  const psa = ((d.preserved!.params as { [k: string]: Json }).epochParams as { [k: string]: Json }).pocSlotAllocation as { value: bigint };
  const live = ((d.preserved!.rootGroup as { [k: string]: Json }).liveMembers as string[]).filter((a) => a.startsWith("gonka1height")).map((a) => Number(a.slice(12)));
  const stored = Number((d.chain!.preservedNodesSnapshot as { episodeAnchorHeight: bigint }).episodeAnchorHeight);
  const grace = Number(((d.settlement!.graceEpoch as { [k: string]: Json }).binomTestP0 as { value: bigint }).value);
  return [Number(psa.value), ...live, stored, grace];
}

describe("height pinning", () => {
  it("a snapshot written at H never contains data read at another height", async () => {
    const s = await serve({ latestHeight: 9000, stateAt });
    const dir = mkdtempSync(join(tmpdir(), "gonka-h-"));
    const out = join(dir, "snap.json");
    const r = await run(["snapshot", "--rpc", s.url, "--height", "8000", "--out", out, "--json"]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { chainVersion: { version: string; source: string } }).chainVersion).toMatchObject({ version: "v0.2.16", source: "node" });
    expect([...s.heightsAsked()]).toEqual([8000]);
    // with --height, status goes in the first batch (JSON arrays)
    expect(s.batchCalls).toBeGreaterThan(0);
    const doc = parseJson(readFileSync(out, "utf8"));
    expect(new Set(heightMarks(doc))).toEqual(new Set([8000]));
    const snap = loadSnapshot(out);
    expect(snap.height).toBe("8000");
    // the slices validate with their families' parsers
    parsePreservedState(snap.preserved, "preserved");
    const e = parseEpochInput(snap.settlement!, "settlement");
    expect(e.epoch).toBe(141n);
    expect(e.graceEpoch?.binomTestP0).toEqual({ value: 8000n, exponent: -9 });
    expect(e.participants.length).toBeGreaterThan(300);
    const chain = snap.chain as { settlementHeight: bigint; settlementEpochGroup: { epochIndex: bigint } };
    expect(Number(chain.settlementHeight)).toBe(1000 + 100 + 5 + 50);
    expect(Number(chain.settlementEpochGroup.epochIndex)).toBe(141);
  });

  it("latest is resolved once: blocks committed during the fetch are not read", async () => {
    const s = await serve({ latestHeight: 7000, stateAt, advanceAfterStatus: true });
    const snap = await snapshotFromRpc(s.url, {});
    expect(snap.height).toBe("7000");
    // status alone first (a single JSON-RPC object), then batches
    expect(s.singleCalls).toBeGreaterThan(0);
    expect(s.batchCalls).toBeGreaterThan(0);
    expect([...s.heightsAsked()]).toEqual([7000]);
    expect(new Set(heightMarks(snap as unknown as Json))).toEqual(new Set([7000]));
  });

  it("pagination: every page of GroupMembers is read at the pinned height", async () => {
    const s = await serve({ latestHeight: 9000, stateAt, defaultPageLimit: 100 });
    const snap = await snapshotFromRpc(s.url, { height: 8500, pageLimit: 25n });
    const pages = s.asked.filter((q) => q.path === "/cosmos.group.v1.Query/GroupMembers");
    const groups = 1 + ((examplePreserved as { rootGroup: { subGroupModels: string[] } }).rootGroup.subGroupModels.length);
    expect(pages.length).toBeGreaterThan(groups * 2);
    expect(new Set(pages.map((p) => p.height))).toEqual(new Set([8500]));
    const want = parsePreservedState(examplePreserved, "fixture");
    const got = parsePreservedState(snap.preserved, "snap");
    expect(got.liveSubGroups).toEqual(want.liveSubGroups);
    expect([...got.rootGroup.liveMembers!].length).toBe([...want.rootGroup.liveMembers!].length + 1);
  });
});

describe("round trip through the sampler", () => {
  const anchor = 2851200n;
  const direct = samplePreservedForEpisode(parsePreservedState(examplePreserved, "fixture"), anchor, { explain: false }).snapshot;

  it("fixture state -> node -> snapshot file -> preserved set equals the set computed from the fixture", async () => {
    const st = fixtureFromPreserved(examplePreserved);
    const s = await serve({ latestHeight: Number(anchor), stateAt: () => st });
    const dir = mkdtempSync(join(tmpdir(), "gonka-rt-"));
    const out = join(dir, "snap.json");
    expect((await run(["snapshot", "--rpc", s.url, "--out", out, "--json"])).code).toBe(0);
    const snap = loadSnapshot(out);
    const viaChain = samplePreservedForEpisode(parsePreservedState(snap.preserved, "snap"), anchor, { explain: false }).snapshot;
    expect(viaChain).toEqual(direct);
    expect(direct.modelPreservedNodes.length).toBeGreaterThan(0);
  });

  it("verify agrees with a stored snapshot the port produced, and names the exact difference otherwise", async () => {
    const st = fixtureFromPreserved(examplePreserved);
    st.preservedSnapshot = direct;
    const s = await serve({ latestHeight: Number(anchor) + 5, stateAt: () => st });
    const ok = await run(["verify", "--rpc", s.url, "--height", String(anchor)]);
    expect(ok.err).not.toMatch(/gonka-spec verify:/);
    expect(ok.out).toMatch(/agree: the port reproduces the stored PreservedNodesSnapshot/);
    expect(ok.code).toBe(0);

    const tampered = structuredClone(direct);
    const m = tampered.modelPreservedNodes[0]!;
    const p = m.participants[0]!;
    const dropped = p.nodeIds.pop()!;
    p.nodeIds.push("extra-node");
    const st2 = fixtureFromPreserved(examplePreserved);
    st2.preservedSnapshot = tampered;
    const s2 = await serve({ latestHeight: Number(anchor) + 5, stateAt: () => st2 });
    const bad = await run(["verify", "--rpc", s2.url, "--height", String(anchor), "--json"]);
    expect(bad.code).toBe(1);
    const doc = JSON.parse(bad.out) as { agree: boolean; differences: { modelId: string; participantId: string; onlyOnChain: string[]; onlyInPort: string[] }[] };
    expect(doc.agree).toBe(false);
    expect(doc.differences).toEqual([{ modelId: m.modelId, participantId: p.participantId, onlyOnChain: ["extra-node"], onlyInPort: [dropped] }]);
  });
});

describe("verify picks the episode from the stored anchor", () => {
  it("a CPoC anchor uses the event's epoch and says when the height is not the generation start", async () => {
    const st = fixtureFromPreserved(examplePreserved);
    const trigger = 2851100n;
    st.cpocEvents = [{ epochIndex: 142n, eventSequence: 1n, triggerHeight: trigger, generationStartHeight: 2851150n, phase: 2, pocSeedBlockHash: "ab" }];
    st.preservedSnapshot = samplePreservedForEpisode(parsePreservedState(examplePreserved, "f"), trigger, { explain: false }).snapshot;
    const s = await serve({ latestHeight: 2851300, stateAt: () => st });
    const at = await run(["verify", "--rpc", s.url, "--height", "2851150", "--json"]);
    expect(at.code).toBe(0);
    const doc = JSON.parse(at.out) as { agree: boolean; episode: string; notes: string[] };
    expect(doc.episode).toMatch(/confirmation PoC triggered at 2,851,100/);
    expect(doc.notes).toEqual([]);
    const later = await run(["verify", "--rpc", s.url, "--height", "2851200", "--json"]);
    expect((JSON.parse(later.out) as { notes: string[] }).notes[0]).toMatch(/re-run with --height 2851150/);
  });

  it("no stored snapshot is a clear error", async () => {
    const s = await serve({ latestHeight: 100, stateAt: () => fixtureFromPreserved(examplePreserved) });
    const r = await run(["verify", "--rpc", s.url, "--height", "90", "--json"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no PreservedNodesSnapshot stored at height 90/);
  });
});
