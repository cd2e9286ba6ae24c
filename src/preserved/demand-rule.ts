/**
 * The demand-based preserved rule (seed proposal, devshard #2107 part 2), beside today's rule:
 *
 *   target_m = max(⌊PocSlotAllocation × W_m⌋, D_m),   D_m = ⌈peakInFlight_m × 10000 / rate⌉
 *
 * filled round robin over the same eligible participants as today (sorted by address), each taking
 * its LARGEST unallocated node (ties: smallest node id in byte order) instead of its smallest. The
 * round-robin loop itself (stop when the target is met or a full round allocates nothing; the last
 * node may overshoot) is the chain's samplePreservedForModel loop, so the two rules differ only in
 * the target and in which node each participant offers next. All arithmetic is on bigint.
 */
import { compareGoStrings } from "../go/bytes.js";

/** The two facts of a node the fill reads (structurally compatible with MLNodeInfo). */
export interface FillNode {
  nodeId: string;
  pocWeight: bigint;
}

/** Which node a participant offers next: today's lightest, or the proposal's heaviest. */
export type FillOrder = "smallest" | "largest";

export interface AllocatedNode extends FillNode {
  participant: string;
  /** 1-based round of the round robin in which the node was taken. */
  round: number;
}

export interface FillResult {
  targetWeight: bigint;
  achievedWeight: bigint;
  /** Nodes in the order they were taken. */
  allocationOrder: AllocatedNode[];
  /** True when the loop stopped because no eligible node was left while below the target. */
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

/** Node order of a participant's offer list for the given fill order (ties: node id, byte order). */
function offerOrder(order: FillOrder): (a: FillNode, b: FillNode) => number {
  return order === "smallest"
    ? (a, b) => (a.pocWeight < b.pocWeight ? -1 : a.pocWeight > b.pocWeight ? 1 : compareGoStrings(a.nodeId, b.nodeId))
    : (a, b) => (a.pocWeight > b.pocWeight ? -1 : a.pocWeight < b.pocWeight ? 1 : compareGoStrings(a.nodeId, b.nodeId));
}

/**
 * Mirrors samplePreservedForModel's round robin with the node order as a parameter: fill `target`
 * over eligible participants (sorted by address, byte order), each taking its next node in `order`
 * whose id it has not given yet. With "smallest" it reproduces today's allocation exactly (checked
 * against the Go vectors); "largest" is the proposal.
 */
export function fillRoundRobin(eligible: ReadonlyMap<string, readonly FillNode[]>, target: bigint, order: FillOrder): FillResult {
  const participants = [...eligible.keys()].filter((a) => eligible.get(a)!.length > 0).sort(compareGoStrings);
  const cmp = offerOrder(order);
  const offers = participants.map((a) => [...eligible.get(a)!].sort(cmp));
  const next = participants.map(() => 0);
  const allocationOrder: AllocatedNode[] = [];
  let cw = 0n;
  if (participants.length === 0) return { targetWeight: target, achievedWeight: 0n, allocationOrder, exhausted: target > 0n };
  let idx = 0;
  let round = 1;
  let allocatedInRound = false;
  const taken = participants.map(() => new Set<string>());
  while (cw < target) {
    const list = offers[idx]!;
    let k = next[idx]!;
    // A node id already taken is skipped (the chain tracks allocation by node id).
    while (k < list.length && taken[idx]!.has(list[k]!.nodeId)) k++;
    next[idx] = k;
    if (k < list.length) {
      const node = list[k]!;
      next[idx] = k + 1;
      taken[idx]!.add(node.nodeId);
      allocationOrder.push({ participant: participants[idx]!, nodeId: node.nodeId, pocWeight: node.pocWeight, round });
      cw += node.pocWeight;
      allocatedInRound = true;
      idx = (idx + 1) % participants.length;
      if (idx === 0) {
        allocatedInRound = false;
        round++;
      }
      continue;
    }
    idx = (idx + 1) % participants.length;
    if (idx === 0) {
      if (!allocatedInRound) break;
      allocatedInRound = false;
      round++;
    }
  }
  return { targetWeight: target, achievedWeight: cw, allocationOrder, exhausted: cw < target };
}
