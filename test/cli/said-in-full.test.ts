/**
 * Answers that say what they leave out (issue 30, item 4): the epoch a missing reward is missing from,
 * why a column is empty, an anchor far from the state's, and warnings whose JSON list is the list the
 * text counts.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { REALDATA_DIR } from "../realdata/load.js";

const REST = join(REALDATA_DIR, "rest");
const GRC3 = join(REALDATA_DIR, "grc3", "preserved", "anchor_4267778");
/** A member of epoch 249 without a reward in 248 for Qwen (gonka-spec check names it "no reward"). */
const NO_HISTORY = "gonka1llgg3kvg9sc6xz09jtkcrucrppxgn78xe4xlv0";

describe("what an answer leaves out, it says", () => {
  it("check names the epoch a node had no reward in", async () => {
    const r = await runCli(["check", NO_HISTORY, "--rest-dump", REST, "--anchors", "1"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/no reward in epoch 248 \(the previous epoch\) for this model/);
    expect(r.out).not.toMatch(/no reward in the previous epoch/);
  });

  it("miss-test on saved answers has no reward-weight column, and says why", async () => {
    const r = await runCli(["miss-test", "--rest-dump", join(REST, "epoch_249")]);
    expect(r.code, r.err).toBe(0);
    const header = r.out.split("\n").find((l) => l.trim().startsWith("participant"))!;
    expect(header).not.toMatch(/reward weight/);
    expect(r.out).toMatch(/no reward weight column: this input holds the counts and the p0, not the weights settlement pays on/);
    // an epoch file with rewards keeps the column
    const f = await runCli(["miss-test", "--epoch", "examples/epoch-433.epoch.json"]);
    expect(f.out.split("\n").find((l) => l.trim().startsWith("participant"))).toMatch(/reward weight/);
  });

  it("check --anchor a full epoch or more from the state's own anchor warns, in the text and the JSON; a nearby one does not", async () => {
    const far = await runCli(["check", NO_HISTORY, "--rest-dump", REST, "--anchor", "4000000", "--anchors", "1"]);
    expect(far.err).toMatch(/warning: --anchor 4,000,000 is 140,895 blocks \(9 epochs of 15,391\) after the anchor these inputs are the chain's for \(3,859,105, epoch 249's sampling\)/);
    const before = await runCli(["check", NO_HISTORY, "--rest-dump", REST, "--anchor", "3843000", "--anchors", "1", "--json"]);
    expect(JSON.parse(before.out).warnings.some((w: string) => /^--anchor 3,843,000 is 16,105 blocks \(1 epoch of 15,391\) before /.test(w))).toBe(true);
    const near = await runCli(["check", NO_HISTORY, "--rest-dump", REST, "--anchor", "3859200", "--anchors", "1", "--json"]);
    expect(JSON.parse(near.out).warnings.some((w: string) => w.startsWith("--anchor"))).toBe(false);
  });

  it("--json warnings list the very lacks the text counts (check, preserved, miss-test, verify)", async () => {
    const runs = [
      ["check", NO_HISTORY, "--rest-dump", REST, "--anchors", "1"],
      ["preserved", "--rest-dump", REST],
      ["miss-test", "--rest-dump", REST],
      ["preserved", "--rest-dump", GRC3, "--missing-summaries", "rewarded"],
      ["verify", "--rest-dump", GRC3, "--missing-summaries", "rewarded", "--epoch", "276"],
    ];
    for (const argv of runs) {
      const text = await runCli(argv);
      const n = Number(/lacks (\d+) inputs? these rules read/.exec(text.err)?.[1]);
      expect(n, `${argv.join(" ")}: ${text.err}`).toBeGreaterThan(0);
      const json = JSON.parse((await runCli([...argv, "--json"])).out);
      const listed = (json.warnings ?? json.notes).filter((w: string) => w.startsWith("rest dump lacks "));
      expect(listed, argv.join(" ")).toHaveLength(n);
    }
  });
});
