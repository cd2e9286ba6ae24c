// Proposal #2078 beside today's rule: the fault decision, its sibling hardening, and the k = 0..N scenario.
import { describe, expect, it } from "vitest";
import { contextLengthFault, type TallyRule } from "../../src/votes/context-length-rule.js";
import { contextLengthScenario } from "../../src/votes/context-length-scenario.js";
import { Status, type InferenceRecord } from "../../src/votes/inference-record.js";

const PROMPT = new Uint8Array([7, 7, 7]);
const rec = (over: Partial<InferenceRecord> = {}): InferenceRecord => ({
  status: Status.Started, executorSlot: 1, model: "llama", promptHash: PROMPT, responseHash: new Uint8Array(0), inputLength: 0n, maxTokens: 1024n,
  inputTokens: 0n, outputTokens: 0n, reservedCost: 0n, actualCost: 0n, startedAt: 0n, confirmedAt: 0n, votesValid: 0, votesInvalid: 0, validatedBy: 0n, ...over,
});
const aware: TallyRule = { kind: "context-aware", modelLimits: new Map([["llama", 8192n]]) };
const none = new Map<bigint, InferenceRecord>();

describe("contextLengthFault", () => {
  it("today's rule charges every accepted timeout", () => {
    expect(contextLengthFault({ kind: "current" }, 1n, rec(), 99999n, none).atFault).toBe(true);
  });
  it("at fault iff prompt + max_tokens ≤ limit (equality is servable)", () => {
    expect(contextLengthFault(aware, 1n, rec(), 7168n, none).atFault).toBe(true);
    expect(contextLengthFault(aware, 1n, rec(), 7169n, none).atFault).toBe(false);
  });
  it("without evidence or without a governance limit the host is charged as today", () => {
    expect(contextLengthFault(aware, 1n, rec(), undefined, none).atFault).toBe(true);
    expect(contextLengthFault(aware, 1n, rec({ model: "other" }), 99999n, none).atFault).toBe(true);
  });
  it("a sibling that served the prompt counts only if it fit the limit", () => {
    const raised = new Map([[2n, rec({ status: Status.Finished, inputTokens: 7169n })]]);
    expect(contextLengthFault(aware, 1n, rec(), 7169n, raised).atFault).toBe(false);
    const within = new Map([[2n, rec({ status: Status.Finished, inputTokens: 7000n })]]);
    expect(contextLengthFault(aware, 1n, rec(), 7169n, within).atFault).toBe(true);
    const otherPrompt = new Map([[2n, rec({ status: Status.Finished, inputTokens: 7000n, promptHash: new Uint8Array([1]) })]]);
    expect(contextLengthFault(aware, 1n, rec(), 7169n, otherPrompt).atFault).toBe(false);
    const refusedToo = new Map([[2n, rec({ status: Status.TimedOut, inputTokens: 0n })]]);
    expect(contextLengthFault(aware, 1n, rec(), 7169n, refusedToo).atFault).toBe(false);
  });
});

describe("context-length scenario", () => {
  it("N = 16: today Missed++ for every k < N, the proposal excuses it; the v7 replay invalidates once k > T", () => {
    const r = contextLengthScenario({ slots: 16 });
    expect(r.voteThreshold).toBe(8);
    expect(r.rows).toHaveLength(17);
    for (const row of r.rows.slice(0, 16)) {
      expect(row.current).toMatchObject({ status: "timed_out", missed: 1, invalid: 0 });
      expect(row.contextAware).toMatchObject({ status: "timed_out", missed: 0, invalid: 0 });
      const want = row.k === 0 ? "finished" : row.k <= 6 ? "validated" : row.k <= 8 ? "challenged" : "invalidated";
      expect(row.replayed!.status, `k=${row.k}`).toBe(want);
    }
    expect(r.rows[16]!).toMatchObject({ executorRaised: true, replayed: null, current: { status: "finished", missed: 0 } });
  });
  it("factor 100: no timeout passes, the record stays started under both rules", () => {
    const r = contextLengthScenario({ slots: 5, factor: 100 });
    expect(r.rows[0]!.current).toMatchObject({ status: "started", missed: 0 });
    expect(r.rows[0]!.contextAware).toMatchObject({ status: "started", missed: 0 });
  });
  it("a request that fits the limit is charged under both rules", () => {
    const r = contextLengthScenario({ slots: 5, promptTokens: 7168n });
    expect(r.rows[2]!.contextAware).toMatchObject({ status: "timed_out", missed: 1 });
  });
});
