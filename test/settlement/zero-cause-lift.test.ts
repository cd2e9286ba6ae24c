/** Every zero cause says what to check, and what the participant would have been paid with that one cause lifted (settlement re-run). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REALDATA_DIR } from "../realdata/load.js";
import { runCli } from "../helpers/cli.js";
import { settlementFromRestDumps } from "../../src/sources/settlement-inputs.js";
import { settleAccounts } from "../../src/settlement/settle-accounts.js";
import { coinsWithoutCauses, liftCause } from "../../src/settlement/lift-zero-cause.js";

const REST = join(REALDATA_DIR, "rest");
type Cause = { code: string; detail: string; operator: string; withoutCause: { rewardCoins?: string; stillZeroBy?: string[]; lifted?: string; notMeaningful?: string } };
type Row = { address: string; rewardCoins: string; zeroCauses: Cause[]; withoutEveryCause?: { rewardCoins?: string } };

describe("zero causes an operator can act on", () => {
  it("epoch 248 (--json): every cause has the operator's words and a lifted re-run; the miss test and confirmation weight lifted pay", async () => {
    const r = await runCli(["settle", "--rest-dump", join(REST, "epoch_248"), "--json"]);
    expect(r.code, r.err).toBe(0);
    const rows: Row[] = JSON.parse(r.out).participants;
    const zeroed = rows.filter((p) => p.rewardCoins === "0");
    expect(zeroed).toHaveLength(63);
    for (const p of zeroed) for (const c of p.zeroCauses) {
      expect(c.operator.length, c.code).toBeGreaterThan(20);
      expect(c.withoutCause.rewardCoins ?? c.withoutCause.notMeaningful, `${p.address} ${c.code}`).toBeDefined();
    }
    const miss = zeroed.find((p) => p.address === "gonka1p60lruhxmwcsa9taa28cp4k4f6kv2kvyu5h5ep")!;
    expect(miss.zeroCauses.map((c) => c.code)).toEqual(["failed-miss-test"]);
    expect(miss.zeroCauses[0]!.withoutCause).toMatchObject({ rewardCoins: "126506618585", stillZeroBy: [], lifted: "every assigned request served (missed 0)" });
    const conf = zeroed.filter((p) => p.zeroCauses[0]!.code === "confirmation-weight-zero");
    expect(conf).toHaveLength(16); // the README's "16 confirmation weights of 0"
    for (const p of conf) {
      const w = p.zeroCauses[0]!.withoutCause;
      if (p.zeroCauses.length === 1) expect(BigInt(w.rewardCoins!)).toBeGreaterThan(0n);
      else expect(w).toMatchObject({ rewardCoins: "0", stillZeroBy: p.zeroCauses.slice(1).map((c) => c.code) });
    }
    // An exclusion for a failed confirmation PoC also zeroes the confirmation weight: lifting it alone pays nothing, and says why.
    const ex = zeroed.find((p) => p.address === "gonka1qwfrtz9c7kcrfkrrlne2pkcye74mj6ce33xdkl")!;
    expect(ex.zeroCauses[0]!.operator).toMatch(/confirmation PoC/);
    expect(ex.zeroCauses[0]!.withoutCause).toMatchObject({ rewardCoins: "0", stillZeroBy: ["confirmation-weight-zero"] });
    expect(BigInt(ex.withoutEveryCause!.rewardCoins!)).toBeGreaterThan(0n);
  });

  it("epoch 249: no validation weight at all is named as not meaningful to lift", async () => {
    const rows: Row[] = JSON.parse((await runCli(["settle", "--rest-dump", join(REST, "epoch_249"), "--json"])).out).participants;
    const none = rows.filter((p) => p.zeroCauses.some((c) => c.code === "no-validation-weight"));
    expect(none).toHaveLength(9);
    for (const p of none) {
      const c = p.zeroCauses.find((x) => x.code === "no-validation-weight")!;
      expect(c.detail).toBe("no entry in the epoch group's validation weights: settlement pays on a weight of 0");
      expect(c.operator).toMatch(/took part in that PoC/);
      expect(c.withoutCause.notMeaningful).toMatch(/never measured/);
    }
  });

  it("the text for one address: what happened, what to check, what it would have been paid (GNK and ngonka)", async () => {
    const r = await runCli(["settle", "--rest-dump", join(REST, "epoch_248"), "--address", "gonka1p60lruhxmwcsa9taa28cp4k4f6kv2kvyu5h5ep"]);
    expect(r.out).toContain("    - failed the miss test: missed 59 of 67 requests; at most 9 allowed at p0 0.100\n      what to check: its nodes missed more of the inference requests assigned to them than the binomial test allows");
    expect(r.out).toContain("      without it: 126.506618585 GNK (126,506,618,585 ngonka) with every assigned request served (missed 0)");
  });

  it("a lift changes only that participant's input, and nobody else's pay moves while the p0 holds", () => {
    const l = settlementFromRestDumps([join(REST, "epoch_248")]);
    const s = settleAccounts(l.input, "v0.2.12");
    const who = "gonka1p60lruhxmwcsa9taa28cp4k4f6kv2kvyu5h5ep";
    const lifted = liftCause(l.input, who, "failed-miss-test");
    if (typeof lifted === "string") throw new Error(lifted);
    const again = settleAccounts(lifted.input, "v0.2.12");
    expect(again.dynamicP0.p0).toEqual(s.dynamicP0.p0);
    for (const [i, p] of again.participants.entries()) if (p.address !== who) expect(p.rewardCoins, p.address).toBe(s.participants[i]!.rewardCoins);
    // The lifted pay comes out of what went to governance.
    const got = coinsWithoutCauses(l.input, "v0.2.12", s, who, ["failed-miss-test"]);
    expect("rewardCoins" in got && s.remainder - again.remainder).toBe("rewardCoins" in got ? got.rewardCoins : -1n);
    expect(liftCause(l.input, who, "supply-cap")).toMatch(/applies to everyone/);
  });
});
