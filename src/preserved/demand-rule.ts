/**
 * The demand-based preserved rule (seed proposal, devshard #2107 part 2), beside today's rule:
 *
 *   target_m = max(⌊PocSlotAllocation × W_m⌋, D_m),   D_m = ⌈peakInFlight_m × 10000 / rate⌉
 *
 * filled LARGEST NODE FIRST over the same eligible set as today: every eligible node of the model in
 * one list, heaviest first (ties: node id in byte order, then participant address), taken until the
 * target is met (the last node may overshoot, as the chain's loop does). Today's rule instead goes
 * round robin over participants, each giving its smallest node, so a participant with one tiny node
 * is preserved in the first round whatever the demand; largest-first preserves tiny nodes only when
 * the target needs them. All arithmetic is on bigint.
 */
import { compareGoStrings } from "../go/bytes.js";

/** The two facts of a node the fill reads (structurally compatible with MLNodeInfo). */
export interface FillNode {
  nodeId: string;
  pocWeight: bigint;
}

export interface AllocatedNode extends FillNode {
  participant: string;
  /** 1-based position in the fill order. */
  rank: number;
}

export interface FillResult {
  targetWeight: bigint;
  achievedWeight: bigint;
  /** Nodes in the order they were taken. */
  allocationOrder: AllocatedNode[];
  /** True when every eligible node was taken and the target is still not met. */
  exhausted: boolean;
}

/** Floor division for bigint (BigInt `/` truncates toward zero). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

/** Ceiling division for bigint. */
function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

/** D_m = ⌈peakInFlight × 10000 / rate⌉: the weight whose PoC capacity covers the peak. */
export function demandWeight(peakInFlight: bigint, rate: bigint): bigint {
  return ceilDiv(peakInFlight * 10000n, rate);
}

/**
 * Mirrors devshardctl's weightConcurrencyLimit: ⌊weight × rate / 10000⌋ requests, 0 when weight or
 * rate is not positive (exact on integers; Go computes it in float64, equal for any realistic weight).
 */
export function capacityRequests(weight: bigint, rate: bigint): bigint {
  if (weight <= 0n || rate <= 0n) return 0n;
  return floorDiv(weight * rate, 10000n);
}

/** The proposal's target: max(today's target, D_m); today's target when there is no demand figure. */
export function demandTarget(fractionTarget: bigint, demand: bigint | undefined): bigint {
  return demand !== undefined && demand > fractionTarget ? demand : fractionTarget;
}

/**
 * `num ÷ den` for display, truncated to `places` decimals, computed exactly from integers
 * (e.g. 1234/1000 → "1.23"); null when den is 0.
 */
export function ratioString(num: bigint, den: bigint, places = 2): string | null {
  if (den === 0n) return null;
  const scale = 10n ** BigInt(places);
  const neg = (num < 0n) !== (den < 0n) && num !== 0n;
  const q = ((num < 0n ? -num : num) * scale) / (den < 0n ? -den : den);
  const int = q / scale;
  const frac = (q % scale).toString().padStart(places, "0");
  return `${neg ? "-" : ""}${int}${places > 0 ? `.${frac}` : ""}`;
}

/** Heaviest first; ties by node id, then participant address, both in Go byte order. */
function largestFirst(a: AllocatedNode, b: AllocatedNode): number {
  if (a.pocWeight !== b.pocWeight) return a.pocWeight > b.pocWeight ? -1 : 1;
  return compareGoStrings(a.nodeId, b.nodeId) || compareGoStrings(a.participant, b.participant);
}

/**
 * The proposal's fill: all eligible nodes, heaviest first, until `target` is met. A node id listed
 * twice for one participant is taken once (the chain tracks allocation by participant and node id).
 */
export function fillLargestFirst(eligible: ReadonlyMap<string, readonly FillNode[]>, target: bigint): FillResult {
  const seen = new Set<string>();
  const all: AllocatedNode[] = [];
  for (const [participant, nodes] of eligible) {
    for (const n of nodes) {
      const key = `${participant}\u0000${n.nodeId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      all.push({ participant, nodeId: n.nodeId, pocWeight: n.pocWeight, rank: 0 });
    }
  }
  all.sort(largestFirst);
  const allocationOrder: AllocatedNode[] = [];
  let cw = 0n;
  for (const n of all) {
    if (cw >= target) break;
    cw += n.pocWeight;
    allocationOrder.push({ ...n, rank: allocationOrder.length + 1 });
  }
  return { targetWeight: target, achievedWeight: cw, allocationOrder, exhausted: cw < target };
}

/** The demand rule for one model: its target (max of today's and D_m) and the largest-first fill. */
export function demandRuleFill(
  eligible: ReadonlyMap<string, readonly FillNode[]>,
  todayTarget: bigint,
  peakInFlight: bigint | undefined,
  rate: bigint,
): { demandWeight: bigint | null; fill: FillResult } {
  const d = peakInFlight === undefined ? null : demandWeight(peakInFlight, rate);
  return { demandWeight: d, fill: fillLargestFirst(eligible, demandTarget(todayTarget, d ?? undefined)) };
}
