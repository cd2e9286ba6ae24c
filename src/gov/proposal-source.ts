/**
 * Where a proposal comes from: a saved node answer (a CometBFT JSON-RPC `abci_query` answer for
 * /cosmos.gov.v1.Query/Proposal, bare or as an archive saved it: `{error, fetchedAt, json, status, url}`),
 * the JSON of `inferenced query gov proposal N -o json` (`{"proposal": {…}}`, or the proposal itself), or
 * a node (`--node URL --id N [--height H]`, every read pinned to one height). Every malformed answer is
 * one InputError naming the file and the field.
 */
import { InputError, describeValue } from "../errors.js";
import { parseJson, type Json } from "../go/json.js";
import { checkedInt64 } from "../go/int64.js";
import { isJsonObject, type JsonObject } from "../json-input.js";
import { readTextFile } from "../fs/files.js";
import { proposalFromJson } from "./proposal-json.js";
import { proposalFromWire, type GovProposal } from "./proposal.js";
import { govRegistry } from "./registry.js";
import { paramsFromBytes, type ParamSet } from "./param-values.js";
import { QueryParamsResponseBytes, QueryProposalRequest, QueryProposalResponse } from "../chain/gen/proto.js";
import { DecodeError } from "../chain/wire.js";

/** The gRPC path of the proposal query. */
export const PROPOSAL_QUERY = "/cosmos.gov.v1.Query/Proposal";
/** The gRPC path of the x/inference params query. */
export const PARAMS_QUERY = "/inference.inference.Query/Params";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64 (a node's value field): anything else is an InputError naming `where`. */
export function base64Bytes(text: Json | undefined, where: string): Uint8Array {
  if (typeof text !== "string") throw new InputError(`expected base64 protobuf bytes, got ${describeValue(text)}`, where);
  const t = text.replace(/\s+/g, "");
  if (!BASE64.test(t) || t.length % 4 !== 0) throw new InputError(`not valid base64 (${describeValue(text.slice(0, 40))})`, where);
  return new Uint8Array(Buffer.from(t, "base64"));
}

/** The JSON-RPC envelope of a saved abci_query answer (and where it sits in the file), or null when `doc` is not one. */
function jsonRpcOf(doc: JsonObject, file: string): { rpc: JsonObject; where: string } | null {
  if (isJsonObject(doc.json) && ("fetchedAt" in doc || "url" in doc || "status" in doc || "error" in doc)) {
    // an archive's wrapper around the node's answer
    if (typeof doc.error === "string" && doc.error !== "") throw new InputError(`the archive recorded a failed request: ${doc.error}`, `${file}: error`);
    if (typeof doc.status === "number" && doc.status !== 200) throw new InputError(`the node answered HTTP ${doc.status}`, `${file}: status`);
    return { rpc: doc.json, where: `${file}: json` };
  }
  if (doc.jsonrpc !== undefined || (isJsonObject(doc.result) && isJsonObject(doc.result.response)) || (doc.error !== undefined && doc.result === undefined && doc.proposal === undefined)) return { rpc: doc, where: file };
  return null;
}

/** A saved abci_query answer → the proposal (its protobuf value decoded through the registry). */
async function fromAbciAnswer(rpc: JsonObject, where: string, label: string): Promise<GovProposal> {
  if (rpc.error !== undefined && rpc.error !== null) {
    const e = isJsonObject(rpc.error) ? rpc.error : {};
    const detail = [e.message, e.data].filter((x) => typeof x === "string" && x !== "").join(": ");
    throw new InputError(`the node answered with a JSON-RPC error${typeof e.code === "number" ? ` (code ${e.code})` : ""}: ${detail || describeValue(rpc.error)}`, `${where}.error`);
  }
  const result = rpc.result;
  if (!isJsonObject(result) || !isJsonObject(result.response)) throw new InputError(`expected an abci_query answer with result.response, got ${describeValue(result)}`, `${where}.result`);
  const res = result.response;
  const code = res.code ?? 0;
  if (code !== 0 && code !== "0") {
    const log = typeof res.log === "string" ? res.log.split("\n")[0] : "";
    throw new InputError(`the node refused the query (code ${describeValue(code)}${typeof res.codespace === "string" && res.codespace ? `, ${res.codespace}` : ""}): ${log}`, `${where}.result.response`);
  }
  const bytes = base64Bytes(res.value, `${where}.result.response.value`);
  if (bytes.length === 0) throw new InputError("the answer holds no proposal (an empty value)", `${where}.result.response.value`);
  const height = res.height === undefined || res.height === null || res.height === "" ? null : checkedInt64(res.height, `${where}.result.response.height`);
  return decodeProposalAnswer(bytes, `${where}.result.response.value`, height, label);
}

/** A QueryProposalResponse's bytes → the proposal; a truncated or foreign message names the field. */
export async function decodeProposalAnswer(bytes: Uint8Array, where: string, height: bigint | null, label: string): Promise<GovProposal> {
  let decoded;
  try {
    decoded = QueryProposalResponse.decode(bytes);
  } catch (e) {
    if (e instanceof DecodeError) throw new InputError(`does not decode as cosmos.gov.v1.QueryProposalResponse: ${e.message}`, where);
    throw e;
  }
  if (decoded.proposal === undefined) throw new InputError("the answer holds no proposal", where);
  return proposalFromWire(decoded.proposal, await govRegistry(), label, height);
}

/** What `proposal`, `compare --b` and `backtest --b` accept as a file. */
export const PROPOSAL_FILE_FORMS =
  "a saved abci_query answer for /cosmos.gov.v1.Query/Proposal (result.response.value), or the JSON of `inferenced query gov proposal N -o json` ({\"proposal\": {…}}, amino or proto JSON)";

/** Whether a parsed document is a governance proposal (defined beside the proposal file format it is told from). */
export { isGovProposalDocument } from "../compare/params.js";

/** A proposal from a parsed document (see PROPOSAL_FILE_FORMS). */
export async function proposalFromDocument(doc: Json, file: string): Promise<GovProposal> {
  if (!isJsonObject(doc)) throw new InputError(`expected ${PROPOSAL_FILE_FORMS}; got ${describeValue(doc)}`, file);
  const rpc = jsonRpcOf(doc, file);
  if (rpc !== null) return fromAbciAnswer(rpc.rpc, rpc.where, file);
  if (isJsonObject(doc.proposal)) return proposalFromJson(doc.proposal, `${file}: proposal`, file);
  if (Array.isArray(doc.messages) && doc.id !== undefined) return proposalFromJson(doc, file, file);
  throw new InputError(`not a governance proposal: expected ${PROPOSAL_FILE_FORMS}; got keys ${describeValue(Object.keys(doc))}`, file);
}

/** A proposal file (see PROPOSAL_FILE_FORMS). */
export async function loadProposalFile(file: string): Promise<GovProposal> {
  return proposalFromDocument(parseJson(readTextFile(file), file), file);
}

export interface NodeProposalOptions {
  height?: string;
  /** The chain client's options (clientOptions of the flags). */
  client?: Record<string, unknown>;
  /** Also read the x/inference params at the same height (the params in force) when the proposal updates them. */
  withParams?: boolean;
}

/**
 * Proposal `id` from a node, at one height (default the latest block, resolved once), with the
 * x/inference params in force there when asked. Every read is pinned to that height.
 */
export async function proposalFromNode(url: string, id: bigint, options: NodeProposalOptions = {}): Promise<{ proposal: GovProposal; params: ParamSet | null; height: bigint }> {
  const { openPinned } = await import("../chain/index.js");
  const { client, reader } = await openPinned(url, { ...options.client, height: options.height });
  try {
    const where = `${url}@${reader.height}: ${PROPOSAL_QUERY} ${id}`;
    const bytes = await reader.grpc(PROPOSAL_QUERY, QueryProposalRequest.encode({ proposalId: id }), (b) => b);
    const proposal = await decodeProposalAnswer(bytes, where, BigInt(reader.height), `${url} proposal ${id} at height ${reader.height}`);
    let params: ParamSet | null = null;
    if (options.withParams && proposal.messages.some((m) => m.kind === "update-params")) {
      const raw = await reader.grpc(PARAMS_QUERY, new Uint8Array(0), (b) => QueryParamsResponseBytes.decode(b).params);
      try {
        params = paramsFromBytes(raw, `the node's params at height ${reader.height} (${url})`);
      } catch (e) {
        if (e instanceof DecodeError) throw new InputError(`does not decode: ${e.message}`, `${url}@${reader.height}: ${PARAMS_QUERY}`);
        throw e;
      }
    }
    return { proposal, params, height: BigInt(reader.height) };
  } finally {
    client.disconnect();
  }
}
