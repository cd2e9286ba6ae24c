// Replays every case of every bundled Go golden-vector file whose suite the project implements,
// and lists the suites not implemented yet as visible skipped tests.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringifyJson } from "../../src/go/json.js";
import { checkVectorFile, suiteOf } from "../../src/vectors/check.js";
import { SUITES } from "../../src/vectors/registry.js";
import { stepBoundary } from "../../src/misstest/vectors.js";
import type { SuiteTable, VectorCase } from "../../src/vectors/types.js";
import { underMutation } from "../helpers/property-runs.js";

/**
 * Under mutation testing (npm run mutate) every mutant the miss test covers reruns these files: the two
 * suites of more than 10,000 cases are replayed one case in 20 there (npm test replays every case).
 */
function suitesFor(suite: string): SuiteTable {
  const s = SUITES[suite]!;
  if (!underMutation || EXPECTED_CASES[suite]! < 10_000) return SUITES;
  const every20 = (cs: VectorCase[]) => cs.filter((_, i) => i % 20 === 0);
  return { ...SUITES, [suite]: { ...s, expandFile: (doc) => every20(s.expandFile ? s.expandFile(doc) : ((doc as unknown as { cases: VectorCase[] }).cases)) } };
}

const DIR = join(import.meta.dirname, "go");
const files = readdirSync(DIR).filter((f) => f.endsWith(".json.gz")).sort();

/**
 * The vendored set, suite by suite: deleting or truncating a file (or its cases) fails here even
 * where ../shared is absent (bundled.test.ts compares with ../shared only when it exists).
 * missed_stat_boundaries counts one case per (p0, n) row: 7 p0 × n = 1..2000.
 */
const EXPECTED_CASES: Record<string, number> = {
  binomial_p_value: 626,
  calculate_effective_node_threshold: 240,
  calculate_node_weight_threshold_iqr: 256,
  calculate_participant_weight_threshold_75_percent: 256,
  calculate_per_participant_threshold: 240,
  calculate_thresholds: 240,
  calculate_weight_threshold: 256,
  calculate_weight_threshold_with_count: 256,
  can_allocate_participant_node: 240,
  ceil_to_supported_p0_permille: 29,
  check_and_punish_for_downtime: 386,
  claim_rewards_missed_validations: 180,
  coefficient_adjusted_weight: 240,
  compare_ml_node_preference: 240,
  compute_vote_threshold: 933,
  decimal_to_permille: 55,
  decimal_to_permille_ceil: 49,
  dedup_ml_nodes_by_id: 240,
  downtime_step_bitcoin_rewards: 98,
  epoch_ml_node_data_methods: 96,
  filter_eligible_ml_nodes: 256,
  filter_nodes_by_weight_and_count: 240,
  get_dynamic_p0: 298,
  get_participant_weights_for_threshold: 240,
  get_smallest_unallocated_ml_node: 240,
  go_math_rand: 160,
  missed_stat_boundaries: 14000,
  missed_stat_test: 109450,
  ml_node_weight_throughput: 16,
  participants_hash: 48,
  permille_to_p0_decimal: 19,
  sample_eligible_participants: 264,
  sample_preserved_for_episode: 152,
  sample_preserved_for_model: 264,
  session_bind_config: 128,
  settle_host_stats: 80,
  sort_ml_nodes_by_node_id: 120,
  sum_live_root_total_weight: 96,
  vote_tally_sequences: 340,
  weight_threshold_for_target: 256,
};
const replayed = new Map<string, number>();

describe("Go golden vectors", () => {
  for (const f of files) {
    const suite = suiteOf(f);
    if (!SUITES[suite]) {
      it.skip(`${suite}: suite not implemented yet`, () => {});
      continue;
    }
    it(`${suite}: every case matches Go`, () => {
      const r = checkVectorFile(join(DIR, f), suitesFor(suite), 5);
      expect(r.error).toBeUndefined();
      const report = r.failures.map((x) => `${x.name}: ${x.difference}\n  actual: ${stringifyJson(x.actual).slice(0, 400)}`).join("\n");
      expect(r.failed, report).toBe(0);
      expect(r.passed).toBeGreaterThan(0);
      replayed.set(suite, (replayed.get(suite) ?? 0) + r.passed);
    });
  }
  it.skipIf(underMutation)("replayed exactly the vendored set: 40 suites, 131,823 cases", () => {
    expect(files.map(suiteOf)).toEqual(Object.keys(EXPECTED_CASES).sort());
    expect(Object.fromEntries([...replayed].sort(([a], [b]) => (a < b ? -1 : 1)))).toEqual(EXPECTED_CASES);
    expect(replayed.size).toBe(40);
    expect([...replayed.values()].reduce((s, n) => s + n, 0)).toBe(131_823);
  });
});

describe("missed_stat_boundaries is replayed at every count", () => {
  it("a wrong verdict at a single count anywhere in 0..n is caught", () => {
    const n = 2000n;
    const b = 1234n;
    expect(stepBoundary((k) => k <= b, n)).toEqual({ maxPassing: b });
    // One wrong verdict far from the boundary, where a search with a few probes would never look.
    for (const wrong of [0n, 1n, 17n, 600n, 1233n, 1235n, 1500n, 1999n, 2000n]) {
      const r = stepBoundary((k) => (k === wrong ? !(k <= b) : k <= b), n);
      expect(r, `wrong at ${wrong}`).not.toEqual({ maxPassing: b });
    }
    expect(stepBoundary(() => false, n)).toEqual({ notAStep: 0n });
    expect(stepBoundary(() => true, n)).toEqual({ maxPassing: n });
  });
});
