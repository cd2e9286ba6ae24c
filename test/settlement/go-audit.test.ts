/**
 * Second audit of the settlement port against compiled Go (fixtures/go-audit-settle.json.gz, README
 * beside it): GetBitcoinSettleAmounts at d8b8e907 (v0.2.12) and 17808620 (v0.2.13), and
 * GetBitcoinSettleAmountsWithTransfers at ee730031 (v0.2.14), run on the same inputs. Every
 * participant's work coins, reward coins and debt error, the minted amount, the governance remainder
 * and (v0.2.14) each reward/full weight must be the Go values; where Go panicked, the port throws.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { getBitcoinSettleAmounts } from "../../src/settlement/get-bitcoin-settle-amounts.js";
import type { ChainDecimal } from "../../src/go/chain-decimal.js";
import type { ParticipantStatus, SettlementInput } from "../../src/settlement/settlement-types.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";

interface GoDec { value: string; exponent: number }
interface GoInput {
  epoch: string;
  participants: { address: string; status: ParticipantStatus; coinBalance: string; stats: { inferenceCount: string; missedRequests: string } | null }[];
  validationWeights: { memberAddress: string; weight: string; confirmationWeight: string }[];
  subgroups: { modelId: string; validationWeights: { memberAddress: string; mlNodes: (string | null)[] | null }[] | null }[];
  confirmationWeightScales: { modelId: string; factor: GoDec | null }[];
  pocModelScales: { modelId: string; factor: GoDec | null }[];
  initialEpochReward: string;
  decayRate: GoDec | null;
  genesisEpoch: string;
  hasValidationParams: boolean;
  binomTestP0: GoDec | null;
  totalSubsidyPaid: string;
  totalSubsidySupply: string;
  transfers: { from: string; to: string; modelId: string; share: GoDec | null }[];
  penalties: { participant: string; fraction: GoDec | null }[];
}
interface GoRow { participant: string; workCoins: string; rewardCoins: string; error: boolean; rewardWeight?: string; fullWeight?: string; totalRewardWeight?: string }
interface GoOutput { panic?: string; results: GoRow[]; amount: string; governanceAmount: string; epochNumber: string; decayApplied: boolean }
interface Case { name: string; tags: string[] | null; input: GoInput; outputs: Record<ChainVersion, GoOutput> }

const doc = JSON.parse(gunzipSync(readFileSync(join(import.meta.dirname, "fixtures", "go-audit-settle.json.gz"))).toString("utf8")) as { cases: Case[] };

const dec = (d: GoDec | null): ChainDecimal | null => (d === null ? null : { value: BigInt(d.value), exponent: d.exponent });

function toInput(g: GoInput): SettlementInput {
  return {
    epoch: BigInt(g.epoch),
    participants: g.participants.map((p) => ({
      address: p.address,
      status: p.status,
      coinBalance: BigInt(p.coinBalance),
      currentEpochStats: p.stats === null ? null : { inferenceCount: BigInt(p.stats.inferenceCount), missedRequests: BigInt(p.stats.missedRequests) },
    })),
    validationWeights: g.validationWeights.map((v) => ({ memberAddress: v.memberAddress, weight: BigInt(v.weight), confirmationWeight: BigInt(v.confirmationWeight), mlNodes: [] })),
    subgroups: g.subgroups.map((sg) => ({
      modelId: sg.modelId,
      validationWeights: (sg.validationWeights ?? []).map((v) => ({
        memberAddress: v.memberAddress,
        mlNodes: (v.mlNodes ?? []).map((n, j) => (n === null ? null : { nodeId: `n${j}`, pocWeight: BigInt(n), throughput: 0n, timeslotAllocation: [] })),
      })),
    })),
    confirmationWeightScales: g.confirmationWeightScales.map((s) => ({ modelId: s.modelId, weightScaleFactor: dec(s.factor) })),
    pocModelScales: g.pocModelScales.map((s) => ({ modelId: s.modelId, weightScaleFactor: dec(s.factor) })),
    collateralGracePeriodEndEpoch: null,
    bitcoinRewardParams: { initialEpochReward: BigInt(g.initialEpochReward), decayRate: dec(g.decayRate), genesisEpoch: BigInt(g.genesisEpoch), useBitcoinRewards: true },
    validationParams: g.hasValidationParams ? { binomTestP0: dec(g.binomTestP0) } : null,
    graceEpoch: null,
    settleParameters: { totalSubsidyPaid: BigInt(g.totalSubsidyPaid), totalSubsidySupply: BigInt(g.totalSubsidySupply) },
    delegationRewardTransfers: g.transfers.map((t) => ({ from: t.from, to: t.to, modelId: t.modelId, share: dec(t.share) })),
    delegationRewardPenalties: g.penalties.map((p) => ({ participant: p.participant, penaltyFraction: dec(p.fraction) })),
    exclusions: [],
  };
}

/** The port's answer in the harness's shape, or the thrown error's text. */
function portOutput(g: GoInput, version: ChainVersion): GoOutput | { thrown: string } {
  const input = toInput(g);
  let s;
  try {
    // The harness passes Go's nil *ValidationParams when the case has none; the port reads null the same way.
    s = getBitcoinSettleAmounts(input, input.validationParams!, version);
  } catch (e) {
    return { thrown: e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e) };
  }
  const v14 = version === "v0.2.14";
  return {
    results: s.participants.map((p) => ({
      participant: p.address,
      workCoins: p.workCoins.toString(),
      rewardCoins: p.rewardCoins.toString(),
      error: p.negativeBalanceError,
      ...(v14 ? { rewardWeight: p.rewardWeight.toString(), fullWeight: p.fullWeight.toString(), totalRewardWeight: s.totalFullWeight.toString() } : {}),
    })),
    amount: s.result.amount.toString(),
    governanceAmount: s.result.governanceAmount.toString(),
    epochNumber: s.result.epochNumber.toString(),
    decayApplied: s.result.decayApplied,
  };
}

const VERSIONS: ChainVersion[] = ["v0.2.12", "v0.2.13", "v0.2.14"];

describe("settlement vs compiled Go (second audit)", () => {
  it("the fixture spans the risky regimes", () => {
    const tags = new Set(doc.cases.flatMap((c) => c.tags ?? []));
    for (const t of ["huge-weights", "tie", "cw-zero", "cw-above-weight", "negative-balance", "not-active", "supply-cap-reached", "supply-cap-near", "supply-overflow", "delegation", "decay-many-epochs", "genesis-after-epoch", "reward-above-int64", "duplicate-address", "delegation-focus", "divergence-fixed"]) {
      expect(tags, t).toContain(t);
    }
    const panics = doc.cases.filter((c) => VERSIONS.some((v) => c.outputs[v].panic !== undefined)).length;
    expect(panics).toBeGreaterThan(10);
    expect(doc.cases.length).toBeGreaterThan(200);
  });

  for (const version of VERSIONS) {
    it(`${version}: every case pays what Go paid (or throws where Go panicked)`, () => {
      const bad: string[] = [];
      for (const c of doc.cases) {
        const go = c.outputs[version];
        const ts = portOutput(c.input, version);
        if (go.panic !== undefined) {
          if (!("thrown" in ts)) bad.push(`${c.name}: Go panicked (${go.panic}), the port did not`);
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
      expect(bad).toEqual([]);
    });
  }

  it("the divergences found by the audit stay fixed (repeated address in debt; LegacyDec text out of range)", () => {
    const c = doc.cases.find((x) => x.name === "divergence-repeated-address-debt-flag")!;
    const ts = portOutput(c.input, "v0.2.14") as GoOutput;
    // Go: the second row of gonka1a carries no debt error, so the supply cap scales it like gonka1b.
    expect(ts.results.map((r) => [r.rewardCoins, r.error])).toEqual([["0", true], ["250", false], ["250", false]]);
    const d = doc.cases.find((x) => x.name === "divergence-scale-factor-out-of-legacydec-range")!;
    expect((portOutput(d.input, "v0.2.13") as GoOutput).results.map((r) => r.rewardCoins)).toEqual(d.outputs["v0.2.13"].results.map((r) => r.rewardCoins));
  });
});
