/**
 * The chain client: CosmJS Comet38Client over a batching JSON-RPC transport (./batch-rpc.ts, a CosmJS
 * RpcClient) and a height-pinning adapter so that EVERY ABCI query carries one block height. CosmJS is
 * imported on the first request, not when this module loads: the library and the offline commands
 * import this file (through src/index.ts) without paying for CosmJS.
 *
 * - `ChainClient.connect(url)` builds the transport; `status()` gives the chain id and latest height.
 * - `client.at(height)` returns a `PinnedReader`: all its reads (gRPC-over-ABCI queries, raw store
 *   keys, every page of a paginated query) go out with that height, and an answer for any other height
 *   is an error. Reads are cached per (path, data), run through a bounded concurrency gate, and retried
 *   with exponential backoff on transient transport errors only (connection reset/refused, timeouts,
 *   HTTP 5xx/429). ABCI errors (pruned, future height, not found) are never retried.
 * - `PinnedReader.request(service, method, data)` has the shape of CosmJS's `createProtobufRpcClient`
 *   result, so ts-proto style `QueryClientImpl(rpc)` classes also plug in with the height pinned.
 */
import type { Comet38Client } from "@cosmjs/tendermint-rpc";
import { BatchRpcClient, JsonRpcError, MalformedAnswerError, ResponseTooLargeError } from "./batch-rpc.js";
import { AbciError, ChainError } from "./errors.js";
import { DecodeError } from "./wire.js";
import { groupDigits } from "../format/numbers.js";

/** Defaults of the limits every command that reads a node applies (flags override them). */
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_BUDGET_MS = 600_000;

export interface ChainClientOptions {
  /** Overall deadline of each HTTP request, start to last byte, in ms (default 30000). */
  timeoutMs?: number;
  /** Total time budget of everything this client does, in ms, from connect (default 600000). */
  budgetMs?: number;
  /** Largest HTTP answer accepted, in bytes (default 64 MiB). */
  maxResponseBytes?: number;
  /** Attempts per query including the first (default 4). */
  attempts?: number;
  /** First backoff delay in ms, doubled each retry (default 200). */
  backoffMs?: number;
  /** Maximum queries in flight (default 64). */
  concurrency?: number;
  /** JSON-RPC requests per HTTP batch (default 10 = CometBFT's default rpc.max_request_batch_size). */
  batchSize?: number;
  /** Batch dispatch interval in ms (default 0: as soon as the current round of queries is issued). */
  dispatchIntervalMs?: number;
  /** Called after every completed query. */
  onProgress?: (p: Progress) => void;
}

export interface Progress {
  /** Queries finished (including cache misses only). */
  done: number;
  /** Queries issued so far (the total grows as reads discover more work). */
  total: number;
  /** Protobuf payload bytes received. */
  bytes: number;
  /** HTTP body bytes received (JSON-RPC, base64). */
  httpBytes: number;
  /** Retries performed on transient errors, over every query. */
  retries: number;
  /** The most attempts one query makes (the first and its retries): what a final error's "after N attempts" counts. */
  attemptsPerQuery?: number;
}

export interface NodeStatus {
  chainId: string;
  latestHeight: number;
  latestBlockTime: string;
}

/** Classify a transport-level failure (anything that is not an ABCI answer). */
function transportKind(e: unknown): { transient: boolean; kind: "timeout" | "unreachable" | "http" | "other"; detail: string } {
  const err = e as { name?: string; message?: string; cause?: { code?: string; status?: number; message?: string } };
  const msg = err?.message ?? String(e);
  if (err?.name === "TimeoutError" || err?.name === "AbortError" || /timed? ?out|aborted due to timeout/i.test(msg)) {
    return { transient: true, kind: "timeout", detail: msg };
  }
  const status = err?.cause?.status;
  if (/Bad status on response: (\d+)/.test(msg) || typeof status === "number") {
    const s = status ?? Number(/Bad status on response: (\d+)/.exec(msg)![1]);
    return { transient: s >= 500 || s === 429, kind: "http", detail: `HTTP ${s}` };
  }
  const code = err?.cause?.code;
  if (/fetch failed|ECONNREFUSED|ECONNRESET|EPIPE|socket hang up|ENOTFOUND|EAI_AGAIN|other side closed|network/i.test(msg + " " + (code ?? "") + " " + (err?.cause?.message ?? ""))) {
    return { transient: true, kind: "unreachable", detail: code ?? err?.cause?.message ?? msg };
  }
  // Garbage, an HTML page or a truncated JSON body is not transient: asking again gets the same.
  if (e instanceof MalformedAnswerError || e instanceof SyntaxError || /JSON/i.test(msg)) return { transient: false, kind: "http", detail: `malformed JSON-RPC answer (${msg})` };
  return { transient: false, kind: "other", detail: msg };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type AbciQueryParams = Parameters<Comet38Client["abciQuery"]>[0];

/**
 * The Comet38Client calls the chain client makes, over the batch transport, with CosmJS loaded
 * (dynamic import) on the first call and the Comet38Client created then.
 */
export class LazyComet {
  private client: Promise<Comet38Client> | undefined;
  constructor(private readonly rpc: BatchRpcClient) {}
  private load(): Promise<Comet38Client> {
    this.client ??= import("@cosmjs/tendermint-rpc").then((m) => m.Comet38Client.create(this.rpc));
    return this.client;
  }
  async status(): ReturnType<Comet38Client["status"]> {
    return (await this.load()).status();
  }
  async abciQuery(params: AbciQueryParams): ReturnType<Comet38Client["abciQuery"]> {
    return (await this.load()).abciQuery(params);
  }
  async txSearch(params: Parameters<Comet38Client["txSearch"]>[0]): ReturnType<Comet38Client["txSearch"]> {
    return (await this.load()).txSearch(params);
  }
  /** Disconnect the Comet38Client if one was created (the transport is closed by its owner). */
  disconnect(): void {
    this.client?.then((c) => c.disconnect(), () => undefined);
  }
}

/** At most `limit` tasks at once; waiting low-priority tasks go after every waiting normal one. */
class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly waitingLow: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(f: () => Promise<T>, low = false): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((r) => (low ? this.waitingLow : this.waiting).push(r));
    else this.active++;
    try {
      return await f();
    } finally {
      const next = this.waiting.shift() ?? this.waitingLow.shift();
      if (next) next(); // the slot passes straight to the next task
      else this.active--;
    }
  }
}

export class ChainClient {
  readonly progress: Progress = { done: 0, total: 0, bytes: 0, httpBytes: 0, retries: 0 };
  private readonly gate: Gate;
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly timeoutMs: number;
  private readonly budgetMs: number;
  private readonly budgetTimer: ReturnType<typeof setTimeout>;
  /** Set once the total budget has run out: every read then fails with it. */
  private expired: ChainError | undefined;

  private constructor(
    readonly url: string,
    private readonly batch: BatchRpcClient,
    readonly comet: LazyComet,
    private readonly options: ChainClientOptions,
  ) {
    this.gate = new Gate(options.concurrency ?? 64);
    this.attempts = Math.max(1, options.attempts ?? 4);
    this.progress.attemptsPerQuery = this.attempts;
    this.backoffMs = options.backoffMs ?? 200;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
    this.budgetTimer = setTimeout(() => {
      this.expired = new ChainError("budget", `reading from node at ${url} took longer than the total budget of ${this.budgetMs / 1000} s (${this.progress.done} queries done); try --budget`);
      const e = new Error("budget");
      e.name = "BudgetError";
      this.batch.abortAll(e);
    }, this.budgetMs);
    this.budgetTimer.unref?.();
  }

  /** Build the transport (no network traffic yet, and CosmJS not loaded until the first request). */
  static connect(url: string, options: ChainClientOptions = {}): ChainClient {
    if (!/^https?:\/\//i.test(url)) throw new ChainError("unreachable", `--rpc: expected an http:// or https:// URL, got ${JSON.stringify(url)}`);
    const batch = new BatchRpcClient(url, {
      batchSize: Math.max(1, options.batchSize ?? 10),
      dispatchIntervalMs: options.dispatchIntervalMs ?? 0,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxResponseBytes: options.maxResponseBytes,
    });
    return new ChainClient(url, batch, new LazyComet(batch), options);
  }

  disconnect(): void {
    clearTimeout(this.budgetTimer);
    this.comet.disconnect();
    this.batch.disconnect();
  }

  /** Run `f` with retries on transient transport errors; map final failures to ChainError. */
  async withRetry<T>(what: string, f: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      if (this.expired) throw this.expired;
      try {
        return await f();
      } catch (e) {
        if (this.expired) throw this.expired;
        if (e instanceof AbciError || e instanceof ChainError || e instanceof DecodeError) throw e;
        if (e instanceof ResponseTooLargeError) {
          throw new ChainError("too-large", `node at ${this.url} sent an answer to ${what} larger than the ${e.limit / 1024 / 1024} MiB limit; try --max-response-mb`);
        }
        if (e instanceof JsonRpcError) throw new ChainError("query", `node at ${this.url} refused ${what}: ${e.message}`);
        // The CometBFT client decoding an answer that lacks a field it reads: the node's answer is wrong, not our code.
        if (e instanceof TypeError || /must not be undefined|Value must be/.test((e as Error)?.message ?? "")) {
          throw new ChainError("http", `node at ${this.url} answered ${what} with an answer the CometBFT client cannot decode (${(e as Error).message}); is this a CometBFT RPC endpoint?`);
        }
        const t = transportKind(e);
        if (t.transient && attempt < this.attempts) {
          this.progress.retries++;
          await sleep(this.backoffMs * 2 ** (attempt - 1));
          continue;
        }
        const tries = attempt > 1 ? ` after ${attempt} attempts` : "";
        // the retries of every query, in the progress line's words, when other queries retried too
        const all = this.progress.retries > attempt - 1 ? `; ${groupDigits(BigInt(this.progress.retries))} retries over all queries, each query tried at most ${this.attempts} times` : "";
        if (t.kind === "timeout") throw new ChainError("timeout", `node at ${this.url} did not answer ${what} completely within ${this.timeoutMs / 1000} s${tries} (timeout${all}; try --timeout)`);
        if (t.kind === "unreachable") throw new ChainError("unreachable", `cannot reach node at ${this.url}${tries} (${t.detail}${all}); is the RPC URL right and the node up?`);
        if (t.kind === "http") throw new ChainError("http", `node at ${this.url} answered ${what} with ${t.detail}${tries}; is this a CometBFT RPC endpoint?`);
        throw new ChainError("query", `node at ${this.url} failed ${what}: ${t.detail}`);
      }
    }
  }

  /** Chain id and latest height from `status`. */
  async status(): Promise<NodeStatus> {
    const s = await this.withRetry("status", () => this.comet.status());
    this.progress.httpBytes = this.batch.bytesIn;
    return { chainId: s.nodeInfo.network, latestHeight: s.syncInfo.latestBlockHeight, latestBlockTime: s.syncInfo.latestBlockTime.toISOString() };
  }

  /**
   * Every transaction the node's index finds for a CometBFT `tx_search` query (every page, oldest
   * first): its height, index in the block, result code and bytes. An index that is off is a ChainError.
   */
  async txSearchAll(query: string, perPage = 100): Promise<{ height: bigint; index: number; code: number; tx: Uint8Array }[]> {
    const out: { height: bigint; index: number; code: number; tx: Uint8Array }[] = [];
    for (let page = 1; ; page++) {
      this.progress.total++;
      const res = await this.gate.run(() => this.withRetry(`tx_search ${JSON.stringify(query)} page ${page}`, () => this.comet.txSearch({ query, page, per_page: perPage, order_by: "asc" })));
      this.progress.done++;
      this.options.onProgress?.(this.progress);
      for (const t of res.txs) out.push({ height: BigInt(t.height), index: t.index, code: t.result.code, tx: t.tx });
      if (res.txs.length === 0 || out.length >= res.totalCount) return out;
    }
  }

  /** A reader pinned to `height` (a positive block height). */
  at(height: number): PinnedReader {
    if (!Number.isSafeInteger(height) || height <= 0) throw new ChainError("query", `height: expected a positive block height, got ${height}`);
    return new PinnedReader(this, height);
  }

  /** One ABCI query at an explicit height, through the gate, with retries; counted in progress. */
  async abciAt(path: string, data: Uint8Array, height: number, low = false): Promise<Uint8Array> {
    this.progress.total++;
    this.options.onProgress?.(this.progress);
    try {
      return await this.gate.run(async () => {
        // comet.abciQuery, not QueryClient.queryAbci: the latter drops `log` when code is 0, and a raw
        // store read needs it (below).
        const res = await this.withRetry(`${path} at height ${height}`, () => this.comet.abciQuery({ path, data, prove: false, height }));
        if (res.code) throw new AbciError(res.code, res.log ?? "", path, height);
        if (res.height !== height) {
          throw new ChainError("height-mismatch", `node answered ${path} for height ${res.height ?? "(none)"} when height ${height} was asked; refusing to mix heights`);
        }
        // A raw `/store/<name>/key` read at a height the IAVL tree does not have (pruned, or not yet
        // committed) is NOT an ABCI error: store/iavl/store.go Query sets only
        // `res.Log = iavl.ErrVersionDoesNotExist.Error()` ("version does not exist") and returns code 0
        // with no value, and baseapp handleQueryStore does no height check of its own (unlike the gRPC
        // path's createQueryContext). Read as "absent key", it would silently drop e.g. a grace epoch.
        if (res.value.length === 0 && /version does not exist/i.test(res.log ?? "")) throw new AbciError(0, res.log!, path, height);
        this.progress.bytes += res.value.length;
        this.progress.httpBytes = this.batch.bytesIn;
        return res.value;
      }, low);
    } finally {
      this.progress.done++;
      this.options.onProgress?.(this.progress);
    }
  }
}

/** Turn an ABCI error into the user-facing error for a pinned read. */
export function abciToChainError(e: AbciError, latest?: number): ChainError {
  if (e.isPruned) {
    return new ChainError("pruned", `the node no longer has state at height ${e.height} (pruned); an archive node is needed; height ${e.height} was asked${latest ? ` (node's latest: ${latest})` : ""}`);
  }
  if (e.isFuture) return new ChainError("future", `height ${e.height} is in the future for this node${latest ? ` (latest block ${latest})` : ""}`);
  if (e.code === 6 || /unknown query path|unknown request/i.test(e.log)) {
    return new ChainError("query", `the node does not serve ${e.path} (code ${e.code}); is this a Gonka node of a compatible version?`);
  }
  return new ChainError(e.isNotFound ? "not-found" : "query", `query ${e.path} at height ${e.height} failed (code ${e.code}): ${e.log.split("\n")[0]}`);
}

function hex(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("hex");
}

/** One recorded ABCI answer (chain-queries.md §9.5 fixture format). */
export interface RecordedAnswer {
  path: string;
  data_hex: string;
  height: number;
  value_b64?: string;
  code: number;
  log: string;
}

export interface PageRequestLike {
  key: Uint8Array;
  limit: bigint;
}

/**
 * Every read at one height. Results are cached on (path, data), so a value read twice (e.g. the
 * previous epoch's performance summaries for both the preserved and the settlement slice) costs one query.
 */
export class PinnedReader {
  private readonly cache = new Map<string, Promise<Uint8Array>>();
  /** Every (path, height) this reader asked, for audits and tests. */
  readonly asked: { path: string; height: number }[] = [];

  constructor(
    readonly client: ChainClient,
    readonly height: number,
  ) {}

  /** Raw ABCI query at the pinned height; ABCI errors are thrown as AbciError. */
  abci(path: string, data: Uint8Array, low = false): Promise<Uint8Array> {
    const k = `${path}|${hex(data)}`;
    let p = this.cache.get(k);
    if (!p) {
      this.asked.push({ path, height: this.height });
      p = this.client.abciAt(path, data, this.height, low);
      this.cache.set(k, p);
      const rec: RecordedAnswer = { path, data_hex: hex(data), height: this.height, code: 0, log: "" };
      this.recorded.push(rec);
      p.then(
        (v) => (rec.value_b64 = Buffer.from(v).toString("base64")),
        (e: unknown) => {
          if (e instanceof AbciError) Object.assign(rec, { code: e.code, log: e.log });
          else rec.code = -1; // transport failure: not a node answer
        },
      );
    }
    return p;
  }

  /**
   * Every answer this reader received, in the fixture format of chain-queries.md §9.5 (one JSON object
   * per line: path, data_hex, height, value_b64, code, log); FixtureServer `recorded` replays them.
   */
  recording(): RecordedAnswer[] {
    return this.recorded.filter((r) => r.code !== -1 && (r.code !== 0 || r.value_b64 !== undefined));
  }
  private readonly recorded: RecordedAnswer[] = [];

  /** The `Rpc` shape of CosmJS's createProtobufRpcClient, with the height pinned. */
  request(service: string, method: string, data: Uint8Array): Promise<Uint8Array> {
    return this.abci(`/${service}/${method}`, data);
  }

  /**
   * A gRPC-over-ABCI query decoded with `decode`. NotFound (code 22) resolves to undefined when
   * `optional`; every other ABCI error becomes a ChainError. Decode errors name the response message.
   */
  async grpc<T>(path: string, data: Uint8Array, decode: (b: Uint8Array) => T, optional: true, low?: boolean): Promise<T | undefined>;
  async grpc<T>(path: string, data: Uint8Array, decode: (b: Uint8Array) => T, optional?: false, low?: boolean): Promise<T>;
  async grpc<T>(path: string, data: Uint8Array, decode: (b: Uint8Array) => T, optional = false, low = false): Promise<T | undefined> {
    let bytes: Uint8Array;
    try {
      bytes = await this.abci(path, data, low);
    } catch (e) {
      if (e instanceof AbciError) {
        if (optional && e.isNotFound) return undefined;
        throw abciToChainError(e);
      }
      throw e;
    }
    return decodeOrFail(path, bytes, decode);
  }

  /** Raw store read of `key` in store `store`; an absent key resolves to undefined. `low`: after the reads others depend on. */
  async storeKey<T>(store: string, key: Uint8Array, decode: (b: Uint8Array) => T, what: string, low = false): Promise<T | undefined> {
    let bytes: Uint8Array;
    try {
      bytes = await this.abci(`/store/${store}/key`, key, low);
    } catch (e) {
      if (e instanceof AbciError) throw abciToChainError(e);
      throw e;
    }
    if (bytes.length === 0) return undefined;
    return decodeOrFail(`raw store key ${what}`, bytes, decode);
  }

  /**
   * Read every page of a paginated query, each at the pinned height, passing `next_key` back
   * unchanged until it is empty.
   */
  async paginate<T>(what: string, fetchPage: (page: PageRequestLike) => Promise<{ items: T[]; nextKey: Uint8Array | undefined }>, limit = 1000n): Promise<T[]> {
    const all: T[] = [];
    let key: Uint8Array = new Uint8Array(0);
    const seen = new Set<string>();
    for (;;) {
      const { items, nextKey } = await fetchPage({ key, limit });
      all.push(...items);
      if (!nextKey || nextKey.length === 0) return all;
      const k = hex(nextKey);
      if (seen.has(k)) throw new ChainError("query", `${what}: the node returned the same next_key twice; refusing to loop`);
      seen.add(k);
      key = nextKey;
    }
  }
}

function decodeOrFail<T>(what: string, bytes: Uint8Array, decode: (b: Uint8Array) => T): T {
  try {
    return decode(bytes);
  } catch (e) {
    if (e instanceof DecodeError) throw new ChainError("decode", `the response to ${what} does not decode: ${e.message}`);
    throw e;
  }
}
