/** compare's reward at stake and zeroed counts come from the settlement when the slice holds its inputs. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareMissTest } from "../../src/compare/miss-side.js";
import { missTestEngine } from "../../src/compare/default-engines.js";
import { settlementEngineFor } from "../../src/compare/settlement-adapter.js";
import { Decimal } from "../../src/go/decimal.js";
import { snapshotFromRestDump } from "../../src/sources/rest-dump/snapshot-from-rest.js";
import { settleAccounts } from "../../src/settlement/settle-accounts.js";
import { parseSettlementInput } from "../../src/settlement/settlement-input.js";
import { REALDATA_DIR } from "../realdata/load.js";

describe("compare on a settlement slice with the reward inputs (epoch 248)", () => {
  const { snapshot } = snapshotFromRestDump(join(REALDATA_DIR, "rest", "epoch_248"));
  const slice = snapshot.settlement!;
  const engine = { ...missTestEngine, ...settlementEngineFor("v0.2.12") };

  it("at the chain's p0 0.10 the zeroed are the miss-test failures that had a reward, and the coins are the settlement's", () => {
    const t = compareMissTest(engine, slice, Decimal.fromString("0.10"), Decimal.fromString("0.05"));
    expect(t.rewardUnit).toBe("ngonka");
    const s = settleAccounts(parseSettlementInput(slice, "s").input, "v0.2.12");
    const lostToMissTest = s.participants.filter((p) => p.zeroCauses.some((c) => c.code === "failed-miss-test") && p.weights.capped !== null && p.weights.capped > 0n);
    expect(t.zeroedA).toBe(lostToMissTest.length);
    const at = new Map(t.participants.map((p) => [p.address, p.rewardAtStake]));
    for (const p of s.participants) if (p.rewardCoins > 0n) expect(at.get(p.address)).toBe(p.rewardCoins); // no debt in the dump
    expect(t.zeroedB >= t.zeroedA).toBe(true); // a stricter p0 never zeroes fewer
  });
});
