// The terminal text of a comparison, whole, on a hand-built model that reaches every part: the
// parameter table, what changes, the models with their shortfalls, the operators (cut at --rows), the
// miss test, the curves, the vote slots (a resolution that can never pass), the replay and the notes;
// then --brief, and the variants each part has when its input is missing or says nothing.
import { describe, expect, it } from "vitest";
import type { ComparisonModel, ModelSide, PreservationChange } from "../../src/compare/model.js";
import { renderCompareText, TERMINAL_ROWS } from "../../src/compare/text.js";

const side = (s: Partial<ModelSide>): ModelSide => ({ totalWeight: 1000n, targetWeight: 100n, achievedWeight: 100n, shortfallWeight: 0n, nodeCount: 2, participantCount: 2, smallestNode: { participant: "gonka1p", nodeId: "n", pocWeight: 40n }, capacityRequests: 1n, demandRequests: null, capacityOverDemand: null, nodeWeights: [40n, 60n], ...s });
const ch = (address: string, modelId: string, change: PreservationChange["change"], gained: string[], lost: string[], wg: bigint, wl: bigint, probs: boolean): PreservationChange => ({
  modelId, address, change, weightA: wl, weightB: wg, nodesA: lost, nodesB: gained, nodesGained: gained, nodesLost: lost, weightGained: wg, weightLost: wl,
  ...(probs ? { probabilityA: { preserved: 3, anchors: 8, nodeSum: 5, weightSum: 12345n }, probabilityB: { preserved: 8, anchors: 8 } } : {}),
});
function handModel(): ComparisonModel {
  const changes = [ch("gonka1aaaa", "m1", "gains", ["n1", "n2"], [], 1500n, 0n, true), ch("gonka1bbbb", "m1", "loses", [], ["n3"], 0n, 700n, false), ch("gonka1cccc", "m2", "changes", ["n4"], ["n5"], 10n, 20n, true)];
  return {
    schema: "gonka-spec/compare@1",
    snapshot: { chainId: "gonka-test", height: "1234567", source: "rpc" },
    anchor: 1234000n,
    anchorsEvaluated: 8,
    a: { name: "A side", pocSlotAllocation: { value: "0.1", source: "snapshot" }, pocMaxConcurrentPer10000Weight: { value: 10n, source: "default" }, binomTestP0: { value: "0.1", source: "snapshot" }, voteThresholdFactor: { value: 50n, source: "default" }, preservedRule: { value: "current", source: "default" }, demandSource: null },
    b: { name: "B side", description: "d", pocSlotAllocation: { value: "0.25", source: "proposal" }, pocMaxConcurrentPer10000Weight: { value: 20n, source: "proposal" }, binomTestP0: { value: "0.05", source: "proposal" }, voteThresholdFactor: { value: 100n, source: "proposal" }, preservedRule: { value: "demand", source: "proposal" }, demandSource: "d.json" },
    models: [
      { modelId: "m1", a: side({ shortfallWeight: 5n, targetWeight: 105n }), b: side({ targetWeight: 250n, achievedWeight: 1700n, nodeCount: 4, capacityOverDemand: "1.50", smallestNode: null }), delta: { targetWeight: 145n, achievedWeight: 1600n, nodeCount: 2, participantCount: 0, smallestNodeWeight: null, capacityRequests: 0n } },
      { modelId: "m2", a: side({}), b: side({ achievedWeight: 90n, shortfallWeight: 10n }), delta: { targetWeight: 0n, achievedWeight: -10n, nodeCount: 0, participantCount: 0, smallestNodeWeight: 0n, capacityRequests: 0n } },
      { modelId: "m3", a: side({ nodeCount: 7 }), b: side({ nodeCount: 7 }), delta: { targetWeight: 0n, achievedWeight: 0n, nodeCount: 0, participantCount: 0, smallestNodeWeight: 0n, capacityRequests: 0n } },
    ],
    changes,
    operators: [],
    missTest: {
      a: { governanceP0: "0.1", settlementP0: "0.1", skipped: false, reason: "governance wins" },
      b: { governanceP0: "0.05", settlementP0: "0.05", skipped: true, reason: "breaker" },
      participants: [
        { address: "gonka1ok", missed: 1n, total: 1000n, passedA: true, passedB: true, rewardAtStake: 5n },
        { address: "gonka1both", missed: 900n, total: 1000n, passedA: false, passedB: false, rewardAtStake: null },
        { address: "gonka1diff", missed: 90n, total: 1000n, passedA: true, passedB: false, rewardAtStake: 2500000000n },
      ],
      zeroedA: 1, zeroedB: 2, rewardZeroedA: 0n, rewardZeroedB: 2500000000n, rewardUnit: "ngonka",
    },
    curves: [
      { label: "A", p0: "0.1", rule: "on-chain", points: [{ total: 100n, allowed: 14n }, { total: 500n, allowed: 62n }, { total: 990n, allowed: -1n }] },
      { label: "B", p0: "0.05", rule: "exact", points: [{ total: 100n, allowed: 9n }, { total: 500n, allowed: 33n }] },
    ],
    voteThreshold: [{ groupSize: 16, note: "default group size", thresholdA: 8, neededA: 9, thresholdB: 16, neededB: 17 }],
    simulation: { scenario: "epoch-433", today: { rate: 10n, policy: "today", host: "h", served: 60n, refusedBeforeReceipt: 0n, misses: 749n, total: 1497n, passed: false }, a: { rate: 10n, policy: "per-host-cap", host: "h", served: 9n, refusedBeforeReceipt: 711n, misses: 89n, total: 786n, passed: true }, b: { rate: 20n, policy: "per-host-cap", host: "h", served: 19n, refusedBeforeReceipt: 500n, misses: 3n, total: 700n, passed: null } },
    bProposal: null,
    differences: [{ what: "x", a: "1", b: "2" }, { what: "m1: preserved weight", a: "p", b: "q" }],
    notes: ["first note"],
  };
}

describe("compare's text", () => {
  it("every part, the operator table cut at --rows 2", () => {
    expect(renderCompareText(handModel(), { rows: 2 })).toBe(
    [
      "Compare A \"A side\" with B \"B side\" on gonka-test at height 1,234,567, rpc; episode anchor 1,234,000",
      "Inputs: the snapshot's preserved state, demand A from none, B from d.json, the miss test on the snapshot's settlement slice, the epoch-433 replay on the built-in scenario.",
      "",
      "parameter                       A: A side          B: B side",
      "------------------------------  -----------------  ---------",
      "PocSlotAllocation               0.1 (snapshot)     0.25",
      "PoCMaxConcurrentPer10000Weight  10 (default)       20",
      "BinomTestP0                     0.1 (snapshot)     0.05",
      "vote_threshold_factor           50 (default)       100",
      "preserved rule                  current (default)  demand",
      "demand input                    none               d.json",
      "",
      "What changes (A -> B)",
      "  x: 1 -> 2",
      "  m1: preserved weight: p -> q",
      "",
      "Preserved set per model (weights are PoC weight; capacity÷demand = requests the preserved nodes carry during PoC ÷ the peak in-flight requests)",
      "model  target A / B  achieved A / B  Δ achieved  nodes A / B  smallest node A / B  capacity÷demand A / B",
      "-----  ------------  --------------  ----------  -----------  -------------------  ---------------------",
      "m1        105 / 250     100 / 1,700      +1,600        2 / 4               40 / -             n/a / 1.50",
      "m2        100 / 100        100 / 90         -10        2 / 2              40 / 40              n/a / n/a",
      "m3        100 / 100       100 / 100           0        7 / 7              40 / 40              n/a / n/a",
      "  A, m1: 5 below target: the eligible set is exhausted",
      "  B, m2: 10 below target: the eligible set is exhausted",
      "",
      "Who gains or loses preserved nodes (at anchor 1,234,000; over 8 anchors from there: ≥1 node = share of anchors with at least one node preserved, nodes/PoC and weight/PoC = the nodes and PoC weight preserved on average)",
      "  m1: B preserves 2 nodes (1,500 weight) of 1 operator that A does not, and drops 1 nodes (700 weight) of 1 operator that A preserves",
      "  m2: B preserves 1 nodes (10 weight) of 1 operator that A does not, and drops 1 nodes (20 weight) of 1 operator that A preserves",
      "  m3: the same 7 nodes under A and B",
      "model  operator    change  nodes A → B  gained (weight)  lost (weight)   ≥1 node A → B  nodes/PoC A → B  weight/PoC A → B",
      "-----  ----------  ------  -----------  ---------------  -------------  --------------  ---------------  ----------------",
      "m1     gonka1aaaa  gains         0 → 2      +2 (+1,500)                 37.5% → 100.0%       0.63 → n/a       1,543 → n/a",
      "m1     gonka1bbbb  loses         1 → 0                       −1 (−700)       n/a → n/a        n/a → n/a         n/a → n/a",
      "  ... and 1 more operator rows (all of them: --json, --html, or --rows N)",
      "",
      "Miss test at settlement",
      "A: governance p0 0.1 -> settlement p0 0.1; governance wins",
      "B: governance p0 0.05 -> settlement p0 0.05 (circuit breaker: nobody punished); breaker",
      "zeroed: A 1 participants (reward 0 GNK), B 2 (reward 2.500000000 GNK (2,500,000,000 ngonka)) of 3 participants",
      "participant (verdict differs first, then zeroed by both)  missed (requests)  total (requests)       A       B  reward at stake (GNK)",
      "--------------------------------------------------------  -----------------  ----------------  ------  ------  ---------------------",
      "gonka1diff                                                               90             1,000    pass  ZEROED            2.500000000",
      "gonka1both                                                              900             1,000  ZEROED  ZEROED                    n/a",
      "",
      "Miss-test boundary: allowed misses (every missed count up to it passes)",
      "total requests  A on-chain p0=0.1  B exact p0=0.05",
      "--------------  -----------------  ---------------",
      "100                            14                9",
      "500                            62               33",
      "990                            -1                -",
      "",
      "Vote threshold: slots a resolution needs (more than T of N)",
      "group size N             A (factor 50)          B (factor 100)",
      "-----------------------  -------------  ----------------------",
      "16 (default group size)  9 of 16 (T=8)  never (needs 17 of 16)",
      "",
      "Epoch-433 replay (epoch-433, built-in scenario): the incident's PoC window with today's gateway and with the per-host in-flight cap at each proposal's rate (requests per 10,000 weight)",
      "gateway during the incident's PoC window  served (requests)  refused before receipt (requests)  host's epoch misses  miss test",
      "----------------------------------------  -----------------  ---------------------------------  -------------------  ---------",
      "today's gateway, no cap (rate 10)                        60                                  0         749 of 1,497     ZEROED",
      "A: per-host cap at A's rate 10                            9                                711            89 of 786       pass",
      "B: per-host cap at B's rate 20                           19                                500             3 of 700        n/a",
      "  the cap's cost under A: 711 requests refused before receipt (refused before any receipt, so they are no miss of the host)",
      "  the cap's cost under B: 500 requests refused before receipt (refused before any receipt, so they are no miss of the host)",
      "",
      "Notes",
      "  - first note",
    ].join("\n"),
    );
  });

  it("--brief: no parameter table, curves or vote table; the shortfalls and the per-model weights in one line each", () => {
    expect(renderCompareText(handModel(), { brief: true })).toBe(
    [
      "Compare A \"A side\" with B \"B side\" on gonka-test at height 1,234,567, rpc; episode anchor 1,234,000",
      "Inputs: the snapshot's preserved state, demand A from none, B from d.json, the miss test on the snapshot's settlement slice, the epoch-433 replay on the built-in scenario.",
      "",
      "What changes (A -> B)",
      "  x: 1 -> 2",
      "",
      "Preserved set per model (weights are PoC weight; capacity÷demand = requests the preserved nodes carry during PoC ÷ the peak in-flight requests)",
      "model  target A / B  achieved A / B  Δ achieved  nodes A / B  smallest node A / B  capacity÷demand A / B",
      "-----  ------------  --------------  ----------  -----------  -------------------  ---------------------",
      "m1        105 / 250     100 / 1,700      +1,600        2 / 4               40 / -             n/a / 1.50",
      "m2        100 / 100        100 / 90         -10        2 / 2              40 / 40              n/a / n/a",
      "m3        100 / 100       100 / 100           0        7 / 7              40 / 40              n/a / n/a",
      "  (the eligible set runs out below the target in 2 of 6 model × proposal cases: A, m1; B, m2)",
      "",
      "Who gains or loses preserved nodes (at anchor 1,234,000; over 8 anchors from there: ≥1 node = share of anchors with at least one node preserved, nodes/PoC and weight/PoC = the nodes and PoC weight preserved on average)",
      "  m1: B preserves 2 nodes (1,500 weight) of 1 operator that A does not, and drops 1 nodes (700 weight) of 1 operator that A preserves",
      "  m2: B preserves 1 nodes (10 weight) of 1 operator that A does not, and drops 1 nodes (20 weight) of 1 operator that A preserves",
      "  m3: the same 7 nodes under A and B",
      "model  operator    change   nodes A → B  gained (weight)  lost (weight)   ≥1 node A → B  nodes/PoC A → B  weight/PoC A → B",
      "-----  ----------  -------  -----------  ---------------  -------------  --------------  ---------------  ----------------",
      "m1     gonka1aaaa  gains          0 → 2      +2 (+1,500)                 37.5% → 100.0%       0.63 → n/a       1,543 → n/a",
      "m1     gonka1bbbb  loses          1 → 0                       −1 (−700)       n/a → n/a        n/a → n/a         n/a → n/a",
      "m2     gonka1cccc  changes        1 → 1         +1 (+10)       −1 (−20)  37.5% → 100.0%       0.63 → n/a       1,543 → n/a",
      "",
      "Miss test at settlement",
      "A: governance p0 0.1 -> settlement p0 0.1; governance wins",
      "B: governance p0 0.05 -> settlement p0 0.05 (circuit breaker: nobody punished); breaker",
      "zeroed: A 1 participants (reward 0 GNK), B 2 (reward 2.500000000 GNK (2,500,000,000 ngonka)) of 3 participants",
      "participant (verdict differs first, then zeroed by both)  missed (requests)  total (requests)       A       B  reward at stake (GNK)",
      "--------------------------------------------------------  -----------------  ----------------  ------  ------  ---------------------",
      "gonka1diff                                                               90             1,000    pass  ZEROED            2.500000000",
      "gonka1both                                                              900             1,000  ZEROED  ZEROED                    n/a",
      "",
      "Epoch-433 replay (epoch-433, built-in scenario): the incident's PoC window with today's gateway and with the per-host in-flight cap at each proposal's rate (requests per 10,000 weight)",
      "gateway during the incident's PoC window  served (requests)  refused before receipt (requests)  host's epoch misses  miss test",
      "----------------------------------------  -----------------  ---------------------------------  -------------------  ---------",
      "today's gateway, no cap (rate 10)                        60                                  0         749 of 1,497     ZEROED",
      "A: per-host cap at A's rate 10                            9                                711            89 of 786       pass",
      "B: per-host cap at B's rate 20                           19                                500             3 of 700        n/a",
      "  the cap's cost under A: 711 requests refused before receipt (refused before any receipt, so they are no miss of the host)",
      "  the cap's cost under B: 500 requests refused before receipt (refused before any receipt, so they are no miss of the host)",
      "",
      "Notes",
      "  - first note",
    ].join("\n"),
    );
  });

  it("what each part says when its input is missing or says nothing", () => {
    const m = handModel();
    const quiet: ComparisonModel = { ...m, differences: [], changes: [], missTest: null, simulation: null, notes: [], anchorsEvaluated: 0 };
    const t = renderCompareText(quiet);
    expect(t).toContain("What changes (A -> B)\nNo difference: A and B give the same result on this snapshot.\n");
    expect(t).toContain("Who gains or loses preserved nodes (at anchor 1,234,000)\n  m1: the same 2 nodes under A and B\n  m2: the same 2 nodes under A and B\n  m3: the same 7 nodes under A and B\nNo operator gains or loses a preserved node at this anchor.\n");
    expect(t).toContain("Miss test at settlement\nNo settlement slice in the snapshot: no per-participant verdicts.\n");
    expect(t).not.toMatch(/Epoch-433|Notes/);
    expect(t.endsWith("16 (default group size)  9 of 16 (T=8)  never (needs 17 of 16)")).toBe(true);
    // every participant passes; the same p0 and verdicts under --brief say so in one line; reward weights
    const t2 = m.missTest!;
    const passing = { ...m, missTest: { ...t2, participants: [t2.participants[0]!], zeroedA: 0, zeroedB: 0, rewardZeroedA: 0n, rewardZeroedB: 0n } };
    expect(renderCompareText(passing)).toContain("of 1 participants\nEvery participant passes under both.\n");
    const same = { ...m, missTest: { ...t2, b: t2.a, participants: [t2.participants[1]!], zeroedA: 1, zeroedB: 1, rewardZeroedA: 1234n, rewardZeroedB: 1234n, rewardUnit: "reward weight" as const } };
    expect(renderCompareText(same, { brief: true })).toContain("Miss test at settlement\nA and B: governance p0 0.1 -> settlement p0 0.1; the same 1 of 1 participants are zeroed (reward weight 1,234); the list: --json, --html or without --brief\n");
    expect(renderCompareText(same)).toMatch(/zeroed: A 1 participants \(reward weight 1,234\), B 1 \(reward weight 1,234\) of 1 participants\n.*reward at stake \(reward weight\)\n[^]*gonka1both\s+900\s+1,000\s+ZEROED\s+ZEROED\s+n\/a\n/);
    const weights = { ...same, missTest: { ...same.missTest, participants: [{ ...t2.participants[1]!, rewardAtStake: 12345n }] } };
    expect(renderCompareText(weights)).toMatch(/ZEROED\s+ZEROED\s+12,345\n/);
    // more miss-test rows than shown
    const many = { ...m, missTest: { ...t2, participants: Array.from({ length: 30 }, (_, i) => ({ ...t2.participants[1]!, address: `gonka1z${i}` })) } };
    expect(renderCompareText(many)).toContain("\n  ... and 5 more (--json, --html, or --rows N)\n");
    expect(renderCompareText(many, { brief: true })).toContain("\n  ... and 27 more (--json, --html, or --rows N)\n");
    expect(TERMINAL_ROWS).toBe(25);
    // the replay at the same rate and refusals under B: one cost line; without today's gateway: two rows
    const sim = m.simulation!;
    const oneCost = renderCompareText({ ...m, simulation: { scenario: "s", a: sim.a, b: { ...sim.a, passed: false } } });
    expect(oneCost).toContain("Epoch-433 replay (s, built-in scenario)");
    expect(oneCost).toMatch(/host's epoch misses  miss test\n-+  -+  -+  -+  -+\nA: per-host cap at A's rate 10\s+9\s+711\s+89 of 786\s+pass\nB: per-host cap at B's rate 10\s+9\s+711\s+89 of 786\s+ZEROED\n  the cap's cost under A: 711 requests/);
    expect(oneCost).not.toContain("the cap's cost under B");
    expect(renderCompareText({ ...m, simulation: { scenario: "s", a: sim.a, b: { ...sim.a, refusedBeforeReceipt: 1n } } })).toContain("the cap's cost under B: 1 requests");
    expect(renderCompareText({ ...m, snapshot: { chainId: "c", height: "5" } }).split("\n")[0]).toBe('Compare A "A side" with B "B side" on c at height 5; episode anchor 1,234,000');
  });
  it("each part at its edges: a side without a smallest node or shortfall, A's breaker, one verdict back, no curve, a vote just reachable, B's own cost", () => {
    const m = handModel();
    const none = m.models.map((x, i) => ({ ...x, a: { ...x.a, shortfallWeight: 0n, ...(i === 0 ? { smallestNode: null } : {}) }, b: { ...x.b, shortfallWeight: 0n } }));
    const plain = { ...m, models: none };
    // no shortfall: the table and nothing after it, with or without --brief
    for (const brief of [false, true]) expect(renderCompareText(plain, { brief })).toContain("\nm3        100 / 100       100 / 100           0        7 / 7              40 / 40              n/a / n/a\n\nWho gains");
    expect(renderCompareText(plain)).toMatch(/\nm1 {8}105 \/ 250 {5}100 \/ 1,700 {6}\+1,600 {8}2 \/ 4 {16}- \/ - {13}n\/a \/ 1\.50\n/);
    // A under the circuit breaker, B not; a participant zeroed by A only is listed once; --brief with one p0 still lists a differing verdict
    const t = m.missTest!;
    const back = { address: "gonka1back", missed: 1n, total: 10n, passedA: false, passedB: true, rewardAtStake: 1n };
    const breaker = renderCompareText({ ...m, missTest: { ...t, a: { ...t.a, skipped: true }, b: { ...t.b, skipped: false }, participants: [back] } });
    expect(breaker).toContain("\nA: governance p0 0.1 -> settlement p0 0.1 (circuit breaker: nobody punished); governance wins\nB: governance p0 0.05 -> settlement p0 0.05; breaker\n");
    expect(breaker.split("gonka1back").length).toBe(2);
    const brief = renderCompareText({ ...m, missTest: { ...t, b: t.a, participants: [t.participants[0]!, back] } }, { brief: true });
    expect(brief).toMatch(/\nMiss test at settlement\nA: governance p0 0\.1 -> settlement p0 0\.1; governance wins\n[^]*\ngonka1back +1 +10 +ZEROED +pass +0\.000000001\n/);
    // no curve: the header alone; a vote needing all 16 of 16 slots can still pass
    const edges = renderCompareText({ ...m, curves: [], voteThreshold: [{ groupSize: 16, note: "n", thresholdA: 8, neededA: 9, thresholdB: 15, neededB: 16 }] });
    expect(edges).toContain("Miss-test boundary: allowed misses (every missed count up to it passes)\ntotal requests\n--------------\n\nVote threshold");
    expect(edges).toContain("\n16 (n)        9 of 16 (T=8)  16 of 16 (T=15)\n");
    // the replay: B's cost line when its rate differs though its refusals do not; none (and nothing in its place) when both match
    const sim = m.simulation!;
    expect(renderCompareText({ ...m, simulation: { scenario: "s", a: sim.a, b: { ...sim.a, rate: 20n } } })).toContain("\n  the cap's cost under B: 711 requests refused before receipt (refused before any receipt, so they are no miss of the host)\n");
    expect(renderCompareText({ ...m, simulation: { scenario: "s", a: sim.a, b: sim.a } })).toContain("\n  the cap's cost under A: 711 requests refused before receipt (refused before any receipt, so they are no miss of the host)\n\nNotes\n");
  });
});
