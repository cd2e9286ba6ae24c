// Hostile inputs end in one line naming the field and the value, exit 2, quickly (issue 13 items 3–5):
// negative option values, out-of-range numbers, absurd decimal exponents and digit counts, control
// characters in addresses, negative member weights, paths that could block. Each case has a time
// bound: a regression that hangs fails here instead of stalling CI.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { parseJson, stringifyJson, type Json } from "../../src/go/json.js";

const SNAP = "examples/mainnet-like.snapshot.json";
const EPOCH = "examples/epoch-433.epoch.json";
const dir = mkdtempSync(join(tmpdir(), "gonka-hostile-"));

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const t0 = performance.now();
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n"), ms: performance.now() - t0 };
}

/** Exit 2, exactly one line on stderr matching `re`, no stack trace, within `maxMs`. */
async function bad(argv: string[], re: RegExp, maxMs = 5000) {
  const r = await run(...argv);
  expect(r.code, `${argv.join(" ")}\n${r.err}\n${r.out.slice(0, 400)}`).toBe(2);
  expect(r.err.trim().split("\n")).toHaveLength(1);
  expect(r.err).toMatch(re);
  expect(r.err).not.toMatch(/ at .*:\d+:\d+|internal error/);
  expect(r.ms).toBeLessThan(maxMs);
  return r;
}

function withFile(name: string, doc: Json | string): string {
  const f = join(dir, name);
  writeFileSync(f, typeof doc === "string" ? doc : stringifyJson(doc, 2));
  return f;
}

const epochDoc = () => parseJson(readFileSync(EPOCH, "utf8")) as { [k: string]: Json };
const snapDoc = () => parseJson(readFileSync(SNAP, "utf8")) as { [k: string]: Json };

describe("negative numbers as option values", () => {
  it("--anchor -1 is refused by the range check, not by the option parser", async () => {
    await bad(["preserved", "--snapshot", SNAP, "--anchor", "-1"], /^gonka-spec preserved: --anchor: an anchor height must be ≥ 0, got -1$/m);
    await bad(["check", "gonka1x", "--snapshot", SNAP, "--anchor", "-1"], /--anchor: an anchor height must be ≥ 0, got -1/);
  });
  it("a valid --seed -5 is accepted, and --seed=-5 is the same run", async () => {
    const a = await run("simulate-poc", "--scenario", "soak-7", "--tie-break", "weighted-random", "--seed", "-5", "--json");
    expect(a.code, a.err).toBe(0);
    const b = await run("simulate-poc", "--scenario", "soak-7", "--tie-break", "weighted-random", "--seed=-5", "--json");
    expect(b.out).toBe(a.out);
  });
  it("--missed -1 names the flag", async () => {
    await bad(["miss-test", "--missed", "-1", "--total", "10"], /--missed/);
  });
});

describe("one range check per value, from flags and files alike", () => {
  it("vote_threshold_factor: --factor 101 and a tally file's factor 500 read the same", async () => {
    await bad(["tally", "--scenario", "context-length", "--factor", "101"], /--factor: expected a percentage between 0 and 100 .*got 101/);
    const t = parseJson(readFileSync("examples/tally-invalidated.json", "utf8")) as { [k: string]: Json };
    const f = withFile("factor500.json", { ...t, factor: 500 });
    await bad(["tally", "--file", f], /factor: expected a percentage between 0 and 100 .*got 500/);
  });
  it("--limit above uint64, anchors past int64, --timeout 1e20, --max-failures abc", async () => {
    await bad(["tally", "--scenario", "context-length", "--limit", "18446744073709551616"], /--limit: .* must be between 1 and 18446744073709551615, got 18446744073709551616/);
    await bad(["check", "gonka1x", "--snapshot", SNAP, "--anchor", "9223372036854775808"], /--anchor: an anchor height must be at most 9223372036854775807 \(Go's int64\), got 9223372036854775808/);
    const snap = snapDoc() as { preserved: { [k: string]: Json } };
    const addr = ((snap.preserved.rootGroup as { validationWeights: { memberAddress: string }[] }).validationWeights[0]!).memberAddress;
    await bad(["check", addr, "--snapshot", SNAP, "--anchor", "9223372036854775800", "--anchors", "10"], /leave the int64 height range/);
    await bad(["snapshot", "--node", "http://127.0.0.1:9", "--timeout", "1e20", "--out", join(dir, "s.json")], /--timeout: expected a number of seconds, got "1e20"/);
    await bad(["snapshot", "--node", "http://127.0.0.1:9", "--timeout", "100000000000000000000", "--out", join(dir, "s.json")], /--timeout: must be more than 0 and at most 86400 seconds/);
    await bad(["vectors", "check", "--max-failures", "abc", "x.json"], /--max-failures: expected an integer, got "abc"/);
  });
  it("a missing vector file is 'file not found', whatever its name; export into /proc/self/x ends at once", async () => {
    const r = await run("vectors", "check", join(dir, "no_such_suite.json"), join(dir, "go_math_rand.json"));
    expect(r.code).toBe(1);
    expect(r.out.split("\n").slice(0, 2)).toEqual([`${join(dir, "no_such_suite.json")}: file not found`, `${join(dir, "go_math_rand.json")}: file not found`]);
    await bad(["vectors", "export", "/proc/self/x"], /\/proc\/self\/x: cannot create the directory/, 3000);
  });
  it("a FIFO or a directory given as an input file is refused, never read", async () => {
    await bad(["miss-test", "--epoch", dir], /is a directory, not a file/);
    await bad(["preserved", "--snapshot", "/dev/zero"], /is not a regular file/, 3000);
  });
});

describe("decimal exponents and digit counts are bounded", () => {
  it("binomTestP0 {value 1, exponent -1000000} ends at once naming the field", async () => {
    const e = epochDoc();
    const f = withFile("p0-exp.json", { ...e, validationParams: { binomTestP0: { value: 1, exponent: -1000000 } } });
    await bad(["miss-test", "--epoch", f], /validationParams\.binomTestP0\.exponent: exponent -1000000 is outside ±1000/, 3000);
  });
  it("pocSlotAllocation exponent ±1e9 ends at once naming the field (preserved, check)", async () => {
    for (const exponent of [1_000_000_000, -1_000_000_000, 1_000_000]) {
      const s = snapDoc() as { preserved: { params: { epochParams: { [k: string]: Json } } } };
      s.preserved.params.epochParams.pocSlotAllocation = { value: 1, exponent };
      const f = withFile(`psa${exponent}.json`, s as unknown as Json);
      await bad(["preserved", "--snapshot", f], new RegExp(`pocSlotAllocation\\.exponent: exponent ${exponent} is outside ±1000`), 5000);
    }
  });
  it("an exponent within the bound still evaluates (the Go vectors use -19..17)", async () => {
    const e = epochDoc();
    const f = withFile("p0-1000.json", { ...e, validationParams: { binomTestP0: { value: 1, exponent: -1000 } } });
    const r = await run("miss-test", "--epoch", f, "--no-exact", "--json");
    expect(r.code, r.err).toBe(0);
    expect(r.ms).toBeLessThan(5000);
  });
  it("--p0 with a million digits, or more digits than an int64 coefficient, is refused", async () => {
    await bad(["miss-test", "--missed", "1", "--total", "10", "--p0", `0.${"0".repeat(1_000_000)}1`], /--p0: expected a decimal such as 0\.25, got .* \(at most 100 characters\)/);
    await bad(["miss-test", "--missed", "1", "--total", "10", "--p0", "0.12345678901234567890123"], /--p0: .* more significant digits than the chain's Decimal holds/);
    await bad(["preserved", "--snapshot", SNAP, "--set", "epoch_params.poc_slot_allocation=1e-999999999"], /exponent -999999999 is outside ±1000/);
  });
});

describe("addresses and member weights", () => {
  it("NUL or other control characters in an address are refused, naming the field", async () => {
    const e = epochDoc() as { participants: { address: string }[] };
    e.participants[0]!.address = "gonka1abc\u0000def";
    await bad(["miss-test", "--epoch", withFile("nul.json", e as unknown as Json)], /participants\[0\]\.address: the address contains the control character U\+0000 at position 9/);
    const s = snapDoc() as { preserved: { rootGroup: { validationWeights: { memberAddress: string }[] } } };
    s.preserved.rootGroup.validationWeights[0]!.memberAddress = "gonka1\u001b[31mred";
    await bad(["preserved", "--snapshot", withFile("esc.json", s as unknown as Json)], /memberAddress: the address contains the control character U\+001B/);
    const t = parseJson(readFileSync("examples/tally-invalidated.json", "utf8")) as { group: Json[] };
    t.group[1] = "gonka1host\u0007b";
    await bad(["tally", "--file", withFile("bel.json", t as unknown as Json)], /group\[1\]: the address contains the control character U\+0007/);
  });
  it("a negative member weight is refused like a negative pocWeight", async () => {
    const s = snapDoc() as { preserved: { rootGroup: { validationWeights: { weight: Json }[] } } };
    s.preserved.rootGroup.validationWeights[0]!.weight = -5;
    await bad(["preserved", "--snapshot", withFile("negw.json", s as unknown as Json)], /validationWeights\[0\]\.weight: weight must not be negative, got -5/);
    const t = parseJson(readFileSync("examples/tally-invalidated.json", "utf8")) as { group: Json[] };
    t.group[0] = { address: "gonka1hosta", weight: -2 };
    await bad(["tally", "--file", withFile("negtally.json", t as unknown as Json)], /group\[0\]\.weight: weight must not be negative, got -2/);
  });
});

it("the temporary directory is ours alone", () => {
  expect(existsSync(dir)).toBe(true);
});

describe("values that wrap Go's int64 are kept as Go computes them, with a warning (issue 13 item 4)", () => {
  it("a node weight of 2^63 − 1: the negative target stays (Go's wrap), and stderr and --json say the input overflowed", async () => {
    const s = snapDoc() as { preserved: { liveSubGroups: { byModel: { [m: string]: { validationWeights: { mlNodes: { pocWeight: Json }[] }[] } } } } };
    const models = Object.keys(s.preserved.liveSubGroups.byModel).sort();
    s.preserved.liveSubGroups.byModel[models[0]!]!.validationWeights[0]!.mlNodes[0]!.pocWeight = 2n ** 63n - 1n;
    const f = withFile("wrap.json", s as unknown as Json);
    const text = await run("preserved", "--snapshot", f);
    expect(text.code).toBe(0);
    expect(text.err).toMatch(/^warning: .*liveSubGroups\.byModel\[".*"\]: the model's node PoC weight adds up to \d+, past int64 .*Go's int64 sums wrap silently/m);
    expect(text.out).toMatch(/target weight -[\d,]+ of -[\d,]+/); // Go's wrap, as the chain would compute it
    const json = await run("preserved", "--snapshot", f, "--json");
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.out) as { warnings: string[] };
    expect(doc.warnings.some((w) => /past int64/.test(w))).toBe(true);
    const check = await run("check", "gonka1fn77c03cddly25s0uunsz9lgqqhpxnq2a7qkrf", "--snapshot", f, "--anchors", "2", "--json");
    expect(check.code, check.err).toBe(0);
    expect((JSON.parse(check.out) as { warnings: string[] }).warnings.some((w) => /past int64/.test(w))).toBe(true);
  });
  it("no warning on the example as it is", async () => {
    const r = await run("preserved", "--snapshot", SNAP, "--json");
    expect((JSON.parse(r.out) as { warnings: string[] }).warnings.filter((w) => /past int64/.test(w))).toEqual([]);
  });
});
