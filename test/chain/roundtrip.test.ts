import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snapshotFromRpc } from "../../src/chain/index.js";
import { FixtureServer } from "../../src/testing/fixture-server.js";
import { fixtureFromPreserved } from "../../src/testing/fixture-state.js";
import { parseJson, stringifyJson, type Json } from "../../src/go/json.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { parseSnapshot, serializeSnapshot } from "../../src/snapshot/snapshot.js";

const example = parseJson(readFileSync("examples/mainnet-like.snapshot.json", "utf8")) as { [k: string]: Json };
const fixturePreserved = example.preserved!;
const H = 2851200;

describe("round trip: fixture state -> loopback node -> CosmJS -> snapshot", () => {
  const state = fixtureFromPreserved(fixturePreserved); // one state object: the node indexes it once
  const server = new FixtureServer({ latestHeight: H + 10, stateAt: () => state, defaultPageLimit: 100 });
  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it("reproduces the preserved slice of the fixture", async () => {
    const snap = await snapshotFromRpc(server.url, { height: H, pageLimit: 50n });
    const text = serializeSnapshot(snap);
    const back = parseSnapshot(parseJson(text), "snap");
    expect(back.height).toBe(String(H));
    expect(back.chainId).toBe("gonka-mainnet");
    const got = parsePreservedState(back.preserved, "preserved");
    const want = parsePreservedState(fixturePreserved, "fixture");
    expect(got.epoch).toEqual(want.epoch);
    expect(got.params).toEqual(want.params);
    expect(got.genesisGuardianAddresses).toEqual(want.genesisGuardianAddresses);
    expect(got.rootGroup).toEqual(want.rootGroup);
    expect(got.liveSubGroups).toEqual(want.liveSubGroups);
    expect(got.previousEpochGroupData).toEqual(want.previousEpochGroupData);
    // Summaries are read for members of the previous subgroups only (what the sampler looks up).
    const prevMembers = new Set([...want.previousEpochGroupData.values()].flatMap((g) => g.validationWeights.map((v) => v.memberAddress)));
    const wantSummaries = new Map([...want.previousEpochPerformanceSummaries].filter(([a]) => prevMembers.has(a)));
    expect(got.previousEpochPerformanceSummaries).toEqual(wantSummaries);
    // every query at the pinned height
    expect([...server.heightsAsked()]).toEqual([H]);
    void stringifyJson;
  });
});
