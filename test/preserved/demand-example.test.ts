// The generated example snapshot: reproducible byte for byte, valid, and shaped like a real fleet.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderExampleSnapshot, EXAMPLE_MODELS } from "../../scripts/generate-example-snapshot.js";
import { parseJson } from "../../src/go/json.js";
import { parseSnapshot } from "../../src/snapshot/snapshot.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { operatorAddressToAccAddress } from "../../src/preserved/bech32.js";
import { parseDemand } from "../../src/preserved/demand.js";
import { parseEpochInput } from "../../src/misstest/epoch-input.js";

const ROOT = join(import.meta.dirname, "..", "..");
const FILE = join(ROOT, "examples", "mainnet-like.snapshot.json");

describe("examples/mainnet-like.snapshot.json", () => {
  const text = readFileSync(FILE, "utf8");
  const snap = parseSnapshot(parseJson(text, FILE), FILE);
  const state = parsePreservedState(snap.preserved, "preserved");

  it("is exactly what the generator script produces (rerunning reproduces it)", () => {
    expect(renderExampleSnapshot() === text).toBe(true);
  });

  it("is a generated gonka-spec snapshot, version 1, strictly valid, without warnings", () => {
    expect(snap.schema).toBe("gonka-spec/snapshot");
    expect(snap.version).toBe(1);
    expect(snap.chainId).toBe("example");
    expect(snap.source).toBe("generated");
    expect(state.warnings).toEqual([]);
    expect(String(state.anchorHeight)).toBe(snap.height);
  });

  it("has about 400 participants in 4 model groups with heavy-tailed node counts and a few tiny nodes", () => {
    const live = state.rootGroup.liveMembers!;
    expect(state.rootGroup.validationWeights.length).toBe(400);
    expect(400 - live.size).toBeGreaterThanOrEqual(3); // a few not live
    expect([...state.liveSubGroups.byModel.keys()].sort()).toEqual(EXAMPLE_MODELS.map((m) => m.id).sort());
    const nodesPer = new Map<string, number>();
    const weights: bigint[] = [];
    for (const g of state.liveSubGroups.byModel.values()) {
      for (const vw of g.validationWeights) {
        nodesPer.set(vw.memberAddress, (nodesPer.get(vw.memberAddress) ?? 0) + vw.mlNodes.length);
        for (const n of vw.mlNodes) weights.push(n!.pocWeight);
      }
    }
    const counts = [...nodesPer.values()].sort((a, b) => b - a);
    expect(counts[0]).toBeGreaterThanOrEqual(20); // big operators with many nodes
    expect(counts.filter((c) => c === 1).length).toBeGreaterThan(150); // many small ones
    expect(weights.filter((w) => w < 400n).length).toBeGreaterThanOrEqual(3); // tiny nodes
    const main = state.liveSubGroups.byModel.get(EXAMPLE_MODELS[0].id)!;
    const mainWeights = main.validationWeights.flatMap((vw) => vw.mlNodes.map((n) => n!.pocWeight));
    const total = mainWeights.reduce((s, w) => s + w, 0n);
    expect(total > 700_000n && total < 800_000n).toBe(true);
    expect(mainWeights).toContain(1_809n);
  });

  it("has guardians whose valoper addresses convert to participant addresses", () => {
    const members = new Set(state.rootGroup.validationWeights.map((vw) => vw!.memberAddress));
    expect(state.genesisGuardianAddresses.length).toBe(3);
    for (const g of state.genesisGuardianAddresses) {
      expect(g.startsWith("gonkavaloper1")).toBe(true);
      const acc = operatorAddressToAccAddress(g);
      expect(typeof acc).toBe("string");
      expect(members.has(acc as string)).toBe(true);
    }
  });

  it("has participants without history and participants not rewarded", () => {
    const addrs = state.rootGroup.validationWeights.map((vw) => vw!.memberAddress);
    const summaries = state.previousEpochPerformanceSummaries;
    expect(addrs.filter((a) => !summaries.has(a)).length).toBeGreaterThan(10);
    expect([...summaries.values()].filter((s) => s.rewardedCoins === 0n).length).toBeGreaterThan(5);
  });

  it("carries a valid demand slice for every model, and examples/demand.json is valid too", () => {
    const d = parseDemand(snap.demand!, "demand");
    expect([...d.peakInFlight.keys()].sort()).toEqual(EXAMPLE_MODELS.map((m) => m.id).sort());
    expect(d.rate).toBe(10n);
    const file = parseDemand(parseJson(readFileSync(join(ROOT, "examples", "demand.json"), "utf8")), "demand.json");
    expect(file.peakInFlight.size).toBe(4);
  });

  it("carries a valid settlement slice (the miss test's epoch input) for the live participants", () => {
    const e = parseEpochInput(snap.settlement!, "settlement");
    expect(e.epoch).toBe(state.epoch.index);
    expect(e.participants.length).toBe(state.rootGroup.liveMembers!.size);
    for (const p of e.participants) expect(state.rootGroup.liveMembers!.has(p.address)).toBe(true);
    const heavyMissers = e.participants.filter((p) => p.currentEpochStats!.missedRequests * 4n >= p.currentEpochStats!.inferenceCount && p.currentEpochStats!.inferenceCount > 0n);
    expect(heavyMissers.length).toBeGreaterThan(3); // a few overloaded hosts for the miss test to catch
    expect(e.rewards!.size).toBe(e.participants.length);
  });
});
