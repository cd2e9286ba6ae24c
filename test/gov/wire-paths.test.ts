// Where the wire form of a proposal is wrong, said to the field (mutation testing of src/gov/proposal.ts):
// every coin list of every message kind, a message inside legacy content, the deposit; and the label a
// message's params carry in either form. A MsgUpdateParams whose Params end in a tag cut short is one
// InputError like any other undecodable Params, not a RangeError escaping the reader.
import { describe, expect, it } from "vitest";
import { type Any, InferenceMsgUpdateParams, MsgBatchTransferWithVesting, MsgExecLegacyContent, MsgMultiSend, MsgSend, MsgTransferWithVesting, Params } from "../../src/chain/gen/proto.js";
import { proposalFromJson } from "../../src/gov/proposal-json.js";
import { fromWire } from "../helpers/gov-wire.js";
import { refusalAsync } from "../helpers/refusal.js";

const BAD = [{ denom: "ngonka", amount: "1" }, { denom: "ngonka", amount: "-5" }];
const GOOD = [{ denom: "ngonka", amount: "1" }];
const BATCH = "/inference.streamvesting.MsgBatchTransferWithVesting";
const VESTED = "/inference.streamvesting.MsgTransferWithVesting";
const MULTI = "/cosmos.bank.v1beta1.MsgMultiSend";
const SEND = "/cosmos.bank.v1beta1.MsgSend";
const LEGACY = "/cosmos.gov.v1.MsgExecLegacyContent";
const UPDATE = "/inference.inference.MsgUpdateParams";
const NOT_AMOUNT = 'expected a coin amount (decimal digits), got "-5"';
const send = (amount: typeof BAD): Any => ({ typeUrl: SEND, value: MsgSend.encode({ fromAddress: "gonka1from", toAddress: "gonka1to", amount }) });
const update = (params: Uint8Array): Any => ({ typeUrl: UPDATE, value: InferenceMsgUpdateParams.encode({ authority: "gonka1gov", params }) });

describe("a proposal on the wire", () => {
  it("a coin amount that is no cosmos.Int is named by its message, its output and its place", async () => {
    const cases: [Any, string][] = [
      [{ typeUrl: BATCH, value: MsgBatchTransferWithVesting.encode({ sender: "s", outputs: [{ recipient: "r0", amount: GOOD }, { recipient: "r1", amount: BAD }], vestingEpochs: 2n }) }, `wire.json: messages[0] (${BATCH}): outputs[1].amount[1].amount: ${NOT_AMOUNT}`],
      [{ typeUrl: VESTED, value: MsgTransferWithVesting.encode({ sender: "s", recipient: "r", amount: BAD, vestingEpochs: 2n }) }, `wire.json: messages[0] (${VESTED}): amount[1].amount: ${NOT_AMOUNT}`],
      [{ typeUrl: MULTI, value: MsgMultiSend.encode({ inputs: [{ address: "i", coins: GOOD }], outputs: [{ address: "o0", coins: GOOD }, { address: "o1", coins: BAD }] }) }, `wire.json: messages[0] (${MULTI}): outputs[1].coins[1].amount: ${NOT_AMOUNT}`],
      [{ typeUrl: LEGACY, value: MsgExecLegacyContent.encode({ authority: "gonka1gov", content: send(BAD) }) }, `wire.json: messages[0] (${LEGACY}): content (${SEND}): amount[1].amount: ${NOT_AMOUNT}`],
    ];
    for (const [message, expected] of cases) expect(await refusalAsync(() => fromWire({ messages: [message] }))).toBe(expected);
    expect(await refusalAsync(() => fromWire({ totalDeposit: BAD }))).toBe(`wire.json: total_deposit[1].amount: ${NOT_AMOUNT}`);
  });

  it("a message's params carry the message's place as their label, on the wire and in JSON", async () => {
    const wire = (await fromWire({ messages: [send(GOOD), update(Params.encode({}))] })).messages[1]!;
    expect(wire.kind === "update-params" && wire.params.source).toBe(`wire.json: messages[1] (${UPDATE}): params`);
    const json = proposalFromJson({ id: "1", messages: [{ "@type": UPDATE, params: {} }] }, "p", "p.json").messages[0]!;
    expect(json.kind === "update-params" && json.params.source).toBe(`p.messages[0] (${UPDATE}): params`);
  });

  it("Params that end in a field's tag cut short do not decode: one InputError naming the message", async () => {
    expect(await refusalAsync(() => fromWire({ messages: [update(Uint8Array.from([0x80]))] }))).toBe(`wire.json: messages[0] (${UPDATE}): params do not decode: cannot decode Params: index out of range: 1 + 1 > 1`);
    // inside a field, the field is named, as before
    expect(await refusalAsync(() => fromWire({ messages: [update(Uint8Array.from([0x0a, 0x01, 0x80]))] }))).toBe(`wire.json: messages[0] (${UPDATE}): params do not decode: cannot decode Params.epoch_params: index out of range: 3 + 1 > 3`);
  });
});
