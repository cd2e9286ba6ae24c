/**
 * What the comparison needs from each rule family, as one small interface. The comparison itself is
 * pure over this interface: `defaultEngines()` (src/compare/default-engines.ts) wires the project's
 * real rule functions; tests may pass their own to pin down one behaviour at a time.
 */
import type { Decimal } from "../go/decimal.js";
import type { Json } from "../go/json.js";
import type { PreservedState } from "../preserved/state.js";
import type { MissTestSide, SimulationSide } from "./model.js";
import type { PreservedRuleName } from "./params.js";

/** Demand figures after validation: peak in-flight requests per model. */
export interface DemandFigures {
  peakInFlight: ReadonlyMap<string, bigint>;
}

/** How one proposal runs the preserved-set rule (the slot allocation is already in `state`). */
export interface PreservedSettings {
  anchor: bigint;
  rule: PreservedRuleName;
  rate: bigint;
  demand: DemandFigures | undefined;
}

export interface PreservedModelRun {
  modelId: string;
  totalWeight: bigint;
  targetWeight: bigint;
  achievedWeight: bigint;
  /** Preserved nodes (participant, node id). */
  nodes: { participant: string; nodeId: string }[];
}

export interface PreservedEngine {
  /** The preserved set per model at `settings.anchor`. */
  run(state: PreservedState, settings: PreservedSettings): PreservedModelRun[];
  /**
   * For each (model, address) in `who`: at how many of `anchors` anchors (starting at
   * `settings.anchor`, as the operator check counts them) the address keeps at least one node.
   * Key of the result: `${modelId}\u0000${address}`.
   */
  probabilities(state: PreservedState, settings: PreservedSettings, who: { modelId: string; address: string }[], anchors: number): Map<string, number>;
  /**
   * For each (model, address) of `who`: its preserved nodes and their PoC weight summed over the same
   * anchors (same key; absent = none). Null (or no method) when they cannot be counted.
   */
  tallies?(state: PreservedState, settings: PreservedSettings, who: { modelId: string; address: string }[], anchors: number): Map<string, { nodes: number; weight: bigint }> | null;
  /** Validate a demand object (the demand rule's own reader); errors name `path`. */
  parseDemand(json: Json, path: string): DemandFigures & { rate: bigint | undefined };
}

/** One participant's settlement outcome under a governance p0. */
export interface SettlementRow {
  address: string;
  missed: bigint;
  total: bigint;
  passed: boolean;
  rewardAtStake: bigint | null;
}

export interface MissTestEngine {
  /** The governance p0 recorded in the settlement slice, if it records one. */
  governanceP0(settlement: Json): Decimal | undefined;
  /** Evaluate the settlement slice with its governance p0 replaced by `p0`. */
  settle(settlement: Json, p0: Decimal): { side: MissTestSide; rows: SettlementRow[] };
  /** The p0 a healthy-network settlement uses for governance p0 `p0` (the curve's on-chain p0). */
  settlementP0(p0: Decimal): Decimal;
  /**
   * The allowed misses at `total`: the largest m such that every count 0..m passes (−1 if even 0
   * fails), under the on-chain rule or the exact binomial test.
   */
  allowedMisses(total: bigint, p0: Decimal, rule: "on-chain" | "exact"): bigint;
}

export interface Engines {
  preserved: PreservedEngine;
  missTest: MissTestEngine;
  /** ComputeVoteThreshold(groupSize, factor). */
  voteThreshold(groupSize: number, factor: bigint): number;
  /**
   * The epoch-433 replay with the per-host cap at `rate` (policy "per-host-cap") or without it
   * ("today"), the host's miss test at settlement p0 `p0`; undefined when the simulator is unavailable.
   */
  simulate?: (rate: bigint, p0: Decimal, policy: "today" | "per-host-cap") => SimulationSide | undefined;
}
