/**
 * Which copy of an input the REST reader takes when a dump holds two: the validation params (the epoch
 * group's own copy by default, the saved module params on request) and, over merged dumps, the params
 * saved beside each epoch whatever the order of --rest-dump. Real epochs carry equal copies, so each test makes
 * them differ in memory.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REALDATA_DIR } from "../realdata/load.js";
import { runCli } from "../helpers/cli.js";
import { readRestDump, readRestDumps, type RestDump } from "../../src/sources/rest-dump/read-rest-dump.js";
import { settlementFromRestDump } from "../../src/sources/rest-dump/settlement-from-rest.js";
import type { JsonObject } from "../../src/json-input.js";

const E = (n: number) => join(REALDATA_DIR, "rest", `epoch_${n}`);
type Obj = { [k: string]: unknown };

/** Epoch 249's dump with the epoch group's binom_test_p0 set to 0.25 and the saved params' to 0.40. */
function disagreeingP0(): RestDump {
  const d = readRestDump(E(249));
  const root = d.roots.get(249n)!;
  const group = structuredClone(root.value) as Obj;
  (group.validation_params as Obj).binom_test_p0 = { value: "25", exponent: -2 };
  d.roots.set(249n, { ...root, value: group as JsonObject });
  const params = structuredClone(d.params!.value) as Obj;
  (params.validation_params as Obj).binom_test_p0 = { value: "40", exponent: -2 };
  d.params = { ...d.params!, value: params as JsonObject };
  d.allParams = [d.params];
  return d;
}

describe("the REST reader's choice between two copies", () => {
  it("validation params: the epoch group's own copy by default, the saved params only with --validation-params saved", () => {
    const group = settlementFromRestDump(disagreeingP0());
    expect(group.input.validationParams).toEqual({ binomTestP0: { value: 25n, exponent: -2 } });
    expect(group.gaps.find((g) => g.flag === "--validation-params group|saved")!.assumption).toMatch(/the epoch group's own validation_params/);
    const saved = settlementFromRestDump(disagreeingP0(), { validationParams: "saved" });
    expect(saved.input.validationParams).toEqual({ binomTestP0: { value: 40n, exponent: -2 } });
    expect(saved.gaps.find((g) => g.flag === "--validation-params group|saved")!.assumption).toMatch(/the saved module params/);
  });

  it("merged dumps: each epoch reads the params saved beside it, in any order; the dump's newest params come from the directory with the newest root group", () => {
    for (const dirs of [[E(247), E(249)], [E(249), E(247)], [E(247), E(248), E(249)], [E(249), E(248), E(247)]]) {
      const d = readRestDumps(dirs);
      expect(d.params!.file, dirs.join(" ")).toContain(join("epoch_249", "params.json"));
      expect(d.allParams!.length).toBe(dirs.length);
      const s = settlementFromRestDump(d, { epoch: 247n });
      const beside = join(E(247), "params.json");
      expect(s.sources).toContain(beside);
      expect(s.sources).not.toContain(d.params!.file);
      expect(s.gaps.map((g) => g.assumption).join("\n")).toContain(`${beside} was saved later`);
    }
    // the newest root decides, not the first or the last directory given
    expect(readRestDumps([E(248), E(247)]).params!.file).toContain(join("epoch_248", "params.json"));
  });

  it("delegation reward transfers and penalties: none, and named as an assumption (no REST query reads prefix 108)", () => {
    const s = settlementFromRestDump(readRestDump(E(249)));
    expect(s.input.delegationRewardTransfers).toEqual([]);
    expect(s.input.delegationRewardPenalties).toEqual([]);
    const g = s.gaps.find((x) => x.input.startsWith("v0.2.14 delegation reward transfers and penalties"))!;
    expect(g.assumption).toMatch(/under v0\.2\.14 settlement moves no delegated reward weight/);
    expect(g.rowsAffected).toBe(s.input.participants.length);
    expect(g.uses).toEqual(["settle"]);
    expect(g.readFrom).toBe("v0.2.14");
  });

  it("settle lists the delegation assumption only under rules that read it (v0.2.14 and later)", async () => {
    const delegation = (doc: { assumptions: { input: string }[] }) => doc.assumptions.some((a) => a.input.startsWith("v0.2.14 delegation reward transfers"));
    const byTable = await runCli(["settle", "--rest-dump", E(249), "--json"]);
    expect(byTable.code, byTable.err).toBe(0);
    expect(JSON.parse(byTable.out).chainVersion.version).toBe("v0.2.12");
    expect(delegation(JSON.parse(byTable.out))).toBe(false);
    const v14 = await runCli(["settle", "--rest-dump", E(249), "--chain-version", "v0.2.14", "--json"]);
    expect(delegation(JSON.parse(v14.out))).toBe(true);
  });
});
