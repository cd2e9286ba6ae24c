/**
 * The miss test by chain version. Checked in the Go source at every version the port knows:
 * calculations/stats.go and stats_table.go, and keeper getDynamicP0, decimalToPermilleCeil and
 * CheckAndPunishForDowntime, are byte-identical at bb2de824 (v0.2.10), bd1fd508 (v0.2.11),
 * d8b8e907 (v0.2.12), 17808620 (v0.2.13), 85835b31 and ee730031 (v0.2.14). What differs between
 * versions is only which upgrade handler writes a punishment grace epoch (p0 0.5 for the epoch in
 * which the upgrade ran) and v0.2.11 forcing claim validation off; v0.2.14 applies delegation
 * penalties and transfers after the test (src/settlement), the test itself is unchanged.
 */
import type { ChainDecimal } from "../go/chain-decimal.js";
import type { ChainVersion } from "../versions/chain-version.js";
import { MAINNET_UPGRADES } from "../versions/upgrade-table.js";

/** A grace epoch an upgrade handler writes for the effective epoch at its height. */
export interface GraceEpochWriter {
  version: ChainVersion;
  binomTestP0: ChainDecimal;
  upgradeProtectionWindow: bigint;
  /** The Go function and file that writes it. */
  source: string;
}

/** The upgrades that write a punishment grace epoch (none other does, up to v0.2.14). */
export const GRACE_EPOCH_WRITERS: readonly GraceEpochWriter[] = [
  { version: "v0.2.10", binomTestP0: { value: 5n, exponent: -1 }, upgradeProtectionWindow: 3000n, source: "v0_2_10.addPunishmentGraceEpoch (app/upgrades/v0_2_10/upgrades.go@bb2de824)" },
  { version: "v0.2.13", binomTestP0: { value: 5n, exponent: -1 }, upgradeProtectionWindow: 10000n, source: "v0_2_13.disableConfirmationPocForUpgradeEpoch (app/upgrades/v0_2_13/upgrades.go@17808620)" },
];

/** Whether `version`'s own upgrade handler wrote a grace epoch (for the epoch it ran in). */
export function upgradeWritesGraceEpoch(version: ChainVersion): GraceEpochWriter | null {
  return GRACE_EPOCH_WRITERS.find((g) => g.version === version) ?? null;
}

/** The miss test and p0 selection are the same rules at every known version (see the header). */
export function missTestRulesEqual(_a: ChainVersion, _b: ChainVersion): boolean {
  return true;
}

/**
 * The punishment grace epoch a gonka-mainnet upgrade handler wrote for the epoch effective from
 * `effectiveHeight` to `lastHeight` (inclusive): the writer whose upgrade block falls in that span (its
 * handler writes the entry for the effective epoch at its height), from the exact upgrade table.
 */
export function mainnetUpgradeGraceEpoch(effectiveHeight: bigint, lastHeight: bigint): (GraceEpochWriter & { height: bigint }) | null {
  for (const w of GRACE_EPOCH_WRITERS) {
    const row = MAINNET_UPGRADES.find((r) => r.version === w.version && r.status === "executed");
    if (row !== undefined && effectiveHeight <= row.height && row.height <= lastHeight) return { ...w, height: row.height };
  }
  return null;
}
