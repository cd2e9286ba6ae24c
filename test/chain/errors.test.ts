import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ChainError, snapshotFromRpc } from "../../src/chain/index.js";
import { FixtureServer, type FixtureServerOptions } from "../../src/testing/fixture-server.js";
import { fixtureFromPreserved } from "../../src/testing/fixture-state.js";
import { examplePreserved, fixtureNodes, run } from "./helpers.js";

const H = 5000;
const state = fixtureFromPreserved(examplePreserved);
const startNode = fixtureNodes();
const serve = (o: Partial<FixtureServerOptions> = {}): Promise<FixtureServer> => startNode({ latestHeight: H, stateAt: () => state, ...o });

function oneLine(err: string) {
  expect(err.trim().split("\n").length).toBe(1);
  expect(err).not.toMatch(/\n\s+at /);
}

describe("errors a user meets: one line, exit 2, nothing at --out", () => {
  const dir = mkdtempSync(join(tmpdir(), "gonka-chain-"));

  it("pruned height: says an archive node is needed and which height was asked", async () => {
    const s = await serve({ prunedBelow: 4000 });
    const out = join(dir, "pruned.json");
    const r = await run(["snapshot", "--rpc", s.url, "--height", "3000", "--out", out, "--json"]);
    expect(r.code).toBe(2);
    oneLine(r.err);
    expect(r.err).toMatch(/archive node is needed; height 3000 was asked/);
    // ABCI errors are not transient: no query was asked twice
    const asked = s.asked.filter((q) => q.method === "abci_query");
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBe(new Set(asked.map((q) => `${q.path}|${q.data}`)).size);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes("pruned"))).toEqual([]);
  });

  it("future height", async () => {
    const s = await serve();
    const r = await run(["snapshot", "--rpc", s.url, "--height", String(H + 100), "--out", join(dir, "f.json")]);
    expect(r.code).toBe(2);
    oneLine(r.err);
    expect(r.err).toMatch(/height 5100 is in the future: the node's latest block is 5000/);
  });

  it("wrong chain id, and --chain-id accepts it", async () => {
    const s = await serve({ chainId: "gonka-testnet" });
    const r = await run(["snapshot", "--rpc", s.url, "--out", join(dir, "c.json"), "--json"]);
    expect(r.code).toBe(2);
    oneLine(r.err);
    expect(r.err).toMatch(/serves chain "gonka-testnet", not "gonka-mainnet"/);
    const ok = await run(["snapshot", "--rpc", s.url, "--out", join(dir, "c.json"), "--json", "--chain-id", "gonka-testnet"]);
    expect(ok.code).toBe(0);
  });

  it("unreachable node", async () => {
    const s = await serve();
    const url = s.url;
    await s.stop();
    const r = await run(["snapshot", "--rpc", url, "--out", join(dir, "u.json"), "--timeout", "2"]);
    expect(r.code).toBe(2);
    oneLine(r.err);
    expect(r.err).toMatch(/cannot reach node at http:\/\/127\.0\.0\.1:\d+ after 4 attempts/);
  });

  it("timeout on a slow node; a merely slow node still works", async () => {
    const slow = await serve({ slowMs: 1500 });
    await expect(snapshotFromRpc(slow.url, { height: H, timeoutMs: 300, attempts: 2, backoffMs: 10 })).rejects.toThrow(/did not answer status completely within 0.3 s after 2 attempts \(timeout/);
    const bit = await serve({ slowMs: 30 });
    const snap = await snapshotFromRpc(bit.url, { height: H });
    expect(snap.height).toBe(String(H));
  });

  it("flaky node: the first attempt of every query fails and is retried", async () => {
    const s = await serve({ flaky: true });
    let retries = 0;
    const snap = await snapshotFromRpc(s.url, { height: H, backoffMs: 5, onProgress: (p) => (retries = p.retries) });
    expect(snap.height).toBe(String(H));
    expect(retries).toBeGreaterThan(0);
    const direct = await snapshotFromRpc((await serve()).url, { height: H });
    expect({ ...snap, fetchedAt: "", chain: { ...snap.chain, queries: 0 } }).toEqual({ ...direct, fetchedAt: "", chain: { ...direct.chain, queries: 0 } });
  });

  it("a response that does not decode names the message and field", async () => {
    const s = await serve({ corrupt: (p) => p.endsWith("/EpochGroupData") });
    const r = await run(["snapshot", "--rpc", s.url, "--out", join(dir, "d.json"), "--json"]);
    expect(r.code).toBe(2);
    oneLine(r.err);
    expect(r.err).toMatch(/does not decode: cannot decode QueryGetEpochGroupDataResponse\.epoch_group_data/);
  });

  it("a missing epoch group", async () => {
    const st = fixtureFromPreserved(examplePreserved);
    st.groups = st.groups.filter((g) => g.modelId !== "");
    const s = await serve({ stateAt: () => st });
    const r = await run(["snapshot", "--rpc", s.url, "--out", join(dir, "m.json"), "--json"]);
    expect(r.code).toBe(2);
    oneLine(r.err);
    expect(r.err).toMatch(/epoch group 142 \(root\) was not found at height 5000/);
  });

  it("a node answering for another height is refused", async () => {
    const s = await serve({ lieAboutHeight: true });
    const e = await snapshotFromRpc(s.url, { height: H }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ChainError);
    expect((e as ChainError).kind).toBe("height-mismatch");
  });

  it("bad --height and missing flags are input errors", async () => {
    expect((await run(["snapshot", "--rpc", "http://127.0.0.1:1", "--height", "abc", "--out", "x"])).code).toBe(2);
    expect((await run(["snapshot", "--out", "x"])).err).toMatch(/missing (required option )?--(rpc|node)/);
    expect((await run(["snapshot", "--rpc", "ftp://x", "--out", "x"])).err).toMatch(/http:\/\/(\.\.\.)? or https:\/\//);
    const noDir = await run(["snapshot", "--rpc", "http://127.0.0.1:1", "--out", "/nonexistent-dir-gonka/x.json"]);
    expect(noDir.code).toBe(2);
    expect(noDir.err).toMatch(/x\.json: directory \/nonexistent-dir-gonka does not exist/);
  });
});

describe("batches", () => {
  it("bounded concurrency: at most concurrency / batch size HTTP requests at once", async () => {
    const s = await serve({ slowMs: 15 });
    await snapshotFromRpc(s.url, { height: H, concurrency: 20, batchSize: 10 });
    expect(s.maxInFlight).toBeLessThanOrEqual(3); // 2 batches of gated queries + the status call (not gated)
    const t = await serve({ slowMs: 15 });
    await snapshotFromRpc(t.url, { height: H, concurrency: 64, batchSize: 10 });
    expect(t.maxInFlight).toBeGreaterThan(2);
    expect(t.maxInFlight).toBeLessThanOrEqual(7);
  });

  it("a node's batch limit is a clear error naming --batch-size, never a hang", async () => {
    const s = await serve({ maxBatchSize: 5 });
    const r = await run(["snapshot", "--rpc", s.url, "--height", String(H), "--out", join(mkdtempSync(join(tmpdir(), "gonka-b-")), "b.json"), "--json", "--batch-size", "8"]);
    expect(r.code).toBe(2);
    oneLine(r.err);
    expect(r.err).toMatch(/accepts at most 5 requests per batch \(rpc\.max_request_batch_size\); use --batch-size 5/);
    const ok = await run(["snapshot", "--rpc", s.url, "--height", String(H), "--out", join(mkdtempSync(join(tmpdir(), "gonka-b-")), "b.json"), "--json", "--batch-size", "5"]);
    expect(ok.code).toBe(0);
  });

  it("the default batch size fits CometBFT's default limit of 10", async () => {
    const s = await serve();
    const snap = await snapshotFromRpc(s.url, { height: H });
    expect(snap.height).toBe(String(H));
    expect(s.httpRequests).toBeGreaterThan(s.asked.length / 10 - 1);
  });
});

describe("not a CometBFT endpoint", () => {
  it("an HTML error page is one clear line", async () => {
    const { createServer } = await import("node:http");
    const srv = createServer((_q, r) => r.writeHead(404, { "content-type": "text/html" }).end("<html>not found</html>"));
    await new Promise<void>((res) => srv.listen(0, "127.0.0.1", res));
    const port = (srv.address() as { port: number }).port;
    try {
      const r = await run(["snapshot", "--rpc", `http://127.0.0.1:${port}/chain-rpc/`, "--out", join(tmpdir(), "never.json"), "--json"]);
      expect(r.code).toBe(2);
      oneLine(r.err);
      expect(r.err).toMatch(/answered status with HTTP 404; is this a CometBFT RPC endpoint\?/);
    } finally {
      srv.close();
    }
  });
});

describe("--epoch", () => {
  it("an explicit epoch without data is a clear error; an existing one is used", async () => {
    const s = await serve();
    const r = await run(["snapshot", "--rpc", s.url, "--height", String(H), "--epoch", "7", "--out", join(tmpdir(), "never-e.json"), "--json"]);
    expect(r.code).toBe(2);
    oneLine(r.err);
    expect(r.err).toMatch(/epoch 7 has no epoch group and no ActiveParticipants at height 5000; check --epoch/);
    const later = await run(["snapshot", "--rpc", s.url, "--height", String(H), "--epoch", "143", "--out", join(tmpdir(), "never-e.json"), "--json"]);
    expect(later.err).toMatch(/--epoch 143 is after the effective epoch 142/);
    const snap = await snapshotFromRpc(s.url, { height: H, epoch: 141n });
    expect((snap.settlement as { epoch: bigint }).epoch).toBe(141n);
  });
});

describe("warnings", () => {
  it("an excluded participant still live, and an unsettled epoch, are noted", async () => {
    const st = fixtureFromPreserved(examplePreserved);
    const live = [...st.groupMembers.get(1n)!][0]!;
    st.excluded = [{ address: live, epochIndex: 142n, reason: "invalidated", exclusionBlockHeight: 10n }];
    const s = await serve({ stateAt: () => st, latestHeight: 1100 });
    const snap = await snapshotFromRpc(s.url, { height: 1100 });
    const w = (snap.chain as { warnings: string[] }).warnings;
    expect(w).toContain(`${live} is excluded in epoch 142 (invalidated) but still a live member of the root group`);
    expect(w).toContain("epoch 141 settles at block 1155, after height 1100: its settlement slice is not final");
  });
});
