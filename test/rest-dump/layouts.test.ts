/**
 * The layouts people save REST answers in, built from the carried real epochs 248 and 249: one performance
 * summary answer per participant (/epoch_performance_summary/{epoch}/{address}) under prefixed names, as
 * ../shared/hooks/before-stop re-lays epoch 249; a list and per-participant answers side by side; several
 * epochs in one folder. And the doubtful folders of issue 30 item 9 that live in the REST reader: each
 * refused or warned about by name, never read silently.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { readRealdata } from "../realdata/load.js";

const tmp = mkdtempSync(join(tmpdir(), "gonka-layouts-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const PREFIX = "chain-api_productscience_inference_inference_";

type Obj = { [k: string]: unknown };
/** The carried files of rest/epoch_N by original name (".gz" dropped), parsed. */
function epochFiles(e: number): Map<string, Obj> {
  const dir = join("rest", `epoch_${e}`);
  const names = readdirSync(join(import.meta.dirname, "..", "realdata", dir)).map((f) => f.replace(/\.gz$/, ""));
  return new Map(names.map((n) => [n, JSON.parse(readRealdata(join(dir, n))) as Obj] as const));
}
const summariesOf = (files: Map<string, Obj>): Obj[] => [...files].find(([n]) => n.startsWith("epoch_performance_summary"))![1].epochPerformanceSummary as Obj[];

let n = 0;
/** A folder of `files` (name → JSON) under new names. */
function folder(files: [string, unknown][]): string {
  const dir = join(tmp, `f${n++}`);
  mkdirSync(dir);
  for (const [name, json] of files) writeFileSync(join(dir, name), typeof json === "string" ? json : JSON.stringify(json));
  return dir;
}
/** Epoch E's answers as the hook lays them: each summary its own answer, every name prefixed. */
function perParticipant(e: number, opts: { keepList?: boolean; skip?: (s: Obj) => boolean } = {}): [string, unknown][] {
  const files = epochFiles(e);
  const out: [string, unknown][] = [];
  for (const [name, json] of files) {
    if (name.startsWith("epoch_performance_summary") && opts.keepList !== true) continue;
    out.push([`${PREFIX}${name}`, json]);
  }
  for (const s of summariesOf(files)) if (opts.skip?.(s) !== true) out.push([`${PREFIX}epoch_performance_summary_${String(s.epoch_index)}_${String(s.participant_id)}.json`, { epochPerformanceSummary: s }]);
  return out;
}

async function settle(...argv: string[]) {
  const r = await runCli(["settle", ...argv, "--json"]);
  return { ...r, doc: r.out === "" ? null : (JSON.parse(r.out) as { epoch: string; chainRecorded: { matches: number; differs: unknown[] }; assumptions: { input: string; assumption: string; brief?: string; warning?: boolean }[]; participants: { address: string; status: string; rewardCoins: string }[] }) };
}
const warnings = (doc: { assumptions: { brief?: string; warning?: boolean }[] }): string[] => doc.assumptions.filter((a) => a.warning === true).map((a) => a.brief ?? "");

describe("one performance summary answer per participant", () => {
  it("epoch 249 laid as ../shared/hooks/before-stop lays it (81 answers, chain-api_ names): merged per epoch and paid as the chain paid, by settle and miss-test alike", async () => {
    const dir = folder(perParticipant(249));
    expect(readdirSync(dir).filter((f) => f.includes("epoch_performance_summary_249_gonka1"))).toHaveLength(81);
    for (const flags of [["--epoch", "249"], []]) {
      const r = await settle("--rest-dump", dir, ...flags);
      expect(r.code, r.err).toBe(0);
      expect(r.doc!.chainRecorded).toEqual({ matches: 81, differs: [] });
      expect(r.doc!.assumptions.find((a) => a.input.startsWith("the active participant list"))!.assumption).toMatch(/the 81 epoch performance summaries of epoch 249 .*read from 81 answers/);
    }
    const list = await runCli(["miss-test", "--rest-dump", join(import.meta.dirname, "..", "realdata", "rest", "epoch_249"), "--json"]);
    const laid = await runCli(["miss-test", "--rest-dump", dir, "--json"]);
    expect(laid.code, laid.err).toBe(0);
    // the same test of the same rows; the rows in the order read (the list's, or the files' names)
    const strip = (t: string) => {
      const { participants, zeroed, warnings: _w, ...rest } = JSON.parse(t) as { participants: { index: number; address: string }[]; zeroed: string[]; warnings: unknown };
      void _w;
      return { ...rest, zeroed: [...zeroed].sort(), participants: participants.map(({ index: _i, ...p }) => p).sort((a, b) => (a.address < b.address ? -1 : 1)) };
    };
    expect(strip(laid.out)).toEqual(strip(list.out));
  });

  it("the list answer and the per-participant answers side by side: each summary read once", async () => {
    const r = await settle("--rest-dump", folder(perParticipant(249, { keepList: true })));
    expect(r.code, r.err).toBe(0);
    expect(r.doc!.participants).toHaveLength(81);
    expect(r.doc!.chainRecorded.matches).toBe(81);
  });

  it("a second summary of one participant that differs: refused, naming both files; the same answer saved twice is read once", async () => {
    const files = perParticipant(249, { keepList: true });
    const one = files.find(([name]) => name.includes("_249_gonka1"))!;
    const s = structuredClone((one[1] as { epochPerformanceSummary: Obj }).epochPerformanceSummary);
    s.missed_requests = String(BigInt(s.missed_requests as string) + 1n);
    const r = await runCli(["settle", "--rest-dump", folder([...files.filter((f) => f !== one), [one[0], { epochPerformanceSummary: s }]])]);
    expect(r.code).toBe(2);
    expect(r.err.split("\n")).toHaveLength(1);
    expect(r.err).toMatch(new RegExp(`${one[0].replace(/\./g, "\\.")}: epochPerformanceSummary: a second, different performance summary of ${String(s.participant_id)} for epoch 249 \\(the first is .*epoch_performance_summary_249\\.json: epochPerformanceSummary\\[\\d+\\]\\)`));
    const twice = await settle("--rest-dump", folder([...files, [`copy-of-${one[0]}`, one[1]]]));
    expect(twice.code, twice.err).toBe(0);
    expect(twice.doc!.participants).toHaveLength(81);
  });

  it("an epoch whose summaries lack members of its root group: refused, naming who (settle, miss-test, import-rest)", async () => {
    const root = epochFiles(249).get("epoch_group_data_249.json")!.epoch_group_data as { validation_weights: { member_address: string }[] };
    const gone = new Set(root.validation_weights.slice(0, 2).map((w) => w.member_address));
    const dir = folder(perParticipant(249, { skip: (s) => gone.has(s.participant_id as string) }));
    const names = [...gone].join(", ");
    for (const argv of [["settle", "--rest-dump", dir], ["miss-test", "--rest-dump", dir], ["import-rest", dir, "--out", join(tmp, "partial.json")]]) {
      const r = await runCli(argv);
      expect(r.code, argv[0]).toBe(2);
      expect(r.err.split("\n").filter((l) => l.startsWith("gonka-spec"))).toHaveLength(1);
      expect(r.err).toContain(`the root group of epoch 249 lists 2 of its 72 members without a performance summary in the dump (${names})`);
      expect(r.err).toMatch(/add their answers \(\/epoch_performance_summary\/249\/\{address\}/);
    }
  });
});

describe("several epochs in one folder", () => {
  const both = (): string => folder([...perParticipant(248).map(([name, j]): [string, unknown] => [name.replace(PREFIX, "a_"), j]), ...perParticipant(249)]);

  it("each epoch read from its own answers (summaries, exclusions, groups placed by the epoch they name); without --epoch the newest settled, said", async () => {
    const dir = both();
    const r = await settle("--rest-dump", dir);
    expect(r.doc!.epoch).toBe("249");
    expect(r.doc!.chainRecorded).toEqual({ matches: 81, differs: [] });
    expect(warnings(r.doc!)).toContain("the dumps hold the root groups of epochs 248 and 249: this is epoch 249, the newest with performance summaries");
    const e248 = await settle("--rest-dump", dir, "--epoch", "248");
    expect(e248.code, e248.err).toBe(0);
    expect(e248.doc!.chainRecorded).toEqual({ matches: 95, differs: [] });
    expect(e248.doc!.participants.filter((p) => p.status !== "ACTIVE").length).toBeGreaterThan(0); // 248's own exclusions
    expect(warnings(e248.doc!).some((w) => w.startsWith("the dumps hold"))).toBe(false);
    const text = await runCli(["settle", "--rest-dump", dir]);
    expect(text.out).toMatch(/^warning: the dumps hold the root groups of epochs 248 and 249: this is epoch 249, the newest with performance summaries \[--epoch N\]$/m);
  });

  it("an excluded-participants answer with no rows names no epoch: in a folder of several epochs it is read for the epoch its file name holds, and no other", async () => {
    const files = [...perParticipant(248), ...perParticipant(249)].filter(([name]) => !name.includes("excluded_participants"));
    const dir = folder([...files, [`${PREFIX}excluded_participants_248.json`, { items: [], pagination: null }]]);
    const status = async (e: string) => (await settle("--rest-dump", dir, "--epoch", e)).doc!.assumptions.find((a) => a.input === "participant status at settlement")!.assumption;
    expect(await status("248")).toBe("ACTIVE unless listed in the excluded participants of epoch 248 (0 listed)");
    expect(await status("249")).toMatch(/no excluded-participants answer in the dump, so none/);
  });

  it("two different params answers in one folder: refused, naming both (a params answer records no height); the same saved twice is read once", async () => {
    const files = perParticipant(249);
    const params = files.find(([name]) => name.endsWith("params.json"))!;
    const again = await settle("--rest-dump", folder([...files, ["params-again.json", params[1]]]));
    expect(again.code, again.err).toBe(0);
    const other = structuredClone(params[1]) as { params: { bitcoin_reward_params: { initial_epoch_reward: string } } };
    other.params.bitcoin_reward_params.initial_epoch_reward = "1";
    const r = await runCli(["settle", "--rest-dump", folder([...files, ["params-other.json", other]])]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/params-other\.json: a second, different params answer \(the first is .*params\.json\)/);
  });
});

describe("doubtful folders (issue 30 item 9): warned about by name, the answer unchanged", () => {
  it("a dump holding a second epoch's summaries (247's list in 248's folder): settled from 248's own answers, 247's file named as not read", async () => {
    const files: [string, unknown][] = [...epochFiles(248)].map(([name, j]) => [name, j]);
    const stray = [...epochFiles(247)].find(([name]) => name.startsWith("epoch_performance_summary"))!;
    const r = await settle("--rest-dump", folder([...files, stray]));
    expect(r.code, r.err).toBe(0);
    expect(r.doc!.chainRecorded).toEqual({ matches: 95, differs: [] });
    expect(warnings(r.doc!)).toContain("answers of an epoch the dumps hold no root group of, which settling epoch 248 does not read: epoch 247 (performance summaries: epoch_performance_summary_247.json)");
    const text = await runCli(["miss-test", "--rest-dump", folder([...files, stray])]);
    expect(text.err).toMatch(/^warning: answers of an epoch the dumps hold no root group of, .*epoch_performance_summary_247\.json/m);
  });

  it("an unrelated JSON file: ignored and named, by every command that reads the dump", async () => {
    const files: [string, unknown][] = [...epochFiles(248)].map(([name, j]) => [name, j]);
    const dir = folder([...files, ["notes.json", { comment: "my own notes", epoch: 248 }]]);
    const r = await settle("--rest-dump", dir);
    expect(r.code, r.err).toBe(0);
    expect(warnings(r.doc!)).toContain("1 of the 8 .json files are no answer these commands read, ignored: notes.json");
    for (const argv of [["miss-test", "--rest-dump", dir], ["preserved", "--rest-dump", dir, "--rest-dump", join(import.meta.dirname, "..", "realdata", "rest", "epoch_247"), "--list", "0"]]) {
      const t = await runCli(argv);
      expect(t.code, `${argv[0]}: ${t.err}`).toBe(0);
      expect(t.err, argv[0]).toMatch(/^warning: 1 of the \d+ \.json files are no answer these commands read, ignored: notes\.json/m);
      const j = await runCli([...argv, "--json"]);
      expect((JSON.parse(j.out) as { warnings: string[] }).warnings, `${argv[0]} --json`).toContainEqual(expect.stringMatching(/^rest dump holds files that are no REST answer these commands read: 1 of the \d+ \.json files are ignored .*notes\.json$/));
    }
  });

  it("an exclusion with a reason the chain does not write: still excluded (paid nothing, as under any reason), the file, reason and address named", async () => {
    const files: [string, unknown][] = [...epochFiles(248)].map(([name, j]) => [name, j]);
    const ex = files.find(([name]) => name.startsWith("excluded_participants"))!;
    const items = structuredClone((ex[1] as { items: Obj[] }).items);
    items[0]!.reason = "cosmic_rays";
    const r = await settle("--rest-dump", folder([...files.filter((f) => f !== ex), [ex[0], { items }]]));
    expect(r.code, r.err).toBe(0);
    expect(r.doc!.chainRecorded).toEqual({ matches: 95, differs: [] });
    const who = String(items[0]!.address);
    expect(r.doc!.participants.find((p) => p.address === who)).toMatchObject({ status: "INACTIVE", rewardCoins: "0" });
    expect(warnings(r.doc!)).toContainEqual(expect.stringMatching(new RegExp(`excluded_participants_248\\.json: items\\[0\\]\\.reason: "cosmic_rays" is not a reason the chain writes \\(downtime, failed_confirmation_poc, consecutive_failures, statistical_invalidations, invalidated\\); ${who} is read as excluded, status INACTIVE`)));
  });
});
