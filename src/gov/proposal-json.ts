/**
 * A proposal from the JSON that `inferenced query gov proposal N -o json` prints (or a REST
 * /cosmos/gov/v1/proposals/N answer): messages in amino JSON (`{"type": "inference/x/inference/MsgUpdateParams",
 * "value": {…}}`) or proto JSON (`{"@type": "/inference.inference.MsgUpdateParams", …}`), keys in
 * snake_case or camelCase, integers as strings or numbers. Amino JSON leaves out zero values: an absent
 * field is its proto3 zero.
 */
import { InputError, describeValue } from "../errors.js";
import { checkedUint64, checkedInt64 } from "../go/int64.js";
import type { Json } from "../go/json.js";
import { isJsonObject, type JsonObject } from "../json-input.js";
import { field } from "../sources/rest-dump/recognise-rest-file.js";
import { paramsFromJson } from "./param-values.js";
import { coinAmount, statusName, type Coin, type GovProposal, type ProposalForm, type ProposalMessage } from "./proposal.js";
import { MESSAGE_TYPES, messageTypeName, typeUrlOfAmino } from "./registry.js";

function text(o: JsonObject, key: string, where: string): string {
  const v = field(o, key);
  if (v === undefined || v === null) return "";
  if (typeof v !== "string") throw new InputError(`expected a string, got ${describeValue(v)}`, `${where}.${key}`);
  return v;
}

function uint(o: JsonObject, key: string, where: string): bigint {
  const v = field(o, key);
  return v === undefined || v === null ? 0n : checkedUint64(v, `${where}.${key}`);
}

function list(o: JsonObject, key: string, where: string): Json[] {
  const v = field(o, key);
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new InputError(`expected a list, got ${describeValue(v)}`, `${where}.${key}`);
  return v;
}

function object(v: Json, where: string): JsonObject {
  if (!isJsonObject(v)) throw new InputError(`expected an object, got ${describeValue(v)}`, where);
  return v;
}

function coinsOf(o: JsonObject, key: string, where: string): Coin[] {
  return list(o, key, where).map((c, i) => {
    const at = `${where}.${key}[${i}]`;
    const co = object(c, at);
    const amount = field(co, "amount");
    if (typeof amount !== "string" && typeof amount !== "bigint" && !(typeof amount === "number" && Number.isSafeInteger(amount))) {
      throw new InputError(`expected a coin amount (decimal digits), got ${describeValue(amount)}`, `${at}.amount`);
    }
    return { denom: text(co, "denom", at), amount: coinAmount(String(amount), `${at}.amount`) };
  });
}

/** A message's type URL and fields, from either JSON form. */
function unwrap(m: Json, where: string): { typeUrl: string; body: JsonObject; form: ProposalForm } {
  const o = object(m, where);
  if (typeof o["@type"] === "string") {
    const body = { ...o };
    delete body["@type"];
    return { typeUrl: o["@type"], body, form: "proto-json" };
  }
  if (typeof o.type === "string" && (o.value === undefined || isJsonObject(o.value))) {
    return { typeUrl: typeUrlOfAmino(o.type) ?? o.type, body: (o.value as JsonObject | undefined) ?? {}, form: "amino-json" };
  }
  throw new InputError(`a message needs "@type" (proto JSON) or "type" and "value" (amino JSON), got keys ${describeValue(Object.keys(o))}`, where);
}

function messageFromJson(m: Json, where: string): { message: ProposalMessage; form: ProposalForm } {
  const { typeUrl, body, form } = unwrap(m, where);
  const name = messageTypeName(typeUrl);
  const at = `${where} (${typeUrl})`;
  const url = name === undefined ? typeUrl : MESSAGE_TYPES[name].typeUrl;
  const message = ((): ProposalMessage => {
    switch (name) {
      case undefined:
        return { kind: "unknown", typeUrl, size: JSON.stringify(body).length, sizeUnit: "JSON characters" };
      case "updateParams": {
        const params = field(body, "params");
        return { kind: "update-params", typeUrl: url, authority: text(body, "authority", at), params: paramsFromJson(params === undefined || params === null ? {} : object(params, `${at}.params`), `${at}.params`, `${at}: params`) };
      }
      case "batchTransferWithVesting":
        return {
          kind: "transfers",
          typeUrl: url,
          sender: text(body, "sender", at),
          outputs: list(body, "outputs", at).map((x, i) => {
            const o = object(x, `${at}.outputs[${i}]`);
            return { recipient: text(o, "recipient", `${at}.outputs[${i}]`), coins: coinsOf(o, "amount", `${at}.outputs[${i}]`) };
          }),
          vestingEpochs: uint(body, "vesting_epochs", at),
        };
      case "transferWithVesting":
        return { kind: "transfers", typeUrl: url, sender: text(body, "sender", at), outputs: [{ recipient: text(body, "recipient", at), coins: coinsOf(body, "amount", at) }], vestingEpochs: uint(body, "vesting_epochs", at) };
      case "send":
        return { kind: "transfers", typeUrl: url, sender: text(body, "from_address", at), outputs: [{ recipient: text(body, "to_address", at), coins: coinsOf(body, "amount", at) }], vestingEpochs: null };
      case "multiSend":
        return {
          kind: "transfers",
          typeUrl: url,
          sender: list(body, "inputs", at).map((x, i) => text(object(x, `${at}.inputs[${i}]`), "address", `${at}.inputs[${i}]`)).join(", "),
          outputs: list(body, "outputs", at).map((x, i) => {
            const o = object(x, `${at}.outputs[${i}]`);
            return { recipient: text(o, "address", `${at}.outputs[${i}]`), coins: coinsOf(o, "coins", `${at}.outputs[${i}]`) };
          }),
          vestingEpochs: null,
        };
      case "softwareUpgrade": {
        const plan = field(body, "plan");
        const p = plan === undefined || plan === null ? {} : object(plan, `${at}.plan`);
        const h = field(p, "height");
        return { kind: "software-upgrade", typeUrl: url, authority: text(body, "authority", at), plan: { name: text(p, "name", `${at}.plan`), height: h === undefined || h === null ? 0n : checkedInt64(h, `${at}.plan.height`), info: text(p, "info", `${at}.plan`) } };
      }
      case "execLegacyContent": {
        const content = field(body, "content");
        return { kind: "exec-legacy-content", typeUrl: url, authority: text(body, "authority", at), content: content === undefined || content === null ? null : messageFromJson(content, `${at}.content`).message };
      }
    }
  })();
  return { message, form };
}

function statusOf(v: Json | undefined, where: string): string {
  if (v === undefined || v === null) return statusName(0);
  if (typeof v === "string" && /^PROPOSAL_STATUS_[A-Z_]+$/.test(v)) return v;
  if (typeof v === "number" || typeof v === "bigint" || (typeof v === "string" && /^\d{1,3}$/.test(v))) return statusName(Number(v));
  throw new InputError(`expected a proposal status (PROPOSAL_STATUS_… or its number), got ${describeValue(v)}`, `${where}.status`);
}

function time(o: JsonObject, key: string, where: string): string | null {
  const v = field(o, key);
  if (v === undefined || v === null) return null;
  if (typeof v !== "string") throw new InputError(`expected a time (RFC 3339), got ${describeValue(v)}`, `${where}.${key}`);
  return v;
}

/** A proposal object (the value of `proposal` in the CLI's JSON) in either JSON form; `where` prefixes errors. */
export function proposalFromJson(p: JsonObject, where: string, label: string): GovProposal {
  const id = field(p, "id") ?? field(p, "proposal_id");
  if (id === undefined) throw new InputError("missing the proposal's id", `${where}.id`);
  const read = list(p, "messages", where).map((m, i) => messageFromJson(m, `${where}.messages[${i}]`));
  const tally = field(p, "final_tally_result");
  const tallyAt = `${where}.final_tally_result`;
  const t = tally === undefined || tally === null ? null : object(tally, tallyAt);
  const expedited = field(p, "expedited");
  return {
    id: checkedUint64(id, `${where}.id`),
    title: text(p, "title", where),
    summary: text(p, "summary", where),
    metadata: text(p, "metadata", where),
    proposer: text(p, "proposer", where),
    status: statusOf(field(p, "status"), where),
    submitTime: time(p, "submit_time", where),
    depositEndTime: time(p, "deposit_end_time", where),
    votingStartTime: time(p, "voting_start_time", where),
    votingEndTime: time(p, "voting_end_time", where),
    totalDeposit: coinsOf(p, "total_deposit", where),
    finalTally: t === null ? null : { yes: text(t, "yes_count", tallyAt), abstain: text(t, "abstain_count", tallyAt), no: text(t, "no_count", tallyAt), noWithVeto: text(t, "no_with_veto_count", tallyAt) },
    expedited: expedited === true,
    failedReason: text(p, "failed_reason", where),
    messages: read.map((r) => r.message),
    form: read.find((r) => r.form === "amino-json") ? "amino-json" : "proto-json",
    height: null,
    label,
  };
}
