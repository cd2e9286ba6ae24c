/**
 * The epoch verdict for the scenario's named host: its simulated misses and real attempts, plus the
 * epoch's counts outside the simulated window, through the chain's miss test (MissedStatTest).
 */
import { missedStatTest } from "../misstest/missed-stat-test.js";
import type { HostResult, MissTestResult } from "./result.js";
import type { MissTestSpec } from "./scenario.js";

/** Whether the host passes the miss test and so keeps its epoch reward. */
export function missTestVerdict(spec: MissTestSpec, hosts: readonly HostResult[]): MissTestResult {
  const h = hosts.find((x) => x.address === spec.address);
  if (h === undefined) throw new Error(`internal: missTest host ${spec.address} is not in the result`);
  const missed = h.misses + spec.missedOutsideWindow;
  const total = h.real + spec.totalOutsideWindow;
  const passed = missedStatTest(BigInt(missed), BigInt(total), spec.p0);
  return {
    address: spec.address, missed, total, windowMissed: h.misses, windowTotal: h.real,
    p0: spec.p0.toString(), passed, rewardZeroed: !passed,
  };
}
