/**
 * What settlement paid each participant in epochs given by number, from saved REST answers
 * (`--rest-dump DIR…`: a dump, or a folder of epoch_N dumps): each wanted epoch the dumps hold is
 * settled with the port's settle, from its own dump directory, under the chain version in force at
 * its settlement (the mainnet upgrade table, or --chain-version).
 */
import { InputError } from "../errors.js";
import { dumpDirectories, readRestDump } from "../sources/rest-dump/read-rest-dump.js";
import { settlementFromDump } from "../sources/settlement-inputs.js";
import { settleAccounts } from "../settlement/settle-accounts.js";
import { settlementVersion } from "../settlement/settlement-version.js";
import type { SettledPayouts } from "./judge.js";

/** Settle the epochs of `wanted` that the dumps hold; every epoch the dumps hold is listed in `held`. */
export function settledPayoutsFromRestDumps(dirs: readonly string[], wanted: ReadonlySet<bigint>, versionFlag?: string): SettledPayouts {
  const out: SettledPayouts = { held: [], epochs: new Map() };
  for (const dir of dirs.flatMap(dumpDirectories)) {
    const dump = readRestDump(dir);
    // (each epoch is settled on its own; `held` is sorted once at the end)
    for (const epoch of dump.roots.keys()) {
      out.held.push(epoch);
      if (!wanted.has(epoch)) continue;
      if (out.epochs.has(epoch)) throw new InputError(`epoch ${epoch} is given twice`, dir);
      const rs = settlementFromDump(dump, dir, { epoch });
      let version;
      try {
        version = settlementVersion(versionFlag, rs.settlementHeight, rs.chainId).version;
      } catch (err) {
        if (err instanceof InputError) throw new InputError(`epoch ${epoch}: ${err.message}`, dir);
        throw err;
      }
      const s = settleAccounts(rs.input, version);
      // what the chain recorded paying (the performance summaries): the port's figure is shown against it, never for it
      const recorded = rs.recorded === null ? null : new Map([...rs.recorded].map(([a, r]) => [a, { reward: r.rewardedCoins, work: r.earnedCoins }]));
      out.epochs.set(epoch, { version, paid: new Map(s.participants.map((p) => [p.address, { reward: p.rewardCoins, work: p.workCoins }])), recorded });
    }
  }
  out.held.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return out;
}
