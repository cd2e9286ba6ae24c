// Issue 22 (hardening, second round): each class of what a sweep of hostile invocations broke, tested
// on generated inputs and on fake nodes started here on 127.0.0.1. Every refusal is exit 2 with one
// line on stderr (the last one) naming the file or flag and the value; every answer on odd input that
// the chain would accept carries a named warning.
import { chmodSync, closeSync, existsSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { MAX_INPUT_FILE_BYTES, checkDistinctOutputs, listDirectory, readTextFile, withFileLedger, writeFileAtomic } from "../../src/fs/files.js";
import { InputError, UNSAFE_TEXT, visibleText } from "../../src/errors.js";
import { MAX_JSON_DEPTH, parseJson, parseJsonExact, stringifyJson, type Json } from "../../src/go/json.js";
import type { FixtureServer, FixtureServerOptions } from "../../src/testing/fixture-server.js";
import { fixtureFromPreserved } from "../../src/testing/fixture-state.js";
import { fixtureNodes as startNodes } from "../chain/helpers.js";

const SNAP = "examples/mainnet-like.snapshot.json";
const EPOCH = "examples/epoch-433.epoch.json";
const D248 = "test/realdata/rest/epoch_248";
const dir = mkdtempSync(join(tmpdir(), "gonka-hardening-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const isRoot = process.getuid?.() === 0;

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const t0 = performance.now();
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n"), errLines: err.join("\n").trim().split("\n"), ms: performance.now() - t0 };
}

/** Exit 2; the last stderr line is the only error line and matches `re`; no stack trace, no JS internals. */
async function refused(argv: string[], re: RegExp, maxMs = 10_000) {
  const r = await run(...argv);
  expect(r.code, `${argv.join(" ")}\n${r.err}\n${r.out.slice(0, 300)}`).toBe(2);
  const errors = r.errLines.filter((l) => /^gonka-spec( [a-z-]+)?: /.test(l));
  expect(errors, r.err).toHaveLength(1);
  expect(r.errLines.at(-1)).toBe(errors[0]);
  expect(errors[0]).toMatch(re);
  expect(r.err).not.toMatch(/ at .*:\d+:\d+|internal error|Cannot read properties|Maximum call stack|too large to process/);
  expect(r.ms).toBeLessThan(maxMs);
  return r;
}

function file(name: string, text: string | Buffer): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}

const doc = (f: string) => parseJson(readFileSync(f, "utf8"), f) as { [k: string]: Json };
const copyDump = (name: string, edit?: (name: string, text: string) => string | null): string => {
  const d = join(dir, name);
  mkdirSync(d, { recursive: true });
  for (const n of readdirSync(D248)) {
    const t = n.endsWith(".gz") ? null : readFileSync(join(D248, n), "utf8");
    const out = t === null ? readFileSync(join(D248, n)) : edit ? edit(n, t) : t;
    if (out !== null) writeFileSync(join(d, n), out);
  }
  return d;
};

describe("crashes: every input file gets one bounded read, every filesystem error names the path and cause", () => {
  it(`a file just under the ${MAX_INPUT_FILE_BYTES / 1048576} MiB limit is read and refused in one line; one byte past it is refused unread`, { timeout: 60_000 }, async () => {
    const under = join(dir, "under.json");
    const fd = openSync(under, "w");
    ftruncateSync(fd, MAX_INPUT_FILE_BYTES - 1);
    closeSync(fd);
    await refused(["preserved", "--snapshot", under], /under\.json: invalid JSON at line 1, column 1/, 30_000);
    const over = join(dir, "over.json");
    const fd2 = openSync(over, "w");
    ftruncateSync(fd2, MAX_INPUT_FILE_BYTES + 1);
    closeSync(fd2);
    await refused(["miss-test", "--epoch", over], new RegExp(`over\\.json: the file has ${MAX_INPUT_FILE_BYTES + 1} bytes, more than the limit of ${MAX_INPUT_FILE_BYTES} bytes \\(64 MiB\\)`));
    rmSync(under);
    rmSync(over);
  });

  it("the limit is one V8 can hold as a string, and whose worst JSON fits the default heap", () => {
    expect(MAX_INPUT_FILE_BYTES).toBeLessThan(2 ** 29 - 24);
    expect(MAX_INPUT_FILE_BYTES * 22).toBeLessThan(4 * 1024 ** 3);
  });

  it("a symlink loop, a path through a file, a directory for a file: the path and the cause", async () => {
    const loop = join(dir, "loop.json");
    symlinkSync("loop.json", loop);
    await refused(["preserved", "--snapshot", loop], /loop\.json: cannot read file: too many symbolic links \(a link loop\?\) \(ELOOP\)/);
    await refused(["import-rest", loop, "--out", join(dir, "x.json")], /loop\.json/);
    const plain = file("plain.txt", "x");
    expect(() => listDirectory(join(plain, "sub"))).toThrow(/plain\.txt\/sub: is not a directory|plain\.txt\/sub: directory not found/);
    await refused(["settle", "--rest-dump", join(plain, "sub")], /plain\.txt\/sub/);
  });

  it.skipIf(isRoot)("an unreadable REST-dump directory (EACCES) is one line naming it", async () => {
    const d = join(dir, "locked");
    mkdirSync(d);
    chmodSync(d, 0o000);
    try {
      await refused(["import-rest", d, "--out", join(dir, "y.json")], /locked: cannot read the directory: permission denied \(EACCES\)/);
      await refused(["preserved", "--rest-dump", d], /locked: cannot read the directory: permission denied \(EACCES\)/);
    } finally {
      chmodSync(d, 0o755);
    }
  });

  it("listDirectory turns every readdir failure into an InputError naming the directory", () => {
    expect(() => listDirectory(join(dir, "nope"))).toThrow(InputError);
    expect(() => listDirectory(join(dir, "nope"))).toThrow(/nope: directory not found/);
  });
});

describe("hangs: every file a command reads, whatever flag names it, is a bounded regular file", () => {
  const fifo = join(dir, "fifo.json");
  it("a FIFO and /dev/zero on each file flag end at once", async () => {
    if (!existsSync(fifo)) {
      const { execFileSync } = await import("node:child_process");
      execFileSync("mkfifo", [fifo]);
    }
    for (const f of [fifo, "/dev/zero"]) {
      const name = f === fifo ? /fifo\.json: is not a regular file/ : /\/dev\/zero: is not a regular file/;
      await refused(["settle", "--rest-dump", D248, "--coin-balances", f], name, 3000);
      await refused(["preserved", "--snapshot", SNAP, "--demand", f], name, 3000);
      await refused(["compare", "--snapshot", SNAP, "--a", f, "--b", "examples/proposal-b.json"], name, 3000);
      await refused(["tally", "--file", f], name, 3000);
      await refused(["proposal", f], name, 3000);
    }
    // a FIFO named *.json inside a dump
    const d = copyDump("dump-with-fifo");
    const { execFileSync } = await import("node:child_process");
    execFileSync("mkfifo", [join(d, "zz.json")]);
    await refused(["settle", "--rest-dump", d], /zz\.json: is not a regular file/, 3000);
  });
});

describe("hangs: every documented limit finishes in bounded time, and past it is one line", () => {
  it("the exact test at its largest total, with the full fraction, in seconds", { timeout: 120_000 }, async () => {
    const r = await run("miss-test", "--missed", "100000", "--total", "1000000", "--exact", "--fraction", "--json");
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out) as { exact: { passed: boolean; criticalValue: string; pValueFraction: { numerator: string } } };
    expect(j.exact.passed).toBe(true);
    expect(j.exact.pValueFraction.numerator.length).toBeGreaterThan(900_000);
    expect(r.ms).toBeLessThan(60_000);
    const long = await run("miss-test", "--missed", "3", "--total", "1000000", "--exact", "--p0", "0.123456789012345678", "--json");
    expect(long.code, long.err).toBe(0);
    expect((JSON.parse(long.out) as { exact: { unavailable: string } }).exact.unavailable).toMatch(/more than its limit of 10000000; at this p0 it supports totals up to/);
  });

  it("an epoch whose exact tests are past their budget: the verdicts, each exact test unavailable, one warning naming --no-exact", { timeout: 60_000 }, async () => {
    const e = doc(EPOCH);
    e.participants = Array.from({ length: 30_000 }, (_, i) => ({ address: `gonka1p${String(i).padStart(38, "0")}`, currentEpochStats: { inferenceCount: 20_000 + (i % 997), missedRequests: 200 + (i % 301) } }));
    delete e.rewards;
    const f = file("epoch-30k.json", stringifyJson(e));
    const r = await run("miss-test", "--epoch", f, "--json");
    expect(r.code, r.err).toBe(0);
    expect(r.ms).toBeLessThan(30_000);
    expect(r.err).toMatch(/^warning: the exact tests of this epoch \(30,000 participants, [\d,]+ requests at p0 0\.1\) are past their budget .*--no-exact/m);
    const j = JSON.parse(r.out) as { warnings: string[]; participants: { exact: { unavailable?: string } }[] };
    expect(j.warnings.some((w) => /past their budget/.test(w))).toBe(true);
    expect(j.participants.every((p) => p.exact.unavailable === "past the epoch's exact-test budget")).toBe(true);
    // a small epoch keeps its exact tests
    const small = await run("miss-test", "--epoch", EPOCH, "--json");
    const tested = (JSON.parse(small.out) as { participants: { exact?: { passed?: boolean } }[] }).participants.filter((p) => p.exact !== undefined);
    expect(tested.length).toBeGreaterThan(5);
    expect(tested.every((p) => typeof p.exact!.passed === "boolean")).toBe(true);
  });

  it("anchors and scenario sizes: lowered to what finishes, stated in --help, refused past it", async () => {
    await refused(["check", "gonka1x", "--snapshot", SNAP, "--anchors", "100001"], /--anchors: expected a number of anchors between 1 and 100000, got "100001"/);
    expect((await run("check", "--help")).out).toMatch(/--anchors N +number of anchors for the probability \(1\.\.100,000;/); // the column is the command's (test/cli/help-columns.test.ts)
    await refused(["compare", "--snapshot", SNAP, "--a", "examples/proposal-a.json", "--b", "examples/proposal-b.json", "--anchors", "20001"], /--anchors: expected 0\.\.20000 anchors, got 20001/);
    expect((await run("compare", "--help")).out).toContain("at most 20,000; 0 skips it");
    const sc = doc("examples/scenarios/large.json");
    sc.traffic = [{ route: "pooled", startMs: 0, intervalMs: 1, count: 2_000_001 }];
    await refused(["simulate-poc", "--scenario", file("scen-big.json", stringifyJson(sc))], /traffic\[0\]\.count: expected an integer from 0 to 2000000, got 2000001/);
    expect((await run("simulate-poc", "--help")).out).toContain("at most 2,000,000 requests in all");
    expect((await run("miss-test", "--help")).out).toMatch(/totals up to 1,000,000\s+and numbers of at most 10,000,000 bits/);
  });
});

describe("torn output: no output replaces an input of the same command, or another output", () => {
  const serve = fixtureNodes();

  it("snapshot --out F --record F (or ./F) is refused before the node is asked anything", async () => {
    const node = await serve({});
    const f = join(dir, "same.json");
    await refused(["snapshot", "--node", node.url, "--height", "4990", "--out", f, "--record", f], /same\.json: --record and --out name the same file/);
    await refused(["snapshot", "--node", node.url, "--height", "4990", "--out", f, "--record", join(dir, ".", "same.json")], /--record and --out name the same file/);
    expect(existsSync(f)).toBe(false);
    expect(node.asked).toHaveLength(0);
  });

  it("an output onto a file the command read (its snapshot, its proposal, its dump's params) is refused, the input unchanged", async () => {
    const snap = file("snapcopy.json", readFileSync(SNAP));
    const before = readFileSync(snap, "utf8");
    await refused(["compare", "--snapshot", snap, "--a", "examples/proposal-a.json", "--b", "examples/proposal-b.json", "--anchors", "0", "--html", snap], /snapcopy\.json: cannot write the report: this command read its input from that file/);
    expect(readFileSync(snap, "utf8")).toBe(before);
    const d = copyDump("selfdump");
    const params = readFileSync(join(d, "params.json"), "utf8");
    // import-rest refuses any --out inside a dump it reads, before reading (an answer file among them)
    await refused(["import-rest", d, "--out", join(d, "params.json")], /params\.json: is inside the dump being read/);
    expect(readFileSync(join(d, "params.json"), "utf8")).toBe(params);
    // a hard link to the input is the same file
    const { linkSync } = await import("node:fs");
    linkSync(snap, join(dir, "hardlink.json"));
    await refused(["compare", "--snapshot", snap, "--a", "examples/proposal-a.json", "--b", "examples/proposal-b.json", "--anchors", "0", "--html", join(dir, "hardlink.json")], /hardlink\.json: cannot write the report: this command read its input/);
  });

  it("the ledger lives only inside one command: a library caller may rewrite a file it read", () => {
    const f = file("lib.json", '{"a": 1}');
    readTextFile(f);
    writeFileAtomic(f, '{"a": 2}');
    expect(readFileSync(f, "utf8")).toBe('{"a": 2}');
    expect(() => withFileLedger(() => {
      readTextFile(f);
      writeFileAtomic(f, "x", "the output");
    })).toThrow(/lib\.json: cannot write the output: this command read its input from that file/);
    expect(() => withFileLedger(() => {
      writeFileAtomic(join(dir, "twice.json"), "1", "the first");
      writeFileAtomic(join(dir, "twice.json"), "2", "the second");
    })).toThrow(/twice\.json: cannot write the second: this command already wrote another output to that file/);
    expect(() => checkDistinctOutputs([{ flag: "--out", file: f }, { flag: "--record", file: join(dir, "..", dir.split("/").pop()!, "lib.json") }])).toThrow(/--record and --out name the same file/);
  });
});

describe("honest input: an output name near the 255-byte name limit", () => {
  const serve = fixtureNodes();
  it("240 and 255 characters are written (the temporary name is short)", { timeout: 30_000 }, async () => {
    for (const n of [240, 255]) {
      const out = join(dir, `${"n".repeat(n - 5)}.json`);
      const r = await run("import-rest", D248, "--out", out, "--json");
      expect(r.code, r.err).toBe(0);
      expect(doc(out).schema).toBe("gonka-spec/snapshot");
    }
    const node = await serve({});
    const out = join(dir, `${"s".repeat(245)}.json`);
    const rec = join(dir, `${"r".repeat(249)}.jsonl`);
    const r = await run("snapshot", "--node", node.url, "--height", "4990", "--out", out, "--record", rec, "--json");
    expect(r.code, r.err).toBe(0);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    await refused(["import-rest", D248, "--out", join(dir, `${"n".repeat(251)}.json`)], /cannot write the snapshot: the name is too long \(ENAMETOOLONG\)/);
  });
});

describe("vague refusals: nesting is bounded and named", () => {
  const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
  it(`JSON nested deeper than ${MAX_JSON_DEPTH} levels names the file and the depth, valid or not, in every reader`, async () => {
    const valid = file("deep.json", deep(100_000));
    const invalid = file("deep-bad.json", "[".repeat(100_000));
    const objects = file("deep-obj.json", '{"a":'.repeat(5000) + "1" + "}".repeat(5000));
    const re = (f: string) => new RegExp(`${f.replace(".", "\\.")}: nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects .*\\(at line \\d+, column \\d+\\)`);
    for (const [f, name] of [[valid, "deep.json"], [invalid, "deep-bad.json"], [objects, "deep-obj.json"]] as const) {
      await refused(["preserved", "--snapshot", f], re(name));
      await refused(["miss-test", "--epoch", f], re(name));
      await refused(["tally", "--file", f], re(name));
      await refused(["simulate-poc", "--scenario", f], re(name));
      await refused(["compare", "--snapshot", SNAP, "--a", "examples/proposal-a.json", "--b", f], re(name));
      await refused(["proposal", f], re(name));
    }
    const d = copyDump("deepdump");
    writeFileSync(join(d, "deep.json"), deep(3000));
    await refused(["settle", "--rest-dump", d], re("deep.json"));
    // a snapshot that is fine but for a deep reference extra
    const s = readFileSync(SNAP, "utf8").replace('"chainId"', `"chain": {"x": ${deep(200)}}, "chainId"`);
    await refused(["preserved", "--snapshot", file("snap-deep.json", s)], re("snap-deep.json"));
  });

  it(`exactly ${MAX_JSON_DEPTH} levels read, on the fast path and the exact one alike`, () => {
    const t = deep(MAX_JSON_DEPTH);
    expect(parseJson(t)).toEqual(parseJsonExact(t));
    expect(() => parseJson(deep(MAX_JSON_DEPTH + 1), "f")).toThrow(/f: nested deeper than 100/);
    expect(() => parseJsonExact(deep(MAX_JSON_DEPTH + 1), "f")).toThrow(/f: nested deeper than 100/);
  });
});

describe("duplicate keys: JSON.parse keeps the last silently; every reader refuses, naming the key", () => {
  it("in a snapshot, an epoch file, a proposal, a tally file, a scenario and a REST answer", async () => {
    const snap = readFileSync(SNAP, "utf8");
    await refused(["preserved", "--snapshot", file("dup1.json", snap.replace('"anchorHeight":', '"anchorHeight": 1, "anchorHeight":'))], /dup1\.json: preserved: the key "anchorHeight" appears twice in one object/);
    await refused(["preserved", "--snapshot", file("dup2.json", snap.replace('"anchorHeight":', '"anchorHeight" : 1, "anchorHeight" :'))], /dup2\.json: preserved: the key "anchorHeight" appears twice/);
    const epoch = readFileSync(EPOCH, "utf8");
    await refused(["miss-test", "--epoch", file("dup3.json", epoch.replace('"inferenceCount": 748,', '"inferenceCount": 748, "inferenceCount": 1,'))], /dup3\.json: participants\[1\]\.currentEpochStats: the key "inferenceCount" appears twice/);
    await refused(["compare", "--snapshot", SNAP, "--a", "examples/proposal-a.json", "--b", file("dup4.json", '{"name": "B", "PocSlotAllocation": "0.3", "PocSlotAllocation": "0.9"}')], /dup4\.json: the key "PocSlotAllocation" appears twice/);
    const tally = readFileSync("examples/tally-invalidated.json", "utf8");
    await refused(["tally", "--file", file("dup5.json", tally.replace("{", '{"factor": 10, "factor": 20, '))], /dup5\.json: the key "factor" appears twice/);
    const d = copyDump("dupdump", (n, t) => (n === "params.json" ? t.replace('"params": {', '"params": {"epoch_params": {}, ') : t));
    await refused(["settle", "--rest-dump", d], /params\.json: params: the key "epoch_params" appears twice/);
  });

  it("on generated documents: refused exactly when an object has a key twice, whatever the spacing", () => {
    let seed = 7; // mulberry32
    const rnd = (n: number): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const gen = (depth: number): Json => {
      const k = rnd(4);
      if (depth > 4 || k === 0) return rnd(3) === 0 ? `s${rnd(5)}":x` : rnd(1000);
      if (k === 1) return Array.from({ length: rnd(4) }, () => gen(depth + 1));
      const o: { [k: string]: Json } = {};
      for (let i = rnd(5); i > 0; i--) o[`k${rnd(6)}`] = gen(depth + 1);
      return o;
    };
    const spaced = [(t: string) => t, (t: string) => stringifyJson(JSON.parse(t), 2), (t: string) => t.replace(/"(k\d)":/g, '"$1" \n\t:')];
    let dups = 0;
    for (let n = 0; n < 400; n++) {
      const v = gen(0);
      const text = stringifyJson(v);
      const form = spaced[n % 3]!(text);
      expect(parseJson(form)).toEqual(v);
      // inject a key twice into the first object with a key
      const m = /\{"(k\d)":/.exec(form) ?? /\{"(k\d)" \n\t:/.exec(form);
      if (m === null) continue;
      const dup = form.slice(0, m.index + 1) + `"${m[1]}":0,` + form.slice(m.index + 1);
      expect(() => parseJson(dup, "g")).toThrow(new RegExp(`the key "${m[1]}" appears twice in one object`));
      dups++;
    }
    expect(dups).toBeGreaterThan(100);
  });
});

describe("confident answers: text output never carries raw control or bidi characters", () => {
  it("visibleText escapes exactly the unsafe characters, keeping JSON valid", () => {
    const s = 'a\u202eb\u001b[31mc\td\ne\u0085f\u2066g';
    expect(visibleText(s)).toBe("a\\u202Eb\\u001B[31mc\td\ne\\u0085f\\u2066g");
    const j = JSON.stringify({ name: s });
    expect(JSON.parse(visibleText(j))).toEqual({ name: s });
    expect(UNSAFE_TEXT.test(visibleText(s))).toBe(false);
  });

  it("a proposal name with an override or an ANSI escape, a demand model with one: escaped in text, JSON still parses", async () => {
    const b = file("bidi.json", JSON.stringify({ name: "evil \u202e gnp.exe \u001b[31m", PocSlotAllocation: "0.3" }));
    const r = await run("compare", "--snapshot", SNAP, "--a", "examples/proposal-a.json", "--b", b, "--anchors", "0");
    expect(r.code, r.err).toBe(0);
    expect(UNSAFE_TEXT.test(r.out + r.err)).toBe(false);
    expect(r.out).toContain("evil \\u202E gnp.exe \\u001B[31m");
    const j = await run("compare", "--snapshot", SNAP, "--a", "examples/proposal-a.json", "--b", b, "--anchors", "0", "--json");
    expect(UNSAFE_TEXT.test(j.out)).toBe(false);
    expect((JSON.parse(j.out) as { b: { name: string } }).b.name).toBe("evil \u202e gnp.exe \u001b[31m");
    const s = doc(SNAP) as { demand: { peakInFlightRequests: { [k: string]: Json } } };
    s.demand.peakInFlightRequests["evil\u202emodel"] = 3;
    const p = await run("preserved", "--snapshot", file("bidi-model.json", stringifyJson(s)), "--rule", "demand");
    expect(UNSAFE_TEXT.test(p.out + p.err)).toBe(false);
    expect(p.err).toContain("evil\\u202Emodel");
  });

  it("an error quoting input escapes it too", async () => {
    const r = await refused(["check", "gonka1\u202eabc", "--snapshot", SNAP], /ADDRESS: the address contains the invisible formatting character U\+202E at position 6: "gonka1\\u202Eabc"/);
    expect(UNSAFE_TEXT.test(r.err)).toBe(false);
  });
});

describe("confident answers: a flag given twice with different values, or flags of another form", () => {
  it("is refused naming the flag and both values; the same value twice and repeated switches pass", async () => {
    await refused(["preserved", "--snapshot", SNAP, "--snapshot", join(dir, "b.json")], /--snapshot: given twice, as "examples\/mainnet-like\.snapshot\.json" and as ".*b\.json"; give it once/);
    await refused(["miss-test", "--missed", "1", "--total", "10", "--p0", "0.1", "--p0", "0.2"], /--p0: given twice/);
    await refused(["check", "gonka1x", "--snapshot", SNAP, "--anchors", "10", "--anchors", "20"], /--anchors: given twice/);
    await refused(["miss-test", "--missed", "1", "--total", "10", "-o", "json", "-o", "text"], /-o: asks for both json and text output/);
    await refused(["miss-test", "--missed", "1", "--total", "10", "-o", "text", "--json"], /--json: --json and -o text ask for both/);
    const same = await run("miss-test", "--missed", "1", "--total", "10", "--p0", "0.1", "--p0", "0.1", "--json", "--json");
    expect(same.code, same.err).toBe(0);
  });

  it("--set names one parameter once, in any spelling; tally's --file and --scenario forms do not mix", async () => {
    await refused(["preserved", "--snapshot", SNAP, "--set", "poc_slot_allocation=0.2", "--set", "PocSlotAllocation=0.9"], /--set: "poc_slot_allocation" and "PocSlotAllocation" name the same parameter; set it once/);
    await refused(["preserved", "--snapshot", SNAP, "--set", "poc_slot_allocation=0.2", "--set", "poc_slot_allocation=0.9"], /--set: "poc_slot_allocation" is set twice/);
    await refused(["tally", "--file", "examples/tally-invalidated.json", "--scenario", "context-length"], /--file: applies to --file FILE|--file: applies to/);
    await refused(["tally", "--file", "examples/tally-invalidated.json", "--slots", "4"], /--slots: applies to --scenario context-length only/);
    await refused(["tally", "--scenario", "context-length", "--explain"], /--explain: applies to --file/);
  });
});

describe("confident answers: a node's status answer without result or sync_info", () => {
  const serve = fixtureNodes();
  it("is one line naming the field, for every command that reads a node; no JS internals leak", async () => {
    for (const [answer, field] of [[{}, "result object"], [{ result: null }, "result object"], [{ result: { node_info: { network: "gonka-mainnet" } } }, "result\\.sync_info"], [{ result: { sync_info: {} } }, "result\\.node_info"]] as const) {
      const node = await serve({ statusAnswer: answer });
      const re = new RegExp(`node at ${node.url} answered status with malformed JSON-RPC answer \\(the node's answer to status has no ${field}; is this a CometBFT RPC endpoint\\?\\)`);
      await refused(["snapshot", "--node", node.url, "--out", join(dir, "st.json")], re);
      await refused(["preserved", "--node", node.url], re);
      await refused(["miss-test", "--node", node.url], re);
    }
  });

  it("a node whose binom_test_p0 is 0: refused like the same value in a file", async () => {
    const state = fixtureFromPreserved(doc(SNAP).preserved!);
    state.params = { ...state.params, validationParams: { ...(state.params?.validationParams as object), binomTestP0: { value: 0n, exponent: 0 } } } as typeof state.params;
    const node = await serve({ stateAt: () => state });
    await refused(["miss-test", "--node", node.url, "--height", "4990"], /settlement\.validationParams\.binomTestP0: p0 0 is outside \(0, 1\)/);
  });

  it("the error is the last line: no progress line after it", { timeout: 30_000 }, async () => {
    const node = await serve({ slowMs: 300, corrupt: (path) => /EpochPerformanceSummary/.test(path) });
    const err: string[] = [];
    const code = await main(["snapshot", "--node", node.url, "--height", "4990", "--out", join(dir, "pc.json")], { out: () => undefined, err: (t) => err.push(t) });
    expect(code).toBe(2);
    const last = err.length;
    expect(err[last - 1]).toMatch(/^gonka-spec snapshot: .*does not decode/);
    // queries still in flight finish after the error: their progress is not printed
    await new Promise((res) => setTimeout(res, 1500));
    expect(err).toHaveLength(last);
  });
});

/** Loopback fixture nodes serving the example snapshot's state at height 5000; each stops after its test. */
function fixtureNodes(): (o: Partial<FixtureServerOptions>) => Promise<FixtureServer> {
  const start = startNodes();
  const state = fixtureFromPreserved(doc(SNAP).preserved!);
  return (o) => start({ latestHeight: 5000, stateAt: () => state, ...o });
}

describe("confident answers: input no chain state could hold is refused, naming the field", () => {
  const snapWith = (name: string, edit: (s: { [k: string]: Json }) => void): string => {
    const s = doc(SNAP);
    edit(s);
    return file(name, stringifyJson(s));
  };
  const epochWith = (name: string, edit: (e: { [k: string]: Json }) => void): string => {
    const e = doc(EPOCH);
    edit(e);
    return file(name, stringifyJson(e));
  };
  const restSnap = async (): Promise<string> => {
    const out = join(dir, "rest248.json");
    if (!existsSync(out)) expect((await run("import-rest", D248, "--out", out, "--json")).code).toBe(0);
    return out;
  };

  it("an anchor height of 0 or below, in a snapshot or a flag", async () => {
    for (const h of [-1, 0]) {
      const f = snapWith(`anchor${h}.json`, (s) => ((s.preserved as { [k: string]: Json }).anchorHeight = h));
      await refused(["preserved", "--snapshot", f], new RegExp(`preserved\\.anchorHeight: expected an anchor height ≥ 1 \\(a block height\\), got ${h}`));
      await refused(["check", "gonka1x", "--snapshot", f], /preserved\.anchorHeight: expected an anchor height ≥ 1/);
      await refused(["compare", "--snapshot", f, "--a", "examples/proposal-a.json", "--b", "examples/proposal-b.json", "--anchors", "0"], /preserved\.anchorHeight/);
    }
    await refused(["preserved", "--snapshot", SNAP, "--anchor", "0"], /--anchor: an anchor height must be ≥ 1 \(the chain's first block is 1\), got 0/);
    await refused(["compare", "--snapshot", SNAP, "--a", "examples/proposal-a.json", "--b", "examples/proposal-b.json", "--anchor", "-1"], /--anchor: an anchor height must be ≥ 0, got -1/);
    await refused(["compare", "--snapshot", SNAP, "--a", "examples/proposal-a.json", "--b", "examples/proposal-b.json", "--anchor", "18446744073709551616"], /--anchor: an anchor height must be at most 9223372036854775807/);
  });

  it("a field the format does not define: the snapshot's envelope and slices, the epoch file's nested objects", async () => {
    await refused(["miss-test", "--snapshot", snapWith("u1.json", (s) => (s.settlment = { epoch: 1 }))], /u1\.json: unknown field "settlment" \(expected schema, version/);
    await refused(["preserved", "--snapshot", snapWith("u2.json", (s) => (((s.preserved as { params: { epochParams: { [k: string]: Json } } }).params.epochParams.pocSlotAlocation = { value: 9, exponent: -1 })))], /preserved\.params\.epochParams: unknown field "pocSlotAlocation" \(expected pocSlotAllocation\)/);
    await refused(["miss-test", "--snapshot", snapWith("u3.json", (s) => ((s.settlement as { [k: string]: Json }).graceEpoch = { binomTestP0: { value: 5, exponent: -1 }, upgradeProtectionWindw: 3000 }))], /settlement\.graceEpoch: unknown field "upgradeProtectionWindw"/);
    await refused(["miss-test", "--epoch", epochWith("u4.json", (e) => (e.validationParams = { binomTestPO: { value: 4, exponent: -1 } }))], /u4\.json\.validationParams: unknown field "binomTestPO" \(expected binomTestP0\)/);
    await refused(["miss-test", "--epoch", epochWith("u5.json", (e) => (((e.participants as { currentEpochStats: { [k: string]: Json } }[])[1]!.currentEpochStats.missedRequest = 5)))], /participants\[1\]\.currentEpochStats: unknown field "missedRequest"/);
    const rs = doc(await restSnap()) as { settlement: { reward: { bitcoinRewardParams: { [k: string]: Json } } } };
    rs.settlement.reward.bitcoinRewardParams.useBitcoinReward = true;
    await refused(["settle", "--snapshot", file("u6.json", stringifyJson(rs))], /settlement\.reward\.bitcoinRewardParams: unknown field "useBitcoinReward"/);
  });

  it("a p0 outside (0, 1): an epoch file, a snapshot, a REST dump, a node, --grace-p0", async () => {
    for (const [v, e] of [[0, 0], [-1, -1], [2, 0]]) {
      await refused(["miss-test", "--epoch", epochWith(`p0-${v}.json`, (x) => (x.validationParams = { binomTestP0: { value: v, exponent: e } }))], /validationParams\.binomTestP0: p0 -?[\d.]+ is outside \(0, 1\)/);
      const rs = doc(await restSnap()) as { settlement: { validationParams: { binomTestP0: Json } } };
      rs.settlement.validationParams.binomTestP0 = { value: String(v), exponent: e };
      await refused(["settle", "--snapshot", file(`rs-p0-${v}.json`, stringifyJson(rs))], /settlement\.validationParams\.binomTestP0: p0 .* is outside \(0, 1\)/);
    }
    await refused(["miss-test", "--epoch", epochWith("grace.json", (x) => (x.graceEpoch = { binomTestP0: { value: -1, exponent: 0 } }))], /graceEpoch\.binomTestP0: p0 -1 is outside \(0, 1\)/);
    const d = copyDump("p0dump", (n, t) => (n === "params.json" ? t.replace(/"binom_test_p0": \{[^}]*\}/, '"binom_test_p0": {"value": "0", "exponent": 0}') : t));
    await refused(["settle", "--rest-dump", d, "--validation-params", "saved"], /params\.json: params\.validation_params\.binom_test_p0: p0 0 is outside \(0, 1\)/);
    for (const g of ["-1", "0", "1", "2"]) await refused(["settle", "--rest-dump", D248, "--grace-p0", g], /--grace-p0: p0 -?\d is outside \(0, 1\)/);
  });

  it("a participant twice in one epoch, a performance summary twice: refused, so no money moves; a root member twice warns", async () => {
    await refused(["miss-test", "--epoch", epochWith("twice.json", (e) => (e.participants as Json[]).push((e.participants as Json[])[0]!))], /participants\[10\]\.address: "gonka1qz3kx7lq9h2tlm0d5w8yv4c6rj0ae3np63lde3" is listed twice \(also .*participants\[0\]\)/);
    const rs = doc(await restSnap()) as { settlement: { participants: Json[] } };
    rs.settlement.participants.push(rs.settlement.participants[3]!);
    await refused(["settle", "--snapshot", file("rs-twice.json", stringifyJson(rs))], /settlement\.participants\[95\]\.address: .* is listed twice/);
    const d = copyDump("dupsum", (n, t) => {
      if (!n.startsWith("epoch_performance_summary")) return t;
      const j = JSON.parse(t) as { epochPerformanceSummary: Json[] };
      j.epochPerformanceSummary.push(j.epochPerformanceSummary[7]!);
      return JSON.stringify(j);
    });
    await refused(["settle", "--rest-dump", d], /epochPerformanceSummary\[95\]\.participant_id: ".*" is listed twice for epoch 248 \(also epochPerformanceSummary\[7\]\)/);
    await refused(["import-rest", d, "--out", join(dir, "dup.json")], /is listed twice for epoch 248/);
    const s = doc(SNAP) as { preserved: { rootGroup: { validationWeights: Json[] } } };
    s.preserved.rootGroup.validationWeights.push(s.preserved.rootGroup.validationWeights[1]!);
    const r = await run("preserved", "--snapshot", file("root-twice.json", stringifyJson(s)));
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/warning: .*rootGroup\.validationWeights\[400\]\.memberAddress: member ".*" listed twice in the root group/);
  });

  it("import-rest of a directory with no REST answers, of an epoch it lacks (the old --out untouched), of a count past uint64", async () => {
    const empty = join(dir, "empty");
    mkdirSync(empty, { recursive: true });
    await refused(["import-rest", empty, "--out", join(dir, "e.json")], /empty: the dumps hold neither a settlement slice nor a preserved slice \(0 of 0 \.json files recognised as REST answers\)/);
    const junk = join(dir, "junk");
    mkdirSync(junk, { recursive: true });
    writeFileSync(join(junk, "x.json"), '{"hello": 1}');
    await refused(["import-rest", junk, "--out", join(dir, "j.json")], /\(0 of 1 \.json files recognised as REST answers\)/);
    const keep = file("keep.json", readFileSync(SNAP));
    await refused(["import-rest", D248, "--epoch", "999", "--out", keep], /no root epoch group data of epoch 999/);
    expect(readFileSync(keep, "utf8")).toBe(readFileSync(SNAP, "utf8"));
    const d = copyDump("ovf", (n, t) => (n.startsWith("epoch_performance_summary") ? t.replace(/"inference_count": "\d+"/, '"inference_count": "18446744073709551616"') : t));
    await refused(["import-rest", d, "--out", join(dir, "o.json")], /epochPerformanceSummary\[0\]\.inference_count: 18446744073709551616 does not fit in uint64/);
  });

  it("an address with a bidirectional override, and bytes that are not UTF-8, in any input", async () => {
    await refused(["miss-test", "--epoch", epochWith("bidi-addr.json", (e) => (((e.participants as { address: string }[])[1]!.address = "gonka1\u202ev8n6")))], /participants\[1\]\.address: the address contains the invisible formatting character U\+202E at position 6: "gonka1\\u202Ev8n6"/);
    const e = readFileSync(EPOCH);
    const at = e.indexOf("gonka1v8n6");
    await refused(["miss-test", "--epoch", file("bad-utf8.json", Buffer.concat([e.subarray(0, at), Buffer.from([0xff]), e.subarray(at)]))], /bad-utf8\.json: is not valid UTF-8 text: byte 0xFF at offset \d+ \(line \d+\)/);
    await refused(["compare", "--snapshot", SNAP, "--a", "examples/proposal-a.json", "--b", file("bad-utf8-prop.json", Buffer.concat([Buffer.from('{"name": "B'), Buffer.from([0xc3, 0x28]), Buffer.from('", "PocSlotAllocation": "0.3"}')]))], /bad-utf8-prop\.json: is not valid UTF-8 text: byte 0xC3 at offset 11 \(line 1\)/);
    const d = copyDump("utf8dump", (n, t) => (n === "params.json" ? t.replace('"params": {', '"params": {"zzz": "\u00ff", ') : t));
    writeFileSync(join(d, "params.json"), Buffer.from(readFileSync(join(d, "params.json"), "utf8").replace("\u00ff", "\u0000"), "utf8").map((b) => (b === 0 ? 0xfe : b)));
    await refused(["settle", "--rest-dump", d], /params\.json: is not valid UTF-8 text: byte 0xFE/);
  });
});

describe("confident answers: what the chain would hold differently, kept as Go reads it and said", () => {
  it("addresses that are not bech32 (a bad checksum, no separator): one warning naming the first, in an epoch file, a snapshot, a REST dump", async () => {
    const e = doc(EPOCH) as { participants: { address: string }[] };
    e.participants[2]!.address = e.participants[2]!.address.slice(0, -1) + (e.participants[2]!.address.endsWith("q") ? "p" : "q");
    const r = await run("miss-test", "--epoch", file("bech-epoch.json", stringifyJson(e)), "--json");
    expect(r.code, r.err).toBe(0);
    expect((JSON.parse(r.out) as { warnings: string[] }).warnings[0]).toMatch(/^1 of 10 participant addresses are not valid bech32 .*participants\[2\]\.address ".*" \(invalid checksum/);
    const t = await run("miss-test", "--epoch", file("bech-epoch.json", stringifyJson(e)));
    expect(t.err).toMatch(/^warning: 1 of 10 participant addresses are not valid bech32/);
    const s = doc(SNAP) as { preserved: { rootGroup: { validationWeights: { memberAddress: string }[] } } };
    s.preserved.rootGroup.validationWeights[4]!.memberAddress = "gonka1notbech32";
    const p = await run("preserved", "--snapshot", file("bech-snap.json", stringifyJson(s)));
    expect(p.code, p.err).toBe(0);
    expect(p.err).toMatch(/warning: 1 of 400 root group members are not valid bech32 .*validationWeights\[4\]\.memberAddress "gonka1notbech32"/);
    // the first summary's address with its last character changed, in every answer that names it (a root member without its summary is refused)
    const first = /"participant_id": "(gonka1\w+)"/.exec(readFileSync(join(D248, "epoch_performance_summary_248.json"), "utf8"))![1]!;
    const bad = first.slice(0, -1) + (first.endsWith("q") ? "p" : "q");
    const d = copyDump("bechdump", (_n, x) => x.replaceAll(first, bad));
    const st = await run("settle", "--rest-dump", d);
    expect(st.out).toMatch(/^warning: 1 of 95 participant addresses are not valid bech32 .*epochPerformanceSummary\[0\]\.participant_id/m);
    // through the shared source reader too: the warning in every output, the lacks in one note line
    const mt = await run("miss-test", "--rest-dump", d);
    expect(mt.err.split("\n")[0]).toMatch(/^warning: 1 of 95 participant addresses are not valid bech32/);
    expect(mt.err).toMatch(/^note: the rest dump lacks \d+ inputs/m);
    expect(mt.err).not.toMatch(/lacks participant addresses/);
  });

  it("a member listed twice in a dump's epoch group: settlement reads the first entry, and says so; the money is the same", async () => {
    const plain = await run("settle", "--rest-dump", D248, "--json");
    const d = copyDump("dupweight", (n, x) => {
      if (n !== "epoch_group_data_248.json") return x;
      const j = JSON.parse(x) as { epoch_group_data: { validation_weights: Json[] } };
      j.epoch_group_data.validation_weights.push(j.epoch_group_data.validation_weights[0]!);
      return JSON.stringify(j);
    });
    const r = await run("settle", "--rest-dump", d);
    expect(r.out).toMatch(/^warning: .*validation_weights\[\d+\]: member gonka1\w+ listed twice \(the first entry is read\)$/m);
    expect((await run("settle", "--rest-dump", d, "--verbose")).out).not.toMatch(/^  - .*listed twice/m);
    const j = await run("settle", "--rest-dump", d, "--json");
    expect((JSON.parse(j.out) as { distributed: string }).distributed).toBe((JSON.parse(plain.out) as { distributed: string }).distributed);
  });
});

describe("confident answers: verify compares what the chain stored, not a set made of it", () => {
  const realDoc = async (): Promise<{ chain: { preservedNodesSnapshot: { model_preserved_nodes: { model_id: string; participants: { participant_id: string; node_ids: string[] }[] }[] } } }> => {
    const { gunzipSync } = await import("node:zlib");
    return parseJson(gunzipSync(readFileSync("test/realdata/preserved/snapshot-4089970.json.gz")).toString("utf8")) as never;
  };
  it("agrees on the real snapshot; a participant or a node listed twice is refused; an extra model entry differs (exit 1)", { timeout: 30_000 }, async () => {
    const base = await realDoc();
    const ok = await run("verify", "--snapshot", file("v-ok.json", stringifyJson(base)), "--json");
    expect(ok.code, ok.err).toBe(0);
    const twice = await realDoc();
    const m = twice.chain.preservedNodesSnapshot.model_preserved_nodes[0]!;
    m.participants.push(m.participants[0]!);
    await refused(["verify", "--snapshot", file("v-twice.json", stringifyJson(twice))], /model_preserved_nodes\[0\]\.participants\[\d+\]\.participant_id: participant ".*" is listed twice in this model's entry/);
    const node = await realDoc();
    const p = node.chain.preservedNodesSnapshot.model_preserved_nodes[0]!.participants[0]!;
    p.node_ids.push(p.node_ids[0]!);
    await refused(["verify", "--snapshot", file("v-node.json", stringifyJson(node))], /node_ids\[\d+\]: node ".*" is listed twice/);
    const extra = await realDoc();
    extra.chain.preservedNodesSnapshot.model_preserved_nodes.push({ model_id: "extra/Model-1", participants: [] });
    const r = await run("verify", "--snapshot", file("v-extra.json", stringifyJson(extra)));
    expect(r.code, r.err).toBe(1);
    expect(r.out).toMatch(/model entries: only on chain \[extra\/Model-1\]; only in port \[\]/);
    const j = JSON.parse((await run("verify", "--snapshot", file("v-extra.json", stringifyJson(extra)), "--json")).out) as { agree: boolean; modelsOnlyOnChain: string[] };
    expect(j.agree).toBe(false);
    expect(j.modelsOnlyOnChain).toEqual(["extra/Model-1"]);
  });
});

describe("raw characters: the HTML report escapes them as text does", () => {
  it("a proposal name with an override or an escape sequence is shown as \\uXXXX in the report", async () => {
    const b = file("ansi.json", JSON.stringify({ name: "red \u001b[31m alert \u202e x", PocSlotAllocation: "0.3" }));
    const out = join(dir, "ansi.html");
    const r = await run("compare", "--snapshot", SNAP, "--a", "examples/proposal-a.json", "--b", b, "--anchors", "0", "--html", out);
    expect(r.code, r.err).toBe(0);
    const html = readFileSync(out, "utf8");
    expect(UNSAFE_TEXT.test(html)).toBe(false);
    expect(html).toContain("red \\u001B[31m alert \\u202E x");
  });
});
