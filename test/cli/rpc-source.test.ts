// preserved, check and miss-test read chain state from --rpc URL [--height H] exactly as from the
// snapshot file the same node would produce (a loopback CometBFT-compatible server, no mocks).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixtureServer } from "../../src/testing/fixture-server.js";
import { fixtureFromPreserved } from "../../src/testing/fixture-state.js";
import { parseJson, type Json } from "../../src/go/json.js";
import { runCli } from "../helpers/cli.js";

const example = parseJson(readFileSync("examples/mainnet-like.snapshot.json", "utf8")) as { [k: string]: Json };
const H = 2851200;

const run = runCli;

describe("--rpc URL --height H is the same input as --snapshot FILE", () => {
  const server = new FixtureServer({ latestHeight: H + 10, stateAt: () => fixtureFromPreserved(example.preserved!, { pocStartBlockHeight: BigInt(H - 17280) }), defaultPageLimit: 100 }); // next PoC (the default anchor) = H
  const dir = mkdtempSync(join(tmpdir(), "gonka-rpc-src-"));
  const snap = join(dir, "snap.json");
  beforeAll(async () => {
    await server.start();
    const r = await run(["snapshot", "--rpc", server.url, "--height", String(H), "--chain-id", "any", "--out", snap, "--json"]);
    expect(r.code, r.err).toBe(0);
  });
  afterAll(() => server.stop());

  it("preserved", async () => {
    const fromFile = await run(["preserved", "--snapshot", snap, "--json"]);
    const fromRpc = await run(["preserved", "--rpc", server.url, "--height", String(H), "--json"]);
    expect(fromRpc.code, fromRpc.err).toBe(0);
    expect(fromRpc.out).toBe(fromFile.out);
    expect(JSON.parse(fromRpc.out).rules[0].models.length).toBeGreaterThan(0);
    expect(JSON.parse(fromRpc.out).anchor).toEqual({ height: String(H), source: "next-poc" });
  });

  it("check", async () => {
    const preserved = JSON.parse((await run(["preserved", "--snapshot", snap, "--json"])).out);
    const address = preserved.rules[0].models[0].participants[0].address as string;
    const fromFile = await run(["check", address, "--snapshot", snap, "--anchors", "20", "--json"]);
    const fromRpc = await run(["check", address, "--rpc", server.url, "--height", String(H), "--anchors", "20", "--json"]);
    expect(fromRpc.code, fromRpc.err).toBe(0);
    expect(fromRpc.out).toBe(fromFile.out);
    expect(JSON.parse(fromRpc.out).preservedAtAnchor).toBe(true);
  });

  it("miss-test over the settlement slice", async () => {
    const fromFile = await run(["miss-test", "--snapshot", snap, "--no-exact", "--json"]);
    const fromRpc = await run(["miss-test", "--rpc", server.url, "--height", String(H), "--no-exact", "--json"]);
    expect(fromRpc.code, fromRpc.err).toBe(0);
    expect(fromRpc.out).toBe(fromFile.out);
  });

  it("--snapshot and --rpc together, or --height without --rpc, is one line and exit 2", async () => {
    const both = await run(["preserved", "--snapshot", snap, "--rpc", server.url]);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/either --snapshot FILE or --rpc URL/);
    const h = await run(["miss-test", "--height", "5"]);
    expect(h.code).toBe(2);
    expect(h.err.split("\n")).toHaveLength(1);
  });
});
