/**
 * Which version settles an epoch: the flag, a recorded version, else the mainnet table; where the table
 * leaves two candidates, the epoch's own payouts decide whether they may be taken as one.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { sameSettlement, settlementVersion } from "../../src/settlement/settlement-version.js";
import { readGoFixture, toInput } from "../settlement/go-fixture.js";

const M = "gonka-mainnet";
const { cases } = readGoFixture("go-boundaries.json.gz");
const input = (name: string) => toInput(cases.find((c) => c.name === name)!.input);
/** Pays alike at every version (Go: 333,333 twice, remainder 333,334). */
const SAME = input("supply-cap paid 4000000 + 1000000 vs supply 5000000");
/** v0.2.13 pays MaxUint64, v0.2.14 MaxInt64 (Go). */
const V14_DIFFERS = input("reward-above-uint64: MaxInt64 weight, total wrapped to 1, reward 3");
/** v0.2.11 at epoch 199 (grace end 200) pays 500,000 twice, v0.2.12 400,000 twice (Go). */
const V12_DIFFERS = input("collateral-grace epoch 199, grace end 200");

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).path).toBe("--chain-version");
    return (e as Error).message;
  }
  throw new Error("expected an InputError");
}

describe("the settlement's chain version", () => {
  it("sameSettlement compares every participant's reward coins between two versions", () => {
    expect(sameSettlement(SAME, "v0.2.13", "v0.2.14")).toBe(true);
    expect(sameSettlement(SAME, "v0.2.10", "v0.2.14")).toBe(true);
    expect(sameSettlement(V14_DIFFERS, "v0.2.13", "v0.2.14")).toBe(false);
    expect(sameSettlement(V14_DIFFERS, "v0.2.12", "v0.2.13")).toBe(true);
    expect(sameSettlement(V12_DIFFERS, "v0.2.11", "v0.2.12")).toBe(false);
    expect(sameSettlement(V12_DIFFERS, "v0.2.10", "v0.2.11")).toBe(true);
  });

  it("the flag first, whatever the height; no height and nothing recorded is refused", () => {
    expect(settlementVersion("v0.2.12", 4_300_000n, M, V14_DIFFERS)).toEqual({ version: "v0.2.12", source: "flag", detail: "--chain-version v0.2.12" });
    expect(settlementVersion("0.2.11", null, M, V14_DIFFERS)).toMatchObject({ version: "v0.2.11", source: "flag" });
    expect(refusal(() => settlementVersion(undefined, null, M, SAME))).toBe("--chain-version: the settlement height is unknown, so the upgrade table cannot place it: pass --chain-version vX.Y.Z");
  });

  it("a recorded version without a height still runs (the table is not needed)", () => {
    const c = settlementVersion(undefined, null, "gonka-testnet", SAME, { version: "v0.2.13", source: "node", detail: "applied plan v0.2.13" });
    expect(c).toEqual({ version: "v0.2.13", source: "node", detail: "applied plan v0.2.13" });
  });

  it("two candidates that pay this epoch alike: the oldest, saying why; that pay it differently: refused, naming both", () => {
    const same = settlementVersion(undefined, 4_300_000n, M, SAME);
    expect(same.version).toBe("v0.2.13");
    expect(same.source).toBe("table");
    expect(same.candidates).toEqual(["v0.2.13", "v0.2.14"]);
    expect(same.detail).toMatch(/; this epoch's settlement is the same under v0\.2\.13 and v0\.2\.14$/);
    expect(refusal(() => settlementVersion(undefined, 4_300_000n, M, V14_DIFFERS))).toMatch(/^--chain-version: gonka-mainnet settlement height 4,300,000: .*, and this epoch's settlement differ between v0\.2\.13 and v0\.2\.14: pass --chain-version v0\.2\.13 or v0\.2\.14$/);
    expect(settlementVersion(undefined, 3_835_000n, M, V14_DIFFERS).version).toBe("v0.2.11");
    expect(refusal(() => settlementVersion(undefined, 3_835_000n, M, V12_DIFFERS))).toMatch(/differ between v0\.2\.11 and v0\.2\.12: pass --chain-version v0\.2\.11 or v0\.2\.12$/);
    // one candidate: no comparison needed
    expect(settlementVersion(undefined, 4_000_000n, M, V14_DIFFERS)).toMatchObject({ version: "v0.2.12", source: "table", candidates: ["v0.2.12"] });
  });
});
