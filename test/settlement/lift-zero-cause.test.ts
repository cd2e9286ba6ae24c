/**
 * liftCause and coinsWithoutCauses on epochs built by hand: each lift changes exactly the one
 * participant's one input it names (nobody else's, nothing else), and the re-run reports the pay, the
 * causes left, the words and the p0 only when it moved.
 */
import { describe, expect, it } from "vitest";
import { UINT64_MAX } from "../../src/go/int64.js";
import { coinsWithoutCauses, liftCause } from "../../src/settlement/lift-zero-cause.js";
import { settleAccounts } from "../../src/settlement/settle-accounts.js";
import type { SettlementInput } from "../../src/settlement/settlement-types.js";
import type { ZeroCauseCode } from "../../src/settlement/zero-causes.js";
import { epoch, type P } from "./epoch-builder.js";

const z = "gonka1z";
const o = "gonka1o";
const FILLER: P[] = ["f1", "f2", "f3", "f4", "f5"].map((a) => ({ address: `gonka1${a}` }));

function lifted(input: SettlementInput, code: ZeroCauseCode): { input: SettlementInput; lifted: string } {
  const l = liftCause(input, z, code);
  if (typeof l === "string") throw new Error(l);
  return l;
}

describe("liftCause: one participant's one input", () => {
  it("excluded or inactive: that participant ACTIVE and its exclusion gone; another's status and exclusion kept", () => {
    const input = epoch([{ address: z, status: "INACTIVE" }, { address: o, status: "INVALID" }, ...FILLER], {
      exclusions: [
        { address: z, reason: "consecutive_failures", exclusionBlockHeight: 5n },
        { address: o, reason: "invalidated", exclusionBlockHeight: 6n },
      ],
    });
    for (const code of ["excluded", "inactive"] as const) {
      const l = lifted(input, code);
      expect(l.lifted).toBe("status ACTIVE (not excluded)");
      expect(l.input.participants.map((p) => p.status)).toEqual(["ACTIVE", "INVALID", "ACTIVE", "ACTIVE", "ACTIVE", "ACTIVE", "ACTIVE"]);
      expect(l.input.exclusions).toEqual([{ address: o, reason: "invalidated", exclusionBlockHeight: 6n }]);
      expect({ ...l.input, participants: input.participants, exclusions: input.exclusions }).toEqual(input);
    }
  });

  it("a confirmation weight of 0 or rescaled to 0: that participant's confirmation weight becomes its PoC weight", () => {
    const input = epoch([{ address: z, weight: 700n, cw: 0n }, { address: o, weight: 900n, cw: 300n }, ...FILLER]);
    for (const code of ["confirmation-weight-zero", "confirmation-rescale-zero"] as const) {
      const l = lifted(input, code);
      expect(l.lifted).toBe("confirmation weight = its PoC weight (the confirmation PoC confirmed everything)");
      expect(l.input.validationWeights.slice(0, 2).map((v) => [v.weight, v.confirmationWeight])).toEqual([[700n, 700n], [900n, 300n]]);
      expect({ ...l.input, validationWeights: input.validationWeights }).toEqual(input);
    }
  });

  it("the miss test: every assigned request served (inferences + misses, saturating at MaxUint64), others' counters kept", () => {
    const input = epoch([{ address: z, stats: [30n, 70n] }, { address: o, stats: [5n, 9n] }, ...FILLER]);
    const l = lifted(input, "failed-miss-test");
    expect(l.lifted).toBe("every assigned request served (missed 0)");
    expect(l.input.participants.slice(0, 2).map((p) => p.currentEpochStats)).toEqual([
      { inferenceCount: 100n, missedRequests: 0n },
      { inferenceCount: 5n, missedRequests: 9n },
    ]);
    const near = epoch([{ address: z, stats: [UINT64_MAX - 1n, 1n] }, ...FILLER]);
    expect(lifted(near, "failed-miss-test").input.participants[0]!.currentEpochStats).toEqual({ inferenceCount: UINT64_MAX, missedRequests: 0n });
    const over = epoch([{ address: z, stats: [UINT64_MAX, 5n] }, ...FILLER]);
    expect(lifted(over, "failed-miss-test").input.participants[0]!.currentEpochStats).toEqual({ inferenceCount: UINT64_MAX, missedRequests: 0n });
    // no counters (Go's nil): nothing to lift, the participant is kept as it is
    const none = epoch([{ address: z, stats: null }, ...FILLER]);
    expect(lifted(none, "failed-miss-test").input.participants[0]).toBe(none.participants[0]);
  });

  it("delegation: only its own penalty and its outgoing transfers are dropped", () => {
    const share = { value: 1n, exponent: -1 };
    const input = epoch([{ address: z }, { address: o }, ...FILLER], {
      delegationRewardPenalties: [
        { participant: z, penaltyFraction: share },
        { participant: o, penaltyFraction: share },
      ],
      delegationRewardTransfers: [
        { from: z, to: o, modelId: "m", share },
        { from: o, to: z, modelId: "m", share },
      ],
    });
    const l = lifted(input, "delegation");
    expect(l.lifted).toBe("no delegation penalty or outgoing transfer");
    expect(l.input.delegationRewardPenalties).toEqual([{ participant: o, penaltyFraction: share }]);
    expect(l.input.delegationRewardTransfers).toEqual([{ from: o, to: z, modelId: "m", share }]);
  });

  it("a negative balance: its debt becomes 0; a positive balance and another's debt are kept", () => {
    const input = epoch([{ address: z, balance: -500n }, { address: o, balance: -7n }, { address: "gonka1p", balance: 300n }, ...FILLER]);
    const l = lifted(input, "negative-balance");
    expect(l.lifted).toBe("coin balance 0 (no debt)");
    expect(l.input.participants.slice(0, 3).map((p) => p.coinBalance)).toEqual([0n, -7n, 300n]);
    const paid = epoch([{ address: z, balance: 300n }, ...FILLER]);
    expect(lifted(paid, "negative-balance").input.participants[0]!.coinBalance).toBe(300n);
  });

  it("a cause no input of its own can lift is named as such; a code it does not know, too", () => {
    const input = epoch([{ address: z }, ...FILLER]);
    expect(liftCause(input, z, "power-cap")).toBe("the power cap is a share of the whole network's weight, not an input of this participant");
    expect(liftCause(input, z, "no-fixed-reward")).toBe("the epoch has no fixed reward for anyone");
    expect(liftCause(input, z, "made-up" as ZeroCauseCode)).toBe("no lift is defined for made-up");
  });
});

describe("coinsWithoutCauses: the re-run", () => {
  it("explains only the participant it asks about (settleAccounts explainOnly): the same coins, the others unexplained", () => {
    const input = epoch([{ address: z, cw: 0n }, { address: o, cw: 0n }, ...FILLER]);
    const all = settleAccounts(input, "v0.2.14");
    const one = settleAccounts(input, "v0.2.14", { explainOnly: z });
    expect(one.participants.map((p) => p.rewardCoins)).toEqual(all.participants.map((p) => p.rewardCoins));
    expect(one.participants[0]).toEqual(all.participants[0]);
    expect(all.participants[1]!.zeroCauses.map((c) => c.code)).toEqual(["confirmation-weight-zero"]);
    expect(all.participants[1]!.missTest).not.toBeNull();
    expect(one.participants[1]).toEqual({ ...all.participants[1], missTest: null, zeroCauses: [] });
  });

  it("lifts several causes together, names them in order, and pays", () => {
    const input = epoch([{ address: z, status: "INACTIVE", cw: 0n }, ...FILLER]);
    const s = settleAccounts(input, "v0.2.14");
    expect(s.participants[0]!.rewardCoins).toBe(0n);
    const got = coinsWithoutCauses(input, "v0.2.14", s, z, ["inactive", "confirmation-weight-zero"]);
    expect(got).toMatchObject({ lifted: "status ACTIVE (not excluded), confirmation weight = its PoC weight (the confirmation PoC confirmed everything)", stillZeroBy: [], p0Changed: null });
    expect("rewardCoins" in got && got.rewardCoins).toBeGreaterThan(0n);
    expect(coinsWithoutCauses(input, "v0.2.14", s, z, ["inactive", "supply-cap"])).toEqual({ notMeaningful: "the subsidy supply cap applies to everyone" });
  });

  it("a cause the re-run still finds is not listed as left: only the others are", () => {
    // confirmation 1 × weight 1 ÷ a node total of 1,000,000 rounds to 0, and still does with confirmation = weight
    const input = epoch([{ address: z, weight: 1n, cw: 1n, nodes: [1_000_000n] }, ...FILLER]);
    const s = settleAccounts(input, "v0.2.14");
    expect(s.participants[0]!.zeroCauses.map((c) => c.code)).toContain("confirmation-rescale-zero");
    const rerun = settleAccounts(lifted(input, "confirmation-rescale-zero").input, "v0.2.14");
    expect(rerun.participants[0]!.zeroCauses.map((c) => c.code)).toContain("confirmation-rescale-zero");
    const got = coinsWithoutCauses(input, "v0.2.14", s, z, ["confirmation-rescale-zero"]);
    expect(got).toMatchObject({ rewardCoins: 0n });
    expect("stillZeroBy" in got && got.stillZeroBy).not.toContain("confirmation-rescale-zero");
  });

  it("an address the epoch does not hold is paid 0 with no causes", () => {
    const input = epoch([{ address: z }, ...FILLER]);
    const s = settleAccounts(input, "v0.2.14");
    expect(coinsWithoutCauses(input, "v0.2.14", s, "gonka1nobody", ["negative-balance"])).toEqual({ lifted: "coin balance 0 (no debt)", rewardCoins: 0n, stillZeroBy: [], p0Changed: null });
  });

  it("names the re-run's p0 when lifting one participant's misses moves the network's miss share across a table", () => {
    // 2,000 requests, 800 missed (all by z): a baseline of 400 ‰; served, the baseline is 0
    const input = epoch([{ address: z, stats: [200n, 800n] }, ...FILLER.map((p) => ({ ...p, stats: [200n, 0n] as [bigint, bigint] }))]);
    const s = settleAccounts(input, "v0.2.14");
    const got = coinsWithoutCauses(input, "v0.2.14", s, z, ["failed-miss-test"]);
    expect(s.dynamicP0.reason).toBe("dynamic");
    const rerun = settleAccounts(lifted(input, "failed-miss-test").input, "v0.2.14");
    expect(rerun.dynamicP0.p0).not.toEqual(s.dynamicP0.p0);
    expect("p0Changed" in got && got.p0Changed).toBe(P0_AFTER);
  });
});

/** The p0 of the lifted re-run above, as Go's String() writes it. */
const P0_AFTER = "0.1";
