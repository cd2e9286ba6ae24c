/** Invariants of the settlement port that a wrong port would break, on random epochs. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { settleAccounts } from "../../src/settlement/settle-accounts.js";
import { applyPowerCappingForWeights } from "../../src/settlement/apply-power-capping-for-weights.js";
import type { SettlementInput } from "../../src/settlement/settlement-types.js";
import { CHAIN_VERSIONS, atLeast, type ChainVersion } from "../../src/versions/chain-version.js";
import { familyKnows } from "../../src/versions/rule-families.js";

const MODEL = "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8";

const participantArb = fc.record({
  weight: fc.oneof(fc.bigInt(0n, 100_000n), fc.constant(0n), fc.bigInt(-5n, 5n)),
  cw: fc.oneof(fc.bigInt(0n, 120_000n), fc.constant(0n)),
  nodes: fc.array(fc.record({ w: fc.bigInt(0n, 60_000n), preserved: fc.boolean() }), { maxLength: 3 }),
  hasVw: fc.boolean(),
  status: fc.constantFrom("ACTIVE", "ACTIVE", "ACTIVE", "INACTIVE", "INVALID"),
  balance: fc.bigInt(0n, 10_000_000n),
  ic: fc.bigInt(0n, 3000n),
  missed: fc.bigInt(0n, 400n),
});

const epochArb = fc.record({
  ps: fc.array(participantArb, { minLength: 0, maxLength: 25 }),
  version: fc.constantFrom(...CHAIN_VERSIONS.filter((v) => familyKnows("settlement", v))),
  scale: fc.constantFrom(null, { value: 3593n, exponent: -4 }, { value: 1n, exponent: 0 }),
  epoch: fc.bigInt(2n, 3000n),
});

type Epoch = typeof epochArb extends fc.Arbitrary<infer T> ? T : never;

function build(e: Epoch): SettlementInput {
  const ps = e.ps;
  const addr = (i: number) => `gonka1p${String(i).padStart(3, "0")}`;
  return {
    epoch: e.epoch,
    participants: ps.map((p, i) => ({ address: addr(i), status: p.status as "ACTIVE" | "INACTIVE" | "INVALID", coinBalance: p.balance, currentEpochStats: { inferenceCount: p.ic, missedRequests: p.missed } })),
    validationWeights: ps.flatMap((p, i) => (p.hasVw ? [{ memberAddress: addr(i), weight: p.weight, confirmationWeight: p.cw, mlNodes: [] }] : [])),
    subgroups: [
      {
        modelId: MODEL,
        validationWeights: ps.map((p, i) => ({ memberAddress: addr(i), mlNodes: p.nodes.map((n, j) => ({ nodeId: `n${j}`, pocWeight: n.w, throughput: 0n, timeslotAllocation: [true, n.preserved] })) })),
      },
    ],
    confirmationWeightScales: e.scale === null ? [] : [{ modelId: MODEL, weightScaleFactor: e.scale }],
    pocModelScales: e.scale === null ? [] : [{ modelId: MODEL, weightScaleFactor: e.scale }],
    collateralGracePeriodEndEpoch: 180n,
    bitcoinRewardParams: { initialEpochReward: 323_000_000_000_000n, decayRate: { value: -475n, exponent: -6 }, genesisEpoch: 1n, useBitcoinRewards: true },
    validationParams: { binomTestP0: { value: 1n, exponent: -1 } },
    graceEpoch: null,
    settleParameters: null,
    delegationRewardTransfers: [],
    delegationRewardPenalties: [],
    exclusions: [],
  };
}

describe("settlement invariants (random epochs, every version)", () => {
  it("paid + remainder = fixed reward (no debt, under the supply cap, weights within the full weight: from v0.2.12)", () => {
    fc.assert(
      fc.property(epochArb, (e) => {
        const s = settleAccounts(build(e), e.version as ChainVersion);
        if (atLeast(e.version, "v0.2.12")) expect(s.distributed + s.remainder).toBe(s.fixedEpochReward);
        else if (s.distributed <= s.fixedEpochReward) expect(s.distributed + s.remainder).toBe(s.fixedEpochReward);
        else expect(s.remainder).toBe(0n); // v0.2.10/11: preserved + confirmation weight may exceed the full weight
      }),
      { numRuns: 300 },
    );
  });

  it("zero reward weight ⇒ zero reward; every zero has a cause and only zeros have one; non-ACTIVE gets neither reward nor work coins", () => {
    fc.assert(
      fc.property(epochArb, (e) => {
        const s = settleAccounts(build(e), e.version as ChainVersion);
        for (const p of s.participants) {
          if (p.weights.reward === 0n) expect(p.rewardCoins).toBe(0n);
          expect(p.zeroCauses.length > 0).toBe(p.rewardCoins === 0n);
          if (p.status !== "ACTIVE") {
            expect(p.rewardCoins).toBe(0n);
            expect(p.workCoins).toBe(0n);
          }
          if (p.weights.capped !== null && p.weights.effective !== null) expect(p.weights.capped <= p.weights.effective).toBe(true);
          if (atLeast(e.version, "v0.2.12") && p.weights.effective !== null) expect(p.weights.effective <= p.weights.full).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("the payout does not depend on the participants' order (Go reads maps and sorted powers)", () => {
    fc.assert(
      fc.property(epochArb, fc.integer({ min: 0, max: 1000 }), (e, seed) => {
        const a = settleAccounts(build(e), e.version as ChainVersion);
        const input = build(e);
        const order = input.participants.map((_, i) => i).sort((x, y) => ((x * 7919 + seed) % 101) - ((y * 7919 + seed) % 101));
        const b = settleAccounts({ ...input, participants: order.map((i) => input.participants[i]!) }, e.version as ChainVersion);
        const byA = new Map(a.participants.map((p) => [p.address, p.rewardCoins]));
        for (const p of b.participants) expect(p.rewardCoins).toBe(byA.get(p.address));
      }),
      { numRuns: 150 },
    );
  });
});

describe("applyPowerCappingForWeights", () => {
  const weights = fc.array(fc.bigInt(0n, 1_000_000n), { minLength: 0, maxLength: 40 });
  it("never raises a weight, caps everyone at one value, and with 4+ holders keeps the largest near 30 % of the capped total", () => {
    fc.assert(
      fc.property(weights, fc.constantFrom(...CHAIN_VERSIONS.filter((v) => familyKnows("settlement", v))), (ws, v) => {
        const entries = ws.map((w, i) => ({ index: `p${i}`, weight: w }));
        const r = applyPowerCappingForWeights(entries, v as ChainVersion);
        r.participants.forEach((p, i) => {
          expect(p.weight <= ws[i]!).toBe(true);
          if (r.cap !== null) expect(p.weight).toBe(ws[i]! > r.cap ? r.cap : ws[i]!);
        });
        const positive = ws.filter((w) => w > 0n).length;
        if (r.wasCapped && positive >= 4 && r.totalPower > 0n) {
          // cap = floor(0.3·S / (1 − 0.3·m)) ⇒ cap ≤ 0.3 × capped total (+1 for the floor)
          expect(r.cap! * 10n <= 3n * r.totalPower + 10n).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("from v0.2.14 zero weights change nothing; before, they count in the participant number", () => {
    const three = [{ index: "a", weight: 100n }, { index: "b", weight: 100n }, { index: "c", weight: 1000n }];
    const withZero = [...three, { index: "z", weight: 0n }];
    expect(applyPowerCappingForWeights(withZero, "v0.2.14").participants.map((p) => p.weight)).toEqual(applyPowerCappingForWeights(three, "v0.2.14").participants.map((p) => p.weight).concat([0n]));
    // v0.2.13: four entries → the 30 % limit; three → 40 %.
    expect(applyPowerCappingForWeights(three, "v0.2.13").maxPercentage).toEqual({ value: 4n, exponent: -1 });
    expect(applyPowerCappingForWeights(withZero, "v0.2.13").maxPercentage).toEqual({ value: 3n, exponent: -1 });
  });
});

describe("SettleAccounts refuses an epoch whose minted amount is negative", () => {
  it("a fixed epoch reward beyond int64 pays nobody: ErrNegativeRewardAmount (checked at bb2de824 and ee730031)", () => {
    const input = build({ ps: [], version: "v0.2.12", scale: null, epoch: 2n } as unknown as Epoch);
    input.bitcoinRewardParams = { ...input.bitcoinRewardParams!, initialEpochReward: 2n ** 63n, decayRate: null };
    expect(() => settleAccounts(input, "v0.2.12")).toThrow(/refuses to settle epoch 2: .*ErrNegativeRewardAmount/);
    input.bitcoinRewardParams = { ...input.bitcoinRewardParams!, initialEpochReward: 2n ** 63n - 1n };
    expect(settleAccounts(input, "v0.2.12").fixedEpochReward).toBe(2n ** 63n - 1n);
  });
});
