/**
 * The PoC routing simulator's own vector suite for other languages: each small built-in scenario
 * (examples/scenarios/, the large speed scenario left out) under each policy and tie-break, plus a
 * few variants, with every scenario field written out (the parser's defaults resolved).
 */
import { compareGoStrings } from "../go/bytes.js";
import type { Decimal } from "../go/decimal.js";
import type { Json } from "../go/json.js";
import type { ExportSuite } from "../vectors/export-types.js";
import { buildCases, type CaseInput } from "../vectors/spec-suite.js";
import { expectArray, exactObject } from "../json-input.js";
import type { SuiteTable } from "../vectors/types.js";
import { FIELDS, POLICIES, TIE_BREAKS, parseScenario, type Scenario } from "./scenario.js";
import { loadScenario } from "./scenario-source.js";
import { simulatePoc } from "./simulate.js";

export const POC_SIMULATION_SUITE = "spec_poc_simulation";

/** The built-ins in the suite (the `large` scenario is a speed test: 100,000 requests). */
const SCENARIOS = ["epoch-433", "shared-escrow", "soak-7"] as const;

/** A probability as decimal text keeping its exponent (0.10 stays "0.10", as the scenario wrote it). */
function decimalText(d: Decimal): string {
  if (d.exp >= 0) return (d.value * 10n ** BigInt(d.exp)).toString();
  const digits = d.value.toString().padStart(-d.exp + 1, "0");
  return `${digits.slice(0, d.exp)}.${digits.slice(d.exp)}`;
}

/** A resolved scenario as a scenario document with every field explicit (parseScenario reads it back unchanged). */
export function scenarioJson(sc: Scenario): Json {
  return {
    name: sc.name,
    description: sc.description,
    seed: sc.seed,
    policy: sc.policy,
    tieBreak: sc.tieBreak,
    capLeavesEscrowWeight: sc.capLeavesEscrowWeight,
    capPhases: sc.capPhases,
    gateway: { ...sc.gateway },
    phases: sc.phases.map((p) => ({ name: p.name, startMs: p.startMs, kind: p.kind })),
    hosts: sc.hosts.map((h) => ({
      address: h.address,
      weight: h.weight,
      fullWeight: h.fullWeight,
      score: h.score,
      preserved: Object.fromEntries(sc.phases.map((p, i) => [p.name, h.preserved[i]!] as const).sort((a, b) => compareGoStrings(a[0], b[0]))),
      parallel: h.parallel,
      serviceMs: h.serviceMs,
      admissionLimit: h.admissionLimit,
      overload: h.overload,
    })),
    escrows: sc.escrows.map((e) => ({ id: e.id, slots: [...e.slots], nonce: e.nonce, active: e.active })),
    traffic: sc.traffic.map((t) => ({ route: t.route, startMs: t.startMs, intervalMs: t.intervalMs, count: t.count })),
    missTest:
      sc.missTest === null
        ? null
        : { address: sc.missTest.address, p0: decimalText(sc.missTest.p0), missedOutsideWindow: sc.missTest.missedOutsideWindow, totalOutsideWindow: sc.missTest.totalOutsideWindow },
  };
}

/** Every field of the scenario format present (the simulator's defaults are not part of a spec vector). */
function requireExplicit(input: Json): void {
  const o = exactObject(input, FIELDS.scenario, "input");
  exactObject(o.gateway, FIELDS.gateway, "input.gateway");
  expectArray(o.phases, "input.phases").forEach((p, i) => exactObject(p, FIELDS.phase, `input.phases[${i}]`));
  expectArray(o.hosts, "input.hosts").forEach((h, i) => exactObject(h, FIELDS.host, `input.hosts[${i}]`));
  expectArray(o.escrows, "input.escrows").forEach((e, i) => exactObject(e, FIELDS.escrow, `input.escrows[${i}]`));
  expectArray(o.traffic, "input.traffic").forEach((t, i) => exactObject(t, FIELDS.traffic, `input.traffic[${i}]`));
  if (o.missTest !== null) exactObject(o.missTest, FIELDS.missTest, "input.missTest");
}

function runPocSimulation(input: Json): unknown {
  requireExplicit(input);
  const r = simulatePoc(parseScenario(input, "input"));
  return {
    hosts: r.hosts.map((h) => ({
      address: h.address,
      cap: h.cap,
      real: h.real,
      served: h.served,
      ghosts: h.ghosts,
      refusedBeforeReceipt: h.refusedBeforeReceipt,
      rejectedByHost: h.rejectedByHost,
      failedAfterReceipt: h.failedAfterReceipt,
      misses: h.misses,
      quarantines: h.quarantines,
    })),
    escrows: r.escrows.map((e) => ({ id: e.id, noncesUsed: e.noncesUsed, real: e.real, ghosts: { ...e.ghosts }, reachedNonceLimit: e.reachedNonceLimit })),
    gateway: { requests: r.gateway.requests, served: r.gateway.served, refused: r.gateway.refused, failed: r.gateway.failed, refusedBy: { ...r.gateway.refusedBy }, endMs: r.gateway.endMs },
    missTest: r.missTest === null ? null : { address: r.missTest.address, missed: r.missTest.missed, total: r.missTest.total, p0: r.missTest.p0, passed: r.missTest.passed },
  };
}

function inputs(): CaseInput[] {
  const out: CaseInput[] = [];
  const add = (name: string, sc: Scenario): void => {
    out.push({ name, input: scenarioJson(sc) });
  };
  const base = new Map(SCENARIOS.map((n) => [n, loadScenario(n)] as const));
  for (const n of SCENARIOS) {
    for (const policy of POLICIES) for (const tieBreak of TIE_BREAKS) add(`${n}_${policy}_${tieBreak}`, { ...base.get(n)!, policy, tieBreak });
  }
  const e433 = base.get("epoch-433")!;
  add("epoch-433_per-host-cap_all-poc", { ...e433, policy: "per-host-cap", capPhases: "all-poc" });
  add("epoch-433_request-mode-off", { ...e433, gateway: { ...e433.gateway, relaxedPoC: false } });
  add("epoch-433_capacity-aware-limits", { ...e433, gateway: { ...e433.gateway, capacityAwareLimits: true } });
  add("epoch-433_timeout-votes-fail", { ...e433, gateway: { ...e433.gateway, timeoutVotesPass: false } });
  const shared = base.get("shared-escrow")!;
  add("shared-escrow_per-host-cap_cap-leaves-escrow-weight", { ...shared, policy: "per-host-cap", capLeavesEscrowWeight: true });
  const soak = base.get("soak-7")!;
  add("soak-7_weighted-random_seed-2", { ...soak, tieBreak: "weighted-random", seed: 2n });
  add("soak-7_weighted-random_seed-int64-max", { ...soak, tieBreak: "weighted-random", seed: (1n << 63n) - 1n });
  return out;
}

export const pocSimulationExport: ExportSuite = {
  name: POC_SIMULATION_SUITE,
  function: "simulatePoc (deterministic model of devshardctl's gateway during PoC; policy today or per-host-cap; tie-break round-robin, top-score or weighted-random)",
  source: "gonka-spec src/gateway/simulate.ts, scenarios from examples/scenarios/ (gateway: devshard devshardctl@85835b31; proposals #2107 per-host cap, #1733 tie-breaks)",
  notes:
    "input is a complete scenario document in the format of examples/scenarios/README.md with every field present (no defaults): " +
    "integer milliseconds of simulated time, integer weights, rates per 10,000 weight, hosts[].preserved as {phaseName: bool} for every phase, " +
    "missTest.p0 a decimal string, seed an int64 (Go math/rand seed of the weighted-random tie-break). The run uses the scenario's own " +
    "policy, tieBreak, seed and capLeavesEscrowWeight. output.hosts in scenario order: cap (per-host cap under per-host-cap, else null), " +
    "real (attempts dispatched), served, ghosts (nonces burnt on the host's slots), refusedBeforeReceipt (refused by the gateway, no nonce, " +
    "because this host was unavailable), rejectedByHost (429/503/500 after the nonce), failedAfterReceipt, misses (timeout votes that " +
    "passed against the host), quarantines. output.escrows: nonces used, real dispatches, ghosts by kind, nonce limit reached. " +
    "output.gateway: request totals, refusals by reason, endMs (time of the last event). output.missTest: the named host's epoch counts " +
    "(simulated plus outside the window) through the chain's MissedStatTest (passed = reward kept), or null.",
  inputFields: [...FIELDS.scenario],
  outputFields: ["hosts[address, cap, real, served, ghosts, refusedBeforeReceipt, rejectedByHost, failedAfterReceipt, misses, quarantines]", "escrows", "gateway", "missTest"],
  cases: () => buildCases(POC_SIMULATION_SUITE, runPocSimulation, inputs()),
};

export const exportSuites: ExportSuite[] = [pocSimulationExport];

/** Replay adapters for `vectors check` (registered in src/vectors/registry.ts). */
export const suites: SuiteTable = {
  [POC_SIMULATION_SUITE]: { run: runPocSimulation },
};
