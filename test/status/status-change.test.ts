// A change of the status tests' parameters judged over real epochs (issue 29 item 5): `proposal` and
// `backtest` replay every participant with its epoch's own params and with the change, and price who it
// spares or newly excludes with the same settlement; a params answer saved after the proposal passed is
// named, never the baseline; where a replay lacks an input the participant is unknown, the input named.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { statusScenarioServer } from "../../src/testing/status-scenario-node.js";
import { HOSTS } from "../../src/testing/status-scenario.js";
import { judgeStatusChange } from "../../src/status-replay/judge-status-change.js";
import { statusEpochsFromRestDumps } from "../../src/gov/status-change-epochs.js";
import { REALDATA_DIR } from "../realdata/load.js";

const ROOT = join(import.meta.dirname, "..", "..");
const EXAMPLE = join(ROOT, "examples", "status-epoch");
const PROPOSAL = join(ROOT, "examples", "gov", "status-thresholds.proto.json");
const [H1, H2] = HOSTS as [string, string];

function ajv(): Ajv {
  const a = new Ajv({ allErrors: true, strict: false });
  for (const f of ["common", "status", "status-change", "proposal", "backtest"]) a.addSchema(JSON.parse(readFileSync(join(ROOT, "schemas", `${f}.schema.json`), "utf8")));
  return a;
}

describe("proposal and backtest on a node's epochs", () => {
  const server = statusScenarioServer();
  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it("proposal: H 4 → 40 and P1 0.10 → 0.18 spare hosts 1 and 2; each is paid what the settlement re-run with them ACTIVE pays", async () => {
    const r = await runCli(["proposal", PROPOSAL, "--node", server.url, "--epochs", "470..470", "--json"]);
    expect(r.code, r.err).toBe(0);
    const doc = JSON.parse(r.out);
    const validate = ajv().getSchema("https://gonka-spec.invalid/schemas/proposal.schema.json")!;
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    const sc = doc.statusChange;
    expect(sc.changes.filter((c: any) => c.changed).map((c: any) => [c.parameter, c.from, c.to])).toEqual([
      ["validation_params.bad_participant_invalidation_rate", "0.1", "0.18"],
      ["validation_params.invalidation_h_threshold", "4", "40"],
      ["validation_params.downtime_bad_percentage", "0.99", "0.98"],
    ]);
    const e = sc.epochs[0];
    const spared = e.participants.filter((p: any) => p.verdict === "spared");
    expect(spared.map((p: any) => p.address)).toEqual([H1, H2]);
    expect(spared.map((p: any) => p.baseline.excluded)).toEqual([{ reason: "statistical_invalidations", height: "6702100" }, { reason: "statistical_invalidations", height: "6703500" }]);
    for (const p of spared) expect(BigInt(p.coins.withChange) > 0n && p.coins.paid === "0").toBe(true);
    expect(e.participants.filter((p: any) => p.verdict === "same")).toHaveLength(4);
    // the epoch's reward coins move by what the spared are paid and what the others gain through the power cap
    expect(BigInt(e.totals.withChange) - BigInt(e.totals.paid)).toBe(spared.reduce((a: bigint, p: any) => a + BigInt(p.coins.withChange), 0n) + BigInt(e.othersDelta));
    expect(BigInt(e.othersDelta) > 0n).toBe(true); // host 3 was capped at 0.4 of the active weight: with two more active, less so
  });

  it("backtest --b with the same proposal: the status section beside the settlement backtest, whose status quo still matches the chain", async () => {
    const r = await runCli(["backtest", "--b", PROPOSAL, "--node", server.url, "--epochs", "470..470"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/status quo check: OK/);
    expect(r.out).toMatch(/epoch 470 \(6 participants, node http:\/\/127\.0\.0\.1:\d+\): 2 spared, 0 newly excluded, 0 excluded otherwise, 4 the same, 0 unknown/);
    expect(r.out).toMatch(new RegExp(`${H1}: spared: excluded at block 6,702,100 \\(statistical_invalidations\\) with the params in force, not excluded with the change; paid 0 GNK → [\\d,.]+ GNK`));
    // the settlement table keeps the recorded exclusions: it must not read as "B pays no one differently" while two are spared
    expect(r.out).toContain('B also changes the in-epoch status tests: these settlements keep each epoch\'s exclusions as the chain recorded them, so their coins leave that change out; it is judged in the "In-epoch status tests" section below');
    expect(r.out).not.toContain("No participant is paid differently under B than under A.");
    expect(r.out).toContain("No participant is paid differently under B than under A with the exclusions as recorded (B's status-test change is judged apart).");
  });
});

describe("on saved answers", () => {
  it("the example folder: every participant unknown, the confirmation ratio or challenge record named; the saved params answer is said to hold the proposal already", async () => {
    const r = await runCli(["proposal", PROPOSAL, "--rest-dump", EXAMPLE, "--json"]);
    const sc = JSON.parse(r.out).statusChange;
    expect(sc.notes.some((n: string) => /params\.json \(the params answer\) was saved after the epochs and is not their baseline .*already holds every value the change sets/.test(n))).toBe(true);
    expect(sc.changes.find((c: any) => c.parameter === "validation_params.invalidation_h_threshold")).toMatchObject({ from: "4", to: "40", changed: true });
    expect(sc.epochs[0].participants.map((p: any) => p.verdict)).toEqual(Array(6).fill("unknown"));
    expect(sc.epochs[0].participants[0].missing.input).toMatch(/ratio in confirmation PoC event 0/);
  });

  it("real epochs 247–249 (v0.2.11/v0.2.12): unknown for everyone, the classic messages named; a hand-written proposal file sets the same parameter by its Go name", async () => {
    const file = join(ROOT, "tmp", "status-h40.json");
    const { mkdirSync, writeFileSync } = await import("node:fs");
    mkdirSync(join(ROOT, "tmp"), { recursive: true });
    writeFileSync(file, JSON.stringify({ name: "H 40", InvalidationHThreshold: "40" }));
    const r = await runCli(["backtest", "--b", file, "--rest-dump", join(REALDATA_DIR, "rest"), "--chain-version", "247=v0.2.11", "--json"]);
    expect(r.code, r.err).toBe(0);
    const doc = JSON.parse(r.out);
    const validate = ajv().getSchema("https://gonka-spec.invalid/schemas/backtest.schema.json")!;
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    const sc = doc.statusChange;
    expect(sc.epochs.map((e: any) => e.epoch)).toEqual(["247", "248", "249"]);
    for (const e of sc.epochs) {
      expect(e.participants.every((p: any) => p.verdict === "unknown"), e.epoch).toBe(true);
      expect(e.participants[0].missing.input).toMatch(new RegExp(`^epoch ${e.epoch}'s classic inference messages`));
    }
  });
});

describe("proposal --epochs: never silently ignored", () => {
  it("epochs the dumps do not hold are refused, naming the ones they hold (exit 2), as backtest does", async () => {
    const r = await runCli(["proposal", PROPOSAL, "--rest-dump", EXAMPLE, "--epochs", "471..472"]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toBe("gonka-spec proposal: --epochs 471..472: epochs 471, 472 are not in the inputs (they hold 470)");
  });

  it("--epochs without --rest-dump or --node has nothing to read the epochs from (exit 2)", async () => {
    const r = await runCli(["proposal", PROPOSAL, "--epochs", "470..470"]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toBe("gonka-spec proposal: --epochs 470..470: the epochs to replay are read from --rest-dump DIR or --node URL, and neither is given");
  });
});

describe("judgeStatusChange", () => {
  it("a lower H newly excludes: host 3 and others fall at H 1 on the node-equivalent inputs; their coins go to 0 and the rest are priced by the same settlement", async () => {
    // the example folder's hosts 1 and 2 are decided before any missing input: with H 2 host 2 falls at its first batch instead
    const { epochs } = statusEpochsFromRestDumps([EXAMPLE], { InvalidationHThreshold: { value: 1n, exponent: 0 } });
    const [e] = judgeStatusChange(epochs, { InvalidationHThreshold: { value: 1n, exponent: 0 } });
    const h2 = e!.participants.find((p) => p.address === H2)!;
    expect(h2.verdict).toBe("changed");
    expect(h2.baseline.excluded).toEqual({ reason: "statistical_invalidations", height: 6_703_500n });
    expect(h2.proposal.excluded).toEqual({ reason: "statistical_invalidations", height: 6_702_100n });
    expect(h2.coins).toEqual({ paid: 0n, withChange: 0n });
  });
});
