/**
 * A proposal (the compare format, src/compare/params.ts) applied on top of one past epoch: which of its
 * keys the chain version in force then had at all (a key it did not have is bad input), which of them
 * change settlement (only BinomTestP0) and which only preservation or nothing the backtest judges (each
 * named in a note).
 */
import { InputError } from "../errors.js";
import type { ChainDecimal } from "../go/chain-decimal.js";
import type { ProposalParams } from "../compare/params.js";
import type { SettlementInput } from "../settlement/settlement-types.js";
import { atLeast, type ChainVersion } from "../versions/chain-version.js";

/** One side of the backtest: a proposal file, or null for "today" (each epoch's own parameters). */
export interface BacktestSide {
  /** "A" or "B". */
  side: "A" | "B";
  /** The proposal's name, or "today". */
  name: string;
  /** The file it came from (null for today). */
  file: string | null;
  proposal: ProposalParams | null;
}

/**
 * The first chain version whose params hold each proposal key (Go: inference-chain/proto/.../params.proto).
 * `null` = not a chain parameter at all (a gateway setting or a rule of this spec).
 */
export const KEY_SINCE: Readonly<Record<string, ChainVersion | null>> = {
  // ValidationParams.binom_test_p0 and EpochParams.poc_slot_allocation: in params.proto at bb2de824 (v0.2.10) already.
  BinomTestP0: "v0.2.10",
  PocSlotAllocation: "v0.2.10",
  // DevshardEscrowParams.vote_threshold_factor (field 17): absent at d8b8e907 and 17808620, present at ee730031.
  vote_threshold_factor: "v0.2.14",
  PoCMaxConcurrentPer10000Weight: null,
  preserved_rule: null,
  demand: null,
};

/** The keys a proposal sets (besides name and description), in the format's order. */
export function keysSet(p: ProposalParams): string[] {
  const out: string[] = [];
  if (p.pocSlotAllocation !== undefined) out.push("PocSlotAllocation");
  if (p.pocMaxConcurrentPer10000Weight !== undefined) out.push("PoCMaxConcurrentPer10000Weight");
  if (p.binomTestP0 !== undefined) out.push("BinomTestP0");
  if (p.voteThresholdFactor !== undefined) out.push("vote_threshold_factor");
  if (p.preservedRule !== undefined) out.push("preserved_rule");
  if (p.demand !== undefined) out.push("demand");
  return out;
}

/** What a proposal does to one epoch's settlement, and what it says about the rest. */
export interface ProposalInForce {
  /** The settlement input with the proposal's BinomTestP0 as the governance p0 (the same object when unchanged). */
  input: SettlementInput;
  /** The governance p0 the proposal sets (null: the epoch's own). */
  binomTestP0: ChainDecimal | null;
  /** Keys that change the preserved set (when the epoch holds the sampler's inputs). */
  preservedKeys: string[];
  /** Plain-words notes: keys without effect here, a grace p0 that overrides governance. */
  notes: string[];
}

/**
 * Apply `side` to epoch `epoch` settled under `version`. A key the version did not have is an
 * InputError naming the proposal file and key (exit 2).
 */
export function proposalInForce(side: BacktestSide, input: SettlementInput, version: ChainVersion): ProposalInForce {
  const p = side.proposal;
  if (p === null) return { input, binomTestP0: null, preservedKeys: [], notes: [] };
  const notes: string[] = [];
  const where = side.file ?? side.name;
  for (const k of keysSet(p)) {
    const since = KEY_SINCE[k];
    if (since !== null && since !== undefined && !atLeast(version, since)) {
      throw new InputError(
        `epoch ${input.epoch} settled on chain ${version} rules, which have no ${k} (it exists from ${since}): drop the key, or backtest epochs of ${since} or later`,
        `${where}: ${k}`,
      );
    }
  }
  if (p.voteThresholdFactor !== undefined) notes.push(`${side.side}: vote_threshold_factor ${p.voteThresholdFactor} changes neither settlement nor preservation (it is the devshard vote tally's): no effect here`);
  if (p.pocMaxConcurrentPer10000Weight !== undefined && p.preservedRule !== "demand") {
    notes.push(`${side.side}: PoCMaxConcurrentPer10000Weight ${p.pocMaxConcurrentPer10000Weight} is a gateway setting, not read by settlement; it matters here only to the demand rule`);
  }
  const preservedKeys = keysSet(p).filter((k) => k === "PocSlotAllocation" || k === "preserved_rule" || k === "demand" || k === "PoCMaxConcurrentPer10000Weight");
  let out = input;
  let binomTestP0: ChainDecimal | null = null;
  if (p.binomTestP0 !== undefined) {
    binomTestP0 = p.binomTestP0.toChain();
    out = { ...input, validationParams: { ...(input.validationParams ?? {}), binomTestP0 } };
    if (input.graceEpoch !== null && input.graceEpoch.binomTestP0 !== null) {
      notes.push(`${side.side}: epoch ${input.epoch} has a punishment grace epoch p0, which replaces the governance p0 at settlement: BinomTestP0 changes nothing in this epoch`);
    }
  }
  return { input: out, binomTestP0, preservedKeys, notes };
}
