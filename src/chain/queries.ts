/**
 * Typed reads of Gonka chain state, each at the reader's pinned height: gRPC-over-ABCI queries of
 * `inference.inference.Query` and `cosmos.group.v1.Query`, and raw `/store/inference/key` reads for
 * the state that has no query (ActiveParticipants, PunishmentGraceEpochs, Epochs[i], v0.2.16's PoC
 * challenge records). Paths, keys and field numbers: ../shared/spec/chain-queries.md §3–§6.
 */
import { ACCOUNT_PREFIX, addressFromBech32 } from "../preserved/bech32.js";
import type { PinnedReader } from "./client.js";
import {
  ActiveParticipants,
  Epoch,
  EpochPerformanceSummary,
  GraceEpochParams,
  PoCChallenge,
  QueryActiveConfirmationPoCEventResponse,
  QueryConfirmationPoCEventsResponse,
  QueryEpochInfoResponse,
  QueryEpochPerformanceSummaryByParticipantRequest,
  QueryEpochPerformanceSummaryByParticipantResponse,
  QueryEpochIndexRequest,
  QueryExcludedParticipantsResponse,
  QueryAppliedPlanRequest,
  QueryAppliedPlanResponse,
  QueryGetParticipantRequest,
  QueryGetParticipantResponse,
  QueryGetDevshardEscrowRequest,
  QueryGetDevshardEscrowResponse,
  type DevshardEscrow,
  QueryGetTokenomicsDataResponse,
  GenesisOnlyParams,
  DelegationRewardTransferSnapshot,
  QueryGetCurrentEpochResponse,
  QueryGetEpochGroupDataRequest,
  QueryGetEpochGroupDataResponse,
  QueryGroupMembersRequest,
  QueryGroupMembersResponse,
  QueryParamsResponse,
  QueryPreservedNodesSnapshotResponse,
  type ConfirmationPoCEvent,
  type EpochGroupData,
  type ExcludedParticipant,
  type GroupMember,
  type Params,
  type Participant,
  type PreservedNodesSnapshot,
  type TokenomicsData,
} from "./gen/proto.js";

export const INFERENCE_QUERY = "inference.inference.Query";
export const GROUP_QUERY = "cosmos.group.v1.Query";
export const UPGRADE_QUERY = "cosmos.upgrade.v1beta1.Query";
export const INFERENCE_STORE = "inference";

const EMPTY = new Uint8Array(0);
const q = (method: string) => `/${INFERENCE_QUERY}/${method}`;

/** 8-byte big-endian uint64 (collections Uint64Key). */
export function u64be(n: bigint): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, BigInt.asUintN(64, n));
  return b;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const ascii = (s: string) => new TextEncoder().encode(s);

/** Raw store keys (x/inference/types/keys.go, key_activeparticipants.go). */
export const StoreKeys = {
  epochGroupData: (epoch: bigint, model: string) => concat(Uint8Array.of(0x0a), u64be(epoch), ascii(model)),
  epoch: (epoch: bigint) => concat(Uint8Array.of(0x0b), u64be(epoch)),
  effectiveEpochIndex: () => Uint8Array.of(0x0c),
  punishmentGraceEpoch: (epoch: bigint) => concat(Uint8Array.of(0x2b), u64be(epoch)),
  preservedNodesSnapshot: () => Uint8Array.of(0x41),
  activeParticipants: (epoch: bigint) => concat(ascii("ActiveParticipants/value/"), u64be(epoch), ascii("/")),
  // prefix.NewStore(KeyPrefix("…/value/")).Get([]byte{0}) (keeper/tokenomics_data.go, genesis_only_params.go)
  tokenomicsData: () => concat(ascii("TokenomicsData/value/"), Uint8Array.of(0)),
  genesisOnlyParams: () => concat(ascii("GenesisOnlyData/value/"), Uint8Array.of(0)),
  // collections.NewPrefix(108) (types/keys.go@ee730031, v0.2.14)
  delegationRewardTransferSnapshot: () => Uint8Array.of(108),
  // v0.2.16: PoCChallengePrefix = NewPrefix(111), Map[sdk.AccAddressKey] (types/keys.go, keeper/keeper.go at
  // zpoken/gonka@ef1a5efd): the sole key part is terminal, so the address bytes follow the prefix raw
  pocChallenge: (address: Uint8Array) => concat(Uint8Array.of(111), address),
};

export async function params(r: PinnedReader): Promise<Params | undefined> {
  return (await r.grpc(q("Params"), EMPTY, QueryParamsResponse.decode)).params;
}

/** The effective epoch index (GetCurrentEpoch); undefined when the chain has none yet. */
export async function currentEpoch(r: PinnedReader): Promise<bigint | undefined> {
  return (await r.grpc(q("GetCurrentEpoch"), EMPTY, QueryGetCurrentEpochResponse.decode, true))?.epoch;
}

export function epochInfo(r: PinnedReader): Promise<QueryEpochInfoResponse> {
  return r.grpc(q("EpochInfo"), EMPTY, QueryEpochInfoResponse.decode);
}

/** EpochGroupData(epoch, model); undefined when the keeper answers NotFound. */
export async function epochGroupData(r: PinnedReader, epoch: bigint, modelId: string): Promise<EpochGroupData | undefined> {
  const req = QueryGetEpochGroupDataRequest.encode({ epochIndex: epoch, modelId });
  const res = await r.grpc(q("EpochGroupData"), req, QueryGetEpochGroupDataResponse.decode, true);
  return res?.epochGroupData;
}

/** All members of an x/group group, every page at the pinned height. */
export function groupMembers(r: PinnedReader, groupId: bigint, pageLimit = 1000n): Promise<GroupMember[]> {
  return r.paginate(
    `GroupMembers(${groupId})`,
    async (page) => {
      const req = QueryGroupMembersRequest.encode({ groupId, pagination: { key: page.key, limit: page.limit, offset: 0n, countTotal: false, reverse: false } });
      const res = await r.grpc(`/${GROUP_QUERY}/GroupMembers`, req, QueryGroupMembersResponse.decode);
      return { items: res.members, nextKey: res.pagination?.nextKey };
    },
    pageLimit,
  );
}

/**
 * EpochPerformanceSummary(epoch, participant) by key (not the whole-epoch scan); undefined if absent.
 * Low priority: hundreds of these wait behind the reads that other reads depend on.
 */
export async function performanceSummary(r: PinnedReader, epoch: bigint, participant: string): Promise<EpochPerformanceSummary | undefined> {
  const req = QueryEpochPerformanceSummaryByParticipantRequest.encode({ epochIndex: epoch, participantId: participant });
  const res = await r.grpc(q("EpochPerformanceSummaryByParticipant"), req, QueryEpochPerformanceSummaryByParticipantResponse.decode, true, true);
  return res?.epochPerformanceSummary;
}

export async function preservedNodesSnapshot(r: PinnedReader): Promise<PreservedNodesSnapshot | undefined> {
  const res = await r.grpc(q("PreservedNodesSnapshot"), EMPTY, QueryPreservedNodesSnapshotResponse.decode);
  return res.found ? (res.snapshot ?? { episodeAnchorHeight: 0n, modelPreservedNodes: [] }) : undefined;
}

export async function confirmationPoCEvents(r: PinnedReader, epoch: bigint): Promise<ConfirmationPoCEvent[]> {
  const req = QueryEpochIndexRequest.encode({ epochIndex: epoch });
  return (await r.grpc(q("ListConfirmationPoCEvents"), req, QueryConfirmationPoCEventsResponse.decode)).events;
}

export async function activeConfirmationPoCEvent(r: PinnedReader): Promise<ConfirmationPoCEvent | undefined> {
  const res = await r.grpc(q("ActiveConfirmationPoCEvent"), EMPTY, QueryActiveConfirmationPoCEventResponse.decode);
  return res.isActive ? res.event : undefined;
}

export async function excludedParticipants(r: PinnedReader, epoch: bigint): Promise<ExcludedParticipant[]> {
  const req = QueryEpochIndexRequest.encode({ epochIndex: epoch });
  return (await r.grpc(q("ExcludedParticipants"), req, QueryExcludedParticipantsResponse.decode)).items;
}

/** ActiveParticipants(epoch): raw store value, no query exists. */
export function activeParticipants(r: PinnedReader, epoch: bigint): Promise<ActiveParticipants | undefined> {
  return r.storeKey(INFERENCE_STORE, StoreKeys.activeParticipants(epoch), ActiveParticipants.decode, `ActiveParticipants(${epoch})`);
}

/**
 * v0.2.16: the PoC challenge record of `target` (PoCChallenges[addr], any state), undefined when none is
 * stored or the address is not a gonka1 bech32 address (the chain cannot key a record by it). Read per
 * address: the only query (OpenPoCChallenges) lists open records only, and the raw `/subspace` read of the
 * prefix ignores the height (cosmos-sdk #25914). Low priority: one per root member.
 */
export function pocChallenge(r: PinnedReader, target: string): Promise<PoCChallenge | undefined> {
  const bytes = addressFromBech32(target, ACCOUNT_PREFIX);
  if ("error" in bytes) return Promise.resolve(undefined);
  return r.storeKey(INFERENCE_STORE, StoreKeys.pocChallenge(Uint8Array.from(bytes)), PoCChallenge.decode, `PoCChallenges[${target}]`, true);
}

/** PunishmentGraceEpochs[epoch]: raw store value, no query exists. */
export function punishmentGraceEpoch(r: PinnedReader, epoch: bigint): Promise<GraceEpochParams | undefined> {
  return r.storeKey(INFERENCE_STORE, StoreKeys.punishmentGraceEpoch(epoch), GraceEpochParams.decode, `PunishmentGraceEpochs[${epoch}]`);
}

/** Epochs[epoch]: raw store value (EpochInfo only gives the latest). */
export function epochByIndex(r: PinnedReader, epoch: bigint): Promise<Epoch | undefined> {
  return r.storeKey(INFERENCE_STORE, StoreKeys.epoch(epoch), Epoch.decode, `Epochs[${epoch}]`);
}

/** Participant(index): status, coin balance, live epoch stats; undefined when NotFound. Low priority (one per participant). */
export async function participant(r: PinnedReader, index: string): Promise<Participant | undefined> {
  const req = QueryGetParticipantRequest.encode({ index });
  return (await r.grpc(q("Participant"), req, QueryGetParticipantResponse.decode, true, true))?.participant;
}

/** TokenomicsData (total fees, subsidies, refunds, burns); undefined when NotFound. */
export async function tokenomicsData(r: PinnedReader): Promise<TokenomicsData | undefined> {
  return (await r.grpc(q("TokenomicsData"), EMPTY, QueryGetTokenomicsDataResponse.decode, true))?.tokenomicsData;
}

/** GenesisOnlyParams: raw store value, no query exists. */
export function genesisOnlyParams(r: PinnedReader): Promise<GenesisOnlyParams | undefined> {
  return r.storeKey(INFERENCE_STORE, StoreKeys.genesisOnlyParams(), GenesisOnlyParams.decode, "GenesisOnlyParams");
}

/** cosmos.upgrade AppliedPlan(name): the height the plan was applied at, 0 when it was not (by this height). */
export async function appliedPlan(r: PinnedReader, name: string): Promise<bigint> {
  const req = QueryAppliedPlanRequest.encode({ name });
  return (await r.grpc(`/${UPGRADE_QUERY}/AppliedPlan`, req, QueryAppliedPlanResponse.decode)).height;
}

/** DelegationRewardTransferSnapshot (v0.2.14): raw store singleton, no query; undefined when absent. */
export function delegationRewardTransferSnapshot(r: PinnedReader): Promise<DelegationRewardTransferSnapshot | undefined> {
  return r.storeKey(INFERENCE_STORE, StoreKeys.delegationRewardTransferSnapshot(), DelegationRewardTransferSnapshot.decode, "DelegationRewardTransferSnapshot");
}

/** DevshardEscrow(id): its epoch and slots (slot i is served by slots[i]); undefined when not found (never created, or pruned). */
export async function devshardEscrow(r: PinnedReader, id: bigint): Promise<DevshardEscrow | undefined> {
  const res = await r.grpc(q("DevshardEscrow"), QueryGetDevshardEscrowRequest.encode({ id }), QueryGetDevshardEscrowResponse.decode, true);
  return res?.found ? res.escrow : undefined;
}
