// The typed epoch-input reader (src/misstest/epoch-input-text.ts) against the validating one: on the
// carried inputs it reads them itself (not through the fallback) and returns what parseEpochInput
// returns; on mutated texts readEpochInputText gives the same value or the same error as
// parseJson + parseEpochInput.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonCursor, OFF_FAST_PATH, fastPath } from "../../src/go/json-cursor.js";
import { parseJson, readJsonValueAt, stringifyJson, type Json } from "../../src/go/json.js";
import { parseEpochInput, type EpochInput } from "../../src/misstest/epoch-input.js";
import { readEpochInputAt, readEpochInputText } from "../../src/misstest/epoch-input-text.js";
import { bech32Encode } from "../../src/preserved/bech32.js";

const root = join(__dirname, "..", "..");
const exampleEpoch = readFileSync(join(root, "examples", "epoch-433.epoch.json"), "utf8");
const snapshotSettlement = (parseJson(readFileSync(join(root, "examples", "mainnet-like.snapshot.json"), "utf8")) as { settlement: Json }).settlement;

/** The typed reader alone: its value, or undefined when it left the plain form. */
function typed(text: string): EpochInput | undefined {
  return fastPath(() => {
    const c = new JsonCursor(text);
    const v = readEpochInputAt(c, "f");
    c.end();
    return v;
  });
}

/** The value with its rewards as an entry list: toEqual compares Maps without their order, which settlement reads. */
const ordered = (v: EpochInput): EpochInput & { rewardList: [string, bigint][] | null } => ({ ...v, rewardList: v.rewards === null ? null : [...v.rewards] });
type Outcome = { value: EpochInput } | { error: string };
function outcome(read: () => EpochInput): Outcome {
  try {
    return { value: ordered(read()) };
  } catch (e) {
    return { error: e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e) };
  }
}
const viaText = (t: string): Outcome => outcome(() => readEpochInputText(t, "f"));
const viaTree = (t: string): Outcome => outcome(() => parseEpochInput(parseJson(t, "f"), "f"));

/** A valid gonka address, one per seed below 2^20 (bech32 of 20 bytes; the seed in its first four symbols). */
function address(seed: number): string {
  const data: number[] = [];
  for (let i = 0; i < 32; i++) data.push(i < 4 ? (seed >> (5 * i)) & 31 : (i * 7 + seed) % 32);
  return bech32Encode("gonka", data);
}

const count = fc.oneof(fc.bigInt({ min: 0n, max: 100_000n }), fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }));
const decimal = fc.record({ value: fc.bigInt({ min: 1n, max: 99n }), exponent: fc.constant(-2) });
/** An epoch input document the strict reader takes (as a Json tree, bigints bare). */
const epochDoc = fc
  .record({
    comment: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
    epoch: fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
    validationParams: fc.option(fc.record({ binomTestP0: fc.option(decimal, { nil: null }) }), { nil: null }),
    graceEpoch: fc.option(fc.record({ binomTestP0: fc.option(decimal, { nil: null }), upgradeProtectionWindow: fc.bigInt({ min: 0n, max: 5000n }) }), { nil: null }),
    stats: fc.array(fc.option(fc.record({ inferenceCount: count, missedRequests: count }), { nil: null, freq: 8 }), { minLength: 0, maxLength: 12 }),
    rewards: fc.option(fc.array(count, { maxLength: 12 }), { nil: null }),
    settlementFields: fc.boolean(),
    seed: fc.nat(1000),
  })
  .map((r) => {
    const doc: { [k: string]: Json } = {};
    if (r.comment !== undefined) doc.comment = r.comment;
    doc.epoch = r.epoch;
    doc.validationParams = r.validationParams as Json;
    doc.graceEpoch = r.graceEpoch as Json;
    doc.participants = r.stats.map((s, i) => ({
      address: address(r.seed + i),
      ...(r.settlementFields ? { status: "ACTIVE", coinBalance: String(1000 * i) } : {}),
      currentEpochStats: s as Json,
    }));
    if (r.rewards !== null) doc.rewards = Object.fromEntries(r.rewards.map((w, i) => [address(r.seed + i), w]));
    if (r.settlementFields) doc.reward = { epochReward: 5, list: [1, "a", null] };
    return doc;
  });
const layout = fc.constantFrom(undefined, 1, 2);

describe("readEpochInputAt on the carried inputs", () => {
  const cases: [string, string][] = [
    ["examples/epoch-433.epoch.json", exampleEpoch],
    ["the example snapshot's settlement slice (indented)", `${stringifyJson(snapshotSettlement, 1)}\n`],
    ["the example snapshot's settlement slice (one line)", stringifyJson(snapshotSettlement)],
  ];
  for (const [name, text] of cases) {
    it(`reads ${name} itself, as parseEpochInput does`, () => {
      const v = typed(text);
      expect(v).toBeDefined();
      expect(ordered(v!)).toEqual(ordered(parseEpochInput(parseJson(text, "f"), "f")));
      expect(v!.participants.length).toBeGreaterThan(5);
    });
  }

  it("reads the slice in the middle of a larger text and leaves the cursor after it", () => {
    const text = `{"before": 1, "settlement": ${stringifyJson(snapshotSettlement, 1)}, "after": [2]}`;
    const c = new JsonCursor(text, text.indexOf('"settlement"') + '"settlement":'.length);
    const v = readEpochInputAt(c, "f");
    expect(v).toEqual(parseEpochInput(snapshotSettlement, "f"));
    expect(text.slice(c.pos).trim()).toBe(', "after": [2]}');
  });

  it("reads generated inputs itself, as parseEpochInput does", () => {
    fc.assert(
      fc.property(epochDoc, layout, (doc, indent) => {
        const text = stringifyJson(doc, indent);
        const v = typed(text);
        expect(v).toBeDefined();
        expect(ordered(v!)).toEqual(ordered(parseEpochInput(parseJson(text, "f"), "f")));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps the rewards in the text's order, bigints past 2^53 exact", () => {
    const a = [address(1), address(2), address(3)];
    const text = `{"epoch": 7, "participants": [], "rewards": {"${a[2]}": 18014398509481985, "${a[0]}": "5", "${a[1]}": 0}}`;
    const v = typed(text)!;
    expect([...v.rewards!]).toEqual([
      [a[2], 18014398509481985n],
      [a[0], 5n],
      [a[1], 0n],
    ]);
    expect(v.validationParams).toBeNull();
    expect(v.graceEpoch).toBeNull();
  });
});

/** One edit of a text (each either keeps it readable or makes a case the validating reader decides). */
type Mutation = (t: string, r: number) => string;
/** The position of the r-th occurrence (mod their count) of `s` in `t`, or -1. */
function nth(t: string, s: string, r: number): number {
  const at: number[] = [];
  for (let i = t.indexOf(s); i !== -1; i = t.indexOf(s, i + 1)) at.push(i);
  return at.length === 0 ? -1 : at[r % at.length]!;
}
/** The object at `i` with its keys reversed (unchanged when `i` is -1). */
function reversedObjectAt(t: string, i: number): string {
  if (i < 0) return t;
  const { value, end } = readJsonValueAt(t, i, 0);
  return t.slice(0, i) + stringifyJson(Object.fromEntries(Object.entries(value as { [k: string]: Json }).reverse())) + t.slice(end);
}
const replaceAt = (t: string, i: number, from: string, to: string): string => (i < 0 ? t : t.slice(0, i) + to + t.slice(i + from.length));
const KEYS = ['"epoch"', '"address"', '"currentEpochStats"', '"inferenceCount"', '"missedRequests"', '"rewards"', '"validationParams"', '"binomTestP0"', '"participants"', '"status"'];
const mutations: Record<string, Mutation> = {
  // reordered keys: a participant's fields, a stats object's, and the document's
  reorderParticipant: (t, r) => reversedObjectAt(t, nth(t, '{"address":', r)),
  reorderStats: (t, r) => reversedObjectAt(t, nth(t, '{"inferenceCount":', r)),
  reorderDocument: (t) => {
    const o = parseJson(t) as { [k: string]: Json };
    return stringifyJson(Object.fromEntries(Object.entries(o).reverse()));
  },
  keyTwice: (t, r) => {
    const k = KEYS[r % KEYS.length]!;
    const i = nth(t, `${k}:`, r);
    return i < 0 ? t : replaceAt(t, i, `${k}:`, `${k}: 1, ${k}:`);
  },
  unknownKey: (t, r) => {
    const k = KEYS[r % KEYS.length]!;
    const i = nth(t, `${k}:`, r);
    return i < 0 ? t : replaceAt(t, i, `${k}:`, `"extra": 1, ${k}:`);
  },
  rewardKeyTwice: (t) => {
    const i = t.indexOf('"rewards":{"');
    if (i < 0) return t;
    const k = t.slice(i + 11, t.indexOf('"', i + 12) + 1);
    return replaceAt(t, i, '"rewards":{', `"rewards":{${k}:1,`);
  },
  // an array-index key after the others: Object.keys would put it first
  rewardIndexKey: (t) => {
    const i = t.indexOf('"rewards":{');
    if (i < 0) return t;
    const { value, end } = readJsonValueAt(t, i + 10, 1);
    const sep = Object.keys(value as object).length > 0 ? "," : "";
    return `${t.slice(0, end - 1)}${sep}"12":1}${t.slice(end)}`;
  },
  stringInt: (t, r) => {
    const i = nth(t, '":', r);
    const m = /^":(\d+)/.exec(t.slice(i));
    return i < 0 || m === null ? t : replaceAt(t, i, m[0], `":"${m[1]}"`);
  },
  longStringInt: (t, r) => {
    const i = nth(t, '":', r);
    const m = /^":(\d+)/.exec(t.slice(i));
    return i < 0 || m === null ? t : replaceAt(t, i, m[0], `":"000000000000000000${m[1]}"`);
  },
  negativeString: (t, r) => {
    const i = nth(t, '":', r);
    const m = /^":(\d+)/.exec(t.slice(i));
    return i < 0 || m === null ? t : replaceAt(t, i, m[0], `":"-${m[1]}"`);
  },
  fraction: (t, r) => {
    const i = nth(t, '":', r);
    const m = /^":(\d+)/.exec(t.slice(i));
    return i < 0 || m === null ? t : replaceAt(t, i, m[0], `":${m[1]}.0`);
  },
  exponent: (t, r) => {
    const i = nth(t, '":', r);
    const m = /^":(\d+)/.exec(t.slice(i));
    return i < 0 || m === null ? t : replaceAt(t, i, m[0], `":${m[1]}e0`);
  },
  twoTo63: (t, r) => {
    const i = nth(t, '":', r);
    const m = /^":(\d+)/.exec(t.slice(i));
    return i < 0 || m === null ? t : replaceAt(t, i, m[0], `":${r % 2 === 0 ? "9223372036854775808" : "18446744073709551616"}`);
  },
  negative: (t, r) => {
    const i = nth(t, '":', r);
    const m = /^":(\d+)/.exec(t.slice(i));
    return i < 0 || m === null ? t : replaceAt(t, i, m[0], `":-${m[1]}`);
  },
  escape: (t, r) => {
    const i = nth(t, '"gonka1', r);
    return replaceAt(t, i, '"gonka1', r % 2 === 0 ? '"gonk\\u00611' : '"gonka1\\n');
  },
  nonAscii: (t, r) => replaceAt(t, nth(t, '"gonka1', r), '"gonka1', '"gönka1'),
  badAddress: (t, r) => replaceAt(t, nth(t, '"gonka1', r), '"gonka1', '"gonka2'),
  emptyAddress: (t, r) => {
    const i = nth(t, '"address":"', r);
    return i < 0 ? t : t.slice(0, i + 11) + t.slice(t.indexOf('"', i + 11));
  },
  duplicateParticipant: (t, r) => {
    const i = nth(t, '{"address":', r);
    if (i < 0) return t;
    const { end } = readJsonValueAt(t, i, 0);
    return replaceAt(t, i, "", `${t.slice(i, end)},`);
  },
  nullValue: (t, r) => {
    const i = nth(t, '":', r);
    const m = /^":("[^"]*"|\d+|\{)/.exec(t.slice(i));
    if (i < 0 || m === null) return t;
    return m[1] === "{" ? t : replaceAt(t, i, m[0], '":null');
  },
  missingField: (t, r) => {
    const k = KEYS[r % KEYS.length]!;
    const i = nth(t, `${k}:`, r);
    if (i < 0) return t;
    const o = `${k}:`;
    // drop `"key":value,` for a scalar value
    const m = /^"[^"]*":("[^"]*"|-?\d+|null),?/.exec(t.slice(i));
    return m === null ? replaceAt(t, i, o, '"gone":') : replaceAt(t, i, m[0], "");
  },
  weightsToo: (t) => replaceAt(t, t.indexOf('"epoch":'), '"epoch":', '"weights":null,"epoch":'),
  weightsAlias: (t) => t.replace('"rewards":', '"weights":'),
  p0Outside: (t) => t.replace('"value":', '"value":-'),
  p0Exponent: (t) => t.replace('"exponent":-2', '"exponent":2000'),
  decimalText: (t) => t.replace('"exponent":-2', '"exponent":-2,"decimal":"0.x"'),
  truncate: (t, r) => t.slice(0, r % t.length),
  trailing: (t, r) => t + (r % 2 === 0 ? " x" : "\n\n"),
  deepComment: (t) => t.replace('"epoch":', `"comment":${"[".repeat(120)}${"]".repeat(120)},"epoch":`),
  whitespace: (t) => t.replaceAll(",", " ,\r\n\t"),
  badRewardJson: (t) => t.replace('"reward":{', '"reward":{"x":01,'),
};

describe("readEpochInputText on mutated texts", () => {
  it("gives parseJson + parseEpochInput's value or error", () => {
    let typedRead = 0;
    let offPath = 0;
    fc.assert(
      fc.property(epochDoc, fc.array(fc.tuple(fc.constantFrom(...Object.keys(mutations)), fc.nat(10_000)), { minLength: 1, maxLength: 3 }), (doc, edits) => {
        let text = stringifyJson(doc);
        for (const [name, r] of edits) {
          try {
            text = mutations[name]!(text, r);
          } catch {
            // an edit that needs valid JSON, after one that broke it: left out
          }
        }
        const t = viaText(text);
        expect(t).toEqual(viaTree(text));
        if (typed(text) === undefined) offPath++;
        else typedRead++;
      }),
      { numRuns: 1500 },
    );
    // both sides of the contract were exercised
    expect(typedRead).toBeGreaterThan(100);
    expect(offPath).toBeGreaterThan(1000);
  });

  it("names the field of an error and keeps the warning, as the validating reader does", () => {
    const a = address(5);
    const bad = `{"epoch": 1, "participants": [{"address": "${a}", "currentEpochStats": {"inferenceCount": 1.5, "missedRequests": 0}}]}`;
    expect(viaText(bad)).toEqual({ error: expect.stringContaining("f.participants[0].currentEpochStats.inferenceCount") });
    expect(viaText(bad)).toEqual(viaTree(bad));
    const warn = `{"epoch": 1, "participants": [{"address": "gonka1notbech32", "currentEpochStats": null}]}`;
    const r = viaText(warn);
    expect(typed(warn)).toBeUndefined();
    expect("value" in r && r.value.warnings?.[0]).toContain("not valid bech32");
  });
});

describe("JsonCursor.maybeKeyOf (the reward keys matched against the participants' addresses)", () => {
  it("reads exactly the key given, with its colon, and nothing when another comes", () => {
    const c = new JsonCursor('{"ab": 1, "abc" : 2, "a": 3}');
    c.open(123);
    expect(c.maybeKeyOf("a", true)).toBe(false); // a prefix of "ab" is not "ab"
    expect(c.pos).toBe(1);
    expect(c.maybeKeyOf("abc", true)).toBe(false);
    expect(c.maybeKeyOf("ab", true)).toBe(true);
    expect(c.int64()).toBe(1n);
    expect(c.maybeKeyOf("ab")).toBe(false);
    expect(c.maybeKeyOf("abc")).toBe(true);
    expect(c.int64()).toBe(2n);
    expect(c.maybeKeyOf("a")).toBe(true);
    expect(c.int64()).toBe(3n);
    expect(c.maybeKeyOf("a")).toBe(false);
    expect(c.mapKey(false)).toBeUndefined();
  });
});

// Boundaries the generated cases meet rarely or never (each was a surviving mutant of the typed reader):
// what the typed reader reads itself, and what it must leave to the validating reader.
describe("readEpochInputText at the plain form's edges", () => {
  const a = [address(11), address(12), address(13)];
  const stats = (ic: string, m: string) => `{"inferenceCount": ${ic}, "missedRequests": ${m}}`;
  const doc = (participants: string, rest = "") => `{"epoch": 3, "participants": [${participants}]${rest}}`;
  const row = (addr: string, s = stats("1", "0")) => `{"address": "${addr}", "currentEpochStats": ${s}}`;

  it("reads digit-string counts itself, 0 included", () => {
    const text = doc(row(a[0]!, stats('"0"', '"0"')) + "," + row(a[1]!, stats('"7"', '"123456789012345678"')), `, "rewards": {"${a[0]}": "0"}`);
    const v = typed(text);
    expect(v).toBeDefined();
    expect(ordered(v!)).toEqual(ordered(parseEpochInput(parseJson(text, "f"), "f")));
    expect(v!.participants[0]!.currentEpochStats).toEqual({ inferenceCount: 0n, missedRequests: 0n });
    expect(v!.rewards!.get(a[0]!)).toBe(0n);
  });

  it("reads null weights itself", () => {
    const text = doc(row(a[0]!), `, "rewards": null`);
    const v = typed(text);
    expect(v).toBeDefined();
    expect(v!.rewards).toBeNull();
    expect(ordered(v!)).toEqual(ordered(parseEpochInput(parseJson(text, "f"), "f")));
  });

  it("reads the weights before the participants itself (keys in any order)", () => {
    const text = `{"rewards": {"${a[1]}": 5, "${a[0]}": 6}, "epoch": 3, "participants": [${row(a[0]!)}, ${row(a[1]!)}]}`;
    const v = typed(text);
    expect(v).toBeDefined();
    expect(ordered(v!)).toEqual(ordered(parseEpochInput(parseJson(text, "f"), "f")));
  });

  it("reads a weight key starting with a character below the digits itself", () => {
    for (const k of ["-x", "!", "/a"]) {
      const text = doc(row(a[0]!), `, "rewards": {"${a[0]}": 1, "${k}": 2}`);
      const v = typed(text);
      expect(v, k).toBeDefined();
      expect([...v!.rewards!]).toEqual([[a[0], 1n], [k, 2n]]);
    }
  });

  it("leaves an array-index weight key to the validating reader, which orders it first as Object.keys does", () => {
    for (const k of ["0", "9", "12"]) {
      const text = doc(row(a[0]!), `, "rewards": {"${a[0]}": 1, "${k}": 2}`);
      expect(typed(text), k).toBeUndefined();
      const r = viaText(text);
      expect(r).toEqual(viaTree(text));
      expect("value" in r && r.value.rewards !== null && [...r.value.rewards.keys()]).toEqual([k, a[0]]);
    }
  });

  it("refuses a weight key that is no address text (empty, longer than 256) as the validating reader does", () => {
    for (const k of ["", "x".repeat(257)]) {
      const text = doc(row(a[0]!), `, "rewards": {"${a[0]}": 1, "${k}": 2}`);
      const r = viaText(text);
      expect(r, k.slice(0, 9)).toEqual(viaTree(text));
      expect("error" in r && r.error).toMatch(/f\.rewards key/);
    }
  });

  it("refuses a participant address past 256 characters even when it is valid bech32", () => {
    const data: number[] = [];
    for (let i = 0; i < 300; i++) data.push((i * 7) % 32);
    const long = bech32Encode("gonka", data);
    expect(long.length).toBeGreaterThan(256);
    const text = doc(row(long));
    const r = viaText(text);
    expect(r).toEqual(viaTree(text));
    expect("error" in r && r.error).toMatch(/longer than 256/);
  });

  it("readEpochInputAt throws only OFF_FAST_PATH, for a refused p0 and for a part missing", () => {
    const at = (text: string): unknown => {
      try {
        readEpochInputAt(new JsonCursor(text), "f");
        return "read";
      } catch (e) {
        return e;
      }
    };
    expect(at(doc(row(a[0]!), `, "validationParams": {"binomTestP0": {"value": -1, "exponent": -1}}`))).toBe(OFF_FAST_PATH);
    expect(at(`{"epoch": 3}`)).toBe(OFF_FAST_PATH);
    expect(at(`{"participants": []}`)).toBe(OFF_FAST_PATH);
  });
});
