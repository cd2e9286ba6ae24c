/**
 * parseSettlementInput builds an error's path only when something fails: each malformed field still
 * gets one line naming its full path, and well-formed input reads to the same values as before (the
 * real epochs, written out and read back, give the same input). parseJson's fast path skips digits
 * inside strings but never a bare integer beyond 2^53.
 */
import { describe, expect, it } from "vitest";
import { parseJson, stringifyJson, type Json } from "../../src/go/json.js";
import { readRestDump } from "../../src/sources/rest-dump/read-rest-dump.js";
import { settlementFromRestDump } from "../../src/sources/rest-dump/settlement-from-rest.js";
import { assumptionsReadBy, parseSettlementInput, settlementInputToJson } from "../../src/settlement/settlement-input.js";

const real = settlementFromRestDump(readRestDump("test/realdata/rest/epoch_249")).input;
const slice = (): { [k: string]: Json } => parseJson(JSON.stringify(settlementInputToJson(real, { settlementHeight: 3859385n, assumptions: [] }))) as { [k: string]: Json };

function errorOf(mutate: (s: { [k: string]: any }) => void): string {
  const s = slice();
  mutate(s);
  try {
    parseSettlementInput(s, "f.json: settlement");
  } catch (e) {
    return (e as Error).message;
  }
  return "no error";
}

describe("settlement input: paths built on error only", () => {
  it("reads the real epoch back to the same input", () => {
    const back = parseSettlementInput(slice(), "x").input;
    expect(stringifyJson(back)).toBe(stringifyJson(real));
  });

  it("every malformed field is named by its full path", () => {
    expect(errorOf((s) => (s.reward.subgroups[0].validationWeights[3].mlNodes[0].pocWeight = "12x"))).toBe('f.json: settlement.reward.subgroups[0].validationWeights[3].mlNodes[0].pocWeight: expected an integer, got "12x"');
    expect(errorOf((s) => (s.reward.validationWeights[7].weight = "9223372036854775808"))).toBe("f.json: settlement.reward.validationWeights[7].weight: 9223372036854775808 does not fit in int64");
    expect(errorOf((s) => (s.reward.validationWeights[2].mlNodes = [{ pocWeight: "1", timeslotAllocation: [true, 1] }]))).toBe("f.json: settlement.reward.validationWeights[2].mlNodes[0].timeslotAllocation[1]: expected true or false, got 1");
    expect(errorOf((s) => (s.participants[4].coinBalance = 1.5))).toBe("f.json: settlement.participants[4].coinBalance: expected an integer, got 1.5");
    expect(errorOf((s) => (s.participants[4].status = "GONE"))).toMatch(/^f\.json: settlement\.participants\[4\]\.status: expected one of UNSPECIFIED, ACTIVE, .*got "GONE"$/);
    expect(errorOf((s) => (s.reward.exclusions[0].exclusionBlockHeight = "-1"))).toBe("f.json: settlement.reward.exclusions[0].exclusionBlockHeight: -1 does not fit in uint64");
    expect(errorOf((s) => (s.reward.bitcoinRewardParams.initialEpochReward = null))).toBe("f.json: settlement.reward.bitcoinRewardParams.initialEpochReward: expected an integer, got null");
    expect(errorOf((s) => (s.reward.subgroups[0].modelId = 3))).toBe("f.json: settlement.reward.subgroups[0].modelId: expected a string, got 3");
    expect(errorOf((s) => (s.reward.pocModelScales[0].weightScaleFactor = { value: "x", exponent: 0 }))).toMatch(/^f\.json: settlement\.reward\.pocModelScales\[0\]\.weightScaleFactor/);
    expect(errorOf((s) => (s.reward.settlementHeight = "1e3"))).toBe('f.json: settlement.reward.settlementHeight: expected an integer, got "1e3"');
  });

  it("an assumption's readFrom (the first version whose rules read the input) is read back, so a snapshot's answer lists the lacks the dump's does; a version the port does not know is refused by its path", () => {
    const rs = settlementFromRestDump(readRestDump("test/realdata/rest/epoch_249"));
    const s = parseJson(JSON.stringify(settlementInputToJson(rs.input, { settlementHeight: 3859385n, assumptions: rs.gaps }))) as { [k: string]: any };
    const back = parseSettlementInput(s, "x").assumptions;
    expect(back.find((a) => a.input.startsWith("v0.2.14 delegation"))?.readFrom).toBe("v0.2.14");
    expect(assumptionsReadBy(back, "v0.2.12").map((a) => a.input)).toEqual(assumptionsReadBy(rs.gaps, "v0.2.12").map((a) => a.input));
    s.reward.assumptions[0].readFrom = "v9.9.9";
    expect(() => parseSettlementInput(s, "f.json: settlement")).toThrow(/^f\.json: settlement\.reward\.assumptions\[0\]\.readFrom: expected a chain version \(v0\.2\.8, .*\), got "v9\.9\.9"$/);
  });

  it("parseJson: 16+ digits inside strings take JSON.parse, bare integers beyond 2^53 stay exact", () => {
    const t = '{"a":"12345678901234567890","b":[ 9007199254740993, -9223372036854775808],"c":{"d":\n 18446744073709551615},"e":"x:12345678901234567"}';
    expect(parseJson(t)).toEqual({ a: "12345678901234567890", b: [9007199254740993n, -9223372036854775808n], c: { d: 18446744073709551615n }, e: "x:12345678901234567" });
    expect(parseJson("12345678901234567")).toBe(12345678901234567n);
    expect(parseJson('["gonka10000000000000000000000000000000012", 1]')).toEqual(["gonka10000000000000000000000000000000012", 1]);
  });
});
