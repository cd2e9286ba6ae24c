/**
 * A transaction's messages as the chain runs them, from the bytes a block carries (CometBFT `block`
 * answers hold each transaction base64): TxRaw → TxBody → each Any in order, an authz MsgExec replaced
 * by the messages it runs. The settlement batches a status replay reads are decoded with the project's
 * own protos (proto/gonka/tx.proto), errors naming the field.
 */
import { createHash } from "node:crypto";
import { InputError, describeValue } from "../errors.js";
import { MsgExec, MsgSettleDevshardEscrow, TxBody, TxRaw } from "./gen/proto.js";

export const SETTLE_DEVSHARD_ESCROW_TYPE_URL = "/inference.inference.MsgSettleDevshardEscrow";
export const AUTHZ_EXEC_TYPE_URL = "/cosmos.authz.v1beta1.MsgExec";

/** One message a transaction runs: its type URL, bytes, and its position (`messages[1]`, `messages[0].msgs[2]`). */
export interface TxMessage {
  typeUrl: string;
  value: Uint8Array;
  /** Its order among the messages the transaction runs (0, 1, …; an MsgExec's messages take its place). */
  index: number;
  path: string;
}

/** The messages of a transaction, MsgExec unwrapped (nested ones too), in the order the chain runs them. */
export function txMessages(tx: Uint8Array): TxMessage[] {
  const body = TxBody.decode(TxRaw.decode(tx).bodyBytes);
  const out: TxMessage[] = [];
  const add = (typeUrl: string, value: Uint8Array, path: string, depth: number): void => {
    if (typeUrl === AUTHZ_EXEC_TYPE_URL && depth < 8) {
      MsgExec.decode(value).msgs.forEach((m, i) => add(m.typeUrl, m.value, `${path}.msgs[${i}]`, depth + 1));
      return;
    }
    out.push({ typeUrl, value, index: out.length, path });
  };
  body.messages.forEach((m, i) => add(m.typeUrl, m.value, `messages[${i}]`, 0));
  return out;
}

/** The transaction's hash as CometBFT names it: upper-case hex of sha256 of its bytes. */
export function txHashHex(tx: Uint8Array): string {
  return createHash("sha256").update(tx).digest("hex").toUpperCase();
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64 (a block's transaction, a tx answer's `tx`): anything else is an InputError naming `where`. */
export function decodeBase64(text: string, where: string): Uint8Array {
  const t = text.trim();
  if (!BASE64.test(t) || t.length % 4 !== 0) throw new InputError(`not valid base64 (${describeValue(text.slice(0, 40))})`, where);
  return new Uint8Array(Buffer.from(t, "base64"));
}

export { MsgSettleDevshardEscrow };
