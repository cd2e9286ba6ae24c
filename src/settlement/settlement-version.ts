/** Which chain version's rules settled an epoch: the flag, a recorded version, else the mainnet upgrade table at the settlement height. */
import { InputError } from "../errors.js";
import type { ChainVersion, VersionChoice } from "../versions/chain-version.js";
import { versionForHeight, type RecordedVersion } from "../versions/upgrade-table.js";
import { settleAccounts } from "./settle-accounts.js";
import type { SettlementInput } from "./settlement-types.js";

/** True when settling `input` under `a` and `b` pays every participant the same coins and leaves the same remainder. */
export function sameSettlement(input: SettlementInput, a: ChainVersion, b: ChainVersion): boolean {
  const x = settleAccounts(input, a);
  const y = settleAccounts(input, b);
  if (x.remainder !== y.remainder) return false;
  return x.participants.every((p, i) => p.rewardCoins === y.participants[i]!.rewardCoins && p.workCoins === y.participants[i]!.workCoins);
}

/**
 * The version for the settlement of `input` at `height` on `chainId`: --chain-version, else the
 * recorded version, else the mainnet table. Where the table leaves several candidates, they are
 * accepted only when they settle this epoch identically (the oldest is named); otherwise an error
 * asks for --chain-version.
 */
export function settlementVersion(flag: string | undefined, height: bigint | null, chainId: string, input: SettlementInput, recorded?: RecordedVersion): VersionChoice {
  if (flag === undefined && recorded === undefined && height === null) {
    throw new InputError("the settlement height is unknown, so the upgrade table cannot place it: pass --chain-version vX.Y.Z", "--chain-version");
  }
  return versionForHeight(chainId, height ?? 0n, flag, recorded, {
    equivalent: (a, b) => sameSettlement(input, a, b),
    family: "this epoch's settlement",
    heightName: "settlement height",
  });
}
