/**
 * filterEligibleMLNodes: per model, the nodes that may be preserved. Split in two so that callers
 * evaluating many anchors compute the anchor-independent part once:
 * - `prepareModelFilter`: thresholds, candidates, history, filtered nodes (no anchor);
 * - `sampleModelAtAnchor`: the seeded draw and the 34 % non-voting cap.
 */
import { compareGoStrings } from "../go/bytes.js";
import { Decimal } from "../go/decimal.js";
import { goSortFunc } from "../go/slices-sort.js";
import { addInt64, Int64Sum } from "../go/int64.js";
import { EpochMLNodeData, sortedKeys, type NodeList } from "./epoch-ml-node-data.js";
import { drawFromHistory, participantsWithHistory, type EligibleSample } from "./sample-eligible-participants.js";
import { LegacyDec } from "../go/legacy-dec.js";
import { coefficientAdjustedWeight } from "./coefficient-adjusted-weight.js";
import { LATEST_PRESERVED_RULES, type PreservedRules } from "./preserved-rules.js";
import type { MLNodeInfo } from "./state.js";
import { calculateThresholds, filterNodesByThresholds, modelColumns, type ThresholdSet } from "./thresholds.js";

/** Mirrors inference.canAllocateParticipantNode: a node that completes the participant costs its VP against the cap. */
export function canAllocateParticipantNode(
  eligibleParticipantModelWeight: bigint,
  participantModelWeight: bigint,
  nonVotingVPForModel: bigint,
  participantVP: bigint,
  maxNonVotingVP: bigint,
): { canAllocate: boolean; updatedNonVotingVP: bigint } {
  if (eligibleParticipantModelWeight < participantModelWeight) return { canAllocate: true, updatedNonVotingVP: nonVotingVPForModel };
  const after = addInt64(nonVotingVPForModel, participantVP);
  if (after < maxNonVotingVP) return { canAllocate: true, updatedNonVotingVP: after };
  return { canAllocate: false, updatedNonVotingVP: nonVotingVPForModel };
}

/**
 * Mirrors maxNonVotingVP in filterEligibleMLNodes: decimal 34/100 × live root weight, IntPart. The same
 * expression over the raw current weight of all models is v0.2.12's maxAllowedNonVotingWeight.
 */
export function maxNonVotingVotingPower(liveRootTotalWeight: bigint): bigint {
  return Decimal.fromInt(34).div(Decimal.fromInt(100)).mul(Decimal.fromInt(liveRootTotalWeight)).intPart();
}

/** A candidate's anchor-independent data. */
export interface CandidateData {
  /** Its nodes after the effective threshold and count cut (weight asc, id asc). */
  filteredNodes: MLNodeInfo[];
  /** Sum of all its current nodes' weight for the model (before filtering). */
  participantModelWeight: bigint;
  participantVP: bigint;
  /**
   * What the 34 % test compares the eligible weight with, and what completing the participant costs:
   * v0.2.13 its raw model weight and its per-model VP; v0.2.12 its coefficient-adjusted weight over all
   * its models (keeper.CoefficientAdjustedWeight), both.
   */
  capTotal: bigint;
  capCharge: bigint;
  /** v0.2.12: computing capTotal failed (LegacyDec overflow panic); thrown when the draw selects the participant, as in Go. */
  capError?: unknown;
  /** Cumulative int64 weight of `filteredNodes` (what the cap loop compares with the total). */
  prefix: bigint[];
  /** Positions in `filteredNodes` ordered by node id (byte order), for sorted output without sorting. */
  idOrder: number[];
  /** Whether the filtered node ids are distinct (always, after dedup); then the fill takes them in order. */
  uniqueIds: boolean;
}

/** Everything about one model that does not depend on the anchor. */
export interface ModelFilterPrep {
  modelId: string;
  thresholds: ThresholdSet;
  /** Every participant of the model, sorted. */
  sortedParticipantAddrs: string[];
  /** Non-guardian participants with at least one node left after filtering, sorted (the draw's N). */
  filteredParticipantAddrs: string[];
  /** Candidates with previous-epoch history for the model, in candidate order. */
  participantsWithHistory: string[];
  candidates: Map<string, CandidateData>;
}

/** What a caller of prepareModelFilter may already know about its data (each saves work, none changes the result). */
export interface KnownOrder {
  /** The model's participants in byte order (copied). */
  sortedParticipants?: readonly string[];
  /** Every participant's node list of the model has strictly increasing ids in byte order (dedupMLNodesById's output). */
  nodesByIdUnique?: boolean;
}

/**
 * Positions in `filtered` ordered by node id (byte order). When `all`, the list `filtered` was cut from,
 * has strictly increasing ids (dedup's output always has), walking it gives that order with no sort.
 */
function idOrderOf(filtered: readonly MLNodeInfo[], all: readonly MLNodeInfo[], knownIncreasing: boolean): number[] {
  let increasing = true;
  if (!knownIncreasing) for (let i = 1; increasing && i < all.length; i++) increasing = compareGoStrings(all[i - 1]!.nodeId, all[i]!.nodeId) < 0;
  if (increasing) {
    const order: number[] = [];
    for (const n of all) {
      const p = filtered.indexOf(n);
      if (p >= 0) order.push(p);
    }
    if (order.length === filtered.length) return order;
  }
  return goSortFunc(
    filtered.map((_, i) => i),
    (x, y) => compareGoStrings(filtered[x]!.nodeId, filtered[y]!.nodeId),
  );
}

/** Mirrors the anchor-independent half of filterEligibleMLNodes for one model (thresholds, candidates, history). */
export function prepareModelFilter(
  modelId: string,
  currentEpochData: EpochMLNodeData,
  previousEpochData: EpochMLNodeData,
  participantVotingPowersPerModel: ReadonlyMap<string, bigint> | undefined,
  liveRootTotalWeight: bigint,
  guardianSet: ReadonlySet<string>,
  rules: PreservedRules = LATEST_PRESERVED_RULES,
  coefficients: ReadonlyMap<string, LegacyDec> = new Map(),
  known: KnownOrder = {},
): ModelFilterPrep {
  const participantNodes = currentEpochData.getForModel(modelId);
  // the view's participants are this model's: sorted once for both
  const sortedParticipantAddrs = known.sortedParticipants ? known.sortedParticipants.slice() : sortedKeys(participantNodes);
  // EpochMLNodeData.ForModel's view, sharing the participant map (the thresholds only read it)
  const view = new EpochMLNodeData();
  if (participantNodes) view.data.set(modelId, participantNodes as Map<string, NodeList>);
  // each participant's nodes and voting power looked up once, for the thresholds and the candidates
  const columns = modelColumns(participantNodes, participantVotingPowersPerModel, sortedParticipantAddrs);
  const thresholds = calculateThresholds(view, participantVotingPowersPerModel, liveRootTotalWeight, rules.participantLine, sortedParticipantAddrs, columns);
  const filteredParticipantAddrs: string[] = [];
  const candidates = new Map<string, CandidateData>();
  for (let p = 0; p < sortedParticipantAddrs.length; p++) {
    const addr = sortedParticipantAddrs[p]!;
    if (guardianSet.has(addr)) continue;
    const current = columns.nodes[p] ?? [];
    const filteredNodes = filterNodesByThresholds(current, addr, thresholds);
    if (filteredNodes.length === 0) continue;
    filteredParticipantAddrs.push(addr);
    const modelWeight = new Int64Sum();
    for (const n of current) modelWeight.add(n.pocWeight);
    const participantModelWeight = modelWeight.value;
    const prefix: bigint[] = [];
    let acc = 0n;
    for (const n of filteredNodes) prefix.push((acc = addInt64(acc, n.pocWeight)));
    const idOrder = idOrderOf(filteredNodes, current, known.nodesByIdUnique === true);
    let uniqueIds = true;
    for (let i = 1; i < idOrder.length; i++) if (filteredNodes[idOrder[i - 1]!]!.nodeId === filteredNodes[idOrder[i]!]!.nodeId) uniqueIds = false;
    const participantVP = columns.votingPowers[p]!;
    let capTotal = participantModelWeight;
    let capCharge = participantVP;
    let capError: unknown;
    if (rules.nonVotingCap === "globalScaledWeight") {
      // Go computes this only for a participant the draw selects: an overflow panic must wait until then.
      try {
        capTotal = coefficientAdjustedWeight(currentEpochData.getParticipantModelNodes(addr), coefficients, null);
      } catch (e) {
        capError = e;
      }
      capCharge = capTotal;
    }
    const candidate: CandidateData = { filteredNodes, participantModelWeight, participantVP, capTotal, capCharge, prefix, idOrder, uniqueIds };
    if (capError !== undefined) candidate.capError = capError;
    candidates.set(addr, candidate);
  }
  return {
    modelId,
    thresholds,
    sortedParticipantAddrs,
    filteredParticipantAddrs,
    participantsWithHistory: participantsWithHistory(filteredParticipantAddrs, previousEpochData, modelId),
    candidates,
  };
}

/**
 * The 34 % non-voting counter of one filterEligibleMLNodes run, carried across its models. v0.2.13 resets
 * it per model and tests the participant's raw eligible model weight; v0.2.12 (model_assignment.go@d8b8e907)
 * keeps one counter for all models and tests the coefficient-adjusted weight of the participant's eligible
 * nodes so far over all models plus the node's own adjusted weight.
 */
export class NonVotingCap {
  private counter = 0n;
  /** v0.2.12: participant → model → raw weight of its eligible nodes so far. */
  private readonly eligibleRaw = new Map<string, Map<string, bigint>>();

  constructor(
    readonly rules: PreservedRules,
    readonly coefficients: ReadonlyMap<string, LegacyDec>,
  ) {}

  get value(): bigint {
    return this.counter;
  }

  /** Called before each model's participants. */
  beginModel(): void {
    if (this.rules.nonVotingCap === "perModelVotingPower") this.counter = 0n;
  }

  private coeff(modelId: string): LegacyDec {
    return this.coefficients.get(modelId) ?? LegacyDec.fromInt(1);
  }

  /** The eligible weight the cap test compares with capTotal, if `node` is added (rawPrefix: raw model prefix including it). */
  ifAdded(addr: string, modelId: string, rawPrefix: bigint, node: MLNodeInfo): bigint {
    if (this.rules.nonVotingCap === "perModelVotingPower") return rawPrefix;
    let total = 0n;
    for (const [m, raw] of this.eligibleRaw.get(addr) ?? []) total = addInt64(total, this.coeff(m).mulInt64(raw).truncateInt64());
    return addInt64(total, this.coeff(modelId).mulInt64(node.pocWeight).truncateInt64());
  }

  /** Records an allowed node and the counter after it. */
  accept(addr: string, modelId: string, node: MLNodeInfo, counterAfter: bigint): void {
    this.counter = counterAfter;
    if (this.rules.nonVotingCap === "perModelVotingPower") return;
    let m = this.eligibleRaw.get(addr);
    if (!m) this.eligibleRaw.set(addr, (m = new Map()));
    m.set(modelId, addInt64(m.get(modelId) ?? 0n, node.pocWeight));
  }
}

/**
 * One canAllocateParticipantNode call of the filter loop. Under v0.2.12 rules the weights are
 * coefficient-adjusted and `participantVP` is the charge (the adjusted participant weight).
 */
export interface NodeDecision {
  participant: string;
  node: MLNodeInfo;
  eligibleParticipantModelWeight: bigint;
  participantModelWeight: bigint;
  participantVP: bigint;
  nonVotingVPBefore: bigint;
  canAllocate: boolean;
  nonVotingVPAfter: bigint;
}

export interface ModelFilterAtAnchor {
  sample: EligibleSample;
  nodeDecisions: NodeDecision[];
  /** Eligible nodes per selected participant, in append order (selection order, then weight asc). */
  eligible: Map<string, MLNodeInfo[]>;
  nonVotingVPForModelFinal: bigint;
}

/** Mirrors the anchor-dependent half of filterEligibleMLNodes for one model (draw and 34 % cap loop). */
export function sampleModelAtAnchor(
  prep: ModelFilterPrep,
  upcomingEpochIndex: bigint,
  allParticipantsHash: string,
  anchorHeight: bigint,
  maxNonVotingVP: bigint,
  traceDecisions = true,
  cap: NonVotingCap = new NonVotingCap(LATEST_PRESERVED_RULES, new Map()),
): ModelFilterAtAnchor {
  const sample = drawFromHistory(prep.filteredParticipantAddrs.length, prep.participantsWithHistory, prep.modelId, upcomingEpochIndex, allParticipantsHash, anchorHeight);
  const nodeDecisions: NodeDecision[] = [];
  const eligible = new Map<string, MLNodeInfo[]>();
  cap.beginModel();
  for (const addr of sample.eligible) {
    const c = prep.candidates.get(addr)!;
    if (c.capError !== undefined) throw c.capError;
    const nodes = c.filteredNodes;
    for (let k = 0; k < nodes.length; k++) {
      const node = nodes[k]!;
      // the int64 running sum of the filtered weights up to this node, summed once in prepareModelFilter
      const weightIfAdded = cap.ifAdded(addr, prep.modelId, c.prefix[k]!, node);
      const before = cap.value;
      const r = canAllocateParticipantNode(weightIfAdded, c.capTotal, before, c.capCharge, maxNonVotingVP);
      if (traceDecisions) {
        nodeDecisions.push({
          participant: addr,
          node,
          eligibleParticipantModelWeight: weightIfAdded,
          participantModelWeight: c.capTotal,
          participantVP: c.capCharge,
          nonVotingVPBefore: before,
          canAllocate: r.canAllocate,
          nonVotingVPAfter: r.updatedNonVotingVP,
        });
      }
      if (!r.canAllocate) break;
      cap.accept(addr, prep.modelId, node, r.updatedNonVotingVP);
      const list = eligible.get(addr);
      if (list) list.push(node);
      else eligible.set(addr, [node]);
    }
  }
  return { sample, nodeDecisions, eligible, nonVotingVPForModelFinal: cap.value };
}

/** Per-model trace of filterEligibleMLNodes. */
export interface ModelFilterTrace extends ModelFilterAtAnchor {
  prep: ModelFilterPrep;
}

export interface FilterEligibleResult {
  eligibleNodesData: EpochMLNodeData;
  allParticipantsHash: string;
  maxNonVotingVP: bigint;
  perModel: ModelFilterTrace[];
}

/** Mirrors ModelAssigner.filterEligibleMLNodes. */
export function filterEligibleMLNodes(
  upcomingEpochIndex: bigint,
  previousEpochData: EpochMLNodeData,
  currentEpochData: EpochMLNodeData,
  liveRootTotalWeight: bigint,
  anchorHeight: bigint,
  guardianSet: ReadonlySet<string>,
  participantVotingPowers: ReadonlyMap<string, ReadonlyMap<string, bigint>>,
): FilterEligibleResult {
  const allParticipantsHash = currentEpochData.getAllParticipantsHash();
  const maxNonVotingVP = maxNonVotingVotingPower(liveRootTotalWeight);
  const eligibleNodesData = new EpochMLNodeData();
  const perModel: ModelFilterTrace[] = [];
  for (const modelId of currentEpochData.models()) {
    const prep = prepareModelFilter(modelId, currentEpochData, previousEpochData, participantVotingPowers.get(modelId), liveRootTotalWeight, guardianSet);
    const at = sampleModelAtAnchor(prep, upcomingEpochIndex, allParticipantsHash, anchorHeight, maxNonVotingVP);
    for (const [addr, nodes] of at.eligible) for (const n of nodes) eligibleNodesData.append(modelId, addr, n);
    perModel.push({ prep, ...at });
  }
  return { eligibleNodesData, allParticipantsHash, maxNonVotingVP, perModel };
}
