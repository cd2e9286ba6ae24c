/**
 * The compiled-Go settlement fixtures' input and output shapes (fixtures/README.md), their conversion
 * to the port's SettlementInput, and the port's answer in the harness's output shape.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { getBitcoinSettleAmounts, type SettleAmounts } from "../../src/settlement/get-bitcoin-settle-amounts.js";
import { settleAmountWritten } from "../../src/settlement/settle-accounts.js";
import type { ChainDecimal } from "../../src/go/chain-decimal.js";
import type { ParticipantStatus, SettlementInput } from "../../src/settlement/settlement-types.js";
import { atLeast, type ChainVersion } from "../../src/versions/chain-version.js";
import { INT64_MAX } from "../../src/go/int64.js";

export interface GoDec { value: string; exponent: number }
/** A node: its PoC weight (the second audit's fixture), or the weight and timeslot allocation (the boundary fixture). */
export type GoNode = string | { w: string; slots: boolean[] } | null;
export interface GoInput {
  epoch: string;
  participants: { address: string; status: ParticipantStatus; coinBalance: string; stats: { inferenceCount: string; missedRequests: string } | null }[];
  validationWeights: { memberAddress: string; weight: string; confirmationWeight: string; mlNodes?: GoNode[] | null }[];
  subgroups: { modelId: string; validationWeights: { memberAddress: string; mlNodes: GoNode[] | null }[] | null }[];
  confirmationWeightScales: { modelId: string; factor: GoDec | null }[];
  pocModelScales: { modelId: string; factor: GoDec | null }[];
  initialEpochReward: string;
  decayRate: GoDec | null;
  genesisEpoch: string;
  hasValidationParams: boolean;
  binomTestP0: GoDec | null;
  totalSubsidyPaid: string;
  totalSubsidySupply: string;
  /** v0.2.11's collateral_params.grace_period_end_epoch (absent or null: no collateral params). */
  collateralGracePeriodEndEpoch?: string | null;
  transfers: { from: string; to: string; modelId: string; share: GoDec | null }[];
  penalties: { participant: string; fraction: GoDec | null }[];
}
export interface GoRow { participant: string; workCoins: string; rewardCoins: string; error: boolean; settleAmountWritten?: boolean; rewardWeight?: string; fullWeight?: string; totalRewardWeight?: string }
export interface GoOutput { panic?: string; error?: string; results: GoRow[]; amount: string; governanceAmount: string; epochNumber: string; decayApplied: boolean }
export interface GoCase { name: string; tags?: string[] | null; input: GoInput; outputs: Partial<Record<ChainVersion, GoOutput>> }

export function readGoFixture(file: string): { cases: GoCase[] } {
  const raw = JSON.parse(gunzipSync(readFileSync(join(import.meta.dirname, "fixtures", file))).toString("utf8")) as { cases: GoCase[] } | GoCase[];
  return Array.isArray(raw) ? { cases: raw } : raw;
}

const dec = (d: GoDec | null): ChainDecimal | null => (d === null ? null : { value: BigInt(d.value), exponent: d.exponent });

function nodes(ns: GoNode[] | null | undefined) {
  return (ns ?? []).map((n, j) =>
    n === null ? null : typeof n === "string" ? { nodeId: `n${j}`, pocWeight: BigInt(n), throughput: 0n, timeslotAllocation: [] } : { nodeId: `n${j}`, pocWeight: BigInt(n.w), throughput: 0n, timeslotAllocation: n.slots },
  );
}

export function toInput(g: GoInput): SettlementInput {
  return {
    epoch: BigInt(g.epoch),
    participants: g.participants.map((p) => ({
      address: p.address,
      status: p.status,
      coinBalance: BigInt(p.coinBalance),
      currentEpochStats: p.stats === null ? null : { inferenceCount: BigInt(p.stats.inferenceCount), missedRequests: BigInt(p.stats.missedRequests) },
    })),
    validationWeights: g.validationWeights.map((v) => ({ memberAddress: v.memberAddress, weight: BigInt(v.weight), confirmationWeight: BigInt(v.confirmationWeight), mlNodes: nodes(v.mlNodes) })),
    subgroups: g.subgroups.map((sg) => ({
      modelId: sg.modelId,
      validationWeights: (sg.validationWeights ?? []).map((v) => ({ memberAddress: v.memberAddress, mlNodes: nodes(v.mlNodes) })),
    })),
    confirmationWeightScales: g.confirmationWeightScales.map((s) => ({ modelId: s.modelId, weightScaleFactor: dec(s.factor) })),
    pocModelScales: g.pocModelScales.map((s) => ({ modelId: s.modelId, weightScaleFactor: dec(s.factor) })),
    collateralGracePeriodEndEpoch: g.collateralGracePeriodEndEpoch == null ? null : BigInt(g.collateralGracePeriodEndEpoch),
    bitcoinRewardParams: { initialEpochReward: BigInt(g.initialEpochReward), decayRate: dec(g.decayRate), genesisEpoch: BigInt(g.genesisEpoch), useBitcoinRewards: true },
    validationParams: g.hasValidationParams ? { binomTestP0: dec(g.binomTestP0) } : null,
    graceEpoch: null,
    settleParameters: { totalSubsidyPaid: BigInt(g.totalSubsidyPaid), totalSubsidySupply: BigInt(g.totalSubsidySupply) },
    delegationRewardTransfers: g.transfers.map((t) => ({ from: t.from, to: t.to, modelId: t.modelId, share: dec(t.share) })),
    delegationRewardPenalties: g.penalties.map((p) => ({ participant: p.participant, penaltyFraction: dec(p.fraction) })),
    exclusions: [],
  };
}

/** The port's answer in the harness's shape (settleAmountWritten only when asked), or the thrown error's text. */
export function portOutput(g: GoInput, version: ChainVersion, withWritten = false, seen?: (s: SettleAmounts) => void): GoOutput | { thrown: string } {
  const input = toInput(g);
  let s;
  try {
    // The harness passes Go's nil *ValidationParams when the case has none; the port reads null the same way.
    s = getBitcoinSettleAmounts(input, input.validationParams!, version);
  } catch (e) {
    return { thrown: e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e) };
  }
  seen?.(s);
  const v14 = atLeast(version, "v0.2.14"); // the result fields GetBitcoinSettleAmounts returns from v0.2.14
  return {
    results: s.participants.map((p) => ({
      participant: p.address,
      workCoins: p.workCoins.toString(),
      rewardCoins: p.rewardCoins.toString(),
      error: p.negativeBalanceError,
      ...(withWritten ? { settleAmountWritten: settleAmountWritten(p.workCoins, p.rewardCoins, p.negativeBalanceError, version) } : {}),
      ...(v14 ? { rewardWeight: p.rewardWeight.toString(), fullWeight: p.fullWeight.toString(), totalRewardWeight: s.totalFullWeight.toString() } : {}),
    })),
    amount: s.result.amount.toString(),
    governanceAmount: s.result.governanceAmount.toString(),
    epochNumber: s.result.epochNumber.toString(),
    decayApplied: s.result.decayApplied,
  };
}

/**
 * The cases where the port's answer differs from Go's (or throws where Go did not panic, or not where
 * it did); `seen` gets the port's full answer of every case it settled, `threw` each Go panic it matched.
 */
export function divergences(cases: readonly GoCase[], version: ChainVersion, withWritten = false, seen?: (s: SettleAmounts) => void, threw?: () => void): string[] {
  const bad: string[] = [];
  for (const c of cases) {
    const go = c.outputs[version];
    if (go === undefined) continue;
    const ts = portOutput(c.input, version, withWritten, go.panic === undefined ? seen : undefined);
    if (go.panic !== undefined) {
      if (!("thrown" in ts)) bad.push(`${c.name}: Go panicked (${go.panic}), the port did not`);
      else threw?.();
      continue;
    }
    if ("thrown" in ts) {
      bad.push(`${c.name}: the port threw ${ts.thrown}`);
      continue;
    }
    if (JSON.stringify(ts) !== JSON.stringify({ results: go.results, amount: go.amount, governanceAmount: go.governanceAmount, epochNumber: go.epochNumber, decayApplied: go.decayApplied })) {
      bad.push(`${c.name}: ${JSON.stringify(ts).slice(0, 300)} vs Go ${JSON.stringify(go).slice(0, 300)}`);
    }
  }
  return bad;
}

/** The risky regimes one settlement entered, read from the port's own answer (not from a fixture's tags). */
export function settleRegimes(s: SettleAmounts): string[] {
  const r: string[] = [];
  if (s.capping.wasCapped) r.push("power capped");
  if (s.supplyCap !== "under-cap") r.push(s.supplyCap);
  if (s.participants.some((p) => p.negativeBalanceError)) r.push("debt beyond the reward");
  if (s.participants.some((p) => p.debtRecovered > 0n && !p.negativeBalanceError)) r.push("debt repaid");
  if (s.delegationChanges.length > 0) r.push("delegation moved weight");
  if (s.fixedEpochRewardError !== null) r.push("fixed reward error");
  if (s.participants.some((p) => p.weightAfterDowntime < p.weightBeforeDowntime)) r.push("miss test punished");
  if (s.participants.some((p) => p.effective?.cappedAtFull === true)) r.push("effective weight lowered to the full weight");
  if (s.participants.some((p) => p.rewardCoins > INT64_MAX)) r.push("reward above int64");
  if (s.totalFullWeight < s.participants.reduce((a, p) => a + p.fullWeight, 0n)) r.push("total full weight wrapped");
  return r;
}
