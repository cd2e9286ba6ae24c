// Hand-built proposals of every message type, status, denom and boundary, each value pinned: the wire
// form through the Registry and both JSON forms must read them the same, and the judge and its text
// must say exactly what they do (issue 30 item 13: an audit's single mutations of src/gov must fail here).
import { describe, expect, it } from "vitest";
import {
  type Any,
  InferenceMsgUpdateParams,
  MsgBatchTransferWithVesting,
  MsgExecLegacyContent,
  MsgMultiSend,
  MsgSend,
  MsgSoftwareUpgrade,
  MsgTransferWithVesting,
  Params,
  QueryProposalResponse,
} from "../../src/chain/gen/proto.js";
import { Reader, type Writer } from "../../src/chain/wire.js";
import type { Json } from "../../src/go/json.js";
import type { JsonObject } from "../../src/json-input.js";
import { judgeProposal, type MessageJudgement, type SettledPayouts } from "../../src/gov/judge.js";
import { diffParams, paramsFromBytes, paramsFromJson } from "../../src/gov/param-values.js";
import { proposalFromJson } from "../../src/gov/proposal-json.js";
import { decodeProposalAnswer, proposalFromDocument } from "../../src/gov/proposal-source.js";
import { proposalText } from "../../src/gov/proposal-text.js";
import { coinAmount, statusName, statusWords, timestampText, type GovProposal } from "../../src/gov/proposal.js";
import { govRegistry } from "../../src/gov/registry.js";
import { agreesWithStated, gnkText, statedAmounts, statedCounts, statedEpochs } from "../../src/gov/stated-figures.js";
import { refusal, refusalAsync } from "../helpers/refusal.js";
import { fromWire, wireProposal } from "../helpers/gov-wire.js";

const GOV = "gonka10d07y265gmmuvt4z0w9aw880jnsr700j2h5m33";
const any = (typeUrl: string, value: Uint8Array): Any => ({ typeUrl, value });
const fromJson = (p: JsonObject): GovProposal => proposalFromJson({ id: "7", ...p }, "p", "p.json");
const ngonka = (amount: string) => ({ denom: "ngonka", amount });

// One transfer of each kind, in the wire form.
const BATCH = any("/inference.streamvesting.MsgBatchTransferWithVesting", MsgBatchTransferWithVesting.encode({ sender: GOV, outputs: [{ recipient: "gonka1a", amount: [ngonka("1500000000")] }, { recipient: "gonka1a", amount: [ngonka("1")] }], vestingEpochs: 3n }));
const VESTED = any("/inference.streamvesting.MsgTransferWithVesting", MsgTransferWithVesting.encode({ sender: GOV, recipient: "gonka1v", amount: [ngonka("7")], vestingEpochs: 0n }));
const SEND = any("/cosmos.bank.v1beta1.MsgSend", MsgSend.encode({ fromAddress: "gonka1from", toAddress: "gonka1to", amount: [{ denom: "uatom", amount: "5" }, ngonka("2")] }));
const MULTI = any(
  "/cosmos.bank.v1beta1.MsgMultiSend",
  MsgMultiSend.encode({ inputs: [{ address: "gonka1in1", coins: [ngonka("9")] }, { address: "gonka1in2", coins: [] }], outputs: [{ address: "gonka1out1", coins: [ngonka("4")] }, { address: "gonka1out2", coins: [ngonka("5"), { denom: "ibc/X", amount: "1" }] }] }),
);
const UPGRADE = any("/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", MsgSoftwareUpgrade.encode({ authority: GOV, plan: { name: "v0.2.14", height: 4_500_000n, info: "binaries", time: undefined } }));
const LEGACY = any("/cosmos.gov.v1.MsgExecLegacyContent", MsgExecLegacyContent.encode({ authority: GOV, content: SEND }));
const UNKNOWN = any("/cosmos.bank.v1beta1.MsgBurn", Uint8Array.from([10, 3, 1, 2, 3]));

describe("every message type, from the wire through the Registry", () => {
  it("reads each message into what it does, keys and amounts as sent", async () => {
    const p = await fromWire({ messages: [BATCH, VESTED, SEND, MULTI, UPGRADE, LEGACY, UNKNOWN] });
    expect(p.messages).toEqual([
      { kind: "transfers", typeUrl: BATCH.typeUrl, sender: GOV, outputs: [{ recipient: "gonka1a", coins: [{ denom: "ngonka", amount: 1_500_000_000n }] }, { recipient: "gonka1a", coins: [{ denom: "ngonka", amount: 1n }] }], vestingEpochs: 3n },
      { kind: "transfers", typeUrl: VESTED.typeUrl, sender: GOV, outputs: [{ recipient: "gonka1v", coins: [{ denom: "ngonka", amount: 7n }] }], vestingEpochs: 0n },
      { kind: "transfers", typeUrl: SEND.typeUrl, sender: "gonka1from", outputs: [{ recipient: "gonka1to", coins: [{ denom: "uatom", amount: 5n }, { denom: "ngonka", amount: 2n }] }], vestingEpochs: null },
      {
        kind: "transfers",
        typeUrl: MULTI.typeUrl,
        sender: "gonka1in1, gonka1in2",
        outputs: [
          { recipient: "gonka1out1", coins: [{ denom: "ngonka", amount: 4n }] },
          { recipient: "gonka1out2", coins: [{ denom: "ngonka", amount: 5n }, { denom: "ibc/X", amount: 1n }] },
        ],
        vestingEpochs: null,
      },
      { kind: "software-upgrade", typeUrl: UPGRADE.typeUrl, authority: GOV, plan: { name: "v0.2.14", height: 4_500_000n, info: "binaries" } },
      {
        kind: "exec-legacy-content",
        typeUrl: LEGACY.typeUrl,
        authority: GOV,
        content: { kind: "transfers", typeUrl: SEND.typeUrl, sender: "gonka1from", outputs: [{ recipient: "gonka1to", coins: [{ denom: "uatom", amount: 5n }, { denom: "ngonka", amount: 2n }] }], vestingEpochs: null },
      },
      { kind: "unknown", typeUrl: "/cosmos.bank.v1beta1.MsgBurn", size: 5, sizeUnit: "bytes" },
    ]);
    expect([p.form, p.height, p.label]).toEqual(["protobuf", 5n, "wire.json"]);
  });

  it("an upgrade without a plan, legacy content without content, and a message that does not decode", async () => {
    const p = await fromWire({ messages: [any(UPGRADE.typeUrl, MsgSoftwareUpgrade.encode({ authority: "x", plan: undefined })), any(LEGACY.typeUrl, MsgExecLegacyContent.encode({ authority: "y", content: undefined }))] });
    expect(p.messages).toEqual([
      { kind: "software-upgrade", typeUrl: UPGRADE.typeUrl, authority: "x", plan: { name: "", height: 0n, info: "" } },
      { kind: "exec-legacy-content", typeUrl: LEGACY.typeUrl, authority: "y", content: null },
    ]);
    expect(await refusalAsync(() => fromWire({ messages: [any(SEND.typeUrl, Uint8Array.from([26, 9, 1]))] }))).toMatch(/^wire\.json: messages\[0\] \(\/cosmos\.bank\.v1beta1\.MsgSend\): does not decode: /);
    expect(await refusalAsync(() => fromWire({ messages: [any(SEND.typeUrl, MsgSend.encode({ fromAddress: "a", toAddress: "b", amount: [ngonka("-5")] }))] }))).toBe('wire.json: messages[0] (/cosmos.bank.v1beta1.MsgSend): amount[0].amount: expected a coin amount (decimal digits), got "-5"');
    const bad = any("/inference.inference.MsgUpdateParams", InferenceMsgUpdateParams.encode({ authority: GOV, params: Uint8Array.from([10, 5, 8]) }));
    expect(await refusalAsync(() => fromWire({ messages: [bad] }))).toMatch(/^wire\.json: messages\[0\] \(\/inference\.inference\.MsgUpdateParams\): params do not decode: /);
  });

  it("every status by number, times to the nanosecond, the tally, the deposit's denoms, expedited and the failure", async () => {
    const names = [0, 1, 2, 3, 4, 5, 9].map(statusName);
    expect(names).toEqual(["PROPOSAL_STATUS_UNSPECIFIED", "PROPOSAL_STATUS_DEPOSIT_PERIOD", "PROPOSAL_STATUS_VOTING_PERIOD", "PROPOSAL_STATUS_PASSED", "PROPOSAL_STATUS_REJECTED", "PROPOSAL_STATUS_FAILED", "PROPOSAL_STATUS_9"]);
    expect(names.map(statusWords)).toEqual(["status unspecified", "in its deposit period", "in its voting period", "passed", "rejected", "failed (passed, but its messages failed)", "status PROPOSAL_STATUS_9"]);
    // the prefix is taken off only at the start: a name that merely holds it is no status the port knows
    expect(statusWords("PASSEDPROPOSAL_STATUS_")).toBe("status PASSEDPROPOSAL_STATUS_");
    const p = await fromWire({
      status: 4,
      submitTime: { seconds: 1_780_000_000n, nanos: 5_000_000 },
      depositEndTime: { seconds: 1_780_000_000n, nanos: 0 },
      votingStartTime: { seconds: 1_780_000_000n, nanos: 123_456_789 },
      votingEndTime: { seconds: 1_780_000_000n, nanos: 1 },
      finalTallyResult: { yesCount: "181926", abstainCount: "0", noCount: "12", noWithVetoCount: "3" },
      totalDeposit: [ngonka("25250000"), { denom: "uatom", amount: "10" }],
      expedited: true,
      failedReason: "out of gas",
      title: "T",
      summary: "S",
      metadata: "M",
      proposer: "gonka1p",
    });
    expect({ ...p, messages: null }).toEqual({
      id: 7n,
      title: "T",
      summary: "S",
      metadata: "M",
      proposer: "gonka1p",
      status: "PROPOSAL_STATUS_REJECTED",
      submitTime: "2026-05-28T20:26:40.005Z",
      depositEndTime: "2026-05-28T20:26:40Z",
      votingStartTime: "2026-05-28T20:26:40.123456789Z",
      votingEndTime: "2026-05-28T20:26:40.000000001Z",
      totalDeposit: [{ denom: "ngonka", amount: 25_250_000n }, { denom: "uatom", amount: 10n }],
      finalTally: { yes: "181926", abstain: "0", no: "12", noWithVeto: "3" },
      expedited: true,
      failedReason: "out of gas",
      messages: null,
      form: "protobuf",
      height: 5n,
      label: "wire.json",
    });
    expect((await fromWire({})).finalTally).toBeNull();
    expect(timestampText(undefined)).toBeNull();
    expect(timestampText({ seconds: 10n ** 13n, nanos: 0 })).toBe("10000000000000s");
    expect(timestampText({ seconds: -1n, nanos: 500_000_000 })).toBe("1969-12-31T23:59:59.5Z");
    expect(timestampText({ seconds: 8_640_000_000_000n, nanos: 0 })).toBe("+275760-09-13T00:00:00Z");
    expect(timestampText({ seconds: 8_640_000_000_001n, nanos: 0 })).toBe("8640000000001s");
  });

  it("a node answer: the height from the answer, an empty value and a foreign message named", async () => {
    const bytes = QueryProposalResponse.encode({ proposal: wireProposal({ title: "from the node" }) });
    const doc = { jsonrpc: "2.0", result: { response: { code: 0, value: Buffer.from(bytes).toString("base64"), height: "123" } } };
    const p = await proposalFromDocument(doc, "answer.json");
    expect([p.title, p.height, p.form]).toEqual(["from the node", 123n, "protobuf"]);
    expect((await proposalFromDocument({ ...doc, result: { response: { ...doc.result.response, height: "" } } }, "a.json")).height).toBeNull();
    expect(await refusalAsync(() => decodeProposalAnswer(new Uint8Array(0), "v", null, "l"))).toBe("v: the answer holds no proposal");
    expect(await refusalAsync(() => decodeProposalAnswer(Uint8Array.from([10, 9, 8]), "v", null, "l"))).toMatch(/^v: does not decode as cosmos\.gov\.v1\.QueryProposalResponse: /);
  });
});

describe("the registry's codecs", () => {
  it("decode from bytes or from a Reader (a length, or to its end), encode back, and take a partial as it is", async () => {
    const t = (await govRegistry()).lookupType(SEND.typeUrl) as { decode(i: Uint8Array | Reader, l?: number): unknown; encode(m: unknown): Writer; fromPartial(o: object): unknown };
    const msg = MsgSend.decode(SEND.value);
    expect(t.decode(SEND.value)).toEqual(msg);
    expect(t.decode(Reader.create(SEND.value))).toEqual(msg);
    const padded = Reader.create(Uint8Array.from([...SEND.value, 10, 1, 65]));
    expect(t.decode(padded, SEND.value.length)).toEqual(msg);
    expect(padded.pos).toBe(SEND.value.length);
    expect(Buffer.from(t.encode(msg).finish()).equals(Buffer.from(SEND.value))).toBe(true);
    const partial = { fromAddress: "a" };
    expect(t.fromPartial(partial)).toBe(partial);
  });
});

describe("the same proposals in proto and amino JSON", () => {
  const protoMessages: Json[] = [
    { "@type": BATCH.typeUrl, sender: GOV, outputs: [{ recipient: "gonka1a", amount: [ngonka("1500000000")] }, { recipient: "gonka1a", amount: [{ denom: "ngonka", amount: 1 }] }], vesting_epochs: "3" },
    { "@type": VESTED.typeUrl, sender: GOV, recipient: "gonka1v", amount: [ngonka("7")] },
    { "@type": SEND.typeUrl, from_address: "gonka1from", to_address: "gonka1to", amount: [{ denom: "uatom", amount: "5" }, ngonka("2")] },
    { "@type": MULTI.typeUrl, inputs: [{ address: "gonka1in1", coins: [ngonka("9")] }, { address: "gonka1in2" }], outputs: [{ address: "gonka1out1", coins: [ngonka("4")] }, { address: "gonka1out2", coins: [ngonka("5"), { denom: "ibc/X", amount: "1" }] }] },
    { "@type": UPGRADE.typeUrl, authority: GOV, plan: { name: "v0.2.14", height: "4500000", info: "binaries" } },
    { "@type": LEGACY.typeUrl, authority: GOV, content: { "@type": SEND.typeUrl, from_address: "gonka1from", to_address: "gonka1to", amount: [{ denom: "uatom", amount: "5" }, ngonka("2")] } },
  ];
  const aminoMessages: Json[] = [
    { type: "inference/x/streamvesting/MsgBatchTransferWithVesting", value: { sender: GOV, outputs: [{ recipient: "gonka1a", amount: [ngonka("1500000000")] }, { recipient: "gonka1a", amount: [ngonka("1")] }], vesting_epochs: 3 } },
    { type: "inference/x/streamvesting/MsgTransferWithVesting", value: { sender: GOV, recipient: "gonka1v", amount: [ngonka("7")] } },
    { type: "cosmos-sdk/MsgSend", value: { fromAddress: "gonka1from", toAddress: "gonka1to", amount: [{ denom: "uatom", amount: "5" }, ngonka("2")] } },
    { type: "cosmos-sdk/MsgMultiSend", value: { inputs: [{ address: "gonka1in1", coins: [ngonka("9")] }, { address: "gonka1in2" }], outputs: [{ address: "gonka1out1", coins: [ngonka("4")] }, { address: "gonka1out2", coins: [ngonka("5"), { denom: "ibc/X", amount: "1" }] }] } },
    { type: "cosmos-sdk/MsgSoftwareUpgrade", value: { authority: GOV, plan: { name: "v0.2.14", height: 4500000, info: "binaries" } } },
    { type: "cosmos-sdk/v1/MsgExecLegacyContent", value: { authority: GOV, content: { type: "cosmos-sdk/MsgSend", value: { from_address: "gonka1from", to_address: "gonka1to", amount: [{ denom: "uatom", amount: "5" }, ngonka("2")] } } } },
  ];

  it("both forms read as the wire form does", async () => {
    const w = (await fromWire({ messages: [BATCH, VESTED, SEND, MULTI, UPGRADE, LEGACY] })).messages;
    const proto = fromJson({ messages: protoMessages });
    const amino = fromJson({ messages: aminoMessages });
    expect(proto.messages).toEqual(w);
    expect(amino.messages).toEqual(w);
    expect([proto.form, amino.form, fromJson({ messages: [protoMessages[0]!, aminoMessages[1]!] }).form]).toEqual(["proto-json", "amino-json", "amino-json"]);
  });

  it("statuses by name, number or digits; times as written; the tally; expedited only when true", () => {
    expect([undefined, null, "PROPOSAL_STATUS_PASSED", 3, "4", 5n].map((status) => fromJson(status === undefined ? {} : { status }).status)).toEqual([
      "PROPOSAL_STATUS_UNSPECIFIED",
      "PROPOSAL_STATUS_UNSPECIFIED",
      "PROPOSAL_STATUS_PASSED",
      "PROPOSAL_STATUS_PASSED",
      "PROPOSAL_STATUS_REJECTED",
      "PROPOSAL_STATUS_FAILED",
    ]);
    expect(refusal(() => fromJson({ status: "passed" }))).toBe('p.status: expected a proposal status (PROPOSAL_STATUS_… or its number), got "passed"');
    expect(refusal(() => fromJson({ status: "1234" }))).toMatch(/^p\.status: expected a proposal status/);
    const p = proposalFromJson(
      { proposal_id: 9, title: "T", summary: "S", metadata: "M", proposer: "gonka1p", submit_time: "2026-01-01T00:00:00.005Z", votingEndTime: "x", total_deposit: [ngonka("3"), { denom: "uatom", amount: 4 }], final_tally_result: { yes_count: "1", no_count: "2", abstain_count: "3", no_with_veto_count: "4" }, expedited: true, failed_reason: "why" },
      "p",
      "p.json",
    );
    expect({ ...p, messages: null }).toEqual({
      id: 9n,
      title: "T",
      summary: "S",
      metadata: "M",
      proposer: "gonka1p",
      status: "PROPOSAL_STATUS_UNSPECIFIED",
      submitTime: "2026-01-01T00:00:00.005Z",
      depositEndTime: null,
      votingStartTime: null,
      votingEndTime: "x",
      totalDeposit: [{ denom: "ngonka", amount: 3n }, { denom: "uatom", amount: 4n }],
      finalTally: { yes: "1", abstain: "3", no: "2", noWithVeto: "4" },
      expedited: true,
      failedReason: "why",
      messages: null,
      form: "proto-json",
      height: null,
      label: "p.json",
    });
    expect(fromJson({ expedited: "true" }).expedited).toBe(false);
    expect(fromJson({}).finalTally).toBeNull();
  });

  it("bad JSON is one line naming the field", () => {
    expect(refusal(() => proposalFromJson({}, "p", "l"))).toBe("p.id: missing the proposal's id");
    expect(refusal(() => fromJson({ title: 5 }))).toBe("p.title: expected a string, got 5");
    expect(refusal(() => fromJson({ messages: {} }))).toBe("p.messages: expected a list, got {}");
    expect(refusal(() => fromJson({ messages: [5] }))).toBe("p.messages[0]: expected an object, got 5");
    expect(refusal(() => fromJson({ messages: [{ value: {} }] }))).toBe('p.messages[0]: a message needs "@type" (proto JSON) or "type" and "value" (amino JSON), got keys ["value"]');
    expect(refusal(() => fromJson({ submit_time: 5 }))).toBe("p.submit_time: expected a time (RFC 3339), got 5");
    expect(refusal(() => fromJson({ total_deposit: [{ denom: "ngonka", amount: 1.5 }] }))).toBe("p.total_deposit[0].amount: expected a coin amount (decimal digits), got 1.5");
    expect(refusal(() => fromJson({ total_deposit: [{ denom: "ngonka", amount: "-1" }] }))).toBe('p.total_deposit[0].amount: expected a coin amount (decimal digits), got "-1"');
    expect(refusal(() => fromJson({ messages: [{ "@type": SEND.typeUrl, amount: [{ denom: "ngonka" }] }] }))).toBe(`p.messages[0] (${SEND.typeUrl}).amount[0].amount: expected a coin amount (decimal digits), got undefined`);
    expect(refusal(() => fromJson({ messages: [{ "@type": UPGRADE.typeUrl, plan: { height: "x" } }] }))).toMatch(/^p\.messages\[0\] \(\/cosmos\.upgrade\.v1beta1\.MsgSoftwareUpgrade\)\.plan\.height: /);
    expect(refusal(() => fromJson({ messages: [{ "@type": BATCH.typeUrl, vesting_epochs: "-1" }] }))).toMatch(/^p\.messages\[0\] \(\/inference\.streamvesting\.MsgBatchTransferWithVesting\)\.vesting_epochs: /);
    // an amino type the port does not know is named as written, with its size
    expect(fromJson({ messages: [{ type: "cosmos-sdk/MsgBurn", value: { a: 1 } }, { type: "cosmos-sdk/MsgSend" }] }).messages).toEqual([
      { kind: "unknown", typeUrl: "cosmos-sdk/MsgBurn", size: 7, sizeUnit: "JSON characters" },
      { kind: "transfers", typeUrl: SEND.typeUrl, sender: "", outputs: [{ recipient: "", coins: [] }], vestingEpochs: null },
    ]);
    expect(fromJson({ messages: [{ "@type": UPGRADE.typeUrl }, { "@type": LEGACY.typeUrl, content: null }] }).messages).toEqual([
      { kind: "software-upgrade", typeUrl: UPGRADE.typeUrl, authority: "", plan: { name: "", height: 0n, info: "" } },
      { kind: "exec-legacy-content", typeUrl: LEGACY.typeUrl, authority: "", content: null },
    ]);
    expect(coinAmount("0", "w")).toBe(0n);
    expect(refusal(() => coinAmount("1".repeat(81), "w"))).toMatch(/^w: expected a coin amount/);
  });
});

describe("the judge", () => {
  it("transfers: outputs, distinct recipients, totals per denom in byte order, and a stated count with a recipient paid twice", async () => {
    const p = await fromWire({ title: "2 recipients", summary: "3 outputs, 1.500000001 GNK", messages: [BATCH, SEND, MULTI] });
    const j = judgeProposal(p, null, null);
    const t = j.messages as Extract<MessageJudgement, { kind: "transfers" }>[];
    expect(t.map((m) => [m.outputs.length, m.distinctRecipients])).toEqual([
      [2, 1],
      [1, 1],
      [2, 2],
    ]);
    expect(t.map((m) => m.totals)).toEqual([
      [{ denom: "ngonka", amount: 1_500_000_001n }],
      [
        { denom: "ngonka", amount: 2n },
        { denom: "uatom", amount: 5n },
      ],
      [
        { denom: "ibc/X", amount: 1n },
        { denom: "ngonka", amount: 9n },
      ],
    ]);
    // 5 outputs to 4 recipients, 1.500000012 GNK of ngonka (the uatom and ibc coins are not GNK)
    expect(j.stated.map((s) => [s.where, s.kind, s.text, s.stated, s.computed, s.agrees])).toEqual([
      ["title", "count", "2 recipients", 2n, 5n, false],
      ["summary", "amount", "1.500000001 GNK", 1_500_000_001n, 1_500_000_012n, false],
      ["summary", "count", "3 outputs", 3n, 5n, false],
    ]);
    expect(j.stated[1]!.detail).toBe("the summary states 1.500000001 GNK; the messages send 1.500000012 GNK (1,500,000,012 ngonka) in all: differs by 0.000000011 GNK");
    expect(j.stated[2]!.detail).toBe("the summary states 3 outputs; the messages have 5 outputs to 4 distinct recipients: more by 2");
    const twice = judgeProposal(await fromWire({ summary: "to 2 addresses, 1.5 GNK", messages: [BATCH] }), null, null);
    expect(twice.stated.map((s) => [s.agrees, s.detail])).toEqual([
      [true, "the summary states 1.5 GNK; the messages send 1.500000001 GNK (1,500,000,001 ngonka) in all: agrees (to the 1 decimal stated)"],
      [false, "the summary states 2 addresses; the messages have 2 outputs to 1 distinct recipients: the count agrees, but some recipients are paid twice"],
    ]);
    const more = judgeProposal(await fromWire({ summary: "4 wallets get 2 GNK", messages: [MULTI] }), null, null);
    expect(more.stated.map((s) => s.detail)).toEqual([
      "the summary states 2 GNK; the messages send 0.000000009 GNK (9 ngonka) in all: differs by -1.999999991 GNK",
      "the summary states 4 wallets; the messages have 2 outputs to 2 distinct recipients: fewer by 2",
    ]);
    const exact = judgeProposal(await fromWire({ summary: "2 hosts, 9 ngonka, 0.00 GNK", messages: [MULTI] }), null, null);
    expect(exact.stated.map((s) => [s.text, s.agrees])).toEqual([
      ["9 ngonka", true],
      ["0.00 GNK", true],
      ["2 hosts", true],
    ]);
    expect(judgeProposal(await fromWire({ summary: "2 GNK", messages: [UPGRADE] }), null, null).stated).toEqual([]);
  });

  it("transfers inside legacy content count, and the text shows every output in its denom", async () => {
    const p = await fromWire({ title: "Pay 1 operators", messages: [LEGACY, VESTED] });
    const j = judgeProposal(p, null, null);
    expect(j.stated.map((s) => [s.text, s.computed])).toEqual([["1 operators", 2n]]);
    const text = proposalText(j);
    expect(text).toContain("message 1 of 2: /cosmos.gov.v1.MsgExecLegacyContent\n  authority " + GOV + "; executes legacy content:\n  message 1 of 2: /cosmos.bank.v1beta1.MsgSend\n    from gonka1from to 1 recipient, paid at once\n    total 0.000000002 GNK (2 ngonka) + 5 uatom\n");
    expect(text).toMatch(/recipient\s+amount\n\s+-+\s+-+\n\s+gonka1to\s+5 uatom \+ 0\.000000002 GNK \(2 ngonka\)/);
    expect(text).toContain("  from " + GOV + " to 1 recipient, no vesting (0 epochs)\n  total 0.000000007 GNK (7 ngonka)\n");
    expect(text).toMatch(/recipient\s+amount \(GNK\)\s+amount \(ngonka\)\n.*\n\s+gonka1v\s+0\.000000007\s+7/);
  });

  it("the batch: vesting epochs and a recipient paid twice in words", async () => {
    const text = proposalText(judgeProposal(await fromWire({ messages: [BATCH] }), null, null));
    expect(text).toContain("  from " + GOV + " to 2 recipients (1 distinct), vesting over 3 epochs\n  total 1.500000001 GNK (1,500,000,001 ngonka)\n");
  });

  it("an address list: what it adds and removes; an entry the proposal drops; every change in catalog order", () => {
    const inForce = paramsFromJson(
      { genesis_guardian_params: { guardian_addresses: ["gonka1a", "gonka1b"] }, poc_params: { models: [{ model_id: "m1", seq_len: "1" }, { model_id: "m2", seq_len: "2" }] }, epoch_params: { epoch_length: "10" } },
      "f",
      "in force",
    );
    const proposed = paramsFromJson({ genesis_guardian_params: { guardian_addresses: ["gonka1b", "gonka1c"] }, poc_params: { models: [{ model_id: "m1", seq_len: "1" }] }, epoch_params: { epoch_length: "10" } }, "g", "proposed");
    const diff = diffParams(inForce, proposed);
    expect(diff.filter((c) => c.path.startsWith("poc_params.models[m2]")).map((c) => [c.path, c.old?.text, c.new, c.status])).toEqual([
      ["poc_params.models[m2].model_id", "m2", null, "changed"],
      ["poc_params.models[m2].seq_len", "2", null, "changed"],
      ["poc_params.models[m2].stat_test.dist_threshold", "0", null, "changed"],
      ["poc_params.models[m2].stat_test.p_mismatch", "0", null, "changed"],
      ["poc_params.models[m2].stat_test.p_value_threshold", "0", null, "changed"],
      ["poc_params.models[m2].weight_scale_factor", "0", null, "changed"],
      ["poc_params.models[m2].penalty_start_epoch", "0", null, "changed"],
      ["poc_params.models[m2].dynamic_coefficient.coeff_min", "0", null, "changed"],
      ["poc_params.models[m2].dynamic_coefficient.coeff_max", "0", null, "changed"],
      ["poc_params.models[m2].dynamic_coefficient.relative_difficulty", "0", null, "changed"],
      ["poc_params.models[m2].dynamic_coefficient.target_share_bps", "0", null, "changed"],
    ]);
    const j = judgeProposal({ ...fromJson({}), messages: [{ kind: "update-params", typeUrl: "/inference.inference.MsgUpdateParams", authority: GOV, params: proposed }] }, inForce, null);
    const m = j.messages[0] as Extract<MessageJudgement, { kind: "update-params" }>;
    const g = m.changes.find((c) => c.path === "genesis_guardian_params.guardian_addresses")!;
    expect([g.added, g.removed, g.old, g.new]).toEqual([["gonka1c"], ["gonka1a"], '["gonka1a","gonka1b"]', '["gonka1b","gonka1c"]']);
    expect(m.changes.map((c) => c.path).slice(0, 3)).toEqual(["poc_params.models[m2].model_id", "poc_params.models[m2].seq_len", "poc_params.models[m2].stat_test.dist_threshold"]);
    expect(m.changes.at(-1)!.path).toBe("genesis_guardian_params.guardian_addresses");
    const text = proposalText(j);
    expect(text).toContain("    genesis_guardian_params.guardian_addresses: 2 entries → 2 entries; adds gonka1c; removes gonka1a\n");
    expect(text).toContain("    poc_params.models[m2].seq_len: 2 → (none) tokens\n");
    expect(text).toContain("  of these, the port reads 6 (no rule of the port reads the other 6):\n");
    expect(text).toContain("    genesis_guardian_params.guardian_addresses: the preserved-set sampler (preserved, check, compare); not modelled by compare/backtest");
  });

  it("a restitution: what settlement paid each recipient in the named epochs the inputs hold", async () => {
    const p = await fromWire({ title: "Restitution for epochs 10-12", messages: [BATCH, MULTI] });
    const settled: SettledPayouts = {
      held: [9n, 10n, 12n],
      epochs: new Map([
        [10n, { version: "v0.2.12" as const, paid: new Map([["gonka1a", { reward: 3n, work: 4n }]]) }],
        [12n, { version: "v0.2.13" as const, paid: new Map([["gonka1out1", { reward: 0n, work: 0n }]]) }],
      ]),
    };
    const j = judgeProposal(p, null, settled);
    expect(j.restitution).toEqual({
      epochs: { from: 10n, to: 12n, text: "epochs 10-12" },
      available: [10n, 12n],
      missing: [11n],
      inputEpochs: [9n, 10n, 12n],
      versions: [
        { epoch: 10n, version: "v0.2.12", participants: 1, differ: null },
        { epoch: 12n, version: "v0.2.13", participants: 1, differ: null },
      ],
      rows: [
        {
          recipient: "gonka1a",
          proposed: 1_500_000_001n,
          paid: [
            { epoch: 10n, reward: 3n, work: 4n, participated: true, chain: null },
            { epoch: 12n, reward: 0n, work: 0n, participated: false, chain: null },
          ],
          paidTotal: 7n,
        },
        {
          recipient: "gonka1out1",
          proposed: 4n,
          paid: [
            { epoch: 10n, reward: 0n, work: 0n, participated: false, chain: null },
            { epoch: 12n, reward: 0n, work: 0n, participated: true, chain: null },
          ],
          paidTotal: 0n,
        },
        { recipient: "gonka1out2", proposed: 5n, paid: [{ epoch: 10n, reward: 0n, work: 0n, participated: false, chain: null }, { epoch: 12n, reward: 0n, work: 0n, participated: false, chain: null }], paidTotal: 0n },
      ],
    });
    const text = proposalText(j);
    expect(text).toContain("what settlement paid the recipients in epochs 10–12 (named in the title; the port's settle):\n  not available: 11 (the inputs hold epochs 9, 10, 12)\n  settled: epoch 10 on v0.2.12 rules, epoch 12 on v0.2.13 rules\n");
    expect(text).toMatch(/gonka1a\s+1\.500000001\s+7\s+not a participant\s+0\.000000007/);
    expect(text).toContain("  (paid = reward coins + work coins of the port's settlement of the epoch)");
    expect(text).toContain("  epoch 10: the inputs record no payout to check the port's settle against\n");
    const none = judgeProposal(await fromWire({ summary: "for epoch 5", messages: [VESTED] }), null, { held: [1n], epochs: new Map() });
    expect(proposalText(none)).toContain("what settlement paid the recipients in epoch 5 (named in the summary; the port's settle):\n  not available: none of epoch 5 (the inputs hold epoch 1)");
    expect(judgeProposal(await fromWire({ summary: "for epoch 5", messages: [VESTED] }), null, null).notes).toEqual(["the summary names epoch 5: give --rest-dump DIR with those settled epochs to see what settlement paid each recipient"]);
    expect(judgeProposal(await fromWire({ title: "epochs 5-6", messages: [UPGRADE] }), null, null)).toMatchObject({ restitution: null, notes: [] });
  });

  it("the header: status words, expedited, the failure, the tally only when cast, where it was read", async () => {
    const p = await fromWire({ status: 5, expedited: true, failedReason: "boom", votingEndTime: { seconds: 0n, nanos: 0 }, finalTallyResult: { yesCount: "0", abstainCount: "", noCount: "7", noWithVetoCount: "0" }, metadata: "ipfs://x", totalDeposit: [ngonka("1000000000")] });
    const head = proposalText(judgeProposal(p, null, null)).split("\n").slice(0, 6);
    expect(head).toEqual([
      "proposal 7: (no title)",
      "  failed (passed, but its messages failed) (PROPOSAL_STATUS_FAILED); voting ends 1970-01-01T00:00:00Z; expedited; failed: boom",
      "  proposer (none); deposit 1.000000000 GNK (1,000,000,000 ngonka); metadata ipfs://x",
      "  read from wire.json (protobuf, the node's answer at height 5)",
      "  final tally, in voting power (the chain's TallyResult counts): yes 0, no 7, abstain , no with veto 0",
      "",
    ]);
    const quiet = proposalText(judgeProposal(fromJson({ status: 3, finalTallyResult: { yes_count: "0" } }), null, null)).split("\n");
    expect(quiet.slice(0, 4)).toEqual(["proposal 7: (no title)", "  passed (PROPOSAL_STATUS_PASSED)", "  proposer (none); deposit nothing", "  read from p.json (proto JSON)"]);
    expect(quiet).toContain("no messages: a text proposal (it changes nothing on chain)");
  });
});

describe("figures a title states", () => {
  it("a 9-decimal GNK amount is read to the ngonka, a 10th decimal is no amount, a fraction of ngonka neither", () => {
    expect(statedAmounts("1.000000001 GNK; 2.0000000001 GNK; 3.5 ngonka; 4 gnk; 5,000 ngonka")).toEqual([
      { text: "1.000000001 GNK", ngonka: 1_000_000_001n, places: 9, unit: "GNK" },
      { text: "4 gnk", ngonka: 4_000_000_000n, places: 0, unit: "GNK" },
      { text: "5,000 ngonka", ngonka: 5000n, places: 0, unit: "ngonka" },
    ]);
    const [nine] = statedAmounts("1.000000001 GNK");
    expect([agreesWithStated(1_000_000_001n, nine!), agreesWithStated(1_000_000_000n, nine!)]).toEqual([true, false]);
    const [one] = statedAmounts("1.5 GNK");
    expect([agreesWithStated(1_450_000_000n, one!), agreesWithStated(1_449_999_999n, one!), agreesWithStated(1_549_999_999n, one!), agreesWithStated(1_550_000_000n, one!)]).toEqual([true, false, true, false]);
    const [ng] = statedAmounts("7 ngonka");
    expect([agreesWithStated(7n, ng!), agreesWithStated(8n, ng!)]).toEqual([true, false]);
  });

  it("the epochs named: at most 10,000 of them, in any dash, never backwards", () => {
    expect(statedEpochs("epochs 1-10000")).toEqual({ from: 1n, to: 10000n, text: "epochs 1-10000" });
    expect(statedEpochs("epochs 1-10001")).toBeNull();
    expect(statedEpochs("epochs 5 – 6")).toMatchObject({ from: 5n, to: 6n });
    expect(statedEpochs("Epochs 5..6")).toMatchObject({ from: 5n, to: 6n });
    expect(statedEpochs("epochs 5 through 5")).toMatchObject({ from: 5n, to: 5n });
    expect(statedEpochs("epochs 6-5")).toBeNull();
    expect(statedEpochs("no epochs here")).toBeNull();
    expect(statedCounts("1 recipients, 2,000 accounts")).toEqual([
      { text: "1 recipients", count: 1n, noun: "recipients" },
      { text: "2,000 accounts", count: 2000n, noun: "accounts" },
    ]);
  });

  it("GNK of a negative difference keeps its sign", () => {
    expect([gnkText(-1_500_000_000n), gnkText(-1n), gnkText(0n), gnkText(1_000_000_000_000n)]).toEqual(["-1.500000000", "-0.000000001", "0.000000000", "1,000.000000000"]);
  });
});

describe("the flat Params values", () => {
  it("a uint32 takes 0 to 4,294,967,295 and an int32 its range, in both JSON forms; the wire form agrees", () => {
    const at = (v: unknown) => paramsFromJson({ devshard_escrow_params: { group_size: v } } as JsonObject, "p", "s").values.get("devshard_escrow_params.group_size")!.value.text;
    expect([at(0), at("4294967295"), at(16)]).toEqual(["0", "4294967295", "16"]);
    expect(refusal(() => at(-1))).toBe("p.devshard_escrow_params.group_size: -1 does not fit in uint32");
    expect(refusal(() => at("4294967296"))).toBe("p.devshard_escrow_params.group_size: 4294967296 does not fit in uint32");
    const i32 = (v: unknown) => paramsFromJson({ poc_params: { default_difficulty: v } } as JsonObject, "p", "s").values.get("poc_params.default_difficulty")!.value.text;
    expect([i32(-2147483648), i32("2147483647")]).toEqual(["-2147483648", "2147483647"]);
    expect(refusal(() => i32(-2147483649))).toBe("p.poc_params.default_difficulty: -2147483649 does not fit in int32");
    expect(refusal(() => i32(2147483648))).toBe("p.poc_params.default_difficulty: 2147483648 does not fit in int32");
    const bytes = Params.encode({ devshardEscrowParams: { groupSize: 4294967295 } } as never);
    expect(paramsFromBytes(bytes, "w").values.get("devshard_escrow_params.group_size")!.value.text).toBe("4294967295");
  });

  it("what a message leaves out is named absent; a top-level message it leaves out too", () => {
    const s = paramsFromJson({ epoch_params: { epoch_length: "5", poc_slot_allocation: { value: "1", exponent: -1 } }, fee_params: {} }, "p", "s");
    expect(s.absent!.has("epoch_params.epoch_length")).toBe(false);
    expect(s.absent!.has("epoch_params.epoch_shift")).toBe(true);
    expect(s.absent!.has("epoch_params")).toBe(false);
    expect(s.absent!.has("fee_params")).toBe(false);
    expect(s.absent!.has("validation_params")).toBe(true);
    expect(s.absent!.has("validation_params.binom_test_p0")).toBe(true);
    expect(paramsFromJson({}, "p", "s", false).absent).toBeUndefined();
    // a message on the wire with every field zero is present (empty), not nil
    const w = paramsFromBytes(Uint8Array.from([0x72, 0]), "w");
    expect([w.absent!.has("devshard_escrow_params"), w.absent!.has("epoch_params"), w.absent!.has("devshard_escrow_params.group_size")]).toEqual([false, true, true]);
  });
});
