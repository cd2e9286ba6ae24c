/**
 * Which restitution rows rest on an assumed input (src/settlement/restitution-assumptions.ts): never a
 * guessed figure given as fact, and no row marked by what the chain's records corroborate.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REALDATA_DIR } from "../realdata/load.js";
import { settlementFromRestDumps } from "../../src/sources/settlement-inputs.js";
import { settleAccounts } from "../../src/settlement/settle-accounts.js";
import { assumptionsReadBy, type SettlementAssumption } from "../../src/settlement/settlement-input.js";
import { excludedParticipants, restitute } from "../../src/settlement/restitution.js";
import { corroboratedAssumptions, rowAssumptions, sharedPartsRead } from "../../src/settlement/restitution-assumptions.js";
import { epoch } from "./epoch-builder.js";

const REST = join(REALDATA_DIR, "rest");
const A = "gonka1a";
const B = "gonka1b";
const C = "gonka1c";

/** An epoch where A is excluded and B holds most of the weight: A's restitution moves B's pay through the power cap. */
function capped() {
  const input = epoch(
    [
      { address: A, weight: 40_000n, cw: 40_000n, nodes: [40_000n], status: "INVALID" },
      { address: B, weight: 90_000n, cw: 90_000n, nodes: [90_000n] },
      { address: C, weight: 10_000n, cw: 10_000n, nodes: [10_000n] },
      { address: "gonka1d", weight: 10_000n, cw: 10_000n, nodes: [10_000n] },
      { address: "gonka1e", weight: 10_000n, cw: 10_000n, nodes: [10_000n] },
    ],
    { exclusions: [{ address: A, reason: "consecutive_failures", exclusionBlockHeight: 5n }] },
  );
  const s = settleAccounts(input, "v0.2.13");
  const r = restitute(input, "v0.2.13", s, [A], "alone");
  return { input, s, cf: r.counterfactuals[0]! };
}

const a = (x: Partial<SettlementAssumption> & { input: string }): SettlementAssumption => ({ assumption: "assumed", rowsAffected: 1, ...x });

describe("what a restitution row rests on", () => {
  it("the restituted participant's own balance (even when it changed no row as run); another's only when its pay moves", () => {
    const { cf } = capped();
    expect(cf.rows.map((r) => [r.address, r.restituted, r.difference > 0n])).toEqual([
      [A, true, true],
      [B, false, true],
    ]);
    const balances = a({ input: "balances", rowsAffected: 0, flag: "--coin-balances FILE", fills: { parts: ["coin-balance"], addresses: [A, B, C] } });
    const [ra, rb] = cf.rows.map((r) => rowAssumptions(r, cf, [balances], true, "v0.2.13"));
    expect(ra).toMatchObject([{ input: "balances", parts: ["coin-balance"], flag: "--coin-balances FILE" }]);
    expect(ra![0]!.changes).toMatch(/work coins .* debt/);
    expect(rb).toMatchObject([{ input: "balances", parts: ["coin-balance"] }]);
    // a balance file that holds A's balance: A's row stands on the inputs
    const others = a({ input: "balances", fills: { parts: ["coin-balance"], addresses: [C] } });
    expect(cf.rows.map((r) => rowAssumptions(r, cf, [others], true, "v0.2.13"))).toEqual([[], []]);
  });

  it("the restituted participant's weight parts mark every row of its counterfactual; its miss-test counts only its own", () => {
    const { cf } = capped();
    const nodes = a({ input: "missing subgroup", fills: { parts: ["model-nodes"] } });
    const stats = a({ input: "stats", fills: { parts: ["epoch-stats"], addresses: [A] } });
    const late = a({ input: "late exclusion", fills: { parts: ["status"], addresses: [A] } });
    const [ra, rb] = cf.rows.map((r) => rowAssumptions(r, cf, [nodes, stats, late], true, "v0.2.13"));
    expect(ra!.map((m) => m.input)).toEqual(["missing subgroup", "stats", "late exclusion"]);
    expect(rb!.map((m) => m.input)).toEqual(["missing subgroup", "late exclusion"]);
    // an ACTIVE participant's assumed status is not read (B's status is as run on both sides)
    const activeStatus = a({ input: "status", rowsAffected: 0, fills: { parts: ["status"], addresses: [B, C] } });
    expect(cf.rows.map((r) => rowAssumptions(r, cf, [activeStatus], true, "v0.2.13"))).toEqual([[], []]);
  });

  it("shared inputs: corroborated when every recorded row matched (listed, marking nothing), else they mark every row; only the parts the version reads", () => {
    const { cf } = capped();
    const params = a({ input: "params saved later", rowsAffected: 5, fills: { parts: ["reward-params", "poc-model-scales", "collateral"] } });
    const supply = a({ input: "supply", rowsAffected: 5, fills: { parts: ["supply"] } });
    const known = a({ input: "p0 copy", rowsAffected: 0, fills: { parts: ["p0"] } });
    const warning = a({ input: "warned", warning: true, fills: { parts: ["reward-params"] } });
    const all = [params, supply, known, warning];
    expect(cf.rows.map((r) => rowAssumptions(r, cf, all, true, "v0.2.13"))).toEqual([[], []]);
    expect(corroboratedAssumptions(all, true).map((x) => x.input)).toEqual(["params saved later", "supply"]);
    expect(corroboratedAssumptions(all, false)).toEqual([]);
    const marks = rowAssumptions(cf.rows[1]!, cf, all, false, "v0.2.13");
    expect(marks.map((m) => [m.input, m.parts])).toEqual([
      ["params saved later", ["reward-params"]],
      ["supply", ["supply"]],
    ]);
    expect(rowAssumptions(cf.rows[1]!, cf, [params], false, "v0.2.12")[0]!.parts).toEqual(["reward-params", "poc-model-scales"]);
    expect(rowAssumptions(cf.rows[1]!, cf, [params], false, "v0.2.11")[0]!.parts).toEqual(["reward-params", "collateral"]);
    expect(sharedPartsRead("v0.2.16")).toEqual(["reward-params", "p0", "supply"]);
  });

  it("epoch 249 from its REST dump: every restituted row rests on its coin balance alone (the saved-later params and the supply cap are corroborated by the chain's records)", () => {
    const l = settlementFromRestDumps([join(REST, "epoch_249")]);
    const assumptions = assumptionsReadBy(l.assumptions, "v0.2.12");
    const s = settleAccounts(l.input, "v0.2.12");
    const r = restitute(l.input, "v0.2.12", s, excludedParticipants(s).map((p) => p.address), "together");
    const cf = r.counterfactuals[0]!;
    const marks = cf.rows.map((x) => rowAssumptions(x, cf, assumptions, true, "v0.2.12"));
    cf.rows.forEach((x, i) => {
      if (x.restituted) expect(marks[i]!.map((m) => m.parts), x.address).toEqual([["coin-balance"]]);
      else expect(marks[i], x.address).toEqual([]);
    });
    expect(corroboratedAssumptions(assumptions, true).map((x) => x.input)).toEqual(["module params at the settlement height", "SettleParameters (tokenomics total subsidies paid, genesis standard reward amount)"]);
  });
});

describe("which assumptions count as shared and corroborated, and how a mark reads (mutation run, 2026-12-06)", () => {
  it("corroborated: only an assumption that fills shared parts alone, for everyone, and changed a row as run", () => {
    const shared = a({ input: "shared", rowsAffected: 2, fills: { parts: ["p0"] } });
    const none = a({ input: "fills nothing", rowsAffected: 2, fills: { parts: [] } });
    const named = a({ input: "named", rowsAffected: 2, fills: { parts: ["p0"], addresses: [A] } });
    const mixed = a({ input: "mixed", rowsAffected: 2, fills: { parts: ["p0", "coin-balance"] } });
    expect(corroboratedAssumptions([shared, none, named, mixed], true).map((x) => x.input)).toEqual(["shared"]);
  });

  it("a shared part filled for named participants only marks no row; an uncorroborated shared one marks each row with every part's change, joined", () => {
    const { cf } = capped();
    const named = a({ input: "named p0", fills: { parts: ["p0"], addresses: [A, B] } });
    expect(cf.rows.map((r) => rowAssumptions(r, cf, [named], false, "v0.2.13"))).toEqual([[], []]);
    const both = a({ input: "params and supply", rowsAffected: 3, fills: { parts: ["reward-params", "supply"] } });
    const [mark] = rowAssumptions(cf.rows[1]!, cf, [both], false, "v0.2.13");
    expect(mark).toStrictEqual({
      input: "params and supply",
      assumption: "assumed",
      lack: mark!.lack,
      parts: ["reward-params", "supply"],
      changes: "every reward (the fixed epoch reward); every reward (the supply cap's cut)",
    });
    expect("flag" in mark!).toBe(false); // no flag supplies it: the key is absent, not undefined
  });
});
