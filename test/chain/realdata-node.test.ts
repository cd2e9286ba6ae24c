// A fixture node serving real mainnet state (epoch 249, v0.2.12, from the REST answers in test/realdata)
// answers the settlement reads exactly as the REST dump gives them: the node path (snapshot --node at
// S-1) and the REST path (import-rest) build the same settlement input for every field both have.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { snapshotFromRpc } from "../../src/chain/index.js";
import type { Participant } from "../../src/chain/gen/proto.js";
import { appliedPlansUpTo, emptyFixtureState, type FixtureChainState } from "../../src/testing/fixture-state.js";
import { big, groupOf, paramsOf, readRest, summaryOf, type O } from "../realdata/rest-fixture.js";
import { REALDATA_DIR } from "../realdata/load.js";
import { readRestDump } from "../../src/sources/rest-dump/read-rest-dump.js";
import { settlementFromRestDump } from "../../src/sources/rest-dump/settlement-from-rest.js";
import { parseSettlementInput } from "../../src/settlement/settlement-input.js";
import { fixtureNodes } from "./helpers.js";

const serve = fixtureNodes();
/**
 * Epoch 249's state as a v0.2.12 node holds it (the effective epoch is still 249 until S + 120): before
 * S no performance summaries of 249 exist and each Participant has its live counts and coin balance;
 * from S on (`settled`) the summaries exist and settlement has reset balances and counts.
 */
function realState(settled = false): { st: FixtureChainState; S: bigint } {
  const root = readRest(249n, "epoch_group_data_249.json").epoch_group_data as O;
  const st = emptyFixtureState();
  st.chainVersion = "v0.2.12";
  st.appliedPlans = appliedPlansUpTo("v0.2.12");
  st.params = paramsOf(249n);
  const epochParams = st.params.epochParams!;
  const r249 = groupOf(root);
  st.effectiveEpoch = 249n;
  st.epochs.push({ index: 249n, pocStartBlockHeight: r249.pocStartBlockHeight! });
  st.groups.push(r249);
  for (const m of r249.subGroupModels!) {
    const f = `epoch_group_data_249__${m.replace(/\//g, "_")}.json`;
    st.groups.push(groupOf(readRest(249n, f).epoch_group_data as O));
  }
  // Epoch 250's root group exists from its PoC start (one epoch later): S is read from it.
  const poc250 = r249.pocStartBlockHeight! + epochParams.epochLength;
  st.groups.push({ epochIndex: 250n, modelId: "", epochGroupId: 986n, pocStartBlockHeight: poc250, subGroupModels: [], validationWeights: [] });
  const S = poc250 + epochParams.pocStageDuration + epochParams.pocValidationDelay + epochParams.pocValidationDuration;

  const summaries = readRest(249n, "epoch_performance_summary_249.json").epochPerformanceSummary as O[];
  const excluded = readRest(249n, "excluded_participants_249.json").items as O[];
  st.excluded = excluded.map((x) => ({ address: String(x.address), epochIndex: big(x.epoch_index), reason: String(x.reason), exclusionBlockHeight: big(x.exclusion_block_height) }));
  const reasons = new Map(st.excluded.map((x) => [x.address, x.reason]));
  const summaryRecords = summaries.map((x) => summaryOf(249n, x));
  st.summaries = settled ? summaryRecords : [];
  st.activeParticipants.set(249n, {
    participants: summaries.map((x) => ({ index: String(x.participant_id), validatorKey: "", weight: 0n, inferenceUrl: "", models: [], mlNodes: [], votingPowers: [], capWeight: 0n })),
    epochId: 249n,
  });
  // The same status and balance rule as the REST path (the dump has neither): excluded → not ACTIVE,
  // a positive earned_coins is the balance.
  st.participants = summaries.map((x): Partial<Participant> => {
    const reason = reasons.get(String(x.participant_id));
    return {
      index: String(x.participant_id),
      address: String(x.participant_id),
      status: reason === undefined ? 1 : ["consecutive_failures", "statistical_invalidations", "invalidated"].includes(reason) ? 3 : 2,
      coinBalance: settled ? 0n : big(x.earned_coins),
      currentEpochStats: settled
        ? undefined
        : { inferenceCount: big(x.inference_count), missedRequests: big(x.missed_requests), earnedCoins: 0n, rewardedCoins: 0n, burnedCoins: 0n, validatedInferences: 0n, invalidatedInferences: 0n, invalidLLR: undefined, inactiveLLR: undefined, confirmationPoCRatio: undefined },
    };
  });
  return { st, S };
}

describe("real epoch 249 through a fixture node vs the REST path", () => {
  it("snapshot --node --height S-1 --epoch 249 gives the settlement input import-rest gives", { timeout: 20_000 }, async () => {
    const before = realState();
    const after = realState(true);
    const S = before.S;
    const s = await serve({ latestHeight: Number(S) + 500, stateAt: (h) => (BigInt(h) < S ? before.st : after.st) });
    const snap = await snapshotFromRpc(s.url, { height: S - 1n, epoch: 249n });
    expect((snap.chainVersion as { version: string }).version).toBe("v0.2.12");
    const viaNode = parseSettlementInput(snap.settlement!, "node");
    const viaRest = settlementFromRestDump(readRestDump(join(REALDATA_DIR, "rest", "epoch_249"))).input;
    expect(viaNode.settlementHeight).toBe(S);
    const n = viaNode.input;
    expect(n.participants.map((p) => [p.address, p.status, p.coinBalance, p.currentEpochStats])).toEqual(viaRest.participants.map((p) => [p.address, p.status, p.coinBalance, p.currentEpochStats]));
    expect(n.validationWeights).toEqual(viaRest.validationWeights);
    expect(n.subgroups).toEqual(viaRest.subgroups);
    expect(n.pocModelScales).toEqual(viaRest.pocModelScales);
    expect(n.pocModelScales.some((m) => m.weightScaleFactor!.value > 2n ** 53n)).toBe(true);
    expect(n.confirmationWeightScales).toEqual([]);
    expect(viaRest.confirmationWeightScales).toEqual([]);
    expect(n.collateralGracePeriodEndEpoch).toBe(viaRest.collateralGracePeriodEndEpoch);
    expect(n.bitcoinRewardParams).toEqual(viaRest.bitcoinRewardParams);
    expect(n.exclusions).toEqual(viaRest.exclusions);
    expect(n.validationParams).toEqual(viaRest.validationParams);
    // at S-1 the counts are the live ones (exact unless block S adds requests), and there is no
    // TokenomicsData in this fixture (the supply cap)
    expect(viaNode.assumptions.map((a) => [a.input, a.rowsAffected])).toEqual([
      ["participants[].currentEpochStats", 81],
      ["reward.settleParameters", 0],
    ]);
    expect(new Set(s.heightsAsked())).toEqual(new Set([Number(S - 1n)]));

    // settled on v0.2.12, the node's inputs pay exactly what the chain recorded in the summaries (read at S)
    const { settleAccounts } = await import("../../src/settlement/settle-accounts.js");
    const paid = settleAccounts(n, "v0.2.12").participants.map((p) => [p.address, p.rewardCoins, p.workCoins]);
    const at = await snapshotFromRpc(s.url, { height: S, epoch: 249n });
    const outcome = (at.chain as { settlementOutcome: { [a: string]: { rewardedCoins: bigint; earnedCoins: bigint } } }).settlementOutcome;
    expect(paid).toEqual(Object.entries(outcome).map(([a, o]) => [a, o.rewardedCoins, o.earnedCoins]));
    expect(paid.filter((p) => (p[1] as bigint) > 0n).length).toBe(52);
    // and after S the balances read are settlement's zeros, named as such
    const post = parseSettlementInput(at.settlement!, "node@S");
    expect(post.input.participants.every((p) => p.coinBalance === 0n)).toBe(true);
    expect(post.assumptions.map((a) => a.input)).toContain("participants[].coinBalance");
  });

  it("without --epoch at S-1 the slice is the previous epoch, and a note says how to get epoch 249's", async () => {
    const { st, S } = realState();
    const s = await serve({ latestHeight: Number(S) - 1, stateAt: () => st });
    const snap = await snapshotFromRpc(s.url, { height: S - 1n });
    expect((snap.settlement as { epoch: bigint }).epoch).toBe(248n);
    expect((snap.chain as { warnings: string[] }).warnings).toContain(`epoch 249 settles at block ${S}, after height ${S - 1n}: this snapshot's settlement slice is epoch 248; for epoch 249's pre-settlement state pass --epoch 249 (and pin --height ${S - 1n})`);
  });
});
