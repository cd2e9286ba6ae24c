/**
 * Every flag a message suggests exists on that command (issue 30, item 2): each command that reads saved
 * REST answers is run over every real dump in test/realdata, and over copies missing the answers whose
 * absence makes a command refuse or assume (per-model groups, summaries, exclusions, the saved params),
 * in text (--verbose: every lack with the flag that supplies it) and JSON; every `--flag` named on stdout
 * or stderr must then be accepted by the command that printed it.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { REALDATA_DIR } from "../realdata/load.js";

const REAL = {
  rest: join(REALDATA_DIR, "rest"),
  epoch249: join(REALDATA_DIR, "rest", "epoch_249"),
  grc3settled: join(REALDATA_DIR, "grc3", "settled", "epoch_278"),
  grc3preserved: join(REALDATA_DIR, "grc3", "preserved", "anchor_4267778"),
  auditor: join(REALDATA_DIR, "auditor-layout", "e265-e267"),
};

/** A copy of `dir` without the files whose names match `drop`. */
function without(dir: string, drop: RegExp): string {
  const out = mkdtempSync(join(tmpdir(), "flags-named-"));
  cpSync(dir, out, { recursive: true });
  for (const f of readdirSync(out)) if (drop.test(f)) rmSync(join(out, f), { recursive: true });
  return out;
}

const ADDRESS = "gonka1qa90tgczc0k5dvk4l5nvlf5y6phgm6mg22sfjv";
const OUT = join(mkdtempSync(join(tmpdir(), "flags-named-out-")), "snapshot.json");

/** The runs of one dump: each command that reads saved answers, as a user would start it. */
function runsOf(dir: string): string[][] {
  return [
    ["settle", "--rest-dump", dir, "--verbose"],
    ["settle", "--rest-dump", dir, "--json"],
    ["miss-test", "--rest-dump", dir, "--verbose"],
    ["miss-test", "--rest-dump", dir, "--json"],
    ["preserved", "--rest-dump", dir, "--verbose", "--list", "1"],
    ["preserved", "--rest-dump", dir, "--json"],
    ["check", ADDRESS, "--rest-dump", dir, "--anchors", "1", "--verbose"],
    ["check", ADDRESS, "--rest-dump", dir, "--anchors", "1", "--json"],
    ["verify", "--rest-dump", dir, "--verbose"],
    ["backtest", "--rest-dump", dir, "--verbose", "--rows", "1"],
    ["import-rest", dir, "--out", OUT],
    ["compare", "--rest-dump", dir, "--b", "examples/proposal-b.json", "--anchors", "0", "--brief"],
  ];
}

/** Each `--flag` a text names (not inside a longer word). */
function flagsNamed(text: string): string[] {
  return [...new Set([...text.matchAll(/(?<![\w-])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)/g)].map((m) => m[1]!))];
}

/** True when `command` takes `--flag` (its parser does not call it unknown). */
async function accepts(command: string, flag: string): Promise<boolean> {
  const r = await runCli([command, `--${flag}`, "--no-such-flag-zz"]);
  return !new RegExp(`unknown option --${flag}\\b`).test(r.err);
}

describe("every flag a message names exists on the command that printed it", () => {
  it("over every command reading saved REST answers, every real dump, and copies lacking the answers that make a command refuse or assume", { timeout: 240_000 }, async () => {
    const dumps = [
      ...Object.values(REAL),
      without(REAL.epoch249, /model_id/),
      without(REAL.epoch249, /epoch_performance_summary/),
      without(REAL.epoch249, /excluded_participants/),
      without(REAL.epoch249, /params/),
      without(REAL.grc3preserved, /excluded_participants/),
    ];
    const named = new Map<string, Map<string, string>>(); // command → flag → the first run that named it
    const refusals = new Set<string>();
    // and past the refusals, with the assumption each one offers taken
    const assumed = [
      ["settle", "--rest-dump", REAL.grc3settled, "--missing-subgroups", "empty", "--verbose"],
      ["backtest", "--rest-dump", dumps[5]!, "--missing-subgroups", "empty", "--verbose"],
      ["import-rest", dumps[5]!, "--missing-subgroups", "empty", "--out", OUT],
      ["preserved", "--rest-dump", REAL.grc3preserved, "--missing-summaries", "rewarded", "--verbose", "--list", "1"],
      ["check", ADDRESS, "--rest-dump", REAL.grc3preserved, "--missing-summaries", "rewarded", "--anchors", "1", "--json"],
      ["verify", "--rest-dump", REAL.grc3preserved, "--missing-summaries", "rewarded", "--epoch", "276", "--verbose"],
    ];
    for (const argv of [...dumps.flatMap(runsOf), ...assumed]) {
      {
        const r = await runCli(argv);
        if (r.code === 2) refusals.add(r.err.split("\n").at(-1)!.replace(/: .*/, ""));
        const cmd = argv[0]!;
        const m = named.get(cmd) ?? new Map<string, string>();
        for (const f of flagsNamed(`${r.out}\n${r.err}`)) if (!m.has(f)) m.set(f, `${argv.join(" ")}: ${`${r.out}\n${r.err}`.split("\n").find((l) => l.includes(`--${f}`))}`);
        named.set(cmd, m);
      }
    }
    // the sweep reached refusals of several commands, and messages that name flags
    expect(refusals.size).toBeGreaterThanOrEqual(5);
    expect([...named.values()].reduce((n, m) => n + m.size, 0)).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const [cmd, flags] of named) for (const [f, where] of flags) if (!(await accepts(cmd, f))) missing.push(`${cmd} does not take --${f}, named by ${where}`);
    expect(missing).toEqual([]);
  });

  it("the acceptance check itself: an unknown flag is caught, a known one passes", async () => {
    expect(await accepts("miss-test", "coin-balances")).toBe(false);
    expect(await accepts("settle", "coin-balances")).toBe(true);
    expect(flagsNamed("pass --missing-subgroups empty, or --json; not a--b or ---x")).toEqual(["missing-subgroups", "json"]);
  });
});
