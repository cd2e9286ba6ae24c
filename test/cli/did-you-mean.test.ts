// A typo in a command, a flag or a proposal key gets the nearest known word, in the project's wording.
import { describe, expect, it } from "vitest";
import { closest, editDistance } from "../../src/format/suggest.js";
import { runCli } from "../helpers/cli.js";
import { parseProposal } from "../../src/compare/params.js";

describe("did you mean", () => {
  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("chekc", "check")).toBe(1);
    expect(editDistance("chek", "check")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(closest("rest-dumb", ["rpc", "rest-dump", "snapshot"])).toBe("rest-dump");
    expect(closest("zzz", ["check", "settle"])).toBeUndefined();
    expect(closest("x", ["a", "b"])).toBeUndefined();
  });

  it("suggests a command", async () => {
    const r = await runCli(["chek", "--snapshot", "x"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe("gonka-spec: unknown command 'chek' (did you mean 'check'?)");
    expect((await runCli(["help", "setle"])).err).toBe("gonka-spec: unknown command 'setle' (did you mean 'settle'?)");
    expect((await runCli(["qqqqq"])).err).toBe("gonka-spec: unknown command 'qqqqq' (try gonka-spec --help)");
  });

  it("suggests a flag, in the project's words rather than Node's", async () => {
    const r = await runCli(["settle", "--rest-dumb", "test/realdata/rest"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe("gonka-spec settle: unknown option --rest-dumb (did you mean --rest-dump?)");
    expect((await runCli(["backtest", "--snapshto=x"])).err).toBe("gonka-spec backtest: unknown option --snapshto (did you mean --snapshot?)");
    expect((await runCli(["settle", "--qqqqqq"])).err).toBe("gonka-spec settle: unknown option --qqqqqq (see --help)");
    expect((await runCli(["settle", "-x"])).err).toBe("gonka-spec settle: unknown option -x (see --help)");
  });

  it("suggests a proposal key by edit distance, not only by spelling variants", () => {
    expect(() => parseProposal({ name: "p", BinomTestPo: "0.05" }, "p.json")).toThrow(/unknown key "BinomTestPo" \(did you mean "BinomTestP0"\?\)/);
    expect(() => parseProposal({ name: "p", binom_test_p0x: "0.05" }, "p.json")).toThrow(/did you mean "BinomTestP0"/);
  });
});
