// One rule for "a folder of dumps" (test/realdata/rest holds epoch_247, epoch_248, epoch_249): every command
// takes it; the epoch is the newest settled one of the dumps unless --epoch N names another.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { REALDATA_DIR } from "../realdata/load.js";
import { runCli } from "../helpers/cli.js";

const REST = join(REALDATA_DIR, "rest");

describe("a folder of dumps", () => {
  it("settle --rest-dump FOLDER --epoch 249 settles epoch 249 from its own directory, every row as the chain paid", async () => {
    const r = await runCli(["settle", "--rest-dump", REST, "--epoch", "249"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^settle: epoch 249 on v0\.2\.12 rules .*; source .*epoch_249, settlement height 3,859,385$/m);
    expect(r.out).toContain("the chain recorded the same reward and work coins for all 81 participants");
  });

  it("without --epoch: the newest settled epoch, for settle, miss-test and preserved alike", async () => {
    expect((await runCli(["settle", "--rest-dump", REST, "--json"])).out).toMatch(/"epoch": "249"/);
    const miss = JSON.parse((await runCli(["miss-test", "--rest-dump", REST, "--json"])).out);
    expect(miss.epoch).toBe("249");
    const pre = JSON.parse((await runCli(["preserved", "--rest-dump", REST, "--list", "0", "--json"])).out);
    expect(pre.anchor.height).toBe("3859105"); // epoch 250's PoC start, sampled from 249
  });

  it("--epoch N picks another epoch of the folder: settle and miss-test (whose --epoch is otherwise a file)", async () => {
    const settle = JSON.parse((await runCli(["settle", "--rest-dump", REST, "--epoch", "248", "--json"])).out);
    expect(settle.epoch).toBe("248");
    const miss = await runCli(["miss-test", "--rest-dump", REST, "--epoch", "248", "--json"]);
    expect(miss.code, miss.err).toBe(0);
    expect(JSON.parse(miss.out).epoch).toBe("248");
    const none = await runCli(["settle", "--rest-dump", REST, "--epoch", "300"]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/no root epoch group data of epoch 300 .*the dumps hold 247, 248, 249/);
  });
});
