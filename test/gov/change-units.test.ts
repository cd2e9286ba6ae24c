// How a parameter change's values read (src/gov/proposal-text.ts changeWords/changeText, the catalog's
// units): a unit after exactly 1 is singular, "(none)" carries no unit, and a 0 the catalog says is no plain
// zero (vote_threshold_factor: unset before v0.2.14, N/2 as at 50) says so, on either side.
import { describe, expect, it } from "vitest";
import type { ParamChangeView } from "../../src/gov/judge.js";
import { unitAfter } from "../../src/gov/params-catalog.js";
import { changeText, changeWords } from "../../src/gov/proposal-text.js";

const view = (unit: string, old: string | null, neu: string | null, extra: Partial<ParamChangeView> = {}): ParamChangeView => ({
  path: "p", unit, old, new: neu, status: old === null ? "not-recorded" : "changed", readBy: null, modelled: null, ...extra,
});
const ZERO = "unset: the devshard vote threshold is N/2, as at 50";

describe("units after a value", () => {
  it("singular after exactly 1, for every plural unit of the catalog; other units and other values unchanged", () => {
    expect(["blocks", "seconds", "basis points", "epochs", "nonces", "periods", "slots per participant", "addresses", "confirmations"].map((u) => unitAfter("1", u))).toEqual([
      "block", "second", "basis point", "epoch", "nonce", "period", "slot per participant", "address", "confirmation",
    ]);
    expect(["fraction", "gas", "percent", "ngonka", "ngonka per gas", "KB"].map((u) => unitAfter("1", u))).toEqual(["fraction", "gas", "percent", "ngonka", "ngonka per gas", "KB"]);
    expect([unitAfter("0", "blocks"), unitAfter("2", "blocks"), unitAfter("1.0", "blocks"), unitAfter("-1", "blocks"), unitAfter(null, "blocks")]).toEqual(["blocks", "blocks", "blocks", "blocks", "blocks"]);
  });

  it("each side has its own; a value the params in force lack reads (none) alone", () => {
    expect(changeWords(view("periods", "1", "2"))).toEqual({ oldText: "1 period", newText: "2 periods" });
    expect(changeWords(view("periods", "2", "1"))).toEqual({ oldText: "2 periods", newText: "1 period" });
    expect(changeWords(view("periods", null, "1", { status: "changed" }))).toEqual({ oldText: "(none)", newText: "1 period" });
    expect(changeWords(view("gas", "0", null))).toEqual({ oldText: "0 gas", newText: "(none)" });
    expect(changeWords(view("blocks", null, "5"))).toEqual({ oldText: "(not recorded)", newText: "5 blocks" });
  });

  it("a shared unit follows the new value", () => {
    expect(changeText(view("blocks", "2", "1"))).toBe("2 → 1 block");
    expect(changeText(view("blocks", "1", "2"))).toBe("1 → 2 blocks");
    expect(changeText(view("blocks", null, "1"))).toBe("1 block");
  });
});

describe("a 0 that is no plain zero", () => {
  const factor = (old: string | null, neu: string | null) => view("percent", old, neu, { zero: ZERO });
  it("says what it means on the side that holds it, each value with its unit", () => {
    expect(changeWords(factor("0", "50"))).toEqual({ oldText: `0 percent (${ZERO})`, newText: "50 percent" });
    expect(changeWords(factor("50", "0"))).toEqual({ oldText: "50 percent", newText: `0 percent (${ZERO})` });
    expect(changeText(factor("0", "50"))).toBe(`0 percent (${ZERO}) → 50 percent`);
    expect(changeText(factor("50", "0"))).toBe(`50 percent → 0 percent (${ZERO})`);
    expect(changeText(factor(null, "0"))).toBe(`0 percent (${ZERO})`);
  });
  it("other values, and a 0 of a field without the note, read plainly", () => {
    expect(changeText(factor("40", "50"))).toBe("40 → 50 percent");
    expect(changeText(view("percent", "0", "50"))).toBe("0 → 50 percent");
    expect(changeWords(factor("00", "1"))).toEqual({ oldText: "00 percent", newText: "1 percent" });
  });
});
