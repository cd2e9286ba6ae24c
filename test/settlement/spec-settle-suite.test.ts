/**
 * The spec_settle_amounts vector suite (src/settlement/export-suites.ts) against compiled Go
 * (fixtures/go-spec-settle.json.gz, README beside it): the suite's inputs are exactly the inputs Go
 * ran, and every case at v0.2.10–v0.2.14 is Go's answer (payout rows, minted and governance amounts,
 * Go's errors and panics). Then the suite's strict reading of a case input, one line per refusal.
 */
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import { getBitcoinSettleAmounts } from "../../src/settlement/get-bitcoin-settle-amounts.js";
import { parseSettleAmountsInput, SETTLE_AMOUNTS_SUITE, settleAmountsExport } from "../../src/settlement/export-suites.js";
import { SUITES } from "../../src/vectors/registry.js";
import { refusal } from "../helpers/refusal.js";
import { readGoFixture, settleRegimes, toInput, type GoOutput } from "./go-fixture.js";

const go = new Map(readGoFixture("go-spec-settle.json.gz").cases.map((c) => [c.name, c]));
const cases = settleAmountsExport.cases();
const GO_VERSIONS = ["v0.2.10", "v0.2.11", "v0.2.12", "v0.2.13", "v0.2.14"];

const split = (name: string) => ({ scenario: name.slice(0, name.lastIndexOf("@")), version: name.slice(name.lastIndexOf("@") + 1) });
type Row = { participant: string; workCoins: bigint; rewardCoins: bigint; negativeBalanceError: boolean; settleAmountWritten: boolean; rewardWeight?: bigint; fullWeight?: bigint; totalRewardWeight?: bigint };
type Out = { participants: Row[]; amount: bigint; governanceAmount: bigint; epochNumber: bigint; decayApplied: boolean } | { error: string } | { panic: string };

/** A suite output in the harness's output form (decimal strings), to compare with Go's. */
function asGo(o: Out): unknown {
  if ("panic" in o) return { panic: true };
  if ("error" in o) return { error: o.error };
  const s = (x: bigint) => x.toString();
  return {
    results: o.participants.map((p) => ({
      participant: p.participant,
      workCoins: s(p.workCoins),
      rewardCoins: s(p.rewardCoins),
      error: p.negativeBalanceError,
      settleAmountWritten: p.settleAmountWritten,
      ...(p.rewardWeight !== undefined ? { rewardWeight: s(p.rewardWeight), fullWeight: s(p.fullWeight!), totalRewardWeight: s(p.totalRewardWeight!) } : {}),
    })),
    amount: s(o.amount),
    governanceAmount: s(o.governanceAmount),
    epochNumber: s(o.epochNumber),
    decayApplied: o.decayApplied,
  };
}
const goAnswer = (g: GoOutput): unknown =>
  g.panic !== undefined ? { panic: true } : g.error !== undefined ? { error: g.error } : { results: g.results, amount: g.amount, governanceAmount: g.governanceAmount, epochNumber: g.epochNumber, decayApplied: g.decayApplied };

describe("spec_settle_amounts against compiled Go", () => {
  it("has exactly the cases counted per version (188 scenarios, 178 of them run by Go), named <scenario>@<version>", () => {
    const per: Record<string, number> = {};
    for (const c of cases) per[split(c.name).version] = (per[split(c.name).version] ?? 0) + 1;
    expect(per).toEqual({ "v0.2.10": 134, "v0.2.11": 134, "v0.2.12": 141, "v0.2.13": 142, "v0.2.14": 167, "v0.2.15": 168, "v0.2.16": 177 });
    expect(new Set(cases.map((c) => split(c.name).scenario)).size).toBe(188);
    expect(go.size).toBe(178);
    expect(SUITES[SETTLE_AMOUNTS_SUITE]).toBeDefined();
  });

  it("its inputs are the inputs Go ran, at the same versions (a changed generator needs a new Go run)", () => {
    const versions = new Map<string, string[]>();
    for (const c of cases) {
      const { scenario, version } = split(c.name);
      if (!GO_VERSIONS.includes(version)) continue;
      versions.set(scenario, [...(versions.get(scenario) ?? []), version]);
      const g = go.get(scenario);
      expect(g, scenario).toBeDefined();
      expect(parseSettleAmountsInput(c.input).input, c.name).toEqual(toInput(g!.input));
    }
    for (const [scenario, g] of go) expect(Object.keys(g.outputs).sort(), scenario).toEqual(versions.get(scenario));
    // the scenarios Go did not run hold only versions after v0.2.14
    for (const [scenario, v] of versions) expect(go.has(scenario), `${scenario} at ${v.join(", ")}`).toBe(true);
  });

  it("every case at v0.2.10–v0.2.14 is Go's answer: rows, amounts, errors and panics", () => {
    const bad: string[] = [];
    let panics = 0;
    let errors = 0;
    for (const c of cases) {
      const { scenario, version } = split(c.name);
      if (!GO_VERSIONS.includes(version)) continue;
      const g = go.get(scenario)!.outputs[version as "v0.2.14"]!;
      if (g.panic !== undefined) panics++;
      if (g.error !== undefined) errors++;
      const mine = JSON.stringify(asGo(c.output as unknown as Out));
      if (mine !== JSON.stringify(goAnswer(g))) bad.push(`${c.name}: ${mine.slice(0, 200)} vs Go ${JSON.stringify(goAnswer(g)).slice(0, 200)}`);
    }
    expect(bad).toEqual([]);
    expect([panics, errors]).toEqual([18, 5]);
    expect(cases.filter((c) => "panic" in (c.output as object)).length).toBe(24); // and 3 at v0.2.15, 3 at v0.2.16
    expect(cases.filter((c) => split(c.name).scenario === "no_participants").map((c) => c.output)).toEqual(Array(7).fill({ error: "participants cannot be nil" }));
  });

  it("reaches every risky regime, counted from the port's own answers", () => {
    const seen = new Set<string>();
    for (const c of cases) {
      if ("panic" in (c.output as object) || "error" in (c.output as object)) continue;
      const { version, input } = parseSettleAmountsInput(c.input);
      settleRegimes(getBitcoinSettleAmounts(input, input.validationParams!, version)).forEach((r) => seen.add(r));
    }
    expect([...seen].sort()).toEqual(
      [
        "cap-reached", "debt beyond the reward", "debt repaid", "delegation moved weight", "effective weight lowered to the full weight", "fixed reward error",
        "miss test punished", "power capped", "reward above int64", "scaled-to-cap", "total full weight wrapped",
      ].sort(),
    );
  });
});

describe("spec_settle_amounts reads a case input strictly: one line naming the field and value", () => {
  const base = cases.find((c) => c.name === "power_cap_two_900_100@v0.2.14")!.input;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- edits reach into any field of the case input
  type I = { [k: string]: any };
  const refusals: [string, (i: I) => void, string][] = [
    ["a missing field", (i) => delete i.epoch, 'input: missing field "epoch"'],
    ["an unknown field", (i) => (i.extra = 1), 'input: unknown field "extra" (expected one of version, epoch,'],
    ["an int64 out of range", (i) => (i.participants[0].coinBalance = 2n ** 63n), "input.participants[0].coinBalance: must be at most 9223372036854775807, got 9223372036854775808"],
    ["a negative uint64", (i) => (i.epoch = -1n), "input.epoch: must be at least 0, got -1"],
    ["a version the port holds no settlement for", (i) => (i.version = "v0.2.17"), 'input.version: expected one of v0.2.10, v0.2.11, v0.2.12, v0.2.13, v0.2.14, v0.2.15, v0.2.16, got "v0.2.17"'],
    ["an unknown status", (i) => (i.participants[1].status = "ACTIVEX"), 'input.participants[1].status: expected one of UNSPECIFIED, ACTIVE, INACTIVE, INVALID, RAMPING, UNCONFIRMED, got "ACTIVEX"'],
    ["a decimal exponent past the bound", (i) => (i.confirmationWeightScales[0].weightScaleFactor = { value: 1n, exponent: 5000 }), "input.confirmationWeightScales[0].weightScaleFactor.exponent: exponent 5000 is outside ±1000"],
    ["a decimal as text", (i) => (i.pocModelScales[0].weightScaleFactor = "1.0"), 'input.pocModelScales[0].weightScaleFactor: expected an object with fields value, exponent, got "1.0"'],
    ["a timeslot that is not a boolean", (i) => (i.subgroups[0].validationWeights[0].mlNodes[0].timeslotAllocation = [1]), "input.subgroups[0].validationWeights[0].mlNodes[0].timeslotAllocation[0]: expected true or false, got 1"],
    ["an integer as a string", (i) => (i.bitcoinRewardParams.genesisEpoch = "0"), 'input.bitcoinRewardParams.genesisEpoch: expected a JSON integer, got the string "0"'],
    ["a nested unknown field", (i) => (i.settleParameters.cap = 0n), 'input.settleParameters: unknown field "cap"'],
  ];
  for (const [what, edit, message] of refusals) {
    it(what, () => {
      const i = structuredClone(base) as I;
      edit(i);
      const line = refusal(() => SUITES[SETTLE_AMOUNTS_SUITE]!.run(i as Json, what)); // an InputError's message
      expect(line.split("\n")).toHaveLength(1);
      expect(line.startsWith(message), line).toBe(true);
    });
  }
  it("the unedited input settles", () => {
    expect(Object.keys(SUITES[SETTLE_AMOUNTS_SUITE]!.run(structuredClone(base), "unedited") as object)).toEqual(["participants", "amount", "governanceAmount", "epochNumber", "decayApplied"]);
  });
});
