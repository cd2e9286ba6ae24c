import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSnapshotFromArgs, writeFileAtomic } from "../../src/chain/index.js";
import { FixtureServer } from "../../src/testing/fixture-server.js";
import { fixtureFromPreserved } from "../../src/testing/fixture-state.js";
import { serializeSnapshot } from "../../src/snapshot/snapshot.js";
import { examplePreserved } from "./helpers.js";

describe("loadSnapshotFromArgs: --snapshot FILE or --rpc URL [--height H]", () => {
  const server = new FixtureServer({ latestHeight: 1200, stateAt: () => fixtureFromPreserved(examplePreserved) });
  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it("returns the same snapshot either way", async () => {
    const fromRpc = await loadSnapshotFromArgs({ rpc: server.url, height: "1100" });
    expect(fromRpc.height).toBe("1100");
    const file = join(mkdtempSync(join(tmpdir(), "gonka-la-")), "s.json");
    writeFileAtomic(file, serializeSnapshot(fromRpc));
    const fromFile = await loadSnapshotFromArgs({ snapshot: file });
    expect(serializeSnapshot(fromFile)).toBe(serializeSnapshot(fromRpc));
  });

  it("refuses ambiguous or missing sources", async () => {
    await expect(loadSnapshotFromArgs({})).rejects.toThrow(/missing --snapshot FILE or --rpc URL/);
    await expect(loadSnapshotFromArgs({ snapshot: "a", rpc: "http://x" })).rejects.toThrow(/not both/);
    await expect(loadSnapshotFromArgs({ snapshot: "a", height: "5" })).rejects.toThrow(/--height only applies with --rpc/);
    await expect(loadSnapshotFromArgs({ rpc: server.url, height: "0" })).rejects.toThrow(/--height: expected a positive block height/);
  });
});

describe("the pinned reader has the Rpc shape of createProtobufRpcClient", () => {
  it("a ts-proto QueryClientImpl (cosmjs-types x/group) reads through it at the pinned height", async () => {
    const { QueryClientImpl } = await import("cosmjs-types/cosmos/group/v1/query");
    const { ChainClient } = await import("../../src/chain/index.js");
    const node = new FixtureServer({ latestHeight: 50, stateAt: () => fixtureFromPreserved(examplePreserved) });
    await node.start();
    const client = ChainClient.connect(node.url);
    try {
      const q = new QueryClientImpl(client.at(42));
      const res = await q.GroupMembers({ groupId: 1n, pagination: undefined });
      expect(res.members.length).toBeGreaterThan(0);
      expect(node.asked.filter((a) => a.method === "abci_query").map((a) => a.height)).toEqual([42]);
    } finally {
      client.disconnect();
      await node.stop();
    }
  });
});
