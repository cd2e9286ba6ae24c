import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadProposal, parseProposal } from "../../src/compare/params.js";
import { InputError } from "../../src/errors.js";
import { parseJson } from "../../src/go/json.js";

const root = join(import.meta.dirname, "..", "..");
const parse = (text: string) => parseProposal(parseJson(text, "p.json"), "p.json", { baseDir: "/nowhere", readText: () => { throw new InputError("file not found", "x"); } });

/** The InputError message of parsing `text` (fails the test when it parses). */
function errorOf(text: string): string {
  try {
    parse(text);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error(`expected ${text} to be refused`);
}

describe("proposal parameter files", () => {
  it("reads the example proposals", () => {
    const a = loadProposal(join(root, "examples", "proposal-a.json"));
    expect(a.name).toBe("today");
    expect(a.pocSlotAllocation?.toString()).toBe("0.1");
    expect(a.binomTestP0?.toString()).toBe("0.1"); // mainnet's p0 in May 2026
    expect(a.pocMaxConcurrentPer10000Weight).toBe(10n);
    expect(a.voteThresholdFactor).toBe(50n);
    expect(a.preservedRule).toBe("current");
    const b = loadProposal(join(root, "examples", "proposal-b.json"));
    expect(b.preservedRule).toBe("demand");
    expect(b.pocSlotAllocation?.toString()).toBe("0.25");
    expect(b.binomTestP0?.toString()).toBe("0.1");
  });

  it("keeps decimals exact (no float on the way)", () => {
    const p = parse(`{"name":"x","PocSlotAllocation":"0.1000000000000000055","BinomTestP0":"0.10"}`);
    expect(p.pocSlotAllocation?.toString()).toBe("0.1000000000000000055");
    expect(p.binomTestP0?.exp).toBe(-2); // "0.10" keeps its written exponent, as Go's NewFromString
  });

  it("only the name is required; integers may be digit strings", () => {
    expect(parse(`{"name":"bare"}`)).toEqual({ name: "bare" });
    expect(parse(`{"name":"x","vote_threshold_factor":"67","PoCMaxConcurrentPer10000Weight":"20"}`)).toMatchObject({ voteThresholdFactor: 67n, pocMaxConcurrentPer10000Weight: 20n });
  });

  it("takes an inline demand object or a file relative to the proposal", () => {
    expect(parse(`{"name":"x","demand":{"peakInFlightRequests":{"m":5}}}`).demand).toEqual({ source: "inline", json: { peakInFlightRequests: { m: 5 } } });
    const dir = mkdtempSync(join(tmpdir(), "gonka-proposal-"));
    writeFileSync(join(dir, "demand.json"), `{"peakInFlightRequests":{"m":7}}`);
    writeFileSync(join(dir, "p.json"), `{"name":"x","demand":"demand.json"}`);
    const p = loadProposal(join(dir, "p.json"));
    expect(p.demand?.source).toBe(join(dir, "demand.json"));
    expect(p.demand?.json).toEqual({ peakInFlightRequests: { m: 7 } });
  });

  it.each([
    [`{"name":"x","PocSlotAlocation":"0.2"}`, /p\.json: PocSlotAlocation: unknown key "PocSlotAlocation"/],
    [`{"name":"x","pocslotallocation":"0.2"}`, /unknown key "pocslotallocation" \(did you mean "PocSlotAllocation"\?\)/],
    [`{"name":"x","PocSlotAllocation":0.25}`, /p\.json: PocSlotAllocation: write decimals as strings \(e\.g\. "0\.25"\)/],
    [`{"name":"x","PocSlotAllocation":"1.5"}`, /p\.json: PocSlotAllocation: must be between 0 and 1, got "1\.5"/],
    [`{"name":"x","PocSlotAllocation":"abc"}`, /p\.json: PocSlotAllocation: expected a non-negative decimal string such as "0\.25", got "abc"/],
    [`{"name":"x","PocSlotAllocation":"0.1000000000000000055511"}`, /p\.json: PocSlotAllocation: .*(too many digits|more significant digits than the chain's Decimal)/],
    [`{"name":"x","BinomTestP0":"0"}`, /p\.json: BinomTestP0: must be strictly between 0 and 1, got "0"/],
    [`{"name":"x","BinomTestP0":"1"}`, /p\.json: BinomTestP0: must be strictly between 0 and 1/],
    [`{"name":"x","BinomTestP0":"-0.1"}`, /p\.json: BinomTestP0: expected a non-negative decimal string/],
    [`{"name":"x","PoCMaxConcurrentPer10000Weight":0}`, /p\.json: PoCMaxConcurrentPer10000Weight: must be a positive integer/],
    [`{"name":"x","PoCMaxConcurrentPer10000Weight":2.5}`, /p\.json: PoCMaxConcurrentPer10000Weight: expected an integer, got 2\.5/],
    [`{"name":"x","vote_threshold_factor":0}`, /p\.json: vote_threshold_factor: must be an integer in 1\.\.100.*got 0/],
    [`{"name":"x","vote_threshold_factor":101}`, /p\.json: vote_threshold_factor: must be an integer in 1\.\.100.*got 101/],
    [`{"name":"x","preserved_rule":"largest"}`, /p\.json: preserved_rule: expected one of current, demand, got "largest"/],
    [`{"name":"x","demand":42}`, /p\.json: demand: expected a demand object or the path of a demand file, got 42/],
    [`{"name":"x","demand":"missing.json"}`, /p\.json: demand: cannot use demand file "missing\.json"/],
    [`{"PocSlotAllocation":"0.2"}`, /p\.json: name: expected a non-empty string/],
    [`{"name":""}`, /p\.json: name: expected a non-empty string/],
    [`{"name":"x","description":5}`, /p\.json: description: expected a string/],
    [`[1,2]`, /p\.json: a proposal must be a JSON object/],
  ])("refuses %s naming the key", (text, message) => {
    expect(errorOf(text)).toMatch(message);
  });

  it("an unreadable or malformed file names the file", () => {
    expect(() => loadProposal("/nonexistent/p.json")).toThrow(/\/nonexistent\/p\.json: file not found/);
    const dir = mkdtempSync(join(tmpdir(), "gonka-proposal-"));
    writeFileSync(join(dir, "bad.json"), `{"name": "x",}`);
    expect(() => loadProposal(join(dir, "bad.json"))).toThrow(/bad\.json: invalid JSON at line 1/);
  });
});

describe("proposal files: a status-test probability above 1", () => {
  it("is refused naming the key and the value (a typo for 0.2 would fire every test at once); 1 and an H above 1 are accepted", () => {
    expect(() => parse('{"name": "x", "FalsePositiveRate": "2"}')).toThrow(/FalsePositiveRate: a probability \(the invalidation test's P0\) is at most 1, got "2"/);
    expect(() => parse('{"name": "x", "validation_params.downtime_bad_percentage": "1.5"}')).toThrow(/is at most 1, got "1\.5"/);
    expect(parse('{"name": "x", "FalsePositiveRate": "1", "InvalidationHThreshold": "40"}').statusParams).toBeDefined();
  });
});

describe("a real governance proposal given as A", () => {
  it("is refused saying it is read only as B (not as a proposal file with an unknown key \"proposal\")", () => {
    const gov = JSON.stringify({ proposal: { id: "131", messages: [], title: "t" } });
    expect(() => loadProposal("gov.json", () => gov)).toThrow(
      new InputError("a real governance proposal is read only as B (--b FILE, or --b-proposal N from a node): A is then the params in force; --a takes a proposal file (docs/compare.md)", "gov.json"),
    );
  });
});

describe("a proposal file that is no JSON object", () => {
  it("is refused in one line naming what it is, null included (no gov document test reads into it)", () => {
    for (const [text, shown] of [["null", "null"], ["5", "5"], ["[]", "[]"], ['"s"', '"s"']]) {
      expect(() => loadProposal("p.json", () => text)).toThrow(new InputError(`a proposal must be a JSON object, got ${shown}`, "p.json"));
    }
  });
});
