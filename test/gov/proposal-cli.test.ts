// gonka-spec proposal on the real node answer, the two JSON forms, malformed answers, and the settled
// epochs of a restitution looked up by number in REST dumps.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MsgExecLegacyContent, MsgSend, MsgSoftwareUpgrade, QueryProposalResponse, type GovProposal } from "../../src/chain/gen/proto.js";
import { parseJson, type Json } from "../../src/go/json.js";
import { runCli } from "../helpers/cli.js";
import { readRealdata, REALDATA_DIR } from "../realdata/load.js";

const ROOT = join(import.meta.dirname, "..", "..");
const ANSWER = join(REALDATA_DIR, "rpc", "abci_4401104_proposal.json");
const REST = join(REALDATA_DIR, "rest");
const SNAP = join(ROOT, "examples", "mainnet-like.snapshot.json");
const AMINO = join(ROOT, "examples", "gov", "slot-allocation-0.25.amino.json");
const PROTO = join(ROOT, "examples", "gov", "slot-allocation-0.25.proto.json");
const TMP = mkdtempSync(join(tmpdir(), "gonka-proposal-"));
const realAnswer = JSON.parse(readRealdata("rpc/abci_4401104_proposal.json")) as { json: { result: { response: { value: string } } } };

function write(name: string, doc: unknown): string {
  const f = join(TMP, name);
  writeFileSync(f, typeof doc === "string" ? doc : JSON.stringify(doc, (_k, v) => (typeof v === "bigint" ? v.toString() : v)));
  return f;
}

/** The real answer with its value replaced. */
function answerWith(value: string): unknown {
  const doc = structuredClone(realAnswer);
  doc.json.result.response.value = value;
  return doc;
}

type Doc = { [k: string]: Json };
const json = (out: string) => parseJson(out) as Doc;

describe("gonka-spec proposal: proposal 67 from the node's answer", () => {
  it("says what it does: 52 recipients, the total in GNK and ngonka, 160 vesting epochs, the stated figures beside them", async () => {
    const r = await runCli(["proposal", ANSWER]);
    expect(r.code, r.err).toBe(0);
    const lines = r.out.split("\n");
    expect(lines[0]).toBe("proposal 67: Kimi Restitution (epochs 265-276)");
    expect(r.out).toContain("in its voting period (PROPOSAL_STATUS_VOTING_PERIOD)");
    expect(r.out).toContain("(protobuf, the node's answer at height 4,401,104)");
    expect(r.out).toContain("message 1 of 1: /inference.streamvesting.MsgBatchTransferWithVesting");
    expect(r.out).toContain("from gonka10d07y265gmmuvt4z0w9aw880jnsr700j2h5m33 to 52 recipients, vesting over 160 epochs");
    expect(r.out).toContain("total 946,509.925001558 GNK (946,509,925,001,558 ngonka)");
    expect(lines.find((l) => l.includes("gonka1qa90tgczc0k5dvk4l5nvlf5y6phgm6mg22sfjv"))?.trim()).toBe("gonka1qa90tgczc0k5dvk4l5nvlf5y6phgm6mg22sfjv  158,541.879455919  158,541,879,455,919");
    expect(r.out).toContain("the summary states 946,509.93 GNK; the messages send 946,509.925001558 GNK (946,509,925,001,558 ngonka) in all: agrees (to the 2 decimals stated)");
    expect(r.out).toContain("the summary states 53 addresses; the messages have 52 outputs to 52 distinct recipients: fewer by 1");
    expect(r.out).toContain("give --rest-dump DIR with those settled epochs");
  });

  it("prints every line of the README's excerpt, in order", async () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### proposal: "));
    const excerpt = /```text\n([\s\S]*?)```/.exec(section)![1]!.split("\n").filter((l) => l !== "" && l.trim() !== "…");
    const r = await runCli(["proposal", "test/realdata/rpc/abci_4401104_proposal.json", "--rest-dump", "test/realdata/rest"]);
    const lines = r.out.split("\n");
    let at = 0;
    for (const l of excerpt) {
      const i = lines.indexOf(l, at);
      expect(i, l).toBeGreaterThanOrEqual(at);
      at = i + 1;
    }
    expect(excerpt.length).toBeGreaterThan(8);
  });

  it("with REST dumps that lack epochs 265–276: says they are not available, naming the epochs the dumps hold", async () => {
    const r = await runCli(["proposal", ANSWER, "--rest-dump", REST]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("what settlement paid the recipients in epochs 265–276 (named in the title; the port's settle):");
    expect(r.out).toContain("not available: none of epochs 265–276 (the inputs hold epochs 247, 248, 249)");
    const j = json((await runCli(["proposal", ANSWER, "--rest-dump", REST, "--json"])).out);
    expect(j.restitution).toMatchObject({ available: [], inputEpochs: ["247", "248", "249"], epochs: { from: "265", to: "276" } });
    expect((j.restitution as { missing: string[] }).missing).toHaveLength(12);
  });

  it("--json: the same facts, exact", async () => {
    const r = await runCli(["proposal", ANSWER, "-o", "json"]);
    expect(r.code).toBe(0);
    const j = json(r.out);
    expect(j).toMatchObject({ schema: "gonka-spec/proposal@1", id: "67", status: "PROPOSAL_STATUS_VOTING_PERIOD", source: { form: "protobuf", height: "4401104" } });
    const m = (j.messages as { [k: string]: Json }[])[0]!;
    expect(m).toMatchObject({ kind: "transfers", recipients: 52, distinctRecipients: 52, vestingEpochs: "160", totals: [{ denom: "ngonka", amount: "946509925001558" }] });
  });
});

describe("restitution: the settled epochs a title names, looked up by number", () => {
  it("shows what the port's settle paid each recipient in the named epochs the dumps hold (= the chain's rewarded_coins)", async () => {
    const summaries = (e: number) => new Map(((parseJson(readRealdata(`rest/epoch_${e}/epoch_performance_summary_${e}.json`)) as { epochPerformanceSummary: { participant_id: string; rewarded_coins: string }[] }).epochPerformanceSummary).map((s) => [s.participant_id, BigInt(s.rewarded_coins)]));
    const s248 = summaries(248);
    const s249 = summaries(249);
    const a = "gonka1q5xt54wncgzk7dxv9x64uln68455g83wu9tugg";
    const b = "gonka1qu9mna5xlvlnw9455ygtjq92wuzkzm237w8l08";
    const stranger = "gonka1stranger0000000000000000000000000000";
    const file = write("restitution.json", {
      proposal: {
        id: "9002",
        title: "Test restitution (epochs 248-250)",
        summary: "Total: 3 GNK to 3 addresses.",
        status: "PROPOSAL_STATUS_DEPOSIT_PERIOD",
        messages: [
          {
            "@type": "/inference.streamvesting.MsgBatchTransferWithVesting",
            sender: "gonka10d07y265gmmuvt4z0w9aw880jnsr700j2h5m33",
            outputs: [a, b, stranger].map((recipient) => ({ recipient, amount: [{ denom: "ngonka", amount: "1000000000" }] })),
            vesting_epochs: "10",
          },
        ],
      },
    });
    const r = await runCli(["proposal", file, "--rest-dump", REST, "--json"]);
    expect(r.code, r.err).toBe(0);
    const res = json(r.out).restitution as { available: string[]; missing: string[]; versions: Json[]; recipients: { recipient: string; proposed: string; paid: { epoch: string; reward: string; participated: boolean }[] }[] };
    expect(res.available).toEqual(["248", "249"]);
    expect(res.missing).toEqual(["250"]);
    expect(res.versions).toEqual([{ epoch: "248", version: "v0.2.12", participants: 95, differ: 0 }, { epoch: "249", version: "v0.2.12", participants: 81, differ: 0 }]);
    const row = (x: string) => res.recipients.find((y) => y.recipient === x)!;
    expect(row(a).paid.map((p) => BigInt(p.reward))).toEqual([s248.get(a), s249.get(a)]);
    expect(row(b).paid.map((p) => BigInt(p.reward))).toEqual([s248.get(b), s249.get(b)]);
    expect(row(a).paid[0]!.reward).not.toBe("0");
    expect(row(stranger).paid.map((p) => p.participated)).toEqual([false, false]);
    expect(row(a).proposed).toBe("1000000000");
    const t = await runCli(["proposal", file, "--rest-dump", REST]);
    expect(t.out).toContain("not available: 250 (the inputs hold epochs 247, 248, 249)");
    expect(t.out).toContain("settled: epoch 248 on v0.2.12 rules, epoch 249 on v0.2.12 rules");
    expect(t.out).toMatch(/gonka1stranger0+ +1\.000000000 +not a participant +not a participant +0\.000000000/);
    expect(t.out).toContain("the summary states 3 GNK; the messages send 3.000000000 GNK (3,000,000,000 ngonka) in all: agrees");
  });
});

describe("restitution: the port's settle beside what the chain recorded", () => {
  it("proposal 67 on the auditor's epochs 265 and 267: the rows where the port's settle differs from the chain's record are said to, with the chain's figure, never shown as what the chain paid", async () => {
    const AUDITOR = join(REALDATA_DIR, "auditor-layout", "e265-e267");
    const r = await runCli(["proposal", ANSWER, "--rest-dump", AUDITOR, "--json"]);
    expect(r.code, r.err).toBe(0);
    const res = json(r.out).restitution as { versions: Json[]; recipients: { recipient: string; paid: { epoch: string; reward: string; work: string; chain: string | null }[] }[] };
    // settle --epoch 265 pays 44 of 51 rows as the chain did, --epoch 267 36 of 51 (README, auditor layout)
    expect(res.versions).toEqual([{ epoch: "265", version: "v0.2.12", participants: 51, differ: 7 }, { epoch: "267", version: "v0.2.12", participants: 51, differ: 15 }]);
    const ujnc = res.recipients.find((x) => x.recipient === "gonka1ujnc662v6g69jm6fgxnr79a2m7ehzeut059239")!;
    expect(ujnc.paid[0]).toMatchObject({ epoch: "265", reward: "744650114222", chain: "0" });
    const t = await runCli(["proposal", ANSWER, "--rest-dump", AUDITOR]);
    expect(t.out).toContain("  epoch 265: the port's settle pays 44 of 51 participants what the chain recorded; 7 differ (gonka-spec settle --rest-dump DIR --epoch 265 says what they read in doubt)");
    expect(t.out).toMatch(/gonka1ujnc662v6g69jm6fgxnr79a2m7ehzeut059239 +12,612\.234865692 +744,650,114,222 ≠ chain 0 /);
  });
});

describe("gonka-spec proposal: a MsgUpdateParams in amino and proto JSON", () => {
  it("against the example snapshot's params: exactly poc_slot_allocation 0.1 → 0.25 changes; the rest is not recorded there", async () => {
    const r = await runCli(["proposal", AMINO, "--snapshot", SNAP]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("message 1 of 1: /inference.inference.MsgUpdateParams");
    expect(r.out).toContain("against the params in force: the snapshot " + SNAP + " (records only what the rules read)");
    // every change first, then which of them the port reads
    expect(r.out).toContain(
      [
        "  changes 1 parameter; 1 set to the value in force:",
        "    epoch_params.poc_slot_allocation: 0.1 → 0.25 fraction of each model's weight",
        "  of these, the port reads 1:",
        "    epoch_params.poc_slot_allocation: the preserved-set sampler (preserved, check, compare); compare/backtest: PocSlotAllocation",
        "  217 parameters the params in force do not record (so whether they change is unknown); of these the port reads:",
      ].join("\n"),
    );
    expect(r.out).toContain("    devshard_escrow_params.vote_threshold_factor: 50 percent (read by the validation vote tally (tally, compare); compare/backtest: vote_threshold_factor)");
    expect(r.out).not.toContain("REFUSED");
  });

  it("against the params it was built from (examples/gov/mainnet-params.json): the one change its name says", async () => {
    const r = await runCli(["proposal", PROTO, "--params", join(ROOT, "examples", "gov", "mainnet-params.json")]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("  changes 1 parameter; 218 set to the value in force:\n    epoch_params.poc_slot_allocation: 0.1 → 0.25 fraction of each model's weight\n  of these, the port reads 1:\n");
  });

  it("amino and proto JSON give the same judgement", async () => {
    const a = json((await runCli(["proposal", AMINO, "--snapshot", SNAP, "--json"])).out);
    const p = json((await runCli(["proposal", PROTO, "--snapshot", SNAP, "--json"])).out);
    expect((a.source as { form: string }).form).toBe("amino-json");
    expect((p.source as { form: string }).form).toBe("proto-json");
    const strip = (d: { [k: string]: Json }) => ({ ...d, source: null, summary: null, messages: JSON.stringify(d.messages).replaceAll(/slot-allocation-0\.25\.(amino|proto)\.json/g, "F") });
    expect(strip(a)).toEqual(strip(p));
  });

  it("against the real params (--params, a complete Params saved before v0.2.13): the slot allocation, the 15 fields v0.2.13 and v0.2.14 added and the 58 v0.2.16's upgrade changed (37 of them its fee groups)", async () => {
    const r = await runCli(["proposal", PROTO, "--params", join(REST, "epoch_249", "params.json"), "--json"]);
    expect(r.code, r.err).toBe(0);
    const m = (json(r.out).messages as { changes: { path: string; old: string; new: string; status: string; modelled: string | null }[]; unchanged: number; refused: Json[] }[])[0]!;
    expect(m.changes.every((c) => c.status === "changed")).toBe(true);
    expect(m.changes.find((c) => c.path === "epoch_params.poc_slot_allocation")).toMatchObject({ old: "0.1", new: "0.25", modelled: "PocSlotAllocation" });
    expect(m.changes.find((c) => c.path === "devshard_escrow_params.vote_threshold_factor")).toMatchObject({ old: "0", new: "50", modelled: "vote_threshold_factor" });
    expect(m.changes.filter((c) => !/^(devshard_escrow_params|maintenance_params|poc_challenge_params)\.|validation_vote_threshold_bps|poc_slot_allocation|dynamic_coefficient|weight_scale_factor|^fee_params\.(enabled_fee_groups|groups)/.test(c.path))).toEqual([]);
    expect(m.changes.filter((c) => /^poc_challenge_params\.|dynamic_coefficient|weight_scale_factor|approved_versions/.test(c.path))).toHaveLength(21);
    // the upgrade's fee groups: enabled_fee_groups, the epoch group's 5 fields and its 2 rules' 13 each (a oneof member a rule leaves out is read as its zeros), the cosmos group's 5
    expect(m.changes.filter((c) => c.path.startsWith("fee_params."))).toHaveLength(37);
    expect(m.changes).toHaveLength(75);
    expect(m.refused).toEqual([]);
  });

  it("a proposal built from one field zeroes the rest: the chain refuses it, and the text says so before the changes", async () => {
    const one = write("one-field.json", { proposal: { id: "9", title: "slot allocation only", messages: [{ "@type": "/inference.inference.MsgUpdateParams", authority: "gonka1gov", params: { epoch_params: { poc_slot_allocation: { value: "25", exponent: -2 } } } }] } });
    const r = await runCli(["proposal", one, "--params", join(REST, "epoch_249", "params.json")]);
    expect(r.code, r.err).toBe(0);
    const head = r.out.indexOf("  REFUSED BY THE CHAIN: Params.Validate (v0.2.16) refuses ");
    expect(head).toBeGreaterThan(0);
    expect(head).toBeLessThan(r.out.indexOf("  changes "));
    expect(r.out).toContain("    epoch_params.epoch_length 0: epoch length must be positive\n");
    expect(r.out).toContain("    tokenomics_params (left out): tokenomics params cannot be nil\n");
    expect(r.out).toContain("    dynamic_pricing_params (left out): nil, which Validate dereferences\n");
    // a message left out is not checked (Go checks devshard_escrow_params only when present)
    expect(r.out).not.toMatch(/REFUSED[^]*devshard_escrow_params\.vote_threshold_factor 0/);
    expect(r.out).toContain("    epoch_params.epoch_length: 15,391 → 0 blocks\n");
  });
});

describe("gonka-spec proposal: upgrades, bank sends and legacy content", () => {
  it("through the Registry (protobuf) and in amino JSON: the plan against the port's versions, a send in GNK", async () => {
    const any = (typeUrl: string, value: Uint8Array) => ({ typeUrl, value });
    const upgrade = (name: string, height: bigint) => any("/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", MsgSoftwareUpgrade.encode({ authority: "gonka10d07y265gmmuvt4z0w9aw880jnsr700j2h5m33", plan: { name, height, info: "", time: undefined } }));
    const send = any("/cosmos.bank.v1beta1.MsgSend", MsgSend.encode({ fromAddress: "gonka1from", toAddress: "gonka1to", amount: [{ denom: "ngonka", amount: "1500000000" }] }));
    const legacy = any("/cosmos.gov.v1.MsgExecLegacyContent", MsgExecLegacyContent.encode({ authority: "gonka1gov", content: { typeUrl: "/cosmos.params.v1beta1.ParameterChangeProposal", value: Uint8Array.from([10, 1, 65]) } }));
    const p = QueryProposalResponse.decode(Buffer.from(realAnswer.json.result.response.value, "base64")).proposal!;
    const file = write("upgrade.json", answerWith(Buffer.from(QueryProposalResponse.encode({ proposal: { ...p, title: "Upgrades", summary: "", messages: [upgrade("v0.2.14", 4_500_000n), upgrade("v0.2.17", 7_000_000n), upgrade("v0.2.5", 1n), upgrade("v0.2.18", 7_100_000n), send, legacy] } })).toString("base64")));
    const r = await runCli(["proposal", file]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('upgrade plan "v0.2.14" at block 4,500,000: the port has v0.2.14\'s rules');
    expect(r.out).toMatch(/upgrade plan "v0\.2\.17" at block 7,000,000: the port names v0\.2\.17 but has no exact rules for it \(v0\.2\.17 exists only as branch code .*\); heights it runs are refused/);
    expect(r.out).toContain('upgrade plan "v0.2.18" at block 7,100,000: the port has no rules for "v0.2.18" (it names v0.2.8, v0.2.9, v0.2.10, v0.2.11, v0.2.12, v0.2.13, v0.2.14, v0.2.15, v0.2.16, v0.2.17): what this version changes is not in the port');
    expect(r.out).toContain('upgrade plan "v0.2.5" at block 1: a version older than the oldest the port has rules for (v0.2.10)');
    expect(r.out).toContain("from gonka1from to 1 recipient, paid at once");
    expect(r.out).toContain("total 1.500000000 GNK (1,500,000,000 ngonka)");
    expect(r.out).toContain("message 6 of 6: /cosmos.gov.v1.MsgExecLegacyContent");
    expect(r.out).toContain("a message type the port does not decode (3 bytes)");
    const j = json((await runCli(["proposal", file, "--json"])).out);
    expect((j.messages as Doc[]).map((m) => [m.kind, m.rules ?? null, m.chainVersion ?? null])).toEqual([
      ["software-upgrade", "known", "v0.2.14"],
      ["software-upgrade", "unpinned", "v0.2.17"],
      ["software-upgrade", "older", null],
      ["software-upgrade", "unknown", null],
      ["transfers", null, null],
      ["exec-legacy-content", null, null],
    ]);
    const amino = write("amino-send.json", { proposal: { id: "3", title: "t", messages: [{ type: "cosmos-sdk/MsgSend", value: { from_address: "gonka1from", to_address: "gonka1to", amount: [{ denom: "ngonka", amount: "1500000000" }] } }, { type: "cosmos-sdk/MsgSoftwareUpgrade", value: { authority: "a", plan: { name: "v0.2.13", height: "4267300" } } }] } });
    const a = json((await runCli(["proposal", amino, "--json"])).out);
    expect((a.messages as Doc[]).map((m) => m.typeUrl)).toEqual(["/cosmos.bank.v1beta1.MsgSend", "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade"]);
    expect((a.messages as Doc[])[1]).toMatchObject({ plan: { name: "v0.2.13", height: "4267300", info: "" }, rules: "known" });
  });
});

describe("malformed answers end in one line, exit 2", () => {
  const bytes = Buffer.from(realAnswer.json.result.response.value, "base64");
  const cases: [string, unknown, RegExp][] = [
    ["bad base64", answerWith("not*base64!"), /json\.result\.response\.value: not valid base64/],
    ["truncated protobuf", answerWith(bytes.subarray(0, 2000).toString("base64")), /does not decode as cosmos\.gov\.v1\.QueryProposalResponse: cannot decode QueryProposalResponse\.proposal/],
    ["a JSON-RPC error", { jsonrpc: "2.0", id: -1, error: { code: -32603, message: "Internal error", data: "height 4401104 must be less than or equal to the current blockchain height" } }, /JSON-RPC error \(code -32603\): Internal error: height 4401104/],
    ["an ABCI error", { jsonrpc: "2.0", id: -1, result: { response: { code: 22, codespace: "gov", log: "proposal 999 doesn't exist: key not found", value: null, height: "4401104" } } }, /refused the query \(code 22, gov\): proposal 999 doesn't exist/],
    ["an archive's failed request", { error: "HTTP 502", fetchedAt: "x", json: {}, status: 502, url: "u" }, /the archive recorded a failed request: HTTP 502/],
    ["an empty answer", answerWith(""), /holds no proposal/],
    ["a message without a type", { proposal: { id: "1", messages: [{ authority: "x" }] } }, /messages\[0\]: a message needs "@type"/],
    ["a bad coin amount", { proposal: { id: "1", messages: [{ "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: "a", to_address: "b", amount: [{ denom: "ngonka", amount: "-5" }] }] } }, /amount\[0\]\.amount: expected a coin amount/],
    ["not a proposal", { name: "a hand-written proposal", PocSlotAllocation: "0.2" }, /not a governance proposal/],
  ];
  for (const [what, doc, message] of cases) {
    it(what, async () => {
      const r = await runCli(["proposal", write(`${what.replace(/\W+/g, "-")}.json`, doc)]);
      expect(r.code).toBe(2);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.err).toMatch(message);
    });
  }

  it("a message of a type the port does not decode: proposal names it with its size; compare and backtest refuse it", async () => {
    const p = QueryProposalResponse.decode(bytes).proposal!;
    const withUnknown = { ...p, messages: [...p.messages, { typeUrl: "/cosmos.distribution.v1beta1.MsgCommunityPoolSpend", value: Uint8Array.from([10, 3, 97, 98, 99]) }] } as GovProposal;
    const file = write("unknown-type.json", answerWith(Buffer.from(QueryProposalResponse.encode({ proposal: withUnknown })).toString("base64")));
    const r = await runCli(["proposal", file]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("message 2 of 2: /cosmos.distribution.v1beta1.MsgCommunityPoolSpend");
    expect(r.out).toContain("a message type the port does not decode (5 bytes): judge it from its source");
    const c = await runCli(["compare", "--snapshot", SNAP, "--b", file]);
    expect(c.code).toBe(2);
    expect(c.err.trim().split("\n")).toHaveLength(1);
    expect(c.err).toMatch(/holds a message the port does not decode \(\/cosmos\.distribution\.v1beta1\.MsgCommunityPoolSpend, 5 bytes\)/);
  });

  it("compare with a proposal that updates no parameters: one line, exit 2", async () => {
    const r = await runCli(["compare", "--snapshot", SNAP, "--b", ANSWER]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/proposal 67 has no \/inference\.inference\.MsgUpdateParams, so there are no parameters to set as B \(it holds \/inference\.streamvesting\.MsgBatchTransferWithVesting\)/);
  });
});


describe("a Decimal the message leaves out", () => {
  it("is nil in Go, said so, not the 0 its flat value holds: v0.2.16's params clear each model's weight_scale_factor (text and --json)", async () => {
    const params = join(ROOT, "test", "realdata", "rest", "epoch_249", "params.json");
    const r = await runCli(["proposal", PROTO, "--params", params]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("    poc_params.models[Qwen/Qwen3-235B-A22B-Instruct-2507-FP8].weight_scale_factor: 0.3593 factor → nil (left out)\n");
    const j = JSON.parse((await runCli(["proposal", PROTO, "--params", params, "--json"])).out) as { messages: { changes: { path: string; new: string; newNil?: boolean; oldNil?: boolean }[] }[] };
    const c = j.messages[0]!.changes.find((x) => x.path === "poc_params.models[Qwen/Qwen3-235B-A22B-Instruct-2507-FP8].weight_scale_factor")!;
    expect([c.new, c.newNil, c.oldNil]).toEqual(["0", true, undefined]);
    // a value the message sets is never marked nil
    expect(j.messages[0]!.changes.find((x) => x.path === "epoch_params.poc_slot_allocation")!.newNil).toBeUndefined();
  });
});
