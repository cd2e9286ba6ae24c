// Hostile nodes (issue 13 items 1, 2, 6): a node that drips its answer, one that sends an endless
// answer, one that answers garbage. Every read ends within its deadline or the command's budget, with
// one clear ChainError; nothing is retried that asking again cannot fix. Each test is bounded in time.
import { describe, expect, it } from "vitest";
import { ChainError, snapshotFromRpc } from "../../src/chain/index.js";
import type { FixtureServerOptions } from "../../src/testing/fixture-server.js";
import { fixtureFromPreserved } from "../../src/testing/fixture-state.js";
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
    expect(ms).toBeLessThan(8000);
  });

  it("the total budget ends the whole read, however many retries remain", { timeout: 10_000 }, async () => {
    const s = await serve({ dripMs: 500 });
    const t0 = Date.now();
    const e = await failure(snapshotFromRpc(s.url, { height: H, timeoutMs: 60_000, budgetMs: 1500 }));
    const ms = Date.now() - t0;
    expect(e.kind).toBe("budget");
    expect(e.message).toMatch(/longer than the total budget of 1\.5 s .*try --budget/);
    expect(ms).toBeGreaterThanOrEqual(1400);
    expect(ms).toBeLessThan(8000);
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

describe("every command that reads a node: flags, exit 2, one line", () => {
  const oneLine = (err: string) => {
    expect(err.trim().split("\n").length).toBe(1);
    expect(err).not.toMatch(/\n\s+at |ERR_STRING_TOO_LONG/);
  };
  const addr = "gonka1fn77c03cddly25s0uunsz9lgqqhpxnq2a7qkrf";

  it("a dripping node: snapshot and preserved end at --budget", { timeout: 10_000 }, async () => {
    const { run } = await import("./helpers.js");
    const s = await serve({ dripMs: 500 });
    for (const argv of [
      ["snapshot", "--rpc", s.url, "--height", String(H), "--out", `${process.env.TMPDIR ?? "/tmp"}/gonka-never-${process.pid}.json`, "--timeout", "10", "--budget", "1.5", "--json"],
      ["preserved", "--rpc", s.url, "--height", String(H), "--budget", "1.5"],
    ]) {
      const t0 = Date.now();
      const r = await run(argv);
      expect(r.code).toBe(2);
      oneLine(r.err);
      expect(r.err).toMatch(/total budget of 1\.5 s/);
      expect(Date.now() - t0).toBeLessThan(8000); // bounded (the node would drip forever), with room for a busy machine
    }
  });

  it("a dripping node: check and verify end at --timeout after the retries", { timeout: 10_000 }, async () => {
    const { run } = await import("./helpers.js");
    const s = await serve({ dripMs: 500 });
    for (const argv of [
      ["check", addr, "--rpc", s.url, "--height", String(H), "--timeout", "0.5", "--budget", "2"],
      ["verify", "--rpc", s.url, "--height", String(H), "--timeout", "0.5", "--budget", "2"],
    ]) {
      const t0 = Date.now();
      const r = await run(argv);
      expect(r.code).toBe(2);
      oneLine(r.err);
      expect(r.err).toMatch(/did not answer .* completely within 0\.5 s|total budget of 2 s/);
      expect(Date.now() - t0).toBeLessThan(8000);
    }
  });

  it("a 600 MB answer: exit 2 naming the limit (verify's 1 means 'the port differs', never this)", { timeout: 10_000 }, async () => {
    const { run } = await import("./helpers.js");
    const s = await serve({ hugeBodyBytes: 600 * 1024 * 1024 });
    for (const argv of [
      ["verify", "--rpc", s.url, "--height", String(H)],
      ["check", addr, "--rpc", s.url, "--height", String(H), "--max-response-mb", "2"],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      oneLine(r.err);
      expect(r.err).toMatch(/larger than the (64|2) MiB limit; try --max-response-mb/);
    }
  });

  it("the limits are checked like every flag, and refused without a node", async () => {
    const { run } = await import("./helpers.js");
    expect((await run(["preserved", "--rpc", "http://127.0.0.1:1", "--budget", "0"])).err).toMatch(/--budget: must be more than 0/);
    expect((await run(["preserved", "--rpc", "http://127.0.0.1:1", "--max-response-mb", "0"])).code).toBe(2);
    // an answer becomes one JS string: the cap stays far below V8's ~512 MiB string limit
    expect((await run(["preserved", "--rpc", "http://127.0.0.1:1", "--max-response-mb", "600"])).err).toMatch(/--max-response-mb/);
    expect((await run(["preserved", "--snapshot", "examples/mainnet-like.snapshot.json", "--budget", "5"])).err).toMatch(/--budget only applies when reading a node/);
  });

  it("snapshot refuses an --out it cannot write before asking the node anything", async () => {
    const { run } = await import("./helpers.js");
    const s = await serve({});
    const { mkdtempSync, mkdirSync, chmodSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "gonka-ro-"));
    const target = process.getuid?.() === 0 ? "/proc/gonka-spec-never.json" : (chmodSync(dir, 0o500), join(dir, "x.json"));
    const r = await run(["snapshot", "--rpc", s.url, "--out", target]);
    expect(r.code).toBe(2);
    oneLine(r.err);
    expect(r.err).toMatch(/cannot write in directory .*nothing was read from the node/);
    mkdirSync(join(dir, "sub"), { recursive: true });
    const d = await run(["snapshot", "--rpc", s.url, "--out", dir]);
    expect(d.err).toMatch(/is a directory; name a file/);
    expect(s.asked.length).toBe(0);
  });
});
