/**
 * v0.2.16 in saved REST answers: the epoch group's confirmation_weight_scales carry effective_coefficient
 * and exclude_from_confirmation (read into the settlement input, written back by import-rest), and a
 * /open_poc_challenges answer (recognised by its shape) gives the sampled epoch's open challenge targets,
 * the decided ones named as a lack. ActiveParticipants has no REST route: its lack stays named.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseJson } from "../../src/go/json.js";
import type { JsonObject } from "../../src/json-input.js";
import { parseSettlementInput, settlementInputToJson } from "../../src/settlement/settlement-input.js";
import { readRestDump, readRestDumps } from "../../src/sources/rest-dump/read-rest-dump.js";
import { recogniseRestFile } from "../../src/sources/rest-dump/recognise-rest-file.js";
import { preservedFromRestDump } from "../../src/sources/rest-dump/preserved-from-rest.js";
import { settlementFromRestDump } from "../../src/sources/rest-dump/settlement-from-rest.js";
import { REALDATA_DIR } from "../realdata/load.js";
import { runCli } from "../helpers/cli.js";

const E = (n: number) => join(REALDATA_DIR, "rest", `epoch_${n}`);
const tmp = mkdtempSync(join(tmpdir(), "gonka-rest-v0216-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
type Obj = { [k: string]: unknown };

/** Epoch 249's root answer with v0.2.16 scales (as the node's REST answer writes them: snake_case, int64 as strings). */
function withScales(scales: Obj[]) {
  const d = readRestDump(E(249));
  const root = d.roots.get(249n)!;
  const group = structuredClone(root.value) as Obj;
  group.confirmation_weight_scales = scales;
  d.roots.set(249n, { ...root, value: group as JsonObject });
  return d;
}

const scale = (model: string, extra: Obj): Obj => ({ model_id: model, weight_scale_factor: null, ...extra });

describe("confirmation_weight_scales of a v0.2.16 REST answer", () => {
  it("effective_coefficient and exclude_from_confirmation reach the settlement input, and import-rest writes them back", () => {
    const d = withScales([
      scale("A", { effective_coefficient: { value: "3024", exponent: -4 }, exclude_from_confirmation: false, base_coefficient: { value: "3024", exponent: -4 }, prev_sign: 0 }),
      scale("B", { effective_coefficient: { value: "0", exponent: 0 }, exclude_from_confirmation: true }),
      // an older node's answer: no such keys (Go's nil and false)
      { model_id: "C", weight_scale_factor: { value: "62", exponent: -2 } },
    ]);
    const s = settlementFromRestDump(d).input;
    expect(s.confirmationWeightScales).toEqual([
      { modelId: "A", weightScaleFactor: null, effectiveCoefficient: { value: 3024n, exponent: -4 }, excludeFromConfirmation: false },
      { modelId: "B", weightScaleFactor: null, effectiveCoefficient: { value: 0n, exponent: 0 }, excludeFromConfirmation: true },
      { modelId: "C", weightScaleFactor: { value: 62n, exponent: -2 } },
    ]);
    // the slice import-rest writes reads back as the same scales
    const json = parseJson(JSON.stringify(settlementInputToJson(s, { settlementHeight: null, assumptions: [] })), "slice");
    expect(parseSettlementInput(json, "settlement").input.confirmationWeightScales).toEqual(s.confirmationWeightScales);
  });

  it("a flag that is not a boolean is refused naming the file and field", () => {
    const d = withScales([scale("A", { exclude_from_confirmation: "yes" })]);
    expect(() => settlementFromRestDump(d)).toThrow(/epoch_group_data\.confirmation_weight_scales\[0\]\.exclude_from_confirmation: expected true or false, got "yes"/);
  });

  it("the snapshot's settlement slice refuses a misspelt v0.2.16 field and a flag that is not a boolean", () => {
    const base = settlementInputToJson(settlementFromRestDump(withScales([scale("A", { exclude_from_confirmation: true })])).input, { settlementHeight: null, assumptions: [] }) as Obj;
    const edit = (f: (s: Obj) => void) => {
      const c = structuredClone(base);
      f(((c.reward as Obj).confirmationWeightScales as Obj[])[0]!);
      return parseJson(JSON.stringify(c), "slice");
    };
    expect(() => parseSettlementInput(edit((s) => (s.excludeFromConfirmations = true)), "settlement")).toThrow(/excludeFromConfirmations/);
    expect(() => parseSettlementInput(edit((s) => (s.excludeFromConfirmation = 1)), "settlement")).toThrow(/settlement\.reward\.confirmationWeightScales\[0\]\.excludeFromConfirmation: expected true or false, got 1/);
  });
});

describe("/open_poc_challenges (v0.2.16)", () => {
  const answer = {
    challenges: [
      { challenge: { epoch_index: "249", challenger: "gonka1c", target: "gonka1zzz", state: "POC_CHALLENGE_STATE_OPEN" }, finish: "3860000", generating: true, commits: [] },
      { challenge: { epoch_index: "249", challenger: "gonka1c", target: "gonka1aaa", state: "POC_CHALLENGE_STATE_OPEN" }, finish: "3860000", generating: false, commits: [] },
      { challenge: { epoch_index: "248", challenger: "gonka1c", target: "gonka1old", state: "POC_CHALLENGE_STATE_OPEN" }, finish: "1", generating: false, commits: [] },
    ],
  };

  it("is recognised by its shape (an empty answer too), and nothing else is taken for it", () => {
    expect(recogniseRestFile(parseJson(JSON.stringify(answer), "a"))).toBe("open-poc-challenges");
    expect(recogniseRestFile(parseJson('{"challenges": []}', "a"))).toBe("open-poc-challenges");
    expect(recogniseRestFile(parseJson('{"challenges": [], "other": 1}', "a"))).toBeNull();
    expect(recogniseRestFile(parseJson('{"challenges": [{"target": "x"}]}', "a"))).toBeNull();
  });

  it("gives the sampled epoch's open targets (sorted), names the decided ones as a lack read from v0.2.16; without the answer the lack stays named", async () => {
    const dir = join(tmp, "challenges");
    cpSync(E(249), dir, { recursive: true });
    writeFileSync(join(dir, "open_poc_challenges.json"), JSON.stringify(answer));
    const p = preservedFromRestDump(readRestDumps([E(248), dir]));
    expect(p.state.pocChallengeTargets).toEqual(["gonka1aaa", "gonka1zzz"]);
    const gap = p.gaps.find((g) => g.input.startsWith("epoch 249's decided PoC challenges"))!;
    expect(gap.readFrom).toBe("v0.2.16");
    expect(gap.assumption).toContain("open_poc_challenges.json lists the challenges open when it was saved (2 of epoch 249)");
    expect(preservedFromRestDump(readRestDumps([E(248), E(249)])).state.pocChallengeTargets).toBeUndefined();

    // through the CLI under v0.2.16 rules: the REST lack (decided challenges) named, the trust weights' lack too, not the targets'
    const r = JSON.parse((await runCli(["preserved", "--rest-dump", E(248), "--rest-dump", dir, "--chain-version", "v0.2.16", "--json"])).out);
    const w: string[] = r.warnings;
    expect(w.some((l) => l.includes("decided PoC challenges"))).toBe(true);
    expect(w.some((l) => l.startsWith("activeParticipants:"))).toBe(true);
    expect(w.some((l) => l.startsWith("pocChallengeTargets:"))).toBe(false);
    // without the answer: a confirmation PoC's anchor (a trigger of epoch 249's events) names the lack; the regular PoC's, which reads no challenge, does not
    const lacks = async (...extra: string[]) => (JSON.parse((await runCli(["preserved", "--rest-dump", E(248), "--rest-dump", E(249), "--chain-version", "v0.2.16", ...extra, "--json"])).out).warnings as string[]).filter((l) => l.startsWith("pocChallengeTargets:"));
    expect(await lacks("--anchor", "3853584")).toHaveLength(1);
    expect(await lacks()).toEqual([]);
    // with it, at that confirmation PoC: the open targets are left out (none of them is a member of epoch 249 here), the records' time named
    const cpoc = JSON.parse((await runCli(["preserved", "--rest-dump", E(248), "--rest-dump", dir, "--chain-version", "v0.2.16", "--anchor", "3853584", "--json"])).out);
    expect(cpoc.confirmationPocSkip).toMatchObject({ triggerHeight: "3853584", epoch: "249", running: false, targets: ["gonka1aaa", "gonka1zzz"], leftOut: [] });
    expect((cpoc.warnings as string[]).some((l) => l.startsWith("pocChallengeTargets: the PoC challenge records were read as saved"))).toBe(true);
    // import-rest keeps them in the preserved slice
    const f = join(tmp, "with-challenges.json");
    expect((await runCli(["import-rest", E(248), dir, "--out", f])).code).toBe(0);
    expect((JSON.parse(readFileSync(f, "utf8")) as { preserved: Obj }).preserved.pocChallengeTargets).toEqual(["gonka1aaa", "gonka1zzz"]);
  });

  it("a record without its challenge object is refused naming the file and the row", () => {
    const dir = join(tmp, "bad-challenges");
    cpSync(E(249), dir, { recursive: true });
    writeFileSync(join(dir, "open_poc_challenges.json"), JSON.stringify({ challenges: [answer.challenges[0], { finish: "1" }] }));
    expect(() => readRestDump(dir)).toThrow(/open_poc_challenges\.json: challenges\[1\]: expected an object with a challenge object/);
  });
});
