/**
 * Errors a user meets when reading chain state: one clear line each (the CLI prints the message and
 * exits 2, like any InputError), never a stack trace.
 */
import { InputError } from "../errors.js";

export type ChainErrorKind =
  | "unreachable" // connection refused, DNS, reset after every retry
  | "timeout" // no complete answer within --timeout after every retry
  | "budget" // the command's total --budget ran out
  | "too-large" // an answer above --max-response-mb
  | "http" // a non-JSON-RPC answer (4xx/5xx) after every retry
  | "chain-id" // the node serves another chain
  | "pruned" // the height is older than the node keeps
  | "future" // the height is above the node's latest block
  | "not-found" // a record the snapshot cannot do without (e.g. the epoch group)
  | "decode" // a response that is not the protobuf message it should be
  | "height-mismatch" // the node answered for another height than the pinned one
  | "query"; // any other non-zero ABCI code

export class ChainError extends InputError {
  readonly kind: ChainErrorKind;
  constructor(kind: ChainErrorKind, message: string) {
    super(message);
    this.name = "ChainError";
    this.kind = kind;
  }
}

/** An ABCI query answered with a non-zero code (before classification). */
export class AbciError extends Error {
  constructor(
    readonly code: number,
    readonly log: string,
    readonly path: string,
    readonly height: number,
  ) {
    super(`ABCI query ${path} at height ${height} failed with code ${code}: ${log}`);
    this.name = "AbciError";
  }

  /** gRPC NotFound from a keeper (sdk ErrKeyNotFound = 22). */
  get isNotFound(): boolean {
    return this.code === 22 || (this.code === 5 && /not found/i.test(this.log));
  }
  get isPruned(): boolean {
    return /version does not exist|has either been pruned|pruned|failed to load state/i.test(this.log) || (this.code === 38 && /height/i.test(this.log));
  }
  get isFuture(): boolean {
    return /in the future/i.test(this.log) || (this.code === 26 && /height/i.test(this.log));
  }
}
