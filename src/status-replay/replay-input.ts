/**
 * What a status replay reads: one participant's stats updates of one epoch, in block order, as the
 * sources (saved answers, a node) reconstruct them, with every input they could not hold named as a
 * lack placed at the first height it can change the answer. Plain data: no I/O here.
 */
import type { ChainDecimal } from "../go/chain-decimal.js";
import type { HostStatsEntry } from "../status/settle-devshard-escrow.js";
import type { StatusConfirmationPoCParams, StatusParticipant, StatusValidationParams } from "../status/status-types.js";
import type { VersionChoice } from "../versions/chain-version.js";

/** What a settlement batch needs of the replayed host besides its counters; null: the inputs do not say. */
export interface BatchHostState {
  /** In ActiveParticipantsSet(current epoch). */
  active: boolean | null;
  /** v0.2.16: its EpochPerformanceSummary of the current epoch exists (accounts settled). */
  accountsSettled: boolean | null;
  /** v0.2.16: it has an active PoC challenge record. */
  challenged: boolean | null;
  /** Where each was read, or the assumption made (one line each, for the answer). */
  notes: string[];
}

/** One MsgSettleDevshardEscrow that succeeded (its result code 0), with the escrow record it names. */
export interface DevshardBatchEvent {
  kind: "devshard-batch";
  height: bigint;
  /** Position in the block (transaction index, then message index within it). */
  txIndex: number;
  msgIndex: number;
  txHash: string;
  escrowId: bigint;
  escrowEpoch: bigint;
  slots: readonly string[];
  nonce: bigint;
  hostStats: readonly HostStatsEntry[];
  /** The effective epoch in that block. */
  currentEpoch: bigint;
  host: BatchHostState;
  /** Where it was read (file, or node and height), for messages. */
  where: string;
}

/** A confirmation PoC's evaluation (EndBlock, not a transaction) writing the participant's ratio. */
export interface ConfirmationRatioEvent {
  kind: "confirmation-ratio";
  height: bigint;
  eventSequence: bigint;
  /** The ratio written (null: the participant has none for this event, e.g. under maintenance). */
  ratio: ChainDecimal | null;
  where: string;
}

/** The epoch's start (onSetNewValidatorsStage): an active participant is set ACTIVE with its consecutive count 0. */
export interface EpochStartEvent {
  kind: "epoch-start";
  height: bigint;
  where: string;
}

export type ReplayEvent = DevshardBatchEvent | ConfirmationRatioEvent | EpochStartEvent;

/** An input the replay needs and the sources do not hold: what it is, why it matters, and from which block on. */
export interface ReplayLack {
  /** The input, named so that a person can fetch it ("the result code of transaction … at block …"). */
  input: string;
  /** Why the replay needs it (one clause). */
  detail: string;
  /** The first block whose update it can change (null: the start of the replay). */
  from: bigint | null;
  /** A flag of the command that supplies it, where one does. */
  flag?: string;
}

/** The params a status update reads at a height, and where they come from. */
export interface ParamsInForce {
  validation: StatusValidationParams | null;
  confirmation: StatusConfirmationPoCParams | null;
  /** Where they were read ("the epoch group's validation_params (frozen at the epoch's start)", "params at block H−1 of the node"). */
  source: string;
  /** What is assumed in using them (null: read at the height itself). */
  assumption: string | null;
}

export interface StatusReplayInput {
  address: string;
  epoch: bigint;
  /** The participant's record before the first event, and the block it stands at; null: unknown (a lack names it). */
  start: { record: StatusParticipant; height: bigint; source: string } | null;
  events: readonly ReplayEvent[];
  lacks: readonly ReplayLack[];
  /** The params each update reads. */
  paramsAt: (height: bigint) => ParamsInForce;
  /** The chain version in force at a height (its rules decide the update). */
  versionAt: (height: bigint) => VersionChoice;
  /**
   * The participant's record as the chain held it after some blocks (a node's answer at that height):
   * before each update the replay's counters and status must equal the latest checkpoint since the
   * previous update, or an update the sources do not show happened in between (a lack).
   */
  checkpoints?: readonly { height: bigint; /** null: not compared (a counterfactual's decisions differ from the chain's) */ status: StatusParticipant["status"] | null; counts: { validated: bigint; invalidated: bigint; missed: bigint; inferences: bigint }; where: string }[];
}

/** Events in block order (height, then position in the block; the epoch start and EndBlock writes after the block's transactions). */
export function eventOrder(a: ReplayEvent, b: ReplayEvent): number {
  if (a.height !== b.height) return a.height < b.height ? -1 : 1;
  const rank = (e: ReplayEvent): [number, number, number] => (e.kind === "devshard-batch" ? [0, e.txIndex, e.msgIndex] : e.kind === "epoch-start" ? [1, 0, 0] : [2, Number(e.eventSequence), 0]);
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

/** What the chain itself recorded and holds about the participant, beside the replay. */
export interface StatusChainFacts {
  /** The chain's exclusion of it in the epoch; null: not excluded; undefined: the folder holds no excluded-participants answer of the epoch. */
  record: { reason: string; height: bigint } | null | undefined;
  /** Its performance summary's final counts (null: none saved). */
  finalCounts: { validated: bigint; invalidated: bigint; missed: bigint; inferences: bigint } | null;
  /** The epoch's confirmation PoC evaluations (EndBlock of each event's validation end + 1). */
  confirmationEvaluations: { sequence: bigint; height: bigint }[];
  heights: { statsReset: bigint | null; effective: bigint | null; settlement: bigint | null };
}

export interface StatusSource {
  input: StatusReplayInput;
  facts: StatusChainFacts;
  /** Assumptions made (named, never a cause), one line each. */
  notes: string[];
  /** What the replay was read from, in words. */
  from: string;
}
