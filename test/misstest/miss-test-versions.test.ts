/** Which upgrades write a punishment grace epoch, and that the miss test itself is one rule at every version. */
import { describe, expect, it } from "vitest";
import { GRACE_EPOCH_WRITERS, mainnetUpgradeGraceEpoch, missTestRulesEqual, upgradeWritesGraceEpoch } from "../../src/misstest/miss-test-versions.js";
import { CHAIN_VERSIONS } from "../../src/versions/chain-version.js";

describe("the miss test by chain version", () => {
  it("v0.2.10 (window 3,000) and v0.2.13 (window 10,000) write a grace epoch of p0 0.5; no other version does", () => {
    expect(upgradeWritesGraceEpoch("v0.2.10")).toMatchObject({ version: "v0.2.10", binomTestP0: { value: 5n, exponent: -1 }, upgradeProtectionWindow: 3000n });
    expect(upgradeWritesGraceEpoch("v0.2.13")).toMatchObject({ version: "v0.2.13", binomTestP0: { value: 5n, exponent: -1 }, upgradeProtectionWindow: 10000n });
    for (const v of ["v0.2.11", "v0.2.12", "v0.2.14"] as const) expect(upgradeWritesGraceEpoch(v)).toBeNull();
    expect(GRACE_EPOCH_WRITERS.map((g) => g.source)).toEqual([expect.stringMatching(/addPunishmentGraceEpoch .*@bb2de824/), expect.stringMatching(/disableConfirmationPocForUpgradeEpoch .*@17808620/)]);
  });

  it("the test and the p0 choice are the same at every pair of versions", () => {
    for (const a of CHAIN_VERSIONS) for (const b of CHAIN_VERSIONS) expect(missTestRulesEqual(a, b)).toBe(true);
  });

  it("on mainnet, the epoch whose blocks hold v0.2.10's or v0.2.13's upgrade block gets its grace epoch, both ends included", () => {
    const v10 = { version: "v0.2.10", binomTestP0: { value: 5n, exponent: -1 }, upgradeProtectionWindow: 3000n, height: 2_712_600n };
    expect(mainnetUpgradeGraceEpoch(2_700_000n, 2_720_000n)).toMatchObject(v10);
    expect(mainnetUpgradeGraceEpoch(2_712_600n, 2_720_000n)).toMatchObject(v10);
    expect(mainnetUpgradeGraceEpoch(2_700_000n, 2_712_600n)).toMatchObject(v10);
    expect(mainnetUpgradeGraceEpoch(2_712_601n, 2_720_000n)).toBeNull();
    expect(mainnetUpgradeGraceEpoch(2_700_000n, 2_712_599n)).toBeNull();
    expect(mainnetUpgradeGraceEpoch(4_260_000n, 4_270_000n)).toMatchObject({ version: "v0.2.13", upgradeProtectionWindow: 10000n, height: 4_267_300n });
    // v0.2.11, v0.2.12, v0.2.14 and v0.2.15 wrote none
    for (const [from, to] of [[3_180_000n, 3_190_000n], [3_830_000n, 3_840_000n], [5_190_000n, 5_320_000n]] as const) expect(mainnetUpgradeGraceEpoch(from, to)).toBeNull();
  });
});
