// parsePreservedState: bad input is an InputError naming the path and the value; odd input Go accepts is a warning.
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import type { Json } from "../../src/go/json.js";
import { parsePreservedState } from "../../src/preserved/state.js";

function base(): { [k: string]: any } {
  return {
    anchorHeight: 100,
    epoch: { index: 2 },
    genesisGuardianAddresses: [],
    liveSubGroups: {
      byModel: {
        m: {
          liveMembers: ["gonka1a"],
          validationWeights: [{ memberAddress: "gonka1a", weight: 0, votingPower: 5, mlNodes: [{ nodeId: "n1", pocWeight: 10, throughput: 0, timeslotAllocation: [] }] }],
        },
      },
    },
    params: { epochParams: { pocSlotAllocation: { value: 5, exponent: -1 } } },
    previousEpochGroupData: {},
    previousEpochPerformanceSummaries: { "gonka1a": { rewardedCoins: 1 } },
    rootGroup: { liveMembers: ["gonka1a"], subGroupModels: ["m"], validationWeights: [{ memberAddress: "gonka1a", weight: 100 }] },
  };
}

function fails(mutate: (s: { [k: string]: any }) => void, pathPart: string, valuePart?: string, lenient = false): void {
  const s = base();
  mutate(s);
  let err: unknown;
  try {
    parsePreservedState(s as Json, "preserved", { lenient });
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(InputError);
  const msg = (err as Error).message;
  expect(msg).toContain(pathPart);
  if (valuePart !== undefined) expect(msg).toContain(valuePart);
}

const NODE = 'preserved.liveSubGroups.byModel["m"].validationWeights[0].mlNodes[0]';

describe("parsePreservedState", () => {
  it("accepts a well-formed state and reads integers as bigint", () => {
    const st = parsePreservedState(base() as Json, "preserved");
    expect(st.anchorHeight).toBe(100n);
    expect(st.epoch.index).toBe(2n);
    expect(st.liveSubGroups.byModel.get("m")!.validationWeights[0]!.mlNodes[0]!.pocWeight).toBe(10n);
    expect(st.rootGroup.liveMembers).toEqual(new Set(["gonka1a"]));
    // "gonka1a" is no bech32 address: used as given, named once (issue 22)
    expect(st.warnings).toEqual([expect.stringMatching(/^1 of 1 root group members are not valid bech32 .*: first preserved\.rootGroup\.validationWeights\[0\]\.memberAddress "gonka1a" \(invalid bech32 string length 7\)$/)]);
  });

  it("anchorHeight is optional (the CLI's --anchor supplies it)", () => {
    const s = base();
    delete s.anchorHeight;
    expect(parsePreservedState(s as Json, "preserved").anchorHeight).toBeUndefined();
  });

  it("rejects a negative node weight, naming the path and the value", () => {
    fails((s) => (s.liveSubGroups.byModel.m.validationWeights[0].mlNodes[0].pocWeight = -3), `${NODE}.pocWeight`, "-3");
  });

  it("accepts a negative weight in lenient (Go) mode, with a warning", () => {
    const s = base();
    s.liveSubGroups.byModel.m.validationWeights[0].mlNodes[0].pocWeight = -3;
    const st = parsePreservedState(s as Json, "preserved", { lenient: true });
    expect(st.liveSubGroups.byModel.get("m")!.validationWeights[0]!.mlNodes[0]!.pocWeight).toBe(-3n);
    expect(st.warnings.join("\n")).toContain(`${NODE}.pocWeight`);
  });

  it("rejects weights that overflow int64, and negative root weight or voting power", () => {
    fails((s) => (s.liveSubGroups.byModel.m.validationWeights[0].mlNodes[0].pocWeight = "9223372036854775808"), `${NODE}.pocWeight`, "9223372036854775808");
    fails((s) => (s.rootGroup.validationWeights[0].weight = -1), "preserved.rootGroup.validationWeights[0].weight", "-1");
    fails((s) => (s.liveSubGroups.byModel.m.validationWeights[0].votingPower = -7), 'preserved.liveSubGroups.byModel["m"].validationWeights[0].votingPower', "-7");
  });

  it("rejects non-integers and wrong types", () => {
    fails((s) => (s.liveSubGroups.byModel.m.validationWeights[0].mlNodes[0].pocWeight = 1.5), `${NODE}.pocWeight`, "1.5");
    fails((s) => (s.liveSubGroups.byModel.m.validationWeights[0].mlNodes[0].nodeId = 7), `${NODE}.nodeId`, "7");
    fails((s) => (s.epoch.index = -1), "preserved.epoch.index", "-1");
    fails((s) => (s.rootGroup.subGroupModels = "m"), "preserved.rootGroup.subGroupModels", '"m"');
    fails((s) => (s.params.epochParams.pocSlotAllocation.exponent = 2 ** 40), "preserved.params.epochParams.pocSlotAllocation.exponent");
  });

  it("rejects missing fields, naming the object that lacks them", () => {
    fails((s) => delete s.epoch, 'missing field "epoch"');
    fails((s) => delete s.liveSubGroups.byModel.m.validationWeights[0].mlNodes[0].pocWeight, NODE, "pocWeight");
    fails((s) => delete s.rootGroup.liveMembers, "preserved.rootGroup", "liveMembers");
  });

  it("rejects a null subgroup entry (Go would dereference it and panic)", () => {
    fails((s) => (s.liveSubGroups.byModel.m.validationWeights[0] = null), 'preserved.liveSubGroups.byModel["m"].validationWeights[0]');
  });

  it("rejects a listed model without a subgroup unless lenient", () => {
    fails((s) => s.rootGroup.subGroupModels.push("other"), "preserved.liveSubGroups.byModel", '"other"');
    const s = base();
    s.rootGroup.subGroupModels.push("other");
    const st = parsePreservedState(s as Json, "preserved", { lenient: true });
    expect(st.warnings.some((w) => w.includes('"other"'))).toBe(true);
  });

  it("warns about odd input Go accepts: duplicates, nil sets, unconvertible guardians", () => {
    const s = base();
    const sub = s.liveSubGroups.byModel.m;
    sub.validationWeights[0].mlNodes.push({ nodeId: "n1", pocWeight: 3, throughput: 0, timeslotAllocation: [] });
    sub.validationWeights.push({ memberAddress: "gonka1a", weight: 0, votingPower: 0, mlNodes: [] });
    sub.liveMembers = null;
    s.rootGroup.subGroupModels.push("m");
    s.genesisGuardianAddresses = ["not-bech32"];
    const st = parsePreservedState(s as Json, "preserved");
    const w = st.warnings.join("\n");
    expect(w).toContain(`${NODE.replace("mlNodes[0]", "mlNodes[1]")}.nodeId: duplicate node id "n1"`);
    expect(w).toContain('validationWeights[1].memberAddress: duplicate member "gonka1a"');
    expect(w).toContain('byModel["m"].liveMembers: null');
    expect(w).toContain('subGroupModels[1]: model "m" listed twice');
    expect(w).toContain('genesisGuardianAddresses[0]: "not-bech32"');
  });

  it("accepts error flags as the keeper's failed reads", () => {
    const s = base();
    s.rootGroup = { error: true };
    s.liveSubGroups = { error: true };
    const st = parsePreservedState(s as Json, "preserved");
    expect(st.rootGroup.error).toBe(true);
    expect(st.liveSubGroups.error).toBe(true);
  });
});

describe("run warnings", () => {
  it("reports the default fraction, an unvalidated fraction and the 75% line's int64 wrap", async () => {
    const { samplePreservedForEpisode } = await import("../../src/preserved/sample-preserved-for-episode.js");
    const s = base();
    s.params.epochParams.pocSlotAllocation = null;
    expect(samplePreservedForEpisode(parsePreservedState(s as Json, "p"), 1n).warnings.join("\n")).toContain("default 0.5");
    s.params.epochParams.pocSlotAllocation = { value: 15, exponent: -1 };
    expect(samplePreservedForEpisode(parsePreservedState(s as Json, "p"), 1n).warnings.join("\n")).toContain("1.5 is outside [0, 1]");
    s.rootGroup.validationWeights[0].weight = "4611686018427387904";
    expect(samplePreservedForEpisode(parsePreservedState(s as Json, "p"), 1n).warnings.join("\n")).toContain("75 overflows int64");
  });

  it("reports the live root weight sum's int64 wrap, and no wrap when only a non-live weight is large", async () => {
    const { samplePreservedForEpisode } = await import("../../src/preserved/sample-preserved-for-episode.js");
    const warn = (s: { [k: string]: any }): string => samplePreservedForEpisode(parsePreservedState(s as Json, "p"), 1n).warnings.join("\n");
    const s = base();
    s.rootGroup.liveMembers = ["gonka1a", "gonka1b"];
    s.rootGroup.validationWeights = [
      { memberAddress: "gonka1a", weight: "4611686018427387904" },
      { memberAddress: "gonka1b", weight: "4611686018427387904" },
      { memberAddress: "gonka1c", weight: "4611686018427387904" },
    ];
    expect(warn(s)).toContain("the live root weight sum 9223372036854775808 overflows int64; Go uses the wrapped -9223372036854775808");
    s.rootGroup.liveMembers = ["gonka1a"];
    expect(warn(s)).not.toContain("root weight sum");
  });
});
