/** A malformed or incomplete REST dump ends in one line naming the file and the field (exit 2). */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { REALDATA_DIR } from "../realdata/load.js";
import { runCli } from "../helpers/cli.js";

const SRC = join(REALDATA_DIR, "rest", "epoch_248");
const tmp = mkdtempSync(join(tmpdir(), "gonka-rest-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
/** A copy of epoch 248's dump under new file names, with `edit` applied to the file whose name starts with `prefix`. */
function dump(prefix: string | null, edit: (text: string) => string | null): string {
  const dir = join(tmp, `d${n++}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  for (const f of readdirSync(SRC)) {
    const plainName = f.replace(/\.gz$/, "");
    const text = f.endsWith(".gz") ? gunzipSync(readFileSync(join(SRC, f))).toString("utf8") : readFileSync(join(SRC, f), "utf8");
    const out = prefix !== null && plainName.startsWith(prefix) ? edit(text) : text;
    if (out !== null) writeFileSync(join(dir, `answer-${n}-${plainName.length}-${plainName.replace(/_/g, "-")}`), out);
  }
  return dir;
}

/** An edit of the parsed JSON (the files' own formatting is not relied on). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (f: (j: any) => unknown) => (t: string): string => {
  const j = JSON.parse(t);
  f(j);
  return JSON.stringify(j);
};

const run = runCli;

describe("settle --rest-dump on bad dumps", () => {
  it("any file names: the shapes are recognised and the payout still matches the chain", async () => {
    const r = await run(["settle", "--rest-dump", dump(null, (t) => t), "--chain-version", "v0.2.12"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toContain("the chain recorded the same reward and work coins for all 95 participants");
  });

  const cases: [string, string, (t: string) => string | null, RegExp][] = [
    ["a weight that is not an integer", "epoch_group_data_248.json", json((j) => (j.epoch_group_data.validation_weights[0].weight = "20x46")), /epoch-group-data-248\.json: epoch_group_data\.validation_weights\[0\]\.weight: expected an integer, got "20x46"/],
    ["a summary without rewarded_coins", "epoch_performance_summary", json((j) => delete j.epochPerformanceSummary[0].rewarded_coins), /epoch-performance-summary-248\.json: epochPerformanceSummary\[0\]: missing field rewarded_coins/],
    ["no summaries at all", "epoch_performance_summary", () => null, /no epoch performance summaries of epoch 248/],
    ["no params", "params.json", () => null, /no module params/],
    ["a per-model group missing", "epoch_group_data_248__", () => null, /lists model Qwen\/Qwen3-235B-A22B-Instruct-2507-FP8 but no per-model epoch group data/],
    ["truncated JSON", "excluded_participants", (t) => t.slice(0, 100), /excluded-participants-248\.json/],
    ["a bad decay rate", "params.json", json((j) => (j.params.bitcoin_reward_params.decay_rate.value = 1.5)), /params\.json: params\.bitcoin_reward_params\.decay_rate\.value: expected an integer, got 1\.5/],
    ["a timeslot allocation that is not a boolean", "epoch_group_data_248__", json((j) => (j.epoch_group_data.validation_weights[0].ml_nodes[0].timeslot_allocation[0] = 1)), /ml_nodes\[0\]\.timeslot_allocation\[0\]: expected true or false, got 1/],
  ];
  for (const [what, prefix, edit, message] of cases) {
    it(`${what}: exit 2, one line`, async () => {
      const r = await run(["settle", "--rest-dump", dump(prefix, edit), "--chain-version", "v0.2.12"]);
      expect(r.code).toBe(2);
      expect(r.err.split("\n")).toHaveLength(1);
      expect(r.err).toMatch(message);
    });
  }

  it("a missing directory, an unknown version, an unknown address", async () => {
    expect((await run(["settle", "--rest-dump", join(tmp, "nope"), "--chain-version", "v0.2.12"])).err).toMatch(/nope: directory not found/);
    expect((await run(["settle", "--rest-dump", SRC, "--chain-version", "v9"])).code).toBe(2);
    const r = await run(["settle", "--rest-dump", SRC, "--chain-version", "v0.2.12", "--address", "gonka1nobody"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--address gonka1nobody: not a participant of epoch 248/);
  });

  it("two epochs in one directory: the newest settled one, as from a folder of dumps; --epoch picks another", async () => {
    const dir = dump(null, (t) => t);
    copyFileSync(join(REALDATA_DIR, "rest", "epoch_247", "epoch_group_data_247.json"), join(dir, "root247.json"));
    const r = await run(["settle", "--rest-dump", dir, "--chain-version", "v0.2.12"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^settle: epoch 248 on v0\.2\.12 rules/);
    const other = await run(["settle", "--rest-dump", dir, "--chain-version", "v0.2.12", "--epoch", "250"]);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/no root epoch group data of epoch 250 .*the dumps hold 247, 248/);
  });
});
