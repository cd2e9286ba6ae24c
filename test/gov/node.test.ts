// --node: a test node on 127.0.0.1 serves the real proposal 67 answer for `proposal --node --id`, and
// a replay of a whole state plus a MsgUpdateParams proposal for `compare --node --b-proposal N`.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { FixtureServer } from "../../src/testing/fixture-server.js";
import { fixtureFromPreserved } from "../../src/testing/fixture-state.js";
import { readSnapshot } from "../../src/chain/index.js";
import { ChainClient, type RecordedAnswer } from "../../src/chain/client.js";
import { Any, InferenceMsgUpdateParams, Params, QueryParamsResponse, QueryProposalRequest, QueryProposalResponse } from "../../src/chain/gen/proto.js";
import { parseJson, type Json } from "../../src/go/json.js";
import { runCli } from "../helpers/cli.js";
import { wireProposal } from "../helpers/gov-wire.js";
import { fixtureNodes, example } from "../chain/helpers.js";
import { readRealdata, REALDATA_DIR } from "../realdata/load.js";

const node = fixtureNodes();
const ANSWER = JSON.parse(readRealdata("rpc/abci_4401104_proposal.json")) as { json: { result: { response: { value: string } } } };
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const proposalAnswer = (id: bigint, height: number, value_b64: string): RecordedAnswer => ({ path: "/cosmos.gov.v1.Query/Proposal", data_hex: hex(QueryProposalRequest.encode({ proposalId: id })), height, value_b64, code: 0, log: "" });
type Doc = { [k: string]: Json };

describe("proposal --node URL --id N", () => {
  it("reads proposal 67 pinned at the height and says what the saved answer says", async () => {
    const s = await node({ latestHeight: 4401200, stateAt: () => undefined, recorded: [proposalAnswer(67n, 4401104, ANSWER.json.result.response.value)] });
    expect(proposalAnswer(67n, 0, "").data_hex).toBe("0843"); // the request the archive's URL shows
    const fromNode = await runCli(["proposal", "--node", s.url.replace(/^http/, "tcp"), "--id", "67", "--height", "4401104", "--json"]);
    expect(fromNode.code, fromNode.err).toBe(0);
    const fromFile = await runCli(["proposal", join(REALDATA_DIR, "rpc", "abci_4401104_proposal.json"), "--json"]);
    const a = parseJson(fromNode.out) as Doc;
    const b = parseJson(fromFile.out) as Doc;
    expect(a.source).toEqual({ label: `${s.url} proposal 67 at height 4401104`, form: "protobuf", height: "4401104" });
    expect({ ...a, source: null }).toEqual({ ...b, source: null });
    expect(s.asked.filter((q) => q.method === "abci_query").map((q) => [q.path, q.height])).toEqual([["/cosmos.gov.v1.Query/Proposal", 4401104]]);
  });

  it("a proposal the node does not have, a pruned height and a missing --id end in one line, exit 2", async () => {
    const missing: RecordedAnswer = { ...proposalAnswer(999n, 4401104, ""), value_b64: undefined, code: 22, log: "rpc error: code = NotFound desc = proposal 999 doesn't exist: key not found" };
    const s = await node({ latestHeight: 4401200, stateAt: () => undefined, recorded: [missing] });
    const cases: [string[], RegExp][] = [
      [["--id", "999", "--height", "4401104"], /query \/cosmos\.gov\.v1\.Query\/Proposal at height 4401104 failed \(code 22\): rpc error: code = NotFound desc = proposal 999 doesn't exist/],
      [["--id", "67", "--height", "100"], /no longer has state at height 100 \(pruned\)/],
      [["--height", "4401104"], /--id: reading a node needs the proposal's id: --id N/],
      [["--id", "x"], /--id: expected a proposal id/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(["proposal", "--node", s.url, ...args]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.err).toMatch(message);
    }
  });

  it("an answer that holds no proposal names the node, the height and the query; the client is closed after each read, failed or not", async () => {
    const s = await node({ latestHeight: 4401200, stateAt: () => undefined, recorded: [proposalAnswer(67n, 4401104, ANSWER.json.result.response.value), proposalAnswer(68n, 4401104, "")] });
    const closed = vi.spyOn(ChainClient.prototype, "disconnect");
    try {
      expect((await runCli(["proposal", "--node", s.url, "--id", "67", "--height", "4401104"])).code).toBe(0);
      expect(closed).toHaveBeenCalledTimes(1);
      const r = await runCli(["proposal", "--node", s.url, "--id", "68", "--height", "4401104"]);
      expect([r.code, r.err.trim()]).toEqual([2, `gonka-spec proposal: ${s.url}@4401104: /cosmos.gov.v1.Query/Proposal 68: the answer holds no proposal`]);
      expect(closed).toHaveBeenCalledTimes(2);
    } finally {
      closed.mockRestore();
    }
  });
});

describe("proposal --node URL --id N with a parameter update", () => {
  const update = (params: Uint8Array): Any => ({ typeUrl: "/inference.inference.MsgUpdateParams", value: InferenceMsgUpdateParams.encode({ authority: "gonka1gov", params }) });
  const send: Any = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: Uint8Array.from([10, 1, 97, 18, 1, 98]) };
  const proposal = (messages: Any[]) =>
    Buffer.from(QueryProposalResponse.encode({ proposal: wireProposal({ id: 6n, messages, title: "t" }) })).toString("base64");
  const paramsAnswer = (value: Uint8Array): RecordedAnswer => ({ path: "/inference.inference.Query/Params", data_hex: "", height: 100, value_b64: Buffer.from(value).toString("base64"), code: 0, log: "" });
  const epochLength = (n: number) => Params.encode({ epochParams: { epochLength: BigInt(n) } } as never);

  it("reads the params in force at the same height when any message updates them, and names them", async () => {
    const s = await node({ latestHeight: 100, stateAt: () => undefined, recorded: [proposalAnswer(6n, 100, proposal([send, update(epochLength(9))])), paramsAnswer(QueryParamsResponse.encode({ params: Params.decode(epochLength(7)) }))] });
    const r = await runCli(["proposal", "--node", s.url, "--id", "6"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`  against the params in force: the node's params at height 100 (${s.url})\n`);
    expect(r.out).toContain("    epoch_params.epoch_length: 7 → 9 blocks\n");
    expect(r.out).toContain(`  read from ${s.url} proposal 6 at height 100 (protobuf, the node's answer at height 100)`);
    // no update, no params read
    const t = await node({ latestHeight: 100, stateAt: () => undefined, recorded: [proposalAnswer(6n, 100, proposal([send]))] });
    expect((await runCli(["proposal", "--node", t.url, "--id", "6"])).code).toBe(0);
    expect(t.asked.filter((q) => q.method === "abci_query").map((q) => q.path)).toEqual(["/cosmos.gov.v1.Query/Proposal"]);
  });

  it("params in force that do not decode: one line naming the node, the height and the query", async () => {
    // the answer decodes, the Params in it do not
    const s = await node({ latestHeight: 100, stateAt: () => undefined, recorded: [proposalAnswer(6n, 100, proposal([update(epochLength(9))])), paramsAnswer(Uint8Array.from([0x0a, 3, 0x0a, 2, 8]))] });
    const r = await runCli(["proposal", "--node", s.url, "--id", "6"]);
    expect([r.code, r.err.trim()]).toEqual([2, `gonka-spec proposal: ${s.url}@100: /inference.inference.Query/Params: does not decode: cannot decode Params.epoch_params: length 2 runs past the end of the buffer`]);
    // Params that end in a tag cut short: the same one line, not a RangeError
    const t = await node({ latestHeight: 100, stateAt: () => undefined, recorded: [proposalAnswer(6n, 100, proposal([update(epochLength(9))])), paramsAnswer(Uint8Array.from([0x0a, 1, 0x80]))] });
    const cut = await runCli(["proposal", "--node", t.url, "--id", "6"]);
    expect([cut.code, cut.err.trim()]).toEqual([2, `gonka-spec proposal: ${t.url}@100: /inference.inference.Query/Params: does not decode: cannot decode Params: index out of range: 1 + 1 > 1`]);
  });
});

describe("compare --node URL --b-proposal N", () => {
  it("B is the node's params at the height with proposal N's MsgUpdateParams applied: the outcome of the hand-written file", async () => {
    const height = 2851200;
    // 1. Record everything a snapshot read asks of a node serving the example state at the height.
    const live = await node({ latestHeight: 2851210, stateAt: () => fixtureFromPreserved(example.preserved!, { pocStartBlockHeight: BigInt(height) - 17280n }) });
    const { reader } = await readSnapshot(live.url, { height, expectedChainId: "any" });
    const recorded = reader.recording();
    // 2. A proposal whose MsgUpdateParams is the node's params with poc_slot_allocation 0.25.
    const paramsAnswer = recorded.find((r) => r.path === "/inference.inference.Query/Params")!;
    const params = QueryParamsResponse.decode(Buffer.from(paramsAnswer.value_b64!, "base64")).params!;
    const proposed = Params.encode({ ...params, epochParams: { ...params.epochParams!, pocSlotAllocation: { value: 25n, exponent: -2 } } });
    const msg: Any = { typeUrl: "/inference.inference.MsgUpdateParams", value: InferenceMsgUpdateParams.encode({ authority: "gonka10d07y265gmmuvt4z0w9aw880jnsr700j2h5m33", params: proposed }) };
    const answer = QueryProposalResponse.encode({ proposal: wireProposal({ id: 5n, messages: [msg], title: "slot allocation 0.25" }) });
    const replay = await node({ latestHeight: 2851210, stateAt: () => undefined, recorded: [...recorded, proposalAnswer(5n, height, Buffer.from(answer).toString("base64"))] });
    const dir = mkdtempSync(join(tmpdir(), "gonka-b-node-"));
    writeFileSync(join(dir, "a.json"), `{"name": "params in force"}`);
    writeFileSync(join(dir, "b.json"), `{"name": "slot allocation 0.25", "poc_slot_allocation": "0.25"}`);
    const base = ["compare", "--node", replay.url, "--height", String(height), "--chain-id", "any", "--anchors", "3", "--json"];
    const real = await runCli([...base, "--b-proposal", "5"]);
    expect(real.code, real.err).toBe(0);
    const hand = await runCli([...base, "--a", join(dir, "a.json"), "--b", join(dir, "b.json")]);
    expect(hand.code, hand.err).toBe(0);
    const r = parseJson(real.out) as Doc;
    const h = parseJson(hand.out) as Doc;
    // the outcome: everything but names, where B's values came from, its change list and the notes
    const values = (s: Json) => Object.fromEntries(Object.entries(s as Doc).map(([k, v]) => [k, v !== null && typeof v === "object" && "value" in v ? (v as Doc).value! : k === "name" || k === "description" ? null : v]));
    const outcome = (d: Doc) => ({ ...d, a: values(d.a!), b: values(d.b!), bProposal: null, differences: (d.differences as Doc[]).filter((x) => !/PocSlotAllocation/.test(x.what as string)), notes: null });
    expect((r.b as Doc).pocSlotAllocation).toEqual({ value: "0.25", source: "proposal" });
    expect(outcome(r)).toEqual(outcome(h));
    expect((r.differences as Doc[])[0]).toEqual({ what: "PocSlotAllocation (epoch_params.poc_slot_allocation)", a: "0.1 fraction of each model's weight", b: "0.25 fraction of each model's weight" });
    expect((h.differences as Doc[])[0]).toEqual({ what: "PocSlotAllocation", a: "0.1", b: "0.25" });
    // the node's params are complete: nothing is "not recorded"; the one change is the slot allocation
    const view = r.bProposal as { changes: Doc[]; refused: Doc[] };
    expect(view.changes.map((c) => [c.path, c.old, c.new, c.treatment])).toEqual([["epoch_params.poc_slot_allocation", "0.1", "0.25", "modelled"]]);
    // the test node's params hold only the fields the port's own Params encodes: every refusal is of a value in force too
    expect(view.refused.length).toBeGreaterThan(0);
    expect(view.refused.every((x) => x.kept === true)).toBe(true);
    // every read pinned to the one height
    expect(new Set(replay.asked.filter((q) => q.method === "abci_query").map((q) => q.height))).toEqual(new Set([height]));
  });
});
