/**
 * Numbers for people, one way (issue 30, item 5): an amount in GNK reads the same in every command
 * (src/format/coins.ts: every ngonka digit), a proposal's tally is grouped and says its unit, and a list
 * of epochs takes the plural.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { REALDATA_DIR } from "../realdata/load.js";

const EPOCH_249 = join(REALDATA_DIR, "rest", "epoch_249");

describe("one amount, one form", () => {
  it("settle's prose and table and backtest's table print the same digits for the same ngonka", async () => {
    const s = JSON.parse((await runCli(["settle", "--rest-dump", EPOCH_249, "--json"])).out) as { fixedEpochReward: string; distributed: string; participants: { address: string; rewardCoins: string }[] };
    const text = (await runCli(["settle", "--rest-dump", EPOCH_249])).out;
    const bt = (await runCli(["backtest", "--rest-dump", EPOCH_249])).out;
    const gnk = (ng: string): string => {
      const v = BigInt(ng);
      return `${(v / 10n ** 9n).toLocaleString("en-US")}.${(v % 10n ** 9n).toString().padStart(9, "0")}`;
    };
    // every GNK amount in both outputs has nine fraction digits (0 alone is "0")
    let amounts = 0;
    for (const out of [text, bt]) {
      for (const m of out.matchAll(/(?<![\d,.])(\d{1,3}(?:,\d{3})*)(?:\.(\d+))? GNK\b/g)) {
        amounts++;
        if (m[0] !== "0 GNK" && !out.slice(m.index! - 1, m.index! + 15).startsWith("(1 GNK = ")) expect(m[2], m[0]).toHaveLength(9);
      }
    }
    expect(amounts).toBeGreaterThan(3);
    expect(text).toContain(`fixed epoch reward ${gnk(s.fixedEpochReward)} GNK`);
    expect(text).toContain(`distributed ${gnk(s.distributed)} GNK`);
    const paid = s.participants.find((p) => BigInt(p.rewardCoins) % 10n === 0n && p.rewardCoins !== "0")!; // a trailing zero: the case that differed
    expect(text.split("\n").find((l) => l.startsWith(paid.address))).toContain(` ${gnk(paid.rewardCoins)} `);
    expect(bt).toContain(gnk(s.distributed));
  });

  it("a proposal's final tally is grouped and in voting power", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tally-"));
    const file = join(dir, "p.json");
    writeFileSync(
      file,
      JSON.stringify({
        proposal: {
          id: "77",
          title: "Tally",
          status: "PROPOSAL_STATUS_PASSED",
          final_tally_result: { yes_count: "181926", no_count: "0", abstain_count: "1234567", no_with_veto_count: "12" },
          messages: [{ "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: "gonka1from", to_address: "gonka1to", amount: [{ denom: "ngonka", amount: "5" }] }],
        },
      }),
    );
    const r = await runCli(["proposal", file]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("final tally, in voting power (the chain's TallyResult counts): yes 181,926, no 0, abstain 1,234,567, no with veto 12");
  });

  it("epochs the inputs lack: 'epoch N is', 'epochs N, M are'", async () => {
    const dumps = join(REALDATA_DIR, "rest");
    expect((await runCli(["backtest", "--rest-dump", dumps, "--epochs", "250..251"])).err).toMatch(/--epochs 250\.\.251: epochs 250, 251 are not in the inputs \(they hold 247, 248, 249\)$/);
    expect((await runCli(["backtest", "--rest-dump", dumps, "--epochs", "249..250"])).err).toMatch(/--epochs 249\.\.250: epoch 250 is not in the inputs/);
  });
});
