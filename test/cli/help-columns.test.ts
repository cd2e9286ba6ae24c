// Every command's --help reads as one column of descriptions: its own option lines and the shared blocks
// (the node flags, the snapshot sources, the REST-dump settlement flags) were each padded to their own
// column, so status, settle, proposal and backtest showed two or three ragged columns.
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { alignUsage } from "../../src/cli/align-usage.js";

const OPTION = /^( {2}(?:-{1,2}[A-Za-z]|[A-Z]{2,})\S*(?: \S+)*?)( {2,})(\S.*)$/;

describe("--help: one description column", () => {
  const names = ["status", "settle", "proposal", "backtest", "compare", "miss-test", "preserved", "check", "snapshot", "import-rest", "verify"];
  for (const name of names) {
    it(`${name}: every option that fits starts its description at the same column`, async () => {
      const r = await runCli([name, "--help"]);
      expect(r.code).toBe(0);
      const lines = r.out.split("\n");
      const columns = new Set<number>();
      lines.forEach((l) => {
        const m = OPTION.exec(l);
        if (m !== null && m[1]!.length + 2 <= 23) columns.add(m[1]!.length + m[2]!.length);
      });
      expect([...columns], r.out).toHaveLength(1);
    });
  }

  it("alignUsage: a shared block at column 19 moves to the command's 23, continuation and nested lines with it", () => {
    const text = ["  --rest-dump DIR      saved answers", "                       more", "  --node URL       the node", "                   same", "  --set NAME=VALUE     names:", "                         a.b"].join("\n");
    expect(alignUsage(text)).toBe(["  --rest-dump DIR      saved answers", "                       more", "  --node URL           the node", "                       same", "  --set NAME=VALUE     names:", "                         a.b"].join("\n"));
  });
});
