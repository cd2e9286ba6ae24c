/**
 * No assumption becomes a participant's cause (issue 30, item 1): a zero cause that reads an input the
 * source lacks and filled with an assumption is "not computable", names the lack, states what the
 * assumption gave and gives no operator advice. The mechanism is one for every assumed input
 * (src/assumptions.ts): an assumption names the parts it fills and whose, a cause the parts it reads.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assumptionUnder, indexAssumptions, type NamedAssumption } from "../../src/assumptions.js";
import { causeReads, causesUnderAssumptions } from "../../src/settlement/assumed-causes.js";
import { parseSettlementInput, settlementInputToJson } from "../../src/settlement/settlement-input.js";
import { settleAccounts } from "../../src/settlement/settle-accounts.js";
import { runCli } from "../helpers/cli.js";
import { REALDATA_DIR } from "../realdata/load.js";
import { epoch, type P } from "./epoch-builder.js";

/** Epoch 278 of the GRC3 archive without any per-model answer: every node total is 0 only by the assumption. */
function withoutModelAnswers(): string {
  const dir = mkdtempSync(join(tmpdir(), "no-models-"));
  cpSync(join(REALDATA_DIR, "grc3", "settled", "epoch_278"), dir, { recursive: true });
  for (const f of readdirSync(dir)) if (f.includes("model_id")) rmSync(join(dir, f));
  return dir;
}

interface Cause {
  code: string;
  detail: string;
  operator: string | null;
  notComputable?: { input: string; assumption: string; lack: string };
  withoutCause: Record<string, unknown>;
}

describe("settle on saved answers that lack every per-model group (--missing-subgroups empty)", () => {
  const dir = withoutModelAnswers();

  it("gives no participant a cause the inputs do not show: the zeroes the assumption decides are not computable, naming the lack", async () => {
    const r = await runCli(["settle", "--rest-dump", dir, "--missing-subgroups", "empty", "--json"]);
    expect(r.code, r.err).toBe(1); // the chain paid them: the rows differ
    const doc = JSON.parse(r.out) as { participants: { address: string; status: string; zeroCauses: Cause[] }[]; chainRecorded: { differs: { address: string; inputsInDoubt: string[] }[] } };
    const active = doc.participants.filter((p) => p.status === "ACTIVE" && p.zeroCauses.some((c) => c.code !== "zero-validation-weight"));
    expect(active).toHaveLength(44);
    for (const p of active) {
      const [c] = p.zeroCauses;
      // the node total is 0 because no per-model answer was read: said as what the assumption gave, never as the operator's
      expect(c).toMatchObject({ code: "node-total-zero", operator: null });
      expect(c!.detail).toMatch(/^node total 0 .*a total of 0 gives effective weight 0/);
      expect(c!.notComputable!.lack).toMatch(/^no per-model answer of Qwen\/Qwen3-235B-A22B-Instruct-2507-FP8, moonshotai\/Kimi-K2\.6, MiniMaxAI\/MiniMax-M2\.7: taken as an empty subgroup/);
      expect(c!.withoutCause).toEqual({ notComputable: c!.notComputable!.lack });
    }
    // no cause of any row advises the operator about its confirmation PoC or its nodes' total
    const advised = doc.participants.flatMap((p) => p.zeroCauses).filter((c) => c.operator !== null && /node total|confirmation PoC with far less/.test(`${c.detail} ${c.operator}`));
    expect(advised).toEqual([]);
    // the exclusions the chain recorded stay causes, with advice; what lifting them uncovers rests on the assumption
    const excluded = doc.participants.filter((p) => p.zeroCauses[0]?.code === "excluded");
    expect(excluded).toHaveLength(12);
    for (const p of excluded) {
      expect(p.zeroCauses[0]!.operator).toMatch(/confirmation PoC/);
      const lifted = p.zeroCauses[0]!.withoutCause as { rewardCoins: string; stillZeroBy: string[]; restsOn?: string };
      expect(lifted.rewardCoins).toBe("0");
      expect(lifted.stillZeroBy).toEqual(["node-total-zero"]);
      expect(lifted.restsOn).toMatch(/^no per-model answer of /);
    }
    // every differing row whose zero the assumption decides says so
    const differs = new Map(doc.chainRecorded.differs.map((d) => [d.address, d.inputsInDoubt]));
    for (const p of active) expect(differs.get(p.address)).toContain("assumed-input");
  });

  it("in the text: 'not computable: LACK' with what the assumption gives, no operator line for it, and no phrase twice in a line", async () => {
    const r = await runCli(["settle", "--rest-dump", dir, "--missing-subgroups", "empty", "--verbose"]);
    const lines = r.out.split("\n");
    expect(lines.filter((l) => / not computable: no per-model answer of .* → what that assumption gives: node total 0 /.test(l))).toHaveLength(44);
    expect(r.out).not.toMatch(/÷ node total 0 rounds to 0/);
    const checks = lines.slice(lines.indexOf("what to check, by cause:") + 1).filter((l) => l.startsWith("  ") && !l.startsWith("  gonka1"));
    expect(checks.some((l) => /node-total-zero|confirmation-rescale-zero/.test(l))).toBe(false);
    for (const l of lines.filter((x) => x.includes("without every cause"))) {
      const parts = l.replace(/^.*?with /, "").split(/, (?![^(]*\))/);
      expect(new Set(parts).size, l).toBe(parts.length);
    }
    // --verbose states the assumption's effect as it is: a total of 0 gives an effective weight of 0
    const gap = lines.find((l) => l.startsWith("  - per-model epoch group data of "))!;
    expect(gap).toMatch(/from v0\.2\.13 a total of 0 gives an effective weight of 0/);
    expect(gap).not.toMatch(/and a lower effective weight/);
  });

  it("backtest counts those zeroes as not-computable, never by an operator cause, and says why in its rows", async () => {
    const r = await runCli(["backtest", "--rest-dump", dir, "--missing-subgroups", "empty", "--json"]);
    const doc = JSON.parse(r.out) as { epochs: { a: { zeroedByCause: { code: string; count: number }[] }; participants: { zeroCausesA: Cause[] }[] }[] };
    const [e] = doc.epochs;
    expect(e!.a.zeroedByCause).toEqual([
      { code: "excluded", count: 12 },
      { code: "not-computable", count: 44 },
      { code: "zero-validation-weight", count: 1 },
    ]);
    expect(e!.participants.flatMap((p) => p.zeroCausesA).filter((c) => c.code === "node-total-zero" && c.notComputable === undefined)).toEqual([]);
  });

  it("miss-test reads what it needs (participants, counts, p0) and runs without the per-model groups", async () => {
    const r = await runCli(["miss-test", "--rest-dump", dir, "--json"]);
    expect(r.code, r.err).toBe(0);
    const doc = JSON.parse(r.out) as { epoch: string; participants: unknown[]; warnings: string[] };
    expect(doc.epoch).toBe("278");
    expect(doc.participants).toHaveLength(57);
    expect(doc.warnings.some((w) => w.includes("per-model"))).toBe(false);
  });
});

describe("the mechanism, for every assumed input", () => {
  const z = "gonka1z";
  const FILLER: P[] = ["f1", "f2", "f3", "f4", "f5", "f6"].map((a) => ({ address: `gonka1${a}` }));
  const a = (parts: string[], rowsAffected = 1, addresses?: string[], extra: Partial<NamedAssumption> = {}): NamedAssumption => ({
    input: `input ${parts.join("+")}`,
    assumption: "assumed",
    rowsAffected,
    fills: addresses === undefined ? { parts } : { parts, addresses },
    ...extra,
  });

  it("own parts match the participants named (or everyone), shared parts anyone; warnings and assumptions of 0 rows never", () => {
    const reads = { own: ["coin-balance"], network: ["reward-params"] };
    expect(assumptionUnder(reads, z, indexAssumptions([a(["coin-balance"], 3, ["gonka1other"])]))).toBeUndefined();
    expect(assumptionUnder(reads, z, indexAssumptions([a(["coin-balance"], 3, [z])]))?.input).toBe("input coin-balance");
    expect(assumptionUnder(reads, z, indexAssumptions([a(["coin-balance"], 3)]))?.input).toBe("input coin-balance");
    expect(assumptionUnder(reads, z, indexAssumptions([a(["reward-params"], 3, ["gonka1other"])]))?.input).toBe("input reward-params");
    expect(assumptionUnder(reads, z, indexAssumptions([a(["coin-balance"], 0)]))).toBeUndefined();
    expect(assumptionUnder(reads, z, indexAssumptions([a(["coin-balance"], 5, undefined, { warning: true })]))).toBeUndefined();
    expect(assumptionUnder(reads, z, indexAssumptions([a(["status"], 5)]))).toBeUndefined();
  });

  it("each cause reads what decides it: an exclusion its status, the miss test the counts and p0, rounding the reward params, v0.2.12's rescale the params' scale factors", () => {
    expect(causeReads("excluded", null)).toEqual({ own: ["status"], network: [] });
    expect(causeReads("failed-miss-test", null).network).toEqual(["epoch-stats", "p0"]);
    expect(causeReads("rounding", null).network).toContain("reward-params");
    expect(causeReads("negative-balance", null)).toEqual({ own: ["coin-balance"], network: [] });
    expect(causeReads("confirmation-rescale-zero", "confirmation-rescaled-poc-coefficients").network).toEqual(["poc-model-scales"]);
    expect(causeReads("confirmation-rescale-zero", "confirmation-weight-scales").network).toEqual([]);
    expect(causeReads("confirmation-weight-zero", "preserved-plus-confirmation").own).toContain("model-nodes");
  });

  it("a status assumed for one participant makes its exclusion not computable, and nobody else's; params saved later make no exclusion so", () => {
    const input = epoch([{ address: z, status: "INACTIVE" }, { address: "gonka1y", status: "INACTIVE" }, ...FILLER], {
      exclusions: [
        { address: z, reason: "downtime", exclusionBlockHeight: 10n },
        { address: "gonka1y", reason: "downtime", exclusionBlockHeight: 10n },
      ],
    });
    const s = settleAccounts(input, "v0.2.14");
    const index = indexAssumptions([a(["status"], 1, [z], { brief: "1 exclusion recorded after the settlement height" }), a(["reward-params", "poc-model-scales"], 8)]);
    const of = (addr: string) => {
      const p = s.participants.find((x) => x.address === addr)!;
      return causesUnderAssumptions(p.zeroCauses, p.address, p.effectiveRule, index);
    };
    expect(of(z)[0]).toMatchObject({ code: "excluded", operator: null, notComputable: { lack: "1 exclusion recorded after the settlement height" } });
    expect(of("gonka1y")[0]!.notComputable).toBeUndefined();
    expect(of("gonka1y")[0]!.operator).not.toBeNull();
  });

  it("a snapshot's settlement slice keeps what each assumption fills, and a node's paths name theirs", () => {
    const input = epoch([{ address: z }, ...FILLER]);
    const slice = settlementInputToJson(input, {
      settlementHeight: 5n,
      assumptions: [
        { input: "coin balances", assumption: "0", rowsAffected: 2, fills: { parts: ["coin-balance"], addresses: [z] } },
        { input: "participants[].currentEpochStats", assumption: "live at H", rowsAffected: 7 },
      ],
    });
    const back = parseSettlementInput(JSON.parse(JSON.stringify(slice)), "slice").assumptions;
    expect(back[0]!.fills).toEqual({ parts: ["coin-balance"], addresses: [z] });
    expect(back[1]!.fills).toEqual({ parts: ["epoch-stats"] });
    const bad = JSON.parse(JSON.stringify(slice));
    bad.reward.assumptions[0].fills.parts = ["coins"];
    expect(() => parseSettlementInput(bad, "slice")).toThrow(/slice\.reward\.assumptions\[0\]\.fills\.parts\[0\]: expected one of .*got "coins"/);
  });
});
