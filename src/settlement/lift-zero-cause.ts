/**
 * What a zeroed participant would have been paid without one cause: the same settlement
 * (settleAccounts, never a second implementation) re-run on the input with that one cause lifted,
 * or why lifting it means nothing (no weight to pay on, a network-wide cause).
 */
import { Decimal } from "../go/decimal.js";
import { UINT64_MAX } from "../go/int64.js";
import type { ChainVersion } from "../versions/chain-version.js";
import { settleAccounts, type Settlement } from "./settle-accounts.js";
import type { SettlementInput } from "./settlement-types.js";
import type { ZeroCauseCode } from "./zero-causes.js";

export type CauseLifted =
  | {
      /** The input change made, in words ("status ACTIVE", "missed 0 of 67: every request served", …). */
      lifted: string;
      /** The participant's reward coins in the re-run. */
      rewardCoins: bigint;
      /** The causes that still zero it in the re-run (empty when it is paid). */
      stillZeroBy: ZeroCauseCode[];
      /** The p0 of the re-run when lifting moved the network's miss share across a table (else null). */
      p0Changed: string | null;
      /** A cause still in the way rests on an assumed input (assumed-causes.ts): the lack, in words. */
      restsOn?: string;
    }
  | { notMeaningful: string }
  /** The cause rests on an input the source assumed: what lifting it would pay is not computable either (the lack, in words). */
  | { notComputable: string };

/** Why each cause that no change of this participant's own inputs can lift. */
const NOT_MEANINGFUL: Partial<Record<ZeroCauseCode, string>> = {
  "no-validation-weight": "the epoch has no weight for it at all: a payout would need a PoC weight the chain never measured",
  "zero-validation-weight": "its PoC weight is not positive: a payout would need a PoC weight the chain never measured",
  "node-total-zero": "a payout would need its nodes in a model subgroup with a positive confirmation scale, which the epoch does not record",
  "power-cap": "the power cap is a share of the whole network's weight, not an input of this participant",
  rounding: "nothing is in the way but the size of its weight",
  "no-fixed-reward": "the epoch has no fixed reward for anyone",
  "supply-cap": "the subsidy supply cap applies to everyone",
};

/** The input with `code` lifted for `address`, and the change in words; a string when lifting is not meaningful. */
export function liftCause(input: SettlementInput, address: string, code: ZeroCauseCode): { input: SettlementInput; lifted: string } | string {
  const no = NOT_MEANINGFUL[code];
  if (no !== undefined) return no;
  switch (code) {
    case "excluded":
    case "inactive":
      return {
        input: { ...input, participants: input.participants.map((p) => (p.address === address ? { ...p, status: "ACTIVE" } : p)), exclusions: input.exclusions.filter((e) => e.address !== address) },
        lifted: "status ACTIVE (not excluded)",
      };
    case "confirmation-weight-zero":
    case "confirmation-rescale-zero":
      return {
        input: { ...input, validationWeights: input.validationWeights.map((v) => (v.memberAddress === address ? { ...v, confirmationWeight: v.weight } : v)) },
        lifted: "confirmation weight = its PoC weight (the confirmation PoC confirmed everything)",
      };
    case "failed-miss-test":
      return {
        input: {
          ...input,
          participants: input.participants.map((p) => {
            if (p.address !== address || p.currentEpochStats === null) return p;
            const served = p.currentEpochStats.inferenceCount + p.currentEpochStats.missedRequests;
            return { ...p, currentEpochStats: { inferenceCount: served > UINT64_MAX ? UINT64_MAX : served, missedRequests: 0n } };
          }),
        },
        lifted: "every assigned request served (missed 0)",
      };
    case "delegation":
      return {
        input: { ...input, delegationRewardPenalties: input.delegationRewardPenalties.filter((d) => d.participant !== address), delegationRewardTransfers: input.delegationRewardTransfers.filter((t) => t.from !== address) },
        lifted: "no delegation penalty or outgoing transfer",
      };
    case "negative-balance":
      return { input: { ...input, participants: input.participants.map((p) => (p.address === address && p.coinBalance < 0n ? { ...p, coinBalance: 0n } : p)) }, lifted: "coin balance 0 (no debt)" };
  }
  return `no lift is defined for ${code}`;
}

/**
 * Re-run settlement on `version` with the causes `codes` lifted together for `address` (one code: that
 * cause alone); `settled` is the original run (for the p0). Not meaningful when any code cannot be lifted.
 */
export function coinsWithoutCauses(input: SettlementInput, version: ChainVersion, settled: Settlement, address: string, codes: readonly ZeroCauseCode[]): CauseLifted {
  let cur = input;
  const words: string[] = [];
  for (const code of codes) {
    const l = liftCause(cur, address, code);
    if (typeof l === "string") return { notMeaningful: l };
    cur = l.input;
    if (!words.includes(l.lifted)) words.push(l.lifted); // two causes may lift the same input
  }
  const s = settleAccounts(cur, version, { explainOnly: address });
  const p = s.participants.find((x) => x.address === address);
  const before = settled.dynamicP0.p0;
  const after = s.dynamicP0.p0;
  const p0Changed = before.value === after.value && before.exponent === after.exponent ? null : Decimal.fromChain(after).toString();
  return { lifted: words.join(", "), rewardCoins: p?.rewardCoins ?? 0n, stillZeroBy: (p?.zeroCauses ?? []).map((c) => c.code).filter((c) => !codes.includes(c)), p0Changed };
}
