// The whole text of `gonka-spec proposal` for every kind of message but a parameter update, the header
// (summary, the tally only when a vote was cast, each count grouped when it is an integer), the figures
// the title states, and a restitution's table: each line is what a voter reads (issue 30 item 13, mutation
// testing of src/gov/proposal-text.ts).
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import { judgeProposal, type SettledPayouts } from "../../src/gov/judge.js";
import { proposalFromJson } from "../../src/gov/proposal-json.js";
import { proposalText } from "../../src/gov/proposal-text.js";

const ngonka = (amount: string) => ({ denom: "ngonka", amount });
type Settled = Parameters<SettledPayouts["epochs"]["set"]>[1];
const text = (p: { [k: string]: Json }, label: string, settled: SettledPayouts | null = null) => proposalText(judgeProposal(proposalFromJson(p, "p", label), null, settled));

describe("gonka-spec proposal's text, message by message", () => {
  it("transfers in several denoms and in one foreign denom, two upgrades, legacy content without content, an unknown message; a tally in voting power", () => {
    const messages: Json[] = [
      { "@type": "/cosmos.bank.v1beta1.MsgMultiSend", inputs: [{ address: "gonka1in" }], outputs: [{ address: "gonka1out1", coins: [ngonka("4")] }, { address: "gonka1out2", coins: [ngonka("5"), { denom: "ibc/X", amount: "1" }] }] },
      { "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: "gonka1from", to_address: "gonka1to", amount: [{ denom: "uatom", amount: "5000" }] },
      { "@type": "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", authority: "gonka1gov", plan: { name: "v0.2.14", height: "4500000", info: "binaries" } },
      { "@type": "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", authority: "gonka1gov", plan: { name: "v0.2.5", height: "5000000" } },
      { "@type": "/cosmos.gov.v1.MsgExecLegacyContent", authority: "gonka1gov" },
      { "@type": "/cosmos.bank.v1beta1.MsgBurn", amount: "1" },
    ];
    const tally = { yes_count: "1234567", no_count: "1234.5", abstain_count: "0", no_with_veto_count: "0" };
    const p = { id: "21", title: "Pay 3 hosts", summary: "A multi-send, a send, two upgrades and legacy content.", proposer: "gonka1prop", status: "PROPOSAL_STATUS_PASSED", submit_time: "2026-01-02T03:04:05Z", final_tally_result: tally, messages };
    expect(text(p, "a.json")).toBe(
      [
        "proposal 21: Pay 3 hosts",
        "  passed (PROPOSAL_STATUS_PASSED); submitted 2026-01-02T03:04:05Z",
        "  proposer gonka1prop; deposit nothing",
        "  read from a.json (proto JSON)",
        "  final tally, in voting power (the chain's TallyResult counts): yes 1,234,567, no 1234.5, abstain 0, no with veto 0",
        "summary: A multi-send, a send, two upgrades and legacy content.",
        "",
        "message 1 of 6: /cosmos.bank.v1beta1.MsgMultiSend",
        "  from gonka1in to 2 recipients, paid at once",
        "  total 1 ibc/X + 0.000000009 GNK (9 ngonka)",
        "  recipient   amount",
        "  ----------  ------------------------------------",
        "  gonka1out1  0.000000004 GNK (4 ngonka)",
        "  gonka1out2  0.000000005 GNK (5 ngonka) + 1 ibc/X",
        "",
        "message 2 of 6: /cosmos.bank.v1beta1.MsgSend",
        "  from gonka1from to 1 recipient, paid at once",
        "  total 5,000 uatom",
        "  recipient  amount",
        "  ---------  -----------",
        "  gonka1to   5,000 uatom",
        "",
        "message 3 of 6: /cosmos.upgrade.v1beta1.MsgSoftwareUpgrade",
        '  upgrade plan "v0.2.14" at block 4,500,000: the port has v0.2.14\'s rules',
        "  info: binaries",
        "",
        "message 4 of 6: /cosmos.upgrade.v1beta1.MsgSoftwareUpgrade",
        '  upgrade plan "v0.2.5" at block 5,000,000: a version older than the oldest the port has rules for (v0.2.10)',
        "",
        "message 5 of 6: /cosmos.gov.v1.MsgExecLegacyContent",
        "  authority gonka1gov; executes legacy content:",
        "  (no content)",
        "",
        "message 6 of 6: /cosmos.bank.v1beta1.MsgBurn",
        "  a message type the port does not decode (14 JSON characters): judge it from its source",
        "",
        "stated in the title and summary:",
        "  the title states 3 hosts; the messages have 3 outputs to 3 distinct recipients: agrees",
      ].join("\n"),
    );
  });

  it("a tally of zeros and empty counts is no vote: no tally line", () => {
    expect(text({ id: "22", title: "T", final_tally_result: { yes_count: "0", no_count: "", abstain_count: "0", no_with_veto_count: "0" } }, "b.json")).toBe(
      ["proposal 22: T", "  status unspecified (PROPOSAL_STATUS_UNSPECIFIED)", "  proposer (none); deposit nothing", "  read from b.json (proto JSON)", "", "no messages: a text proposal (it changes nothing on chain)"].join("\n"),
    );
  });
});

describe("gonka-spec proposal's restitution table", () => {
  const batch = {
    "@type": "/inference.streamvesting.MsgBatchTransferWithVesting",
    sender: "gonka1gov",
    vesting_epochs: "10",
    outputs: [
      { recipient: "gonka1a", amount: [ngonka("3000000000")] },
      { recipient: "gonka1b", amount: [ngonka("2000000000")] },
      { recipient: "gonka1z", amount: [ngonka("500000000")] },
    ],
  };
  const transfer = [
    "message 1 of 1: /inference.streamvesting.MsgBatchTransferWithVesting",
    "  from gonka1gov to 3 recipients, vesting over 10 epochs",
    "  total 5.500000000 GNK (5,500,000,000 ngonka)",
    "  recipient  amount (GNK)  amount (ngonka)",
    "  ---------  ------------  ---------------",
    "  gonka1a     3.000000000    3,000,000,000",
    "  gonka1b     2.000000000    2,000,000,000",
    "  gonka1z     0.500000000      500,000,000",
    "",
  ];
  const head = (id: string, title: string, summary: string, label: string) => [
    `proposal ${id}: ${title}`,
    "  status unspecified (PROPOSAL_STATUS_UNSPECIFIED)",
    "  proposer (none); deposit nothing",
    `  read from ${label} (proto JSON)`,
    ...(summary ? [`summary: ${summary}`] : []),
    "",
  ];
  const paid = (reward: bigint, work = 0n) => ({ reward, work });
  // epoch 40: the chain's record agrees, and pays gonka1b, whom the port's settle does not;
  // epoch 41: no record; epoch 42: the record differs for gonka1a
  const E40: Settled = { version: "v0.2.12", paid: new Map([["gonka1a", paid(1000n, 234n)], ["gonka1c", paid(5n)]]), recorded: new Map([["gonka1a", paid(1000n, 234n)], ["gonka1c", paid(5n)], ["gonka1b", paid(7n)]]) };
  const E41: Settled = { version: "v0.2.12", paid: new Map([["gonka1a", paid(50n)]]) };
  const E42: Settled = { version: "v0.2.13", paid: new Map([["gonka1a", paid(2000n)], ["gonka1b", paid(10n, 1n)]]), recorded: new Map([["gonka1a", paid(1999n)], ["gonka1b", paid(10n, 1n)]]) };
  const DIFFER_42 = "  epoch 42: the port's settle pays 1 of 2 participants what the chain recorded; 1 differ (gonka-spec settle --rest-dump DIR --epoch 42 says what they read in doubt)";
  const PAID_NOTE =
    '  (paid = reward coins + work coins of the port\'s settlement of the epoch; "≠ chain X": the chain recorded paying X (rewarded_coins + earned_coins), so the port\'s figure there is not what the chain paid, and "paid in all" is the port\'s sum)';

  it("epochs held and not: the port's figure beside the chain's where they differ, a participant the chain paid and the port did not, no record, no participant", () => {
    const settled: SettledPayouts = { held: [40n, 41n, 42n], epochs: new Map([[40n, E40], [41n, E41], [42n, E42]]) };
    expect(text({ id: "23", title: "Restitution for epochs 40-44", messages: [batch] }, "c.json", settled)).toBe(
      [
        ...head("23", "Restitution for epochs 40-44", "", "c.json"),
        ...transfer,
        "what settlement paid the recipients in epochs 40–44 (named in the title; the port's settle):",
        "  not available: 43, 44 (the inputs hold epochs 40, 41, 42)",
        "  settled: epoch 40 on v0.2.12 rules, epoch 41 on v0.2.12 rules, epoch 42 on v0.2.13 rules",
        // gonka1b, whom the chain paid and the port's settle leaves out, is one of epoch 40's participants and differs
        "  epoch 40: the port's settle pays 2 of 3 participants what the chain recorded; 1 differ (gonka-spec settle --rest-dump DIR --epoch 40 says what they read in doubt)",
        "  epoch 41: the inputs record no payout to check the port's settle against",
        DIFFER_42,
        "  recipient  proposed (GNK)   paid 40 (ngonka)   paid 41 (ngonka)     paid 42 (ngonka)  paid in all (GNK)",
        "  ---------  --------------  -----------------  -----------------  -------------------  -----------------",
        "  gonka1a       3.000000000              1,234                 50  2,000 ≠ chain 1,999        0.000003284",
        "  gonka1b       2.000000000        0 ≠ chain 7  not a participant                   11        0.000000011",
        "  gonka1z       0.500000000  not a participant  not a participant    not a participant        0.000000000",
        PAID_NOTE,
      ].join("\n"),
    );
  });

  it("the chain's record agrees with every payout, and records 0 for one the port's settle leaves out: no line for the epoch, no note of the chain's figures", () => {
    const agreed: Settled = { ...E40, recorded: new Map([["gonka1a", paid(1000n, 234n)], ["gonka1c", paid(5n)], ["gonka1b", paid(0n)]]) };
    expect(text({ id: "25", title: "Restitution", summary: "for epoch 40", messages: [batch] }, "e.json", { held: [40n], epochs: new Map([[40n, agreed]]) })).toBe(
      [
        ...head("25", "Restitution", "for epoch 40", "e.json"),
        ...transfer,
        "what settlement paid the recipients in epoch 40 (named in the summary; the port's settle):",
        "  settled: epoch 40 on v0.2.12 rules",
        "  recipient  proposed (GNK)   paid 40 (ngonka)  paid in all (GNK)",
        "  ---------  --------------  -----------------  -----------------",
        "  gonka1a       3.000000000              1,234        0.000001234",
        "  gonka1b       2.000000000                  0        0.000000000",
        "  gonka1z       0.500000000  not a participant        0.000000000",
        "  (paid = reward coins + work coins of the port's settlement of the epoch)",
      ].join("\n"),
    );
  });

  it("every epoch named is held: nothing said missing; none is held, and the inputs hold no epochs", () => {
    const p = { id: "24", summary: "for epoch 42", messages: [batch] };
    expect(text(p, "d.json", { held: [42n], epochs: new Map([[42n, E42]]) })).toBe(
      [
        ...head("24", "(no title)", "for epoch 42", "d.json"),
        ...transfer,
        "what settlement paid the recipients in epoch 42 (named in the summary; the port's settle):",
        "  settled: epoch 42 on v0.2.13 rules",
        DIFFER_42,
        "  recipient  proposed (GNK)     paid 42 (ngonka)  paid in all (GNK)",
        "  ---------  --------------  -------------------  -----------------",
        "  gonka1a       3.000000000  2,000 ≠ chain 1,999        0.000002000",
        "  gonka1b       2.000000000                   11        0.000000011",
        "  gonka1z       0.500000000    not a participant        0.000000000",
        PAID_NOTE,
      ].join("\n"),
    );
    expect(text(p, "d.json", { held: [], epochs: new Map() })).toBe(
      [...head("24", "(no title)", "for epoch 42", "d.json"), ...transfer, "what settlement paid the recipients in epoch 42 (named in the summary; the port's settle):", "  not available: none of epoch 42 (the inputs hold no epochs)"].join("\n"),
    );
  });
});
