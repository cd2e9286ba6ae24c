/** Which chain version's rules settled an epoch: the flag, a recorded version, else the mainnet upgrade table at the settlement height. */
import { InputError } from "../errors.js";
import type { VersionChoice } from "../versions/chain-version.js";
import { versionForHeight, type RecordedVersion } from "../versions/upgrade-table.js";

/**
 * The version for the settlement at `height` on `chainId`: --chain-version, else the recorded version,
 * else the mainnet table; a version whose settlement the port cannot pin is refused (rule-families.ts).
 */
export function settlementVersion(flag: string | undefined, height: bigint | null, chainId: string, recorded?: RecordedVersion): VersionChoice {
  if (flag === undefined && recorded === undefined && height === null) {
    throw new InputError("the settlement height is unknown, so the upgrade table cannot place it: pass --chain-version vX.Y.Z", "--chain-version");
  }
  return versionForHeight(chainId, height ?? 0n, flag, recorded, { family: "settlement", heightName: "settlement height" });
}
