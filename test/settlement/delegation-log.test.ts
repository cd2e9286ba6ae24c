/**
 * v0.2.14's delegation step on its own: which weights move (the amounts are checked against compiled
 * Go in go-audit and go-boundaries) and the change log settle prints from it, one entry per move.
 */
import { describe, expect, it } from "vitest";
import { applyDelegationRewardPenalties, applyDelegationRewardTransfers, delegationShareOfWeight, type DelegationChange } from "../../src/settlement/delegation-reward-transfers.js";

const half = { value: 5n, exponent: -1 };
const quarter = { value: 25n, exponent: -2 };

describe("delegation penalties and transfers", () => {
  it("shares of a weight: truncated, 0 for a missing, zero, unparsable or out-of-range share", () => {
    expect(delegationShareOfWeight(quarter, 1001n)).toBe(250n);
    expect(delegationShareOfWeight(null, 1000n)).toBe(0n);
    expect(delegationShareOfWeight({ value: 0n, exponent: 0 }, 1000n)).toBe(0n);
    expect(delegationShareOfWeight({ value: 1n, exponent: -19 }, 1000n)).toBe(0n); // more than 18 places
    expect(delegationShareOfWeight({ value: -5n, exponent: -1 }, 1000n)).toBe(0n);
    expect(delegationShareOfWeight(half, 2n ** 63n)).toBe(0n); // above MaxInt64
  });

  it("penalties take a fraction of the weight before any penalty, at most what is left; each is logged", () => {
    const w = new Map([["a", 1000n], ["b", 400n]]);
    const log: DelegationChange[] = [];
    applyDelegationRewardPenalties(w, [
      { participant: "a", penaltyFraction: half },
      { participant: "a", penaltyFraction: { value: 75n, exponent: -2 } },
      { participant: "unknown", penaltyFraction: half },
      { participant: "", penaltyFraction: half },
      { participant: "b", penaltyFraction: null },
    ], log);
    expect([...w]).toEqual([["a", 0n], ["b", 400n]]);
    expect(log).toEqual([
      { kind: "penalty", participant: "a", amount: 500n },
      { kind: "penalty", participant: "a", amount: 500n },
    ]);
  });

  it("transfers move a share of the source's weight before any transfer to a destination with weight; to one without, it is dropped", () => {
    const w = new Map([["a", 1000n], ["b", 400n], ["z", 0n]]);
    const log: DelegationChange[] = [];
    applyDelegationRewardTransfers(w, [
      { from: "a", to: "b", modelId: "m", share: quarter },
      { from: "a", to: "z", modelId: "m", share: quarter },
      { from: "a", to: "", modelId: "m", share: quarter },
      { from: "b", to: "a", modelId: "m", share: half },
      { from: "", to: "a", modelId: "m", share: half },
      { from: "nobody", to: "a", modelId: "m", share: half },
      { from: "b", to: "a", modelId: "m", share: { value: 0n, exponent: 0 } },
    ], log);
    expect([...w]).toEqual([["a", 450n], ["b", 450n], ["z", 0n]]);
    expect(log).toEqual([
      { kind: "transfer-out", participant: "a", amount: 250n, counterpart: "b" },
      { kind: "transfer-in", participant: "b", amount: 250n, counterpart: "a" },
      { kind: "transfer-out", participant: "a", amount: 250n, counterpart: "z" },
      { kind: "transfer-out", participant: "a", amount: 250n, counterpart: "" },
      { kind: "transfer-out", participant: "b", amount: 200n, counterpart: "a" },
      { kind: "transfer-in", participant: "a", amount: 200n, counterpart: "b" },
    ]);
  });
});
