/** Every reason a participant's reward coins are 0, in plain words, read off the settlement trace. */
import { Decimal } from "../go/decimal.js";
import { explainMissedStatTest, type MissTestVerdict } from "../misstest/missed-stat-verdict.js";
import { checkAndPunishForDowntimeAt, downtimeCounts } from "../misstest/check-and-punish-for-downtime.js";
import type { ChainDecimal } from "../go/chain-decimal.js";
import type { ParticipantReward } from "./calculate-participant-bitcoin-rewards.js";
import type { SupplyCapOutcome } from "./get-bitcoin-settle-amounts.js";
import type { Exclusion, SettlementParticipant } from "./settlement-types.js";
import { groupDigits } from "../format/numbers.js";
import { coinsText } from "../format/coins.js";


export type ZeroCauseCode =
  | "excluded"
  | "inactive"
  | "no-validation-weight"
  | "zero-validation-weight"
  | "confirmation-weight-zero"
  | "confirmation-rescale-zero"
  | "node-total-zero"
  | "power-cap"
  | "failed-miss-test"
  | "delegation"
  | "no-fixed-reward"
  | "rounding"
  | "negative-balance"
  | "supply-cap";

export interface ZeroCause {
  code: ZeroCauseCode;
  /** What happened, in the chain's terms (for a cause not computable: what the assumption gave). */
  detail: string;
  /** What an operator checks on their node or registration (or why nothing on their side can change it); null when not computable. */
  operator: string | null;
  /** The cause reads an input the source lacks and filled with an assumption (assumed-causes.ts): not the participant's cause. */
  notComputable?: { input: string; assumption: string; lack: string };
}

/** What each exclusion reason the chain records means for the operator (the reason as the REST answer spells it). */
const EXCLUSION_ADVICE: Record<string, string> = {
  failed_confirmation_poc:
    "the node fell short in a confirmation PoC (an unannounced check during the epoch that it still has the compute it registered): keep every registered ML node up and generating nonces through the whole epoch, with the GPUs it was registered with",
  consecutive_failures: "too many inference requests failed in a row: check that the ML node is healthy, the model is loaded and its API is reachable from the network",
  statistical_invalidations:
    "validators invalidated a statistically significant share of its inferences: check that the served model, its quantisation and its sampling settings are exactly the governance model's",
};

const OPERATOR: Record<Exclude<ZeroCauseCode, "excluded">, string> = {
  inactive: "the participant was not ACTIVE when the epoch settled: check its registration and status on the chain, and that its node rejoined after the last PoC",
  "no-validation-weight":
    "the PoC that formed this epoch measured no weight for it: check that its ML nodes took part in that PoC (generated and submitted nonces before the deadline) and that validators accepted them",
  "zero-validation-weight": "the PoC that formed this epoch gave it no positive weight: check that its ML nodes' nonces in that PoC were submitted and validated",
  "confirmation-weight-zero":
    "the confirmation PoC (run during the epoch, unannounced) measured no compute for it: keep every registered ML node up and answering through the whole epoch, with the hardware it registered",
  "confirmation-rescale-zero": "its confirmation weight, scaled to its PoC weight, is under one unit: its nodes answered the confirmation PoC with far less than they registered",
  "node-total-zero":
    "its nodes count nothing toward the node total its confirmation weight is rescaled by (none is in a model subgroup of the epoch, or its models' confirmation scales are 0): check that its ML nodes serve a governance model and were placed in that model's group in the PoC that formed the epoch",
  "power-cap": "the network's power cap (a share of the total weight) lowered its weight: no setting on the node changes it",
  "failed-miss-test": "its nodes missed more of the inference requests assigned to them than the binomial test allows: check uptime, that requests reach the node (ports, load balancer) and that it is not overloaded",
  delegation: "its delegation penalties or reward transfers took the whole reward weight: check the delegations registered for this participant",
  "no-fixed-reward": "the epoch has no fixed reward: nothing on the participant's side changes it",
  rounding: "its weight is too small to earn one ngonka of this epoch's reward: more PoC weight would",
  "negative-balance": "the account owed coins from earlier epochs (a negative balance) and settlement takes the debt from the reward first",
  "supply-cap": "the subsidy supply cap: nothing on the participant's side changes it",
};

function exclusionAdvice(reason: string, block: bigint): string {
  return EXCLUSION_ADVICE[reason] ?? `the chain excluded the participant (${reason.replaceAll("_", " ")}) at block ${groupDigits(block)}: look at the node's logs around that block`;
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
 * Run the punishment's test for one participant (null stats → null; `p0` is the settlement's, made a
 * decimal once by the caller). The explanation (largest allowed count) is worked out only for a
 * failure: it is what a zero cause shows, and it costs far more than the test.
 */
export function participantMissTest(p: SettlementParticipant, p0: Decimal, skipped: boolean): ParticipantMissTest | null {
  if (p.currentEpochStats === null) return null;
  const { total, missed } = downtimeCounts({ address: p.address, currentEpochStats: p.currentEpochStats });
  // A Go error keeps the reward (CheckAndPunishForDowntime): it counts as a pass.
  const passed = checkAndPunishForDowntimeAt(total, missed, 1n, p0) === 1n;
  if (passed) return { missed, total, passed, maxAllowed: null, skipped, verdict: null };
  const verdict = explainMissedStatTest(BigInt.asIntN(64, missed), BigInt.asIntN(64, total), p0);
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
  const push = (code: Exclude<ZeroCauseCode, "excluded">, detail: string): void => {
    out.push({ code, detail, operator: OPERATOR[code] });
  };
  if (r.validationWeight === null) push("no-validation-weight", "no entry in the epoch group's validation weights: settlement pays on a weight of 0");
  else if (r.validationWeight <= 0n) push("zero-validation-weight", `the epoch group's validation weight is ${groupDigits(r.validationWeight)}: only a positive weight is paid`);
  if (p.status !== "ACTIVE") {
    const ex = ctx.exclusions.get(p.address);
    if (ex !== undefined) out.push({ code: "excluded", detail: `excluded (${ex.reason.replaceAll("_", " ")}) at block ${groupDigits(ex.exclusionBlockHeight)}: status ${p.status}, full weight ${groupDigits(r.fullWeight)} stays in the denominator`, operator: exclusionAdvice(ex.reason, ex.exclusionBlockHeight) });
    else push("inactive", `status ${p.status} at settlement (only ACTIVE participants are paid)`);
  }
  const eff = r.effective;
  if (eff !== null && eff.weight === 0n) {
    // v0.2.13+ pays on confirmation × weight ÷ node total only for a positive total: a total of 0 decides first.
    if ((eff.rule === "confirmation-weight-scales" || eff.rule === "effective-confirmed-weight") && (eff.rawTotal ?? 0n) <= 0n) {
      push("node-total-zero", `node total ${groupDigits(eff.rawTotal ?? 0n)} (its nodes in the model subgroups, times their models' confirmation scales): from v0.2.13 a total of 0 gives effective weight 0, whatever the confirmation weight (${groupDigits(eff.confirmationWeight)})`);
    } else if (eff.confirmationWeight <= 0n) {
      const detail =
        eff.rule === "preserved-plus-confirmation" || eff.rule === "preserved-plus-confirmation-collateral"
          ? `confirmation weight ${eff.confirmationWeight} and no preserved (POC_SLOT) node weight`
          : `confirmation weight ${eff.confirmationWeight}: from v0.2.12 the reward weight follows the confirmation weight`;
      push("confirmation-weight-zero", detail);
    } else {
      push("confirmation-rescale-zero", `confirmation weight ${groupDigits(eff.confirmationWeight)} × weight ${groupDigits(r.fullWeight)} ÷ node total ${groupDigits(eff.rawTotal ?? 0n)} rounds to 0`);
    }
  } else if (eff !== null && r.cappedWeight !== null && r.cappedWeight <= 0n) {
    push("power-cap", `power cap lowered the weight ${groupDigits(eff.weight)} to ${groupDigits(r.cappedWeight)}`);
  }
  if (miss !== null && !miss.passed && !miss.skipped) {
    const allowed = miss.maxAllowed === null ? "" : `; at most ${groupDigits(miss.maxAllowed)} allowed at p0 ${p0Text(ctx.p0)}`;
    push("failed-miss-test", `failed the miss test: missed ${groupDigits(miss.missed)} of ${groupDigits(miss.total)} requests${allowed}`);
  }
  if (r.weightAfterDowntime > 0n && r.rewardWeight === 0n) push("delegation", `delegation penalties/transfers took the whole reward weight ${groupDigits(r.weightAfterDowntime)}`);
  if (r.rewardWeight > 0n && p.status === "ACTIVE") {
    if (ctx.fixedEpochReward === 0n) push("no-fixed-reward", ctx.fixedEpochRewardError === null ? "the fixed epoch reward is 0" : `no fixed epoch reward: ${ctx.fixedEpochRewardError}`);
    else if (r.rewardBeforeDebt === 0n) push("rounding", `weight ${groupDigits(r.rewardWeight)} × ${groupDigits(ctx.fixedEpochReward)} ngonka ÷ total weight ${groupDigits(ctx.totalFullWeight)} rounds down to 0 ngonka`);
  }
  if (r.rewardBeforeDebt > 0n && r.debtRecovered > 0n) push("negative-balance", `negative coin balance ${coinsText(p.coinBalance)}: the debt took the whole reward of ${coinsText(r.rewardBeforeDebt)}`);
  if (r.rewardBeforeDebt > 0n && r.debtRecovered === 0n && ctx.supplyCap !== "under-cap") push("supply-cap", ctx.supplyCap === "cap-reached" ? "the subsidy supply cap is reached: nothing is minted" : "scaled down to the remaining subsidy supply");
  return out;
}
