/**
 * The parameters the in-epoch status tests read (src/status: ComputeStatus, UpdateParticipantStatus), by
 * every spelling a proposal file, `status --set` or `backtest --b` takes: the Go field name (the key),
 * the chain's snake_case name with or without its params message, the Go path and camelCase.
 */
import { InputError, describeValue } from "../errors.js";
import { Decimal } from "../go/decimal.js";
import type { StatusConfirmationPoCParams, StatusValidationParams } from "../status/status-types.js";

/** A status parameter: its canonical key, the params message holding it and its proto field name. */
export interface StatusParameter {
  key: StatusParamKey;
  message: "validation_params" | "confirmation_poc_params";
  field: string;
  /** What the number is, for people. */
  unit: string;
  /** A probability or a fraction: at most 1 (the H thresholds are log-likelihood ratios, unbounded). */
  atMostOne: boolean;
}

export const STATUS_PARAM_KEYS = [
  "FalsePositiveRate",
  "BadParticipantInvalidationRate",
  "InvalidationHThreshold",
  "DowntimeGoodPercentage",
  "DowntimeBadPercentage",
  "DowntimeHThreshold",
  "QuickFailureThreshold",
  "InvalidReputationPreserve",
  "DowntimeReputationPreserve",
  "AlphaThreshold",
] as const;
export type StatusParamKey = (typeof STATUS_PARAM_KEYS)[number];

const snake = (k: string): string => k.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/([A-Z])([A-Z][a-z])/g, "$1_$2").toLowerCase();
const camel = (s: string): string => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

const UNITS: Record<StatusParamKey, string> = {
  FalsePositiveRate: "probability (the invalidation test's P0)",
  BadParticipantInvalidationRate: "probability (the invalidation test's P1)",
  InvalidationHThreshold: "log-likelihood ratio (the invalidation test's H)",
  DowntimeGoodPercentage: "probability (the downtime test's P0)",
  DowntimeBadPercentage: "probability (the downtime test's P1)",
  DowntimeHThreshold: "log-likelihood ratio (the downtime test's H)",
  QuickFailureThreshold: "probability (the consecutive-failure cutoff)",
  InvalidReputationPreserve: "fraction of reputation kept",
  DowntimeReputationPreserve: "fraction of reputation kept",
  AlphaThreshold: "fraction (the confirmation PoC's pass ratio)",
};

export const STATUS_PARAMETERS: readonly StatusParameter[] = STATUS_PARAM_KEYS.map((key) => ({
  key,
  message: key === "AlphaThreshold" ? "confirmation_poc_params" : "validation_params",
  field: snake(key),
  unit: UNITS[key],
  atMostOne: /^(probability|fraction)\b/.test(UNITS[key]),
}));

const GO_MESSAGE = { validation_params: "ValidationParams", confirmation_poc_params: "ConfirmationPoCParams" } as const;

/** Every other spelling of each status parameter (snake_case, message.snake_case, the Go path, camelCase). */
export const STATUS_PARAMETER_ALIASES: Readonly<Record<StatusParamKey, readonly string[]>> = Object.fromEntries(
  STATUS_PARAMETERS.map((p) => [p.key, [p.field, `${p.message}.${p.field}`, `${GO_MESSAGE[p.message]}.${p.key}`, camel(p.field), `${camel(p.message)}.${camel(p.field)}`]]),
) as unknown as Record<StatusParamKey, readonly string[]>;

/** The status parameter a name spells (any spelling), or undefined. */
export function statusParameterNamed(name: string): StatusParameter | undefined {
  return STATUS_PARAMETERS.find((p) => p.key === name || STATUS_PARAMETER_ALIASES[p.key].includes(name));
}

/** The chain's name of a status parameter: `validation_params.invalidation_h_threshold`. */
export const statusParamPath = (p: StatusParameter): string => `${p.message}.${p.field}`;

/** The field of StatusValidationParams / StatusConfirmationPoCParams holding a parameter. */
export function statusParamField(p: StatusParameter): keyof StatusValidationParams | keyof StatusConfirmationPoCParams {
  return camel(p.field) as keyof StatusValidationParams | keyof StatusConfirmationPoCParams;
}

/**
 * A value a person wrote (`status --set`, a proposal file) for a probability or fraction above 1 is refused:
 * Go runs such a rate through a degenerate branch (probability 0: the test fires at once), which would read
 * as a verdict on the participant. A governance proposal's value is judged as the chain would run it.
 */
export function refuseAboveOne(p: StatusParameter, value: Decimal, text: string, path: string): void {
  if (p.atMostOne && value.greaterThan(Decimal.fromInt(1))) throw new InputError(`a ${p.unit} is at most 1, got ${describeValue(text)}`, path);
}
