/**
 * The settlement miss test under A's and B's governance p0, participant by participant, with the
 * reward a failed test zeroes.
 */
import { compareGoStrings } from "../go/bytes.js";
import type { Decimal } from "../go/decimal.js";
import type { Json } from "../go/json.js";
import type { MissTestEngine, SettlementRow } from "./engines.js";
import type { MissTestComparison, ParticipantMissTest } from "./model.js";

function zeroed(rows: SettlementRow[]): { count: number; reward: bigint } {
  let count = 0;
  let reward = 0n;
  for (const r of rows) {
    if (r.passed) continue;
    count++;
    reward += r.rewardAtStake ?? 0n;
  }
  return { count, reward };
}

export function compareMissTest(engine: MissTestEngine, settlement: Json, p0A: Decimal, p0B: Decimal): MissTestComparison {
  const a = engine.settle(settlement, p0A);
  const b = engine.settle(settlement, p0B);
  const byB = new Map(b.rows.map((r) => [r.address, r]));
  const participants: ParticipantMissTest[] = a.rows.map((r) => ({
    address: r.address,
    missed: r.missed,
    total: r.total,
    passedA: r.passed,
    passedB: byB.get(r.address)?.passed ?? r.passed,
    rewardAtStake: r.rewardAtStake,
  }));
  participants.sort((x, y) => compareGoStrings(x.address, y.address));
  const za = zeroed(a.rows);
  const zb = zeroed(b.rows);
  return { a: a.side, b: b.side, participants, zeroedA: za.count, zeroedB: zb.count, rewardZeroedA: za.reward, rewardZeroedB: zb.reward, rewardUnit: a.side.rewardUnit ?? "reward weight" };
}
