/** `gonka-spec simulate-poc --scenario NAME|FILE`: where PoC traffic lands and who takes misses. */
import { jsonDocument, wantsJson } from "../json-output.js";
import { formatSimulation } from "../../gateway/report.js";
import { InputError } from "../../errors.js";
import { isInt64, MAX_SCENARIO_REQUESTS, POLICIES, TIE_BREAKS } from "../../gateway/scenario.js";
import { groupDigits } from "../../format/numbers.js";
import { builtinScenarioNames, loadScenario } from "../../gateway/scenario-source.js";
import { simulatePoc } from "../../gateway/simulate.js";
import { choice, intFlag, parse, required } from "../args.js";
import type { Command } from "../command.js";

const usage = `Usage:
  gonka-spec simulate-poc --scenario NAME|FILE [--policy today|per-host-cap]
                          [--tie-break round-robin|top-score|weighted-random] [--cap-leaves-weight]
                          [--seed N] [--json]

Runs the deterministic model of the devshardctl gateway during PoC on one scenario: the built-ins
(${builtinScenarioNames().join(", ") || "none found"}) or a scenario file (format: examples/scenarios/README.md;
at most ${groupDigits(MAX_SCENARIO_REQUESTS)} requests in all, which simulate in seconds).
  --policy             today (devshardctl as it is) or per-host-cap (the proposal: at most
                       max(1, floor(weight x PoCMaxConcurrentPer10000Weight / 10000)) real requests in
                       flight per host during PoC generation; excess refused before any receipt)
  --tie-break          escrows tied on the lowest load: round-robin (devshardctl today), top-score or
                       weighted-random (#1733: a GoRand draw proportional to the hosts' scores)
  --cap-leaves-weight  a capped host also leaves W(e) (the pooled route then avoids its escrow)
  --seed N             the seed of the weighted-random draw (default: the scenario's): an int64, as
                       Go's rand.NewSource takes it; a negative seed is a seed too (Go reduces it mod
                       2^31-1, so -5 draws as 2147483642 does)
Defaults for policy, tie-break and seed come from the scenario. Prints per host: real requests,
served, ghosts, refusals before receipt, host refusals, failures after receipt, misses; per escrow:
nonces used; and the miss-test verdict for the host the scenario names.`;

export const simulatePocCommand: Command = {
  name: "simulate-poc",
  summary: "simulate the gateway's PoC routing (today, per-host cap, tie-breaks) and its misses",
  usage,
  async run(args, io) {
    const p = parse(args, {
      scenario: { type: "string" },
      policy: { type: "string" },
      "tie-break": { type: "string" },
      "cap-leaves-weight": { type: "boolean" },
      seed: { type: "string" },
      json: { type: "boolean" },
    });
    const seed = intFlag(p, "seed");
    if (seed !== undefined && !isInt64(seed)) throw new InputError(`expected an int64 seed, got ${seed}`, "--seed");
    const scenario = loadScenario(required(p, "scenario"));
    const result = simulatePoc(scenario, {
      policy: choice(p, "policy", POLICIES, scenario.policy),
      tieBreak: choice(p, "tie-break", TIE_BREAKS, scenario.tieBreak),
      seed: seed ?? scenario.seed,
      capLeavesEscrowWeight: p.values["cap-leaves-weight"] === true ? true : scenario.capLeavesEscrowWeight,
    });
    io.out(p.values.json || wantsJson(args) ? jsonDocument("simulate-poc", result) : formatSimulation(result));
    return 0;
  },
};
