// Real mainnet epochs 247–249 (test/realdata/rest, carried copies of ../shared/realdata/rest) held by a
// fixture node as the chain holds them at each height: before an epoch's settlement block S its
// participants carry their live counts and coin balances and no performance summary exists; from S on
// the summaries exist (what the chain paid) and the balances are reset. v0.2.11 until a v0.2.12 plan
// applied between S(247) and S(248), as on mainnet (src/versions/upgrade-table.ts).
import type { EpochGroupData, Params, Participant } from "../../src/chain/gen/proto.js";
import { UPGRADE_PLAN_NAMES } from "../../src/chain/applied-plan.js";
import { emptyFixtureState, type FixtureChainState } from "../../src/testing/fixture-state.js";
import { big, groupOf, paramsOf, readRest, summaryOf, type O } from "../realdata/rest-fixture.js";

export const REAL_EPOCHS = [247n, 248n, 249n] as const;
interface RealEpoch {
  epoch: bigint;
  params: Partial<Params>;
  groups: Partial<EpochGroupData>[];
  summaries: O[];
  excluded: { address: string; epochIndex: bigint; reason: string; exclusionBlockHeight: bigint }[];
  pocStart: bigint;
  effective: bigint;
  epochLength: bigint;
  /** poc_stage_duration + poc_validation_delay + poc_validation_duration. */
  toS: bigint;
}

function realEpoch(e: bigint): RealEpoch {
  const rootJ = readRest(e, `epoch_group_data_${e}.json`).epoch_group_data as O;
  const root = groupOf(rootJ);
  const p = paramsOf(e);
  const epochParams = p.epochParams;
  const groups = [root, ...root.subGroupModels!.map((m) => groupOf(readRest(e, `epoch_group_data_${e}__${m.replace(/\//g, "_")}.json`).epoch_group_data as O))];
  return {
    epoch: e,
    params: p,
    groups,
    summaries: readRest(e, `epoch_performance_summary_${e}.json`).epochPerformanceSummary as O[],
    excluded: (readRest(e, `excluded_participants_${e}.json`).items as O[]).map((x) => ({ address: String(x.address), epochIndex: big(x.epoch_index), reason: String(x.reason), exclusionBlockHeight: big(x.exclusion_block_height) })),
    pocStart: root.pocStartBlockHeight!,
    effective: root.effectiveBlockHeight!,
    epochLength: epochParams.epochLength,
    toS: epochParams.pocStageDuration + epochParams.pocValidationDelay + epochParams.pocValidationDuration,
  };
}

export interface RealNode {
  /** The settlement block of each epoch. */
  S: Map<bigint, bigint>;
  /** Block the v0.2.12 plan is applied at. */
  v12: bigint;
  stateAt: (h: number) => FixtureChainState;
}

/** The chain over epochs 247–249 (and epoch 250's PoC start, from which S(249) is read). */
export function realNode(): RealNode {
  const eps = REAL_EPOCHS.map(realEpoch);
  const poc250 = eps[2]!.pocStart + eps[2]!.epochLength;
  const pocNext = (i: number): bigint => (i + 1 < eps.length ? eps[i + 1]!.pocStart : poc250);
  const S = new Map(eps.map((e, i) => [e.epoch, pocNext(i) + e.toS] as const));
  const v12 = (S.get(247n)! + S.get(248n)!) / 2n;
  const stub250: Partial<EpochGroupData> = { epochIndex: 250n, modelId: "", epochGroupId: 986n, pocStartBlockHeight: poc250, effectiveBlockHeight: S.get(249n)! + 120n, subGroupModels: [], validationWeights: [] };
  const cache = new Map<number, FixtureChainState>();
  const stateAt = (hn: number): FixtureChainState => {
    const hit = cache.get(hn);
    if (hit) return hit;
    const h = BigInt(hn);
    const st = emptyFixtureState();
    const v = h >= v12 ? "v0.2.12" : "v0.2.11";
    st.chainVersion = v;
    st.appliedPlans = new Map();
    for (const [i, name] of UPGRADE_PLAN_NAMES.entries()) {
      if (name === "v0.2.12") {
        st.appliedPlans.set(name, v12);
        break;
      }
      st.appliedPlans.set(name, BigInt(10 * (i + 1)));
    }
    // The epoch being settled next at h (live counts), or none after S(249).
    const iLive = eps.findIndex((e) => h < S.get(e.epoch)!);
    st.params = (iLive >= 0 ? eps[iLive]! : eps[2]!).params;
    st.effectiveEpoch = [...eps.filter((e) => e.effective <= h).map((e) => e.epoch), ...(h >= stub250.effectiveBlockHeight! ? [250n] : [])].at(-1);
    for (const e of eps) {
      if (e.pocStart > h) continue;
      st.epochs.push({ index: e.epoch, pocStartBlockHeight: e.pocStart });
      st.groups.push(...e.groups);
      st.excluded.push(...e.excluded);
      st.activeParticipants.set(e.epoch, {
        participants: e.summaries.map((x) => ({ index: String(x.participant_id), validatorKey: "", weight: 0n, inferenceUrl: "", models: [], mlNodes: [], votingPowers: [], capWeight: 0n })),
        epochId: e.epoch,
      });
      if (h >= S.get(e.epoch)!) {
        st.summaries.push(
          ...e.summaries.map((x) => summaryOf(e.epoch, x)),
        );
      }
    }
    if (poc250 <= h) {
      st.epochs.push({ index: 250n, pocStartBlockHeight: poc250 });
      st.groups.push(stub250);
    }
    if (iLive >= 0) {
      // The same status and balance rule as the REST path (the dump has neither): excluded → not
      // ACTIVE, a positive earned_coins is the balance.
      const e = eps[iLive]!;
      const reasons = new Map(e.excluded.map((x) => [x.address, x.reason]));
      st.participants = e.summaries.map((x): Partial<Participant> => {
        const reason = reasons.get(String(x.participant_id));
        return {
          index: String(x.participant_id),
          address: String(x.participant_id),
          status: reason === undefined ? 1 : ["consecutive_failures", "statistical_invalidations", "invalidated"].includes(reason) ? 3 : 2,
          coinBalance: big(x.earned_coins),
          currentEpochStats: { inferenceCount: big(x.inference_count), missedRequests: big(x.missed_requests), earnedCoins: 0n, rewardedCoins: 0n, burnedCoins: 0n, validatedInferences: 0n, invalidatedInferences: 0n, invalidLLR: undefined, inactiveLLR: undefined, confirmationPoCRatio: undefined },
        };
      });
    }
    cache.set(hn, st);
    return st;
  };
  return { S, v12, stateAt };
}
