import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSnapshotFromArgs, type RecordedAnswer } from "../../src/chain/index.js";
import { fixtureFromPreserved } from "../../src/testing/fixture-state.js";
import { loadSnapshot, serializeSnapshot } from "../../src/snapshot/snapshot.js";
import { examplePreserved, fixtureNodes, run } from "./helpers.js";

const serve = fixtureNodes();

describe("snapshot --record: node answers as replayable fixtures", () => {
  it("a recording replays to the same snapshot, with no other state", async () => {
    const st = fixtureFromPreserved(examplePreserved);
    const live = await serve({ latestHeight: 3000, stateAt: () => st });
    const dir = mkdtempSync(join(tmpdir(), "gonka-rec-"));
    const r = await run(["snapshot", "--rpc", live.url, "--height", "2990", "--out", join(dir, "a.json"), "--record", join(dir, "a.jsonl"), "--json"]);
    expect(r.code).toBe(0);
    const lines = readFileSync(join(dir, "a.jsonl"), "utf8").trim().split("\n");
    const recorded = lines.map((l) => JSON.parse(l) as RecordedAnswer);
    expect(recorded.length).toBe(live.asked.filter((q) => q.method === "abci_query").length);
    expect(new Set(recorded.map((x) => x.height))).toEqual(new Set([2990]));
    // NotFound answers are recorded too (e.g. summaries of participants without one)
    expect(recorded.every((x) => (x.code === 0) === (x.value_b64 !== undefined))).toBe(true);

    const replay = await serve({ latestHeight: 3000, stateAt: () => undefined, recorded });
    const b = await loadSnapshotFromArgs({ rpc: replay.url, height: "2990" });
    const a = loadSnapshot(join(dir, "a.json"));
    expect(serializeSnapshot({ ...b, fetchedAt: "" })).toBe(serializeSnapshot({ ...a, fetchedAt: "" }));
    // another height is not in the recording: answered as pruned
    const other = await run(["snapshot", "--rpc", replay.url, "--height", "2000", "--out", join(dir, "c.json"), "--json"]);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/archive node is needed; height 2000 was asked/);
  });
});
