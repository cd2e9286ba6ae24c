/**
 * A CometBFT-0.38-compatible JSON-RPC server on 127.0.0.1 (node:http, an OS-assigned port) that
 * answers `status` and `abci_query` (single or batched POST, or GET) with protobuf-encoded values
 * built from fixture state, one state per height. For tests and bench/chain.js; never contacts
 * anything else.
 *
 * Modes: `prunedBelow` (older heights answer code 38 "version does not exist"), heights above
 * `latestHeight` answer code 26 ("in the future"); raw `/store/` reads at either answer code 0 with no
 * value and log "version does not exist", as a real node does; `flaky` (an HTTP request whose queries were all never
 * seen before fails with 503: the first attempt of each query fails), `slowMs` (every HTTP answer is delayed), `corrupt(path)` (garbage value).
 * Hostile modes: `dripMs` (the answer starts at once, then one byte every dripMs, forever), `hugeBodyBytes`
 * (a 200 answer of that many bytes, streamed with backpressure, never held in memory), `garbageBody` (a
 * 200 answer that is not JSON, e.g. an HTML page).
 * Every (method, path, height) asked is recorded in `asked`; `bytesOut` counts the HTTP bodies sent.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { compareGoStrings } from "../../go/bytes.js";
import {
  ActiveParticipants,
  Epoch,
  GraceEpochParams,
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
  QueryAppliedPlanRequest,
  QueryAppliedPlanResponse,
  QueryGetParticipantRequest,
  QueryGetParticipantResponse,
  QueryGetTokenomicsDataResponse,
  type EpochGroupData,
  type EpochPerformanceSummary,
  type Params,
  type Participant,
} from "../gen/proto.js";
import { atLeast, type ChainVersion } from "../../versions/chain-version.js";
import { StoreKeys, u64be } from "../queries.js";
import type { RecordedAnswer } from "../client.js";
import type { FixtureChainState } from "./fixture-state.js";

export interface FixtureServerOptions {
  chainId?: string;
  latestHeight: number;
  /** State served at a height (undefined = no state recorded: answered as pruned); asked once per height. */
  stateAt: (height: number) => FixtureChainState | undefined;
  /**
   * Recorded answers (`snapshot --record FILE`, one JSON object per line) replayed verbatim, matched on
   * (path, data, height) before `stateAt`; an unrecorded query at a recorded height is answered as pruned.
   */
  recorded?: RecordedAnswer[];
  /** Heights below this answer "version does not exist" (code 38). */
  prunedBelow?: number;
  flaky?: boolean;
  slowMs?: number;
  /** Answer this path with bytes that are not its protobuf message. */
  corrupt?: (path: string) => boolean;
  /** Default x/group page size when the request's limit is 0 (SDK default 100). */
  defaultPageLimit?: number;
  /** Serve a different height than asked (to test the client's height check). */
  lieAboutHeight?: boolean;
  /** CometBFT's rpc.max_request_batch_size (default 10, as CometBFT; 0 = unlimited). */
  maxBatchSize?: number;
  /** A new block is committed after every `status` answer (latestHeight + 1). */
  advanceAfterStatus?: boolean;
  /** Hostile: send the answer one byte every `dripMs` ms, never finishing. */
  dripMs?: number;
  /** Hostile: answer every POST with a body of this many bytes (JSON whitespace), streamed. */
  hugeBodyBytes?: number;
  /** With hugeBodyBytes: declare the size in content-length (else chunked). */
  hugeBodyDeclared?: boolean;
  /** Hostile: answer every POST with this body and status 200 (not JSON). */
  garbageBody?: string;
}

export interface AskedQuery {
  method: string;
  path?: string;
  /** Request data, hex. */
  data?: string;
  height?: number;
}

interface AbciAnswer {
  code: number;
  value?: Uint8Array;
  log?: string;
  /** base64 of value, filled on first use */
  b64?: string;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64");

/** EpochGroupData as a node of version `v` stores it: no confirmation_weight_scales (19) before v0.2.13. */
function asOfVersionGroup(g: Partial<EpochGroupData>, v: ChainVersion): Partial<EpochGroupData> {
  return atLeast(v, "v0.2.13") ? g : { ...g, confirmationWeightScales: [] };
}

/**
 * Params as a node of version `v` has them: PocParams.models (14) from v0.2.12, DevshardEscrowParams
 * max_nonce (8) from v0.2.13 and refusal/execution timeouts, validation rate, vote threshold factor
 * (14–17) from v0.2.14 (params.proto at d8b8e907, 17808620, 85835b31). Absent fields encode as nothing.
 */
function asOfVersionParams(p: Partial<Params> | undefined, v: ChainVersion): Partial<Params> | undefined {
  if (!p) return p;
  const out = { ...p };
  if (out.pocParams && !atLeast(v, "v0.2.12")) out.pocParams = { ...out.pocParams, models: [] };
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
class StateIndex {
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
    for (const [e, ap] of s.activeParticipants) this.raw.set(hex(StoreKeys.activeParticipants(e)), ActiveParticipants.encode(ap));
    for (const [e, g] of s.grace) this.raw.set(hex(StoreKeys.punishmentGraceEpoch(e)), GraceEpochParams.encode(g));
    if (s.effectiveEpoch !== undefined) this.raw.set(hex(StoreKeys.effectiveEpochIndex()), u64be(s.effectiveEpoch));
    for (const [id, addrs] of s.groupMembers) this.members.set(id, [...addrs].sort(compareGoStrings));
  }
}

export class FixtureServer {
  readonly asked: AskedQuery[] = [];
  bytesOut = 0;
  httpRequests = 0;
  /** POST bodies that were one JSON-RPC object / a JSON array (a batch). */
  singleCalls = 0;
  batchCalls = 0;
  /** HTTP requests being answered right now, and the most at once. */
  inFlight = 0;
  maxInFlight = 0;
  private server: Server | undefined;
  private readonly seen = new Set<string>();
  private readonly indexes = new WeakMap<FixtureChainState, StateIndex>();
  url = "";

  constructor(readonly options: FixtureServerOptions) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 5000;
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }

  /** Heights asked by abci_query. */
  heightsAsked(): Set<number> {
    return new Set(this.asked.filter((q) => q.method === "abci_query").map((q) => q.height ?? 0));
  }

  private readonly states = new Map<number, FixtureChainState | undefined>();
  /** `options.stateAt(height)`, asked once per height (states are immutable once served). */
  private stateAt(height: number): FixtureChainState | undefined {
    if (!this.states.has(height)) this.states.set(height, this.options.stateAt(height));
    return this.states.get(height);
  }

  private index(s: FixtureChainState): StateIndex {
    let i = this.indexes.get(s);
    if (!i) this.indexes.set(s, (i = new StateIndex(s)));
    return i;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.httpRequests++;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    res.on("close", () => this.inFlight--);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let calls: { id: unknown; method: string; params: Record<string, unknown> }[];
    let batch = false;
    try {
      if (req.method === "GET" && (req.url ?? "").startsWith("/__stats")) {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ bytesOut: this.bytesOut, httpRequests: this.httpRequests, queries: this.asked.length }));
        return;
      }
      if (req.method === "GET" && (req.url ?? "").startsWith("/__blob")) {
        // Baseline for benchmarks: one JSON body of n bytes (a JSON string), no RPC work.
        const n = Number(new URL(req.url ?? "/", "http://x").searchParams.get("n") ?? "0");
        const body = JSON.stringify("x".repeat(Math.max(0, n - 2)));
        this.bytesOut += body.length;
        res.writeHead(200, { "content-type": "application/json" }).end(body);
        return;
      }
      if (req.method === "GET") {
        const u = new URL(req.url ?? "/", "http://x");
        const method = u.pathname.replace(/^\//, "");
        const params: Record<string, unknown> = {};
        for (const [k, v] of u.searchParams) params[k] = v.replace(/^"(.*)"$/, "$1").replace(/^0x/, "");
        calls = [{ id: -1, method, params }];
      } else {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        batch = Array.isArray(body);
        if (batch) this.batchCalls++;
        else this.singleCalls++;
        calls = (batch ? body : [body]).map((c: { id: unknown; method: string; params?: Record<string, unknown> }) => ({ id: c.id, method: c.method, params: c.params ?? {} }));
      }
    } catch {
      res.writeHead(400).end("bad request");
      return;
    }
    if (this.hostile(res)) return;
    const maxBatch = this.options.maxBatchSize ?? 10;
    if (batch && maxBatch > 0 && calls.length > maxBatch) {
      const text = JSON.stringify({ jsonrpc: "2.0", id: -1, error: { code: -32600, message: "Invalid Request", data: `batch request exceeds maximum (${maxBatch}) allowed number of requests` } });
      this.bytesOut += Buffer.byteLength(text);
      res.writeHead(200, { "content-type": "application/json" }).end(text);
      return;
    }
    if (this.options.flaky) {
      const keys = calls.map((c) => `${c.method}|${String(c.params.path ?? "")}|${String(c.params.data ?? "")}|${String(c.params.height ?? "")}`);
      const fresh = keys.filter((k) => !this.seen.has(k));
      for (const k of keys) this.seen.add(k);
      // Fail an HTTP request whose calls are all new: each query's first attempt fails, its retry
      // (alone or batched with others) goes through.
      if (fresh.length === keys.length) {
        res.writeHead(503, { "content-type": "text/plain" }).end("temporarily unavailable");
        return;
      }
    }
    const answers = calls.map((c) => ({ jsonrpc: "2.0", id: c.id, ...this.call(c.method, c.params) }));
    const text = JSON.stringify(batch ? answers : answers[0]);
    if (this.options.slowMs) await new Promise((r) => setTimeout(r, this.options.slowMs));
    this.bytesOut += Buffer.byteLength(text);
    if (res.destroyed) return;
    res.writeHead(200, { "content-type": "application/json" }).end(text);
  }

  /** The hostile modes: true when `res` is taken care of. */
  private hostile(res: ServerResponse): boolean {
    const o = this.options;
    if (o.garbageBody !== undefined) {
      this.bytesOut += Buffer.byteLength(o.garbageBody);
      res.writeHead(200, { "content-type": "text/html" }).end(o.garbageBody);
      return true;
    }
    if (o.dripMs !== undefined) {
      res.writeHead(200, { "content-type": "application/json" });
      res.write("{");
      const t = setInterval(() => {
        if (res.destroyed || res.writableEnded) clearInterval(t);
        else {
          this.bytesOut++;
          res.write(" ");
        }
      }, o.dripMs);
      res.on("close", () => clearInterval(t));
      return true;
    }
    if (o.hugeBodyBytes !== undefined) {
      const total = o.hugeBodyBytes;
      res.writeHead(200, { "content-type": "application/json", ...(o.hugeBodyDeclared ? { "content-length": String(total) } : {}) });
      const chunk = Buffer.alloc(1 << 20, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < total && !res.destroyed) {
          const n = Math.min(chunk.length, total - sent);
          sent += n;
          this.bytesOut += n;
          if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
            res.once("drain", pump);
            return;
          }
        }
        if (!res.destroyed) res.end();
      };
      pump();
      return true;
    }
    return false;
  }

  private call(method: string, params: Record<string, unknown>): { result?: unknown; error?: unknown } {
    if (method === "status") {
      this.asked.push({ method });
      const result = this.status();
      if (this.options.advanceAfterStatus) this.options.latestHeight++;
      return { result };
    }
    if (method === "abci_query") {
      const path = String(params.path ?? "");
      const height = params.height === undefined || params.height === "" || params.height === "0" ? this.options.latestHeight : Number(params.height);
      const data = new Uint8Array(Buffer.from(String(params.data ?? ""), "hex"));
      this.asked.push({ method, path, data: hex(data), height });
      const a = this.abci(path, data, height);
      const served = this.options.lieAboutHeight ? height - 1 : height;
      return {
        result: {
          response: { code: a.code, log: a.log ?? "", info: "", index: "0", key: null, value: a.value ? (a.b64 ??= b64(a.value)) : null, proofOps: null, height: String(served), codespace: a.code ? "sdk" : "" },
        },
      };
    }
    return { error: { code: -32601, message: "Method not found", data: method } };
  }

  private status(): unknown {
    return {
      node_info: {
        protocol_version: { p2p: "8", block: "11", app: "0" },
        id: "a".repeat(40),
        listen_addr: "tcp://127.0.0.1:26656",
        network: this.options.chainId ?? "gonka-mainnet",
        version: "0.38.21",
        channels: "40202122233038606100",
        moniker: "fixture",
        other: { tx_index: "on", rpc_address: "tcp://127.0.0.1:26657" },
      },
      sync_info: {
        latest_block_hash: "AB".repeat(32),
        latest_app_hash: "CD".repeat(32),
        latest_block_height: String(this.options.latestHeight),
        latest_block_time: "2026-05-27T19:12:00.000000000Z",
        earliest_block_hash: "EF".repeat(32),
        earliest_app_hash: "01".repeat(32),
        earliest_block_height: String(this.options.prunedBelow ?? 1),
        earliest_block_time: "2025-08-01T00:00:00.000000000Z",
        catching_up: false,
      },
      validator_info: { address: "B".repeat(40), pub_key: { type: "tendermint/PubKeyEd25519", value: Buffer.alloc(32, 7).toString("base64") }, voting_power: "0" },
    };
  }

  private replay: Map<string, AbciAnswer> | undefined;

  private abci(path: string, data: Uint8Array, height: number): AbciAnswer {
    const latest = this.options.latestHeight;
    // A raw store read at a height the IAVL tree lacks is code 0, no value, log "version does not exist"
    // (store/iavl/store.go Query; baseapp handleQueryStore checks no height): not an error code.
    const noVersion: AbciAnswer = { code: 0, log: "version does not exist" };
    const rawStore = path.startsWith("/store/");
    if (height > latest) return rawStore ? noVersion : { code: 26, log: "cannot query with height in the future; please provide a valid height: invalid height" };
    if (this.options.recorded) {
      if (!this.replay) {
        this.replay = new Map();
        for (const r of this.options.recorded) {
          this.replay.set(`${r.path}|${r.data_hex}|${r.height}`, { code: r.code, log: r.log, value: r.value_b64 === undefined ? undefined : new Uint8Array(Buffer.from(r.value_b64, "base64")) });
        }
      }
      const a = this.replay.get(`${path}|${hex(data)}|${height}`);
      if (a) return a;
      if (this.options.recorded.some((r) => r.height === height)) return { code: 38, log: `fixture server: ${path} was not recorded at height ${height}` };
    }
    const state = height < (this.options.prunedBelow ?? 0) ? undefined : this.stateAt(height);
    if (!state && rawStore) return noVersion;
    if (!state) return { code: 38, log: `failed to load state at height ${height}; version does not exist (latest height: ${latest}): not found` };
    if (this.options.corrupt?.(path)) return { code: 0, value: Uint8Array.of(0x0a, 0x05, 0x08) };
    try {
      // States are immutable: answers are cached per (state, path, data).
      if (path === "/cosmos.upgrade.v1beta1.Query/AppliedPlan") {
        // Depends on the height, not only on the state: a plan applied above it is unknown there.
        const h = state.appliedPlans.get(QueryAppliedPlanRequest.decode(data).name) ?? 0n;
        return { code: 0, value: QueryAppliedPlanResponse.encode({ height: h <= BigInt(height) ? h : 0n }) };
      }
      const ix = this.index(state);
      const k = `${path}|${hex(data)}`;
      let a = ix.answers.get(k);
      if (!a) ix.answers.set(k, (a = this.answer(ix, path, data)));
      return a;
    } catch (e) {
      return { code: 1, log: `fixture server: ${(e as Error).message}` };
    }
  }

  private answer(ix: StateIndex, path: string, data: Uint8Array): AbciAnswer {
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
      case "/cosmos.group.v1.Query/GroupMembers": {
        const req = QueryGroupMembersRequest.decode(data);
        const all = ix.members.get(req.groupId) ?? [];
        const pg = req.pagination;
        const limit = Number(pg?.limit ?? 0n) || this.options.defaultPageLimit || 100;
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
}
