/** A gonka-spec snapshot built from a REST dump: the settlement slice, the chain's recorded outcome, and what the dump lacks. */
import { SNAPSHOT_SCHEMA, SNAPSHOT_VERSION, type Snapshot } from "../snapshot/snapshot.js";
import { settlementInputToJson } from "../settlement/settlement-input.js";
import { readRestDump } from "./read-rest-dump.js";
import { settlementFromRestDump, type DumpGap, type RestSettlementOptions } from "./settlement-from-rest.js";

export interface RestSnapshotOptions extends RestSettlementOptions {
  /** The dump does not say which chain it came from (default gonka-mainnet, named as an assumption). */
  chainId?: string;
}

export interface RestSnapshot {
  snapshot: Snapshot;
  gaps: DumpGap[];
}

/** Build a snapshot (schema v1) from the REST answers in `dir`: `settlement` filled, `preserved` empty (the dump lacks its inputs). */
export function snapshotFromRestDump(dir: string, options: RestSnapshotOptions = {}): RestSnapshot {
  const dump = readRestDump(dir);
  const rs = settlementFromRestDump(dump, options);
  const gaps: DumpGap[] = [...rs.gaps];
  if (options.chainId === undefined) gaps.push({ input: "the chain id", assumption: "gonka-mainnet (a REST dump does not record it)", flag: "--chain-id ID", rowsAffected: 0 });
  gaps.push({
    input: "the preserved-set input (x/group live members, the previous epoch's summaries, the stored preserved snapshot's state)",
    assumption: "not built from a REST dump: the snapshot's preserved slice is empty, so preserved, check and verify need a snapshot from a node",
    rowsAffected: 0,
  });
  const height = rs.heights.settlementEstimate ?? rs.heights.lastBlock ?? 0n;
  const outcome: Record<string, { rewardedCoins: string; earnedCoins: string }> = {};
  for (const [a, o] of rs.recorded) outcome[a] = { rewardedCoins: o.rewardedCoins.toString(), earnedCoins: o.earnedCoins.toString() };
  const snapshot: Snapshot = {
    schema: SNAPSHOT_SCHEMA,
    version: SNAPSHOT_VERSION,
    chainId: options.chainId ?? "gonka-mainnet",
    height: height.toString(),
    source: "rest-dump",
    preserved: {},
    settlement: settlementInputToJson(rs.input, { settlementHeight: rs.heights.settlementEstimate, assumptions: gaps }),
    chain: {
      settlementEpoch: rs.input.epoch.toString(),
      settlementHeight: rs.heights.settlementEstimate === null ? null : rs.heights.settlementEstimate.toString(),
      settlementOutcome: outcome,
      restDump: { files: dump.files.map((f) => ({ file: f.file, kind: f.kind })) },
      warnings: gaps.map((g) => `${g.input}: ${g.assumption}`),
    },
  };
  return { snapshot, gaps };
}
