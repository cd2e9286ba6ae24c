// The judge (src/gov/judge.ts) where a hand-built proposal reaches what the others do not: legacy content
// without content, totals per denom in byte order whatever order the coins come in, the precision a stated
// GNK amount is checked to, a count that agrees, the notes of a mixed proposal and of the epochs a title or
// summary names, a list the proposal clears, the units of a flag, a string and an address list, and an
// upgrade the port pins only when every rule family reaches it.
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import type { JsonObject } from "../../src/json-input.js";
import { judgeProposal, type MessageJudgement } from "../../src/gov/judge.js";
import { diffParams, paramsFromJson } from "../../src/gov/param-values.js";
import { proposalFromJson } from "../../src/gov/proposal-json.js";
import type { GovProposal } from "../../src/gov/proposal.js";
import { FAMILY_COVERAGE } from "../../src/versions/rule-families.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";

const SEND = "/cosmos.bank.v1beta1.MsgSend";
const LEGACY = "/cosmos.gov.v1.MsgExecLegacyContent";
const gov = (messages: Json[], title = "T", summary = ""): GovProposal => proposalFromJson({ id: "9", title, summary, messages }, "p", "p.json");
const update = (params: JsonObject): Json => ({ "@type": "/inference.inference.MsgUpdateParams", authority: "a", params });
const send = (to: string, ...coins: [string, string][]): Json => ({ "@type": SEND, from_address: "gonka1gov", to_address: to, amount: coins.map(([denom, amount]) => ({ denom, amount })) });
const complete = (o: JsonObject) => paramsFromJson(o, "f", "the params F");
const paramsOf = (m: MessageJudgement | undefined) => m as Extract<MessageJudgement, { kind: "update-params" }>;

describe("the judge's messages", () => {
  it("legacy content without content: judged as none, and it pays no one (a stated amount and epochs check nothing)", () => {
    const j = judgeProposal(gov([{ "@type": LEGACY, authority: "a", content: null }], "Pay 5 ngonka for epochs 3-4"), null, null);
    expect(j.messages).toEqual([{ index: 1, kind: "exec-legacy-content", typeUrl: LEGACY, authority: "a", content: null }]);
    expect([j.stated, j.epochs, j.restitution, j.notes]).toEqual([[], { from: 3n, to: 4n, text: "epochs 3-4" }, null, []]);
  });

  it("totals per denom in byte order, whether the coins come sorted or not", () => {
    const totals = (...coins: [string, string][]) => {
      const m = judgeProposal(gov([send("gonka1a", ...coins)]), null, null).messages[0]!;
      return m.kind === "transfers" ? m.totals.map((c) => `${c.amount} ${c.denom}`) : null;
    };
    expect(totals(["ngonka", "2"], ["uatom", "5"])).toEqual(["2 ngonka", "5 uatom"]);
    expect(totals(["uatom", "5"], ["ngonka", "2"])).toEqual(["2 ngonka", "5 uatom"]);
    expect(totals(["uatom", "5"], ["ibc/X", "1"], ["ngonka", "2"])).toEqual(["1 ibc/X", "2 ngonka", "5 uatom"]);
  });

  it("an upgrade is pinned only when every rule family reaches it, not the settlement's alone", () => {
    const rules = (name: ChainVersion) => {
      const m = judgeProposal(gov([{ "@type": "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", authority: "a", plan: { name, height: "1" } }]), null, null).messages[0]!;
      return m.kind === "software-upgrade" ? m.rules : null;
    };
    // a family lagging one release behind the others (the table is restored after the call)
    const lagging = FAMILY_COVERAGE.preserved as { newest: ChainVersion };
    const newest = lagging.newest;
    expect(newest).toBe("v0.2.16");
    try {
      lagging.newest = "v0.2.15";
      expect([rules("v0.2.15"), rules("v0.2.16")]).toEqual(["known", "unpinned"]);
    } finally {
      lagging.newest = newest;
    }
    expect(rules("v0.2.16")).toBe("known");
  });
});

describe("what the title and summary state", () => {
  it("a GNK amount with fewer than 9 decimals agrees to the decimals stated; 9 decimals and ngonka agree exactly, said without a precision", () => {
    const p = gov([send("gonka1a", ["ngonka", "1000000000"]), send("gonka1b", ["ngonka", "500000000"])], "Send 1.5 GNK", "that is 1.50 GNK, 1.500000000 GNK or 1500000000 ngonka");
    const sends = "the messages send 1.500000000 GNK (1,500,000,000 ngonka) in all";
    expect(judgeProposal(p, null, null).stated.map((s) => [s.kind, s.agrees, s.detail])).toEqual([
      ["amount", true, `the title states 1.5 GNK; ${sends}: agrees (to the 1 decimal stated)`],
      ["amount", true, `the summary states 1.50 GNK; ${sends}: agrees (to the 2 decimals stated)`],
      ["amount", true, `the summary states 1.500000000 GNK; ${sends}: agrees`],
      ["amount", true, `the summary states 1500000000 ngonka; ${sends}: agrees`],
    ]);
  });

  it("a count that agrees says so", () => {
    const j = judgeProposal(gov([send("gonka1a", ["ngonka", "1"]), send("gonka1b", ["ngonka", "1"])], "Pay 2 recipients"), null, null);
    expect(j.stated.map((s) => [s.kind, s.stated, s.computed, s.agrees, s.detail])).toEqual([["count", 2n, 2n, true, "the title states 2 recipients; the messages have 2 outputs to 2 distinct recipients: agrees"]]);
  });

  it("notes: a parameter update beside transfers without params in force; the epochs the title, else the summary, names without settled epochs", () => {
    const messages = [update({}), send("gonka1a", ["ngonka", "1"])];
    const give = "give --rest-dump DIR with those settled epochs to see what settlement paid each recipient";
    expect(judgeProposal(gov(messages, "Restitution for epochs 3-4"), null, null).notes).toEqual([
      "no params in force were given (--node, --snapshot, --rest-dump or --params): every parameter the message sets is listed as not recorded",
      `the title names epochs 3-4: ${give}`,
    ]);
    expect(judgeProposal(gov(messages.slice(1), "Restitution", "for epoch 7 only"), null, null).notes).toEqual([`the summary names epoch 7: ${give}`]);
  });
});

describe("a parameter update's changes", () => {
  it("a list the proposal leaves out is cleared: every address removed, none added", () => {
    const inForce = complete({ genesis_guardian_params: { guardian_addresses: ["gonka1g1", "gonka1g2"] } });
    const m = paramsOf(judgeProposal(gov([update({})]), inForce, null).messages[0]);
    expect(m.changes.filter((c) => c.path === "genesis_guardian_params.guardian_addresses")).toEqual([
      expect.objectContaining({ unit: "addresses", new: "[]", status: "changed", added: [], removed: ["gonka1g1", "gonka1g2"] }),
    ]);
  });

  it("a Decimal left out is marked nil (old in force, new in the message); an integer left out is its 0, not marked", () => {
    const d = (value: string, exponent: number) => ({ value, exponent });
    const inForce = complete({ epoch_params: { epoch_multiplier: "2" }, collateral_params: { base_weight_ratio: d("5", -1) } });
    const p = gov([update({ epoch_params: { poc_stage_duration: "3" }, validation_params: { false_positive_rate: d("1", -2) } })]);
    const m = paramsOf(judgeProposal(p, inForce, null).messages[0]);
    const view = (path: string) => {
      const c = m.changes.find((x) => x.path === path)!;
      return [c.old, c.new, c.oldNil, c.newNil];
    };
    expect(view("validation_params.false_positive_rate")).toEqual(["0", "0.01", true, undefined]);
    expect(view("epoch_params.poc_stage_duration")).toEqual(["0", "3", undefined, undefined]);
    expect(view("collateral_params.base_weight_ratio")).toEqual(["0.5", "0", undefined, true]);
    expect(view("epoch_params.epoch_multiplier")).toEqual(["2", "0", undefined, undefined]);
  });

  it("a flag and a string have no unit; a value the params in force hold and the proposal changes is changed", () => {
    const inForce = complete({ validation_params: { logprobs_mode: "off" } });
    const proposed = complete({ validation_params: { logprobs_mode: "on" }, poc_params: { poc_v2_enabled: true } });
    expect(diffParams(inForce, proposed).map((c) => [c.path, c.field.unit, c.old?.text, c.new?.text, c.status])).toEqual([
      ["validation_params.logprobs_mode", "", "off", "on", "changed"],
      ["poc_params.poc_v2_enabled", "", "false", "true", "changed"],
    ]);
  });
});
