/**
 * Every zero cause settle prints, each on an epoch built to have it (and only the ones that hold):
 * the code, the words and the numbers in them, and the order when several apply.
 */
import { describe, expect, it } from "vitest";
import { settleAccounts } from "../../src/settlement/settle-accounts.js";
import type { SettlementInput } from "../../src/settlement/settlement-types.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";
import { epoch, type P } from "./epoch-builder.js";

const FILLER: P[] = ["f1", "f2", "f3", "f4", "f5", "f6"].map((a) => ({ address: `gonka1${a}` }));
/** The causes of `address`, as [code, detail] pairs. */
function causes(input: SettlementInput, address: string, version: ChainVersion = "v0.2.14"): [string, string][] {
  const p = settleAccounts(input, version).participants.find((x) => x.address === address)!;
  return p.zeroCauses.map((c) => [c.code, c.detail]);
}

const z = "gonka1z";
const REWARD = (initialEpochReward: bigint, decay: bigint) => ({ bitcoinRewardParams: { initialEpochReward, decayRate: { value: decay, exponent: -1 }, genesisEpoch: 0n, useBitcoinRewards: true } });

describe("zero causes: one epoch per cause, the exact words", () => {
  it("no validation weight, or a weight that is not positive (grouped digits, the sign kept)", () => {
    expect(causes(epoch([{ address: z, weight: null }, ...FILLER]), z)).toEqual([["no-validation-weight", "no entry in the epoch group's validation weights: settlement pays on a weight of 0"]]);
    expect(causes(epoch([{ address: z, weight: 0n }, ...FILLER]), z)).toEqual([["zero-validation-weight", "the epoch group's validation weight is 0: only a positive weight is paid"]]);
    expect(causes(epoch([{ address: z, weight: -1234567n }, ...FILLER]), z)).toEqual([["zero-validation-weight", "the epoch group's validation weight is -1,234,567: only a positive weight is paid"]]);
  });

  it("not ACTIVE: the exclusion record when there is one (reason in words, block, the weight kept in the denominator), else the status", () => {
    const ex = { exclusions: [{ address: z, reason: "consecutive_failures", exclusionBlockHeight: 3828603n }] };
    expect(causes(epoch([{ address: z, status: "INACTIVE", weight: 1234567n }, ...FILLER], ex), z)).toEqual([["excluded", "excluded (consecutive failures) at block 3,828,603: status INACTIVE, full weight 1,234,567 stays in the denominator"]]);
    expect(causes(epoch([{ address: z, status: "INVALID" }, ...FILLER]), z)).toEqual([["inactive", "status INVALID at settlement (only ACTIVE participants are paid)"]]);
    // a reason without its own advice: the reason in words, the block, where to look
    const odd = settleAccounts(epoch([{ address: z, status: "INACTIVE" }, ...FILLER], { exclusions: [{ address: z, reason: "new_reason_x", exclusionBlockHeight: 1234567n }] }), "v0.2.14");
    expect(odd.participants[0]!.zeroCauses[0]).toMatchObject({ code: "excluded", operator: "the chain excluded the participant (new reason x) at block 1,234,567: look at the node's logs around that block" });
    // an exclusion of someone else does not explain this one
    expect(causes(epoch([{ address: z, status: "INVALID" }, ...FILLER], { exclusions: [{ address: "gonka1f1", reason: "invalidated", exclusionBlockHeight: 5n }] }), z)[0]![0]).toBe("inactive");
  });

  it("confirmation weight 0 or below, worded by the rule that ran; a positive one rescaled to 0", () => {
    expect(causes(epoch([{ address: z, cw: 0n }, ...FILLER]), z, "v0.2.10")).toEqual([["confirmation-weight-zero", "confirmation weight 0 and no preserved (POC_SLOT) node weight"]]);
    expect(causes(epoch([{ address: z, cw: -3n }, ...FILLER], { collateralGracePeriodEndEpoch: 1n }), z, "v0.2.11")).toEqual([["confirmation-weight-zero", "confirmation weight -3 and no preserved (POC_SLOT) node weight"]]);
    expect(causes(epoch([{ address: z, cw: -3n }, ...FILLER]), z, "v0.2.13")).toEqual([["confirmation-weight-zero", "confirmation weight -3: from v0.2.12 the reward weight follows the confirmation weight"]]);
    expect(causes(epoch([{ address: z, cw: 0n }, ...FILLER]), z, "v0.2.12")).toEqual([["confirmation-weight-zero", "confirmation weight 0: from v0.2.12 the reward weight follows the confirmation weight"]]);
    expect(causes(epoch([{ address: z, cw: 1n, weight: 1n, nodes: [1234n] }, ...FILLER]), z, "v0.2.13")).toEqual([["confirmation-rescale-zero", "confirmation weight 1 × weight 1 ÷ node total 1,234 rounds to 0"]]);
  });

  it("the power cap lowering a positive weight to 0 (v0.2.12 counts zero weights among the participants)", () => {
    const e = epoch([{ address: "gonka1a", cw: 0n }, { address: "gonka1b", cw: 0n }, { address: z, cw: 1n }]);
    expect(causes(e, z, "v0.2.12")).toEqual([["power-cap", "power cap lowered the weight 1 to 0"]]);
    expect(causes(e, z, "v0.2.14")).toEqual([]);
  });

  it("the miss test: counts and the largest allowed missed count at the p0 used; beside another cause, in order", () => {
    expect(causes(epoch([{ address: z, stats: [100n, 60n] }, ...FILLER]), z)).toEqual([["failed-miss-test", "failed the miss test: missed 60 of 160 requests; at most 22 allowed at p0 0.100"]]);
    expect(causes(epoch([{ address: z, status: "INACTIVE", stats: [100n, 60n] }, ...FILLER]), z)).toEqual([
      ["inactive", "status INACTIVE at settlement (only ACTIVE participants are paid)"],
      ["failed-miss-test", "failed the miss test: missed 60 of 160 requests; at most 22 allowed at p0 0.100"],
    ]);
    // a pass is no cause
    expect(causes(epoch([{ address: z, stats: [100n, 1n], weight: 0n }, ...FILLER]), z).map((c) => c[0])).toEqual(["zero-validation-weight"]);
  });

  it("v0.2.14 delegation taking the whole weight", () => {
    const e = epoch([{ address: z }, ...FILLER], { delegationRewardPenalties: [{ participant: z, penaltyFraction: { value: 1n, exponent: 0 } }] });
    expect(causes(e, z)).toEqual([["delegation", "delegation penalties/transfers took the whole reward weight 1,000"]]);
    expect(causes(e, z, "v0.2.13")).toEqual([]);
  });

  it("no fixed reward (0, or the error Go logged), rounding down, a debt, the supply cap", () => {
    expect(causes(epoch([{ address: z }, ...FILLER], REWARD(0n, 0n)), z)).toEqual([["no-fixed-reward", "the fixed epoch reward is 0"]]);
    expect(causes(epoch([{ address: z }, ...FILLER], REWARD(1000n, -5n)), z)).toEqual([["no-fixed-reward", "no fixed epoch reward: unsupported decay rate: -0.5"]]);
    expect(causes(epoch([{ address: z, weight: 1n, cw: 1n, nodes: [1n] }, { address: "gonka1big", weight: 9_999_999n, cw: 9_999_999n, nodes: [9_999_999n] }, ...FILLER]), z)).toEqual([["rounding", "weight 1 × 1,000,000 ngonka ÷ total weight 10,006,000 rounds down to 0 ngonka"]]);
    expect(causes(epoch([{ address: z, balance: -2_000_000n }, ...FILLER]), z)).toEqual([["negative-balance", "negative coin balance -0.002000000 GNK (-2,000,000 ngonka): the debt took the whole reward of 0.000142857 GNK (142,857 ngonka)"]]);
    expect(causes(epoch([{ address: z }, ...FILLER], { settleParameters: { totalSubsidyPaid: 10n, totalSubsidySupply: 10n } }), z)).toEqual([["supply-cap", "the subsidy supply cap is reached: nothing is minted"]]);
    expect(causes(epoch([{ address: z, weight: 1n, cw: 1n, nodes: [1n] }, ...FILLER], { settleParameters: { totalSubsidyPaid: 0n, totalSubsidySupply: 3n } }), z)).toEqual([["supply-cap", "scaled down to the remaining subsidy supply"]]);
    // the cap is a cause only of a reward there was to cut: not beside a zero weight, not after a debt took it
    const reached = { settleParameters: { totalSubsidyPaid: 10n, totalSubsidySupply: 10n } };
    expect(causes(epoch([{ address: z, weight: 0n }, ...FILLER], reached), z)).toEqual([["zero-validation-weight", "the epoch group's validation weight is 0: only a positive weight is paid"]]);
    expect(causes(epoch([{ address: z, balance: -2_000_000n }, ...FILLER], reached), z).map((c) => c[0])).toEqual(["negative-balance"]);
    // a paid participant has no cause
    expect(causes(epoch([{ address: z }, ...FILLER]), z)).toEqual([]);
  });
});
