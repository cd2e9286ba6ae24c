/**
 * A governance proposal as a parameter set: the JSON file `gonka-spec compare --a/--b` reads.
 *
 * Format (every parameter optional; a missing one keeps the value in force in the snapshot, or the
 * chain's default when the snapshot does not carry it):
 *
 *     {
 *       "name": "B: demand rule",                 // required, shown in every table and chart
 *       "description": "free text",               // optional
 *       "PocSlotAllocation": "0.25",               // decimal string in [0, 1] (EpochParams.poc_slot_allocation)
 *       "PoCMaxConcurrentPer10000Weight": 10,      // integer > 0 (gateway PoC rate; also the demand rule's rate)
 *       "BinomTestP0": "0.10",                     // decimal string in (0, 1) (ValidationParams.binom_test_p0)
 *       "vote_threshold_factor": 50,               // integer in 1..100 (DevshardEscrowParams.vote_threshold_factor)
 *       "preserved_rule": "demand",                // "current" (today's sampler) or "demand" (the proposal)
 *       "demand": "demand.json" | { ... }          // demand input: a path (relative to this file) or inline
 *     }
 *
 * Decimals are strings on purpose: a JSON number such as 0.1 would pass through a binary float, and
 * nothing that decides an outcome may. Integers may be JSON integers or strings of digits. Unknown keys
 * are refused (a misspelt parameter would otherwise silently compare today's value with itself).
 * Every error names the file and the key.
 */
import { readTextFile } from "../fs/files.js";
import { dirname, resolve as resolvePath } from "node:path";
import { InputError, describeValue, oneLineText } from "../errors.js";
import { Decimal } from "../go/decimal.js";
import { parseDecimalText } from "../go/chain-decimal.js";
import { GoError } from "../go/errors.js";
import { INT64_MAX } from "../go/int64.js";
import { parseJson, type Json } from "../go/json.js";
import { isJsonObject } from "../json-input.js";
import { didYouMean } from "../format/suggest.js";
import { refuseAboveOne, STATUS_PARAM_KEYS, STATUS_PARAMETERS, STATUS_PARAMETER_ALIASES, type StatusParamKey } from "./status-params.js";

export const PRESERVED_RULES = ["current", "demand"] as const;
export type PreservedRuleName = (typeof PRESERVED_RULES)[number];

/** The demand input exactly as written (parsed later by the demand rule's own reader). */
export interface DemandInput {
  /** "inline" or the resolved path of the file it came from. */
  source: string;
  json: Json;
}

/** The proposal keys that vary a chain parameter (the keys of x/inference Params compare and backtest model). */
export type ModelledKeyName = "PocSlotAllocation" | "BinomTestP0" | "vote_threshold_factor";

/** One proposal as written: only the parameters it sets. */
export interface ProposalParams {
  name: string;
  description?: string;
  pocSlotAllocation?: Decimal;
  pocMaxConcurrentPer10000Weight?: bigint;
  binomTestP0?: Decimal;
  voteThresholdFactor?: bigint;
  preservedRule?: PreservedRuleName;
  demand?: DemandInput;
  /** The in-epoch status tests' parameters it sets (judged by the status replay: `status --set`, `backtest`). */
  statusParams?: Partial<Record<StatusParamKey, Decimal>>;
  /**
   * B as a real x/gov proposal: the value it sets for each parameter compare varies, whether or not B
   * runs with it (a MsgUpdateParams sets them all; one the params in force do not record is not run).
   */
  sets?: Partial<Record<ModelledKeyName, string>>;
}

/** The keys a proposal file may hold, in the order the documentation lists them. */
export const PROPOSAL_KEYS = [
  "name",
  "description",
  "PocSlotAllocation",
  "PoCMaxConcurrentPer10000Weight",
  "BinomTestP0",
  "vote_threshold_factor",
  ...STATUS_PARAM_KEYS,
  "preserved_rule",
  "demand",
] as const;

/**
 * Other spellings of each parameter a proposal file accepts: the chain's snake_case names (as in
 * params.proto and `inferenced query inference params`, with or without the params message), the Go
 * field names (EpochParams.PocSlotAllocation) and camelCase. Two spellings of one parameter in the
 * same file are an error.
 */
export const PARAMETER_ALIASES: Readonly<Record<string, readonly string[]>> = {
  PocSlotAllocation: ["poc_slot_allocation", "epoch_params.poc_slot_allocation", "EpochParams.PocSlotAllocation", "pocSlotAllocation", "epochParams.pocSlotAllocation"],
  PoCMaxConcurrentPer10000Weight: ["poc_max_concurrent_per_10000_weight", "pocMaxConcurrentPer10000Weight"],
  BinomTestP0: ["binom_test_p0", "validation_params.binom_test_p0", "ValidationParams.BinomTestP0", "binomTestP0", "validationParams.binomTestP0"],
  vote_threshold_factor: ["VoteThresholdFactor", "devshard_escrow_params.vote_threshold_factor", "DevshardEscrowParams.VoteThresholdFactor", "voteThresholdFactor", "devshardEscrowParams.voteThresholdFactor"],
  ...STATUS_PARAMETER_ALIASES,
  preserved_rule: ["PreservedRule", "preservedRule"],
};

/** The canonical key of a proposal key (itself when it has no alias), or undefined when unknown. */
export function canonicalProposalKey(k: string): string | undefined {
  if ((PROPOSAL_KEYS as readonly string[]).includes(k)) return k;
  for (const [canonical, aliases] of Object.entries(PARAMETER_ALIASES)) if (aliases.includes(k)) return canonical;
  return undefined;
}

/** A decimal written as a string, e.g. "0.25"; the range check is the caller's. */
export function decimalParam(v: Json, path: string): Decimal {
  if (typeof v === "number" || typeof v === "bigint") {
    throw new InputError(`write decimals as strings (e.g. "${String(v)}"), so no binary float touches them; got the number ${describeValue(v)}`, path);
  }
  if (typeof v !== "string" || !/^\d+(\.\d+)?$/.test(v.trim())) {
    throw new InputError(`expected a non-negative decimal string such as "0.25", got ${describeValue(v)}`, path);
  }
  return parseDecimalText(v, path); // bounded digits and exponent, like every decimal the chain stores
}

/** An integer written as a JSON integer or a string of digits. */
export function integerParam(v: Json, path: string): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "number" && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === "string" && /^-?\d+$/.test(v.trim())) return BigInt(v.trim());
  throw new InputError(`expected an integer, got ${describeValue(v)}`, path);
}

const DEC_ONE = Decimal.fromInt(1);

function slotAllocation(v: Json, path: string): Decimal {
  const d = decimalParam(v, path);
  // (decimalParam keeps the chain's Decimal{int64, int32}: at most 19 significant digits)
  if (d.greaterThan(DEC_ONE)) throw new InputError(`must be between 0 and 1, got ${describeValue(v)}`, path);
  return d;
}

function p0Param(v: Json, path: string): Decimal {
  const d = decimalParam(v, path);
  if (d.isZero() || d.greaterThanOrEqual(DEC_ONE)) throw new InputError(`must be strictly between 0 and 1, got ${describeValue(v)}`, path);
  return d;
}

function rateParam(v: Json, path: string): bigint {
  const r = integerParam(v, path);
  if (r <= 0n) throw new InputError(`must be a positive integer (requests per 10,000 weight), got ${describeValue(v)}`, path);
  if (r > INT64_MAX) throw new InputError(`does not fit in int64: ${describeValue(v)}`, path);
  return r;
}

function factorParam(v: Json, path: string): bigint {
  const f = integerParam(v, path);
  // The chain's Params.Validate: 0 < vote_threshold_factor <= 100.
  if (f <= 0n || f > 100n) throw new InputError(`must be an integer in 1..100 (percent; the chain refuses anything else), got ${describeValue(v)}`, path);
  return f;
}

/** How a proposal reads a demand file named by path (injectable for tests). */
export type ReadText = (file: string) => string;

const readText: ReadText = (file) => readTextFile(file); // regular files only, bounded size

function demandParam(v: Json, path: string, baseDir: string, read: ReadText): DemandInput {
  if (isJsonObject(v)) return { source: "inline", json: v };
  if (typeof v === "string" && v.trim() !== "") {
    const file = resolvePath(baseDir, v);
    let json: Json;
    try {
      json = parseJson(read(file), file);
    } catch (e) {
      if (e instanceof InputError) throw new InputError(`cannot use demand file ${describeValue(v)}: ${e.message}`, path);
      throw e;
    }
    if (!isJsonObject(json)) throw new InputError(`demand file ${describeValue(v)} must hold a JSON object`, path);
    return { source: file, json };
  }
  throw new InputError(`expected a demand object or the path of a demand file, got ${describeValue(v)}`, path);
}

export interface ParseProposalOptions {
  /** Directory that relative demand paths are resolved against (default: the current directory). */
  baseDir?: string;
  readText?: ReadText;
}

/** Validate a parsed proposal document. `where` (usually the file name) prefixes every error path. */
export function parseProposal(written: Json, where: string, options: ParseProposalOptions = {}): ProposalParams {
  if (!isJsonObject(written)) throw new InputError(`a proposal must be a JSON object, got ${describeValue(written)}`, where);
  // Every spelling (Go name, chain snake_case, camelCase) maps to one canonical key; errors name the key as written.
  const doc: { [k: string]: Json } = {};
  const spelled = new Map<string, string>();
  for (const k of Object.keys(written)) {
    const c = canonicalProposalKey(k);
    if (c === undefined) {
      throw new InputError(`unknown key ${describeValue(k)}${didYouMean(k, PROPOSAL_KEYS, (p) => `"${p}"`)}; allowed keys: ${PROPOSAL_KEYS.join(", ")} (or the chain's snake_case and Go names of the parameters)`, `${where}: ${k}`);
    }
    if (spelled.has(c)) throw new InputError(`${describeValue(k)} and ${describeValue(spelled.get(c))} name the same parameter; give it once`, `${where}: ${k}`);
    spelled.set(c, k);
    doc[c] = written[k]!;
  }
  const at = (k: string): string => `${where}: ${spelled.get(k) ?? k}`;
  const name = doc.name;
  if (typeof name !== "string" || name.trim() === "") throw new InputError(`expected a non-empty string naming the proposal, got ${describeValue(name)}`, at("name"));
  const out: ProposalParams = { name: oneLineText(name.trim()) }; // shown in every table, chart and title: one line, visible
  if (doc.description !== undefined) {
    if (typeof doc.description !== "string") throw new InputError(`expected a string, got ${describeValue(doc.description)}`, at("description"));
    out.description = doc.description;
  }
  if (doc.PocSlotAllocation !== undefined) out.pocSlotAllocation = slotAllocation(doc.PocSlotAllocation, at("PocSlotAllocation"));
  if (doc.PoCMaxConcurrentPer10000Weight !== undefined) out.pocMaxConcurrentPer10000Weight = rateParam(doc.PoCMaxConcurrentPer10000Weight, at("PoCMaxConcurrentPer10000Weight"));
  if (doc.BinomTestP0 !== undefined) out.binomTestP0 = p0Param(doc.BinomTestP0, at("BinomTestP0"));
  if (doc.vote_threshold_factor !== undefined) out.voteThresholdFactor = factorParam(doc.vote_threshold_factor, at("vote_threshold_factor"));
  for (const q of STATUS_PARAMETERS) {
    if (doc[q.key] === undefined) continue;
    const d = decimalParam(doc[q.key], at(q.key));
    refuseAboveOne(q, d, String(doc[q.key]), at(q.key));
    (out.statusParams ??= {})[q.key] = d;
  }
  if (doc.preserved_rule !== undefined) {
    const r = doc.preserved_rule;
    if (typeof r !== "string" || !(PRESERVED_RULES as readonly string[]).includes(r)) {
      throw new InputError(`expected one of ${PRESERVED_RULES.join(", ")}, got ${describeValue(r)}`, at("preserved_rule"));
    }
    out.preservedRule = r as PreservedRuleName;
  }
  if (doc.demand !== undefined) out.demand = demandParam(doc.demand, at("demand"), options.baseDir ?? process.cwd(), options.readText ?? readText);
  return out;
}

/** Whether a parsed document is a governance proposal in one of the forms src/gov reads (a node's answer, the CLI's JSON), not a proposal file. */
export function isGovProposalDocument(doc: Json): boolean {
  if (!isJsonObject(doc)) return false;
  return isJsonObject(doc.proposal) || isJsonObject(doc.json) || doc.jsonrpc !== undefined || isJsonObject(doc.result) || (Array.isArray(doc.messages) && doc.id !== undefined);
}

/** Read and validate a proposal file; a relative demand path is taken relative to the file. */
export function loadProposal(file: string, read: ReadText = readText): ProposalParams {
  const doc = parseJson(read(file), file);
  // --b reads a real proposal before it comes here; anywhere else it would be refused for its "proposal" key
  if (isGovProposalDocument(doc)) throw new InputError("a real governance proposal is read only as B (--b FILE, or --b-proposal N from a node): A is then the params in force; --a takes a proposal file (docs/compare.md)", file);
  return parseProposal(doc, file, { baseDir: dirname(resolvePath(file)), readText: read });
}
