/**
 * A CometBFT-0.38-compatible JSON-RPC server on 127.0.0.1 (node:http, an OS-assigned port) that
 * answers `status` and `abci_query` (single or batched POST, or GET) with protobuf-encoded values
 * built from fixture state, one state per height, and, given the chain's transactions, `tx_search`. For
 * tests and bench/chain.js; never contacts anything else.
 *
 * Modes: `prunedBelow` (older heights answer code 38 "version does not exist"), heights above
 * `latestHeight` answer code 26 ("in the future"); raw `/store/` reads at either answer code 0 with no
 * value and log "version does not exist", as a real node does; `flaky` (an HTTP request whose queries were all never
 * seen before fails with 503: the first attempt of each query fails), `slowMs` (every HTTP answer is delayed), `corrupt(path)` (garbage value).
 * Hostile modes: `dripMs` (the answer starts at once, then one byte every dripMs, forever), `hugeBodyBytes`
 * (a 200 answer of that many bytes, streamed with backpressure, never held in memory), `garbageBody` (a
 * 200 answer that is not JSON, e.g. an HTML page), `statusAnswer` (the JSON-RPC answer to `status` replaced,
 * e.g. one without `result` or without `result.sync_info`).
 * Every (method, path, height) asked is recorded in `asked`; `bytesOut` counts the HTTP bodies sent.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryAppliedPlanRequest, QueryAppliedPlanResponse } from "../chain/gen/proto.js";
import type { RecordedAnswer } from "../chain/client.js";
import type { FixtureChainState } from "./fixture-state.js";
import { b64, fixtureAnswer, hex, StateIndex, type AbciAnswer } from "./fixture-answers.js";
import { txSearchResult, type FixtureTx } from "./fixture-txs.js";

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
  /** Hostile: the fields of the JSON-RPC answer to `status` besides jsonrpc and id (e.g. `{}`: no result). */
  statusAnswer?: Record<string, unknown>;
  /** The chain's transactions, for `tx_search` (fixture-txs.ts). */
  txs?: FixtureTx[];
}

export interface AskedQuery {
  method: string;
  path?: string;
  /** Request data, hex. */
  data?: string;
  height?: number;
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
      if (this.options.statusAnswer !== undefined) return this.options.statusAnswer;
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
    if (method === "tx_search" && this.options.txs !== undefined) {
      this.asked.push({ method });
      try {
        return { result: txSearchResult(this.options.txs, params, this.options.latestHeight) };
      } catch (e) {
        return { error: { code: -32603, message: "Internal error", data: (e as Error).message } };
      }
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
      if (!a) ix.answers.set(k, (a = fixtureAnswer(ix, path, data, this.options.defaultPageLimit)));
      return a;
    } catch (e) {
      return { code: 1, log: `fixture server: ${(e as Error).message}` };
    }
  }
}
