// A real proposal as B of compare and backtest: the amino and proto JSON forms of a MsgUpdateParams built
// from the example snapshot's params with poc_slot_allocation changed give the same outcome as the
// hand-written proposal file that sets that one parameter.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseJson, type Json } from "../../src/go/json.js";
import { runCli } from "../helpers/cli.js";
import { REALDATA_DIR } from "../realdata/load.js";

const ROOT = join(import.meta.dirname, "..", "..");
const EX = (f: string) => join(ROOT, "examples", f);
const SNAP = EX("mainnet-like.snapshot.json");
const FORMS = [EX("gov/slot-allocation-0.25.amino.json"), EX("gov/slot-allocation-0.25.proto.json")];
const HAND = EX("gov/slot-allocation-0.25.hand-written.json");
const REST = join(REALDATA_DIR, "rest");
const TMP = mkdtempSync(join(tmpdir(), "gonka-b-side-"));
const IN_FORCE = join(TMP, "in-force.json");
writeFileSync(IN_FORCE, `{"name": "params in force"}`);

type Doc = { [k: string]: Json };
const doc = (out: string) => parseJson(out) as Doc;

/** The outcome of a compare: everything but the proposals' names, descriptions and the notes. */
function compareOutcome(d: Doc): Doc {
  const side = (s: Json) => ({ ...(s as Doc), name: null, description: null });
  return { ...d, a: side(d.a!), b: side(d.b!), notes: null };
}

describe("compare --b with a real proposal", () => {
  it("both JSON forms: B is the snapshot's params with slot allocation 0.25, the outcome of the hand-written file", async () => {
    const hand = await runCli(["compare", "--snapshot", SNAP, "--a", IN_FORCE, "--b", HAND, "--anchors", "5", "--json"]);
    expect(hand.code, hand.err).toBe(0);
    for (const f of FORMS) {
      const real = await runCli(["compare", "--snapshot", SNAP, "--b", f, "--anchors", "5", "--json"]);
      expect(real.code, real.err).toBe(0);
      const r = doc(real.out);
      expect((r.b as Doc).name).toBe("proposal 9001: Raise PoC slot allocation to 0.25");
      expect((r.b as Doc).pocSlotAllocation).toEqual({ value: "0.25", source: "proposal" });
      expect((r.a as Doc).pocSlotAllocation).toEqual({ value: "0.1", source: "snapshot" });
      expect((r.b as Doc).binomTestP0).toEqual({ value: "0.1", source: "snapshot" });
      expect(compareOutcome(r)).toEqual(compareOutcome(doc(hand.out)));
      expect((r.changes as Json[]).length).toBeGreaterThan(0);
      const notes = (r.notes as string[]).join("\n");
      expect(notes).toContain("not compared: proposal 9001 sets devshard_escrow_params.vote_threshold_factor to 0 percent");
      expect(notes).toMatch(/not modelled: \d+ parameters the proposal sets that the params in force \(the snapshot .*\) do not record/);
    }
  });

  it("text: the header names the proposal and the notes list what B does not model", async () => {
    const r = await runCli(["compare", "--snapshot", SNAP, "--b", FORMS[0]!, "--brief", "--anchors", "0"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('Compare A "params in force" with B "proposal 9001: Raise PoC slot allocation to 0.25"');
    expect(r.out).toContain("PocSlotAllocation: 0.1 -> 0.25");
    expect(r.out).toMatch(/Notes\n {2}- not compared: proposal 9001 sets devshard_escrow_params\.vote_threshold_factor/);
  });

  it("a hand-written B still needs --a; --b and --b-proposal together, or --b-proposal without a node, are refused", async () => {
    const noA = await runCli(["compare", "--snapshot", SNAP, "--b", HAND]);
    expect([noA.code, noA.err.trim()]).toEqual([2, "gonka-spec compare: missing required option --a"]);
    const both = await runCli(["compare", "--snapshot", SNAP, "--b", HAND, "--b-proposal", "5"]);
    expect([both.code, both.err.trim()]).toEqual([2, "gonka-spec compare: give --b FILE or --b-proposal N, not both"]);
    const noNode = await runCli(["compare", "--snapshot", SNAP, "--b-proposal", "5"]);
    expect(noNode.code).toBe(2);
    expect(noNode.err).toMatch(/--b-proposal: --b-proposal N reads proposal N from the node the state is read from: give --node URL/);
    const fromFiles = await runCli(["backtest", "--rest-dump", REST, "--node", "tcp://127.0.0.1:9", "--b-proposal", "5"]);
    expect(fromFiles.code).toBe(2);
    expect(fromFiles.err).toMatch(/--b-proposal N reads proposal N from the node the state is read from/);
  });
});

describe("backtest --b with a real proposal", () => {
  it("both JSON forms over the real epochs: the outcome of the hand-written file (slot allocation 0.25 changes the preserved set, not settlement)", async () => {
    const hand = await runCli(["backtest", "--b", HAND, "--rest-dump", REST, "--json"]);
    expect(hand.code, hand.err).toBe(0);
    const h = doc(hand.out);
    for (const f of FORMS) {
      const real = await runCli(["backtest", "--b", f, "--rest-dump", REST, "--json"]);
      expect(real.code, real.err).toBe(0);
      const r = doc(real.out);
      expect(r.b).toEqual({ ...(h.b as Doc), name: "proposal 9001: Raise PoC slot allocation to 0.25", file: f });
      expect({ ...r, b: null, notes: null, statusChange: null }).toEqual({ ...h, b: null, notes: null });
      // the message also sets every status-test parameter (left out: zero or nil): judged by the status
      // replay, which over these v0.2.11/v0.2.12 epochs cannot run (the classic messages are named)
      const sc = r.statusChange as { epochs: { participants: { verdict: string }[] }[] };
      expect(sc.epochs.flatMap((e) => e.participants).every((p) => p.verdict === "unknown")).toBe(true);
      // Against the dumps' params.json (a complete Params), what the example-built message leaves out is
      // zero: every such change is listed, none dropped.
      const notes = r.notes as string[];
      expect(notes).toContain("not modelled: proposal 9001 changes epoch_params.epoch_length 15,391 → 0 blocks (read by the epoch's stage heights (the PoC anchor, the settlement block); compare and backtest run it with the value in force)");
      expect(notes.filter((n) => n.startsWith("not modelled: proposal 9001 changes ")).length).toBeGreaterThan(100);
    }
    const epochs = h.epochs as { preserved: { models: Json[] } | null }[];
    expect(epochs.filter((e) => e.preserved !== null).length).toBe(2);
  });
});
