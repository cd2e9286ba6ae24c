// Hostile nodes (issue 13 items 1, 2, 6): a node that drips its answer, one that sends an endless
// answer, one that answers garbage. Every read ends within its deadline or the command's budget, with
// one clear ChainError; nothing is retried that asking again cannot fix. Each test is bounded in time.
import { describe, expect, it } from "vitest";
import { ChainError, snapshotFromRpc } from "../../src/chain/index.js";
import type { FixtureServerOptions } from "../../src/chain/testing/fixture-server.js";
import { fixtureFromPreserved } from "../../src/chain/testing/fixture-state.js";
import { examplePreserved, fixtureNodes } from "./helpers.js";

const H = 5000;
const state = fixtureFromPreserved(examplePreserved);
const startNode = fixtureNodes();
const serve = (o: Partial<FixtureServerOptions>) => startNode({ latestHeight: H, stateAt: () => state, ...o });

async function failure(p: Promise<unknown>): Promise<ChainError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ChainError);
  expect((e as Error).message.split("\n").length).toBe(1);
  return e as ChainError;
}

describe("a node that sends one byte every 500 ms", () => {
  it("each request has an overall deadline (not an idle timeout): retried, then one clear line", { timeout: 10_000 }, async () => {
    const s = await serve({ dripMs: 500 });
    const t0 = Date.now();
    const e = await failure(snapshotFromRpc(s.url, { height: H, timeoutMs: 1200, attempts: 2, backoffMs: 10 }));
    const ms = Date.now() - t0;
    expect(e.kind).toBe("timeout");
    expect(e.message).toMatch(/did not answer status completely within 1\.2 s after 2 attempts/);
    expect(ms).toBeGreaterThanOrEqual(2 * 1200 - 100);
    expect(ms).toBeLessThan(5000);
  });

  it("the total budget ends the whole read, however many retries remain", { timeout: 10_000 }, async () => {
    const s = await serve({ dripMs: 500 });
    const t0 = Date.now();
    const e = await failure(snapshotFromRpc(s.url, { height: H, timeoutMs: 60_000, budgetMs: 1500 }));
    const ms = Date.now() - t0;
    expect(e.kind).toBe("budget");
    expect(e.message).toMatch(/longer than the total budget of 1\.5 s .*try --budget/);
    expect(ms).toBeGreaterThanOrEqual(1400);
    expect(ms).toBeLessThan(4000);
  });
});

describe("a huge answer", () => {
  it("is cut at the limit while it streams, names the limit, and is not retried", { timeout: 10_000 }, async () => {
    const s = await serve({ hugeBodyBytes: 600 * 1024 * 1024 });
    const before = process.memoryUsage().rss;
    let retries = 0;
    const e = await failure(snapshotFromRpc(s.url, { height: H, maxResponseBytes: 8 * 1024 * 1024, onProgress: (p) => (retries = p.retries) }));
    expect(e.kind).toBe("too-large");
    expect(e.message).toMatch(/larger than the 8 MiB limit; try --max-response-mb/);
    expect(retries).toBe(0);
    expect(s.httpRequests).toBeLessThanOrEqual(3); // the first round's batches, each cut, none asked again
    // far less than the 600 MB the node offered was sent, and memory stayed bounded
    expect(s.bytesOut).toBeLessThan(200 * 1024 * 1024);
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
  });

  it("the default limit (64 MiB) applies without any option; a declared content-length is refused up front", { timeout: 10_000 }, async () => {
    const s = await serve({ hugeBodyBytes: 600 * 1024 * 1024 });
    const e = await failure(snapshotFromRpc(s.url, { height: H }));
    expect(e.message).toMatch(/larger than the 64 MiB limit/);
    const d = await serve({ hugeBodyBytes: 600 * 1024 * 1024, hugeBodyDeclared: true });
    const e2 = await failure(snapshotFromRpc(d.url, { height: H }));
    expect(e2.kind).toBe("too-large");
    expect(d.bytesOut).toBeLessThan(200 * 1024 * 1024);
  });
});

describe("garbage and HTML bodies are not transient", () => {
  it("an HTML page with status 200 is one line, never asked again", { timeout: 10_000 }, async () => {
    const s = await serve({ garbageBody: "<html><body>Welcome to nginx!</body></html>" });
    let retries = 0;
    const e = await failure(snapshotFromRpc(s.url, { height: H, backoffMs: 10, onProgress: (p) => (retries = p.retries) }));
    expect(e.kind).toBe("http");
    expect(e.message).toMatch(/malformed JSON-RPC answer .*not JSON .*<html>/);
    expect(retries).toBe(0);
    expect(s.httpRequests).toBeLessThanOrEqual(3);
  });

  it("a 503 is still retried (transient)", { timeout: 10_000 }, async () => {
    const s = await serve({ flaky: true });
    let retries = 0;
    await snapshotFromRpc(s.url, { height: H, backoffMs: 5, onProgress: (p) => (retries = p.retries) });
    expect(retries).toBeGreaterThan(0);
  });
});
