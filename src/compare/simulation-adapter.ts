/**
 * Adapter to the PoC routing simulator: the epoch-433 replay with the per-host cap at a given rate.
 * (Placeholder until src/gateway's simulatePoc lands: no simulation.)
 */
import type { SimulationSide } from "./model.js";

export function simulateEpoch433(rate: bigint): SimulationSide | undefined {
  void rate;
  return undefined;
}
