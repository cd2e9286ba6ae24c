// Where each resolved value comes from (issue 30 item 13, mutation testing): the proposal, the
// snapshot (its demand slice, settlement slice, chain slice) or the default, each named, and the demand
// input's errors named by the key they came from.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultEngines } from "../../src/compare/default-engines.js";
import { DEFAULT_FACTOR, DEFAULT_GROUP_SIZE, DEFAULT_P0, DEFAULT_RATE, resolveProposal, snapshotGroupSize, snapshotVoteThresholdFactor } from "../../src/compare/resolve.js";
import { Decimal } from "../../src/go/decimal.js";
import { parsePreservedState } from "../../src/preserved/state.js";
import { loadSnapshot, type Snapshot } from "../../src/snapshot/snapshot.js";
import { refusal } from "../helpers/refusal.js";

const snapshot = loadSnapshot(join(import.meta.dirname, "..", "..", "examples", "mainnet-like.snapshot.json"));
const state = parsePreservedState(snapshot.preserved, "snapshot: preserved");
const bare: Snapshot = { ...snapshot, demand: undefined, settlement: undefined, chain: undefined as never };

describe("each resolved value and its source", () => {
  it("the defaults of the chain and the gateway", () => {
    expect([DEFAULT_RATE, DEFAULT_P0, DEFAULT_FACTOR, DEFAULT_GROUP_SIZE]).toEqual([10n, "0.1", 50n, 16]);
    const r = resolveProposal({ name: "a" }, "A", bare, state, defaultEngines());
    expect(r.params).toEqual({
      name: "a",
      pocSlotAllocation: { value: "0.1", source: "snapshot" },
      pocMaxConcurrentPer10000Weight: { value: 10n, source: "default" },
      binomTestP0: { value: "0.1", source: "default" },
      voteThresholdFactor: { value: 50n, source: "default" },
      preservedRule: { value: "current", source: "default" },
      demandSource: null,
    });
    expect([r.rate, r.p0.toString(), r.factor, r.demand, r.slotAllocation!.toString()]).toEqual([10n, "0.1", 50n, undefined, "0.1"]);
  });

  it("the snapshot's demand, settlement and chain slices", () => {
    const s: Snapshot = { ...snapshot, chain: { params: { devshardEscrowParams: { voteThresholdFactor: "67" } } } as never };
    const r = resolveProposal({ name: "a", description: "" }, "A", s, state, defaultEngines());
    expect(r.params.description).toBe("");
    expect(r.params.pocMaxConcurrentPer10000Weight).toEqual({ value: 10n, source: "snapshot" });
    expect(r.params.binomTestP0).toEqual({ value: "0.1", source: "snapshot" });
    expect(r.params.voteThresholdFactor).toEqual({ value: 67n, source: "snapshot" });
    expect(r.params.demandSource).toBe("snapshot");
    expect([...r.demand!.peakInFlight.entries()].map(([k, v]) => `${k}=${v}`)).toEqual(["Qwen/Qwen3-235B-A22B-Instruct-2507-FP8=460", "Qwen/Qwen3-32B-FP8=95", "Qwen/QwQ-32B=140", "Qwen/Qwen2.5-7B-Instruct=12"]);
    expect("description" in resolveProposal({ name: "a" }, "A", s, state, defaultEngines()).params).toBe(false);
  });

  it("the proposal's own values win, its demand named inline or by its file", () => {
    const r = resolveProposal(
      { name: "b", pocSlotAllocation: Decimal.fromString("0.3"), pocMaxConcurrentPer10000Weight: 4n, binomTestP0: Decimal.fromString("0.2"), voteThresholdFactor: 70n, preservedRule: "demand", demand: { source: "d.json", json: { pocMaxConcurrentPer10000Weight: 9, peakInFlightRequests: { m: 3 } } } },
      "B",
      snapshot,
      state,
      defaultEngines(),
    );
    expect(r.params).toEqual({
      name: "b",
      pocSlotAllocation: { value: "0.3", source: "proposal" },
      pocMaxConcurrentPer10000Weight: { value: 4n, source: "proposal" },
      binomTestP0: { value: "0.2", source: "proposal" },
      voteThresholdFactor: { value: 70n, source: "proposal" },
      preservedRule: { value: "demand", source: "proposal" },
      demandSource: "d.json",
    });
    expect([r.rate, r.p0.toString(), r.factor, (r.demand as unknown as { rate: bigint }).rate, [...r.demand!.peakInFlight.keys()]]).toEqual([4n, "0.2", 70n, 9n, ["m"]]);
    // a demand input without a rate: the rate is the default
    const noRate = resolveProposal({ name: "b", demand: { source: "inline", json: { peakInFlightRequests: { m: 3 } } } }, "B", bare, state, defaultEngines());
    expect([noRate.params.pocMaxConcurrentPer10000Weight, noRate.params.demandSource]).toEqual([{ value: 10n, source: "default" }, "inline"]);
  });

  it("a malformed demand is named by the key it came from", () => {
    expect(refusal(() => resolveProposal({ name: "b", demand: { source: "inline", json: { peakInFlightRequests: 5 } } }, "B.json", bare, state, defaultEngines()))).toMatch(/^B\.json: demand\.peakInFlightRequests: /);
    expect(refusal(() => resolveProposal({ name: "a" }, "A.json", { ...bare, demand: { peakInFlightRequests: 5 } as never }, state, defaultEngines()))).toMatch(/^snapshot: demand\.peakInFlightRequests: /);
    // the demand rule with the snapshot's demand runs
    expect(resolveProposal({ name: "a", preservedRule: "demand" }, "A", snapshot, state, defaultEngines()).params.preservedRule).toEqual({ value: "demand", source: "proposal" });
  });

  it("the chain slice's factor and group size by every spelling and parent, the first found", () => {
    const at = (chain: object): Snapshot => ({ ...snapshot, chain: chain as never });
    expect(snapshotVoteThresholdFactor(at({ vote_threshold_factor: 30, params: { voteThresholdFactor: 40 } }))).toBe(30n);
    expect(snapshotVoteThresholdFactor(at({ devshard_escrow_params: { vote_threshold_factor: "45" } }))).toBe(45n);
    expect(snapshotVoteThresholdFactor(at({ escrowParams: { voteThresholdFactor: 46n } }))).toBe(46n);
    expect(snapshotVoteThresholdFactor(at({ params: { x: 1 }, devshardEscrowParams: { voteThresholdFactor: 47 } }))).toBe(47n);
    expect(snapshotVoteThresholdFactor(at({ params: { devshardEscrowParams: { voteThresholdFactor: 2 ** 53 } } }))).toBeUndefined();
    expect(snapshotVoteThresholdFactor(at({ params: { devshardEscrowParams: { voteThresholdFactor: 4.5 } } }))).toBeUndefined();
    expect(snapshotVoteThresholdFactor(at({ params: { devshardEscrowParams: { voteThresholdFactor: " 40" } } }))).toBeUndefined();
    expect(snapshotVoteThresholdFactor(at({ params: { devshardEscrowParams: { voteThresholdFactor: "40x" } } }))).toBeUndefined();
    expect(snapshotVoteThresholdFactor(at({ other: { voteThresholdFactor: 40 } }))).toBeUndefined();
    expect(snapshotVoteThresholdFactor({ ...snapshot, chain: 5 as never })).toBeUndefined();
    expect(snapshotVoteThresholdFactor(at({ params: { devshardEscrowParams: { voteThresholdFactor: [7] } } }))).toBeUndefined();
    expect(snapshotGroupSize(at({ params: { groupSize: [7] } }))).toBeUndefined();
    expect(snapshotGroupSize(at({ params: { groupSize: "32" } }))).toBe(32);
    expect(snapshotGroupSize(at({ group_size: -1 }))).toBeUndefined();
  });

  it("a real proposal's value beside a value the proposal itself sets, and a state with no slot allocation", () => {
    const r = resolveProposal({ name: "b", pocSlotAllocation: Decimal.fromString("0.3"), voteThresholdFactor: 70n, sets: { PocSlotAllocation: "0.2", vote_threshold_factor: "70" } }, "B", bare, state, defaultEngines());
    expect([r.params.pocSlotAllocation, r.params.voteThresholdFactor, r.params.binomTestP0]).toStrictEqual([
      { value: "0.3", source: "proposal" },
      { value: 70n, source: "proposal" },
      { value: "0.1", source: "default" },
    ]);
    const none = { ...state, params: { ...state.params, epochParams: { ...state.params.epochParams, pocSlotAllocation: null } } } as never;
    const n = resolveProposal({ name: "a" }, "A", bare, none, defaultEngines());
    expect([n.params.pocSlotAllocation, n.slotAllocation]).toStrictEqual([{ value: null, source: "default" }, null]);
  });
});
