/**
 * A batching JSON-RPC transport for CosmJS's Comet38Client (it implements CosmJS's `RpcClient`), used
 * instead of `HttpBatchClient` for three reasons that matter against real nodes:
 * - CometBFT refuses batches larger than `rpc.max_request_batch_size` (default 10) with ONE error
 *   object instead of an array; HttpBatchClient then leaves every promise of the batch pending forever.
 *   Here that is an error naming the limit (and --batch-size).
 * - Every HTTP request has a timeout (AbortSignal), and every answer that does not belong to a
 *   request of the batch is an error, so no query can hang.
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
  timeoutMs: number;
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


  /** One POST over a keep-alive connection (node:http: less per-request work than fetch). */
  private post(body: string): Promise<{ status: number; text: string; bytes: number }> {
    const https = /^https:/i.test(this.url);
    return new Promise((resolve, reject) => {
      const req = (https ? httpsRequest : httpRequest)(
        this.url,
        { method: "POST", agent: this.agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            const buf = Buffer.concat(chunks);
            resolve({ status: res.statusCode ?? 0, text: buf.toString("utf8"), bytes: buf.length });
          });
        },
      );
      req.setTimeout(this.options.timeoutMs, () => {
        const e = new Error(`no answer within ${this.options.timeoutMs} ms`);
        e.name = "TimeoutError";
        req.destroy(e);
      });
      req.on("error", (e: NodeJS.ErrnoException) => reject(Object.assign(new Error(`fetch failed: ${e.code ?? e.message}`, { cause: e }), { name: e.name === "TimeoutError" ? "TimeoutError" : "Error" })));
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
      raw = JSON.parse(text);
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
      p.resolve({ jsonrpc: "2.0", id: p.request.id, result: a.result } as JsonRpcSuccessResponse);
    }
  }
}
