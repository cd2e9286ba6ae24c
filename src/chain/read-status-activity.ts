/**
 * What a status replay reads from a node, every value at the height it was in force: the epoch's
 * window (the stats reset at the previous epoch's settlement block R, this epoch's settlement block S,
 * both from the epoch groups and the epoch params), the participant's record at R (where its counters
 * start), every successful MsgSettleDevshardEscrow of (R, S] the node's transaction index finds (by the
 * `devshard_escrow_settled` event the handler emits on success, wrapped in MsgExec or not), and per
 * batch at block h the state block h read: params, escrow, effective epoch, active set, v0.2.16's
 * settled accounts and PoC challenge record, and the participant's record at h−1 (a checkpoint of the
 * counters). Each confirmation PoC evaluation's ratio is read from the record at its block.
 */
import { addressFromBech32, ACCOUNT_PREFIX } from "../preserved/bech32.js";
import { versionFromAppliedPlans, UPGRADE_PLAN_NAMES, type NodeChainVersion } from "./applied-plan.js";
import type { ChainClient, PinnedReader } from "./client.js";
import { SETTLE_DEVSHARD_ESCROW_TYPE_URL, MsgSettleDevshardEscrow, txHashHex, txMessages } from "./decode-tx.js";
import { endOfPoCValidation } from "./epoch-stages.js";
import { ChainError } from "./errors.js";
import type { DevshardEscrow, EpochGroupData, EpochParams, ExcludedParticipant, EpochPerformanceSummary, Params, Participant } from "./gen/proto.js";
import { openPinned, type SnapshotFromRpcOptions } from "./index.js";
import * as Q from "./queries.js";

export interface NodeBatch {
  height: bigint;
  txIndex: number;
  msgIndex: number;
  txHash: string;
  escrowId: bigint;
  nonce: bigint;
  hostStats: { slotId: bigint; missed: bigint; invalid: bigint }[];
  /** The escrow as block h read it (undefined: not found at h−1). */
  escrow: DevshardEscrow | undefined;
  currentEpoch: bigint | undefined;
  active: boolean;
  accountsSettled: boolean;
  challenged: boolean;
  /** The participant's record at h−1. */
  before: Participant | undefined;
}

export interface NodeStatusRead {
  chainId: string;
  referenceHeight: bigint;
  root: EpochGroupData;
  statsReset: bigint;
  /** S, or null when the epoch has not settled by the reference height (the replay then ends there). */
  settlement: bigint | null;
  /** The params in force in each block an update ran in (read at h−1), and at the reference height. */
  paramsAt: Map<bigint, Params | undefined>;
  start: Participant | undefined;
  batches: NodeBatch[];
  evaluations: { sequence: bigint; height: bigint; ratio: { value: bigint; exponent: number } | null; record: Participant | undefined }[];
  exclusions: ExcludedParticipant[];
  summary: EpochPerformanceSummary | undefined;
  applied: Map<string, bigint>;
  versionAt: (h: bigint) => NodeChainVersion;
}

function evaluationHeight(gen: bigint, ep: EpochParams): bigint {
  // the block after the validation window: (gen + stage − 1) + exchange + delay + (duration − 1) + 1
  return gen + ep.pocStageDuration - 1n + ep.pocExchangeDuration + ep.pocValidationDelay + ep.pocValidationDuration - 1n + 1n;
}

/** The settle messages of the node's successful settlement transactions in (from, to]. */
async function settleTxs(client: ChainClient, from: bigint, to: bigint): Promise<Omit<NodeBatch, "escrow" | "currentEpoch" | "active" | "accountsSettled" | "challenged" | "before">[]> {
  const found = await client.txSearchAll(`devshard_escrow_settled.escrow_id EXISTS AND tx.height > ${from} AND tx.height <= ${to}`);
  return found
    .filter((t) => t.code === 0)
    .flatMap((t) =>
      txMessages(t.tx)
        .filter((m) => m.typeUrl === SETTLE_DEVSHARD_ESCROW_TYPE_URL)
        .map((m) => {
          const s = MsgSettleDevshardEscrow.decode(m.value);
          return { height: t.height, txIndex: t.index, msgIndex: m.index, txHash: txHashHex(t.tx), escrowId: s.escrowId, nonce: s.nonce, hostStats: s.hostStats.map((h) => ({ slotId: BigInt(h.slotId), missed: BigInt(h.missed), invalid: BigInt(h.invalid) })) };
        }),
    );
}

/** Read what replaying `address`'s status in `epoch` needs from the node at `url`. */
export async function readStatusActivity(url: string, address: string, epoch: bigint, options: SnapshotFromRpcOptions = {}): Promise<NodeStatusRead> {
  const { client, reader: rH, chainId } = await openPinned(url, options);
  try {
    const H = BigInt(rH.height);
    const at = (h: bigint): PinnedReader => client.at(Number(h));
    const [root, next, params, applied] = await Promise.all([
      Q.epochGroupData(rH, epoch, ""),
      Q.epochGroupData(rH, epoch + 1n, ""),
      Q.params(rH),
      Promise.all(UPGRADE_PLAN_NAMES.map(async (n) => [n, await Q.appliedPlan(rH, n)] as const)).then((e) => new Map(e)),
    ]);
    if (root === undefined || root.pocStartBlockHeight === 0n) throw new ChainError("not-found", `epoch ${epoch} has no root epoch group at height ${H}`);
    const ep = params?.epochParams;
    if (ep === undefined) throw new ChainError("not-found", `no epoch params at height ${H}: the epoch's settlement blocks cannot be located`);
    let statsReset = endOfPoCValidation(root.pocStartBlockHeight, ep);
    // the params EndBlock of R ran with decide R (as for S in read-settled-epoch.ts)
    const epR = (await Q.params(at(statsReset - 1n)))?.epochParams;
    if (epR !== undefined) statsReset = endOfPoCValidation(root.pocStartBlockHeight, epR);
    let settlement: bigint | null = next === undefined || next.pocStartBlockHeight === 0n ? null : endOfPoCValidation(next.pocStartBlockHeight, ep);
    if (settlement !== null && settlement > H) settlement = null;
    const end = settlement ?? H;
    const raw = await settleTxs(client, statsReset, end);
    const bytes = addressFromBech32(address, ACCOUNT_PREFIX);
    const paramsAt = new Map<bigint, Params | undefined>([[H, params]]);
    const batches: NodeBatch[] = await Promise.all(
      raw.map(async (t) => {
        const r = at(t.height - 1n);
        const [escrow, currentEpoch, before, p] = await Promise.all([Q.devshardEscrow(r, t.escrowId), Q.currentEpoch(r), Q.participant(r, address), Q.params(r)]);
        paramsAt.set(t.height, p);
        const cur = currentEpoch ?? 0n;
        const [ap, summary, challenge] = await Promise.all([
          Q.activeParticipants(r, cur),
          Q.performanceSummary(r, cur, address),
          "error" in bytes ? Promise.resolve(undefined) : Q.pocChallenge(r, address),
        ]);
        return {
          ...t,
          escrow,
          currentEpoch,
          active: (ap?.participants ?? []).some((x) => x.index === address),
          accountsSettled: summary !== undefined,
          // HasActiveChallengeRecord: a record OPEN (state 0) of the effective epoch
          challenged: challenge !== undefined && challenge.state === 0 && challenge.epochIndex === cur,
          before,
        };
      }),
    );
    const events = await Q.confirmationPoCEvents(rH, epoch);
    const evaluations = await Promise.all(
      events
        .filter((e) => e.generationStartHeight > 0n)
        .map((e) => ({ sequence: e.eventSequence, height: evaluationHeight(e.generationStartHeight, ep) }))
        .filter((e) => e.height > statsReset && e.height <= end)
        .map(async (e) => {
          const [record, p] = await Promise.all([Q.participant(at(e.height), address), Q.params(at(e.height - 1n))]);
          paramsAt.set(e.height, p);
          return { ...e, record, ratio: record?.currentEpochStats?.confirmationPoCRatio ?? null };
        }),
    );
    paramsAt.set(root.effectiveBlockHeight, await Q.params(at(root.effectiveBlockHeight - 1n)));
    const [start, exclusions, summary] = await Promise.all([Q.participant(at(statsReset), address), Q.excludedParticipants(rH, epoch), Q.performanceSummary(rH, epoch, address)]);
    return { chainId, referenceHeight: H, root, statsReset, settlement, paramsAt, start, batches, evaluations, exclusions, summary, applied, versionAt: (h) => versionFromAppliedPlans(applied, h) };
  } finally {
    client.disconnect();
  }
}

/** The participants of `epoch` (its root group's members, and any it excluded) at the node's latest (or --height) block. */
export async function readEpochMembers(url: string, epoch: bigint, options: SnapshotFromRpcOptions = {}): Promise<string[]> {
  const { client, reader } = await openPinned(url, options);
  try {
    const [root, excluded] = await Promise.all([Q.epochGroupData(reader, epoch, ""), Q.excludedParticipants(reader, epoch)]);
    if (root === undefined) throw new ChainError("not-found", `epoch ${epoch} has no root epoch group at height ${reader.height}`);
    return [...new Set([...root.validationWeights.map((w) => w.memberAddress), ...excluded.map((x) => x.address)])];
  } finally {
    client.disconnect();
  }
}
