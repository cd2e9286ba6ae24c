/** The preserved state's node and weight records, shared by the reader (state.ts) and its checks (state-checks.ts). */
export type { ChainDecimal } from "../go/chain-decimal.js";

/** MLNodeInfo (the fields the sampler reads). */
export interface MLNodeInfo {
  nodeId: string;
  pocWeight: bigint;
  throughput: bigint;
  timeslotAllocation: boolean[];
}

/** ValidationWeight of an EpochGroupData (root: `weight`; subgroups: `votingPower`, `mlNodes`). */
export interface ValidationWeight {
  memberAddress: string;
  weight: bigint;
  votingPower: bigint;
  /** `null` entries are nil pointers, which Go's dedup drops. */
  mlNodes: (MLNodeInfo | null)[];
}

export interface SubGroupState {
  /** Live x/group members of the subgroup; `null` = nil set = no filtering. */
  liveMembers: Set<string> | null;
  validationWeights: ValidationWeight[];
  /**
   * How many entries were `null` (nil `*ValidationWeight`; lenient parsing only, and left out of
   * `validationWeights`). Go dereferences every entry of a group it reads, so reading one panics.
   */
  nilEntries?: number;
}
