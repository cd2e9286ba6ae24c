/**
 * One participant's status replay input for one epoch from a node (src/chain/read-status-activity.ts,
 * imported when first used): every update in block order with the state its block read, the record
 * the counters start from, the chain's records between updates as checkpoints, and the params of each
 * block. What the node cannot give (an escrow pruned before its batch was read, a classic-era epoch)
 * is a lack, as from saved answers.
 */
import { groupDigits } from "../../format/numbers.js";
import type { Participant, Params } from "../../chain/gen/proto.js";
import type { SnapshotFromRpcOptions } from "../../chain/index.js";
import { InputError, describeValue } from "../../errors.js";
import { STATUS_NAMES, type EpochStats, type StatusParticipant } from "../../status/status-types.js";
import type { ParamsInForce, ReplayEvent, ReplayLack } from "../../status-replay/replay-input.js";
import { atLeast, type VersionChoice } from "../../versions/chain-version.js";
import type { StatusSource } from "./status-from-rest.js";

function statsOf(p: Participant | undefined): EpochStats | null {
  const s = p?.currentEpochStats;
  if (s === undefined) return null;
  return { inferenceCount: s.inferenceCount, missedRequests: s.missedRequests, validatedInferences: s.validatedInferences, invalidatedInferences: s.invalidatedInferences, invalidLlr: s.invalidLLR ?? null, inactiveLlr: s.inactiveLLR ?? null, confirmationPoCRatio: s.confirmationPoCRatio ?? null };
}

function record(p: Participant): StatusParticipant {
  return { status: STATUS_NAMES[p.status] ?? "UNSPECIFIED", consecutiveInvalidInferences: p.consecutiveInvalidInferences, epochsCompleted: p.epochsCompleted, currentEpochStats: statsOf(p) };
}

function paramsInForce(p: Params | undefined, where: string): ParamsInForce {
  const v = p?.validationParams;
  const c = p?.confirmationPocParams;
  return {
    validation:
      v === undefined
        ? null
        : {
            falsePositiveRate: v.falsePositiveRate ?? null,
            badParticipantInvalidationRate: v.badParticipantInvalidationRate ?? null,
            invalidationHThreshold: v.invalidationHThreshold ?? null,
            downtimeGoodPercentage: v.downtimeGoodPercentage ?? null,
            downtimeBadPercentage: v.downtimeBadPercentage ?? null,
            downtimeHThreshold: v.downtimeHThreshold ?? null,
            quickFailureThreshold: v.quickFailureThreshold ?? null,
            invalidReputationPreserve: v.invalidReputationPreserve ?? null,
            downtimeReputationPreserve: v.downtimeReputationPreserve ?? null,
          },
    confirmation: c === undefined ? null : { alphaThreshold: c.alphaThreshold ?? null },
    source: where,
    assumption: null,
  };
}

/** The status replay input of `address` in `epoch` from the node at `url`. `version` overrides the node's applied plans (--chain-version). */
export async function statusFromNode(url: string, address: string, epoch: bigint, options: SnapshotFromRpcOptions & { version?: (h: bigint) => VersionChoice } = {}): Promise<StatusSource> {
  const { readStatusActivity } = await import("../../chain/read-status-activity.js");
  const n = await readStatusActivity(url, address, epoch, options);
  const versionAt =
    options.version ??
    ((h: bigint): VersionChoice => {
      const v = n.versionAt(h);
      if (v.version === null) throw new InputError(`${v.detail}: the port has no rules for it (pass --chain-version to run one anyway)`, "chain version");
      return { ...v, version: v.version };
    });
  const end = n.settlement ?? n.referenceHeight;
  const notes: string[] = [
    `the counters start at block ${groupDigits(n.statsReset)} (epoch ${epoch - 1n}'s settlement) and ${n.settlement === null ? `epoch ${epoch} has not settled by block ${groupDigits(n.referenceHeight)}: replayed up to it` : `end at block ${groupDigits(n.settlement)} (epoch ${epoch}'s settlement)`}`,
    "the settlement batches are every transaction the node's index finds with a devshard_escrow_settled event (the handler's, on success)",
  ];
  const lacks: ReplayLack[] = [];
  const inGroup = n.root.validationWeights.some((w) => w.memberAddress === address) || n.exclusions.some((x) => x.address === address);
  if (!inGroup) throw new InputError(`${describeValue(address)} is not a participant of epoch ${epoch}: the epoch group at block ${n.referenceHeight} does not list it and the chain excluded no such address`, "ADDRESS");
  const v0 = versionAt(n.statsReset + 1n);
  if (!atLeast(v0.version, "v0.2.14")) {
    lacks.push({
      input: `epoch ${epoch}'s classic inference messages (MsgFinishInference, MsgValidation, the invalidation and revalidation votes) and inference expiries`,
      detail: `under ${v0.version} every inference moves the counters through them, one status update each; this replay reads devshard settlement batches and confirmation PoC evaluations only`,
      from: null,
    });
  }
  const events: ReplayEvent[] = [];
  const checkpoints: NonNullable<StatusSource["input"]["checkpoints"]>[number][] = [];
  const checkpoint = (h: bigint, p: Participant | undefined, where: string): void => {
    const s = statsOf(p);
    if (p === undefined || s === null) return;
    checkpoints.push({ height: h, status: STATUS_NAMES[p.status] ?? "UNSPECIFIED", counts: { validated: s.validatedInferences, invalidated: s.invalidatedInferences, missed: s.missedRequests, inferences: s.inferenceCount }, where });
  };
  if (n.root.effectiveBlockHeight > n.statsReset && n.root.effectiveBlockHeight <= end) events.push({ kind: "epoch-start", height: n.root.effectiveBlockHeight, where: `epoch ${epoch}'s group effective_block_height` });
  for (const b of n.batches) {
    const where = `transaction ${b.txHash} at block ${groupDigits(b.height)} (node ${url})`;
    if (b.escrow === undefined) {
      lacks.push({ input: `escrow ${b.escrowId}'s record at block ${groupDigits(b.height - 1n)} (the node answers it not found)`, detail: `${where} settles it`, from: b.height });
      continue;
    }
    if (!b.escrow.slots.includes(address)) continue;
    checkpoint(b.height - 1n, b.before, `Participant at block ${groupDigits(b.height - 1n)}`);
    events.push({
      kind: "devshard-batch", height: b.height, txIndex: b.txIndex, msgIndex: b.msgIndex, txHash: b.txHash, escrowId: b.escrowId, escrowEpoch: b.escrow.epochIndex, slots: b.escrow.slots, nonce: b.nonce, hostStats: b.hostStats,
      currentEpoch: b.currentEpoch ?? 0n,
      host: { active: b.active, accountsSettled: b.accountsSettled, challenged: b.challenged, notes: [] },
      where,
    });
  }
  for (const e of n.evaluations) {
    events.push({ kind: "confirmation-ratio", height: e.height, eventSequence: e.sequence, ratio: e.ratio, where: `confirmation PoC event ${e.sequence}'s evaluation; the ratio from the Participant record at block ${groupDigits(e.height)}` });
    checkpoint(e.height, e.record, `Participant at block ${groupDigits(e.height)}`);
  }
  const atRef = paramsInForce(n.paramsAt.get(n.referenceHeight), `params at block ${groupDigits(n.referenceHeight)}`);
  const paramsAt = (h: bigint): ParamsInForce => {
    const p = n.paramsAt.get(h);
    return p === undefined ? { ...atRef, assumption: `the params at block ${groupDigits(h - 1n)} were not read: those at block ${groupDigits(n.referenceHeight)} are taken` } : paramsInForce(p, `params at block ${groupDigits(h - 1n)}`);
  };
  const mine = n.exclusions.find((x) => x.address === address);
  const s = n.summary;
  return {
    input: {
      address,
      epoch,
      start: n.start === undefined ? null : { record: record(n.start), height: n.statsReset, source: `the Participant record at block ${groupDigits(n.statsReset)}` },
      events,
      lacks,
      paramsAt,
      versionAt,
      checkpoints,
    },
    facts: {
      record: mine === undefined ? null : { reason: mine.reason, height: mine.exclusionBlockHeight },
      finalCounts: s === undefined ? null : { validated: s.validatedInferences, invalidated: s.invalidatedInferences, missed: s.missedRequests, inferences: s.inferenceCount },
      confirmationEvaluations: n.evaluations.map((e) => ({ sequence: e.sequence, height: e.height })),
      heights: { statsReset: n.statsReset, effective: n.root.effectiveBlockHeight, settlement: n.settlement },
    },
    notes,
    from: `node ${url} at block ${groupDigits(n.referenceHeight)}`,
  };
}
