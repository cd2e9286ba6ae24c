/** `gonka-spec --version --json` (gonka-spec/version@1): the package version and, per rule family, the chain versions whose rules it holds exactly. */
import { CHAIN_VERSIONS, atLeast } from "../versions/chain-version.js";
import { FAMILY_COVERAGE, familyKnows, familyVersions } from "../versions/rule-families.js";
import { AFTER_NEWEST, MAINNET_UPGRADES } from "../versions/upgrade-table.js";

/** The document's body. */
export function versionDocument(packageVersion: string): object {
  return {
    version: packageVersion,
    chainVersions: CHAIN_VERSIONS.filter((v) => Object.values(FAMILY_COVERAGE).some((c) => familyKnows(c.family, v))),
    ruleFamilies: Object.values(FAMILY_COVERAGE).map((c) => {
      const next = CHAIN_VERSIONS.find((v) => !atLeast(c.newest, v));
      return {
        family: c.family,
        first: c.first,
        newestExact: c.newest,
        versions: familyVersions(c.family),
        doubts: [...c.doubts],
        refused: next === undefined ? null : { version: next, unknown: c.unknownNext },
      };
    }),
    upgradeTable: MAINNET_UPGRADES.map((r) => ({ version: r.version, height: r.height.toString(), status: r.status, proposal: r.proposal })),
    afterNewestUpgrade: AFTER_NEWEST,
  };
}
