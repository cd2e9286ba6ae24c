/**
 * Adapter to the PoC routing simulator: the built-in epoch-433 scenario replayed with the per-host
 * cap at a proposal's PoCMaxConcurrentPer10000Weight, and the host's epoch miss test at the
 * proposal's settlement p0. (The scenario's own rate and p0 are replaced; nothing else changes.)
 */
import type { Decimal } from "../go/decimal.js";
import { loadScenario } from "../gateway/scenario-source.js";
import type { Policy, Scenario } from "../gateway/scenario.js";
import { simulatePoc } from "../gateway/simulate.js";
import type { SimulationSide } from "./model.js";

export const SIMULATION_SCENARIO = "epoch-433";

let cached: Scenario | undefined;
function scenario(): Scenario {
  cached ??= loadScenario(SIMULATION_SCENARIO);
  return cached;
}

/** One replay; `rate` must fit a JavaScript number (the simulator's own type). */
export function simulateEpoch433(rate: bigint, p0: Decimal, policy: Policy = "per-host-cap"): SimulationSide | undefined {
  if (rate > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const base = scenario();
  const s: Scenario = {
    ...base,
    gateway: { ...base.gateway, pocMaxConcurrentPer10000Weight: Number(rate) },
    missTest: base.missTest ? { ...base.missTest, p0 } : null,
  };
  const r = simulatePoc(s, { policy });
  const host = r.missTest?.address ?? s.missTest?.address ?? r.hosts[0]?.address;
  const h = r.hosts.find((x) => x.address === host);
  if (!h || host === undefined) return undefined;
  return {
    rate,
    policy,
    host,
    served: BigInt(h.served),
    refusedBeforeReceipt: BigInt(h.refusedBeforeReceipt),
    misses: BigInt(r.missTest?.missed ?? h.misses),
    total: BigInt(r.missTest?.total ?? h.real),
    passed: r.missTest ? r.missTest.passed : null,
  };
}
