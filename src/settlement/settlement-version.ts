/** Which chain version's rules settled an epoch: the flag, else the upgrade-height table at the settlement height. */
import { InputError } from "../errors.js";
import { parseChainVersion, type VersionChoice } from "../versions/chain-version.js";

/**
 * The version for a settlement at `height` on `chainId`. `--chain-version` wins; otherwise the
 * height table decides (not yet built into this project: until it is, the flag is required).
 */
export function settlementVersion(flag: string | undefined, height: bigint | null, chainId: string): VersionChoice {
  if (flag !== undefined) {
    const version = parseChainVersion(flag);
    return { version, source: "flag", detail: `--chain-version ${version}` };
  }
  const at = height === null ? "an unknown settlement height" : `settlement height ${height}`;
  throw new InputError(`cannot tell the chain version for ${at} on ${chainId}: pass --chain-version vX.Y.Z (v0.2.10 … v0.2.14)`, "--chain-version");
}
