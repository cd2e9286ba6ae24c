/** compare --rpc URL --height H: the snapshot read from a local CometBFT-compatible node (the chain client's fixture server). */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixtureServer } from "../../src/testing/fixture-server.js";
import { fixtureFromPreserved } from "../../src/testing/fixture-state.js";
import { main } from "../../src/cli/main.js";
import { parseJson, type Json } from "../../src/go/json.js";

const root = join(import.meta.dirname, "..", "..");
const example = parseJson(readFileSync(join(root, "examples", "mainnet-like.snapshot.json"), "utf8")) as { [k: string]: Json };

describe("gonka-spec compare --rpc", () => {
  const server = new FixtureServer({ latestHeight: 1200, stateAt: () => fixtureFromPreserved(example.preserved!) });
  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it("reads the state at the height and compares the same way as from a file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gonka-compare-rpc-"));
    const b = join(dir, "b.json");
    writeFileSync(b, `{"name": "quarter", "PocSlotAllocation": "0.25", "BinomTestP0": "0.20"}`);
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(["compare", "--rpc", server.url, "--height", "1100", "--a", join(root, "examples", "proposal-a.json"), "--b", b, "--anchors", "3", "--json"], {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
    });
    expect(err.join("\n")).not.toMatch(/error/i);
    expect(code).toBe(0);
    const m = parseJson(out.join("\n")) as { [k: string]: Json };
    expect((m.snapshot as { height: string }).height).toBe("1100");
    expect((m.b as { pocSlotAllocation: Json }).pocSlotAllocation).toEqual({ value: "0.25", source: "proposal" });
    expect((m.models as Json[]).length).toBe(4);
    // The chain client's settlement slice goes through the miss test's epoch evaluation.
    const t = m.missTest as { a: { governanceP0: string }; b: { settlementP0: string }; participants: Json[] };
    expect(t.a.governanceP0).toBe("0.1");
    expect(t.b.settlementP0).toBe("0.2");
    expect(t.participants.length).toBeGreaterThan(0);
  });
});
