/**
 * A counterfactual of the status tests: parameters set by `--set NAME=VALUE` (or a proposal), any
 * spelling src/compare/status-params.ts knows, laid over the params each update reads. The replay is
 * then run again unchanged: same updates, same rules, other thresholds.
 */
import { InputError, describeValue } from "../errors.js";
import type { ChainDecimal } from "../go/chain-decimal.js";
import { parseDecimalText } from "../go/chain-decimal.js";
import { Decimal } from "../go/decimal.js";
import { refuseAboveOne, STATUS_PARAMETERS, STATUS_PARAMETER_ALIASES, statusParamField, statusParameterNamed, statusParamPath, type StatusParamKey } from "../compare/status-params.js";
import { didYouMean } from "../format/suggest.js";
import type { StatusConfirmationPoCParams, StatusValidationParams } from "../status/status-types.js";
import type { ParamsInForce, StatusReplayInput } from "./replay-input.js";

/** Each parameter set: its value, or null for a nil Decimal (a MsgUpdateParams that leaves it out). */
export type StatusOverrides = Partial<Record<StatusParamKey, ChainDecimal | null>>;

/** A status parameter's value as the chain stores it: a non-negative decimal in Decimal{int64, int32}. */
export function statusParamValue(text: string, path: string): ChainDecimal {
  const d = parseDecimalText(text, path);
  if (d.lessThan(Decimal.fromInt(0))) throw new InputError(`a status parameter is not negative, got ${describeValue(text)}`, path);
  return d.toChain(); // parseDecimalText keeps the chain's Decimal{int64, int32}
}

/** `--set NAME=VALUE` assignments as overrides; a name given twice (in any two spellings) or not a status parameter is refused by name. */
export function parseStatusOverrides(assignments: readonly string[], path = "--set"): StatusOverrides {
  const out: StatusOverrides = {};
  const spelled = new Map<StatusParamKey, string>();
  for (const a of assignments) {
    const eq = a.indexOf("=");
    if (eq <= 0) throw new InputError(`expected NAME=VALUE (e.g. validation_params.invalidation_h_threshold=40), got ${describeValue(a)}`, path);
    const name = a.slice(0, eq).trim();
    const p = statusParameterNamed(name);
    if (p === undefined) {
      const known = STATUS_PARAMETERS.flatMap((q) => [statusParamPath(q), ...STATUS_PARAMETER_ALIASES[q.key]]);
      throw new InputError(`${describeValue(name)} is not a parameter of the status tests${didYouMean(name, known, (k) => k)}; they are ${STATUS_PARAMETERS.map(statusParamPath).join(", ")} (or their Go names, e.g. ValidationParams.InvalidationHThreshold)`, path);
    }
    const before = spelled.get(p.key);
    if (before !== undefined) throw new InputError(`${before === name ? `${describeValue(name)} is set twice` : `${describeValue(before)} and ${describeValue(name)} name the same parameter`}; set it once`, path);
    spelled.set(p.key, name);
    const value = statusParamValue(a.slice(eq + 1), `${path} ${name}`);
    refuseAboveOne(p, Decimal.fromChain(value), a.slice(eq + 1), `${path} ${name}`);
    out[p.key] = value;
  }
  return out;
}

const NO_VALIDATION: StatusValidationParams = {
  falsePositiveRate: null,
  badParticipantInvalidationRate: null,
  invalidationHThreshold: null,
  downtimeGoodPercentage: null,
  downtimeBadPercentage: null,
  downtimeHThreshold: null,
  quickFailureThreshold: null,
  invalidReputationPreserve: null,
  downtimeReputationPreserve: null,
};

/** The params in force with the overrides laid over them. */
export function overrideParams(p: ParamsInForce, overrides: StatusOverrides): ParamsInForce {
  const set = STATUS_PARAMETERS.filter((q) => overrides[q.key] !== undefined);
  if (set.length === 0) return p;
  const shown = (q: (typeof set)[number]): string => (overrides[q.key] === null ? "nil" : Decimal.fromChain(overrides[q.key]!).toString());
  let validation = p.validation;
  let confirmation = p.confirmation;
  for (const q of set) {
    const v = overrides[q.key] ?? null;
    if (q.message === "validation_params") validation = { ...(validation ?? NO_VALIDATION), [statusParamField(q)]: v };
    else confirmation = { ...(confirmation ?? { alphaThreshold: null }), [statusParamField(q)]: v } as StatusConfirmationPoCParams;
  }
  const words = set.map((q) => `${statusParamPath(q)} = ${shown(q)}`).join(", ");
  return { validation, confirmation, source: `${p.source}, with ${words}`, assumption: p.assumption };
}

/**
 * The same replay input with the overrides applied at every height. The updates stay the chain's: Go
 * merges a host's counters and writes its confirmation ratio whatever its status, so only the
 * decisions change; the chain's records still check the counters between updates, not the status.
 */
export function withStatusOverrides(input: StatusReplayInput, overrides: StatusOverrides): StatusReplayInput {
  return { ...input, paramsAt: (h) => overrideParams(input.paramsAt(h), overrides), ...(input.checkpoints ? { checkpoints: input.checkpoints.map((c) => ({ ...c, status: null })) } : {}) };
}

/** The value a parameter has in `p` (null: not set there). */
export function statusParamIn(p: ParamsInForce, key: StatusParamKey): ChainDecimal | null {
  const q = STATUS_PARAMETERS.find((x) => x.key === key)!;
  const holder = (q.message === "validation_params" ? p.validation : p.confirmation) as Record<string, ChainDecimal | null> | null;
  return holder?.[statusParamField(q)] ?? null;
}
