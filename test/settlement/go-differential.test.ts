/**
 * The port against the compiled Go reward functions (fixtures/go-reward-functions.json.gz: outputs of
 * ApplyPowerCappingForWeights at d8b8e907 and ee730031 and CalculateFixedEpochReward at d8b8e907 on
 * seeded random inputs, shopspring/decimal v1.4.0; the harness is not kept, only its outputs).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { applyPowerCappingForWeights } from "../../src/settlement/apply-power-capping-for-weights.js";
import { calculateFixedEpochReward } from "../../src/settlement/calculate-fixed-epoch-reward.js";
import { GoError } from "../../src/go/errors.js";
import type { ChainVersion } from "../../src/versions/chain-version.js";

interface CapCase { name: string; input: { version: ChainVersion; weights: string[] }; output: { weights: string[]; wasCapped: boolean } }
interface FixedCase { input: { epochs: string; initial: string; rate: { value: string; exponent: number } }; output: { reward?: string; error?: string } }
const doc = JSON.parse(gunzipSync(readFileSync(join(import.meta.dirname, "fixtures", "go-reward-functions.json.gz"))).toString("utf8")) as { capping: CapCase[]; fixedEpochReward: FixedCase[] };

describe("reward functions vs compiled Go", () => {
  it(`ApplyPowerCappingForWeights: ${doc.capping.length} cases (v0.2.12 and v0.2.14), every weight and the capped flag`, () => {
    const bad: string[] = [];
    for (const c of doc.capping) {
      const r = applyPowerCappingForWeights(c.input.weights.map((w, i) => ({ index: `p${i}`, weight: BigInt(w) })), c.input.version);
      const got = r.participants.map((p) => p.weight.toString());
      if (JSON.stringify(got) !== JSON.stringify(c.output.weights) || r.wasCapped !== c.output.wasCapped) bad.push(c.name);
    }
    expect(bad).toEqual([]);
  });

  it("the port's capped flag means what it says: capped ⇒ some weight lowered, not capped ⇒ every weight kept", () => {
    const wrong: string[] = [];
    let capped = 0;
    for (const c of doc.capping) {
      const r = applyPowerCappingForWeights(c.input.weights.map((w, i) => ({ index: `p${i}`, weight: BigInt(w) })), c.input.version);
      const kept = r.participants.every((p, i) => p.weight === BigInt(c.input.weights[i]!));
      const lowered = r.participants.some((p, i) => p.weight < BigInt(c.input.weights[i]!));
      if (r.wasCapped ? !lowered : !kept) wrong.push(c.name);
      if (r.wasCapped) capped++;
    }
    expect(wrong).toEqual([]);
    expect(capped).toBeGreaterThan(0);
    expect(capped).toBeLessThan(doc.capping.length);
  });

  it(`CalculateFixedEpochReward: ${doc.fixedEpochReward.length} cases, the reward or the error`, () => {
    for (const c of doc.fixedEpochReward) {
      const rate = { value: BigInt(c.input.rate.value), exponent: c.input.rate.exponent };
      if (c.output.error !== undefined) expect(() => calculateFixedEpochReward(BigInt(c.input.epochs), BigInt(c.input.initial), rate)).toThrow(GoError);
      else expect(calculateFixedEpochReward(BigInt(c.input.epochs), BigInt(c.input.initial), rate).toString(), JSON.stringify(c.input)).toBe(c.output.reward);
    }
  });
});
