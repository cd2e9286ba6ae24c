// The demand rule shares today's round-robin loop: with order "smallest", fillRoundRobin must
// reproduce Go's samplePreservedForModel allocation exactly, given Go's own eligible set and target.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readVectorFile } from "../../src/vectors/check.js";
import { fillRoundRobin, type FillNode } from "../../src/preserved/demand-rule.js";
import type { Json } from "../../src/go/json.js";

const DIR = join(import.meta.dirname, "..", "vectors", "go");
type Obj = { [k: string]: Json };

function eligibleOf(byParticipant: Obj | undefined): Map<string, FillNode[]> {
  const out = new Map<string, FillNode[]>();
  for (const [addr, nodes] of Object.entries(byParticipant ?? {})) {
    out.set(addr, ((nodes as Json[] | null) ?? []).map((n) => ({ nodeId: (n as Obj).nodeId as string, pocWeight: BigInt((n as Obj).pocWeight as number | bigint) })));
  }
  return out;
}

function expectSameAllocation(eligible: Map<string, FillNode[]>, call: Obj, name: string): void {
  const r = fillRoundRobin(eligible, BigInt(call.targetWeight as number | bigint), "smallest");
  const goOrder = (call.allocationOrder as Obj[]).map((s) => `${s.participant as string}/${(s.node as Obj).nodeId as string}`);
  expect(r.allocationOrder.map((n) => `${n.participant}/${n.nodeId}`), name).toEqual(goOrder);
  expect(r.achievedWeight, name).toBe(BigInt(call.achievedWeight as number | bigint));
}

describe("fillRoundRobin('smallest') is Go's samplePreservedForModel loop", () => {
  it("on every sample_preserved_for_model vector", () => {
    const doc = readVectorFile(join(DIR, "sample_preserved_for_model.json.gz")) as Obj;
    const cases = doc.cases as Obj[];
    for (const c of cases) {
      const input = c.input as Obj;
      const model = input.modelId as string;
      expectSameAllocation(eligibleOf((input.eligibleNodesData as Obj)[model] as Obj), c.output as Obj, c.name as string);
    }
    expect(cases.length).toBeGreaterThan(200);
  });

  it("on every model of every sample_preserved_for_episode vector", () => {
    const doc = readVectorFile(join(DIR, "sample_preserved_for_episode.json.gz")) as Obj;
    let checked = 0;
    for (const c of doc.cases as Obj[]) {
      const out = c.output as Obj;
      if (!out.intermediates) continue;
      const inter = out.intermediates as Obj;
      for (const call of (inter.samplePreservedCalls as Obj[] | undefined) ?? []) {
        const model = call.modelId as string;
        expectSameAllocation(eligibleOf((inter.eligibleNodesData as Obj)[model] as Obj | undefined), call, `${c.name as string} ${model}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(150);
  });
});
