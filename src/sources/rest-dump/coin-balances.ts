/** --coin-balances against the participants of the epoch settled: what a balance file names beside them. */
import { InputError } from "../../errors.js";
import type { DumpGap } from "./dump-gap.js";

/**
 * Balances of addresses that settle nothing in `epoch`: when none of the file's addresses is a
 * participant, the file is another epoch's or chain's (refused, naming them); otherwise the strays are
 * balances this settlement does not use, each named in a warning (printed in every output).
 */
export function strayCoinBalances(balances: ReadonlyMap<string, bigint>, participants: ReadonlyMap<string, unknown>, epoch: bigint): DumpGap[] {
  if (balances.size === 0) return [];
  const stray = [...balances.keys()].filter((a) => !participants.has(a));
  const names = (xs: string[]): string => (xs.length > 5 ? `${xs.slice(0, 5).join(", ")} and ${xs.length - 5} more` : xs.join(", "));
  if (stray.length === balances.size) {
    throw new InputError(`none of its ${stray.length} addresses is a participant of epoch ${epoch} (${names(stray)}): a balance file of another epoch or chain?`, "--coin-balances");
  }
  if (stray.length === 0) return [];
  const line = `--coin-balances: ${stray.length} of its ${balances.size} addresses ${stray.length === 1 ? "is not a participant" : "are not participants"} of epoch ${epoch} (${names(stray)}): their balances are not read`;
  return [{ input: "--coin-balances", assumption: line.slice("--coin-balances: ".length), rowsAffected: 0, uses: ["settle"], warning: true, brief: line }];
}
