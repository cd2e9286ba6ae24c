// A real proposal as B (src/gov/proposal-side.ts), the params in force it is set against
// (src/gov/params-in-force.ts) and the settled epochs a restitution looks up (src/gov/settled-epochs.ts),
// each value and each line pinned.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import type { JsonObject } from "../../src/json-input.js";
import { judgeProposal, type MessageJudgement } from "../../src/gov/judge.js";
import { paramsFromJson, type ParamSet } from "../../src/gov/param-values.js";
import { paramsFromParamsFile, paramsFromRestDumps, paramsFromSnapshot } from "../../src/gov/params-in-force.js";
import { proposalFromJson } from "../../src/gov/proposal-json.js";
import { realProposalSide } from "../../src/gov/proposal-side.js";
import type { GovProposal } from "../../src/gov/proposal.js";
import { settledPayoutsFromRestDumps } from "../../src/gov/settled-epochs.js";
import { loadSnapshot, type Snapshot } from "../../src/snapshot/snapshot.js";
import { REALDATA_DIR } from "../realdata/load.js";
import { refusal } from "../helpers/refusal.js";

const ROOT = join(import.meta.dirname, "..", "..");
const SNAP = join(ROOT, "examples", "mainnet-like.snapshot.json");
const REST = join(REALDATA_DIR, "rest");
const TMP = mkdtempSync(join(tmpdir(), "gonka-sides-"));
const UPDATE = "/inference.inference.MsgUpdateParams";
const gov = (messages: Json[], title = "T"): GovProposal => proposalFromJson({ id: "8", title, messages }, "p", "p.json");
const update = (params: JsonObject): Json => ({ "@type": UPDATE, authority: "a", params });
/** Params in force: the given values, complete (every other one zero). */
const complete = (o: JsonObject): ParamSet => paramsFromJson(o, "f", "the params F");

describe("a real proposal as B", () => {
  it("refuses what it cannot be: a message the port does not decode (inside legacy content too), no parameter update", () => {
    const inForce = complete({});
    expect(refusal(() => realProposalSide(gov([{ "@type": "/cosmos.gov.v1.MsgExecLegacyContent", content: { "@type": "/x.Y", a: 1 } }]), inForce, "w"))).toBe(
      "w: proposal 8 holds a message the port does not decode (/x.Y, 7 JSON characters): what it does cannot be modelled, so B would not be the proposal (gonka-spec proposal shows every message)",
    );
    expect(refusal(() => realProposalSide(gov([]), inForce, "w"))).toBe("w: proposal 8 has no /inference.inference.MsgUpdateParams, so there are no parameters to set as B (it holds no messages); see gonka-spec proposal");
    const send = { "@type": "/cosmos.bank.v1beta1.MsgSend" };
    expect(refusal(() => realProposalSide(gov([send, { "@type": "/cosmos.gov.v1.MsgExecLegacyContent", content: send }]), inForce, "w"))).toBe(
      "w: proposal 8 has no /inference.inference.MsgUpdateParams, so there are no parameters to set as B (it holds /cosmos.bank.v1beta1.MsgSend, /cosmos.gov.v1.MsgExecLegacyContent); see gonka-spec proposal",
    );
    // legacy content that decodes is no obstacle (and no update either)
    expect(refusal(() => realProposalSide(gov([{ "@type": "/cosmos.gov.v1.MsgExecLegacyContent" }]), inForce, "w"))).toMatch(/has no \/inference\.inference\.MsgUpdateParams/);
  });

  it("the last update is B; each change with its treatment, the notes backtest lists, and what the proposal sets for each key compare varies", () => {
    const inForce = complete({ epoch_params: { epoch_length: "10", poc_slot_allocation: { value: "1", exponent: -1 } }, validation_params: { binom_test_p0: { value: "1", exponent: -1 } }, devshard_escrow_params: { vote_threshold_factor: 50 } });
    const first = update({ epoch_params: { epoch_length: "99" } });
    const last = update({ epoch_params: { epoch_length: "11", poc_slot_allocation: { value: "2", exponent: -1 } }, validation_params: { binom_test_p0: { value: "0", exponent: 0 } }, devshard_escrow_params: { vote_threshold_factor: 0 } });
    const s = realProposalSide(gov([first, last]), inForce, "w", "v0.2.13");
    expect(s.proposal).toEqual({ name: "proposal 8: T", pocSlotAllocation: expect.objectContaining({}), voteThresholdFactor: 0n, sets: { PocSlotAllocation: "0.2", BinomTestP0: "0", vote_threshold_factor: "0" } });
    expect(s.proposal.pocSlotAllocation!.toString()).toBe("0.2");
    expect(s.notes).toEqual(["proposal 8 holds 2 MsgUpdateParams; the last one is what would remain in force and is B"]);
    expect(s.view.changes.map((c) => [c.path, c.treatment, c.why ?? null])).toEqual([
      ["epoch_params.epoch_length", "not-modelled", null],
      ["epoch_params.poc_slot_allocation", "modelled", null],
      ["validation_params.binom_test_p0", "not-runnable", 'BinomTestP0 must be strictly between 0 and 1, got "0"'],
      ["devshard_escrow_params.vote_threshold_factor", "modelled", null],
    ]);
    expect(s.view).toMatchObject({ id: 8n, title: "T", inForce: "the params F", validateVersion: "v0.2.13" });
    expect(s.changeNotes.slice(0, 2)).toEqual([
      "not modelled: proposal 8 changes epoch_params.epoch_length 10 → 11 blocks (read by the epoch's stage heights (the PoC anchor, the settlement block); compare and backtest run it with the value in force)",
      'not compared: proposal 8 sets validation_params.binom_test_p0 0.1 → 0 probability (the miss test\'s p0), which compare cannot run (BinomTestP0 must be strictly between 0 and 1, got "0"); A and B both run with the state\'s value',
    ]);
    expect(s.changeNotes.slice(2)).toContain("refused by the chain: proposal 8 sets epoch_params.epoch_multiplier to 0: epoch multiplier must be positive (Params.Validate v0.2.13); its MsgUpdateParams would fail when executed; the params in force hold the same value");
    expect(s.changeNotes).toContain("refused by the chain: proposal 8 sets validation_params.false_positive_rate to nothing (left out): false positive rate cannot be nil (Params.Validate v0.2.13); its MsgUpdateParams would fail when executed; the params in force hold the same value");
    expect(s.changeNotes).toContain("refused by the chain: proposal 8 sets tokenomics_params to nothing (left out): tokenomics params cannot be nil (Params.Validate v0.2.13); its MsgUpdateParams would fail when executed; the params in force hold the same value");
  });

  it("notes of values the params in force do not record: the varied ones each, the rest counted, at most five named", () => {
    const snap = paramsFromJson({}, "s", "the snapshot S", false);
    const one = realProposalSide(gov([update({ devshard_escrow_params: { vote_threshold_factor: 60 } })]), snap, "w");
    expect(one.changeNotes.filter((n) => n.startsWith("not compared"))).toEqual([
      "not compared: proposal 8 sets epoch_params.poc_slot_allocation to nil (left out), which the params in force (the snapshot S) do not record; A and B both run with the state's value",
      "not compared: proposal 8 sets validation_params.binom_test_p0 to nil (left out), which the params in force (the snapshot S) do not record; A and B both run with the state's value",
      "not compared: proposal 8 sets devshard_escrow_params.vote_threshold_factor to 60 percent, which the params in force (the snapshot S) do not record; A and B both run with the state's value",
    ]);
    expect(one.changeNotes.find((n) => n.startsWith("not modelled:"))).toBe(
      "not modelled: 158 parameters the proposal sets that the params in force (the snapshot S) do not record, so whether they change is unknown: epoch_params.epoch_length, epoch_params.epoch_multiplier, epoch_params.epoch_shift, epoch_params.default_unit_of_compute_price, epoch_params.poc_stage_duration, …",
    );
    expect(one.notes).toEqual(["proposal 8 changes none of the parameters compare and backtest vary on one state: B equals the params in force"]);
    expect(one.proposal).toEqual({ name: "proposal 8: T", sets: { PocSlotAllocation: "0", BinomTestP0: "0", vote_threshold_factor: "60" } });
    // one not recorded, five not recorded: no ellipsis, singular
    const most = complete({});
    most.complete = false;
    for (const k of ["epoch_params.epoch_length", "epoch_params.epoch_shift", "epoch_params.poc_stage_duration", "epoch_params.poc_validation_delay", "epoch_params.poc_validation_duration"]) most.values.delete(k);
    const five = realProposalSide(gov([update({})], ""), most, "w");
    expect(five.changeNotes.find((n) => n.startsWith("not modelled:"))).toBe(
      "not modelled: 5 parameters the proposal sets that the params in force (the params F) do not record, so whether they change is unknown: epoch_params.epoch_length, epoch_params.epoch_shift, epoch_params.poc_stage_duration, epoch_params.poc_validation_delay, epoch_params.poc_validation_duration",
    );
    for (const k of ["epoch_params.epoch_length", "epoch_params.epoch_shift", "epoch_params.poc_stage_duration", "epoch_params.poc_validation_delay"]) most.values.set(k, complete({}).values.get(k)!);
    const single = realProposalSide(gov([update({})], ""), most, "w");
    expect(single.changeNotes.find((n) => n.startsWith("not modelled:"))).toBe("not modelled: 1 parameter the proposal sets that the params in force (the params F) do not record, so whether they change is unknown: epoch_params.poc_validation_duration");
    expect(single.proposal.name).toBe("proposal 8");
    // a changed factor alone is a change compare varies
    const factor = realProposalSide(gov([update({ devshard_escrow_params: { vote_threshold_factor: 7 } })]), complete({}), "w");
    expect([factor.notes, factor.proposal.voteThresholdFactor]).toEqual([[], 7n]);
  });
});

describe("the params in force", () => {
  it("a params answer: {params: …} or the Params itself, else one line", () => {
    const write = (name: string, doc: Json) => {
      const f = join(TMP, name);
      writeFileSync(f, JSON.stringify(doc));
      return f;
    };
    const wrapped = paramsFromParamsFile(write("a.json", { params: { epoch_params: { epoch_length: "7" } } }));
    expect([wrapped.source, wrapped.complete, wrapped.values.get("epoch_params.epoch_length")!.value.text]).toEqual([`the params answer ${join(TMP, "a.json")}`, true, "7"]);
    expect(paramsFromParamsFile(write("b.json", { other: 1, epoch_params: { epoch_length: "8" } })).values.get("epoch_params.epoch_length")!.value.text).toBe("8");
    expect(refusal(() => paramsFromParamsFile(write("c.json", { epoch: 1 })))).toBe(
      `${join(TMP, "c.json")}: expected an x/inference params answer ({"params": {…}}, as \`inferenced query inference params -o json\` prints), got {"epoch":1}`,
    );
    expect(refusal(() => paramsFromParamsFile(write("d.json", [1])))).toMatch(/expected an x\/inference params answer/);
    const dumps = paramsFromRestDumps([join(REST, "epoch_249")])!;
    expect([dumps.source, dumps.complete]).toEqual([`the params answer ${join(REST, "epoch_249", "params.json")}, saved with the dump`, true]);
  });

  it("a snapshot: its chain.params, the guardians written beside them, the slot allocation, the governance p0 and the factor its slices hold", () => {
    const base = loadSnapshot(SNAP);
    const s = paramsFromSnapshot({ ...base, chain: { params: { epochParams: { epochLength: "5" }, genesisGuardianAddresses: ["gonka1g1", "gonka1g2"], devshardEscrowParams: { voteThresholdFactor: 70 } } } }, "S");
    expect(s.complete).toBe(false);
    expect(s.source).toBe("the snapshot S");
    expect(Object.fromEntries([...s.values].map(([k, v]) => [k, v.value]))).toEqual({
      "epoch_params.epoch_length": { text: "5" },
      "devshard_escrow_params.vote_threshold_factor": { text: "70" },
      "genesis_guardian_params.guardian_addresses": { text: '["gonka1g1","gonka1g2"]', list: ["gonka1g1", "gonka1g2"] },
      "epoch_params.poc_slot_allocation": { text: "0.1" },
      "validation_params.binom_test_p0": { text: "0.1" },
    });
    // a guardian list with a non-string is not recorded; nor a nil slot allocation, a slice without p0, a factor out of range
    const bare: Snapshot = { ...base, settlement: undefined, preserved: { ...base.preserved, params: { epochParams: { pocSlotAllocation: null } } }, chain: { params: { genesisGuardianAddresses: ["gonka1g1", 5] } } };
    expect([...paramsFromSnapshot(bare, "S").values.keys()]).toEqual([]);
    const noP0: Snapshot = { ...base, preserved: { ...base.preserved, params: {} }, settlement: { ...base.settlement!, validationParams: null } as never, chain: { params: 5 } as never };
    expect([...paramsFromSnapshot(noP0, "S").values.keys()]).toEqual([]);
    expect(refusal(() => paramsFromSnapshot({ ...base, preserved: { ...base.preserved, params: { epochParams: { pocSlotAllocation: { value: "x" } } } } }, "S"))).toMatch(/^S: preserved\.params\.epochParams\.pocSlotAllocation/);
    expect(refusal(() => paramsFromSnapshot({ ...base, settlement: { epoch: "x" } as never }, "S"))).toMatch(/^S: settlement/);
    expect(refusal(() => paramsFromSnapshot({ ...base, chain: { params: { epochParams: 5 } } }, "S"))).toBe("S: chain.params.epochParams: expected an object, got 5");
  });
});

describe("the settled epochs of a restitution", () => {
  it("settles the wanted epochs the dumps hold, on each one's version; lists every epoch held, sorted", () => {
    const dirs = ["epoch_249", "epoch_247", "epoch_248"].map((d) => join(REST, d));
    const s = settledPayoutsFromRestDumps(dirs, new Set([247n, 249n, 300n]));
    expect(s.held).toEqual([247n, 248n, 249n]);
    expect([...s.epochs.keys()]).toEqual([249n, 247n]);
    expect([s.epochs.get(247n)!.version, s.epochs.get(249n)!.version]).toEqual(["v0.2.11", "v0.2.12"]);
    const one = s.epochs.get(249n)!.paid.get("gonka1kx9mca3xm8u8ypzfuhmxey66u0ufxhs7nm6wc5")!;
    expect(one.reward + one.work).toBeGreaterThan(0n);
    expect(settledPayoutsFromRestDumps([REST], new Set([248n]), "v0.2.12").epochs.get(248n)!.version).toBe("v0.2.12");
  });

  it("an epoch given twice, or a version that cannot settle it, is one line naming the epoch and the dump", () => {
    const dir = join(REST, "epoch_249");
    expect(refusal(() => settledPayoutsFromRestDumps([dir, dir], new Set([249n])))).toBe(`${dir}: epoch 249 is given twice`);
    expect(refusal(() => settledPayoutsFromRestDumps([dir], new Set([249n]), "v0.2.9"))).toMatch(new RegExp(`^${dir.replace(/[/.]/g, "\\$&")}: epoch 249: `));
  });
});

describe("the judge's remaining corners", () => {
  it("no params in force: every value not recorded, a note; unknown fields of the params in force named as theirs", () => {
    const p = gov([update({ epoch_params: { epoch_length: "5", nope: 1 } })]);
    const j = judgeProposal(p, null, null);
    const m = j.messages[0] as Extract<MessageJudgement, { kind: "update-params" }>;
    expect([m.inForce, m.unchanged, m.changes.every((c) => c.status === "not-recorded"), m.changes.length]).toEqual([null, 0, true, m.set]);
    expect(j.notes).toEqual(["no params in force were given (--node, --snapshot, --rest-dump or --params): every parameter the message sets is listed as not recorded"]);
    const inForce = paramsFromJson({ odd: 2 }, "f", "F");
    const k = judgeProposal(p, inForce, null).messages[0] as Extract<MessageJudgement, { kind: "update-params" }>;
    expect(k.unknownFields).toEqual([
      { path: "epoch_params.nope", detail: "not in the port's catalog of x/inference Params (1)" },
      { path: "odd", detail: "in the params in force: not in the port's catalog of x/inference Params (2)" },
    ]);
    expect(k.inForce).toEqual({ source: "F", complete: true });
    expect(judgeProposal(gov([{ "@type": "/cosmos.bank.v1beta1.MsgSend" }]), null, null).notes).toEqual([]);
  });

  it("a refused value the params in force hold too is kept; one they lack or leave out is not", () => {
    const p = gov([update({ epoch_params: { epoch_length: "0", epoch_multiplier: "1" } })]);
    const refused = (inForce: ParamSet) => (judgeProposal(p, inForce, null).messages[0] as Extract<MessageJudgement, { kind: "update-params" }>).refused.filter((r) => r.path.startsWith("epoch_params") || r.path === "validation_params");
    expect(refused(complete({ epoch_params: { epoch_length: "0" } }))).toEqual([
      { path: "validation_params", value: null, rule: "validation params cannot be nil", kept: true },
      { path: "epoch_params.epoch_length", value: "0", rule: "epoch length must be positive", kept: true },
      expect.objectContaining({ path: "epoch_params.poc_stage_duration", kept: true }),
      expect.objectContaining({ path: "epoch_params.poc_validation_duration", kept: true }),
      expect.objectContaining({ path: "epoch_params.inference_pruning_epoch_threshold", kept: true }),
    ]);
    expect(refused(complete({ epoch_params: { epoch_length: "3" }, validation_params: { timestamp_advance: "1" } })).map((r) => [r.path, r.kept])).toEqual([
      ["validation_params", false],
      ["epoch_params.epoch_length", false],
      ["epoch_params.poc_stage_duration", true],
      ["epoch_params.poc_validation_duration", true],
      ["epoch_params.inference_pruning_epoch_threshold", true],
    ]);
    // a snapshot records neither
    expect(refused(paramsFromJson({ epoch_params: { epoch_length: "0" } }, "s", "S", false)).map((r) => [r.path, r.kept])).toEqual([
      ["validation_params", false],
      ["epoch_params.epoch_length", true],
      ["epoch_params.poc_stage_duration", false],
      ["epoch_params.poc_validation_duration", false],
      ["epoch_params.inference_pruning_epoch_threshold", false],
    ]);
  });

  it("changes of list entries in the catalog's order, then by entry name", () => {
    const entries = (names: string[]) => ({ poc_params: { models: names.map((model_id) => ({ model_id, seq_len: "1" })) } });
    const j = judgeProposal(gov([update(entries(["b", "a", "c"]))]), complete(entries(["x"])), null);
    const m = j.messages[0] as Extract<MessageJudgement, { kind: "update-params" }>;
    expect(m.changes.filter((c) => c.path.endsWith(".model_id")).map((c) => c.path)).toEqual(["poc_params.models[a].model_id", "poc_params.models[b].model_id", "poc_params.models[c].model_id", "poc_params.models[x].model_id"]);
  });

  it("upgrades: the plans the port pins, names without rules, older ones and unknown ones", () => {
    const rules = (name: string) => {
      const m = judgeProposal(gov([{ "@type": "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", plan: { name, height: "1" } }]), null, null).messages[0]!;
      return m.kind === "software-upgrade" ? [m.rules, m.version] : null;
    };
    expect(["v0.2.9", "v0.2.10", "v0.2.12", "v0.2.14", "v0.2.15", "v0.2.16", "v0.2.5", "v0.3.0"].map(rules)).toEqual([
      ["older", "v0.2.9"],
      ["known", "v0.2.10"],
      ["known", "v0.2.12"],
      ["known", "v0.2.14"],
      ["known", "v0.2.15"],
      ["known", "v0.2.16"],
      ["older", null],
      ["unknown", null],
    ]);
  });
});
