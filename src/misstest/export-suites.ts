/**
 * The miss-test family's own vector suite for other languages: the exact one-sided binomial test
 * (exact-binomial.ts) beside the on-chain verdict (missed-stat-verdict.ts), on a fixed grid.
 */
import { InputError, describeValue } from "../errors.js";
import { Decimal } from "../go/decimal.js";
import type { Json } from "../go/json.js";
import type { ExportSuite } from "../vectors/export-types.js";
import { buildCases, intField, ruleRejects, type CaseInput } from "../vectors/spec-suite.js";
import { exactObject, expectString } from "../json-input.js";
import type { SuiteTable } from "../vectors/types.js";
import { exactCriticalValue, exactTestPasses, exactUpperTail } from "./exact-binomial.js";
import { explainMissedStatTest } from "./missed-stat-verdict.js";

export const EXACT_BINOMIAL_SUITE = "spec_exact_binomial_test";

const INPUT_FIELDS = ["k", "n", "p0", "alpha"] as const;

/** The only significance level the exact test is specified at (the chain's ALPHA). */
const ALPHA_TEXT = "0.05";

function parseP0(v: Json | undefined, path: string): Decimal {
  const text = expectString(v, path);
  if (!/^\d+(\.\d+)?$/.test(text)) throw new InputError(`expected a decimal string such as "0.10", got ${describeValue(v)}`, path);
  return Decimal.fromString(text);
}

function runExactBinomial(input: Json): unknown {
  const i = exactObject(input, INPUT_FIELDS, "input");
  const k = intField(i.k, "input.k");
  const n = intField(i.n, "input.n");
  const p0 = parseP0(i.p0, "input.p0");
  const alpha = expectString(i.alpha, "input.alpha");
  if (alpha !== ALPHA_TEXT) throw new InputError(`the exact test is specified at alpha ${ALPHA_TEXT} only, got ${describeValue(alpha)}`, "input.alpha");
  return ruleRejects(() => {
    const p = exactUpperTail(k, n, p0);
    const chain = explainMissedStatTest(k, n, p0);
    return {
      pValue: `${p.numerator}/${p.denominator}`,
      passed: exactTestPasses(p),
      maxAllowedMissed: exactCriticalValue(n, p0),
      chain: {
        passed: chain.passed,
        path: chain.path,
        maxAllowedMissed: chain.maxAllowedMissed,
      },
    };
  });
}

function grid(): CaseInput[] {
  const out: CaseInput[] = [];
  const add = (name: string, k: bigint, n: bigint, p0: string): void => {
    out.push({ name, input: { k, n, p0, alpha: ALPHA_TEXT } });
  };
  // Small totals, where every term of the sum is visible.
  add("k0_n0_p0.10", 0n, 0n, "0.10");
  for (const [k, n] of [[0n, 1n], [1n, 1n], [1n, 2n], [2n, 2n], [1n, 3n], [2n, 5n], [3n, 10n], [4n, 10n], [5n, 20n], [6n, 20n]] as const) {
    add(`k${k}_n${n}_p0.10`, k, n, "0.10");
  }
  add("k1_n1_p0.5", 1n, 1n, "0.5");
  add("k3_n4_p0.5", 3n, 4n, "0.5");
  add("k2_n6_p0.25", 2n, 6n, "0.25");
  // The chain's table ends at n = 990; above it the ratio rule decides.
  for (const p0 of ["0.05", "0.10", "0.20", "0.50"]) {
    for (const n of [990n, 991n]) {
      const c = exactCriticalValue(n, Decimal.fromString(p0));
      add(`critical_n${n}_p${p0}`, c, n, p0);
      add(`critical_plus1_n${n}_p${p0}`, c + 1n, n, p0);
    }
  }
  add("k120_n990_p0.10", 120n, 990n, "0.10");
  add("k120_n991_p0.10", 120n, 991n, "0.10");
  // The incident: 749 missed of 1,497 at p0 = 0.10 (reward zeroed under both tests).
  add("incident_749_of_1497_p0.10", 749n, 1497n, "0.10");
  add("k150_n1497_p0.10", 150n, 1497n, "0.10");
  add("k170_n1497_p0.10", 170n, 1497n, "0.10");
  // p0 without a chain table: the chain computes BinomialPValue directly (prec 16).
  for (const [k, n] of [[0n, 10n], [3n, 10n], [5n, 40n], [10n, 40n], [11n, 40n], [20n, 100n], [25n, 100n], [30n, 991n], [160n, 991n]] as const) {
    add(`direct_k${k}_n${n}_p0.15`, k, n, "0.15");
  }
  add("direct_k2_n7_p0.333", 2n, 7n, "0.333");
  add("direct_k9_n30_p0.125", 9n, 30n, "0.125");
  // The rule rejects these (a port must fail too, with its own error).
  add("error_k_above_n", 5n, 4n, "0.10");
  add("error_negative_k", -1n, 4n, "0.10");
  add("error_p0_zero", 1n, 4n, "0");
  add("error_p0_one", 1n, 4n, "1");
  return out;
}

export const exactBinomialExport: ExportSuite = {
  name: EXACT_BINOMIAL_SUITE,
  function: "exactUpperTail / exactTestPasses / exactCriticalValue, beside explainMissedStatTest (MissedStatTest)",
  source: "gonka-spec src/misstest/exact-binomial.ts, src/misstest/missed-stat-verdict.ts (chain: inference-chain/x/inference/calculations/stats.go@85835b31)",
  notes:
    "The exact one-sided binomial test, not in the Go source. X ~ Binomial(n, p0) with p0 a decimal string read exactly " +
    "as a fraction (no floating point). output.pValue = P(X >= k) as a reduced fraction \"numerator/denominator\" " +
    "(decimal integers; \"1/1\" when k = 0). output.passed = pValue >= alpha, alpha = 1/20 (input.alpha is always \"0.05\"). " +
    "output.maxAllowedMissed = the largest m with P(X >= m) >= alpha (every k <= m passes the exact test). " +
    "output.chain = the on-chain MissedStatTest for the same (k, n, p0): passed (Go's bool), path (which rule decided: " +
    "zero-total, below-table, table-row for n <= 990 with a table p0, ratio-rule for n > 990 (missed*den <= total*num in " +
    "wrapping int64), direct-p-value for a p0 without a table (BinomialPValue(k, n, p0, 16) >= 0.05), error) and " +
    "maxAllowedMissed (the largest m with every count 0..m passing on chain; -1 when even 0 fails). " +
    "Inputs the exact test rejects (k < 0, k > n, n < 0, p0 outside (0, 1)) have output {\"error\": ...}.",
  inputFields: [...INPUT_FIELDS],
  outputFields: ["pValue", "passed", "maxAllowedMissed", "chain.passed", "chain.path", "chain.maxAllowedMissed"],
  cases: () => buildCases(EXACT_BINOMIAL_SUITE, runExactBinomial, grid()),
};

export const exportSuites: ExportSuite[] = [exactBinomialExport];

/** Replay adapters for `vectors check` (registered in src/vectors/registry.ts). */
export const suites: SuiteTable = {
  [EXACT_BINOMIAL_SUITE]: { run: runExactBinomial },
};
