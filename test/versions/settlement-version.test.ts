/**
 * Which version settles an epoch: the flag, a recorded version, else the mainnet table (one version per
 * block); a height where the table places a version the settlement family cannot pin is refused.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { settlementVersion } from "../../src/settlement/settlement-version.js";

const M = "gonka-mainnet";

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
  it("the flag first, whatever the height; no height and nothing recorded is refused", () => {
    expect(settlementVersion("v0.2.12", 4_300_000n, M)).toEqual({ version: "v0.2.12", source: "flag", detail: "--chain-version v0.2.12" });
    expect(settlementVersion("0.2.11", null, M)).toMatchObject({ version: "v0.2.11", source: "flag" });
    expect(refusal(() => settlementVersion(undefined, null, M))).toBe("--chain-version: the settlement height is unknown, so the upgrade table cannot place it: pass --chain-version vX.Y.Z");
  });

  it("a recorded version without a height still runs (the table is not needed)", () => {
    const c = settlementVersion(undefined, null, "gonka-testnet", { version: "v0.2.13", source: "node", detail: "applied plan v0.2.13" });
    expect(c).toEqual({ version: "v0.2.13", source: "node", detail: "applied plan v0.2.13" });
  });

  it("the table places one version at each settlement height, the upgrade block itself on the new side", () => {
    expect(settlementVersion(undefined, 3_834_199n, M)).toMatchObject({ version: "v0.2.11", source: "table", candidates: ["v0.2.11"] });
    expect(settlementVersion(undefined, 3_834_200n, M)).toMatchObject({ version: "v0.2.12", source: "table", candidates: ["v0.2.12"] });
    expect(settlementVersion(undefined, 4_300_000n, M).detail).toBe("gonka-mainnet upgrade table: settlement height 4,300,000 is at or after v0.2.13 (block 4,267,300, proposal 54) and before v0.2.14 (block 5,195,700)");
    expect(settlementVersion(undefined, 5_316_315n, M)).toMatchObject({ version: "v0.2.15", candidates: ["v0.2.15"] });
  });

  it("from v0.2.16's first block (6,449,400, proposal 112): refused in one line naming the version, what is unknown and the override", () => {
    const m = refusal(() => settlementVersion(undefined, 6_449_400n, M));
    expect(m).toMatch(/^--chain-version: v0\.2\.16 \(gonka-mainnet upgrade table: settlement height 6,449,400 /);
    expect(m).toMatch(/no exact rules for epoch settlement \(SettleAccounts\) at v0\.2\.16: .*#1566/);
    expect(m).toMatch(/pass --chain-version v0\.2\.15 to run v0\.2\.15's rules at your own risk$/);
    expect(m).not.toContain("\n");
    expect(settlementVersion(undefined, 6_449_399n, M).version).toBe("v0.2.15");
  });
});
