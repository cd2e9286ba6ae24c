/**
 * The ABCI answers of a fixture state, as a node of the state's chain version encodes them: every
 * x/inference query and raw store key the chain client reads (src/chain/queries.ts), the x/group
 * members with pagination, and "not found" as the node words it. For the test node (fixture-server.ts).
 */
import { compareGoStrings } from "../go/bytes.js";
import {
  ActiveParticipants,
  Epoch,
  GraceEpochParams,
  PoCChallenge,
  QueryActiveConfirmationPoCEventResponse,
  QueryConfirmationPoCEventsResponse,
  QueryEpochInfoResponse,
  QueryEpochIndexRequest,
  QueryEpochPerformanceSummaryByParticipantRequest,
  QueryEpochPerformanceSummaryByParticipantResponse,
  QueryExcludedParticipantsResponse,
  QueryGetCurrentEpochResponse,
  QueryGetEpochGroupDataRequest,
  QueryGetEpochGroupDataResponse,
  QueryGroupMembersRequest,
  QueryGroupMembersResponse,
  QueryParamsResponse,
  QueryPreservedNodesSnapshotResponse,
  GenesisOnlyParams,
  DelegationRewardTransferSnapshot,
  QueryGetParticipantRequest,
  QueryGetDevshardEscrowRequest,
  QueryGetDevshardEscrowResponse,
  type DevshardEscrow,
  QueryGetParticipantResponse,
  QueryGetTokenomicsDataResponse,
  type ActiveParticipants as ActiveParticipantsRecord,
  type EpochGroupData,
  type EpochPerformanceSummary,
  type Params,
  type Participant,
} from "../chain/gen/proto.js";
import { atLeast, type ChainVersion } from "../versions/chain-version.js";
import { StoreKeys, u64be } from "../chain/queries.js";
import { ACCOUNT_PREFIX, addressFromBech32 } from "../preserved/bech32.js";
import type { FixtureChainState } from "./fixture-state.js";

export interface AbciAnswer {
  code: number;
  value?: Uint8Array;
  log?: string;
  /** base64 of value, filled on first use */
  b64?: string;
}

export const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
export const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64");

/**
 * EpochGroupData as a node of version `v` stores it: no confirmation_weight_scales (19) before v0.2.13;
 * before v0.2.16 no dynamic_coefficient_params (20) and scales of model id and factor only (fields 3–8
 * are v0.2.16's, epoch_group_data.proto at zpoken/gonka@ef1a5efd).
 */
function asOfVersionGroup(g: Partial<EpochGroupData>, v: ChainVersion): Partial<EpochGroupData> {
  if (!atLeast(v, "v0.2.13")) return { ...g, confirmationWeightScales: [], dynamicCoefficientParams: undefined };
  if (atLeast(v, "v0.2.16")) return g;
  return { ...g, dynamicCoefficientParams: undefined, confirmationWeightScales: (g.confirmationWeightScales ?? []).map((c) => ({ ...c, effectiveCoefficient: undefined, config: undefined, baseCoefficient: undefined, adaptiveStep: undefined, prevSign: 0, excludeFromConfirmation: false })) };
}

/** ActiveParticipants as a node of version `v` stores it: no cap_weight_applied (7) nor cap_weight (9) before v0.2.16. */
function asOfVersionActive(ap: Partial<ActiveParticipantsRecord>, v: ChainVersion): Partial<ActiveParticipantsRecord> {
  if (atLeast(v, "v0.2.16")) return ap;
  return { ...ap, capWeightApplied: false, participants: (ap.participants ?? []).map((p) => ({ ...p, capWeight: 0n })) };
}

/**
 * Params as a node of version `v` has them: PocParams.models (14) from v0.2.12, DevshardEscrowParams
 * max_nonce (8) from v0.2.13 and refusal/execution timeouts, validation rate, vote threshold factor
 * (14–17) from v0.2.14 (params.proto at d8b8e907, 17808620, 85835b31), the dynamic coefficient params and
 * configs from v0.2.16 (params.proto at zpoken/gonka@ef1a5efd). Absent fields encode as nothing.
 */
function asOfVersionParams(p: Partial<Params> | undefined, v: ChainVersion): Partial<Params> | undefined {
  if (!p) return p;
  const out = { ...p };
  if (out.pocParams && !atLeast(v, "v0.2.12")) out.pocParams = { ...out.pocParams, models: [] };
  // PocParams.dynamic_coefficient_params (16) and PoCModelConfig.dynamic_coefficient (6): v0.2.16
  if (out.pocParams && !atLeast(v, "v0.2.16")) {
    out.pocParams = { ...out.pocParams, dynamicCoefficientParams: undefined, models: (out.pocParams.models ?? []).map((m) => ({ ...m, dynamicCoefficient: undefined })) };
  }
  const d = out.devshardEscrowParams;
  if (d) {
    out.devshardEscrowParams = {
      ...d,
      ...(atLeast(v, "v0.2.13") ? {} : { maxNonce: 0 }),
      ...(atLeast(v, "v0.2.14") ? {} : { refusalTimeout: 0n, executionTimeout: 0n, validationRate: 0, voteThresholdFactor: 0 }),
    };
  }
  return out;
}

/** Indexes over one state, built lazily once per state object. */
export class StateIndex {
  readonly groups = new Map<string, Partial<EpochGroupData>>();
  readonly summaries = new Map<string, Partial<EpochPerformanceSummary>>();
  readonly raw = new Map<string, Uint8Array>();
  readonly members = new Map<bigint, string[]>();
  readonly answers = new Map<string, AbciAnswer>();
  readonly participants = new Map<string, Partial<Participant>>();
  /** Params as a node of the state's version has them on the wire. */
  readonly params: Partial<Params> | undefined;
  constructor(readonly s: FixtureChainState) {
    const v = s.chainVersion;
    for (const g of s.groups) this.groups.set(`${g.epochIndex ?? 0n}|${g.modelId ?? ""}`, asOfVersionGroup(g, v));
    for (const p of s.participants) this.participants.set(p.index ?? "", p);
    this.params = asOfVersionParams(s.params, v);
    if (s.genesisOnly) this.raw.set(hex(StoreKeys.genesisOnlyParams()), GenesisOnlyParams.encode(s.genesisOnly as never));
    if (s.delegation && atLeast(v, "v0.2.14")) this.raw.set(hex(StoreKeys.delegationRewardTransferSnapshot()), DelegationRewardTransferSnapshot.encode(s.delegation as never));
    for (const x of s.summaries) this.summaries.set(`${x.epochIndex ?? 0n}|${x.participantId ?? ""}`, x);
    for (const e of s.epochs) this.raw.set(hex(StoreKeys.epoch(e.index)), Epoch.encode(e));
    for (const [e, ap] of s.activeParticipants) this.raw.set(hex(StoreKeys.activeParticipants(e)), ActiveParticipants.encode(asOfVersionActive(ap, v)));
    // v0.2.16: PoCChallenges[target address bytes] (a record keyed by a non-bech32 target cannot exist on chain)
    if (atLeast(v, "v0.2.16")) {
      for (const c of s.pocChallenges) {
        const addr = addressFromBech32(c.target ?? "", ACCOUNT_PREFIX);
        if (!("error" in addr)) this.raw.set(hex(StoreKeys.pocChallenge(Uint8Array.from(addr))), PoCChallenge.encode(c));
      }
    }
    for (const [e, g] of s.grace) this.raw.set(hex(StoreKeys.punishmentGraceEpoch(e)), GraceEpochParams.encode(g));
    if (s.effectiveEpoch !== undefined) this.raw.set(hex(StoreKeys.effectiveEpochIndex()), u64be(s.effectiveEpoch));
    for (const [id, addrs] of s.groupMembers) this.members.set(id, [...addrs].sort(compareGoStrings));
  }
}

/** The answer to one query of `path` with request bytes `data` on the indexed state. */
export function fixtureAnswer(ix: StateIndex, path: string, data: Uint8Array, defaultPageLimit?: number): AbciAnswer {
  const s = ix.s;
  const ok = (value: Uint8Array): AbciAnswer => ({ code: 0, value });
  const notFound: AbciAnswer = { code: 22, log: "rpc error: code = NotFound desc = not found: key not found" };
  const P = "/inference.inference.Query/";
  switch (path) {
    case "/store/inference/key":
      return ok(ix.raw.get(hex(data)) ?? new Uint8Array(0));
    case `${P}Params`:
      return ok(QueryParamsResponse.encode({ params: ix.params as never }));
    case `${P}Participant`: {
      const req = QueryGetParticipantRequest.decode(data);
      const x = ix.participants.get(req.index);
      return x ? ok(QueryGetParticipantResponse.encode({ participant: x as Participant })) : notFound;
    }
    case `${P}TokenomicsData`:
      return s.tokenomics ? ok(QueryGetTokenomicsDataResponse.encode({ tokenomicsData: s.tokenomics as never })) : notFound;

    case `${P}GetCurrentEpoch`:
      return s.effectiveEpoch === undefined ? { code: 22, log: "rpc error: code = NotFound desc = no effective epoch found: key not found" } : ok(QueryGetCurrentEpochResponse.encode({ epoch: s.effectiveEpoch }));
    case `${P}EpochInfo`: {
      const latest = s.epochs.length ? s.epochs.reduce((x, y) => (y.index > x.index ? y : x)) : undefined;
      return ok(QueryEpochInfoResponse.encode({ blockHeight: 0n, params: ix.params as never, latestEpoch: latest, isConfirmationPocActive: !!s.activeEvent, activeConfirmationPocEvent: s.activeEvent }));
    }
    case `${P}EpochGroupData`: {
      const req = QueryGetEpochGroupDataRequest.decode(data);
      const g = ix.groups.get(`${req.epochIndex}|${req.modelId}`);
      return g ? ok(QueryGetEpochGroupDataResponse.encode({ epochGroupData: g as EpochGroupData })) : notFound;
    }
    case `${P}EpochPerformanceSummaryByParticipant`: {
      const req = QueryEpochPerformanceSummaryByParticipantRequest.decode(data);
      const x = ix.summaries.get(`${req.epochIndex}|${req.participantId}`);
      return x ? ok(QueryEpochPerformanceSummaryByParticipantResponse.encode({ epochPerformanceSummary: x as EpochPerformanceSummary })) : notFound;
    }
    case `${P}PreservedNodesSnapshot`:
      return ok(QueryPreservedNodesSnapshotResponse.encode({ snapshot: s.preservedSnapshot, found: !!s.preservedSnapshot }));
    case `${P}ListConfirmationPoCEvents`: {
      const req = QueryEpochIndexRequest.decode(data);
      return ok(QueryConfirmationPoCEventsResponse.encode({ events: s.cpocEvents.filter((e) => e.epochIndex === req.epochIndex) }));
    }
    case `${P}ActiveConfirmationPoCEvent`:
      return ok(QueryActiveConfirmationPoCEventResponse.encode({ isActive: !!s.activeEvent, event: s.activeEvent }));
    case `${P}ExcludedParticipants`: {
      const req = QueryEpochIndexRequest.decode(data);
      const e = req.epochIndex === 0n ? (s.effectiveEpoch ?? 0n) : req.epochIndex;
      return ok(QueryExcludedParticipantsResponse.encode({ items: s.excluded.filter((x) => x.epochIndex === e) }));
    }
    case `${P}DevshardEscrow`: {
      const req = QueryGetDevshardEscrowRequest.decode(data);
      const e = (s.devshardEscrows ?? []).find((x) => x.id === req.id);
      return ok(QueryGetDevshardEscrowResponse.encode({ escrow: e as DevshardEscrow | undefined, found: e !== undefined }));
    }
    case "/cosmos.group.v1.Query/GroupMembers": {
      const req = QueryGroupMembersRequest.decode(data);
      const all = ix.members.get(req.groupId) ?? [];
      const pg = req.pagination;
      const limit = Number(pg?.limit ?? 0n) || defaultPageLimit || 100;
      const start = pg && pg.key.length === 8 ? Number(new DataView(pg.key.buffer, pg.key.byteOffset, 8).getBigUint64(0)) : Number(pg?.offset ?? 0n);
      const page = all.slice(start, start + limit);
      const next = start + limit < all.length ? u64be(BigInt(start + limit)) : new Uint8Array(0);
      return ok(
        QueryGroupMembersResponse.encode({
          members: page.map((address) => ({ groupId: req.groupId, member: { address, weight: "1", metadata: "" } })),
          pagination: { nextKey: next, total: 0n },
        }),
      );
    }
    default:
      return { code: 6, log: `unknown query path ${path}` };
  }
}
