/**
 * The preserved-set family's own vector suite for other languages: the demand-based preserved rule
 * (demand-rule.ts, run through compare-rules.ts runPreservedRules with rule "demand") on small
 * preserved-set states: a few states of the Go sample_preserved_for_episode vectors (bundled in
 * test/vectors/go/) and small generated ones, each with explicit anchor, demand, rate and slot allocation.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { InputError, describeValue } from "../errors.js";
import { compareGoStrings } from "../go/bytes.js";
import { GoRand } from "../go/math-rand.js";
import { INT64_MAX, INT64_MIN } from "../go/int64.js";
import { parseJson, type Json } from "../go/json.js";
import type { ExportSuite } from "../vectors/export-types.js";
import { buildCases, intField, ruleRejects, type CaseInput } from "../vectors/spec-suite.js";
import { exactObject, expectObject, expectString, type JsonObject } from "../json-input.js";
import type { SuiteTable } from "../vectors/types.js";
import { modelIds } from "./check-sampler.js";
import { parseSlotAllocation, runPreservedRules } from "./compare-rules.js";
import { parsePreservedState } from "./state.js";

export const DEMAND_RULE_SUITE = "spec_demand_rule";

const INPUT_FIELDS = ["state", "anchor", "slotAllocation", "rate", "peakInFlightRequests"] as const;

function runDemandRule(input: Json): unknown {
  const i = exactObject(input, INPUT_FIELDS, "input");
  const stateJson = expectObject(i.state, "input.state");
  if ("anchorHeight" in stateJson) throw new InputError("the anchor is input.anchor; the state must not carry its own anchorHeight", "input.state.anchorHeight");
  const state = parsePreservedState(stateJson, "input.state", { lenient: true });
  const anchor = intField(i.anchor, "input.anchor", INT64_MIN, INT64_MAX);
  const slotAllocation = expectString(i.slotAllocation, "input.slotAllocation");
  const rate = intField(i.rate, "input.rate", 1n, INT64_MAX);
  const peaks = expectObject(i.peakInFlightRequests, "input.peakInFlightRequests");
  const peakInFlight = new Map<string, bigint>();
  for (const m of Object.keys(peaks)) peakInFlight.set(m, intField(peaks[m], `input.peakInFlightRequests[${JSON.stringify(m)}]`, 0n, INT64_MAX));
  for (const m of modelIds(state)) {
    if (!peakInFlight.has(m)) throw new InputError(`missing a peak for model ${describeValue(m)} (every model of the state has an explicit demand figure)`, "input.peakInFlightRequests");
  }
  const r = ruleRejects(() =>
    runPreservedRules(state, { rule: "demand", anchor, rate, demand: { rate, peakInFlight }, overrides: { "epoch_params.poc_slot_allocation": slotAllocation } }),
  );
  return {
    models: r.demand!.models.map((m) => ({
      modelId: m.modelId,
      totalWeight: m.totalWeight,
      fractionTarget: m.fractionTarget,
      demandWeight: m.demandWeight,
      targetWeight: m.targetWeight,
      eligibleWeight: m.eligibleWeight,
      achievedWeight: m.achievedWeight,
      shortfallWeight: m.shortfallWeight,
      capacityRequests: m.capacityRequests,
      shortfallRequests: m.shortfallRequests,
      preserved: m.participants.map((p) => ({ participant: p.address, nodeIds: p.nodeIds })),
    })),
  };
}

// ------------------------------------------------------------------------------------------ states

/** The bundled Go vectors (shipped with the package), found from src/preserved/ and dist/preserved/ alike. */
const GO_EPISODE_VECTORS = fileURLToPath(new URL("../../test/vectors/go/sample_preserved_for_episode.json.gz", import.meta.url));

/** Go cases whose states preserve something today (small: 1 to 3 models, 1 to 4 participants). */
const GO_CASES = ["upstream_filters_dead_subgroup_members", "upstream_excludes_guardians", "rand_014_m2_p1_small", "rand_118_m2_p1_globalEqual", "rand_056_m3_p3_random"] as const;

function goStates(): Map<string, { state: JsonObject; anchor: bigint }> {
  let doc: Json;
  try {
    doc = parseJson(gunzipSync(readFileSync(GO_EPISODE_VECTORS)).toString("utf8"), GO_EPISODE_VECTORS);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`cannot read the bundled Go vectors (${(e as NodeJS.ErrnoException).code ?? String(e)})`, GO_EPISODE_VECTORS);
  }
  const cases = (expectObject(doc, GO_EPISODE_VECTORS).cases ?? []) as Json[];
  const out = new Map<string, { state: JsonObject; anchor: bigint }>();
  for (const name of GO_CASES) {
    const c = cases.find((x) => expectObject(x, GO_EPISODE_VECTORS).name === name) as JsonObject | undefined;
    if (c === undefined) throw new InputError(`case ${describeValue(name)} not found`, GO_EPISODE_VECTORS);
    const { anchorHeight, ...state } = expectObject(c.input, `${name}.input`);
    out.set(name, { state, anchor: intField(anchorHeight, `${name}.input.anchorHeight`) });
  }
  return out;
}

/** A small state: 1–2 models, 2–5 participants each with 1–4 nodes (poc_weight 1,000 to 399,999), all live and with history. */
function generatedState(seed: number): JsonObject {
  const rand = new GoRand(BigInt(seed));
  const models = ["model-a", "model-b"].slice(0, 1 + rand.int31n(2));
  const byModel: JsonObject = {};
  const previous: JsonObject = {};
  const summaries: JsonObject = {};
  for (const m of models) {
    const count = 2 + rand.int31n(4);
    const vws: Json[] = [];
    for (let p = 0; p < count; p++) {
      const address = `gonka1gen${seed}p${p}`;
      const nodes: Json[] = [];
      const nodeCount = 1 + rand.int31n(4);
      for (let n = 0; n < nodeCount; n++) nodes.push({ nodeId: `${address}-n${n}`, pocWeight: 1000 + rand.int31n(399000), throughput: 0, timeslotAllocation: [] });
      vws.push({ memberAddress: address, weight: 0, votingPower: 100 + rand.int31n(900), mlNodes: nodes });
      summaries[address] = { rewardedCoins: 1 };
    }
    byModel[m] = { liveMembers: vws.map((v) => (v as JsonObject).memberAddress!), validationWeights: vws };
    previous[m] = { validationWeights: vws };
  }
  return {
    epoch: { index: 5 },
    genesisGuardianAddresses: [],
    liveSubGroups: { error: false, byModel },
    params: { error: false, epochParams: { pocSlotAllocation: { value: 5, exponent: -1 } } },
    previousEpochGroupData: previous,
    previousEpochPerformanceSummaries: summaries,
    rootGroup: { error: false, liveMembers: [], subGroupModels: models, validationWeights: [] },
  };
}

/** The state with its slot allocation set to `slotAllocation` (so state and input.slotAllocation agree). */
function withSlotAllocation(state: JsonObject, slotAllocation: string): JsonObject {
  const d = parseSlotAllocation(slotAllocation, "slotAllocation");
  return { ...state, params: { error: false, epochParams: { pocSlotAllocation: { value: d.value, exponent: d.exponent } } } };
}

function models(state: JsonObject): string[] {
  const root = expectObject(state.rootGroup, "rootGroup");
  return [...new Set((root.subGroupModels as string[]) ?? [])].sort(compareGoStrings);
}

type Peaks = bigint[] | ((models: string[]) => Record<string, bigint>);

function inputs(): CaseInput[] {
  const out: CaseInput[] = [];
  const caseInput = (state: JsonObject, anchor: bigint, slotAllocation: string, rate: bigint, peaks: Peaks): JsonObject => {
    const ms = models(state);
    return {
      state: withSlotAllocation(state, slotAllocation),
      anchor,
      slotAllocation,
      rate,
      peakInFlightRequests: Array.isArray(peaks) ? Object.fromEntries(ms.map((m, i) => [m, peaks[i % peaks.length]!])) : peaks(ms),
    };
  };
  const add = (name: string, state: JsonObject, anchor: bigint, slotAllocation: string, rate: bigint, peaks: Peaks): void => {
    out.push({ name, input: caseInput(state, anchor, slotAllocation, rate, peaks) });
  };
  /** Peaks whose D_m lies above today's target, halfway to the eligible weight (so the demand decides the target). */
  const aboveTarget = (state: JsonObject, anchor: bigint, slotAllocation: string, rate: bigint): Peaks => {
    const zero = runDemandRule(caseInput(state, anchor, slotAllocation, rate, [0n])) as { models: { modelId: string; fractionTarget: bigint; eligibleWeight: bigint }[] };
    const byModel = new Map(zero.models.map((m) => [m.modelId, m]));
    return (ms) =>
      Object.fromEntries(
        ms.map((m) => {
          const r = byModel.get(m)!;
          const want = (r.fractionTarget > r.eligibleWeight ? r.fractionTarget : (r.fractionTarget + r.eligibleWeight) / 2n) + 1n;
          return [m, (want * rate + 9999n) / 10000n];
        }),
      );
  };
  // States of the Go vectors: no demand, a demand above today's target, a demand beyond the eligible set.
  for (const [name, { state, anchor }] of goStates()) {
    add(`go_${name}_zero_demand`, state, anchor, "0.5", 10n, [0n]);
    add(`go_${name}_demand_above_target`, state, anchor, "0.25", 10000n, aboveTarget(state, anchor, "0.25", 10000n));
    add(`go_${name}_demand_beyond_eligible`, state, anchor + 1n, "0.25", 10n, [1000000n]);
  }
  // Small generated states across slot allocations, rates and anchors.
  const fractions = ["0.05", "0.25", "0.5", "1"];
  for (let seed = 1; seed <= 12; seed++) {
    const state = generatedState(seed);
    const anchor = 1000n + BigInt(seed) * 7919n;
    const fraction = fractions[seed % fractions.length]!;
    const rate = BigInt(1 + (seed % 4) * 5);
    add(`generated_${seed}`, state, anchor, fraction, rate, seed % 3 === 0 ? [0n] : seed % 3 === 1 ? aboveTarget(state, anchor, fraction, rate) : [BigInt(seed) * 10n]);
  }
  // Extreme anchors (int64 bounds, exported as bare big integers) and a zero slot allocation (read as 0.5 on chain).
  const edge = generatedState(3);
  add("generated_3_anchor_int64_min", edge, INT64_MIN, "0.5", 10n, [1n]);
  add("generated_3_anchor_int64_max", edge, INT64_MAX, "0.5", 10n, [1n]);
  add("generated_3_slot_allocation_zero_read_as_half", edge, 4242n, "0", 10n, [0n]);
  return out;
}

export const demandRuleExport: ExportSuite = {
  name: DEMAND_RULE_SUITE,
  function: "runPreservedRules(rule \"demand\"): the demand-based preserved rule (seed proposal devshard #2107 part 2)",
  source: "gonka-spec src/preserved/demand-rule.ts, src/preserved/compare-rules.ts (eligible set: SamplePreservedForEpisode, inference-chain/x/inference/module/model_assignment.go@85835b31)",
  notes:
    "input.state is a preserved-set state in the exact input shape of the Go sample_preserved_for_episode vectors (read as Go reads it), " +
    "without anchorHeight; input.anchor is the episode anchor height (int64). input.slotAllocation (PocSlotAllocation, a decimal string, " +
    "0 read as 0.5 as on chain) replaces state.params.epochParams.pocSlotAllocation (written equal to it). input.rate = " +
    "PoCMaxConcurrentPer10000Weight; input.peakInFlightRequests = peak in-flight PoC requests per model (every model present). " +
    "Per model (sorted by id, byte order): the eligible set is exactly the chain's at that anchor (thresholds, guardian exclusion, " +
    "history sampling, 34% cap); fractionTarget = floor(slotAllocation * totalWeight) (today's target); demandWeight D_m = " +
    "ceil(peak * 10000 / rate); targetWeight = max(fractionTarget, D_m); the fill is today's round robin over eligible participants " +
    "(sorted by address, byte order), each offering its LARGEST unallocated node next (ties: smallest node id, byte order), until " +
    "the target is met (the last node may overshoot) or a full round allocates nothing. eligibleWeight = total weight of the eligible " +
    "set; achievedWeight = weight preserved; shortfallWeight = max(0, target - achieved); capacityRequests = floor(achieved * rate / " +
    "10000); shortfallRequests = max(0, peak - capacity); preserved = participants (sorted) with their preserved node ids (sorted). " +
    "States go_* come from the named Go vector case (its anchor, +1 for *_beyond_eligible); generated_* are small generated states. " +
    "D_m moves in steps of 10000 / rate weight: the tiny go_* states use rate 10000 where the demand should decide the target.",
  inputFields: [...INPUT_FIELDS],
  outputFields: ["models[modelId, totalWeight, fractionTarget, demandWeight, targetWeight, eligibleWeight, achievedWeight, shortfallWeight, capacityRequests, shortfallRequests, preserved]"],
  cases: () => buildCases(DEMAND_RULE_SUITE, runDemandRule, inputs()),
};

export const exportSuites: ExportSuite[] = [demandRuleExport];

/** Replay adapters for `vectors check` (registered in src/vectors/registry.ts). */
export const suites: SuiteTable = {
  [DEMAND_RULE_SUITE]: { run: runDemandRule },
};
