/**
 * The miss test's epoch input of a source: what settlement's downtime step reads for one epoch (the
 * participants' request counts, the governance p0, a grace epoch). A REST dump's comes straight from
 * its typed settlement input; a snapshot's from its settlement slice (the shape of an epoch file).
 */
import { InputError } from "../errors.js";
import { parseEpochInput, type EpochInput } from "../misstest/epoch-input.js";
import type { SettlementInput } from "../settlement/settlement-types.js";
import { checkedUint64 } from "../go/int64.js";
import { isJsonObject } from "../json-input.js";
import type { VersionChoice } from "../versions/chain-version.js";
import { recordedVersion } from "../versions/resolve.js";
import { versionForHeight } from "../versions/upgrade-table.js";
import type { Source } from "./source.js";

/** The miss test's view of a settlement input: the same epoch, p0 sources and participants, no reward weights. */
export function epochInputOfSettlement(input: SettlementInput): EpochInput {
  return {
    epoch: input.epoch,
    validationParams: input.validationParams === null ? null : { binomTestP0: input.validationParams.binomTestP0 },
    graceEpoch: input.graceEpoch === null ? null : { binomTestP0: input.graceEpoch.binomTestP0 },
    participants: input.participants.map((p) => ({ address: p.address, currentEpochStats: p.currentEpochStats })),
    rewards: null,
  };
}

/** The epoch input of `source` (its settled epoch). */
export function missTestEpochOf(source: Source): EpochInput {
  const rs = source.rest?.settlement;
  if (rs) return epochInputOfSettlement(rs.input);
  const slice = source.snapshot.settlement;
  if (slice === undefined) throw new InputError("the snapshot has no settlement slice", `${source.label}: settlement`);
  return parseEpochInput(slice, `${source.label}: settlement`);
}

/**
 * The chain version whose miss test settled the source's epoch, checked against the family's frontier
 * (rule-families.ts): --chain-version, else the version recorded with the state, else the mainnet table
 * at the settlement height (a REST dump's estimate, a snapshot's recorded settlement height, else its height).
 */
export function missTestVersionOf(source: Source, flag: string | undefined): VersionChoice {
  const { snapshot } = source;
  const reward = snapshot.settlement?.reward;
  const recordedHeight = isJsonObject(reward) ? reward.settlementHeight : undefined;
  const height =
    source.rest?.settlement?.heights.settlementEstimate ??
    (recordedHeight === undefined || recordedHeight === null ? BigInt(snapshot.height) : checkedUint64(recordedHeight, `${source.label}: settlement.reward.settlementHeight`));
  return versionForHeight(snapshot.chainId, height, flag, flag === undefined ? recordedVersion(snapshot, source.label) : undefined, { family: "miss-test", heightName: "settlement height" });
}
