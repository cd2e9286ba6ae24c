/**
 * A settlement slice whose participant address is not bech32 (the chain holds none such) is read as Go
 * reads it, with the warning in every output of `settle`, as `miss-test` and `settle --rest-dump` give
 * it; a snapshot that records the warning (import-rest of such a dump) keeps it a warning, once.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseJson } from "../../src/go/json.js";
import { parseSettlementInput } from "../../src/settlement/settlement-input.js";
import { REALDATA_DIR } from "../realdata/load.js";
import { runCli } from "../helpers/cli.js";

const tmp = mkdtempSync(join(tmpdir(), "gonka-addr-warning-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const snap = join(tmp, "epoch249.snapshot.json");
const bad = join(tmp, "epoch249-bad-address.snapshot.json");
const BAD = "gonka1notbech32xx";

beforeAll(async () => {
  const r = await runCli(["import-rest", join(REALDATA_DIR, "rest", "epoch_249"), "--out", snap]);
  expect(r.code).toBe(0);
  const text = readFileSync(snap, "utf8");
  const first = (JSON.parse(text) as { settlement: { participants: { address: string }[] } }).settlement.participants[0]!.address;
  writeFileSync(bad, text.split(first).join(BAD));
});

describe("settle warns of a participant address that is not bech32", () => {
  it("in the text output and in --json (an assumption with warning: true), and pays as before", async () => {
    const t = await runCli(["settle", "--snapshot", bad]);
    expect(t.code).toBe(0);
    expect(t.out).toMatch(new RegExp(`warning: 1 of 81 participant addresses are not valid bech32 .*settlement\\.participants\\[0\\]\\.address "${BAD}"`));
    const j = await runCli(["settle", "--snapshot", bad, "--json"]);
    const doc = JSON.parse(j.out) as { assumptions: { input: string; warning?: boolean }[]; distributed: string };
    expect(doc.assumptions.filter((a) => a.warning === true).map((a) => a.input)).toEqual(["participant addresses"]);
    const good = JSON.parse((await runCli(["settle", "--snapshot", snap, "--json"])).out) as { assumptions: { warning?: boolean }[]; distributed: string };
    expect(good.assumptions.some((a) => a.warning === true)).toBe(false);
    expect(doc.distributed).toBe(good.distributed);
  });

  it("a slice that records the warning keeps it a warning, and it is not given twice", () => {
    const doc = parseJson(readFileSync(bad, "utf8")) as { settlement: { reward: { assumptions: unknown[] } } };
    const recorded = { input: "participant addresses", assumption: "recorded by import-rest", rowsAffected: 0, warning: true, brief: "recorded" };
    doc.settlement.reward.assumptions.push(recorded);
    const parsed = parseSettlementInput(doc.settlement as never, "bad: settlement");
    const warnings = parsed.assumptions.filter((a) => a.warning === true);
    expect(warnings).toEqual([recorded]);
  });
});
