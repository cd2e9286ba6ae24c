/**
 * `gonka-spec --version --json` (gonka-spec/version@1): the chain versions whose rules the port holds for
 * at least one family, each family's pinned range and the version it refuses, and the upgrade table.
 */
import { describe, expect, it } from "vitest";
import { versionDocument } from "../../src/cli/version-document.js";
import { FAMILY_COVERAGE } from "../../src/versions/rule-families.js";
import { runCli } from "../helpers/cli.js";

describe("the --version --json document", () => {
  // built inside each test, so that each test's coverage (and a mutant's) is its own
  const doc = () =>
    versionDocument("9.9.9") as {
      version: string;
      chainVersions: string[];
      ruleFamilies: { family: string; first: string; newestExact: string; versions: string[]; doubts: string[]; refused: { version: string; unknown: string } | null }[];
      upgradeTable: { version: string; height: string; status: string; proposal: number | null }[];
    };

  it("names the versions some family holds exactly: v0.2.10 (settlement, miss test) to v0.2.16, not v0.2.8/9 nor v0.2.17", () => {
    expect(doc().version).toBe("9.9.9");
    expect(doc().chainVersions).toEqual(["v0.2.10", "v0.2.11", "v0.2.12", "v0.2.13", "v0.2.14", "v0.2.15", "v0.2.16"]);
  });

  it("gives each family its first and newest pinned version and the next one it refuses, with what is unknown there", () => {
    const from = (first: string) => ["v0.2.10", "v0.2.11", "v0.2.12", "v0.2.13", "v0.2.14", "v0.2.15", "v0.2.16"].filter((v) => v >= first || v.length > first.length);
    expect(doc().ruleFamilies).toEqual([
      { family: "preserved", first: "v0.2.12", newestExact: "v0.2.16", versions: from("v0.2.12"), doubts: [...FAMILY_COVERAGE.preserved.doubts], refused: { version: "v0.2.17", unknown: FAMILY_COVERAGE.preserved.unknownNext } },
      { family: "miss-test", first: "v0.2.10", newestExact: "v0.2.16", versions: from("v0.2.10"), doubts: [...FAMILY_COVERAGE["miss-test"].doubts], refused: { version: "v0.2.17", unknown: FAMILY_COVERAGE["miss-test"].unknownNext } },
      { family: "settlement", first: "v0.2.10", newestExact: "v0.2.16", versions: from("v0.2.10"), doubts: [...FAMILY_COVERAGE.settlement.doubts], refused: { version: "v0.2.17", unknown: FAMILY_COVERAGE.settlement.unknownNext } },
      { family: "status", first: "v0.2.10", newestExact: "v0.2.16", versions: from("v0.2.10"), doubts: [...FAMILY_COVERAGE.status.doubts], refused: { version: "v0.2.17", unknown: FAMILY_COVERAGE.status.unknownNext } },
    ]);
    expect(doc().ruleFamilies[0]!.versions).toEqual(["v0.2.12", "v0.2.13", "v0.2.14", "v0.2.15", "v0.2.16"]);
    for (const f of doc().ruleFamilies) {
      expect(f.refused?.unknown).toMatch(/^v0\.2\.17 /);
      // each named doubt is one line naming the Go file it is about
      expect(f.doubts.length).toBeGreaterThan(0);
      for (const d of f.doubts) expect(d).toMatch(/^[a-z/_]+\.go[ ,:]/);
    }
  });

  it("carries the upgrade table, heights as decimal strings, v0.2.16 at proposal 112's height", () => {
    const table = doc().upgradeTable;
    expect(table).toHaveLength(9);
    expect(table[0]).toEqual({ version: "v0.2.8", height: "2387000", status: "executed", proposal: null });
    expect(table[7]).toEqual({ version: "v0.2.15", height: "5316315", status: "executed", proposal: 92 });
    expect(table[8]).toEqual({ version: "v0.2.16", height: "6449400", status: "executed", proposal: 112 });
  });

  it("is what the command prints, under its schema", async () => {
    const r = await runCli(["--version", "--json"]);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.out) as Record<string, unknown>;
    const d = doc();
    expect(printed.schema).toBe("gonka-spec/version@1");
    expect(printed.chainVersions).toEqual(d.chainVersions);
    expect(printed.ruleFamilies).toEqual(d.ruleFamilies);
    expect(printed.upgradeTable).toEqual(d.upgradeTable);
  });
});
