// preservedStateJson is parsePreservedState's inverse: a state written as the snapshot's `preserved`
// slice reads back as the same state, for generated states, the example snapshot, the carried REST
// dumps and the GRC3 dumps; and the REST reader checks what parsePreservedState checks, naming the REST
// file and field.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJson, stringifyJson, type Json } from "../../src/go/json.js";
import { preservedStateOfSnapshot } from "../../src/preserved/snapshot-state.js";
import { preservedStateJson } from "../../src/preserved/state-json.js";
import { parsePreservedState, type PreservedState } from "../../src/preserved/state.js";
import { parseSnapshot } from "../../src/snapshot/snapshot.js";
import { readRestDumps, type RestDump } from "../../src/sources/rest-dump/read-rest-dump.js";
import { preservedFromRestDump, type RestPreservedOptions } from "../../src/sources/rest-dump/preserved-from-rest.js";
import { REALDATA_DIR } from "../realdata/load.js";
import { stateJson } from "./arbitraries.js";

const ROOT = join(import.meta.dirname, "..", "..");
const REST = join(REALDATA_DIR, "rest");
const E = (n: number): string => join(REST, `epoch_${n}`);
const GRC3 = (anchor: number): string => join(REALDATA_DIR, "grc3", "preserved", `anchor_${anchor}`);

/** Written and read back (through the text, as a file would hold it). */
const again = (s: PreservedState, path: string, lenient = false): PreservedState =>
  parsePreservedState(parseJson(stringifyJson(preservedStateJson(s)), "text"), path, { lenient });

/** The state without what names the reader's own fields (the warnings' paths, where the factors were read). */
const unnamed = (s: PreservedState) => ({ ...s, warnings: s.warnings.length, pocModelConfigs: s.pocModelConfigs ? { ...s.pocModelConfigs, source: "" } : s.pocModelConfigs });

type Obj = { [k: string]: Json };
/** stateJson's states with what it does not generate: root voting power, nil nodes and (last) nil entries, negative PoC weights, PoC model factors, failed reads. */
const variedState = fc
  .tuple(stateJson(), fc.record({ rootVp: fc.integer({ min: -2, max: 2 }), nilNode: fc.boolean(), nilEntry: fc.boolean(), negative: fc.boolean(), factors: fc.boolean(), failed: fc.constantFrom("none", "params", "root", "subgroups") }))
  .map(([j, v]) => {
    const o = structuredClone(j) as Obj;
    const root = o.rootGroup as Obj;
    const rw = root.validationWeights as Obj[];
    if (rw.length > 0) rw[0]!.votingPower = v.rootVp;
    const groups = Object.values((o.liveSubGroups as Obj).byModel as Obj) as Obj[];
    const first = (groups[0]!.validationWeights as Obj[])[0];
    if (first !== undefined) {
      const nodes = first.mlNodes as Json[];
      if (v.negative && nodes.length > 0) (nodes[0] as Obj).pocWeight = -7;
      if (v.nilNode) nodes.push(null);
    }
    if (v.nilEntry) (groups[0]!.validationWeights as Json[]).push(null);
    if (v.factors) (o.params as Obj).pocParams = { models: [{ modelId: "m1", weightScaleFactor: { value: 25, exponent: -2 } }, { modelId: "m2", weightScaleFactor: null }] };
    if (v.failed === "params") (o.params as Obj).error = true;
    if (v.failed === "root") root.error = true;
    if (v.failed === "subgroups") (o.liveSubGroups as Obj).error = true;
    return o as Json;
  });

describe("preservedStateJson", () => {
  it("generated states (lenient: negative weights, nil nodes, entries and sets, repeats, failed reads) read back as themselves, warnings included", () => {
    let nils = 0;
    fc.assert(
      fc.property(variedState, (j) => {
        const s = parsePreservedState(j, "state", { lenient: true });
        if ([...s.liveSubGroups.byModel.values()].some((g) => (g.nilEntries ?? 0) > 0)) nils++;
        expect(again(s, "state", true)).toEqual(s);
      }),
      { numRuns: 200 },
    );
    expect(nils).toBeGreaterThan(0);
  });

  it("the example snapshot's state reads back as itself, with the same warnings", () => {
    const file = join(ROOT, "examples", "mainnet-like.snapshot.json");
    const snap = parseSnapshot(parseJson(readFileSync(file, "utf8"), file), file);
    const s = preservedStateOfSnapshot(snap, "example");
    expect(s.rootGroup.validationWeights.length).toBe(400);
    expect(again(s, "example: preserved")).toEqual(s);
  });

  const dumps: [string, string[], RestPreservedOptions][] = [
    ["247 + 248", [E(247), E(248)], {}],
    ["248 + 249", [E(248), E(249)], {}],
    ["248 + 249, not-excluded live members", [E(248), E(249)], { liveMembers: "not-excluded" }],
    ["247-249", [REST], {}],
    ["247-249, epoch 248, missing summaries unrewarded", [REST], { epoch: 248n, missingSummaries: "unrewarded" }],
    ["GRC3 anchor 4,265,965, missing summaries rewarded", [GRC3(4265965)], { missingSummaries: "rewarded" }],
    ["GRC3 anchor 4,267,778, epoch 276, missing summaries rewarded", [GRC3(4267778)], { missingSummaries: "rewarded", epoch: 276n }],
  ];
  for (const [name, dirs, options] of dumps) {
    it(`the REST reader's state of ${name} reads back as itself`, () => {
      const s = preservedFromRestDump(readRestDumps(dirs), options).state;
      expect(s.rootGroup.validationWeights.length).toBeGreaterThan(0);
      expect(s.liveSubGroups.byModel.size).toBeGreaterThan(0);
      expect(unnamed(again(s, "rest: preserved"))).toEqual(unnamed(s));
      expect(s.pocModelConfigs?.source).toMatch(/params[^ ]*\.json: params\.poc_params\.models$/);
    });
  }
});

describe("the REST reader checks what parsePreservedState checks, naming the REST answer's field", () => {
  const qwen = "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8";
  /** Epochs 248 + 249 with `edit` applied to the first member of epoch 249's Qwen subgroup (read in memory). */
  function edited(edit: (member: { [k: string]: Json }) => void): { dump: RestDump; file: string } {
    const dump = readRestDumps([E(248), E(249)]);
    const g = dump.models.get(249n)!.find((f) => f.value.model_id === qwen)!;
    edit((g.value.validation_weights as { [k: string]: Json }[])[0]!);
    return { dump, file: g.file };
  }
  const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

  it("a negative voting power or PoC weight, an empty address: refused, one line naming the file and field", () => {
    const vp = edited((m) => (m.voting_power = "-5"));
    expect(() => preservedFromRestDump(vp.dump)).toThrow(new RegExp(`^${esc(vp.file)}: epoch_group_data\\.validation_weights\\[0\\]\\.voting_power: votingPower must not be negative, got -5$`));
    const pw = edited((m) => ((m.ml_nodes as { [k: string]: Json }[])[0]!.poc_weight = "-1"));
    expect(() => preservedFromRestDump(pw.dump)).toThrow(new RegExp(`^${esc(pw.file)}: epoch_group_data\\.validation_weights\\[0\\]\\.ml_nodes\\[0\\]\\.poc_weight: pocWeight must not be negative, got -1$`));
    const ad = edited((m) => (m.member_address = ""));
    expect(() => preservedFromRestDump(ad.dump)).toThrow(new RegExp(`^${esc(ad.file)}: epoch_group_data\\.validation_weights\\[0\\]\\.member_address: `));
    // the snapshot reader says the same of the same value
    const s = preservedFromRestDump(readRestDumps([E(248), E(249)])).state;
    const j = preservedStateJson(s) as { liveSubGroups: { byModel: { [m: string]: { validationWeights: { votingPower: Json }[] } } } };
    j.liveSubGroups.byModel[qwen]!.validationWeights[0]!.votingPower = -5n;
    expect(() => parsePreservedState(j as unknown as Json, "p")).toThrow(/validationWeights\[0\]\.votingPower: votingPower must not be negative, got -5$/);
  });

  it("a node listed twice and a nil node: the warnings parsePreservedState gives, naming the REST field", () => {
    const { dump, file } = edited((m) => {
      const nodes = m.ml_nodes as Json[];
      nodes.push(structuredClone(nodes[0]!), null);
    });
    const s = preservedFromRestDump(dump).state;
    const at = `${file}: epoch_group_data.validation_weights[0].ml_nodes`;
    expect(s.warnings.some((w) => w.startsWith(`${at}[`) && w.includes("].node_id: duplicate node id"))).toBe(true);
    expect(s.warnings.some((w) => w.startsWith(`${at}[`) && w.endsWith("]: null node entry (Go drops nil nodes)"))).toBe(true);
    const tail = (w: string): string => w.replace(/^.*?(node_id|nodeId|\]): /, "");
    expect(s.warnings.map(tail)).toEqual(parsePreservedState(preservedStateJson(s), "p").warnings.map(tail));
  });
});
