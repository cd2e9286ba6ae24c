/** Go golden-vector suites implemented by this rule family (suite name → adapter). */
import { InputError, describeValue } from "../errors.js";
import { compareGoStrings } from "../go/bytes.js";
import { Decimal } from "../go/decimal.js";
import { checkedUint64, toBigInt } from "../go/int64.js";
import type { Json } from "../go/json.js";
import type { SuiteTable, VectorCase } from "../vectors/types.js";
import { binomialPValue } from "./binomial-p-value.js";
import { ceilToSupportedP0Permille } from "./ceil-to-supported-p0-permille.js";
import { chainDecimalJson, parseOptionalChainDecimal } from "../go/chain-decimal.js";
import { checkAndPunishForDowntime } from "./check-and-punish-for-downtime.js";
import { decimalToPermilleCeil } from "./decimal-to-permille-ceil.js";
import { decimalToPermille } from "./decimal-to-permille.js";
import { downtimeStep } from "./downtime-step.js";
import { parseParticipants, parseValidationParams } from "./epoch-input.js";
import { getDynamicP0 } from "./get-dynamic-p0.js";
import { hasSignificantMissedValidations } from "./has-significant-missed-validations.js";
import { missedStatTest } from "./missed-stat-test.js";
import { permilleToP0Decimal } from "./permille-to-p0-decimal.js";
import { expectObject, expectString } from "../json-input.js";

/** The largest passing missed count for n, found with missedStatTest itself, with the step shape spot-checked. */
/**
 * The largest count k of 0..n such that every count 0..k passes and every larger one fails, as the
 * missed_stat_boundaries format defines it, with `pass` evaluated at EVERY count 0..n (no search: a
 * wrong verdict at a single count must show). A verdict that is not such a step reports the first
 * count that breaks it (`notAStep`; 0 when even 0 misses fail).
 */
export function stepBoundary(pass: (k: bigint) => boolean, n: bigint): { maxPassing: bigint } | { notAStep: bigint } {
  let k = 0n;
  while (k <= n && pass(k)) k++;
  if (k === 0n) return { notAStep: 0n };
  for (let j = k + 1n; j <= n; j++) if (pass(j)) return { notAStep: j };
  return { maxPassing: k - 1n };
}

function boundaryOf(p0: Decimal, n: bigint): { maxPassing: bigint } | { notAStep: bigint } {
  return stepBoundary((k) => missedStatTest(k, n, p0), n);
}

export const suites: SuiteTable = {
  missed_stat_test: {
    run(input) {
      const i = expectObject(input, "input");
      const passed = missedStatTest(toBigInt(i.nMissed, "nMissed"), toBigInt(i.nTotal, "nTotal"), Decimal.fromString(expectString(i.p0, "p0")));
      return { passed };
    },
  },

  missed_stat_boundaries: {
    expandFile(doc): VectorCase[] {
      const d = expectObject(doc, "missed_stat_boundaries");
      const cases: VectorCase[] = [];
      for (const p0 of Object.keys(d)) {
        const bounds = d[p0];
        if (!Array.isArray(bounds)) throw new InputError(`expected an array of boundaries, got ${describeValue(bounds)}`, p0);
        bounds.forEach((b, idx) => {
          cases.push({ name: `p0=${p0} n=${idx + 1}`, input: { p0, nTotal: idx + 1 }, output: { maxPassing: b } });
        });
      }
      return cases;
    },
    run(input) {
      const i = expectObject(input, "input");
      return boundaryOf(Decimal.fromString(expectString(i.p0, "p0")), toBigInt(i.nTotal, "nTotal"));
    },
  },

  binomial_p_value: {
    run(input) {
      const i = expectObject(input, "input");
      const prec = Number(toBigInt(i.prec, "prec"));
      const p = binomialPValue(toBigInt(i.k, "k"), toBigInt(i.n, "n"), Decimal.fromString(expectString(i.p0, "p0")), prec);
      return { pValue: p.toString() };
    },
  },

  decimal_to_permille: {
    run(input) {
      return { permille: decimalToPermille(Decimal.fromString(expectString(expectObject(input, "input").p0, "p0"))) };
    },
  },

  decimal_to_permille_ceil: {
    run(input) {
      return { permille: decimalToPermilleCeil(parseOptionalChainDecimal(expectObject(input, "input").p0, "p0")) };
    },
  },

  ceil_to_supported_p0_permille: {
    run(input) {
      return { permille: ceilToSupportedP0Permille(checkedUint64(expectObject(input, "input").targetPermille, "targetPermille")) };
    },
  },

  permille_to_p0_decimal: {
    run(input) {
      const d = permilleToP0Decimal(checkedUint64(expectObject(input, "input").permille, "permille"));
      return { p0: chainDecimalJson(d) };
    },
  },

  check_and_punish_for_downtime: {
    run(input) {
      const i = expectObject(input, "input");
      const reward = checkAndPunishForDowntime(
        checkedUint64(i.total, "total"),
        checkedUint64(i.missed, "missed"),
        checkedUint64(i.reward, "reward"),
        parseOptionalChainDecimal(i.p0, "p0"),
      );
      return { reward };
    },
  },

  get_dynamic_p0: {
    run(input) {
      const i = expectObject(input, "input");
      const r = getDynamicP0(parseParticipants(i.participants, "participants"), parseValidationParams(i.validationParams, "validationParams"));
      return { p0: chainDecimalJson(r.p0), skipPunishment: r.skipPunishment };
    },
  },

  downtime_step_bitcoin_rewards: {
    run(input) {
      const i = expectObject(input, "input");
      const w = expectObject(i.weights ?? {}, "weights");
      const weights = new Map<string, bigint>();
      for (const k of Object.keys(w)) weights.set(k, checkedUint64(w[k], `weights.${k}`));
      const r = downtimeStep(parseParticipants(i.participants, "participants"), parseValidationParams(i.validationParams, "validationParams"), weights);
      const out: Record<string, bigint> = Object.create(null); // a "__proto__" address stays a key
      for (const k of [...r.weights.keys()].sort(compareGoStrings)) out[k] = r.weights.get(k)!;
      return { p0: chainDecimalJson(r.p0), skipPunishment: r.skipPunishment, weights: out };
    },
  },

  claim_rewards_missed_validations: {
    run(input) {
      const i = expectObject(input, "input");
      const significant = hasSignificantMissedValidations(
        toBigInt(i.missed, "missed"),
        toBigInt(i.total, "total"),
        parseValidationParams(i.validationParams, "validationParams"),
      );
      return { significant };
    },
  },
};
