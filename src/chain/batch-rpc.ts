/**
 * A batching JSON-RPC transport for CosmJS's Comet38Client (it implements CosmJS's `RpcClient`), used
 * instead of `HttpBatchClient` for three reasons that matter against real nodes:
 * - CometBFT refuses batches larger than `rpc.max_request_batch_size` (default 10) with ONE error
 *   object instead of an array; HttpBatchClient then leaves every promise of the batch pending forever.
 *   Here that is an error naming the limit (and --batch-size).
 * - Every HTTP request has an overall deadline (`timeoutMs`, from the request's start to the last byte
 *   of its answer: a node that drips one byte at a time cannot keep it alive), every answer is capped
 *   (`maxResponseBytes`, counted while it streams in; the rest is never buffered), `abortAll` ends every
 *   request in flight (the command's total budget), and every answer that does not belong to a request
 *   of the batch is an error, so no query can hang and no answer can exhaust memory.
 * - The HTTP bytes received are counted, for progress and benchmarks.
 * - It posts with node:http(s) over keep-alive connections, which costs less per request than fetch.
 * Requests queue until the current round of queries has been issued (`dispatchIntervalMs` 0, the
 * default: a setImmediate), or for at most `dispatchIntervalMs`, or until `batchSize` are waiting, then go
 * out as one POST with a JSON array (a single request goes out as a plain object).
 */
import type { RpcClient } from "@cosmjs/tendermint-rpc";
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

type JsonRpcRequest = Parameters<RpcClient["execute"]>[0];
type JsonRpcSuccessResponse = Awaited<ReturnType<RpcClient["execute"]>>;

interface Pending {
  request: JsonRpcRequest;
  resolve: (r: JsonRpcSuccessResponse) => void;
  reject: (e: unknown) => void;
}

export interface BatchRpcOptions {
  batchSize: number;
  dispatchIntervalMs: number;
  /** Overall deadline of one HTTP request, start to last byte (not an idle timeout). */
  timeoutMs: number;
  /** Largest HTTP answer body accepted, in bytes (default 64 MiB). */
  maxResponseBytes?: number;
}

/** Default cap on one HTTP answer: 64 MiB (a batch of 10 large subgroups is a few MB). */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** Hard ceiling on the cap: the answer becomes one JS string, and V8 strings end near 512 MiB. */
export const MAX_RESPONSE_BYTES_CEILING = 256 * 1024 * 1024;

/** An answer larger than `maxResponseBytes`: never retried (the node would send it again). */
export class ResponseTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the node's answer exceeds the ${limit} byte limit`);
    this.name = "ResponseTooLargeError";
  }
}

/** A body that is not JSON (an HTML page, garbage): never retried. */
export class MalformedAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MalformedAnswerError";
  }
}

/** A JSON-RPC level failure (the node answered, but with an error object). */
export class JsonRpcError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
    this.name = "JsonRpcError";
  }
}

export class BatchRpcClient implements RpcClient {
  bytesIn = 0;
  httpRequests = 0;
  private queue: Pending[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private immediate: ReturnType<typeof setImmediate> | undefined;

  private readonly agent: HttpAgent;
  /** HTTP requests in flight, for abortAll. */
  private readonly active = new Set<{ destroy: (e: Error) => void }>();

  constructor(
    readonly url: string,
    readonly options: BatchRpcOptions,
  ) {
    this.agent = /^https:/i.test(url) ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  }

  private closed = false;

  readonly execute = (request: JsonRpcRequest): Promise<JsonRpcSuccessResponse> =>
    new Promise((resolve, reject) => {
      if (this.closed) {
        reject(new JsonRpcError("the client was closed", undefined));
        return;
      }
      this.queue.push({ request, resolve, reject });
      if (this.queue.length >= this.options.batchSize) this.flush();
      else if (this.options.dispatchIntervalMs <= 0) {
        // Send once the current round of queries has been issued (after pending microtasks).
        if (!this.immediate) this.immediate = setImmediate(() => this.flush());
      } else if (!this.timer) this.timer = setTimeout(() => this.flush(), this.options.dispatchIntervalMs);
    });

  /** End every request in flight and every queued one with `reason` (the total budget ran out). */
  abortAll(reason: Error): void {
    for (const p of this.queue.splice(0)) p.reject(reason);
    for (const r of [...this.active]) r.destroy(reason);
  }

  /** Stop: queued requests are rejected, later ones refused (an aborted fetch sends nothing more). */
  readonly disconnect = (): void => {
    this.closed = true;
    this.agent.destroy();
    for (const p of this.queue.splice(0)) p.reject(new JsonRpcError("the client was closed", undefined));
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
  };

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.batchSize);
      void this.send(batch);
    }
  }


  /**
   * One POST over a keep-alive connection (node:http: less per-request work than fetch). The deadline
   * covers the whole exchange; the body is counted as it streams and cut at `maxResponseBytes`.
   */
  private post(body: string): Promise<{ status: number; text: string; bytes: number }> {
    const https = /^https:/i.test(this.url);
    const limit = Math.min(this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, MAX_RESPONSE_BYTES_CEILING);
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (f: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        this.active.delete(handle);
        f();
      };
      const req = (https ? httpsRequest : httpRequest)(
        this.url,
        { method: "POST", agent: this.agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
        (res: IncomingMessage) => {
          const declared = Number(res.headers["content-length"]);
          if (Number.isFinite(declared) && declared > limit) {
            fail(new ResponseTooLargeError(limit));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (c: Buffer) => {
            size += c.length;
            if (size > limit) {
              chunks.length = 0;
              fail(new ResponseTooLargeError(limit));
              return;
            }
            chunks.push(c);
          });
          res.on("error", (e) => finish(() => reject(e)));
          res.on("end", () => {
            if (size > limit) return;
            const buf = Buffer.concat(chunks);
            finish(() => resolve({ status: res.statusCode ?? 0, text: buf.toString("utf8"), bytes: buf.length }));
          });
        },
      );
      // Settle with `e` first, then tear the connection down (its own errors are then ignored).
      const fail = (e: Error) => {
        finish(() => reject(e));
        req.destroy();
      };
      const handle = { destroy: fail };
      this.active.add(handle);
      const deadline = setTimeout(() => {
        const e = new Error(`no complete answer within ${this.options.timeoutMs} ms`);
        e.name = "TimeoutError";
        fail(e);
      }, this.options.timeoutMs);
      req.on("error", (e: NodeJS.ErrnoException) => finish(() => reject(Object.assign(new Error(`fetch failed: ${e.code ?? e.message}`, { cause: e }), { name: "Error" }))));
      req.on("close", () => finish(() => reject(Object.assign(new Error("fetch failed: socket closed before the answer ended"), { cause: { code: "ECONNRESET" } }))));
      req.end(body);
    });
  }

  private async send(batch: Pending[]): Promise<void> {
    const body = batch.length === 1 ? batch[0]!.request : batch.map((p) => p.request);
    let raw: unknown;
    try {
      this.httpRequests++;
      const res = await this.post(JSON.stringify(body));
      const text = res.text;
      this.bytesIn += res.bytes;
      if (res.status >= 400) {
        const tooBig = /batch request exceeds maximum \((\d+)\)/.exec(text);
        if (tooBig) throw new JsonRpcError(`the node accepts at most ${tooBig[1]} requests per batch (rpc.max_request_batch_size); use --batch-size ${tooBig[1]}`, undefined);
        throw new Error(`Bad status on response: ${res.status}`, { cause: { status: res.status, body: text.slice(0, 200) } });
      }
      try {
        raw = JSON.parse(text);
      } catch {
        const head = text.slice(0, 60).replace(/\s+/g, " ");
        throw new MalformedAnswerError(`the node's answer is not JSON (${res.bytes} bytes starting ${JSON.stringify(head)})`);
      }
    } catch (e) {
      for (const p of batch) p.reject(e);
      return;
    }
    const answers = Array.isArray(raw) ? raw : [raw];
    const byId = new Map<unknown, { result?: unknown; error?: { code?: number; message?: string; data?: unknown } }>();
    for (const a of answers) if (a && typeof a === "object") byId.set((a as { id?: unknown }).id, a as never);
    for (const p of batch) {
      const a = byId.get(p.request.id);
      if (!a) {
        const lone = answers.length === 1 ? (answers[0] as { error?: { message?: string; data?: unknown } }) : undefined;
        const why = lone?.error ? `${lone.error.message ?? "error"}${lone.error.data ? `: ${String(lone.error.data)}` : ""}` : "no answer for this request";
        const tooBig = /batch request exceeds maximum \((\d+)\)/.exec(why);
        p.reject(
          new JsonRpcError(
            tooBig ? `the node accepts at most ${tooBig[1]} requests per batch (rpc.max_request_batch_size); use --batch-size ${tooBig[1]}` : `the node's answer to a batch of ${batch.length} does not contain request ${String(p.request.id)} (${why})`,
            undefined,
          ),
        );
        continue;
      }
      if (a.error) {
        p.reject(new JsonRpcError(`JSON-RPC error ${a.error.code ?? ""}: ${a.error.message ?? ""}${a.error.data ? ` (${String(a.error.data)})` : ""}`, a.error.code));
        continue;
      }
      const missing = missingResultField(p.request.method, a.result);
      if (missing !== undefined) {
        p.reject(new MalformedAnswerError(`the node's answer to ${p.request.method} has no ${missing}; is this a CometBFT RPC endpoint?`));
        continue;
      }
      p.resolve({ jsonrpc: "2.0", id: p.request.id, result: a.result } as JsonRpcSuccessResponse);
    }
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The first field CosmJS reads from a `method` answer that `result` lacks (undefined: none lacks):
 * a decoder would otherwise fail with "Cannot read properties of undefined".
 */
function missingResultField(method: string, result: unknown): string | undefined {
  if (!isObject(result)) return "result object";
  if (method === "status") {
    if (!isObject(result.node_info)) return "result.node_info";
    if (typeof result.node_info.network !== "string") return "result.node_info.network (the chain id)";
    if (!isObject(result.sync_info)) return "result.sync_info";
    if (typeof result.sync_info.latest_block_height !== "string") return "result.sync_info.latest_block_height";
    if (typeof result.sync_info.latest_block_time !== "string") return "result.sync_info.latest_block_time";
  }
  if (method === "abci_query" && !isObject(result.response)) return "result.response";
  return undefined;
}
