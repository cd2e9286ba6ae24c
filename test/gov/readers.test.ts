// Every form a proposal or its params can come in, and every way each can be wrong: one InputError,
// its message pinned, naming the file and the field (or, for the wire form, a DecodeError naming the
// field, which the callers turn into one line).
import { describe, expect, it } from "vitest";
import { QueryProposalResponse } from "../../src/chain/gen/proto.js";
import { Registry } from "@cosmjs/proto-signing";
import { InputError } from "../../src/errors.js";
import type { Json } from "../../src/go/json.js";
import type { JsonObject } from "../../src/json-input.js";
import { paramsFromBytes, paramsFromJson } from "../../src/gov/param-values.js";
import { proposalFromJson } from "../../src/gov/proposal-json.js";
import { base64Bytes, isGovProposalDocument, proposalFromDocument } from "../../src/gov/proposal-source.js";
import { decodeAnyMessage } from "../../src/gov/proposal.js";
import { govRegistry } from "../../src/gov/registry.js";
import { wireProposal } from "../helpers/gov-wire.js";

const wire = Buffer.from(QueryProposalResponse.encode({ proposal: wireProposal({ id: 3n, title: "x" }) })).toString("base64");

async function message(f: () => unknown): Promise<string> {
  try {
    await f();
  } catch (e) {
    return `${e instanceof InputError ? "" : `${(e as Error).constructor.name}: `}${(e as Error).message}`;
  }
  throw new Error("no error");
}

describe("a saved node answer", () => {
  const cases: [string, Json, string][] = [
    ["not an object", 5, 'f.json: expected a saved abci_query answer for /cosmos.gov.v1.Query/Proposal (result.response.value), or the JSON of `inferenced query gov proposal N -o json` ({"proposal": {…}}, amino or proto JSON); got 5'],
    ["an archive that recorded HTTP 502", { json: {}, status: 502 }, "f.json: status: the node answered HTTP 502"],
    ["an archive with only its url", { json: { result: 5 }, url: "u" }, "f.json: json.result: expected an abci_query answer with result.response, got 5"],
    ["an archive with only its time", { json: { result: 5 }, fetchedAt: "t" }, "f.json: json.result: expected an abci_query answer with result.response, got 5"],
    ["an archive with an empty error", { json: { result: 5 }, error: "" }, "f.json: json.result: expected an abci_query answer with result.response, got 5"],
    ["an archive with HTTP 200", { json: { result: 5 }, status: 200 }, "f.json: json.result: expected an abci_query answer with result.response, got 5"],
    ["an archive with a status that is no number", { json: { result: 5 }, status: "502" }, "f.json: json.result: expected an abci_query answer with result.response, got 5"],
    ["a JSON-RPC error without code or words", { error: { code: "x", message: "", data: 5 } }, 'f.json.error: the node answered with a JSON-RPC error: {"code":"x","message":"","data":5}'],
    ["a JSON-RPC error as a string", { jsonrpc: "2.0", error: "boom" }, 'f.json.error: the node answered with a JSON-RPC error: "boom"'],
    ["a JSON-RPC error of null, and no result", { jsonrpc: "2.0", error: null, result: 5 }, "f.json.result: expected an abci_query answer with result.response, got 5"],
    ["a result without a response", { jsonrpc: "2.0", result: {} }, "f.json.result: expected an abci_query answer with result.response, got {}"],
    ["a refusal with its code as text and a log of two lines", { jsonrpc: "2.0", result: { response: { code: "7", log: "line1\nline2", codespace: "" } } }, 'f.json.result.response: the node refused the query (code "7"): line1'],
    ["a refusal with no log", { jsonrpc: "2.0", result: { response: { code: 5, log: 7, codespace: 3 } } }, "f.json.result.response: the node refused the query (code 5): "],
    ["code \"0\" and an empty value", { jsonrpc: "2.0", result: { response: { code: "0", value: "" } } }, "f.json.result.response.value: the answer holds no proposal (an empty value)"],
    ["a height that is no integer", { jsonrpc: "2.0", result: { response: { value: wire, height: "x" } } }, 'f.json.result.response.height: expected an integer, got "x"'],
    ["a proposal field of the wrong type", { proposal: { id: "1", title: 5 } }, "f.json: proposal.title: expected a string, got 5"],
    ["an archive that recorded a failed request", { json: {}, url: "u", error: "timeout" }, "f.json: error: the archive recorded a failed request: timeout"],
    ["a JSON-RPC error with empty words but its data", { jsonrpc: "2.0", error: { code: -32603, message: "", data: "details" } }, "f.json.error: the node answered with a JSON-RPC error (code -32603): details"],
    ["a JSON-RPC error with its message but empty data", { jsonrpc: "2.0", error: { code: -32603, message: "Internal error", data: "" } }, "f.json.error: the node answered with a JSON-RPC error (code -32603): Internal error"],
    ["a value that is no base64", { jsonrpc: "2.0", result: { response: { value: "***" } } }, 'f.json.result.response.value: not valid base64 ("***")'],
    ["an error beside a result that is no answer", { error: "boom", result: 5 }, 'f.json: not a governance proposal: expected a saved abci_query answer for /cosmos.gov.v1.Query/Proposal (result.response.value), or the JSON of `inferenced query gov proposal N -o json` ({"proposal": {…}}, amino or proto JSON); got keys ["error","result"]'],
    ["messages without an id", { messages: [] }, 'f.json: not a governance proposal: expected a saved abci_query answer for /cosmos.gov.v1.Query/Proposal (result.response.value), or the JSON of `inferenced query gov proposal N -o json` ({"proposal": {…}}, amino or proto JSON); got keys ["messages"]'],
  ];
  for (const [what, doc, expected] of cases) {
    it(what, async () => {
      expect(await message(() => proposalFromDocument(doc, "f.json"))).toBe(expected);
    });
  }

  it("reads the answer in every wrapper: bare, as an archive saved it, with or without a height; an error beside a proposal is the proposal's", async () => {
    const response = { code: 0, value: ` ${wire.slice(0, 8)}\n${wire.slice(8)} `, height: null };
    const docs: Json[] = [{ result: { response } }, { json: { result: { response } }, url: "u" }, { json: { jsonrpc: "2.0", result: { response: { ...response, height: "77" } } }, status: 200 }];
    for (const doc of docs) {
      const p = await proposalFromDocument(doc, "f.json");
      expect([p.id, p.title, p.form]).toEqual([3n, "x", "protobuf"]);
    }
    expect((await proposalFromDocument({ jsonrpc: "2.0", result: { response: { value: wire, height: "77" } } }, "f.json")).height).toBe(77n);
    expect((await proposalFromDocument({ jsonrpc: "2.0", result: { response: { value: wire } } }, "f.json")).height).toBeNull();
    expect((await proposalFromDocument({ error: "x", proposal: { id: "4" } }, "f.json")).id).toBe(4n);
    expect((await proposalFromDocument({ id: "5", messages: [] }, "f.json")).id).toBe(5n);
    // a key named json is no archive's wrapper without the archive's own keys beside it
    expect((await proposalFromDocument({ json: {}, proposal: { id: "6" } }, "f.json")).id).toBe(6n);
    expect(([5, { json: {} }, { jsonrpc: 1 }, { result: {} }, { messages: [], id: 1 }, { messages: [] }, { name: "x" }, { proposal: {} }, { id: 1 }] as Json[]).map((d) => isGovProposalDocument(d))).toEqual([false, true, true, true, true, false, false, true, false]);
  });

  it("strict base64", () => {
    expect([...base64Bytes(" AA\nAA ", "w")]).toEqual([0, 0, 0]);
    expect(() => base64Bytes(5, "w")).toThrow("w: expected base64 protobuf bytes, got 5");
    expect(() => base64Bytes("AAA", "w")).toThrow('w: not valid base64 ("AAA")');
    expect(() => base64Bytes("*".repeat(50), "w")).toThrow(`w: not valid base64 ("${"*".repeat(40)}")`);
  });
});

describe("a message through a Registry", () => {
  it("a type the registry lacks is unknown, and so is one only the registry knows; an error that is no DecodeError is not hidden", async () => {
    const send = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: Uint8Array.from([10, 1, 97]) };
    expect(decodeAnyMessage(new Registry([]), send, "m")).toEqual({ kind: "unknown", typeUrl: send.typeUrl, size: 3, sizeUnit: "bytes" });
    const ours = await govRegistry();
    const extra = new Registry([["/x.MsgBurn", ours.lookupType(send.typeUrl)!]]);
    expect(decodeAnyMessage(extra, { ...send, typeUrl: "/x.MsgBurn" }, "m")).toEqual({ kind: "unknown", typeUrl: "/x.MsgBurn", size: 3, sizeUnit: "bytes" });
    const broken = new Registry([[send.typeUrl, { encode: () => { throw new TypeError("no"); }, decode: () => { throw new TypeError("broken codec"); }, fromPartial: (o: object) => o } as never]]);
    expect(await message(() => decodeAnyMessage(broken, send, "m"))).toBe("TypeError: broken codec");
  });
});

describe("a proposal in JSON", () => {
  const p = (doc: JsonObject) => () => proposalFromJson({ id: "1", ...doc }, "p", "l");
  const at = (url: string) => `p.messages[0] (${url})`;
  const cases: [string, () => unknown, string][] = [
    ["params that are no object", p({ messages: [{ "@type": "/inference.inference.MsgUpdateParams", params: 5 }] }), `${at("/inference.inference.MsgUpdateParams")}.params: expected an object, got 5`],
    ["an authority that is no string", p({ messages: [{ "@type": "/inference.inference.MsgUpdateParams", authority: 5 }] }), `${at("/inference.inference.MsgUpdateParams")}.authority: expected a string, got 5`],
    ["a params field of the wrong type", p({ messages: [{ "@type": "/inference.inference.MsgUpdateParams", params: { epoch_params: { epoch_length: "x" } } }] }), `${at("/inference.inference.MsgUpdateParams")}.params.epoch_params.epoch_length: expected an integer, got "x"`],
    ["a plan that is no object", p({ messages: [{ "@type": "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", plan: 5 }] }), `${at("/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade")}.plan: expected an object, got 5`],
    ["a plan's name that is no string", p({ messages: [{ "@type": "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", plan: { name: 5 } }] }), `${at("/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade")}.plan.name: expected a string, got 5`],
    ["a plan's info that is no string", p({ messages: [{ "@type": "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", plan: { info: 5 } }] }), `${at("/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade")}.plan.info: expected a string, got 5`],
    ["content that is no object", p({ messages: [{ "@type": "/cosmos.gov.v1.MsgExecLegacyContent", content: 5 }] }), `${at("/cosmos.gov.v1.MsgExecLegacyContent")}.content: expected an object, got 5`],
    ["content that is no message", p({ messages: [{ "@type": "/cosmos.gov.v1.MsgExecLegacyContent", content: { a: 1 } }] }), `${at("/cosmos.gov.v1.MsgExecLegacyContent")}.content: a message needs "@type" (proto JSON) or "type" and "value" (amino JSON), got keys ["a"]`],
    ["an output that is no object", p({ messages: [{ "@type": "/inference.streamvesting.MsgBatchTransferWithVesting", outputs: [5] }] }), `${at("/inference.streamvesting.MsgBatchTransferWithVesting")}.outputs[0]: expected an object, got 5`],
    ["an output's recipient that is no string", p({ messages: [{ "@type": "/inference.streamvesting.MsgBatchTransferWithVesting", outputs: [{ recipient: 5 }] }] }), `${at("/inference.streamvesting.MsgBatchTransferWithVesting")}.outputs[0].recipient: expected a string, got 5`],
    ["an output's amount", p({ messages: [{ "@type": "/inference.streamvesting.MsgBatchTransferWithVesting", outputs: [{ amount: [{ amount: "x" }] }] }] }), `${at("/inference.streamvesting.MsgBatchTransferWithVesting")}.outputs[0].amount[0].amount: expected a coin amount (decimal digits), got "x"`],
    ["a sender that is no string", p({ messages: [{ "@type": "/inference.streamvesting.MsgBatchTransferWithVesting", sender: 5 }] }), `${at("/inference.streamvesting.MsgBatchTransferWithVesting")}.sender: expected a string, got 5`],
    ["vesting epochs that are no integer", p({ messages: [{ "@type": "/inference.streamvesting.MsgTransferWithVesting", vesting_epochs: "x" }] }), `${at("/inference.streamvesting.MsgTransferWithVesting")}.vesting_epochs: expected an integer, got "x"`],
    ["a recipient that is no string", p({ messages: [{ "@type": "/inference.streamvesting.MsgTransferWithVesting", recipient: 5 }] }), `${at("/inference.streamvesting.MsgTransferWithVesting")}.recipient: expected a string, got 5`],
    ["a from address that is no string", p({ messages: [{ "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: 5 }] }), `${at("/cosmos.bank.v1beta1.MsgSend")}.from_address: expected a string, got 5`],
    ["a to address that is no string", p({ messages: [{ "@type": "/cosmos.bank.v1beta1.MsgSend", to_address: 5 }] }), `${at("/cosmos.bank.v1beta1.MsgSend")}.to_address: expected a string, got 5`],
    ["a coin that is no object", p({ messages: [{ "@type": "/cosmos.bank.v1beta1.MsgSend", amount: [5] }] }), `${at("/cosmos.bank.v1beta1.MsgSend")}.amount[0]: expected an object, got 5`],
    ["a coin's denom that is no string", p({ messages: [{ "@type": "/cosmos.bank.v1beta1.MsgSend", amount: [{ denom: 5, amount: "1" }] }] }), `${at("/cosmos.bank.v1beta1.MsgSend")}.amount[0].denom: expected a string, got 5`],
    ["an input that is no object", p({ messages: [{ "@type": "/cosmos.bank.v1beta1.MsgMultiSend", inputs: [5] }] }), `${at("/cosmos.bank.v1beta1.MsgMultiSend")}.inputs[0]: expected an object, got 5`],
    ["an input's address that is no string", p({ messages: [{ "@type": "/cosmos.bank.v1beta1.MsgMultiSend", inputs: [{ address: 5 }] }] }), `${at("/cosmos.bank.v1beta1.MsgMultiSend")}.inputs[0].address: expected a string, got 5`],
    ["a bank output that is no object", p({ messages: [{ "@type": "/cosmos.bank.v1beta1.MsgMultiSend", outputs: [5] }] }), `${at("/cosmos.bank.v1beta1.MsgMultiSend")}.outputs[0]: expected an object, got 5`],
    ["a bank output's address that is no string", p({ messages: [{ "@type": "/cosmos.bank.v1beta1.MsgMultiSend", outputs: [{ address: 5 }] }] }), `${at("/cosmos.bank.v1beta1.MsgMultiSend")}.outputs[0].address: expected a string, got 5`],
    ["a bank output's coins", p({ messages: [{ "@type": "/cosmos.bank.v1beta1.MsgMultiSend", outputs: [{ coins: [{ amount: "x" }] }] }] }), `${at("/cosmos.bank.v1beta1.MsgMultiSend")}.outputs[0].coins[0].amount: expected a coin amount (decimal digits), got "x"`],
    ["a tally that is no object", p({ final_tally_result: 5 }), "p.final_tally_result: expected an object, got 5"],
    ["a tally count that is no string", p({ final_tally_result: { no_count: 5 } }), "p.final_tally_result.no_count: expected a string, got 5"],
    ["an id that is no integer", p({ id: "x" }), 'p.id: expected an integer, got "x"'],
    ["an amino value that is no object", p({ messages: [{ type: "cosmos-sdk/MsgSend", value: 5 }] }), 'p.messages[0]: a message needs "@type" (proto JSON) or "type" and "value" (amino JSON), got keys ["type","value"]'],
    ["a status of four digits", p({ status: "1234" }), 'p.status: expected a proposal status (PROPOSAL_STATUS_… or its number), got "1234"'],
    ["a status of lower-case letters", p({ status: "PROPOSAL_STATUS_passed" }), 'p.status: expected a proposal status (PROPOSAL_STATUS_… or its number), got "PROPOSAL_STATUS_passed"'],
    ["a status with a prefix", p({ status: "XPROPOSAL_STATUS_PASSED" }), 'p.status: expected a proposal status (PROPOSAL_STATUS_… or its number), got "XPROPOSAL_STATUS_PASSED"'],
    ["a status with a suffix", p({ status: "PROPOSAL_STATUS_PASSED!" }), 'p.status: expected a proposal status (PROPOSAL_STATUS_… or its number), got "PROPOSAL_STATUS_PASSED!"'],
    ["a status in a list", p({ status: ["PROPOSAL_STATUS_PASSED"] }), 'p.status: expected a proposal status (PROPOSAL_STATUS_… or its number), got ["PROPOSAL_STATUS_PASSED"]'],
    ["a status number in a list", p({ status: ["3"] }), 'p.status: expected a proposal status (PROPOSAL_STATUS_… or its number), got ["3"]'],
    ["a status that is no string or number", p({ status: true }), "p.status: expected a proposal status (PROPOSAL_STATUS_… or its number), got true"],
    ["a deposit end time that is no string", p({ deposit_end_time: 5 }), "p.deposit_end_time: expected a time (RFC 3339), got 5"],
    ["a voting start time that is no string", p({ voting_start_time: 5 }), "p.voting_start_time: expected a time (RFC 3339), got 5"],
    ["a failed reason that is no string", p({ failed_reason: 5 }), "p.failed_reason: expected a string, got 5"],
  ];
  for (const [what, f, expected] of cases) {
    it(what, async () => {
      expect(await message(f)).toBe(expected);
    });
  }

  it("absent and null fields are their zero values; a two-digit status is a number; a message's params absent or null are all zero", () => {
    const r = proposalFromJson({ id: "1", title: null, status: "12", submit_time: null, final_tally_result: null, total_deposit: null, messages: null }, "p", "l");
    expect([r.title, r.status, r.submitTime, r.finalTally, r.totalDeposit, r.messages]).toEqual(["", "PROPOSAL_STATUS_12", null, null, [], []]);
    for (const params of [undefined, null]) {
      const m = proposalFromJson({ id: "1", messages: [{ "@type": "/inference.inference.MsgUpdateParams", ...(params === undefined ? {} : { params }) }] }, "p", "l").messages[0]!;
      expect(m.kind === "update-params" && [m.authority, m.params.values.get("epoch_params.epoch_length")!.value.text, m.params.complete, m.params.absent!.has("epoch_params")]).toEqual(["", "0", true, true]);
    }
    const u = proposalFromJson({ id: "1", messages: [{ "@type": "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", plan: { name: "n", height: null } }, { "@type": "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", plan: null }, { "@type": "/cosmos.gov.v1.MsgExecLegacyContent" }] }, "p", "l").messages;
    expect(u).toEqual([
      { kind: "software-upgrade", typeUrl: "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", authority: "", plan: { name: "n", height: 0n, info: "" } },
      { kind: "software-upgrade", typeUrl: "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", authority: "", plan: { name: "", height: 0n, info: "" } },
      { kind: "exec-legacy-content", typeUrl: "/cosmos.gov.v1.MsgExecLegacyContent", authority: "", content: null },
    ]);
    const vested = proposalFromJson({ id: "1", messages: [{ "@type": "/inference.streamvesting.MsgTransferWithVesting", vesting_epochs: null }, { "@type": "/inference.streamvesting.MsgBatchTransferWithVesting" }] }, "p", "l").messages;
    expect(vested.map((m) => m.kind === "transfers" && m.vestingEpochs)).toEqual([0n, 0n]);
    const coins = proposalFromJson({ id: "1", total_deposit: [{ denom: "ngonka", amount: 12n }, { denom: "x", amount: 3 }] }, "p", "l").totalDeposit;
    expect(coins).toEqual([{ denom: "ngonka", amount: 12n }, { denom: "x", amount: 3n }]);
    expect(() => proposalFromJson({ id: "1", total_deposit: [{ amount: 2 ** 53 }] }, "p", "l")).toThrow("p.total_deposit[0].amount: expected a coin amount (decimal digits), got 9007199254740992");
    expect(() => proposalFromJson({ id: "1", total_deposit: [{ amount: true }] }, "p", "l")).toThrow("p.total_deposit[0].amount: expected a coin amount (decimal digits), got true");
  });
});

describe("params in JSON and on the wire", () => {
  const json = (o: JsonObject) => () => paramsFromJson(o, "p", "s");
  const cases: [string, () => unknown, string][] = [
    ["a repeated message that is no list", json({ poc_params: { models: {} } }), "p.poc_params.models: expected a list, got {}"],
    ["an entry that is no object", json({ poc_params: { models: [5] } }), "p.poc_params.models[0]: expected an object, got 5"],
    ["a message that is no object", json({ epoch_params: 5 }), "p.epoch_params: expected an object, got 5"],
    ["an address list that is no list", json({ genesis_guardian_params: { guardian_addresses: "a" } }), 'p.genesis_guardian_params.guardian_addresses: expected a list, got "a"'],
    ["an address that is no string", json({ genesis_guardian_params: { guardian_addresses: ["a", 5] } }), "p.genesis_guardian_params.guardian_addresses[1]: expected a string, got 5"],
    ["a flag that is no boolean", json({ poc_params: { poc_v2_enabled: "true" } }), 'p.poc_params.poc_v2_enabled: expected true or false, got "true"'],
    ["a string that is no string", json({ validation_params: { logprobs_mode: 5 } }), "p.validation_params.logprobs_mode: expected a string, got 5"],
    ["a decimal written as text", json({ epoch_params: { poc_slot_allocation: "0.1" } }), 'p.epoch_params.poc_slot_allocation: expected a decimal {"value", "exponent"}, got "0.1"'],
    ["an entry's field", json({ poc_params: { models: [{ seq_len: "x" }] } }), 'p.poc_params.models[0].seq_len: expected an integer, got "x"'],
    ["a message that runs past its length", () => paramsFromBytes(Uint8Array.from([0x0a, 1, 8, 150, 1]), "w"), "DecodeError: cannot decode Params.epoch_params: message runs past its length"],
    ["an unknown field of a bad wire type", () => paramsFromBytes(Uint8Array.from([0x0a, 2, 0x9e, 2]), "w"), "DecodeError: cannot decode Params.epoch_params.(field 35): invalid wire type 6 at offset 4"],
    ["a truncated unknown field in an entry", () => paramsFromBytes(Uint8Array.from([0x1a, 4, 0x72, 2, 0xa8, 6]), "w"), "DecodeError: cannot decode Params.poc_params.models.(field 101): index out of range: 6 + 1 > 6"],
  ];
  for (const [what, f, expected] of cases) {
    it(what, async () => {
      expect(await message(f)).toBe(expected);
    });
  }

  it("an unknown field is named by its place in Params, in both forms; null is the zero value", () => {
    const j = paramsFromJson({ mystery: 1, poc_params: { models: [{ model_id: "m", odd: [1] }], stat_test: { extra: true } }, epoch_params: null }, "p", "s");
    expect(j.unknown).toEqual([
      { path: "mystery", detail: "not in the port's catalog of x/inference Params (1)" },
      { path: "poc_params.models[].odd", detail: "not in the port's catalog of x/inference Params ([1])" },
      { path: "poc_params.stat_test.extra", detail: "not in the port's catalog of x/inference Params (true)" },
    ]);
    expect([j.values.get("epoch_params.epoch_length")!.value.text, j.absent!.has("epoch_params")]).toEqual(["0", true]);
    // models[].(field 99) on the wire: an entry of poc_params.models with a field 99 (varint 1)
    const w = paramsFromBytes(Uint8Array.from([0x1a, 5, 0x72, 3, 0x98, 6, 1]), "w");
    expect(w.unknown).toEqual([{ path: "poc_params.models[].(field 99)", detail: "not in the port's catalog of x/inference Params (varint, 1 bytes)" }]);
  });

  it("entries named by their key when every one has a distinct one without brackets, else by their index", () => {
    const names = (models: Json[]) => [...paramsFromJson({ poc_params: { models } } as JsonObject, "p", "s").values.keys()].filter((k) => k.startsWith("poc_params.models[") && k.endsWith(".seq_len")).map((k) => k.slice("poc_params.models".length, -".seq_len".length)).sort();
    expect(names([{ model_id: "a" }, { model_id: "b" }])).toEqual(["[a]", "[b]"]);
    expect(names([{ model_id: "a" }, { model_id: "a" }])).toEqual(["[0]", "[1]"]);
    expect(names([{ model_id: "a" }, { seq_len: "1" }])).toEqual(["[0]", "[1]"]);
    expect(names([{ model_id: "a" }, { model_id: "" }])).toEqual(["[0]", "[1]"]);
    expect(names([{ model_id: "a" }, { model_id: "x]y" }])).toEqual(["[0]", "[1]"]);
    expect(names([{ model_id: "a[" }])).toEqual(["[0]"]);
  });

  it("the wire's integers by kind: a negative int64 and int32, a uint64 past int64, a bool and a string", () => {
    // epoch_params { epoch_length: -1 }, poc_params { default_difficulty: -1, poc_v2_enabled: true, model_id: "m" },
    // epoch_params.inference_pruning_epoch_threshold (uint64) 2^63
    const neg = [0x08, ...Array(9).fill(0xff), 0x01];
    const big = [0x58, ...Array(8).fill(0x80), 0x80, 0x01];
    const poc = [0x08, ...Array(9).fill(0xff), 0x01, 0x40, 1, 0x32, 1, 0x6d];
    const s = paramsFromBytes(Uint8Array.from([0x0a, neg.length + big.length, ...neg, ...big, 0x1a, poc.length, ...poc]), "w");
    expect(["epoch_params.epoch_length", "epoch_params.inference_pruning_epoch_threshold", "poc_params.default_difficulty", "poc_params.poc_v2_enabled", "poc_params.model_id"].map((k) => s.values.get(k)!.value.text)).toEqual([
      "-1",
      "9223372036854775808",
      "-1",
      "true",
      "m",
    ]);
  });
});
