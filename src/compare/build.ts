/**
 * compareProposals: run both proposals over one snapshot and collect what differs. Pure: data in
 * (snapshot, two parameter sets, options, the rule-family engines), the comparison model out.
 */
import { parsePreservedState, type PreservedState } from "../preserved/state.js";
import type { Snapshot } from "../snapshot/snapshot.js";
import { modelChanges, operatorChanges } from "./changes.js";
import { DEFAULT_CURVES, missCurves, type CurveOptions } from "./curves.js";
import { differences } from "./differences.js";
import type { Engines, PreservedModelRun, PreservedSettings } from "./engines.js";
import { compareMissTest } from "./miss-side.js";
import type { ComparisonModel, ModelComparison, PreservationChange, RealProposalB, SimulationComparison } from "./model.js";
import type { ProposalParams } from "./params.js";
import { emptySide, modelDelta, modelSide, nodeWeightIndex } from "./preserved-side.js";
import { DEFAULT_GROUP_SIZE, resolveProposal, snapshotGroupSize, withSlotAllocation, type ProposalRun } from "./resolve.js";
import { voteThresholdRows } from "./vote-side.js";

/** Anchors the probability of each gain or loss is counted over, unless told otherwise. */
export const DEFAULT_ANCHORS = 200;

export interface CompareOptions {
  /** Episode anchor (default: the snapshot's preserved.anchorHeight, else its height). */
  anchor?: bigint;
  /** Anchors for the probability of each gain/loss; 0 skips them (default 200). */
  anchors?: number;
  curves?: CurveOptions;
  /** Run the epoch-433 simulation under each rate (default true; skipped when no simulator is wired). */
  simulate?: boolean;
  /** Names of A's and B's files, for error paths (default "A", "B"). */
  whereA?: string;
  whereB?: string;
}

export interface CompareInput {
  snapshot: Snapshot;
  a: ProposalParams;
  b: ProposalParams;
  /** B as a real x/gov proposal: every change it makes and the values the chain refuses (src/gov/proposal-side.ts). */
  bProposal?: RealProposalB;
  /** The snapshot's preserved slice, already parsed (parsed here when absent). */
  state?: PreservedState;
}

function settingsOf(run: ProposalRun, anchor: bigint): PreservedSettings {
  return { anchor, rule: run.params.preservedRule.value, rate: run.rate, demand: run.demand };
}

function modelIds(a: PreservedModelRun[], b: PreservedModelRun[]): string[] {
  const ids: string[] = [];
  for (const r of [...a, ...b]) if (!ids.includes(r.modelId)) ids.push(r.modelId);
  return ids;
}

const key = (modelId: string, address: string): string => `${modelId}\u0000${address}`;

export function compareProposals(input: CompareInput, engines: Engines, options: CompareOptions = {}): ComparisonModel {
  const { snapshot } = input;
  const state: PreservedState = input.state ?? parsePreservedState(snapshot.preserved, "snapshot: preserved");
  const ra = resolveProposal(input.a, options.whereA ?? "A", snapshot, state, engines);
  const rb = resolveProposal(input.b, options.whereB ?? "B", snapshot, state, engines);
  const anchor = options.anchor ?? state.anchorHeight ?? BigInt(snapshot.height);
  const notes: string[] = [...state.warnings.map((w) => `snapshot warning: ${w}`)];

  // Preserved set under each proposal.
  const stateA = withSlotAllocation(state, ra.slotAllocation);
  const stateB = withSlotAllocation(state, rb.slotAllocation);
  const sa = settingsOf(ra, anchor);
  const sb = settingsOf(rb, anchor);
  const runA = engines.preserved.run(stateA, sa);
  const runB = engines.preserved.run(stateB, sb);
  const index = nodeWeightIndex(state);
  const models: ModelComparison[] = [];
  const changes: PreservationChange[] = [];
  for (const modelId of modelIds(runA, runB)) {
    const x = runA.find((r) => r.modelId === modelId);
    const y = runB.find((r) => r.modelId === modelId);
    const demandA = ra.demand?.peakInFlight.get(modelId) ?? null;
    const demandB = rb.demand?.peakInFlight.get(modelId) ?? null;
    const a = x ? modelSide(x, index, ra.rate, demandA) : emptySide(demandA);
    const b = y ? modelSide(y, index, rb.rate, demandB) : emptySide(demandB);
    models.push({ modelId, a, b, delta: modelDelta(a, b) });
    changes.push(...modelChanges(modelId, x, y, index));
  }

  // Probability over anchors of each gain and loss.
  const anchors = options.anchors ?? DEFAULT_ANCHORS;
  if (anchors > 0 && changes.length > 0) {
    const who = changes.map((c) => ({ modelId: c.modelId, address: c.address }));
    const pa = engines.preserved.probabilities(stateA, sa, who, anchors);
    const pb = engines.preserved.probabilities(stateB, sb, who, anchors);
    // The nodes and weight kept over the same anchors: what moves when a proposal moves an operator's weight.
    const ta = engines.preserved.tallies?.(stateA, sa, who, anchors) ?? null;
    const tb = engines.preserved.tallies?.(stateB, sb, who, anchors) ?? null;
    const sums = (t: typeof ta, k: string): { nodeSum?: number; weightSum?: bigint } => (t === null ? {} : { nodeSum: t.get(k)?.nodes ?? 0, weightSum: t.get(k)?.weight ?? 0n });
    for (const c of changes) {
      const k = key(c.modelId, c.address);
      c.probabilityA = { preserved: pa.get(k) ?? 0, anchors, ...sums(ta, k) };
      c.probabilityB = { preserved: pb.get(k) ?? 0, anchors, ...sums(tb, k) };
    }
  }

  // Miss test.
  const missTest = snapshot.settlement !== undefined ? compareMissTest(engines.missTest, snapshot.settlement, ra.p0, rb.p0) : null;
  if (!missTest) notes.push("The snapshot has no settlement slice, so there is no per-participant miss-test verdict; the boundary curves still apply.");
  const curves = missCurves(engines.missTest, ra.p0, rb.p0, options.curves ?? DEFAULT_CURVES);

  // Vote threshold.
  const groupSizes = [{ n: DEFAULT_GROUP_SIZE, note: "default group size" }];
  const g = snapshotGroupSize(snapshot);
  if (g !== undefined) groupSizes.push({ n: g, note: "snapshot group_size" });
  const voteThreshold = voteThresholdRows(engines.voteThreshold, ra.factor, rb.factor, groupSizes);

  // Epoch-433 replay under each rate.
  let simulation: SimulationComparison | null = null;
  if (options.simulate !== false) {
    const pa = engines.missTest.settlementP0(ra.p0);
    const pb = engines.missTest.settlementP0(rb.p0);
    const today = engines.simulate?.(ra.rate, pa, "today");
    const x = engines.simulate?.(ra.rate, pa, "per-host-cap");
    const y = engines.simulate?.(rb.rate, pb, "per-host-cap");
    if (x && y) simulation = { scenario: "epoch-433", ...(today ? { today } : {}), a: x, b: y };
    else notes.push("The epoch-433 simulation is not available in this build, so it is not part of the comparison.");
  }

  const body = {
    schema: "gonka-spec/compare@1" as const,
    snapshot: { chainId: snapshot.chainId, height: snapshot.height, ...(snapshot.source !== undefined ? { source: snapshot.source } : {}) },
    anchor,
    anchorsEvaluated: changes.length > 0 ? anchors : 0,
    a: ra.params,
    b: rb.params,
    models,
    changes,
    operators: operatorChanges(changes),
    missTest,
    curves,
    voteThreshold,
    simulation,
    bProposal: input.bProposal ?? null,
  };
  return { ...body, differences: differences(body), notes };
}
