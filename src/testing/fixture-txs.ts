/**
 * The test node's transactions: CometBFT 0.38's `tx_search` (the query language's conditions this
 * project sends: `type.attr EXISTS`, `type.attr = 'v'`, `tx.height` compared with <, <=, =, >=, >,
 * joined by AND; pages of `per_page`, oldest first), `block` and `block_results`, as JSON-RPC results.
 */
import { createHash } from "node:crypto";

export interface FixtureTx {
  height: bigint;
  index: number;
  code: number;
  bytes: Uint8Array;
  /** The events the transaction's result carries (a failed transaction's are dropped by the chain: give none). */
  events: { type: string; attributes: { key: string; value: string }[] }[];
}

const hashOf = (b: Uint8Array): string => createHash("sha256").update(b).digest("hex").toUpperCase();

/** Whether `t` matches one condition of a tx_search query. */
function matches(t: FixtureTx, cond: string): boolean {
  const c = cond.trim();
  let m = /^tx\.height\s*(<=|>=|<|>|=)\s*(\d+)$/.exec(c);
  if (m !== null) {
    const n = BigInt(m[2]!);
    return m[1] === "<" ? t.height < n : m[1] === "<=" ? t.height <= n : m[1] === ">" ? t.height > n : m[1] === ">=" ? t.height >= n : t.height === n;
  }
  m = /^([\w.-]+)\.([\w-]+)\s+EXISTS$/.exec(c);
  if (m !== null) return t.events.some((e) => e.type === m![1] && e.attributes.some((a) => a.key === m![2]));
  m = /^([\w.-]+)\.([\w-]+)\s*=\s*'([^']*)'$/.exec(c);
  if (m !== null) return t.events.some((e) => e.type === m![1] && e.attributes.some((a) => a.key === m![2] && a.value === m![3]));
  throw new Error(`fixture node: unsupported tx_search condition ${JSON.stringify(c)}`);
}

const txJson = (t: FixtureTx) => ({
  hash: hashOf(t.bytes),
  height: String(t.height),
  index: t.index,
  tx_result: { code: t.code, data: "", log: "", info: "", gas_wanted: "400000", gas_used: "250000", events: t.events.map((e) => ({ type: e.type, attributes: e.attributes.map((a) => ({ ...a, index: true })) })), codespace: "" },
  tx: Buffer.from(t.bytes).toString("base64"),
});

/** The `tx_search` result for `params` over the node's transactions up to `latest`. */
export function txSearchResult(txs: readonly FixtureTx[], params: Record<string, unknown>, latest: number): unknown {
  const query = String(params.query ?? "");
  const conds = query.split(/\s+AND\s+/);
  const hits = txs.filter((t) => t.height <= BigInt(latest) && conds.every((c) => matches(t, c))).sort((a, b) => (a.height === b.height ? a.index - b.index : a.height < b.height ? -1 : 1));
  if (params.order_by === "desc") hits.reverse();
  const perPage = Math.max(1, Math.min(100, Number(params.per_page ?? 30)));
  const page = Math.max(1, Number(params.page ?? 1));
  return { txs: hits.slice((page - 1) * perPage, page * perPage).map(txJson), total_count: String(hits.length) };
}
