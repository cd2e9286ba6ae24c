/** Every reason a participant's reward coins are 0, in plain words, read off the settlement trace. */
import { Decimal } from "../go/decimal.js";
import { explainMissedStatTest, type MissTestVerdict } from "../misstest/missed-stat-verdict.js";
import { checkAndPunishForDowntime, downtimeCounts } from "../misstest/check-and-punish-for-downtime.js";
import type { ChainDecimal } from "../go/chain-decimal.js";
import type { ParticipantReward } from "./calculate-participant-bitcoin-rewards.js";
import type { SupplyCapOutcome } from "./get-bitcoin-settle-amounts.js";
import type { Exclusion, SettlementParticipant } from "./settlement-types.js";
import { groupDigits } from "../format/numbers.js";


export type ZeroCauseCode =
  | "excluded"
  | "inactive"
  | "no-validation-weight"
  | "zero-validation-weight"
  | "confirmation-weight-zero"
  | "confirmation-rescale-zero"
  | "power-cap"
  | "failed-miss-test"
  | "delegation"
  | "no-fixed-reward"
  | "rounding"
  | "negative-balance"
  | "supply-cap";

export interface ZeroCause {
  code: ZeroCauseCode;
  detail: string;
}

/** The miss test as settlement ran it for one participant. */
export interface ParticipantMissTest {
  missed: bigint;
  total: bigint;
  passed: boolean;
  /** Largest missed count allowed at this total and p0 (worked out for failures only; null otherwise or when Go errors). */
  maxAllowed: bigint | null;
  /** Settlement skipped punishment (circuit breaker): reported, never a cause. */
  skipped: boolean;
  verdict: MissTestVerdict | null;
}

/**
 * Run the punishment's test for one participant (null stats → null). The explanation (largest allowed
 * count) is worked out only for a failure: it is what a zero cause shows, and it costs far more than the test.
 */
export function participantMissTest(p: SettlementParticipant, p0: ChainDecimal, skipped: boolean): ParticipantMissTest | null {
  if (p.currentEpochStats === null) return null;
  const { total, missed } = downtimeCounts({ address: p.address, currentEpochStats: p.currentEpochStats });
  // A Go error keeps the reward (CheckAndPunishForDowntime): it counts as a pass.
  const passed = checkAndPunishForDowntime(total, missed, 1n, p0) === 1n;
  if (passed) return { missed, total, passed, maxAllowed: null, skipped, verdict: null };
  const verdict = explainMissedStatTest(BigInt.asIntN(64, missed), BigInt.asIntN(64, total), Decimal.fromChain(p0));
  return { missed, total, passed, maxAllowed: verdict.maxAllowedMissed, skipped, verdict };
}

export interface ZeroCauseContext {
  p0: ChainDecimal;
  fixedEpochReward: bigint;
  fixedEpochRewardError: string | null;
  totalFullWeight: bigint;
  supplyCap: SupplyCapOutcome;
  exclusions: ReadonlyMap<string, Exclusion>;
}

function p0Text(p0: ChainDecimal): string {
  return Decimal.fromChain(p0).toFixed(3);
}

/** The causes of a zero reward (empty when rewardCoins > 0). Several may apply; the first is the one that zeroed the weight first. */
export function zeroCauses(p: SettlementParticipant, r: ParticipantReward, miss: ParticipantMissTest | null, ctx: ZeroCauseContext): ZeroCause[] {
  if (r.rewardCoins !== 0n) return [];
  const out: ZeroCause[] = [];
  if (r.validationWeight === null) out.push({ code: "no-validation-weight", detail: "no entry in the epoch group's validation weights (full weight 0)" });
  else if (r.validationWeight <= 0n) out.push({ code: "zero-validation-weight", detail: `validation weight ${groupDigits(r.validationWeight)} (not positive)` });
  if (p.status !== "ACTIVE") {
    const ex = ctx.exclusions.get(p.address);
    if (ex !== undefined) out.push({ code: "excluded", detail: `excluded (${ex.reason.replaceAll("_", " ")}) at block ${groupDigits(ex.exclusionBlockHeight)}: status ${p.status}, full weight ${groupDigits(r.fullWeight)} stays in the denominator` });
    else out.push({ code: "inactive", detail: `status ${p.status} at settlement (only ACTIVE participants are paid)` });
  }
  const eff = r.effective;
  if (eff !== null && eff.weight === 0n) {
    if (eff.confirmationWeight <= 0n) {
      const detail =
        eff.rule === "preserved-plus-confirmation" || eff.rule === "preserved-plus-confirmation-collateral"
          ? `confirmation weight ${eff.confirmationWeight} and no preserved (POC_SLOT) node weight`
          : `confirmation weight ${eff.confirmationWeight}: from v0.2.12 the reward weight follows the confirmation weight`;
      out.push({ code: "confirmation-weight-zero", detail });
    } else {
      out.push({ code: "confirmation-rescale-zero", detail: `confirmation weight ${groupDigits(eff.confirmationWeight)} × weight ${groupDigits(r.fullWeight)} ÷ node total ${groupDigits(eff.rawTotal ?? 0n)} rounds to 0` });
    }
  } else if (eff !== null && r.cappedWeight !== null && r.cappedWeight <= 0n) {
    out.push({ code: "power-cap", detail: `power cap lowered the weight ${groupDigits(eff.weight)} to ${groupDigits(r.cappedWeight)}` });
  }
  if (miss !== null && !miss.passed && !miss.skipped) {
    const allowed = miss.maxAllowed === null ? "" : `; at most ${groupDigits(miss.maxAllowed)} allowed at p0 ${p0Text(ctx.p0)}`;
    out.push({ code: "failed-miss-test", detail: `failed the miss test: missed ${groupDigits(miss.missed)} of ${groupDigits(miss.total)} requests${allowed}` });
  }
  if (r.weightAfterDowntime > 0n && r.rewardWeight === 0n) out.push({ code: "delegation", detail: `delegation penalties/transfers took the whole reward weight ${groupDigits(r.weightAfterDowntime)}` });
  if (r.rewardWeight > 0n && p.status === "ACTIVE") {
    if (ctx.fixedEpochReward === 0n) out.push({ code: "no-fixed-reward", detail: ctx.fixedEpochRewardError === null ? "the fixed epoch reward is 0" : `no fixed epoch reward: ${ctx.fixedEpochRewardError}` });
    else if (r.rewardBeforeDebt === 0n) out.push({ code: "rounding", detail: `weight ${groupDigits(r.rewardWeight)} × ${groupDigits(ctx.fixedEpochReward)} ngonka ÷ total weight ${groupDigits(ctx.totalFullWeight)} rounds down to 0 ngonka` });
  }
  if (r.rewardBeforeDebt > 0n && r.debtRecovered > 0n) out.push({ code: "negative-balance", detail: `negative coin balance ${groupDigits(p.coinBalance)} ngonka: the debt took the whole reward of ${groupDigits(r.rewardBeforeDebt)} ngonka` });
  if (r.rewardBeforeDebt > 0n && r.debtRecovered === 0n && ctx.supplyCap !== "under-cap") out.push({ code: "supply-cap", detail: ctx.supplyCap === "cap-reached" ? "the subsidy supply cap is reached: nothing is minted" : "scaled down to the remaining subsidy supply" });
  return out;
}
