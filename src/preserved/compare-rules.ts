/**
 * Today's preserved rule and the demand-based proposal, side by side on one state: per model the
 * target, the achieved (preserved) weight, node count, smallest preserved node, PoC capacity in
 * requests and capacity ÷ demand, and the shortfall when eligibility caps what can be preserved.
 *
 * "current" is the exact sampler's own snapshot (bit-exact with the chain); "demand" reuses the
 * sampler's eligible set at the same anchor and refills it with the proposal's target and
 * largest-first order (demand-rule.ts). Parameter overrides (`--set`) apply to both.
 */
import type { PreservedRules } from "./preserved-rules.js";
import { InputError, describeValue } from "../errors.js";
import { compareGoStrings } from "../go/bytes.js";
import { Decimal } from "../go/decimal.js";
import { parseDecimalText } from "../go/chain-decimal.js";
import { GoError } from "../go/errors.js";
import { isInt64 } from "../go/int64.js";
import { anchorSampler, eligibleNodes, modelAllocation, modelIds } from "./check-sampler.js";
import { DEFAULT_POC_RATE, type DemandInput } from "./demand.js";
import { capacityRequests, demandTarget, demandWeight, fillLargestFirst, ratioString } from "./demand-rule.js";
import type { PreservedResult } from "./sample-preserved-for-episode.js";
import { stripChallengeSkipFromPreserved } from "./strip-challenge-skip-from-preserved.js";
import type { ChainDecimal, PreservedState } from "./state.js";

export type PreservedRule = "current" | "demand";
export type RuleSelection = PreservedRule | "both";

/** Parameters `--set` may change, in the chain's snake_case naming. */
export const OVERRIDABLE_PARAMETERS = ["epoch_params.poc_slot_allocation"] as const;

/** --set accepts the chain's snake_case name (with or without the params message), the Go name and camelCase. */
const SLOT_ALLOCATION_NAMES: readonly string[] = ["epoch_params.poc_slot_allocation", "poc_slot_allocation", "EpochParams.PocSlotAllocation", "PocSlotAllocation", "epochParams.pocSlotAllocation", "pocSlotAllocation"];

export interface PreservedNodeRef {
  participant: string;
  nodeId: string;
  pocWeight: bigint;
}

export interface RuleModelResult {
  modelId: string;
  /** W_m: the weight of every live node of the model. */
  totalWeight: bigint;
  /** ⌊PocSlotAllocation × W_m⌋ (today's target). */
  fractionTarget: bigint;
  /** D_m = ⌈peakInFlight × 10000 / rate⌉, or null without a demand figure. */
  demandWeight: bigint | null;
  /** The rule's target: today's, or max(today's, D_m). */
  targetWeight: bigint;
  achievedWeight: bigint;
  /** Total weight of the eligible set (the most any fill can preserve). */
  eligibleWeight: bigint;
  nodeCount: number;
  smallestNode: PreservedNodeRef | null;
  /** True when the eligible set ran out below the target. */
  cappedByEligibility: boolean;
  /** max(0, target − achieved). */
  shortfallWeight: bigint;
  peakInFlight: bigint | null;
  /** ⌊achieved × rate / 10000⌋: requests the preserved nodes carry during PoC. */
  capacityRequests: bigint;
  /** capacity ÷ peak demand, 2 decimals (truncated), from integers; null without demand. */
  capacityToDemand: string | null;
  /** max(0, peak − capacity): requests at peak the preserved set cannot carry; null without demand. */
  shortfallRequests: bigint | null;
  participants: { address: string; nodeIds: string[] }[];
}

export interface RuleResult {
  rule: PreservedRule;
  models: RuleModelResult[];
}

export interface PreservedRulesOptions {
  /** Episode anchor height; defaults to the state's anchorHeight. */
  anchor?: bigint;
  rule?: RuleSelection;
  demand?: DemandInput;
  /** PoCMaxConcurrentPer10000Weight; defaults to the demand input's, else 10. */
  rate?: bigint;
  /** Parameter overrides, e.g. { "epoch_params.poc_slot_allocation": "0.25" }. */
  overrides?: Readonly<Record<string, string>>;
  /** The chain version's sampler rules for "current" (default: the newest). */
  rules?: PreservedRules;
  /**
   * A v0.2.16 confirmation PoC's challenge targets (#1811): left out after sampling, under either rule,
   * and nobody is preserved in their place (the caller's stripChallengeSkipFromPreserved). Default: none.
   */
  challengeSkip?: ReadonlySet<string>;
}

export interface PreservedRulesResult {
  anchorHeight: bigint;
  /** The slot allocation the sampler used (nil or zero read as 0.5), as a decimal string. */
  pocSlotAllocation: string;
  rate: bigint;
  current?: RuleResult;
  demand?: RuleResult;
  /** What `challengeSkip` left out of today's rule: each host's nodes the sampler had preserved, per model (sampler order). */
  leftOutByChallenge: { modelId: string; participantId: string; nodeIds: string[] }[];
  warnings: string[];
}

/** Parse `epoch_params.poc_slot_allocation=0.25`-style assignments into an overrides record. */
export function parseOverrides(assignments: readonly string[], path = "--set"): Record<string, string> {
  const out: Record<string, string> = {};
  const spelled = new Map<string, string>(); // one parameter, whatever its spelling → the key as given
  for (const a of assignments) {
    const eq = a.indexOf("=");
    if (eq <= 0) throw new InputError(`expected KEY=VALUE (e.g. epoch_params.poc_slot_allocation=0.25), got ${describeValue(a)}`, path);
    const k = a.slice(0, eq).trim();
    const canonical = SLOT_ALLOCATION_NAMES.includes(k) ? SLOT_ALLOCATION_NAMES[0]! : k;
    const before = spelled.get(canonical);
    if (before !== undefined) {
      throw new InputError(`${before === k ? `${describeValue(k)} is set twice` : `${describeValue(before)} and ${describeValue(k)} name the same parameter`}; set it once`, path);
    }
    spelled.set(canonical, k);
    out[k] = a.slice(eq + 1).trim();
  }
  return out;
}

/** A slot allocation given as decimal text, validated to [0, 1] and to the chain's int64/int32 fields. */
export function parseSlotAllocation(text: string, path: string): ChainDecimal {
  const d = parseDecimalText(text, path); // int64 coefficient, bounded exponent
  const { value, exponent } = d.toChain();
  if (!isInt64(value)) throw new InputError(`${describeValue(text)} has too many digits for the chain's Decimal (int64 value)`, path);
  if (d.cmp(Decimal.fromInt(0)) < 0 || d.cmp(Decimal.fromInt(1)) > 0) {
    throw new InputError(`the slot allocation is a fraction of model weight between 0 and 1, got ${describeValue(text)}`, path);
  }
  return { value, exponent };
}

/** Apply parameter overrides to a copy of `state`; returns it and the warnings they raise. */
export function applyOverrides(state: PreservedState, overrides: Readonly<Record<string, string>>, path = "--set"): { state: PreservedState; warnings: string[] } {
  const warnings: string[] = [];
  let next = state;
  for (const [k, v] of Object.entries(overrides)) {
    if (SLOT_ALLOCATION_NAMES.includes(k)) {
      const psa = parseSlotAllocation(v, `${path} ${k}`);
      next = { ...next, params: { ...next.params, epochParams: { ...next.params.epochParams, pocSlotAllocation: psa } } };
    } else {
      throw new InputError(`unknown parameter ${describeValue(k)}; supported: ${OVERRIDABLE_PARAMETERS.join(", ")}`, path);
    }
  }
  return { state: next, warnings };
}

/** The slot allocation the sampler uses: nil or zero → 0.5. */
export function effectiveSlotAllocation(state: PreservedState): Decimal {
  const psa = state.params.epochParams.pocSlotAllocation;
  return psa === null || psa.value === 0n ? Decimal.new(5, -1) : Decimal.fromChain(psa);
}

interface ModelContext {
  modelId: string;
  totalWeight: bigint;
  fractionTarget: bigint;
  peak: bigint | null;
  demandWeight: bigint | null;
  eligible: Map<string, { nodeId: string; pocWeight: bigint }[]>;
}

function summarize(ctx: ModelContext, rate: bigint, target: bigint, taken: PreservedNodeRef[]): RuleModelResult {
  const eligibleWeight = [...ctx.eligible.values()].flat().reduce((s, n) => s + n.pocWeight, 0n);
  const achievedWeight = taken.reduce((s, n) => s + n.pocWeight, 0n);
  let smallest: PreservedNodeRef | null = null;
  for (const n of taken) {
    if (
      smallest === null ||
      n.pocWeight < smallest.pocWeight ||
      (n.pocWeight === smallest.pocWeight && (compareGoStrings(n.participant, smallest.participant) || compareGoStrings(n.nodeId, smallest.nodeId)) < 0)
    ) {
      smallest = n;
    }
  }
  const byParticipant = new Map<string, string[]>();
  for (const n of taken) {
    const ids = byParticipant.get(n.participant) ?? [];
    ids.push(n.nodeId);
    byParticipant.set(n.participant, ids);
  }
  const capacity = capacityRequests(achievedWeight, rate);
  return {
    modelId: ctx.modelId,
    totalWeight: ctx.totalWeight,
    fractionTarget: ctx.fractionTarget,
    demandWeight: ctx.demandWeight,
    targetWeight: target,
    achievedWeight,
    eligibleWeight,
    nodeCount: taken.length,
    smallestNode: smallest,
    cappedByEligibility: achievedWeight < target,
    shortfallWeight: achievedWeight < target ? target - achievedWeight : 0n,
    peakInFlight: ctx.peak,
    capacityRequests: capacity,
    capacityToDemand: ctx.peak === null ? null : ratioString(capacity, ctx.peak),
    shortfallRequests: ctx.peak === null ? null : ctx.peak > capacity ? ctx.peak - capacity : 0n,
    participants: [...byParticipant.keys()].sort(compareGoStrings).map((address) => ({ address, nodeIds: byParticipant.get(address)!.sort(compareGoStrings) })),
  };
}

/** Today's rule: the chain's own snapshot (preserved nodes are eligible nodes, whose weights are known), less a confirmation PoC's challenge targets. */
function currentRule(result: PreservedResult, ctxs: ModelContext[], rate: bigint, skip: ReadonlySet<string>): RuleResult {
  const snapshot = stripChallengeSkipFromPreserved(result.snapshot, skip);
  return {
    rule: "current",
    models: ctxs.map((ctx) => {
      const weights = new Map<string, bigint>();
      for (const [a, ns] of ctx.eligible) for (const n of ns) weights.set(`${a}\u0000${n.nodeId}`, n.pocWeight);
      const entry = snapshot.modelPreservedNodes.find((m) => m.modelId === ctx.modelId);
      const taken = (entry?.participants ?? []).flatMap((p) =>
        p.nodeIds.map((nodeId) => ({ participant: p.participantId, nodeId, pocWeight: weights.get(`${p.participantId}\u0000${nodeId}`) ?? 0n })),
      );
      return summarize(ctx, rate, ctx.fractionTarget, taken);
    }),
  };
}

/** The proposal: max(today's target, D_m), largest node first, over the same eligible set (a confirmation PoC's challenge targets left out after the fill, as today's). */
function demandRule(ctxs: ModelContext[], rate: bigint, skip: ReadonlySet<string>): RuleResult {
  return {
    rule: "demand",
    models: ctxs.map((ctx) => {
      const target = demandTarget(ctx.fractionTarget, ctx.demandWeight ?? undefined);
      const fill = fillLargestFirst(ctx.eligible, target);
      return summarize(ctx, rate, target, fill.allocationOrder.filter((n) => !skip.has(n.participant)));
    }),
  };
}

/**
 * Run today's preserved rule and/or the demand-based proposal on one state at one anchor.
 * Mirrors nothing in Go for "demand" (a proposal); "current" is SamplePreservedForEpisode's result.
 */
export function runPreservedRules(state: PreservedState, options: PreservedRulesOptions = {}): PreservedRulesResult {
  const rule = options.rule ?? "both";
  const anchor = options.anchor ?? state.anchorHeight;
  if (anchor === undefined) throw new InputError("no anchor height: the state has no anchorHeight and none was given", "anchor");
  const { state: s, warnings } = applyOverrides(state, options.overrides ?? {});
  const rate = options.rate ?? options.demand?.rate ?? DEFAULT_POC_RATE;
  if (rate <= 0n) throw new InputError(`the rate (requests per 10,000 weight) must be a positive integer, got ${rate}`, "rate");
  if (rule !== "current" && options.demand === undefined) {
    throw new InputError("the demand rule needs peak in-flight requests per model (a demand file or the snapshot's demand slice)", "demand");
  }

  const result = anchorSampler(s, options.rules)(anchor);
  warnings.unshift(...result.warnings); // odd input and what Go does silently (e.g. a zero slot allocation read as 0.5)
  const models = modelIds(s);
  const peaks = options.demand?.peakInFlight;
  if (peaks && rule !== "current") {
    for (const m of models) if (!peaks.has(m)) warnings.push(`demand: no peak in-flight figure for model ${describeValue(m)}; its demand target is today's target`);
    for (const m of peaks.keys()) if (!models.includes(m)) warnings.push(`demand: model ${describeValue(m)} is not a model of this state; ignored`);
  }
  const ctxs: ModelContext[] = models.map((modelId) => {
    const alloc = modelAllocation(result, modelId);
    const peak = peaks?.get(modelId) ?? null;
    return {
      modelId,
      totalWeight: alloc.totalWeight,
      fractionTarget: alloc.targetWeight,
      peak,
      demandWeight: peak === null ? null : demandWeight(peak, rate),
      eligible: eligibleNodes(result, modelId),
    };
  });
  const skip = options.challengeSkip ?? new Set<string>();
  const leftOutByChallenge = result.snapshot.modelPreservedNodes.flatMap((m) =>
    m.participants.filter((p) => skip.has(p.participantId)).map((p) => ({ modelId: m.modelId, participantId: p.participantId, nodeIds: [...p.nodeIds] })),
  );
  return {
    anchorHeight: anchor,
    pocSlotAllocation: effectiveSlotAllocation(s).toString(),
    rate,
    ...(rule !== "demand" ? { current: currentRule(result, ctxs, rate, skip) } : {}),
    ...(rule !== "current" ? { demand: demandRule(ctxs, rate, skip) } : {}),
    leftOutByChallenge,
    warnings,
  };
}
