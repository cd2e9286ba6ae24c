/**
 * The comparison model: everything `gonka-spec compare` reports, as plain data (bigint for integers,
 * strings for decimals), so the terminal table, `--json` and the HTML report all render the same
 * object. Deltas are always B − A; swapping A and B negates every delta and swaps gains with losses.
 */
import type { ModelledKeyName, PreservedRuleName } from "./params.js";

/** Where a resolved parameter value came from. */
export type ValueSource = "proposal" | "snapshot" | "default";

export interface ResolvedValue<T> {
  value: T;
  source: ValueSource;
  /**
   * B as a real proposal that sets another value than the one compare runs (the params in force do not
   * record it, so whether it changes is unknown and A and B run with the state's): what it sets.
   */
  proposed?: string;
}

/** A proposal with every parameter filled in (from the proposal, else the snapshot, else the default). */
export interface ResolvedParams {
  name: string;
  description?: string;
  /** Decimal string; null when neither the proposal nor the snapshot sets it (the chain keeps its nil). */
  pocSlotAllocation: ResolvedValue<string | null>;
  pocMaxConcurrentPer10000Weight: ResolvedValue<bigint>;
  binomTestP0: ResolvedValue<string>;
  voteThresholdFactor: ResolvedValue<bigint>;
  preservedRule: ResolvedValue<PreservedRuleName>;
  /** Where the demand figures came from ("snapshot", "inline", a file path) or null when there are none. */
  demandSource: string | null;
}

/** One preserved node (weight from the state's subgroup data). */
export interface PreservedNodeRef {
  participant: string;
  nodeId: string;
  pocWeight: bigint;
}

/** One model under one proposal. */
export interface ModelSide {
  totalWeight: bigint;
  targetWeight: bigint;
  achievedWeight: bigint;
  /** max(0, target − achieved): the fill stops below its target only when the eligible set runs out. */
  shortfallWeight: bigint;
  nodeCount: number;
  participantCount: number;
  smallestNode: PreservedNodeRef | null;
  /** ⌊achieved × rate / 10000⌋ requests in flight during PoC. */
  capacityRequests: bigint;
  /** Expected PoC demand (peak in-flight requests), null when the demand input has no figure. */
  demandRequests: bigint | null;
  /** capacity ÷ demand, truncated to 2 places; null without demand (or demand 0). */
  capacityOverDemand: string | null;
  /** Weights of every preserved node, ascending (the size distribution). */
  nodeWeights: bigint[];
}

export interface ModelDelta {
  targetWeight: bigint;
  achievedWeight: bigint;
  nodeCount: number;
  participantCount: number;
  /** null when either side has no preserved node. */
  smallestNodeWeight: bigint | null;
  capacityRequests: bigint;
}

export interface ModelComparison {
  modelId: string;
  a: ModelSide;
  b: ModelSide;
  delta: ModelDelta;
}

/** Preserved at an anchor under a proposal, counted over anchors. */
export interface AnchorProbability {
  /** Anchors at which the operator keeps at least one node of the model. */
  preserved: number;
  anchors: number;
  /** Its preserved nodes and their PoC weight summed over the anchors (÷ anchors: expected per PoC). */
  nodeSum?: number;
  weightSum?: bigint;
}

/** A participant whose preserved nodes (at the anchor) in one model differ between A and B. */
export interface PreservationChange {
  modelId: string;
  address: string;
  /** "gains": preserved under B only; "loses": under A only; "changes": under both, other nodes. */
  change: "gains" | "loses" | "changes";
  weightA: bigint;
  weightB: bigint;
  nodesA: string[];
  nodesB: string[];
  /** Nodes preserved under B and not under A, and the reverse, with their weight. */
  nodesGained: string[];
  nodesLost: string[];
  weightGained: bigint;
  weightLost: bigint;
  /** Over `anchors` anchors; absent when probabilities were not computed. */
  probabilityA?: AnchorProbability;
  probabilityB?: AnchorProbability;
}

/** One operator's preserved nodes and weight gained and lost from A to B, over every model. */
export interface OperatorChange {
  address: string;
  models: string[];
  nodesGained: number;
  nodesLost: number;
  weightGained: bigint;
  weightLost: bigint;
}

/** The settlement miss test under one proposal's governance p0. */
export interface MissTestSide {
  governanceP0: string;
  /** The p0 settlement actually uses (after the dynamic p0), as a decimal string. */
  settlementP0: string;
  /** True when the circuit breaker skips punishment for everybody. */
  skipped: boolean;
  /** One line saying how the p0 was chosen. */
  reason: string;
  /** The unit of the reward at stake: coins from the settlement (src/settlement) or the slice's reward weights. */
  rewardUnit?: "ngonka" | "reward weight";
}

export interface ParticipantMissTest {
  address: string;
  missed: bigint;
  total: bigint;
  passedA: boolean;
  passedB: boolean;
  /** The reward that a failed test zeroes (from the settlement slice), null when unknown. */
  rewardAtStake: bigint | null;
}

export interface MissTestComparison {
  a: MissTestSide;
  b: MissTestSide;
  participants: ParticipantMissTest[];
  /** Participants zeroed under A / B, and the reward at stake they lose. */
  zeroedA: number;
  zeroedB: number;
  rewardZeroedA: bigint;
  rewardZeroedB: bigint;
  /** The unit of the rewards above ("ngonka" when the settlement slice lets the reward be settled to the coin). */
  rewardUnit: "ngonka" | "reward weight";
}

/** One point of a miss-test boundary curve: every missed count up to `allowed` passes at `total`. */
export interface CurvePoint {
  total: bigint;
  /** −1 when not even 0 misses pass. */
  allowed: bigint;
}

export interface MissCurve {
  /** "A", "B" or "A = B" when both proposals share the p0. */
  label: string;
  p0: string;
  rule: "on-chain" | "exact";
  points: CurvePoint[];
}

export interface VoteThresholdRow {
  groupSize: number;
  /** Where this N comes from ("default group" or "snapshot group_size"). */
  note: string;
  thresholdA: number;
  neededA: number;
  thresholdB: number;
  neededB: number;
}

export interface SimulationSide {
  rate: bigint;
  policy: string;
  host: string;
  served: bigint;
  refusedBeforeReceipt: bigint;
  misses: bigint;
  total: bigint;
  passed: boolean | null;
}

export interface SimulationComparison {
  scenario: string;
  /** Reference: today's gateway (no per-host cap) at A's rate and p0. */
  today?: SimulationSide;
  a: SimulationSide;
  b: SimulationSide;
}

/** One parameter a real x/gov proposal (B) sets other than the params in force, or that they do not record. */
export interface ProposalParamChange {
  /** The x/inference Params path (validation_params.invalidation_h_threshold). */
  path: string;
  unit: string;
  /** The value in force (null: not recorded, or a list entry the proposal adds). */
  old: string | null;
  /** The proposed value (null: the proposal drops the entry). */
  new: string | null;
  /**
   * "modelled": B runs with it; "not-modelled": no rule compare runs varies it, so A and B run with the
   * value in force; "not-recorded": the params in force do not record it, so whether it changes is
   * unknown (A and B run with the state's value); "not-runnable": compare varies it, but its rules do
   * not take this value (`why`), so A and B run with the state's value.
   */
  treatment: "modelled" | "not-modelled" | "not-recorded" | "not-runnable";
  /** Why compare cannot run the value ("not-runnable" only). */
  why?: string;
  /** The compare key that varies it, or null. */
  modelled: ModelledKeyName | null;
  /** The rule of the port that reads it, or null (none does). */
  readBy: string | null;
  /** old and new for people, with the unit ("15,391 blocks", "3 entries; adds …"). */
  oldText: string;
  newText: string;
}

/** A value of B's Params that the chain's Params.Validate refuses. */
export interface ProposalRefusal {
  path: string;
  /** null: the proposal leaves it out (nil in Go). */
  value: string | null;
  rule: string;
  /** True when the params in force hold the same value (B keeps it; they predate the check). */
  kept: boolean;
}

/** B as a real x/gov proposal: every parameter it changes, and what the chain would refuse. */
export interface RealProposalB {
  id: bigint;
  title: string;
  /** The params in force the changes are set against. */
  inForce: string;
  /** Every parameter B changes (and every one the params in force do not record), in catalog order. */
  changes: ProposalParamChange[];
  /** The version whose Params.Validate judged B. */
  validateVersion: string;
  /** Values the chain refuses: a non-empty list means the message fails when executed and nothing changes. */
  refused: ProposalRefusal[];
}

/** A parameter that differs, or an outcome that changes, in words. */
export interface Difference {
  what: string;
  a: string;
  b: string;
}

export interface ComparisonModel {
  schema: "gonka-spec/compare@1";
  snapshot: { chainId: string; height: string; source?: string };
  anchor: bigint;
  /** Anchors evaluated for each probability (0 when probabilities were not computed). */
  anchorsEvaluated: number;
  a: ResolvedParams;
  b: ResolvedParams;
  models: ModelComparison[];
  changes: PreservationChange[];
  /** Per operator over every model (from `changes`), largest net weight change first. */
  operators: OperatorChange[];
  /** null when the snapshot has no settlement slice. */
  missTest: MissTestComparison | null;
  curves: MissCurve[];
  voteThreshold: VoteThresholdRow[];
  /** null when the simulator is not available or was not asked for. */
  simulation: SimulationComparison | null;
  /** B as a real x/gov proposal (its changes and refused values); null for a proposal file. */
  bProposal: RealProposalB | null;
  /** Every parameter and outcome that differs between A and B; empty when the proposals agree. */
  differences: Difference[];
  /** Things the reader should know (missing slices, skipped parts). */
  notes: string[];
}
