/**
 * The chain activity a status replay reads, from saved answers (each recognised by its shape,
 * src/sources/rest-dump/recognise-rest-file.ts): CometBFT `block` answers (their base64 transactions
 * decoded with the project's protos), `block_results` (each transaction's result code), `tx` and
 * `tx_search` answers (bytes, height, position and code together), REST/LCD transaction answers (the
 * messages as JSON, height and code), devshard escrows (slot → host), a host's devshard epoch stats
 * and participant records. One transaction saved several ways is read once.
 */
import { checkedUint64 } from "../../go/int64.js";
import { InputError, describeValue } from "../../errors.js";
import type { Json } from "../../go/json.js";
import { isJsonObject, type JsonObject } from "../../json-input.js";
import { AUTHZ_EXEC_TYPE_URL, decodeBase64, MsgSettleDevshardEscrow, SETTLE_DEVSHARD_ESCROW_TYPE_URL, txHashHex, txMessages } from "../../chain/decode-tx.js";
import type { HostStatsEntry } from "../../status/settle-devshard-escrow.js";
import { cometResult, field, recogniseRestFile } from "../rest-dump/recognise-rest-file.js";
import type { RestFile } from "../rest-dump/read-rest-dump.js";

/** One MsgSettleDevshardEscrow of a saved transaction. */
export interface SettleTx {
  height: bigint;
  /** The transaction's index in its block (null: the answer does not give it, as REST answers do not). */
  txIndex: number | null;
  msgIndex: number;
  txHash: string | null;
  /** The transaction's result code (0: it succeeded; null: no saved answer gives it). */
  code: number | null;
  escrowId: bigint;
  nonce: bigint;
  hostStats: HostStatsEntry[];
  where: string;
}

export interface SavedEscrow {
  id: bigint;
  epoch: bigint;
  slots: string[];
  where: string;
}

export interface SavedHostEpochStats {
  epoch: bigint;
  participant: string;
  escrowCount: bigint;
  missed: bigint;
  invalid: bigint;
  where: string;
}

export interface SavedActivity {
  settles: SettleTx[];
  /** Blocks saved whole (every transaction of the block is known), by height: whether each one's result code is known too. */
  blocks: Map<bigint, { resultsKnown: boolean; where: string }>;
  escrows: Map<bigint, SavedEscrow>;
  hostEpochStats: SavedHostEpochStats[];
  participants: RestFile<JsonObject>[];
}

const uint = (v: Json | undefined, at: string): bigint => checkedUint64(v ?? "0", at);

function settleFromBytes(value: Uint8Array, where: string): Pick<SettleTx, "escrowId" | "nonce" | "hostStats"> {
  const m = MsgSettleDevshardEscrow.decode(value);
  return { escrowId: m.escrowId, nonce: m.nonce, hostStats: m.hostStats.map((h) => ({ slotId: BigInt(h.slotId), missed: BigInt(h.missed), invalid: BigInt(h.invalid) })) };
}

/** The settle messages of a transaction's bytes, in the order the chain runs them. */
function settlesOfTx(bytes: Uint8Array, where: string): { msgIndex: number; settle: Pick<SettleTx, "escrowId" | "nonce" | "hostStats"> }[] {
  try {
    return txMessages(bytes)
      .filter((m) => m.typeUrl === SETTLE_DEVSHARD_ESCROW_TYPE_URL)
      .map((m) => ({ msgIndex: m.index, settle: settleFromBytes(m.value, `${where} ${m.path}`) }));
  } catch (e) {
    throw new InputError(`cannot decode the transaction: ${(e as Error).message}`, where);
  }
}

/** A REST transaction's messages (JSON, `@type` each), MsgExec unwrapped. */
function settlesOfJson(messages: Json[], where: string): { msgIndex: number; settle: Pick<SettleTx, "escrowId" | "nonce" | "hostStats"> }[] {
  const out: { msgIndex: number; settle: Pick<SettleTx, "escrowId" | "nonce" | "hostStats"> }[] = [];
  let index = 0;
  const walk = (ms: Json[], at: string, depth: number): void => {
    ms.forEach((m, i) => {
      const here = `${at}[${i}]`;
      if (!isJsonObject(m)) throw new InputError(`expected a message object, got ${describeValue(m)}`, here);
      const type = m["@type"];
      if (type === AUTHZ_EXEC_TYPE_URL && depth < 8 && Array.isArray(m.msgs)) return walk(m.msgs, `${here}.msgs`, depth + 1);
      if (type === SETTLE_DEVSHARD_ESCROW_TYPE_URL) {
        const hs = field(m, "host_stats") ?? [];
        if (!Array.isArray(hs)) throw new InputError(`expected a list, got ${describeValue(hs)}`, `${here}.host_stats`);
        out.push({
          msgIndex: index,
          settle: {
            escrowId: uint(field(m, "escrow_id"), `${here}.escrow_id`),
            nonce: uint(field(m, "nonce"), `${here}.nonce`),
            hostStats: hs.map((h, j) => {
              const hw = `${here}.host_stats[${j}]`;
              if (!isJsonObject(h)) throw new InputError(`expected an object, got ${describeValue(h)}`, hw);
              return { slotId: uint(field(h, "slot_id"), `${hw}.slot_id`), missed: uint(field(h, "missed"), `${hw}.missed`), invalid: uint(field(h, "invalid"), `${hw}.invalid`) };
            }),
          },
        });
      }
      index++;
    });
  };
  walk(messages, where, 0);
  return out;
}

const codeOf = (r: Json | undefined, at: string): number => Number(uint(isJsonObject(r) ? (field(r, "code") ?? 0) : 0, at));

/** Read the activity answers of a dump (RestDump.activity) into typed records. */
export function readSavedActivity(files: readonly RestFile<JsonObject>[]): SavedActivity {
  const out: SavedActivity = { settles: [], blocks: new Map(), escrows: new Map(), hostEpochStats: [], participants: [] };
  const results = new Map<bigint, number[]>();
  const fromBlocks: SettleTx[] = [];
  const byHash = new Map<string, SettleTx[]>();
  const keep = (list: SettleTx[]): void => {
    for (const t of list) {
      const same = t.txHash === null ? undefined : byHash.get(t.txHash)?.find((x) => x.msgIndex === t.msgIndex);
      if (same === undefined) {
        out.settles.push(t);
        if (t.txHash !== null) byHash.set(t.txHash, [...(byHash.get(t.txHash) ?? []), t]);
        continue;
      }
      if (same.height !== t.height) throw new InputError(`transaction ${t.txHash} is saved at block ${t.height} and at block ${same.height} (${same.where})`, t.where);
      same.txIndex ??= t.txIndex;
      same.code ??= t.code;
    }
  };
  for (const { file, value } of files) {
    const kind = recogniseRestFile(value);
    const r = cometResult(value);
    if (kind === "cometbft-block") {
      const block = r.block as JsonObject;
      const height = uint(field(block.header as JsonObject, "height"), `${file}: block.header.height`);
      const txs = field(block.data as JsonObject, "txs") ?? [];
      if (!Array.isArray(txs)) throw new InputError(`expected a list, got ${describeValue(txs)}`, `${file}: block.data.txs`);
      out.blocks.set(height, { resultsKnown: false, where: file });
      txs.forEach((t, i) => {
        const at = `${file}: block.data.txs[${i}]`;
        if (typeof t !== "string") throw new InputError(`expected base64 text, got ${describeValue(t)}`, at);
        const bytes = decodeBase64(t, at);
        for (const s of settlesOfTx(bytes, at)) fromBlocks.push({ height, txIndex: i, msgIndex: s.msgIndex, txHash: txHashHex(bytes), code: null, ...s.settle, where: at });
      });
    } else if (kind === "cometbft-block-results") {
      const height = uint(r.height, `${file}: height`);
      const list = Array.isArray(r.txs_results) ? r.txs_results : [];
      results.set(height, list.map((x, i) => codeOf(x, `${file}: txs_results[${i}].code`)));
    } else if (kind === "cometbft-txs") {
      const list = Array.isArray(r.txs) ? r.txs : [r];
      list.forEach((x, i) => {
        const at = Array.isArray(r.txs) ? `${file}: txs[${i}]` : file;
        if (!isJsonObject(x) || typeof x.tx !== "string") throw new InputError(`expected {hash, height, index, tx_result, tx}, got ${describeValue(x)}`, at);
        const bytes = decodeBase64(x.tx, `${at}.tx`);
        const height = uint(x.height, `${at}.height`);
        const txIndex = Number(uint(x.index, `${at}.index`));
        keep(settlesOfTx(bytes, at).map((s) => ({ height, txIndex, msgIndex: s.msgIndex, txHash: txHashHex(bytes), code: codeOf(x.tx_result, `${at}.tx_result.code`), ...s.settle, where: at })));
      });
    } else if (kind === "rest-txs") {
      const responses = (field(value, "tx_responses") as Json[] | undefined) ?? [field(value, "tx_response")!];
      const txs = field(value, "txs");
      responses.forEach((x, i) => {
        const at = Array.isArray(field(value, "tx_responses")) ? `${file}: tx_responses[${i}]` : `${file}: tx_response`;
        if (!isJsonObject(x)) throw new InputError(`expected a transaction response, got ${describeValue(x)}`, at);
        const tx = field(x, "tx") ?? (Array.isArray(txs) ? txs[i] : field(value, "tx"));
        const body = isJsonObject(tx) ? field(tx, "body") : undefined;
        const messages = isJsonObject(body) ? field(body, "messages") : undefined;
        if (!Array.isArray(messages)) throw new InputError("the response carries no decoded transaction (tx.body.messages)", at);
        const height = uint(field(x, "height"), `${at}.height`);
        const hash = field(x, "txhash");
        keep(settlesOfJson(messages, `${at}.tx.body.messages`).map((s) => ({ height, txIndex: null, msgIndex: s.msgIndex, txHash: typeof hash === "string" ? hash.toUpperCase() : null, code: Number(uint(field(x, "code"), `${at}.code`)), ...s.settle, where: at })));
      });
    } else if (kind === "devshard-escrow") {
      const e = field(value, "escrow") as JsonObject;
      const at = `${file}: escrow`;
      const slots = field(e, "slots");
      if (!Array.isArray(slots) || slots.some((s) => typeof s !== "string")) throw new InputError(`expected a list of addresses, got ${describeValue(slots)}`, `${at}.slots`);
      const id = uint(field(e, "id"), `${at}.id`);
      const rec: SavedEscrow = { id, epoch: uint(field(e, "epoch_index"), `${at}.epoch_index`), slots: slots as string[], where: at };
      const prev = out.escrows.get(id);
      if (prev !== undefined && (prev.epoch !== rec.epoch || prev.slots.join() !== rec.slots.join())) throw new InputError(`a second, different record of escrow ${id} (the first is ${prev.where})`, at);
      out.escrows.set(id, rec);
    } else if (kind === "devshard-host-epoch-stats") {
      const s = field(value, "stats") as JsonObject;
      const at = `${file}: stats`;
      const participant = field(s, "participant");
      if (typeof participant !== "string") throw new InputError(`expected an address, got ${describeValue(participant)}`, `${at}.participant`);
      out.hostEpochStats.push({ epoch: uint(field(s, "epoch_index"), `${at}.epoch_index`), participant, escrowCount: uint(field(s, "escrow_count"), `${at}.escrow_count`), missed: uint(field(s, "missed"), `${at}.missed`), invalid: uint(field(s, "invalid"), `${at}.invalid`), where: at });
    } else if (kind === "participant") {
      out.participants.push({ file, value: field(value, "participant") as JsonObject });
    }
  }
  for (const t of fromBlocks) {
    const codes = results.get(t.height);
    if (codes !== undefined) {
      if (t.txIndex! >= codes.length) throw new InputError(`block ${t.height} holds transaction ${t.txIndex} but its block_results lists ${codes.length} results`, t.where);
      t.code = codes[t.txIndex!]!;
    }
  }
  for (const [h, b] of out.blocks) b.resultsKnown = results.has(h);
  keep(fromBlocks);
  return out;
}
