/** The port against what mainnet settlement actually paid (test/realdata/rest, carried copies). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REALDATA_DIR } from "../realdata/load.js";
import { readRestDump } from "../../src/sources/rest-dump/read-rest-dump.js";
import { settlementFromRestDump } from "../../src/sources/rest-dump/settlement-from-rest.js";
import { settleAccounts } from "../../src/settlement/settle-accounts.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";

const EPOCHS: [number, ChainVersion][] = [
  [247, "v0.2.11"],
  [248, "v0.2.12"],
  [249, "v0.2.12"],
];

function settle(epoch: number, version: ChainVersion) {
  const rs = settlementFromRestDump(readRestDump(join(REALDATA_DIR, "rest", `epoch_${epoch}`)));
  return { rs, s: settleAccounts(rs.input, version) };
}

describe("settlement on real mainnet epochs", () => {
  for (const [epoch, version] of EPOCHS) {
    it(`epoch ${epoch} (${version}): every participant is paid exactly the chain's rewarded_coins`, () => {
      const { rs, s } = settle(epoch, version);
      // Only the reward is evidence: the reader takes the coin balance from earned_coins (a named
      // assumption), so work coins equal to earned_coins would hold for any port.
      expect(rs.gaps.map((g) => g.assumption).join("\n")).toMatch(/a positive earned_coins is the balance/);
      const diffs = s.participants.filter((p) => p.rewardCoins !== rs.recorded.get(p.address)!.rewardedCoins);
      expect(diffs.map((p) => `${p.address} ${p.rewardCoins} vs ${rs.recorded.get(p.address)!.rewardedCoins}`)).toEqual([]);
      expect(s.participants.length).toBe(rs.recorded.size);
      for (const p of s.participants) expect(p.rewardCoins === 0n, p.address).toBe(p.zeroCauses.length > 0);
      expect(s.distributed + s.remainder).toBe(s.fixedEpochReward);
    });
  }
  it("epoch 247 settled on v0.2.11 rules, not v0.2.10 (the collateral rescale changes 2 payouts)", () => {
    const { rs, s } = settle(247, "v0.2.10");
    const diffs = s.participants.filter((p) => p.rewardCoins !== rs.recorded.get(p.address)!.rewardedCoins);
    expect(diffs.length).toBe(2);
  });
});
