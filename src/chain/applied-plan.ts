/**
 * The chain version in force at a height, from the node itself: the upgrade module's applied plans
 * (`/cosmos.upgrade.v1beta1.Query/AppliedPlan`, one query per known plan name, pinned to the height).
 * A plan applied at block U runs its handler in U's PreBlock, so the rules of block U onward are the new
 * version's: the version at H is the newest plan applied at a height ≤ H.
 */
import { CHAIN_VERSIONS, type ChainVersion, type VersionChoice } from "../versions/chain-version.js";
import type { PinnedReader } from "./client.js";
import { appliedPlan } from "./queries.js";

/**
 * Upgrade plan names the chain registers, oldest first: the `UpgradeName` constants of
 * inference-chain/app/upgrades/v0_2_2 … v0_2_14 (constants.go@ee730031), v0_2_15 (zpoken/gonka@89ff8bdb)
 * v0_2_16 (zpoken/gonka@86cff503) and v0_2_17 (gonka-ai/gonka branch code: named so a node that applied it
 * is refused by name). Each name is the version.
 */
export const UPGRADE_PLAN_NAMES = [
  "v0.2.2",
  "v0.2.3",
  "v0.2.4",
  "v0.2.5",
  "v0.2.6",
  "v0.2.7",
  "v0.2.8",
  "v0.2.9",
  "v0.2.10",
  "v0.2.11",
  "v0.2.12",
  "v0.2.13",
  "v0.2.14",
  "v0.2.15",
  "v0.2.16",
  "v0.2.17",
] as const;

export interface AppliedUpgrade {
  name: string;
  /** Block the plan was applied at. */
  height: bigint;
}

/** What the node says: the version in force and every applied plan (absent = not applied by then). */
export interface NodeChainVersion extends Omit<VersionChoice, "version"> {
  /** The version in force, or null when it is not one the port has rules for (detail says which). */
  version: ChainVersion | null;
  /** The newest applied plan's name (may be older than any version the port knows). */
  plan: string | null;
  /** Every known plan applied by this height, in upgrade order. */
  upgrades: AppliedUpgrade[];
}

/** The version in force at `height` from the applied plans' heights (0 = not applied). */
export function versionFromAppliedPlans(applied: ReadonlyMap<string, bigint>, height: bigint): NodeChainVersion {
  const upgrades: AppliedUpgrade[] = [];
  for (const name of UPGRADE_PLAN_NAMES) {
    const h = applied.get(name) ?? 0n;
    if (h > 0n && h <= height) upgrades.push({ name, height: h });
  }
  // Plans apply in order; the newest by height (then by name order) is in force.
  let newest: AppliedUpgrade | undefined;
  for (const u of upgrades) if (!newest || u.height >= newest.height) newest = u;
  if (!newest) {
    return { version: null, source: "node", plan: null, upgrades, detail: `no known upgrade plan (${UPGRADE_PLAN_NAMES[0]} … ${UPGRADE_PLAN_NAMES.at(-1)}) was applied by block ${height}` };
  }
  const known = (CHAIN_VERSIONS as readonly string[]).includes(newest.name) ? (newest.name as ChainVersion) : null;
  const at = `upgrade plan "${newest.name}" applied at block ${newest.height} (cosmos.upgrade AppliedPlan at height ${height})`;
  return {
    version: known,
    source: "node",
    plan: newest.name,
    upgrades,
    detail: known ? at : `${at}: older than the oldest release the upgrade table names (${CHAIN_VERSIONS[0]})`,
  };
}

/** Ask the node, at the reader's height, for every known plan; the version in force there. */
export async function readChainVersion(r: PinnedReader): Promise<NodeChainVersion> {
  const heights = await Promise.all(UPGRADE_PLAN_NAMES.map(async (n) => [n, await appliedPlan(r, n)] as const));
  return versionFromAppliedPlans(new Map(heights), BigInt(r.height));
}
