/**
 * Recognise a saved REST (LCD) answer of x/inference by its JSON shape, whatever its file name:
 * epoch group data (root or per model), epoch performance summaries, excluded participants, module
 * params, confirmation PoC events, a stored preserved-nodes snapshot, v0.2.16's open PoC challenges,
 * or an archive's metadata; and what a status replay reads: CometBFT `block`, `block_results`, `tx` and
 * `tx_search` answers (JSON-RPC, with or without the envelope), REST transaction answers, devshard
 * escrows, a host's devshard epoch stats and participant records.
 */
import { isJsonObject, type JsonObject } from "../../json-input.js";
import type { Json } from "../../go/json.js";

export type RestFileKind =
  | "epoch-group-data"
  | "epoch-group-data-list"
  | "epoch-performance-summaries"
  | "excluded-participants"
  | "params"
  | "confirmation-poc-events"
  | "preserved-nodes-snapshot"
  | "open-poc-challenges"
  | "archive-metadata"
  // what a status replay reads (src/sources/status/saved-activity.ts)
  | "cometbft-block"
  | "cometbft-block-results"
  | "cometbft-txs"
  | "rest-txs"
  | "devshard-escrow"
  | "devshard-host-epoch-stats"
  | "participant";

/** A field by its proto name or its camelCase JSON name (grpc-gateway writes either, by configuration). */
export function field(o: JsonObject, snake: string): Json | undefined {
  if (o[snake] !== undefined) return o[snake];
  const camel = snake.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  return o[camel];
}

function arrayOfObjectsWith(v: Json | undefined, keys: readonly string[]): boolean {
  if (!Array.isArray(v)) return false;
  if (v.length === 0) return true;
  const first = v[0];
  return isJsonObject(first) && keys.every((k) => field(first, k) !== undefined);
}

/** The kind of a parsed REST answer, or null when the shape is not one settlement reads. */
export function recogniseRestFile(json: Json): RestFileKind | null {
  if (!isJsonObject(json)) return null;
  const egd = field(json, "epoch_group_data");
  if (isJsonObject(egd) && (field(egd, "validation_weights") !== undefined || field(egd, "epoch_index") !== undefined)) return "epoch-group-data";
  if (Array.isArray(egd) && arrayOfObjectsWith(egd, ["epoch_index"])) return "epoch-group-data-list";
  const summaries = field(json, "epoch_performance_summary");
  if (Array.isArray(summaries) && arrayOfObjectsWith(summaries, ["participant_id"])) return "epoch-performance-summaries";
  if (isJsonObject(summaries) && field(summaries, "participant_id") !== undefined) return "epoch-performance-summaries";
  for (const k of ["items", "excluded_participants", "participants"]) {
    const v = field(json, k);
    if (Array.isArray(v) && v.length > 0 && arrayOfObjectsWith(v, ["address", "reason"])) return "excluded-participants";
    if (Array.isArray(v) && v.length === 0 && k !== "participants" && Object.keys(json).length <= 2) return "excluded-participants";
  }
  const params = field(json, "params");
  if (isJsonObject(params) && (field(params, "bitcoin_reward_params") !== undefined || field(params, "validation_params") !== undefined)) return "params";
  const events = field(json, "events");
  if (Array.isArray(events) && arrayOfObjectsWith(events, ["trigger_height"])) return "confirmation-poc-events";
  const snap = field(json, "snapshot");
  if (isJsonObject(snap) && field(snap, "model_preserved_nodes") !== undefined) return "preserved-nodes-snapshot";
  // v0.2.16 /open_poc_challenges: {challenges: [{challenge: {epoch_index, target, …}, finish, generating, commits}]}
  const challenges = field(json, "challenges");
  if (Array.isArray(challenges) && (challenges.length === 0 ? Object.keys(json).length === 1 : isJsonObject(challenges[0]) && isJsonObject(field(challenges[0], "challenge")))) return "open-poc-challenges";
  if (isJsonObject(field(json, "files")) && field(json, "endpoints") !== undefined) return "archive-metadata";
  return recogniseActivity(json);
}

/** A CometBFT JSON-RPC answer's `result` (or the object itself when saved without the envelope). */
export function cometResult(json: JsonObject): JsonObject {
  const r = json.result;
  return json.jsonrpc !== undefined && isJsonObject(r) ? r : json;
}

function recogniseActivity(json: JsonObject): RestFileKind | null {
  const r = cometResult(json);
  const block = r.block;
  if (isJsonObject(block) && isJsonObject(block.header) && isJsonObject(block.data)) return "cometbft-block";
  if (r.height !== undefined && (Array.isArray(r.txs_results) || r.txs_results === null) && Object.keys(r).some((k) => k === "finalize_block_events" || k === "app_hash" || k === "txs_results")) return "cometbft-block-results";
  if (Array.isArray(r.txs) && r.total_count !== undefined) return "cometbft-txs";
  if (typeof r.hash === "string" && r.height !== undefined && isJsonObject(r.tx_result)) return "cometbft-txs";
  if (Array.isArray(field(json, "tx_responses")) || isJsonObject(field(json, "tx_response"))) return "rest-txs";
  const escrow = field(json, "escrow");
  if (isJsonObject(escrow) && field(escrow, "slots") !== undefined) return "devshard-escrow";
  const stats = field(json, "stats");
  if (isJsonObject(stats) && field(stats, "escrow_count") !== undefined) return "devshard-host-epoch-stats";
  const participant = field(json, "participant");
  if (isJsonObject(participant) && field(participant, "address") !== undefined && field(participant, "status") !== undefined) return "participant";
  return null;
}
