// Mutation-testing families (npm run mutate): the source files Stryker mutates and the test files that
// may kill their mutants. To add a family, or the files of a new version switch (v0.2.15, v0.2.16, …),
// list them here; stryker.config.mjs and mutation/summary.mjs read nothing else. A file belongs to one
// family only (the score table counts it there). A family may set `timeoutMS` (Stryker's allowance over
// twice its covering tests' time, 30 s otherwise) when its loop mutants hang until it: a run of several
// families takes the largest of theirs.
export const FAMILIES = {
  settlement: {
    mutate: [
      "src/settlement/*.ts", "!src/settlement/settlement-input.ts", "!src/settlement/settlement-types.ts", "!src/settlement/settlement-version.ts",
      "!src/settlement/restitution.ts", "!src/settlement/restitution-assumptions.ts", "!src/settlement/restitution-csv.ts", "src/chain/epoch-stages.ts",
    ],
    tests: ["test/settlement/*.test.ts", "test/misstest/settlement.test.ts", "test/chain/heights.test.ts", "test/chain/settlement-reads.test.ts", "test/vectors/go-v0216-vectors.test.ts"],
  },
  // restitution (issue 29 item 4): which exclusions are lifted, the counterfactual settlements beside the one
  // as run, which rows rest on an assumed input, and the CSV they are written as (with the RFC 4180 writer);
  // killed by the comparison with settleAccounts on statuses alone changed (real and random epochs), the
  // hand-built choices and marks, and the CLI's files read back
  restitution: {
    mutate: ["src/settlement/restitution.ts", "src/settlement/restitution-assumptions.ts", "src/settlement/restitution-csv.ts", "src/format/csv.ts"],
    tests: ["test/settlement/restitution.test.ts", "test/settlement/restitution-assumptions.test.ts", "test/settlement/restitution-cli.test.ts", "test/format-csv.test.ts"],
  },
  // v0.2.16's dynamic-coefficient controller (#1566) and the upgrade's first configuration; killed by the
  // chain's own test cases, the controller's properties and the compiled-Go suites of test/vectors/go-v0.2.16.
  // Left out: vectors.ts and coefficients-json.ts (the suites' adapters and JSON shapes).
  coefficients: {
    mutate: ["src/coefficients/*.ts", "!src/coefficients/vectors.ts", "!src/coefficients/coefficients-json.ts"],
    tests: ["test/coefficients/*.test.ts", "test/vectors/go-v0216-vectors.test.ts"],
  },
  // v0.2.16's trusted weight (#1588/#1694): P_N, the cap, the zero-trust fallback, the trust power cap
  trust: {
    mutate: ["src/trust/*.ts", "!src/trust/vectors.ts"],
    tests: ["test/trust/*.test.ts", "test/vectors/go-v0216-vectors.test.ts"],
  },
  // the miss test as settlement runs it: the test, p0 choice, grace epochs, punishment
  misstest: {
    mutate: [
      "src/misstest/missed-stat-test.ts", "src/misstest/missed-stat-test-lookup.ts", "src/misstest/get-dynamic-p0.ts", "src/misstest/check-and-punish-for-downtime.ts",
      "src/misstest/decimal-to-permille.ts", "src/misstest/decimal-to-permille-ceil.ts", "src/misstest/ceil-to-supported-p0-permille.ts", "src/misstest/permille-to-p0-decimal.ts",
      "src/misstest/grace-epoch.ts", "src/misstest/downtime-step.ts", "src/misstest/miss-test-versions.ts", "src/misstest/has-significant-missed-validations.ts",
    ],
    tests: ["test/misstest/*.test.ts", "test/vectors/go-vectors.test.ts", "test/settlement/go-audit.test.ts", "test/settlement/go-boundaries.test.ts"],
  },
  // the rest of src/misstest: BinomialPValue's bracketing, the exact-binomial proposal, the verdict explanations
  "misstest-extras": {
    mutate: ["src/misstest/binomial-p-value.ts", "src/misstest/exact-binomial.ts", "src/misstest/evaluate-epoch.ts", "src/misstest/missed-stat-verdict.ts"],
    tests: ["test/misstest/*.test.ts", "test/vectors/go-vectors.test.ts"],
  },
  // the epoch input's two readers: the validating one (epoch-input.ts: the key lists, the strict checks, the
  // bech32 warning) and the typed one read from the text (epoch-input-text.ts). A family of their own, not
  // misstest-extras: they are input readers, not rules, killed by the differential test against
  // parseJson + parseEpochInput and the CLI's refusals, not by the Go vectors (which a run of
  // misstest-extras replays in its dry run for nothing here)
  readers: {
    mutate: ["src/misstest/epoch-input.ts", "src/misstest/epoch-input-text.ts"],
    tests: [
      "test/misstest/epoch-input.test.ts", "test/misstest/epoch-input-text.test.ts", "test/misstest/cli.test.ts", "test/misstest/settlement.test.ts", "test/cli/hardening.test.ts",
      "test/cli/hostile.test.ts", "test/rest-dump/malformed.test.ts", "test/chain/errors.test.ts",
    ],
  },
  // the version switches: the upgrade table, the families' frontiers, resolution, `--version --json`
  versions: {
    mutate: ["src/versions/*.ts", "src/settlement/settlement-version.ts", "src/cli/version-document.ts"],
    tests: [
      "test/versions/*.test.ts", "test/settlement/cli-settle.test.ts", "test/settlement/realdata.test.ts", "test/settlement/go-boundaries.test.ts", "test/chain/settlement-reads.test.ts",
      "test/rest-dump/preserved.test.ts", "test/preserved/versions.test.ts", "test/misstest/miss-test-versions.test.ts", "test/cli/main.test.ts",
    ],
  },
  // how a source's answers become the rules' inputs: the REST reader (shapes, the settlement and preserved
  // slices, the heights and grace epoch it estimates, what it lacks) and the inputs read from any source.
  // Left out: src/sources/source.ts (three constructors and a label); src/sources/epochs.ts (the
  // backtest's folder walking and --epochs range) is the backtest family's.
  rest: {
    mutate: [
      "src/sources/rest-dump/*.ts",
      "src/sources/settlement-inputs.ts", "src/sources/miss-test-inputs.ts", "src/sources/preserved-inputs.ts", "src/sources/episode-anchor.ts",
    ],
    tests: [
      "test/rest-dump/*.test.ts", "test/chain/settlement-reads.test.ts", "test/realdata/*.test.ts", "test/settlement/realdata.test.ts", "test/settlement/input-paths.test.ts",
      "test/settlement/compare-adapter.test.ts", "test/settlement/zero-cause-lift.test.ts", "test/versions/verify-realdata.test.ts", "test/backtest/backtest.test.ts",
      "test/cli/episode-anchor.test.ts", "test/cli/folder-of-dumps.test.ts", "test/misstest/cli.test.ts", "test/cli/confirmation-poc-skip.test.ts",
    ],
  },
  // src/go's JSON and chain-decimal readers: the cursor the typed readers share (json-cursor.ts), the
  // exact reader behind parseJson (json.ts: readJsonValueAt, the depth bound), the chain Decimal's reading
  // and exponent bound (chain-decimal.ts); killed by test/go's differential tests against JSON.parse and
  // the lossless reader, and by the readers that use them (the epoch input, the CLI's refusals, the bound)
  // Its loops step a position through the text: a mutant that stops the step hangs until the timeout (at
  // 30 s a first run of json-cursor.ts was stopped at 89 of its 480 mutants, 14 of them timeouts), so 5 s over
  // twice the covering tests' time: a test that is merely slow under load keeps its own time twice over.
  go: {
    timeoutMS: 5_000,
    mutate: ["src/go/json-cursor.ts", "src/go/json.ts", "src/go/chain-decimal.ts"],
    tests: ["test/go/*.test.ts", "test/misstest/epoch-input-text.test.ts", "test/cli/hardening.test.ts", "test/cli/hostile.test.ts", "test/settlement/to-legacy-dec-bound.test.ts"],
  },
  // the devshard vote tally's rules by session tag (devshard-rules.ts) and the transitions and readers
  // they switch; killed by the votes tests and the devshard Go vectors (test/votes/devshard-vectors.test.ts)
  votes: {
    mutate: [
      "src/votes/devshard-rules.ts", "src/votes/seal.ts", "src/votes/session-config.ts", "src/votes/state-hash.ts", "src/votes/error-miss-tally.ts",
      "src/votes/inference-lifecycle.ts", "src/votes/state-machine.ts", "src/votes/escrow-state.ts", "src/votes/tally-file-tx.ts", "src/votes/tally-file.ts",
    ],
    tests: ["test/votes/*.test.ts"],
  },
  // the in-epoch participant status tests (ComputeStatus, the SPRTs, the precompute, UpdateParticipantStatus,
  // the devshard merge, statusRulesFor, statusUpdate) and the shopspring Ln / integer Pow and Go float math
  // they stand on (src/go/decimal-math.ts, go-math.ts); killed by the compiled-Go suites of
  // test/vectors/go-status, test/status and test/go/decimal-math.test.ts. Left out: vectors.ts (the suites'
  // adapter), index.ts (re-exports), status-types.ts (types and constant tables).
  status: {
    mutate: ["src/status/*.ts", "!src/status/vectors.ts", "!src/status/index.ts", "!src/status/status-types.ts", "src/go/decimal-math.ts", "src/go/go-math.ts"],
    tests: ["test/status/*.test.ts", "test/vectors/go-status-vectors.test.ts", "test/go/decimal-math.test.ts"],
  },
  // the status replay (issue 29): the engine that walks one participant's updates with each block's rules
  // and stops at the first missing input, the counterfactual's parameters and their names, the final
  // counts' statistics, the judgement of a change over epochs; and the readers that build its input from
  // saved answers (block, block_results, tx, tx_search, REST transactions, escrows, host epoch stats:
  // what they hold, the window and completeness checks) and the transaction decoder. Killed by test/status's
  // replay, saved-activity, command and change tests. Left out: the node adapters (status-from-node.ts,
  // src/chain/read-status-activity.ts: reads, exercised through the test node) and the words and JSON of
  // a replay (status-report.ts, status-change-report.ts).
  "status-replay": {
    mutate: [
      "src/status-replay/*.ts", "!src/status-replay/status-report.ts", "!src/status-replay/status-change-report.ts",
      "src/sources/status/*.ts", "!src/sources/status/status-from-node.ts",
      "src/chain/decode-tx.ts", "src/compare/status-params.ts",
    ],
    tests: ["test/status/replay-status.test.ts", "test/status/saved-activity.test.ts", "test/status/status-command.test.ts", "test/status/status-change.test.ts"],
  },
  // the preserved-set sampler (SamplePreservedForEpisode and all it calls: the anchor-independent
  // preparation, the thresholds and the 25 % / 75 % / IQR rules, the node filter, the seeded history draw,
  // the per-model fill, the 34 % cap, the per-anchor fast path, the explanations), the state it reads and
  // its checks, the bech32 decoding of guardian addresses and Go's byte order of strings (src/go/bytes.ts).
  // Left out, as not the chain's rule: vectors.ts (the Go vector adapter, the tests' harness),
  // export-suites.ts (writes the family's vector suite) and index.ts (re-exports); the demand-based
  // proposal, the operator views and the state's file shapes are preserved-extras' (below).
  preserved: {
    mutate: [
      "src/preserved/*.ts",
      "!src/preserved/vectors.ts", "!src/preserved/export-suites.ts", "!src/preserved/index.ts",
      "!src/preserved/demand.ts", "!src/preserved/demand-rule.ts", "!src/preserved/largest-first-order.ts", "!src/preserved/compare-rules.ts",
      "!src/preserved/check-address.ts", "!src/preserved/check-probability.ts", "!src/preserved/check-sampler.ts",
      "!src/preserved/state-json.ts", "!src/preserved/snapshot-state.ts", "!src/preserved/stored-snapshot.ts",
      "src/go/bytes.ts",
    ],
    tests: ["test/preserved/*.test.ts", "test/vectors/go-vectors.test.ts", "test/vectors/go-v0216-vectors.test.ts", "test/rest-dump/preserved.test.ts", "test/versions/verify-realdata.test.ts", "test/go/primitives.test.ts", "test/trust/*.test.ts"],
  },
  // src/preserved beside the sampler, not the chain's rule: the demand-based proposal (demand.ts,
  // demand-rule.ts, largest-first-order.ts) and its side-by-side compare-rules.ts, the operator views over
  // the sampler (check-address.ts, check-probability.ts, check-sampler.ts) and the file shapes the state is
  // read from or written as (state-json.ts, snapshot-state.ts, stored-snapshot.ts). A family of their own:
  // killed by their tests and the CLI's `preserved`, `check` and `verify`, not by the Go vectors (which
  // the preserved family replays for every mutant).
  "preserved-extras": {
    mutate: [
      "src/preserved/demand.ts", "src/preserved/demand-rule.ts", "src/preserved/largest-first-order.ts", "src/preserved/compare-rules.ts",
      "src/preserved/check-address.ts", "src/preserved/check-probability.ts", "src/preserved/check-sampler.ts",
      "src/preserved/state-json.ts", "src/preserved/snapshot-state.ts", "src/preserved/stored-snapshot.ts",
    ],
    tests: ["test/preserved/*.test.ts", "test/rest-dump/preserved.test.ts", "test/versions/verify-offline.test.ts", "test/versions/verify-realdata.test.ts", "test/cli/main.test.ts"],
  },
  // the backtest: every epoch under A and B with the status-quo check and the preserved set (backtest.ts),
  // a proposal's keys in force by version (proposal-in-force.ts), its text and HTML, and the epochs it
  // reads (src/sources/epochs.ts: a folder of dumps, snapshots, the --epochs range)
  backtest: {
    mutate: ["src/backtest/*.ts", "src/sources/epochs.ts"],
    tests: [
      "test/backtest/*.test.ts", "test/report/chart-geometry.test.ts", "test/report/html.test.ts", "test/settlement/assumed-causes.test.ts", "test/rest-dump/preserved.test.ts",
      "test/realdata/auditor-layout.test.ts", "test/cli/numbers-alike.test.ts", "test/cli/flags-named.test.ts", "test/cli/did-you-mean.test.ts", "test/cli/main.test.ts", "test/format-coins.test.ts",
    ],
  },
  // the PoC routing simulator (simulate-poc): a model of devshardctl's gateway, pinned to the Go tests'
  // expectations (test/gateway/audit.test.ts). Left out: index.ts (re-exports), vectors.ts (no Go suite)
  // and export-suites.ts (writes its suite for other languages: test/vectors/export.test.ts)
  gateway: {
    mutate: ["src/gateway/*.ts", "!src/gateway/index.ts", "!src/gateway/vectors.ts", "!src/gateway/export-suites.ts"],
    tests: ["test/gateway/*.test.ts", "test/cli/hardening.test.ts", "test/cli/hostile.test.ts", "test/cli/hostile-decided.test.ts"],
  },
  // x/gov proposals (src/gov): the readers of every form (protobuf through the Registry, amino and proto
  // JSON, a saved node answer), the flat Params values and their difference, Params.Validate, the
  // judge and its text, the figures a title states, the params in force and a real proposal as B.
  // Killed by test/gov's hand-built proposals of every message type, status, denom and boundary and
  // the CLI's answers on real saved data.
  gov: {
    mutate: ["src/gov/*.ts"],
    tests: ["test/gov/*.test.ts", "test/compare/real-b.test.ts"],
  },
  // the comparison (src/compare): the proposal format, the resolution of each value, the preserved,
  // miss-test and vote sides, the differences, the text, and the engines' adapters to the rule
  // families. Left out: index.ts (re-exports), engines.ts and model.ts (types only).
  compare: {
    mutate: ["src/compare/*.ts", "!src/compare/index.ts", "!src/compare/engines.ts", "!src/compare/model.ts"],
    tests: ["test/compare/*.test.ts", "test/gov/b-side.test.ts", "test/gov/node.test.ts", "test/report/html.test.ts", "test/settlement/compare-adapter.test.ts", "test/preserved/anchor-index.property.test.ts"],
  },
};

/** A minimal glob: `dir/*.ts` (one level) or an exact path; `!` excludes. */
export function matches(file, patterns) {
  const test = (p) => (p.includes("*") ? new RegExp(`^${p.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}$`).test(file) : p === file);
  return patterns.some((p) => !p.startsWith("!") && test(p)) && !patterns.some((p) => p.startsWith("!") && test(p.slice(1)));
}

/** The family whose `mutate` list holds `file` (undefined: none). */
export function familyOf(file) {
  return Object.keys(FAMILIES).find((n) => matches(file, FAMILIES[n].mutate));
}
