/**
 * The gonka-mainnet upgrade table: the block at which each release's rules began, each row quoting the
 * chain's own announcement (github:gonka-ai/gonka-docs, docs/network-updates.md; docs/versions.md has
 * every quote with its line). An upgrade applied at block U runs its handler in U's PreBlock, so block U
 * runs the new rules.
 *
 * `versionForHeight` picks, in order: the --chain-version flag, a version recorded with the state (the
 * node's applied upgrade plans, or one written into a snapshot file), the table; then the rule family
 * checks that it holds that version's rules exactly (rule-families.ts).
 */
import { InputError, describeValue } from "../errors.js";
import { groupDigits } from "../format/numbers.js";
import { CHAIN_VERSIONS, parseChainVersion, type ChainVersion, type VersionChoice, type VersionSource } from "./chain-version.js";
import { checkFamilyFrontier, type RuleFamily } from "./rule-families.js";

export const MAINNET_CHAIN_ID = "gonka-mainnet";

/** The gonka-docs commit every quote below is read at. */
export const NETWORK_UPDATES_COMMIT = "570482bc";

export interface UpgradeRow {
  version: ChainVersion;
  /** The upgrade plan name the chain registers (inference-chain/app/upgrades/v0_2_N/constants.go). */
  plan: string;
  /** The first block of the version's rules (for a release not known to have run: the first block it may have). */
  height: bigint;
  /** "executed": the record says it ran at that block (every row: a release not known to have run has no row). */
  status: "executed";
  /** The governance proposal id, where the record gives it. */
  proposal: number | null;
  /** The announcement's own words, verbatim (docs/network-updates.md at NETWORK_UPDATES_COMMIT, or the record named in `source`). */
  quote: string;
  /** Where the quote is. */
  source: string;
}

/** gonka-mainnet releases, oldest first: every row of CHAIN_VERSIONS that ran on mainnet (v0.2.17 is named, not run). */
export const MAINNET_UPGRADES: readonly UpgradeRow[] = [
  {
    version: "v0.2.8",
    plan: "v0.2.8",
    height: 2_387_000n,
    status: "executed",
    proposal: null,
    quote: "- Upgrade height: block 2387000",
    source: "docs/network-updates.md line 3776 (January 28, 2026); executed: line 3556 \"UPGRADE EXECUTED: v0.2.8 is Now Live on Mainnet\" (January 29, 2026)",
  },
  {
    version: "v0.2.9",
    plan: "v0.2.9",
    height: 2_451_000n,
    status: "executed",
    proposal: null,
    quote: "The proposal has been APPROVED, and the upgrade was successfully executed on the mainnet at block 2451000.",
    source: "docs/network-updates.md line 3359 (February 1, 2026)",
  },
  {
    version: "v0.2.10",
    plan: "v0.2.10",
    height: 2_712_600n,
    status: "executed",
    proposal: null,
    quote: "- Upgrade height: 2712600",
    source: "docs/network-updates.md line 3082 (February 17, 2026); executed: line 2922 \"UPGRADE EXECUTED: v0.2.10 is now live on mainnet\" (February 18, 2026)",
  },
  {
    version: "v0.2.11",
    plan: "v0.2.11",
    height: 3_186_100n,
    status: "executed",
    proposal: 31,
    quote: "- Upgrade height: 3186100",
    source: "docs/network-updates.md line 2384 (March 19, 2026); executed: line 2355 \"UPGRADE EXECUTED: v0.2.11 is now live on mainnet\" (March 20, 2026)",
  },
  {
    version: "v0.2.12",
    plan: "v0.2.12",
    height: 3_834_200n,
    status: "executed",
    proposal: null,
    quote: "- Upgrade height: 3834200",
    source: "docs/network-updates.md line 2095 (April 29, 2026); executed: line 2059 \"UPGRADE EXECUTED: v0.2.12 is now live on mainnet\" (April 30, 2026)",
  },
  {
    version: "v0.2.13",
    plan: "v0.2.13",
    height: 4_267_300n,
    status: "executed",
    proposal: 54,
    quote: "The proposal was APPROVED, and the upgrade was successfully executed on the mainnet at block `4267300`.",
    source: "docs/network-updates.md line 1409 (May 26, 2026; proposal id 54, line 1408)",
  },
  {
    version: "v0.2.14",
    plan: "v0.2.14",
    height: 5_195_700n,
    status: "executed",
    proposal: 89,
    quote: "The proposal was APPROVED, and the upgrade was successfully executed on the mainnet at block 5195700.",
    source: "docs/network-updates.md line 630 (July 23, 2026; proposal id 89, line 628)",
  },
  {
    version: "v0.2.15",
    plan: "v0.2.15",
    height: 5_316_315n,
    status: "executed",
    proposal: 92,
    quote: "The proposal was APPROVED, and the upgrade was successfully executed on the mainnet at block 5316315. The same proposal also approved the devshard v4 runtime, which now runs alongside the existing v3 runtime.",
    source: "docs/network-updates.md line 473 (July 30, 2026; proposal id 92, line 471)",
  },
  {
    version: "v0.2.16",
    plan: "v0.2.16",
    height: 6_449_400n,
    status: "executed",
    proposal: 112,
    quote: "At the v0.2.16 upgrade height (proposal #112, block 6,449,400) cosmovisor switched to the binary from the upgrade zip",
    source:
      "gonka-ai/gonka issue #1949 (2026-10-08, an operator's report of the switch; synced copy Daniil-Zotov/gonkadocs docs/community/issues/01949-… @73cbf946 line 33); " +
      "the plan: proposal 112's page (Daniil-Zotov/gonkadocs docs/proposals/proposals/2026-q4/112/index.md @ed84f98f lines 111-113, name \"v0.2.16\", height \"6449400\", binary release/v0.2.16-post1, metadata gonka-ai/gonka@136041c8); " +
      "gonka-docs docs/dashboard-maintainer-memo-v0.2.16-h100.md @4ffdf6fd line 3: \"Proposal 109 did not pass\" (its height 6,353,400 never ran)",
  },
];

const fmt = groupDigits;

/** What the record says after the newest row (a node's applied plans, recorded by `snapshot --node`, would show a later one). */
export const AFTER_NEWEST = "v0.2.17 exists only as branch code: no proposal for it is on record";

/** The table's version at `height` of gonka-mainnet, and why (one line). */
export function mainnetVersionAt(height: bigint): { version: ChainVersion; why: string } {
  const first = MAINNET_UPGRADES[0]!;
  if (height < first.height) {
    // named by what it is, not by a flag the user may not have given (the remedy names the flag)
    throw new InputError(`gonka-mainnet block ${fmt(height)} is before ${first.version} (block ${fmt(first.height)}), the oldest release the upgrade table names; the port's rules start at v0.2.10 (pass --chain-version vX.Y.Z to run one)`, "chain version");
  }
  let i = 0;
  while (i + 1 < MAINNET_UPGRADES.length && height >= MAINNET_UPGRADES[i + 1]!.height) i++;
  const row = MAINNET_UPGRADES[i]!;
  const next = MAINNET_UPGRADES[i + 1];
  const until = next === undefined ? `, the newest upgrade the record names (${AFTER_NEWEST})` : ` and before ${next.version} (block ${fmt(next.height)})`;
  return { version: row.version, why: `${fmt(height)} is at or after ${row.version} (block ${fmt(row.height)}${row.proposal !== null ? `, proposal ${row.proposal}` : ""})${until}` };
}

/** A version recorded with the state: the snapshot's `chainVersion` (from the node's applied plans, or written by hand). */
export interface RecordedVersion {
  /** The version, or null when the node's newest applied plan is not one the table names. */
  version: ChainVersion | null;
  source: Extract<VersionSource, "node" | "snapshot">;
  detail: string;
}

export interface VersionForHeightOptions {
  /** The calling rule family: the chosen version must be one whose rules it holds (rule-families.ts). */
  family?: RuleFamily;
  /** What the height is (for messages): "sampling height", "settlement height", … */
  heightName?: string;
}

/**
 * The chain version whose rules apply at `height` of `chainId`: `flag` (--chain-version) first, then a
 * version recorded with the state, then the mainnet table; checked against the family's frontier.
 * Anything it cannot place is an InputError naming --chain-version.
 */
export function versionForHeight(
  chainId: string,
  height: bigint,
  flag?: string,
  recorded?: RecordedVersion,
  options: VersionForHeightOptions = {},
): VersionChoice {
  const checked = (c: VersionChoice): VersionChoice => (options.family === undefined ? c : checkFamilyFrontier(options.family, c));
  if (flag !== undefined) {
    const version = parseChainVersion(flag);
    return checked({ version, source: "flag", detail: `--chain-version ${version}` });
  }
  if (recorded !== undefined) {
    if (recorded.version === null) {
      throw new InputError(`${recorded.detail}; the upgrade table names ${CHAIN_VERSIONS.join(", ")} only: pass --chain-version to run one of them anyway`, "chain version");
    }
    let detail = recorded.detail;
    if (chainId === MAINNET_CHAIN_ID && height >= MAINNET_UPGRADES[0]!.height) {
      // The table is only a cross-check here: the node's own plans (or the file's record) decide.
      const t = mainnetVersionAt(height);
      if (t.version !== recorded.version) detail += ` (the built-in mainnet table places ${t.version} at block ${fmt(height)})`;
      return checked({ version: recorded.version, source: recorded.source, detail, candidates: [t.version] });
    }
    return checked({ version: recorded.version, source: recorded.source, detail });
  }
  if (chainId !== MAINNET_CHAIN_ID) {
    throw new InputError(
      `chain id ${describeValue(chainId)} has no upgrade table (only ${MAINNET_CHAIN_ID}) and the state records no chain version: pass --chain-version vX.Y.Z (${CHAIN_VERSIONS.join(", ")})`,
      "chain version",
    );
  }
  const what = options.heightName ?? "height";
  const t = mainnetVersionAt(height);
  return checked({ version: t.version, source: "table", detail: `${MAINNET_CHAIN_ID} upgrade table: ${what === "height" ? "block" : what} ${t.why}`, candidates: [t.version] });
}
