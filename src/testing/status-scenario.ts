/**
 * A realistic v0.2.16 epoch of devshard settlement batches, for the status replay's tests, its README
 * example and its test node (no public archive holds per-update data: docs/versions.md). Epoch 470 of a
 * mainnet-like chain (mainnet's epoch params and May-2026 validation params: invalidation H 4 on P0 0.05,
 * P1 0.10): six hosts, escrows of 16 slots, each transaction built with the project's protos
 * (TxRaw → TxBody → MsgSettleDevshardEscrow). Two hosts are excluded for statistical_invalidations
 * (gonka-spec's first host at its first batch, the second at its second), one for
 * failed_confirmation_poc at the epoch's confirmation PoC; the chain's own records are what the port's
 * status rules (proven against the Go vectors) make of these updates.
 */
import { readFileSync } from "node:fs";
import { bech32Encode, convertBits } from "../preserved/bech32.js";
import { MsgSend, MsgSettleDevshardEscrow, TxBody, TxRaw, type Params } from "../chain/gen/proto.js";
import { txHashHex } from "../chain/decode-tx.js";
import { endOfPoCValidation } from "../chain/epoch-stages.js";
import type { ChainDecimal } from "../go/chain-decimal.js";
import { replayStatus, type ReplayResult } from "../status-replay/replay-status.js";
import type { ReplayEvent, StatusReplayInput } from "../status-replay/replay-input.js";
import type { StatusParticipant, StatusValidationParams } from "../status/status-types.js";
import { mainnetVersionAt } from "../versions/upgrade-table.js";

const D = (value: bigint, exponent: number): ChainDecimal => ({ value, exponent });

/** A gonka1 address from one repeated byte. */
export function scenarioAddress(b: number): string {
  return bech32Encode("gonka", convertBits(new Array<number>(20).fill(b), 8, 5, true) as number[]);
}

export const SCENARIO_EPOCH = 470n;
/** Mainnet's epoch params (test/realdata params answers). */
export const SCENARIO_EPOCH_PARAMS = { epochLength: 15391n, pocStageDuration: 35n, pocExchangeDuration: 0n, pocValidationDelay: 5n, pocValidationDuration: 240n, setNewValidatorsDelay: 120n };
export const SCENARIO_POC_START = 6_700_000n;
/** Mainnet's whole params (examples/gov/mainnet-params.json, shipped with the package): the scenario's chain runs them, with its own values over them. */
export function mainnetParams(): { [k: string]: unknown } {
  return (JSON.parse(readFileSync(new URL("../../examples/gov/mainnet-params.json", import.meta.url), "utf8")) as { params: { [k: string]: unknown } }).params;
}
const MAINNET = mainnetParams() as { epoch_params: { epoch_shift: string }; bitcoin_reward_params: { initial_epoch_reward: string } };
/** Mainnet's epoch shift and initial epoch reward, read from ./mainnetParams (one source for the scenario's mainnet values). */
export const SCENARIO_EPOCH_SHIFT = BigInt(MAINNET.epoch_params.epoch_shift);
export const SCENARIO_INITIAL_EPOCH_REWARD = BigInt(MAINNET.bitcoin_reward_params.initial_epoch_reward);

type DecJson = { value: string; exponent: number } | null | undefined;
const decOf = (d: DecJson): ChainDecimal | undefined => (d === null || d === undefined ? undefined : D(BigInt(d.value), d.exponent));

/** Mainnet's PoC models and dynamic-coefficient params (./mainnetParams) as the node's Params carries them. */
function mainnetPocParams(): Params["pocParams"] {
  type ModelJson = { model_id: string; seq_len: string; penalty_start_epoch: string; weight_scale_factor?: DecJson; stat_test: { dist_threshold: DecJson; p_mismatch: DecJson; p_value_threshold: DecJson }; dynamic_coefficient?: { coeff_min: DecJson; coeff_max: DecJson; relative_difficulty: DecJson; target_share_bps: number } | null };
  const poc = mainnetParams().poc_params as { models: ModelJson[]; dynamic_coefficient_params: { target_zone_bps: number; step_min: DecJson; step_max: DecJson; bootstrap_step_max: DecJson; bootstrap_share_bps: number } };
  const c = poc.dynamic_coefficient_params;
  return {
    models: poc.models.map((m) => ({
      modelId: m.model_id,
      seqLen: BigInt(m.seq_len),
      statTest: { distThreshold: decOf(m.stat_test.dist_threshold), pMismatch: decOf(m.stat_test.p_mismatch), pValueThreshold: decOf(m.stat_test.p_value_threshold) },
      weightScaleFactor: decOf(m.weight_scale_factor),
      penaltyStartEpoch: BigInt(m.penalty_start_epoch),
      dynamicCoefficient: m.dynamic_coefficient ? { coeffMin: decOf(m.dynamic_coefficient.coeff_min), coeffMax: decOf(m.dynamic_coefficient.coeff_max), relativeDifficulty: decOf(m.dynamic_coefficient.relative_difficulty), targetShareBps: m.dynamic_coefficient.target_share_bps } : undefined,
    })),
    dynamicCoefficientParams: { targetZoneBps: c.target_zone_bps, stepMin: decOf(c.step_min), stepMax: decOf(c.step_max), bootstrapStepMax: decOf(c.bootstrap_step_max), bootstrapShareBps: c.bootstrap_share_bps },
  } as Params["pocParams"];
}
/** Epoch 469's settlement (the counters' reset), epoch 470's start and its settlement. */
export const SCENARIO_HEIGHTS = {
  statsReset: endOfPoCValidation(SCENARIO_POC_START, SCENARIO_EPOCH_PARAMS),
  effective: endOfPoCValidation(SCENARIO_POC_START, SCENARIO_EPOCH_PARAMS) + SCENARIO_EPOCH_PARAMS.setNewValidatorsDelay,
  settlement: endOfPoCValidation(SCENARIO_POC_START + SCENARIO_EPOCH_PARAMS.epochLength, SCENARIO_EPOCH_PARAMS),
};

/** The validation params in force during the epoch (mainnet's, May 2026). */
export const SCENARIO_VALIDATION: StatusValidationParams = {
  falsePositiveRate: D(5n, -2),
  badParticipantInvalidationRate: D(1n, -1),
  invalidationHThreshold: D(4n, 0),
  downtimeGoodPercentage: D(98n, -2),
  downtimeBadPercentage: D(99n, -2),
  downtimeHThreshold: D(1n, 2),
  quickFailureThreshold: D(1n, -6),
  invalidReputationPreserve: D(0n, 0),
  downtimeReputationPreserve: D(0n, 0),
};
/** What governance passed after the epoch (the params answer saved later holds these). */
export const SCENARIO_PROPOSAL = { invalidationHThreshold: D(40n, 0), badParticipantInvalidationRate: D(18n, -2), downtimeBadPercentage: D(98n, -2) };
export const SCENARIO_ALPHA = D(5n, -1);

export const HOSTS = [1, 2, 3, 4, 5, 6].map((i) => scenarioAddress(0x10 + i));
export const CREATOR = scenarioAddress(0x70);

export interface ScenarioEscrow {
  id: bigint;
  epoch: bigint;
  slots: string[];
}

/** Slot layout of every escrow: hosts 1–4 hold three slots each, hosts 5–6 two. */
const LAYOUT = [0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3].map((h) => HOSTS[h]!);
export const ESCROWS: ScenarioEscrow[] = [
  { id: 899n, epoch: SCENARIO_EPOCH - 1n, slots: LAYOUT },
  ...[901n, 902n, 903n, 904n].map((id) => ({ id, epoch: SCENARIO_EPOCH, slots: LAYOUT })),
];

export interface ScenarioTx {
  height: bigint;
  index: number;
  code: number;
  bytes: Uint8Array;
  hash: string;
  /** The settlement it carries (none: another message). */
  settle: { escrowId: bigint; nonce: bigint; hostStats: { slotId: bigint; missed: bigint; invalid: bigint }[] } | null;
}

/** Per slot (missed, invalid) of a batch; every slot not listed has none. */
function stats(entries: [number, number, number][]): { slotId: bigint; missed: bigint; invalid: bigint }[] {
  const m = new Map(entries.map(([s, mi, inv]) => [s, [mi, inv] as const]));
  return Array.from({ length: 16 }, (_, s) => ({ slotId: BigInt(s), missed: BigInt(m.get(s)?.[0] ?? 0), invalid: BigInt(m.get(s)?.[1] ?? 0) }));
}

function settleTx(escrowId: bigint, nonce: bigint, hostStats: ReturnType<typeof stats>): Uint8Array {
  const msg = MsgSettleDevshardEscrow.encode({ settler: CREATOR, escrowId, stateRoot: new Uint8Array(32).fill(Number(escrowId % 251n)), nonce, restHash: new Uint8Array(32), hostStats: hostStats.map((h) => ({ slotId: Number(h.slotId), missed: Number(h.missed), invalid: Number(h.invalid), cost: 1000n, requiredValidations: 0, completedValidations: 0 })), signatures: [], fees: 16000n, stateRootAndProtocolVersion: "v4.1" });
  return TxRaw.encode({ bodyBytes: TxBody.encode({ messages: [{ typeUrl: "/inference.inference.MsgSettleDevshardEscrow", value: msg }], memo: "", timeoutHeight: 0n }), authInfoBytes: new Uint8Array(8), signatures: [new Uint8Array(64)] });
}

function sendTx(n: number): Uint8Array {
  const msg = MsgSend.encode({ fromAddress: HOSTS[n]!, toAddress: CREATOR, amount: [{ denom: "ngonka", amount: "1000" }] });
  return TxRaw.encode({ bodyBytes: TxBody.encode({ messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: msg }], memo: "", timeoutHeight: 0n }), authInfoBytes: new Uint8Array(8), signatures: [new Uint8Array(64)] });
}

const tx = (height: bigint, index: number, code: number, bytes: Uint8Array, settle: ScenarioTx["settle"]): ScenarioTx => ({ height, index, code, bytes, hash: txHashHex(bytes), settle });
const settle = (height: bigint, index: number, code: number, escrowId: bigint, nonce: bigint, entries: [number, number, number][]): ScenarioTx => {
  const hs = stats(entries);
  return tx(height, index, code, settleTx(escrowId, nonce, hs), { escrowId, nonce, hostStats: hs });
};

/**
 * The epoch's transactions. Nonce 160 gives every slot 10 requests, 96 gives 6. Host 1 (slots 0, 6, 12)
 * has 8 of 30 invalid in its first batch; host 2 (slots 1, 7, 13) 4 of 30, then 6 of 18; host 3 misses a
 * few; a previous-epoch escrow settles before the epoch starts; one settlement fails (code 5).
 */
export const TXS: ScenarioTx[] = [
  settle(SCENARIO_HEIGHTS.statsReset + 70n, 0, 0, 899n, 32n, [[0, 0, 1], [3, 1, 0]]),
  settle(6_702_100n, 1, 0, 901n, 160n, [[0, 0, 3], [6, 0, 3], [12, 0, 2], [1, 0, 2], [7, 0, 1], [13, 0, 1], [2, 1, 0], [8, 1, 0], [4, 0, 1]]),
  tx(6_702_100n, 0, 0, sendTx(3), null),
  settle(6_703_500n, 0, 0, 902n, 96n, [[1, 0, 2], [7, 0, 2], [13, 0, 2], [0, 0, 1], [14, 2, 0]]),
  settle(6_704_000n, 0, 5, 904n, 160n, [[0, 0, 9]]),
  settle(6_708_000n, 0, 0, 903n, 160n, [[2, 1, 0], [3, 0, 1], [5, 2, 0], [11, 1, 0]]),
];

/** The epoch's confirmation PoC: triggered, generated, evaluated at the block after its validation window. */
export const CPOC = { sequence: 0n, trigger: 6_705_000n, generationStart: 6_705_002n, evaluation: 6_705_002n + 35n - 1n + 0n + 5n + 240n - 1n + 1n };
/** Each host's ratio in it (host 5 fell short). */
export const RATIOS: ChainDecimal[] = [D(95n, -2), D(97n, -2), D(9n, -1), D(1n, 0), D(3n, -1), D(92n, -2)];

/** The params answer of a node at a height: the epoch's, then (after 6,720,000) governance's. */
export function scenarioParams(height: bigint): Partial<Params> {
  const v = height > 6_720_000n ? { ...SCENARIO_VALIDATION, ...SCENARIO_PROPOSAL } : SCENARIO_VALIDATION;
  const u = <T>(x: T | null): T | undefined => x ?? undefined;
  return {
    epochParams: { ...SCENARIO_EPOCH_PARAMS, epochMultiplier: 1n, epochShift: SCENARIO_EPOCH_SHIFT, inferenceValidationCutoff: 0n, pocSlotAllocation: D(1n, -1), confirmationPocSafetyWindow: 500n },
    validationParams: {
      falsePositiveRate: u(v.falsePositiveRate), badParticipantInvalidationRate: u(v.badParticipantInvalidationRate), invalidationHThreshold: u(v.invalidationHThreshold),
      downtimeGoodPercentage: u(v.downtimeGoodPercentage), downtimeBadPercentage: u(v.downtimeBadPercentage), downtimeHThreshold: u(v.downtimeHThreshold),
      quickFailureThreshold: u(v.quickFailureThreshold), invalidReputationPreserve: u(v.invalidReputationPreserve), downtimeReputationPreserve: u(v.downtimeReputationPreserve),
      missPercentageCutoff: D(1n, -2), missRequestsPenalty: D(1n, 0), binomTestP0: D(1n, -1), claimValidationEnabled: false,
    },
    confirmationPocParams: { expectedConfirmationsPerEpoch: 4n, alphaThreshold: SCENARIO_ALPHA, slashFraction: D(0n, 0), upgradeProtectionWindow: 500n },
    bitcoinRewardParams: { useBitcoinRewards: true, initialEpochReward: SCENARIO_INITIAL_EPOCH_REWARD, decayRate: D(-475n, -6), genesisEpoch: 1n, utilizationBonusFactor: D(5n, -1), fullCoverageBonusFactor: D(12n, -1), partialCoverageBonusFactor: D(1n, -1) },
    collateralParams: { gracePeriodEndEpoch: 180n },
    pocParams: mainnetPocParams(),
  };
}

/** Every host's record at the stats reset (types.NewCurrentEpochStats, ACTIVE in the previous epoch). */
export const SCENARIO_START: StatusParticipant = { status: "ACTIVE", consecutiveInvalidInferences: 0n, epochsCompleted: 10, currentEpochStats: { inferenceCount: 0n, missedRequests: 0n, validatedInferences: 0n, invalidatedInferences: 0n, confirmationPoCRatio: null, invalidLlr: D(0n, 0), inactiveLlr: D(0n, 0) } };

/** The replay input of host `i` with every input known (the chain's view): what the fixture's records are made of. */
export function scenarioInput(i: number): StatusReplayInput {
  const address = HOSTS[i]!;
  const events: ReplayEvent[] = [{ kind: "epoch-start", height: SCENARIO_HEIGHTS.effective, where: "epoch start" }];
  for (const t of TXS) {
    if (t.settle === null || t.code !== 0) continue;
    const e = ESCROWS.find((x) => x.id === t.settle!.escrowId)!;
    const current = t.height <= SCENARIO_HEIGHTS.effective ? SCENARIO_EPOCH - 1n : SCENARIO_EPOCH;
    events.push({ kind: "devshard-batch", height: t.height, txIndex: t.index, msgIndex: 0, txHash: t.hash, escrowId: e.id, escrowEpoch: e.epoch, slots: e.slots, nonce: t.settle.nonce, hostStats: t.settle.hostStats, currentEpoch: current, host: { active: true, accountsSettled: current !== SCENARIO_EPOCH, challenged: false, notes: [] }, where: `tx ${t.hash}` });
  }
  events.push({ kind: "confirmation-ratio", height: CPOC.evaluation, eventSequence: CPOC.sequence, ratio: RATIOS[i]!, where: "confirmation PoC 0" });
  return {
    address,
    epoch: SCENARIO_EPOCH,
    start: { record: SCENARIO_START, height: SCENARIO_HEIGHTS.statsReset, source: "scenario" },
    events,
    lacks: [],
    paramsAt: (h) => {
      const p = scenarioParams(h - 1n);
      return { validation: { ...SCENARIO_VALIDATION, ...(h - 1n > 6_720_000n ? SCENARIO_PROPOSAL : {}) }, confirmation: { alphaThreshold: p.confirmationPocParams!.alphaThreshold ?? null }, source: "scenario", assumption: null };
    },
    versionAt: (h) => ({ version: mainnetVersionAt(h).version, source: "table", detail: mainnetVersionAt(h).why }),
  };
}

/** Each host's chain history: the replay with every input (the port's rules make the chain's records here). */
export function scenarioHistories(): ReplayResult[] {
  // replayed past a turn too: the counters keep moving after an exclusion (already_set), as on the chain
  return HOSTS.map((_, i) => replayStatus(scenarioInput(i), { throughEnd: true }));
}
