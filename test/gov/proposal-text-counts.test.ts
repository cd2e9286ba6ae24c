// The counts and their words in a parameter update's text (issue 30 item 13, mutation testing): one
// or several changes no rule of the port reads, one read beside one not.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Json } from "../../src/go/json.js";
import { judgeProposal } from "../../src/gov/judge.js";
import { paramsFromJson } from "../../src/gov/param-values.js";
import { proposalFromJson } from "../../src/gov/proposal-json.js";
import { proposalText } from "../../src/gov/proposal-text.js";

type Obj = { [k: string]: { [k: string]: Json } };
const BASE = (JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "examples", "gov", "mainnet-params.json"), "utf8")) as { params: Obj }).params;
const lines = (change: (p: Obj) => void): string[] => {
  const proposed = structuredClone(BASE);
  change(proposed);
  const p = proposalFromJson({ id: "3", messages: [{ "@type": "/inference.inference.MsgUpdateParams", authority: "g", params: proposed }] as Json[] }, "p", "p.json");
  return proposalText(judgeProposal(p, paramsFromJson(structuredClone(BASE), "f", "F"), null)).split("\n");
};

describe("a parameter update's counts in words", () => {
  it("one change no rule reads", () => {
    const t = lines((p) => (p.maintenance_params!.maintenance_max_window_blocks = "300"));
    expect(t).toContain("  changes 1 parameter; 218 set to the value in force:");
    expect(t).toContain("  no rule of the port reads it: compare and backtest run with the value in force");
    expect(t.some((l) => l.includes("run it as B"))).toBe(false);
  });

  it("two changes no rule reads", () => {
    const t = lines((p) => {
      p.maintenance_params!.maintenance_max_window_blocks = "300";
      p.maintenance_params!.maintenance_credit_cap_blocks = "500";
    });
    expect(t).toContain("  changes 2 parameters; 217 set to the value in force:");
    expect(t).toContain("  no rule of the port reads any of them: compare and backtest run with the values in force");
  });

  it("one read beside one not; nothing changed", () => {
    const t = lines((p) => {
      p.maintenance_params!.maintenance_max_window_blocks = "300";
      p.epoch_params!.epoch_length = "20000";
    });
    expect(t).toContain("  of these, the port reads 1 (no rule of the port reads the other 1):");
    expect(t).toContain("    epoch_params.epoch_length: the epoch's stage heights (the PoC anchor, the settlement block); not modelled by compare/backtest");
    const none = lines(() => undefined);
    expect(none).toContain("  changes nothing; 219 set to the value in force");
  });
});
