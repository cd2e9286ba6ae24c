// Proposal 67 as a gonka-mainnet node answered /cosmos.gov.v1.Query/Proposal at block 4,401,104
// (test/realdata/rpc): the facts pinned here come from the bytes, through the proto-signing Registry.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultRegistryTypes } from "@cosmjs/stargate";
import { Registry } from "@cosmjs/proto-signing";
import { MsgMultiSend, MsgSend, QueryProposalResponse } from "../../src/chain/gen/proto.js";
import { judgeProposal } from "../../src/gov/judge.js";
import { loadProposalFile } from "../../src/gov/proposal-source.js";
import { govRegistry, MESSAGE_TYPES } from "../../src/gov/registry.js";
import { agreesWithStated, gnkText, statedAmounts, statedCounts, statedEpochs } from "../../src/gov/stated-figures.js";
import { readRealdata, REALDATA_DIR } from "../realdata/load.js";

const ANSWER = join(REALDATA_DIR, "rpc", "abci_4401104_proposal.json");

describe("proposal 67 from the node's bytes", () => {
  it("decodes: id 67, one MsgBatchTransferWithVesting of 52 outputs, 946,509,925,001,558 ngonka, 160 vesting epochs, voting period", async () => {
    const p = await loadProposalFile(ANSWER);
    expect(p.id).toBe(67n);
    expect(p.status).toBe("PROPOSAL_STATUS_VOTING_PERIOD");
    expect(p.form).toBe("protobuf");
    expect(p.height).toBe(4401104n);
    expect(p.title).toBe("Kimi Restitution (epochs 265-276)");
    expect(p.messages).toHaveLength(1);
    const m = p.messages[0]!;
    expect(m.typeUrl).toBe("/inference.streamvesting.MsgBatchTransferWithVesting");
    if (m.kind !== "transfers") throw new Error(m.kind);
    expect(m.outputs).toHaveLength(52);
    expect(new Set(m.outputs.map((o) => o.recipient)).size).toBe(52);
    expect(m.outputs.every((o) => o.coins.length === 1 && o.coins[0]!.denom === "ngonka")).toBe(true);
    expect(m.outputs.reduce((s, o) => s + o.coins[0]!.amount, 0n)).toBe(946_509_925_001_558n);
    expect(m.vestingEpochs).toBe(160n);
    expect(m.sender).toBe("gonka10d07y265gmmuvt4z0w9aw880jnsr700j2h5m33");
    expect(m.outputs[0]).toEqual({ recipient: "gonka1qa90tgczc0k5dvk4l5nvlf5y6phgm6mg22sfjv", coins: [{ denom: "ngonka", amount: 158_541_879_455_919n }] });
    expect(p.totalDeposit).toEqual([{ denom: "ngonka", amount: 25_250_000n }]);
    expect(p.proposer).toBe("gonka1nvcwl2c7jxj2h47c56y8dmcmf0tynt5dplzngy");
    expect(p.submitTime).toBe("2026-06-03T21:54:51.43883301Z");
    expect(p.votingEndTime).toBe("2026-06-05T22:09:02.699803591Z");
    expect(p.metadata).toBe("https://github.com/votkon/gonka-kimi-restitution");
  });

  it("re-encodes to the node's bytes (every field of QueryProposalResponse is one the port reads)", () => {
    const doc = JSON.parse(readRealdata("rpc/abci_4401104_proposal.json")) as { json: { result: { response: { value: string } } } };
    const bytes = Buffer.from(doc.json.result.response.value, "base64");
    expect(Buffer.from(QueryProposalResponse.encode(QueryProposalResponse.decode(bytes))).equals(bytes)).toBe(true);
  });

  it("the summary's total agrees to its 2 decimals; its count of 53 addresses is one more than the 52 outputs", async () => {
    const j = judgeProposal(await loadProposalFile(ANSWER), null, null);
    expect(j.stated.map((s) => [s.kind, s.text, s.agrees])).toEqual([
      ["amount", "946,509.93 GNK", true],
      ["count", "53 addresses", false],
    ]);
    expect(j.stated[1]!.detail).toMatch(/52 outputs to 52 distinct recipients: fewer by 1$/);
    expect(j.epochs).toMatchObject({ from: 265n, to: 276n });
    expect(j.notes.join("\n")).toMatch(/names epochs 265-276: give --rest-dump DIR/);
  });
});

describe("the registry", () => {
  it("holds exactly the types gonka-spec decodes, and an unregistered type is not guessed", async () => {
    const r = await govRegistry();
    for (const t of Object.values(MESSAGE_TYPES)) expect(r.lookupType(t.typeUrl), t.typeUrl).toBeDefined();
    expect(r.lookupType("/cosmos.bank.v1beta1.MsgBurn")).toBeUndefined();
  });

  it("bank MsgSend and MsgMultiSend are wire-compatible with CosmJS's own codecs (stargate's default registry)", async () => {
    const theirs = new Registry(defaultRegistryTypes);
    const send = { fromAddress: "gonka1from", toAddress: "gonka1to", amount: [{ denom: "ngonka", amount: "123456789012345678" }] };
    const sendUrl = MESSAGE_TYPES.send.typeUrl;
    expect(theirs.decode({ typeUrl: sendUrl, value: MsgSend.encode(send) })).toEqual(send);
    expect(MsgSend.decode(theirs.encode({ typeUrl: sendUrl, value: send }))).toEqual(send);
    const multi = { inputs: [{ address: "gonka1a", coins: [{ denom: "ngonka", amount: "5" }] }], outputs: [{ address: "gonka1b", coins: [{ denom: "ngonka", amount: "3" }] }, { address: "gonka1c", coins: [{ denom: "ngonka", amount: "2" }] }] };
    const multiUrl = MESSAGE_TYPES.multiSend.typeUrl;
    expect(theirs.decode({ typeUrl: multiUrl, value: MsgMultiSend.encode(multi) })).toEqual(multi);
    expect(MsgMultiSend.decode(theirs.encode({ typeUrl: multiUrl, value: multi }))).toEqual(multi);
    const ours = await govRegistry();
    expect(ours.decode({ typeUrl: sendUrl, value: theirs.encode({ typeUrl: sendUrl, value: send }) })).toEqual(send);
  });
});

describe("figures stated in words", () => {
  it("reads totals, counts and epoch ranges, and compares a total to the precision stated", () => {
    expect(statedAmounts("Total: 946,509.93 GNK to 53 addresses; fee 1500 ngonka")).toEqual([
      { text: "946,509.93 GNK", ngonka: 946_509_930_000_000n, places: 2, unit: "GNK" },
      { text: "1500 ngonka", ngonka: 1500n, places: 0, unit: "ngonka" },
    ]);
    expect(statedCounts("to 1,053 addresses")).toEqual([{ text: "1,053 addresses", count: 1053n, noun: "addresses" }]);
    expect(statedEpochs("Kimi Restitution (epochs 265-276)")).toEqual({ from: 265n, to: 276n, text: "epochs 265-276" });
    expect(statedEpochs("for epoch 250 only")).toMatchObject({ from: 250n, to: 250n });
    expect(statedEpochs("epochs 9-3")).toBeNull();
    const [a] = statedAmounts("946,509.93 GNK");
    expect(agreesWithStated(946_509_925_001_558n, a!)).toBe(true);
    expect(agreesWithStated(946_509_935_000_000n, a!)).toBe(false);
    expect(agreesWithStated(946_509_924_999_999n, a!)).toBe(false);
    expect(gnkText(946_509_925_001_558n)).toBe("946,509.925001558");
    expect(gnkText(25_250_000n)).toBe("0.025250000");
    expect(gnkText(3n * 10n ** 9n)).toBe("3.000000000");
  });
});
